// The grammar's entry point (implemented in reference.cpp), without Spirit in sight.
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

/// Parses `s` as a URL-reference into *st.out.  False: st.err says why.
bool parse(std::string_view s, parse_state& st) noexcept;

}  // namespace urlkit::grammar
