// resolve with the opaque schemes of a registry, or, given
// none, of the standard schemes' table (standard_schemes.hpp): the overloads
// without a registry never build scheme_registry::standard(), so a program
// that resolves links no scheme grammar.
#pragma once

#include <string>
#include <string_view>

#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit::detail {

/// resolve(base, reference, *registry), or with the standard table when null,
/// by the algorithm of `spec` (rfc3986 has no opaque schemes: the registry
/// is not asked).
result<std::string> resolve_with(const url_view& base, const url_view& reference,
                                 const scheme_registry* registry,
                                 specification spec = specification::rfc1808);
/// resolve_with without its shortcut for views whose bytes are as Step 7
/// writes them: every reference planned component by component.  The tests
/// hold the shortcut to it.
result<std::string> resolve_planned(const url_view& base, const url_view& reference,
                                    const scheme_registry* registry, specification spec);

/// RFC 3986's path (3.3): the draft's path with its ";params" (which RFC 3986
/// no longer tells apart), without the "/" before it.  The two are adjacent
/// in a parsed view's buffer.
inline std::string_view path_and_params(const url_view& v) noexcept {
  const std::string_view path = v.encoded_path();
  if (!v.has_params()) return path;
  const std::string_view params = v.encoded_params();
  return {params.data() - 1 - path.size(), path.size() + 1 + params.size()};
}

}  // namespace urlkit::detail
