// http URLs: RFC 1738 3.3 (grammar: src/grammar/http.cpp).
#include "urlkit/schemes/http.hpp"

#include "core/parse_reading.hpp"
#include "grammar/http.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string http_view::request_target() const {
  // Sized first: a long URL's target is built in one allocation, not in the
  // two or three a growing string makes (with the old copy alive each time).
  std::string s;
  s.reserve(1 + hpath_.size() + (has_search() ? 1 + search_.size() : 0));
  s += '/';
  s += hpath_;
  if (has_search()) {
    s += '?';
    s += search_;
  }
  return s;
}

namespace {

/// The schemes with http's syntax, each with its default port (ports.hpp).
struct http_like {
  std::string_view name;
  std::uint16_t default_port;
  bool secure;
  bool websocket;
};
constexpr http_like http_schemes[] = {
    {"http", *default_port("http"), false, false},   // RFC 1738 3.3
    {"https", *default_port("https"), true, false},  // RFC 2818 2.4, RFC 9110 4.2.2
    {"ws", *default_port("ws"), false, true},        // RFC 6455 3
    {"wss", *default_port("wss"), true, true},       // RFC 6455 3
};

/// Which of http_schemes `scheme` is (any case), or null.  The length picks
/// the one candidate, so the common case is one comparison.
[[gnu::always_inline]] inline const http_like* http_scheme(std::string_view scheme) noexcept {
  const http_like* c = scheme.size() == 4   ? &http_schemes[0]
                       : scheme.size() == 5 ? &http_schemes[1]
                       : scheme.size() == 2 ? &http_schemes[2]
                       : scheme.size() == 3 ? &http_schemes[3]
                                            : nullptr;
  return c != nullptr && detail::ascii::iequals(scheme, c->name) ? c : nullptr;
}

}  // namespace

namespace {

/// The checks of an http URL `url`, for both ways in: the scheme's entry
/// (set first) and the parts, or the error.  Inlined into both: a call of
/// its own cost more than the copy from_string saves.
[[gnu::always_inline]] inline std::optional<error> check(const url_view& url,
                                                         const scheme_options& options,
                                                         const http_like*& scheme,
                                                         grammar::http_parts& parts) {
  scheme = http_scheme(url.scheme());
  if (scheme == nullptr) {
    error e;
    e.code = error_code::scheme_syntax;
    e.rule = rule::scheme;
    e.production = "httpurl";
    e.detail = "the scheme must be \"http\", \"https\", \"ws\" or \"wss\"";
    return e;
  }
  const bool websocket = scheme->websocket;
  // The common URL needs no parse state (whose making is a score of stores)
  // unless a ws or wss URI has a fragment to judge.
  if (!(websocket && url.has_fragment()) && grammar::http_common(url, parts)) return std::nullopt;
  return schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
    if (!grammar::parse_http(url, st, parts)) return false;
    if (!websocket || !url.has_fragment()) return true;
    // RFC 6455 3: "Fragment identifiers are meaningless in the context of
    // WebSocket URIs and MUST NOT be used on these URIs."
    st.production = "ws-URI";
    const bool ok = st.tolerate_syntax(url.encoded_fragment().data() - 1, rule::fragment,
                                       "no fragment: a \"#\" must be escaped as %23");
    st.production = nullptr;
    return ok;
  });
}

}  // namespace

result<http_view> http_view::from_url(const url_view& url, const scheme_options& options) {
  const http_like* scheme = nullptr;
  grammar::http_parts parts;
  if (auto e = check(url, options, scheme, parts)) return *e;
  return schemes::make_view<http_view>(
      url, schemes::effective_port(url, scheme->default_port), scheme->default_port, scheme->secure,
      scheme->websocket, schemes::just_stored(parts.hpath), schemes::just_stored(parts.search));
}

result<http_view> http_view::from_string(std::string_view s, const scheme_options& options) {
  // The generic view is parsed into the view inside the result, which is
  // returned by name on every path: no url_view is copied (a view just
  // written, copied at once, is read in loads the stores cannot forward to:
  // make_view), and no result<url_view> is made apart.
  // Made with every member given, not by the default constructor, which
  // looks the default port up in the table at run time (twice).
  result<http_view> r(std::in_place, url_view(), std::uint16_t{0}, std::uint16_t{0}, false, false,
                      std::string_view(), std::string_view());
  http_view& v = *r;
  url_view& u = detail_access::url(v);
  const http_like* scheme = nullptr;
  grammar::http_parts parts;
  if (auto e = detail::parse_absolute_into(u, s, detail::parse_options_for_view(options))) {
    r = *e;
  } else if (auto e2 = check(u, options, scheme, parts)) {
    r = *e2;
  } else {
    v.port_ = schemes::effective_port(u, scheme->default_port);
    v.default_port_ = scheme->default_port;
    v.secure_ = scheme->secure;
    v.websocket_ = scheme->websocket;
    v.hpath_ = schemes::just_stored(parts.hpath);
    v.search_ = schemes::just_stored(parts.search);
  }
  return r;
}

}  // namespace urlkit
