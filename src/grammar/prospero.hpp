// The prospero grammar's result, without Spirit (RFC 1738 3.11, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct prospero_parts {
  std::string_view ppath{};   // raw <hsoname>, never null on success (possibly empty)
  std::string_view fields{};  // raw *[ fieldspec ], from the first ";" (empty when none)
};

/// Checks `u` (a prospero URL) against prosperourl; false: st.err says why.
bool parse_prospero(const url_view& u, parse_state& st, prospero_parts& out);

}  // namespace urlkit::grammar
