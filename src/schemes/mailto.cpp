// mailto URLs: RFC 1738 3.5 (grammar: src/grammar/mailto.cpp).
#include "urlkit/schemes/mailto.hpp"

#include <ostream>

#include "grammar/mailto.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string mailto_view::address() const {
  return decode(raw_).value();
}

std::string mailto_view::local_part() const {
  return decode(local_part_).value();
}

std::string mailto_view::domain() const {
  return decode(domain_).value();
}

std::ostream& operator<<(std::ostream& os, const mailto_view& v) {
  return os << v.buffer();
}

result<mailto_view> parse_mailto(const url_view& url, const scheme_options& options) {
  return schemes::build_view<mailto_view>(url, [&](mailto_view& m) -> std::optional<error> {
    if (auto e = schemes::wrong_scheme(url, "mailto", "mailtourl", "the scheme must be \"mailto\""))
      return e;
    const std::string_view raw = grammar::scheme_part_of(url);
    // Nearly every address has the common form (dot-atoms "@" a host),
    // which needs no other check; any other address is checked in full.
    if (const char* at = grammar::common_mailto_at_sign(raw)) {
      m.raw_ = raw;
      m.addr_spec_ = true;
      m.local_part_ = raw.substr(0, static_cast<std::size_t>(at - raw.data()));
      m.domain_ = raw.substr(static_cast<std::size_t>(at - raw.data()) + 1);
      return std::nullopt;
    }
    // The address goes into an SMTP command line ("RCPT TO:<...>"): an
    // encoded CR or LF would end it early (RFC 1738 6).  Checked before the
    // grammar so that it is reported as such in both modes.
    if (auto e = schemes::refused_escape(url, raw, "mailto encoded822addr", rule::path, true))
      return e;
    grammar::mailto_parts parts;
    if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
          return grammar::parse_mailto(url, st, parts);
        }))
      return e;

    m.raw_ = schemes::just_stored(parts.address);
    m.addr_spec_ = parts.addr_spec;
    if (parts.addr_spec) {
      m.local_part_ = schemes::just_stored(parts.local_part);
      m.domain_ = schemes::just_stored(parts.domain);
    }
    return std::nullopt;
  });
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
