// One iterator type and one context type for the whole grammar: the rules are
// declared, defined and instantiated for exactly these (a mismatch is a link
// error, not a compile error).  Spirit stays behind src/: no public header
// includes this file.
#pragma once

// In Boost 1.81 x3/nonterminal/rule.hpp does not compile alone: take all of X3.
#include <boost/spirit/home/x3.hpp>

#include "grammar/state.hpp"

namespace urlkit::grammar {

namespace x3 = boost::spirit::x3;

/// The parse state travels in the X3 context under this tag.
struct state_tag;

using iterator_type = const char*;
using context_type = x3::context<state_tag, parse_state, x3::unused_type>;

template <class Context>
parse_state& state_of(const Context& ctx) noexcept {
  return x3::get<state_tag>(ctx);
}

}  // namespace urlkit::grammar
