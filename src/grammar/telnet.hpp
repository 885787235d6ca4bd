// The telnet grammar's result, without Spirit (RFC 1738 3.8, 5).
#pragma once

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct telnet_parts {
  bool final_slash = false;  // the optional "/" after the login was written
};

/// Checks `u` (a telnet URL) against telneturl; false: st.err says why.
bool parse_telnet(const url_view& u, parse_state& st, telnet_parts& out);

}  // namespace urlkit::grammar
