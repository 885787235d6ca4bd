// urlkit — news URLs (RFC 1738 section 3.6; grammar in section 5).
//
//   news:<newsgroup-name>     news:comp.infosystems.www.misc
//   news:<message-id>         news:<unique>@<full_domain_name>
//   news:*                    all available news groups
//
// A message-id is told apart from a group name by its "@" (3.6); it is
// written without the enclosing "<" and ">" of RFC 1036's Message-ID.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "urlkit/scheme.hpp"

namespace urlkit {

/// What a news URL refers to (RFC 1738 5: grouppart = "*" | group | article).
enum class news_kind : std::uint8_t {
  all,      // news:* — "all available news groups"
  group,    // news:<newsgroup-name>
  article,  // news:<message-id>
};

/// "all", "group", "article".
std::string_view to_string(news_kind k) noexcept;

class news_view {
 public:
  /// The generic view the news URL was parsed from.
  const url_view& url() const noexcept { return url_; }

  news_kind kind() const noexcept { return kind_; }
  /// The raw grouppart: everything after "news:" up to the fragment.
  std::string_view grouppart() const noexcept { return grouppart_; }
  /// The decoded group name; "*" for all groups; empty for an article.
  const std::string& group() const noexcept { return group_; }
  /// The decoded message-id, without "<" and ">"; empty unless an article.
  const std::string& message_id() const noexcept { return message_id_; }

 private:
  friend result<news_view> parse_news(const url_view&, const scheme_options&);
  url_view url_;
  news_kind kind_ = news_kind::group;
  std::string_view grouppart_{};
  std::string group_, message_id_;
};

/// Checks a news URL against RFC 1738's newsurl and decodes its group or
/// message-id.  Refused in both modes: an empty grouppart, a "//<host>" (not
/// part of a news URL), and an encoded CR or LF (it would end the NNTP GROUP
/// or ARTICLE command line early: RFC 1738 6).
result<news_view> parse_news(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<news_view> parse_news(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<news_view> parse_news(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
