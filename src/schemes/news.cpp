// news URLs: RFC 1738 3.6 (grammar: src/grammar/news.cpp).
#include "urlkit/schemes/news.hpp"

#include <ostream>

#include "grammar/news.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

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
  return "group";
}

std::ostream& operator<<(std::ostream& os, news_kind k) {
  return os << to_string(k);
}

decode_view news_view::group() const noexcept {
  switch (kind_) {
    case news_kind::all:
      return decode_view("*");
    case news_kind::group:
      return decode_view(grouppart_);
    case news_kind::article:
      break;
  }
  return {};
}

decode_view news_view::message_id() const noexcept {
  if (kind_ != news_kind::article) return {};
  return decode_view(grouppart_);
}

std::ostream& operator<<(std::ostream& os, const news_view& v) {
  return os << v.buffer();
}

result<news_view> news_view::from_url(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "news", "newsurl", "the scheme must be \"news\""))
    return *e;
  // The group goes into an NNTP GROUP line, the message-id into ARTICLE: an
  // encoded CR or LF would end the line early (RFC 1738 6).  Checked before
  // the grammar so that it is reported as such in both modes.
  if (auto e = schemes::refused_escape(url, grammar::scheme_part_of(url), "news grouppart",
                                       rule::path, true))
    return *e;

  grammar::news_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_news(url, st, parts);
      }))
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

namespace schemes {

std::shared_ptr<const scheme_handler> make_news_handler() {
  return std::make_shared<standard_handler>(
      "news", [](const url_view& u, const scheme_options& o) { return verdict(parse_news(u, o)); },
      syntax::opaque);
}

}  // namespace schemes
}  // namespace urlkit
