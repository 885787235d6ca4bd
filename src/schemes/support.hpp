// Helpers the typed scheme views share (no Spirit here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grammar/scheme_parse.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit::schemes {

/// Decodes a raw part of `u` (a "%" not followed by two hex digits stays as
/// it is: lenient mode accepted it).  With `refuse_crlf`, an encoded CR or LF
/// is an error at the offset of its escape in u's buffer: RFC 1738 6 and draft
/// 8, "Care should be taken when URLs contain escaped delimiters for a given
/// protocol (for example, CR and LF characters for telnet protocols) that
/// these are not unencoded before transmission".
inline result<std::string> decode_part(const url_view& u, std::string_view raw,
                                       const char* production, rule r, bool refuse_crlf) {
  decode_options o;
  o.reject_crlf = refuse_crlf;
  auto d = decode(raw, o);
  if (!d) {
    error e = d.error();
    e.offset += static_cast<std::size_t>(raw.data() - u.buffer().data());
    e.rule = r;
    e.production = production;
    return e;
  }
  return d;
}

/// The effective port: the explicit one, else the scheme's default.
inline std::uint16_t effective_port(const url_view& u, std::uint16_t default_port) noexcept {
  if (auto p = u.port_number()) return *p;
  return default_port;
}

/// Runs a scheme grammar's check over `u` and turns its failure into an error.
template <class F>
std::optional<error> run_grammar(const url_view& u, const scheme_options& o, F&& f) {
  grammar::parse_state st = grammar::scheme_state(u, o);
  if (!f(st)) {
    if (!st.failed) st.fail(u.buffer().data(), error_code::scheme_syntax, rule::reference, false);
    return st.err;
  }
  return std::nullopt;
}

/// Base for the standard handlers: name and default port.
class basic_handler : public scheme_handler {
 public:
  constexpr basic_handler(std::string_view name, std::optional<std::uint16_t> port) noexcept
      : name_(name), port_(port) {}
  std::string_view name() const noexcept override { return name_; }
  std::optional<std::uint16_t> default_port() const noexcept override { return port_; }

 private:
  std::string_view name_;
  std::optional<std::uint16_t> port_;
};

}  // namespace urlkit::schemes
