// mailto URLs: RFC 1738 3.5 (grammar: src/grammar/mailto.cpp).
#include "urlkit/schemes/mailto.hpp"

#include "grammar/mailto.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string_view mailto_view::local_part() const noexcept {
  if (!is_addr_spec()) return {};
  return std::string_view(address_).substr(0, at_);
}

std::string_view mailto_view::domain() const noexcept {
  if (!is_addr_spec()) return {};
  return std::string_view(address_).substr(at_ + 1);
}

result<mailto_view> parse_mailto(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "mailto", "mailtourl", "the scheme must be \"mailto\""))
    return *e;
  // The address goes into an SMTP command line ("RCPT TO:<...>"): an encoded
  // CR or LF would end it early (RFC 1738 6).  Checked before the grammar so
  // that it is reported as such in both modes.
  const std::string_view raw = grammar::scheme_part_of(url);
  auto address = schemes::decode_part(url, raw, "mailto encoded822addr", rule::path, true);
  if (!address) return address.error();

  grammar::mailto_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_mailto(url, st, parts);
      }))
    return *e;

  mailto_view m;
  m.url_ = url;
  m.raw_ = parts.address;
  m.address_ = std::move(*address);
  // Every escape is one octet: the "@" is at the decoded length of what precedes it.
  if (parts.addr_spec) m.at_ = decoded_size(parts.local_part);
  return m;
}

result<mailto_view> parse_mailto(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_mailto(u, o); });
}

namespace schemes {
namespace {

class mailto_handler final : public basic_handler {
 public:
  mailto_handler() : basic_handler("mailto", std::nullopt, syntax::opaque) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto m = parse_mailto(url, options);
    if (!m) return m.error();
    return scheme_value(scheme_value::object{{"address", m->address()}});
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_mailto_handler() {
  return std::make_shared<mailto_handler>();
}

}  // namespace schemes
}  // namespace urlkit
