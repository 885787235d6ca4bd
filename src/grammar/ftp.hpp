// The ftp grammar's result, without Spirit (RFC 1738 3.2, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct ftp_parts {
  std::string_view fpath{};  // raw <cwd1>/.../<cwdN>/<name>; null data when the url-path is omitted
  char typecode = 0;         // 'a', 'i', 'd' (lower case), or 0 when there is none
};

/// Checks `u` (an ftp URL) against ftpurl; false: st.err says why.
bool parse_ftp(const url_view& u, parse_state& st, ftp_parts& out);

}  // namespace urlkit::grammar
