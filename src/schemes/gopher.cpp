// gopher URLs: RFC 1738 3.4 (grammar: src/grammar/gopher.cpp).
#include "urlkit/schemes/gopher.hpp"

#include "grammar/gopher.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string gopher_view::host() const {
  return decode(url_.host()).value();
}

std::string gopher_view::connect_host() const {
  return schemes::connect_host(url_);
}

std::string gopher_view::request_line() const {
  std::string s = selector_;
  if (search_) {
    s += '\t';
    s += *search_;
    if (gopher_plus_) {
      s += '\t';
      s += *gopher_plus_;
      // A filled-in electronic form (3.4.9) carries its own line ends and
      // ends with its data block's ".\r\n": nothing more is sent.
      if (gopher_plus_->ends_with("\r\n")) return s;
    }
  }
  s += "\r\n";
  return s;
}

result<gopher_view> parse_gopher(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "gopher", "gopherurl", "the scheme must be \"gopher\""))
    return *e;
  grammar::gopher_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_gopher(url, st, parts);
      }))
    return *e;

  gopher_view g;
  g.url_ = url;
  g.port_ = schemes::effective_port(url, gopher_view::default_port);
  g.gopher_path_ = parts.gopher_path;
  if (!parts.gtype.empty()) g.type_ = decode(parts.gtype).value().front();
  // The selector and the search are sent on the request line: an encoded CR
  // or LF would end it early (3.4, RFC 1738 6).  No TAB can be in them: the
  // first two "%09" delimit them.
  auto sel = schemes::decode_part(url, parts.selector, "gopher selector", rule::path, true);
  if (!sel) return sel.error();
  g.selector_ = std::move(*sel);
  if (parts.search.data() != nullptr) {
    auto d = schemes::decode_part(url, parts.search, "gopher search", rule::path, true);
    if (!d) return d.error();
    g.search_ = std::move(*d);
  }
  // The gopher+ string may hold TAB, CR and LF (3.4.9's electronic forms).
  if (parts.gopher_plus.data() != nullptr) g.gopher_plus_ = decode(parts.gopher_plus).value();
  return g;
}

result<gopher_view> parse_gopher(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_gopher(u, o); });
}

namespace schemes {
namespace {

class gopher_handler final : public basic_handler {
 public:
  gopher_handler() : basic_handler("gopher", gopher_view::default_port) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto g = parse_gopher(url, options);
    if (!g) return g.error();
    return scheme_value(scheme_value::object{
        {"host", g->host()},
        {"port", static_cast<std::int64_t>(g->port())},
        {"gopher_type", std::string(1, g->gopher_type())},
        {"selector", g->selector()},
        {"search", scheme_value::optional(g->search())},
        {"gopher_plus", scheme_value::optional(g->gopher_plus())},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_gopher_handler() {
  return std::make_shared<gopher_handler>();
}

}  // namespace schemes
}  // namespace urlkit
