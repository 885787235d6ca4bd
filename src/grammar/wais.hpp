// The wais grammar's result, without Spirit (RFC 1738 3.9, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

/// Raw parts (still escaped); null data means absent.  Exactly one form:
/// database alone (waisdatabase), with search (waisindex), or with wtype and
/// wpath (waisdoc).
struct wais_parts {
  std::string_view database{};  // always present on success (possibly empty)
  std::string_view search{};    // waisindex
  std::string_view wtype{};     // waisdoc
  std::string_view wpath{};     // waisdoc
};

/// Checks `u` (a wais URL) against waisurl; false: st.err says why.
bool parse_wais(const url_view& u, parse_state& st, wais_parts& out);

}  // namespace urlkit::grammar
