// The public parsing functions (url_view.hpp) around the X3 grammar.
#include <cstdint>
#include <optional>

#include "core/parse_reading.hpp"
#include "grammar/reference.hpp"
#include "urlkit/detail/error_at.hpp"

#include "urlkit/url_view.hpp"

namespace urlkit {

namespace {

// The parse of `s` into `v` (a view as made by default): the error, or
// nullopt.  Inlined into parse_with and parse_absolute_into, which give it
// the view inside their results.
[[gnu::always_inline]] inline std::optional<error> parse_into(
    url_view& v, std::string_view s, const parse_options& options,
    grammar::structure::reading how) noexcept {
  if (s.size() >= UINT32_MAX) {
    // The view's offsets are 32-bit: the error is at the first byte beyond
    // them, and is given before any byte is read.
    return detail::error_at(error_code::url_too_large, rule::reference, {}, UINT32_MAX - 1);
  }
  detail_access::set_buffer(v, s);
  detail_access::mode(v) = options.mode;
  grammar::parse_state st;
  st.begin = s.data();
  st.end = s.data() + s.size();
  st.mode = options.mode;
  st.sink = options.on_warning;
  st.accept_excluded = options.accept_excluded;
  st.out = &v;
  if (!grammar::parse(s, st, how)) return st.err;
  return std::nullopt;
}

// Inlined into both overloads: a call between them, with the options copied
// on the stack, was 20 instructions a URL.
[[gnu::always_inline]] inline result<url_view> parse_with(
    std::string_view s, const parse_options& options,
    grammar::structure::reading how = grammar::structure::reading::automatic) noexcept {
  // The view is built inside the result and the result is returned by name
  // (every path returns `r`), so the view is never copied: at a few hundred
  // bytes, that copy used to cost more than parsing a typical URL.
  result<url_view> r(std::in_place);
  if (auto e = parse_into(*r, s, options, how)) r = *e;
  return r;
}

}  // namespace

result<url_view> detail::parse_reference_reading(std::string_view s, const parse_options& options,
                                                 grammar::structure::reading how) noexcept {
  return parse_with(s, options, how);
}

result<url_view> parse_reference(std::string_view s, const parse_options& options) noexcept {
  return parse_with(s, options);
}

result<url_view> parse_reference(std::string_view s, mode m) noexcept {
  parse_options o;
  o.mode = m;
  return parse_with(s, o);
}

namespace {

// What parse_absolute says of a reference `s` without a scheme: it points at
// what stopped the scheme, the first byte that is not a scheme character, or
// the start when there is none (draft 4.1).
error scheme_expected(std::string_view s) noexcept {
  std::size_t n = 0;
  while (n < s.size() && charset::is(charset::scheme, s[n])) ++n;
  return detail::error_at(error_code::scheme_expected, rule::scheme, s, n);
}

}  // namespace

result<url_view> parse_absolute(std::string_view s, const parse_options& options) noexcept {
  result<url_view> r = parse_reference(s, options);
  if (r && !r->has_scheme()) r = scheme_expected(s);
  return r;  // one name on every path: no copy of the view
}

std::optional<error> detail::parse_absolute_into(url_view& v, std::string_view s,
                                                 const parse_options& options) noexcept {
  if (auto e = parse_into(v, s, options, grammar::structure::reading::automatic)) return e;
  if (!v.has_scheme()) return scheme_expected(s);
  return std::nullopt;
}

result<url_view> parse_absolute(std::string_view s, mode m) noexcept {
  parse_options o;
  o.mode = m;
  return parse_absolute(s, o);
}

}  // namespace urlkit
