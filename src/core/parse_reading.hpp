// parse_reference with the reading chosen: byte by byte, or from the masks
// of 16 or 32 bytes (grammar/structure.hpp).  For the tests and the fuzz
// target, which compare the readings on the same input; the library itself
// reads as parse_reference does (reading::automatic).  Private to src/.
#pragma once

#include <optional>
#include <string_view>

#include "grammar/structure.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::detail {

result<url_view> parse_reference_reading(std::string_view s, const parse_options& options,
                                         grammar::structure::reading how) noexcept;

/// parse_absolute(s, options), written into `v` (a url_view as made by
/// default) rather than returned: the error, or nullopt.  For a typed view's
/// string overload, which parses into the generic view inside its own
/// result rather than copying a view just written (view_parser.hpp).
std::optional<error> parse_absolute_into(url_view& v, std::string_view s,
                                         const parse_options& options) noexcept;

}  // namespace urlkit::detail
