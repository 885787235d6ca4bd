// The news grammar's result, without Spirit (RFC 1738 3.6, 5).  The group
// production is shared with nntp (3.7).
#pragma once

#include <cstdint>
#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

/// grouppart = "*" | group | article
enum class news_form : std::uint8_t { all, group, article };

struct news_parts {
  news_form form = news_form::group;
  std::string_view grouppart{};  // raw: after "news:", up to the fragment
  std::string_view unique{};     // article: raw, before its "@"
  std::string_view host{};       // article: raw, after its "@"
};

/// Checks `u` (a news URL) against newsurl; false: st.err says why.
bool parse_news(const url_view& u, parse_state& st, news_parts& out);

/// Checks exactly [first, last) against
///   group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// naming `production` ("news group", "nntp group") in errors and warnings.
/// An empty range is the caller's to judge.
bool check_group(const char* first, const char* last, parse_state& st, const char* production);

}  // namespace urlkit::grammar
