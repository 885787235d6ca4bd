// The known differences: each a class of input on which urlkit (the draft)
// and a peer (RFC 3986) answer differently for a documented reason, with the
// sections that make them differ.  The differential tests fail on any
// disagreement that no class here covers, and on a class that no input hits
// any more (a stale entry).  docs/differential.md has the same table.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "peers.hpp"

namespace differential {

enum peer : unsigned { boost_url = 1, uriparser = 2, both_peers = 3 };

const char* peer_name(peer p);

/// A difference in the components of a parsed URL.
struct parse_difference {
  const char* what;  // the class of input
  const char* why;   // why the answers differ, and where the specs say so
  unsigned peers;    // which peers it concerns
  bool (*applies)(std::string_view input, const components& ours, const components& theirs);
};

/// A difference in the result of resolving a reference.
struct resolve_difference {
  const char* what;
  const char* why;
  unsigned peers;
  bool (*applies)(std::string_view base, std::string_view ref,
                  const std::optional<std::string>& ours, const std::optional<std::string>& theirs);
};

std::span<const parse_difference> parse_differences();
std::span<const resolve_difference> resolve_differences();
/// The differences that remain when urlkit resolves by RFC 3986 too
/// (specification::rfc3986): the parser's, and the peers' own bugs.
std::span<const resolve_difference> resolve_differences_rfc3986();

}  // namespace differential
