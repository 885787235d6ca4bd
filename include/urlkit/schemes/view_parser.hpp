// urlkit — the parse_X of every typed view (parse_http, parse_ftp, ...,
// parse_data), written once: each is an object of view_parser<X_view>, whose
// calls check a parsed URL, parse a string and check it, or refuse a
// temporary std::string whose views would dangle.  Every view's operator<<
// is written once here too.
#pragma once

#include <concepts>
#include <iosfwd>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme_options.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {
/// The parse options of a view's options: its mode and its warning sink.
template <class Options>
parse_options parse_options_for_view(const Options& options) noexcept {
  parse_options o;
  o.mode = options.mode;
  o.on_warning = options.on_warning;
  return o;
}
/// parse_X's reading of a string, before its view's checks: parse_absolute
/// in the view's mode, with its warning sink.
template <class Options>
result<url_view> parse_for_view(std::string_view s, const Options& options) noexcept {
  return parse_absolute(s, parse_options_for_view(options));
}
}  // namespace detail

/// What parse_http, parse_ftp, ... are: `View`'s parser, with `Options`
/// (scheme_options; data_options for data_view).  A view's own checks are
/// its private `View::from_url`; the ways of calling it are written here,
/// once for all the views.
template <class View, class Options = scheme_options>
struct view_parser {
  /// Checks `url` (an absolute URL of View's scheme, which must outlive the
  /// result) against the scheme's own grammar, in `options.mode`, warnings
  /// to `options.on_warning`.  Allocates nothing.
  result<View> operator()(const url_view& url, const Options& options = {}) const {
    return View::from_url(url, options);
  }
  /// Parses `s` (which must outlive the result) as an absolute URL, in the
  /// same mode and with the same warning sink, then checks it as above; a
  /// view that reads a string its own way has a `View::from_string`
  /// (data_view: RFC 2397 takes spaces and controls as data; mailto_view
  /// reads the common address in one pass, with the same result as this).
  result<View> operator()(std::string_view s, const Options& options = {}) const {
    if constexpr (requires { View::from_string(s, options); }) {
      return View::from_string(s, options);
    } else {
      auto u = detail::parse_for_view(s, options);
      if (!u) return u.error();
      return View::from_url(*u, options);
    }
  }
  /// Deleted: the view would point into a string about to be destroyed.
  template <detail::temporary_string S>
  result<View> operator()(S&& s, const Options& options = {}) const = delete;
};

namespace detail {
/// A typed view `v` (an http_view, ..., a data_view): it keeps the generic
/// view of the URL it checked (v.url()) and gives the URL's text (v.buffer()).
template <class View>
concept typed_view = requires(const View& v) {
  { v.url() } -> std::convertible_to<const url_view&>;
  { v.buffer() } -> std::same_as<std::string_view>;
};
}  // namespace detail

/// Writes the URL of a typed view `v` as written (v.buffer()).
template <detail::typed_view View>
std::ostream& operator<<(std::ostream& os, const View& v) {
  return os << v.buffer();
}

}  // namespace urlkit
URLKIT_END_API
