// The http grammar's result, without Spirit (RFC 1738 3.3, 5).
#pragma once

#include <string_view>

#include "grammar/scheme_parse.hpp"
#include "grammar/state.hpp"

namespace urlkit::grammar {

struct http_parts {
  std::string_view hpath{};   // raw; null data when the "/" is omitted, empty for "http://h/"
  std::string_view search{};  // raw, after "?"; null data when there is no "?"
};

/// Checks `u` (an http URL) against httpurl; false: st.err says why.
bool parse_http(const url_view& u, parse_state& st, http_parts& out);

/// Settles the common http URL without a parse state: a generic parse that
/// warned of nothing, a server that is a host alone (check_login's short
/// way), no query, and either a "/" path or nothing after the host.  The
/// hpath is then the url-path as it stands (a clean path and its params hold
/// only bytes an hpath takes: http.cpp), or absent (3.3: "If neither <path>
/// nor <searchpart> is present, the "/" may also be omitted").  True when it
/// did (`out` filled as parse_http fills it); false, with `out`
/// untouched, for parse_http to decide.
inline bool http_common(const url_view& u, http_parts& out) noexcept {
  if (!generic_clean(u) || !u.has_server() || u.has_user() || u.has_port() ||
      u.encoded_host().empty() || u.has_query())
    return false;
  if (u.absolute_path()) {
    out.hpath = url_path_of(u);
    return true;
  }
  const std::string_view server = u.encoded_server();
  return server.data() + server.size() == url_end(u);
}

}  // namespace urlkit::grammar
