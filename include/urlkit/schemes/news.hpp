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
#include <iosfwd>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// What a news URL refers to (RFC 1738 5: grouppart = "*" | group | article).
enum class news_kind : std::uint8_t {
  all,      ///< news:* — "all available news groups"
  group,    ///< news:<newsgroup-name>
  article,  ///< news:<message-id>
};

/// "all", "group" or "article": the enumerator's name, as every public enum
/// is named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(news_kind k) noexcept;
/// Prints to_string() of `k` (a value outside the enumeration: "news_kind(N)").
std::ostream& operator<<(std::ostream& os, news_kind k);

/// A news URL, checked: a view into the caller's text (which must outlive
/// it) and its kind.  Parsing one allocates nothing; the decoded group or
/// message-id is made when asked for.
class news_view : public scheme_view {
 public:
  /// An empty view (what a failed result holds).
  news_view() = default;

  /// What the URL names: all groups, a group or an article (RFC 1738 3.6).
  news_kind kind() const noexcept { return kind_; }
  /// The grouppart as written: everything after "news:" up to the fragment
  /// ("*", a group or a message-id).
  std::string_view encoded_grouppart() const noexcept { return grouppart_; }
  /// The grouppart, decoded.
  decode_view grouppart() const noexcept { return decode_view(grouppart_); }
  /// The group name as written; "*" for all groups; empty for an article.
  std::string_view encoded_group() const noexcept {
    return kind_ == news_kind::article ? std::string_view() : grouppart_;
  }
  /// The group name, decoded; "*" for all groups; empty for an article.
  decode_view group() const noexcept { return decode_view(encoded_group()); }
  /// The message-id as written, without "<" and ">"; empty unless an article.
  std::string_view encoded_message_id() const noexcept {
    return kind_ == news_kind::article ? grouppart_ : std::string_view();
  }
  /// The message-id, decoded; empty unless an article.
  decode_view message_id() const noexcept { return decode_view(encoded_message_id()); }

 private:
  friend struct view_parser<news_view>;
  // parse_news's checks (src/schemes/news.cpp).
  static result<news_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<news_view>;
  news_view(const url_view& u, news_kind kind, std::string_view grouppart) noexcept
      : scheme_view(u), kind_(kind), grouppart_(grouppart) {}
  news_kind kind_ = news_kind::group;
  std::string_view grouppart_{};
};

/// Checks a news URL against RFC 1738's newsurl.  Refused in both modes: an
/// empty grouppart, a "//<host>" (not part of a news URL), and an encoded CR
/// or LF (it would end the NNTP GROUP or ARTICLE command line early: RFC 1738
/// 6).  Allocates nothing.
/// parse_news(url) checks a parsed URL; parse_news(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<news_view> parse_news{};

}  // namespace urlkit
URLKIT_END_API
