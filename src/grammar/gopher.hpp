// The gopher grammar's result, without Spirit (RFC 1738 3.4, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct gopher_parts {
  std::string_view gopher_path{};  // raw, after the "/"; null data when the "/" is omitted
  std::string_view gtype{};        // raw: one character or one escape; empty when the path is
  std::string_view selector{};     // raw, up to the first "%09"
  std::string_view search{};       // raw, up to the second "%09"; null data when absent
  std::string_view gopher_plus{};  // raw, the rest (may hold "%09"); null data when absent
};

/// Checks `u` (a gopher URL) against gopherurl and splits its gopher-path;
/// false: st.err says why.
bool parse_gopher(const url_view& u, parse_state& st, gopher_parts& out);

}  // namespace urlkit::grammar
