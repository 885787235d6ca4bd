// mailto URLs: RFC 1738 3.5 (grammar: src/grammar/mailto.cpp).
#include "urlkit/schemes/mailto.hpp"

#include <ostream>

#include "grammar/mailto.hpp"
#include "grammar/mailto_common.hpp"
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

// parse_mailto's two ways, kept out of the public header: see
// docs/performance.md ("mailto: the common form read a block at a time").
struct mailto_access {
  // An addr-spec in its common form, whose "@" is `at`, within `raw`.
  static result<mailto_view> common(const url_view& u, std::string_view raw,
                                    const char* at) noexcept {
    const char* const end = raw.data() + raw.size();
    return result<mailto_view>(
        std::in_place, u, raw,
        std::string_view(raw.data(), static_cast<std::size_t>(at - raw.data())),
        std::string_view(at + 1, static_cast<std::size_t>(end - at - 1)), true);
  }

  // Any address that was not read a block at a time: its common form read a
  // byte at a time, else every check, and the error that refuses the address,
  // if any.
  static result<mailto_view> parse_bytewise(const url_view& url, const scheme_options& options) {
    if (auto e = schemes::wrong_scheme(url, "mailto", "mailtourl", "the scheme must be \"mailto\""))
      return *e;
    const std::string_view raw = grammar::scheme_part_of(url);
    if (const char* at = grammar::bytewise_common_mailto_at_sign(raw)) return common(url, raw, at);
    // The address goes into an SMTP command line ("RCPT TO:<...>"): an
    // encoded CR or LF would end it early (RFC 1738 6).  Checked before the
    // grammar so that it is reported as such in both modes.
    if (auto e = schemes::refused_escape(url, raw, "mailto encoded822addr", rule::path, true))
      return *e;
    grammar::mailto_parts parts;
    if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
          return grammar::parse_mailto(url, st, parts);
        }))
      return *e;
    return result<mailto_view>(std::in_place, url, parts.address, parts.local_part, parts.domain,
                               parts.addr_spec);
  }

#if URLKIT_BLOCKS
  // The common address, read a block at a time: the whole check and the
  // view, made at once in its result, in one function (compiled for AVX2,
  // which the blockwise reading is inlined into: a call less, and fewer
  // registers saved).
  URLKIT_BLOCKS_TARGET static result<mailto_view> parse_blockwise(const url_view& url,
                                                                  const scheme_options& options) {
    if (ascii::iequals(url.scheme(), "mailto")) {
      const std::string_view raw = grammar::scheme_part_of(url);
      if (const char* at = grammar::blockwise_common_mailto_at_sign(raw, url.buffer().data()))
        return common(url, raw, at);
    }
    return parse_bytewise(url, options);
  }
#endif
};

result<mailto_view> parse_mailto(const url_view& url, const scheme_options& options) {
  // Nearly every address has the common form (dot-atoms "@" a host), which
  // needs no other check.
#if URLKIT_BLOCKS
  if (grammar::blocks::detected) return mailto_access::parse_blockwise(url, options);
#endif
  return mailto_access::parse_bytewise(url, options);
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
