// parse_reference with the reading chosen: byte by byte, or from the masks
// of 16 or 32 bytes (grammar/structure.hpp).  For the tests and the fuzz
// target, which compare the readings on the same input; the library itself
// reads as parse_reference does (reading::automatic).  Private to src/.
#pragma once

#include <string_view>

#include "grammar/structure.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::detail {

result<url_view> parse_reference_reading(std::string_view s, const parse_options& options,
                                         grammar::structure::reading how) noexcept;

}  // namespace urlkit::detail
