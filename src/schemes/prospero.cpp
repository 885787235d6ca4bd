// prospero URLs: RFC 1738 3.11 (grammar: src/grammar/prospero.cpp).
#include "urlkit/schemes/prospero.hpp"

#include <algorithm>

#include "grammar/prospero.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

namespace {

// The hsoname and the fields go into Prospero commands, which are lines of
// text separated by LF (CR and CRLF accepted as well): an encoded CR or LF
// would end the command early (RFC 1738 6, draft 8).  NUL is "the only
// character that cannot be quoted" in the protocol: the server would cut the
// name short and serve another object.  Both are errors at the "%" of the
// escape, in either mode.
result<std::string> decode_token(const url_view& u, std::string_view raw, const char* production,
                                 rule r) {
  return schemes::decode_part(u, raw, production, r, true, true);
}

}  // namespace

std::string prospero_view::host() const {
  return decode(url_.host()).value();
}

std::string prospero_view::connect_host() const {
  return schemes::connect_host(url_);
}

result<prospero_view> parse_prospero(const url_view& url, const scheme_options& options) {
  if (auto e =
          schemes::wrong_scheme(url, "prospero", "prosperourl", "the scheme must be \"prospero\""))
    return *e;
  grammar::prospero_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_prospero(url, st, parts);
      }))
    return *e;

  prospero_view p;
  p.url_ = url;
  p.port_ = schemes::effective_port(url, prospero_view::default_port);
  p.ppath_ = parts.ppath;
  auto hso = decode_token(url, parts.ppath, "prospero psegment", rule::path);
  if (!hso) return hso.error();
  p.hsoname_ = std::move(*hso);
  // Each fieldspec starts with the only unescaped ";" it holds.
  p.fields_.reserve(
      static_cast<std::size_t>(std::count(parts.fields.begin(), parts.fields.end(), ';')));
  std::optional<error> failed;
  grammar::for_each_field(parts.fields, [&](std::string_view name, std::string_view value) {
    if (failed) return;
    auto n = decode_token(url, name, "prospero fieldname", rule::params);
    if (!n) {
      failed = n.error();
      return;
    }
    auto v = decode_token(url, value, "prospero fieldvalue", rule::params);
    if (!v) {
      failed = v.error();
      return;
    }
    p.fields_.push_back({std::move(*n), std::move(*v)});
  });
  if (failed) return *failed;
  return p;
}

result<prospero_view> parse_prospero(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_prospero(u, o); });
}

namespace schemes {
namespace {

class prospero_handler final : public basic_handler {
 public:
  prospero_handler() : basic_handler("prospero", prospero_view::default_port) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto p = parse_prospero(url, options);
    if (!p) return p.error();
    scheme_value::array fields;
    fields.reserve(p->fields().size());
    for (const auto& f : p->fields()) fields.emplace_back(scheme_value::array{f.name, f.value});
    return scheme_value(scheme_value::object{
        {"host", p->host()},
        {"port", static_cast<std::int64_t>(p->port())},
        {"hsoname", p->hsoname()},
        {"fields", std::move(fields)},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_prospero_handler() {
  return std::make_shared<prospero_handler>();
}

}  // namespace schemes
}  // namespace urlkit
