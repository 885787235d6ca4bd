// What a scheme's grammar needs to run over a parsed view: a parse state set
// up for that view.  No Spirit here.
#pragma once

#include <string_view>

#include "grammar/state.hpp"
#include "urlkit/scheme_options.hpp"

namespace urlkit::grammar {

/// A parse state for checking `u` with a scheme's grammar: offsets count from
/// the start of u's buffer; warnings go to the options' sink only.
inline parse_state scheme_state(const url_view& u, const scheme_options& o) noexcept {
  parse_state st;
  st.begin = u.buffer().data();
  st.end = u.buffer().data() + u.buffer().size();
  st.mode = o.mode;
  st.sink = o.on_warning;
  st.out = nullptr;
  return st;
}

/// Whether every byte that the draft's class `draft` takes, RFC 1738's class
/// `production` takes too, but those of `except`: then a run the generic
/// parse checked against `draft` needs a second scan against `production`
/// only where it holds one of `except` (checked by a static_assert where a
/// grammar relies on it).
constexpr bool draft_class_within(charset::mask draft, charset::mask production,
                                  std::string_view except = {}) noexcept {
  for (unsigned c = 0; c < 256; ++c)
    if ((charset::table[c] & draft) && !(charset::table[c] & production) &&
        except.find(static_cast<char>(c)) == std::string_view::npos)
      return false;
  return true;
}

/// Whether the generic parse of `u` warned about nothing: then every byte of
/// its components is one its component's class takes, or a valid escape
/// (draft 2.3.3).  (A url's view counts the warnings of every value set into
/// it, so it never says clean where a parse of its text would warn.)
inline bool generic_clean(const url_view& u) noexcept {
  return u.warning_count() == 0;
}

/// Where the fragment (if any) starts, "#" included: the end of the URL proper.
inline const char* url_end(const url_view& u) noexcept {
  return u.has_fragment() ? u.encoded_fragment().data() - 1 : u.buffer().data() + u.buffer().size();
}

/// The <scheme-specific-part> (RFC 1738 2.1): after "scheme:", up to the fragment.
inline std::string_view scheme_part_of(const url_view& u) noexcept {
  const char* first = u.buffer().data() + (u.has_scheme() ? u.scheme().size() + 1 : 0);
  return {first, static_cast<std::size_t>(url_end(u) - first)};
}

/// The <url-path> of RFC 1738 3.1, raw: after the "/" that follows the login,
/// up to the fragment.  Null data when the "/" is omitted (and the url-path
/// with it) or there is no login.
inline std::string_view url_path_of(const url_view& u) noexcept {
  if (!u.has_server() || !u.absolute_path()) return {};
  const char* first = u.encoded_path().data();
  return {first, static_cast<std::size_t>(url_end(u) - first)};
}

}  // namespace urlkit::grammar
