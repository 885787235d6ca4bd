// Helpers the typed scheme views share (no Spirit here).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/detail_access.hpp"
#include "core/find_byte.hpp"
#include "grammar/scheme_parse.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit::schemes {

/// Checks a raw part of `u` as decoding it would, without decoding it (so
/// without allocating): the typed views keep the raw part and decode it on
/// request.  With `refuse_crlf`, an encoded CR or LF is an error at the offset
/// of its escape in u's buffer: RFC 1738 6 and draft 8, "Care should be taken
/// when URLs contain escaped delimiters for a given protocol (for example, CR
/// and LF characters for telnet protocols) that these are not unencoded before
/// transmission"; with `refuse_nul`, so is an encoded NUL.  The error is the
/// one decode() with reject_crlf / reject_nul gives, moved to u's buffer and
/// naming `production` and `r`.  A "%" not followed by two hex digits is no
/// error here (lenient mode accepted it; strict mode's grammar refused it).
inline std::optional<error> refused_escape(const url_view& u, std::string_view raw,
                                           const char* production, rule r, bool refuse_crlf,
                                           bool refuse_nul = false) noexcept {
  for (std::size_t i = detail::find_byte(raw, '%'); i != std::string_view::npos;
       i = detail::find_byte(raw, '%', i + 1)) {
    if (!charset::starts_with_escape(raw.substr(i))) continue;
    const int byte = charset::hex_value(raw[i + 1]) * 16 + charset::hex_value(raw[i + 2]);
    error e;
    if (byte == 0 && refuse_nul) {
      e = detail::error_at(error_code::decoded_nul, rule::decode, raw, i);
    } else if ((byte == '\r' || byte == '\n') && refuse_crlf) {
      e = detail::error_at(error_code::decoded_crlf, rule::decode, raw, i);
      e.detail = byte == '\r' ? "CR (%0D)" : "LF (%0A)";  // the byte at offset is the "%"
    } else {
      i += 2;  // the escape's hex digits cannot start another
      continue;
    }
    e.offset += static_cast<std::size_t>(raw.data() - u.buffer().data());
    e.rule = r;
    e.production = production;
    return e;
  }
  return std::nullopt;
}

/// A string_view that a scheme grammar (another translation unit) has just
/// stored as two 8-byte words, read as two words.  Copied whole, g++ loads
/// it as one 16-byte word, which cannot be forwarded from the two pending
/// stores and waits until they reach the cache: a fifth of the file view's
/// time sat on that load.
inline std::string_view just_stored(const std::string_view& v) noexcept {
  return {v.data(), v.size()};
}

/// A typed view, built inside its result (returned by name, so never moved
/// about) from the url_view it was checked against and its parts.  Made
/// last, once the scheme's checks have passed: a url_view that a parse has
/// just written, copied at once, is read in 16-byte loads that cannot be
/// forwarded from the narrower stores that wrote it, and each waits for them
/// to reach the cache; after the checks, the stores are there (made last,
/// the file view's own time fell by a third: docs/performance.md).
template <class View, class... Parts>
result<View> make_view(const url_view& url, Parts&&... parts) {
  return result<View>(std::in_place, url, std::forward<Parts>(parts)...);
}

/// The error for a view of another scheme given to parse_NAME: `production`
/// is the scheme's top production ("ftpurl"), `detail` says which scheme it
/// must be (both static).  Nullopt when the scheme is `name` (any case).
inline std::optional<error> wrong_scheme(const url_view& u, std::string_view name,
                                         const char* production, const char* detail) noexcept {
  // url_view::scheme_is, inline: `name` is a literal, so the comparison is
  // a length test and two word compares against constants, with no call.
  if (detail::ascii::iequals(u.scheme(), name)) return std::nullopt;
  error e;
  e.code = error_code::scheme_syntax;
  e.rule = rule::scheme;
  e.production = production;
  e.detail = detail;
  return e;
}

/// The host a client connects to, decoded: an IPv6 literal (lenient mode,
/// RFC 2732) without its brackets, so that its zone's "%25" becomes the "%"
/// RFC 6874 2 says it stands for ("[fe80::1%25eth0]" gives "fe80::1%eth0");
/// any other host as the views' host() decodes it.
inline decode_view connect_host(const url_view& u) noexcept {
  std::string_view h = u.encoded_host();
  if (u.host_kind() == host_kind::ipv6) h = h.substr(1, h.size() - 2);
  return decode_view(h);
}

/// The effective port: the explicit one, else the scheme's default.
inline std::uint16_t effective_port(const url_view& u, std::uint16_t default_port) noexcept {
  const std::uint32_t p = detail_access::port_value(u);
  return p == detail_access::port_above ? default_port : static_cast<std::uint16_t>(p);
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

/// A scheme's name as a template argument (`checked_parts<"ftp", ...>`), from
/// which the texts of its errors are made at compile time.
template <std::size_t N>
struct scheme_name {
  char text[N];
  constexpr scheme_name(const char (&s)[N]) noexcept { std::copy_n(s, N, text); }
  constexpr std::string_view view() const noexcept { return {text, N - 1}; }
};

/// `before`, the name, then `after`, NUL-terminated.
template <std::size_t B, std::size_t N, std::size_t A>
constexpr std::array<char, B + N + A - 2> joined(const char (&before)[B],
                                                 const scheme_name<N>& name,
                                                 const char (&after)[A]) noexcept {
  std::array<char, B + N + A - 2> out{};
  std::copy_n(after, A, std::copy_n(name.text, N - 1, std::copy_n(before, B - 1, out.begin())));
  return out;
}

/// The texts a scheme's errors give, in static storage (as error's
/// `production` and `detail` must be): RFC 1738 5 names each scheme's top
/// production NAMEurl ("ftpurl").
template <scheme_name Name>
struct scheme_texts {
  static constexpr auto production = joined("", Name, "url");
  static constexpr auto must_be = joined("the scheme must be \"", Name, "\"");
  static constexpr auto user = joined("", Name, " user");
  static constexpr auto password = joined("", Name, " password");
};

/// No check: the `before` of a scheme that checks nothing ahead of its grammar.
struct no_check {
  constexpr std::optional<error> operator()() const noexcept { return std::nullopt; }
};

/// The steps every typed view's from_url starts with, in this order: a URL
/// of another scheme than `Name` (any case) is refused (wrong_scheme); then
/// `before`, the checks that must be reported as such in both modes, so made
/// ahead of the grammar (an escape refused in a part the grammar reads); then
/// the scheme's grammar `Grammar` (grammar::parse_NAME), which fills `parts`.
/// The first error, or nullopt: the view then checks what needs the parts and
/// is made last (make_view).  Declared inline (a hint g++ weighs, where a
/// template alone is not one) and `Grammar` a direct call: the same code as
/// the steps written out in from_url.
template <scheme_name Name, auto Grammar, class Parts, class Before = no_check>
inline std::optional<error> checked_parts(const url_view& url, const scheme_options& options,
                                          Parts& parts, Before before = {}) {
  using texts = scheme_texts<Name>;
  if (auto e = wrong_scheme(url, Name.view(), texts::production.data(), texts::must_be.data()))
    return e;
  if (auto e = before()) return e;
  return run_grammar(url, options,
                     [&](grammar::parse_state& st) { return Grammar(url, st, parts); });
}

/// The user and password of a `Name` URL, refused with an encoded CR or LF
/// (refused_escape), as "NAME user" and "NAME password": the protocol sends
/// them on lines of their own (ftp's USER and PASS, RFC 1738 3.2.1; telnet's
/// login prompt, 3.8), which a decoded line end would end early (RFC 1738 6).
template <scheme_name Name>
inline std::optional<error> refused_in_login(const url_view& url) noexcept {
  using texts = scheme_texts<Name>;
  if (url.has_user())
    if (auto e = refused_escape(url, url.encoded_user(), texts::user.data(), rule::user, true))
      return e;
  if (url.has_password())
    if (auto e = refused_escape(url, url.encoded_password(), texts::password.data(), rule::password,
                                true))
      return e;
  return std::nullopt;
}

/// Whether a scheme's URLs are opaque (draft 4.2): relative references
/// cannot be resolved against them.
enum class syntax : bool { hierarchical, opaque };

/// What a standard handler's check() calls: the scheme's parse_X, its view
/// dropped (the registry gives a verdict; the typed view gives the values).
using check_fn = result<void> (*)(const url_view&, const scheme_options&);

/// The verdict of a parse_X: its error, or success.
template <class View>
result<void> verdict(const result<View>& r) {
  if (!r) return r.error();
  return {};
}

/// A standard scheme: its name, its default port from the table of
/// <urlkit/ports.hpp> (none for a scheme not listed there), opaque or not,
/// and the check of its own grammar.
class standard_handler final : public scheme_handler {
 public:
  standard_handler(std::string_view name, check_fn check, syntax s = syntax::hierarchical) noexcept
      : name_(name),
        port_(urlkit::default_port(name)),
        check_(check),
        opaque_(s == syntax::opaque) {}
  std::string_view name() const noexcept override { return name_; }
  std::optional<std::uint16_t> default_port() const noexcept override { return port_; }
  bool opaque() const noexcept override { return opaque_; }
  result<void> check(const url_view& url, const scheme_options& options) const override {
    return check_(url, options);
  }

 private:
  std::string_view name_;
  std::optional<std::uint16_t> port_;
  check_fn check_;
  bool opaque_;
};

}  // namespace urlkit::schemes
