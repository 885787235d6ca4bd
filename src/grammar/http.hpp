// The http grammar's result, without Spirit (RFC 1738 3.3, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct http_parts {
  std::string_view hpath{};   // raw; null data when the "/" is omitted, empty for "http://h/"
  std::string_view search{};  // raw, after "?"; null data when there is no "?"
};

/// Checks `u` (an http URL) against httpurl; false: st.err says why.
bool parse_http(const url_view& u, parse_state& st, http_parts& out);

}  // namespace urlkit::grammar
