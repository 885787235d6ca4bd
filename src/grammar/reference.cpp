// The one translation unit that compiles the X3 grammar (it pays for the
// Spirit headers once) and the entry point the rest of the library calls.
#include "grammar/reference.hpp"
#include "grammar/reference_def.hpp"

namespace urlkit::grammar {

BOOST_SPIRIT_INSTANTIATE(reference_type, iterator_type, context_type)

reference_type const& reference_rule() {
  return reference;
}

bool parse(std::string_view s, parse_state& st) noexcept {
  const char* first = s.data();
  const char* const last = first + s.size();
  auto ctx = x3::make_context<state_tag>(st);
  x3::unused_type unused;
  const bool ok = reference.parse(first, last, ctx, unused, unused);
  if (st.failed) return false;
  // The grammar has no way to stop early without recording why; if it ever
  // did, say where rather than return a truncated view.
  if (!ok || first != last)
    return st.fail(first, error_code::unexpected_character, rule::reference, first != last);
  return true;
}

}  // namespace urlkit::grammar
