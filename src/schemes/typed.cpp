// parse_typed: which typed view reads which scheme (urlkit/schemes/typed.hpp).
#include "urlkit/schemes/typed.hpp"

#include <utility>

namespace urlkit {

namespace {

template <class View>
result<typed_view> reading(result<View> r) {
  if (!r) return r.error();
  return typed_view(std::move(*r));
}

}  // namespace

result<typed_view> parse_typed(const url_view& url, const scheme_options& options) {
  if (!url.has_scheme()) return typed_view();
  if (url.scheme_is("http") || url.scheme_is("https") || url.scheme_is("ws") ||
      url.scheme_is("wss"))
    return reading(parse_http(url, options));
  if (url.scheme_is("ftp")) return reading(parse_ftp(url, options));
  if (url.scheme_is("gopher")) return reading(parse_gopher(url, options));
  if (url.scheme_is("mailto")) return reading(parse_mailto(url, options));
  if (url.scheme_is("news")) return reading(parse_news(url, options));
  if (url.scheme_is("nntp")) return reading(parse_nntp(url, options));
  if (url.scheme_is("telnet")) return reading(parse_telnet(url, options));
  if (url.scheme_is("wais")) return reading(parse_wais(url, options));
  if (url.scheme_is("file")) return reading(parse_file(url, options));
  if (url.scheme_is("prospero")) return reading(parse_prospero(url, options));
  if (url.scheme_is("data")) {
    data_options o;
    o.mode = options.mode;
    o.on_warning = options.on_warning;
    return reading(parse_data(url, o));
  }
  return typed_view();
}

}  // namespace urlkit
