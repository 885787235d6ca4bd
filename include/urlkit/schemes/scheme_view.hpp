// urlkit — what every typed view of a scheme has: the generic view of the URL
// it checked, and the URL's text.  Written once, for the server-based views
// (through server_view) and for news, file, mailto and data.
#pragma once

#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

struct detail_access;

/// The base of every typed view (http_view, ..., news_view, file_view,
/// mailto_view, data_view): the generic view of the URL that the scheme's
/// parser checked.  Views into the caller's text, which must outlive them.
class scheme_view {
 public:
  /// The generic view the URL was parsed from.
  const url_view& url() const noexcept { return url_; }
  /// The URL's text (url().buffer()).
  std::string_view buffer() const noexcept { return url_.buffer(); }

 protected:
  /// An empty view (what a failed result holds).
  scheme_view() noexcept = default;
  /// A view of `u`, checked by the scheme's parser.
  explicit scheme_view(const url_view& u) noexcept : url_(u) {}

 private:
  // The code that builds views (src/core/detail_access.hpp) writes a typed
  // view's generic view in place, as it writes url_view's own members.
  friend struct detail_access;
  url_view url_;
};

}  // namespace urlkit
URLKIT_END_API
