// The ftp grammar's result, without Spirit (RFC 1738 3.2, 5).
#pragma once

#include <string_view>

#include "grammar/scheme_parse.hpp"
#include "grammar/state.hpp"

namespace urlkit::grammar {

struct ftp_parts {
  std::string_view fpath{};  // raw <cwd1>/.../<cwdN>/<name>; null data when the url-path is omitted
  char typecode = 0;         // 'a', 'i', 'd' (lower case), or 0 when there is none
};

/// Checks `u` (an ftp URL) against ftpurl; false: st.err says why.
bool parse_ftp(const url_view& u, parse_state& st, ftp_parts& out);

/// Settles the common ftp URL without a parse state: a generic parse that
/// warned of nothing, a server that is a host alone (check_login's short
/// way), and no query or params.  The fpath is then the url-path as it
/// stands (a clean path holds only bytes an fpath takes: ftp.cpp), or absent
/// when the url-path is omitted (3.2.2).  True when it did (`out` filled as
/// parse_ftp fills it); false, with `out` untouched, for parse_ftp
/// to decide.
inline bool ftp_common(const url_view& u, ftp_parts& out) noexcept {
  if (!generic_clean(u) || !u.has_server() || u.has_user() || u.has_port() ||
      u.encoded_host().empty() || u.has_query() || u.has_params())
    return false;
  out.fpath = url_path_of(u);
  return true;
}

}  // namespace urlkit::grammar
