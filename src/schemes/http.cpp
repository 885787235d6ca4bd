// http URLs: RFC 1738 3.3 (grammar: src/grammar/http.cpp).
#include "urlkit/schemes/http.hpp"

#include <ostream>

#include "grammar/http.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string http_view::host() const {
  return decode(url_.host()).value();
}

std::string http_view::connect_host() const {
  return schemes::connect_host(url_);
}

std::optional<std::string> http_view::decoded_search() const {
  if (!has_search()) return std::nullopt;
  return decode(search_).value();
}

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

std::ostream& operator<<(std::ostream& os, const http_view& v) {
  return os << v.buffer();
}

result<http_view> parse_http(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "http", "httpurl", "the scheme must be \"http\""))
    return *e;
  grammar::http_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_http(url, st, parts);
      }))
    return *e;
  return schemes::make_view<http_view>(url, schemes::effective_port(url, http_view::default_port),
                                       schemes::just_stored(parts.hpath),
                                       schemes::just_stored(parts.search));
}

result<http_view> parse_http(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_http(u, o); });
}

namespace schemes {
namespace {

scheme_value optional_raw(bool present, std::string_view raw) {
  return present ? scheme_value(std::string(raw)) : scheme_value();
}

class http_handler final : public basic_handler {
 public:
  http_handler() : basic_handler("http", http_view::default_port) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto h = parse_http(url, options);
    if (!h) return h.error();
    return scheme_value(scheme_value::object{
        {"host", h->host()},
        {"port", static_cast<std::int64_t>(h->port())},
        {"path", optional_raw(h->has_path(), h->path())},
        {"search", optional_raw(h->has_search(), h->search())},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_http_handler() {
  return std::make_shared<http_handler>();
}

}  // namespace schemes
}  // namespace urlkit
