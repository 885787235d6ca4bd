// news URLs: RFC 1738 3.6 (grammar: src/grammar/news.cpp).
#include "urlkit/schemes/news.hpp"

#include <ostream>

#include "grammar/news.hpp"
#include "schemes/support.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

std::string_view to_string(news_kind k) noexcept {
  switch (k) {
    case news_kind::all:
      return "all";
    case news_kind::group:
      return "group";
    case news_kind::article:
      return "article";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, news_kind k) {
  return detail::print_name(os, k, "news_kind");
}

result<news_view> news_view::from_url(const url_view& url, const scheme_options& options) {
  // The group goes into an NNTP GROUP line, the message-id into ARTICLE: an
  // encoded CR or LF would end the line early (RFC 1738 6).  Checked before
  // the grammar so that it is reported as such in both modes.
  auto refused_in_grouppart = [&] {
    return schemes::refused_escape(url, grammar::scheme_part_of(url), "news grouppart", rule::path,
                                   true);
  };
  grammar::news_parts parts;
  if (auto e = schemes::checked_parts<"news", grammar::parse_news>(url, options, parts,
                                                                   refused_in_grouppart))
    return *e;

  news_kind kind = news_kind::group;
  switch (parts.form) {
    case grammar::news_form::all:
      kind = news_kind::all;
      break;
    case grammar::news_form::group:
      kind = news_kind::group;
      break;
    case grammar::news_form::article:
      kind = news_kind::article;
      break;
  }
  return schemes::make_view<news_view>(url, kind, parts.grouppart);
}

}  // namespace urlkit
