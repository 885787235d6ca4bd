// Declarations of the top-level rule, reference_rule() (Spirit X3 layout: DECLARE here, DEFINE
// in reference_def.hpp, INSTANTIATE in reference.cpp).  Private to src/.
#pragma once

#include "grammar/config.hpp"

namespace urlkit::grammar {

struct reference_class;
using reference_type = x3::rule<reference_class>;
BOOST_SPIRIT_DECLARE(reference_type)

reference_type const& reference_rule();

}  // namespace urlkit::grammar
