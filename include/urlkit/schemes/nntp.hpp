// urlkit — nntp URLs (RFC 1738 section 3.7; grammar in section 5).
//
//   nntp://<host>:<port>/<newsgroup-name>/<article-number>
//
// The port defaults to 119.  No user name or password is allowed: the
// production is hostport.  "The <newsgroup-name> is the name of the group,
// while the <article-number> is the numeric id of the article within that
// newsgroup" (3.7); the article number may be left out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// An nntp URL, checked: a view into the caller's text (which must outlive
/// it), the port and the article number.  Parsing one allocates nothing.
class nntp_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  nntp_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 119" (3.7).
  static constexpr std::uint16_t default_port = *urlkit::default_port("nntp");

  /// The <newsgroup-name> as written.
  std::string_view encoded_group() const noexcept { return raw_group_; }
  /// The <newsgroup-name>, decoded (never empty).
  decode_view group() const noexcept { return decode_view(raw_group_); }
  /// The <article-number>, if the URL has one (0 to 2^63 - 1).
  std::optional<std::int64_t> article() const noexcept {
    return article_ >= 0 ? std::optional<std::int64_t>(article_) : std::nullopt;
  }

 private:
  friend struct view_parser<nntp_view>;
  // parse_nntp's checks (src/schemes/nntp.cpp).
  static result<nntp_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<nntp_view>;
  nntp_view(const url_view& u, std::uint16_t port, std::string_view raw_group,
            std::int64_t article) noexcept
      : server_view(u, port), raw_group_(raw_group), article_(article) {}
  std::string_view raw_group_{};
  std::int64_t article_ = -1;
};

/// Checks an nntp URL against RFC 1738's nntpurl; allocates nothing.
/// Refused in both modes: no group, an article part that is not a number or
/// is above 2^63 - 1, and an encoded CR or LF in the group (it would end the
/// NNTP GROUP command line early: RFC 1738 6).
/// parse_nntp(url) checks a parsed URL; parse_nntp(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<nntp_view> parse_nntp{};

}  // namespace urlkit
URLKIT_END_API
