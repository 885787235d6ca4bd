// The nntp grammar's result, without Spirit (RFC 1738 3.7, 5).
#pragma once

#include <cstdint>
#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct nntp_parts {
  std::string_view group{};   // raw <newsgroup-name>
  std::string_view digits{};  // raw <article-number>; null data when absent
  std::int64_t article = -1;  // its value, or -1 when absent
};

/// Checks `u` (an nntp URL) against nntpurl; false: st.err says why.
bool parse_nntp(const url_view& u, parse_state& st, nntp_parts& out);

}  // namespace urlkit::grammar
