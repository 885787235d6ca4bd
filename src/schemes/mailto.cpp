// mailto URLs: RFC 1738 3.5; lenient mode, RFC 6068 2 (grammar: src/grammar/mailto.cpp).
#include "urlkit/schemes/mailto.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/detail_access.hpp"
#include "grammar/mailto.hpp"
#include "grammar/mailto_common.hpp"
#include "schemes/support.hpp"

namespace urlkit {

// ---- mailto_headers, mailto_addresses: RFC 6068 2 ----------------------------------

namespace {

/// The next element of `rest` up to `separator` (the rest follows it);
/// `more` says whether a separator ended it.
std::string_view next_element(std::string_view& rest, bool& more, char separator) noexcept {
  const std::size_t at = rest.find(separator);
  const std::string_view element = rest.substr(0, at);
  more = at != std::string_view::npos;
  rest = more ? rest.substr(at + 1) : std::string_view{};
  return element;
}

}  // namespace

query_param_view mailto_headers::iterator::operator*() const noexcept {
  return query_param_view(field_);
}

mailto_headers::iterator& mailto_headers::iterator::operator++() noexcept {
  while (more_) {
    field_ = next_element(rest_, more_, '&');
    if (!field_.empty()) return *this;  // "&&" holds none
  }
  done_ = true;
  field_ = {};
  return *this;
}

mailto_headers::iterator mailto_headers::begin() const noexcept {
  iterator it;
  if (!present_) return it;
  it.rest_ = hfields_;
  it.more_ = true;
  it.done_ = false;
  return ++it;
}

std::size_t mailto_headers::size() const noexcept {
  std::size_t n = 0;
  for (auto it = begin(); it != end(); ++it) ++n;
  return n;
}

mailto_addresses::iterator& mailto_addresses::iterator::operator++() noexcept {
  for (;;) {
    while (list_more_) {
      address_ = next_element(list_, list_more_, ',');
      if (!address_.empty()) return *this;  // ",," holds none
    }
    // RFC 6068 2: "mailto:?to=a" means "mailto:a"; the hfvalue is a list too.
    for (; field_ != mailto_headers::iterator(); ++field_) {
      const query_param_view h = *field_;
      if (h.has_value() && grammar::hfname_is(h.encoded_name(), "to")) break;
    }
    if (field_ == mailto_headers::iterator()) break;
    list_ = (*field_).encoded_value();
    list_more_ = true;
    ++field_;
  }
  done_ = true;
  address_ = {};
  return *this;
}

mailto_addresses::iterator mailto_addresses::begin() const noexcept {
  iterator it;
  if (!list_) {  // strict mode: the one encoded822addr (a view no parse made has none)
    it.done_ = to_.data() == nullptr;
    it.address_ = to_;
    return it;
  }
  it.done_ = false;
  it.list_ = to_;
  it.list_more_ = true;
  it.field_ = headers_.begin();
  return ++it;
}

std::size_t mailto_addresses::size() const noexcept {
  std::size_t n = 0;
  for (auto it = begin(); it != end(); ++it) ++n;
  return n;
}

std::optional<std::string_view> mailto_view::encoded_header(std::string_view name) const noexcept {
  std::optional<std::string_view> found;
  if (!parts_.has_hfields) return found;
  grammar::for_each_hfield(hfields(), [&](const grammar::hfield& h) {
    if (!found && !h.field.empty() && grammar::hfname_is(h.name, name)) found = h.value;
  });
  return found;
}

std::optional<decode_view> mailto_view::header(std::string_view name) const noexcept {
  if (auto v = encoded_header(name)) return decode_view(*v);
  return std::nullopt;
}

namespace {

const char* const injection_cr =
    "CR (%0D) in a header field other than body (header injection: only body may hold a line "
    "break, RFC 6068 5)";
const char* const injection_lf =
    "LF (%0A) in a header field other than body (header injection: only body may hold a line "
    "break, RFC 6068 5)";

/// RFC 6068's header fields become header lines of the message: a CR or LF
/// decoded in a name or in any value but body's would end the line and start
/// a header field of its own (To:, Bcc:, ...) that the URL's text hides.
/// Refused in both modes, at the escape; body's lines are its own (5).
std::optional<error> refused_in_hfields(const url_view& url, std::string_view hfields) noexcept {
  std::optional<error> e;
  grammar::for_each_hfield(hfields, [&](const grammar::hfield& h) {
    if (e) return;
    e = schemes::refused_escape(url, h.name, "mailto hfname", rule::query, true);
    if (!e && !grammar::hfname_is(h.name, "body"))
      e = schemes::refused_escape(url, h.value, "mailto hfvalue", rule::query, true);
    if (e) e->detail = e->detail == std::string_view("CR (%0D)") ? injection_cr : injection_lf;
  });
  return e;
}

// parse_mailto's ways: a text read in one pass or two, a parsed URL read a
// block at a time or a byte at a time (docs/performance.md, "What each
// technique buys": "mailto: the common form read a block at a time",
// "parse_mailto(text) reads a plain address in one pass").  Each makes the
// view from its url_view and a detail::mailto_parts, through the
// constructor its result calls, as every view is made.

std::uint32_t offset(const char* from, const char* to) noexcept {
  return static_cast<std::uint32_t>(to - from);
}

std::uint32_t size_of(std::string_view s) noexcept {
  return static_cast<std::uint32_t>(s.size());
}

// The parts of what the grammar found, as offsets into the scheme-specific
// part (where the to-part, or strict mode's address, starts).
detail::mailto_parts parts_of(const grammar::mailto_parts& g) noexcept {
  detail::mailto_parts p;
  p.address_at = offset(g.to.data() ? g.to.data() : g.address.data(), g.address.data());
  p.address_size = size_of(g.address);
  p.local_size = size_of(g.local_part);
  p.domain_at = g.addr_spec ? offset(g.address.data(), g.domain.data()) : 0;
  p.to_size = size_of(g.to.data() ? g.to : g.address);
  p.hfields_size = size_of(g.hfields);
  p.addr_spec = g.addr_spec;
  p.has_hfields = g.has_hfields;
  p.list = g.list;
  return p;
}

// An addr-spec in its common form, the whole scheme-specific part `raw`,
// whose "@" is `at`.
result<mailto_view> common(const url_view& u, std::string_view raw, const char* at) noexcept {
  detail::mailto_parts p;
  p.address_size = p.to_size = size_of(raw);
  p.local_size = offset(raw.data(), at);
  p.domain_at = p.local_size + 1;
  p.addr_spec = true;
  return result<mailto_view>(std::in_place, u, p);
}

// The view of a common address that one_pass read, its generic view made
// in place inside it: a url_view made apart and then copied in was read
// back in wider loads than the stores that had just written it, which the
// processor cannot forward (a stall that doubled the time of the pass).
// Unused where URLKIT_BLOCKS is off (WebAssembly, non-x86): one_pass calls it.
[[maybe_unused]] result<mailto_view> common_in_one_pass(std::string_view s, mode m,
                                                        std::string_view raw,
                                                        const char* at) noexcept {
  result<mailto_view> r = common(url_view(), raw, at);
  url_view& u = detail_access::url(*r);
  detail_access::set_buffer(u, s);
  detail_access::mode(u) = m;
  detail_access::scheme(u) = s.substr(0, raw.data() - s.data() - 1);
  detail_access::path(u) = raw;
  return r;
}

// Any address that was not read a block at a time: its common form read a
// byte at a time, else every check, and the error that refuses the address,
// if any.
result<mailto_view> parse_bytewise(const url_view& url, const scheme_options& options) {
  const std::string_view raw = grammar::scheme_part_of(url);
  if (detail::ascii::iequals(url.scheme(), "mailto"))
    if (const char* at = grammar::bytewise_common_mailto_at_sign(raw)) return common(url, raw, at);
  // An address goes into an SMTP command line ("RCPT TO:<...>"): an
  // encoded CR or LF would end it early (RFC 1738 6).  Checked before the
  // grammar so that it is reported as such in both modes.  Strict mode's
  // address is the whole text; lenient mode's addresses are the to-part,
  // and its header fields have a rule of their own.
  auto refused_in_message = [&]() -> std::optional<error> {
    const bool lenient = options.mode == mode::lenient;
    const grammar::mailto_split split =
        lenient ? grammar::split_mailto(raw) : grammar::mailto_split{raw, {}, false};
    if (auto e = schemes::refused_escape(url, split.to, "mailto encoded822addr", rule::path, true))
      return e;
    if (split.has_hfields) return refused_in_hfields(url, split.hfields);
    return std::nullopt;
  };
  grammar::mailto_parts parts;
  if (auto e = schemes::checked_parts<"mailto", grammar::parse_mailto>(url, options, parts,
                                                                       refused_in_message))
    return *e;
  return result<mailto_view>(std::in_place, url, parts_of(parts));
}

// parse_mailto(string) as every view's string overload reads it: the
// generic parse, then the checks of a parsed URL.
result<mailto_view> two_pass(std::string_view s, const scheme_options& options) {
  auto u = detail::parse_for_view(s, options);
  if (!u) return u.error();
  return parse_mailto(*u, options);
}

#if URLKIT_BLOCKS
// parse_mailto(string) when the text is "mailto:" (in any case) and a
// common address to its end, read a block at a time: one pass over it.
// The generic parse of such a text (draft 2.1, 4) is the scheme and a path,
// nothing else: the common address has no "/", ";", "?", "#" or "%", and no
// byte it warns of in either mode.  So the view it would give is made here,
// without it; any other text is read in two passes.  (A common address
// read a block at a time is under 64 bytes: the view's offsets hold it.)
URLKIT_BLOCKS_TARGET result<mailto_view> one_pass(std::string_view s,
                                                  const scheme_options& options) {
  constexpr std::size_t scheme_size = 6;  // "mailto"
  if (s.size() > scheme_size + 1 && s[scheme_size] == ':' &&
      detail::ascii::iequals(s.substr(0, scheme_size), "mailto")) {
    const std::string_view raw = s.substr(scheme_size + 1);
    if (const char* at = grammar::blockwise_common_mailto_at_sign(raw, s.data()))
      return common_in_one_pass(s, options.mode, raw, at);
  }
  return two_pass(s, options);
}

// The common address, read a block at a time: the whole check and the
// view, made at once in its result, in one function (compiled for AVX2,
// which the blockwise reading is inlined into: a call less, and fewer
// registers saved).
URLKIT_BLOCKS_TARGET result<mailto_view> parse_blockwise(const url_view& url,
                                                         const scheme_options& options) {
  if (detail::ascii::iequals(url.scheme(), "mailto")) {
    const std::string_view raw = grammar::scheme_part_of(url);
    if (const char* at = grammar::blockwise_common_mailto_at_sign(raw, url.buffer().data()))
      return common(url, raw, at);
  }
  return parse_bytewise(url, options);
}
#endif

}  // namespace

result<mailto_view> mailto_view::from_url(const url_view& url, const scheme_options& options) {
  // Nearly every address has the common form (dot-atoms "@" a host), which
  // needs no other check.
#if URLKIT_BLOCKS
  if (grammar::blocks::detected) return parse_blockwise(url, options);
#endif
  return parse_bytewise(url, options);
}

result<mailto_view> mailto_view::from_string(std::string_view s, const scheme_options& options) {
#if URLKIT_BLOCKS
  if (grammar::blocks::detected) return one_pass(s, options);
#endif
  return two_pass(s, options);
}

}  // namespace urlkit
