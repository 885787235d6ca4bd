// The names of the standard registry's schemes, and which of them are opaque,
// as constant tables: what resolve, make_relative and extract need to know of
// the standard schemes without building scheme_registry::standard(), whose
// handlers link every scheme grammar.  A unit test (scheme_test) checks that
// they say what the standard registry says.
#pragma once

#include <string_view>

#include "urlkit/ports.hpp"

namespace urlkit::detail {

/// The schemes of scheme_registry::standard(), lower case.
inline constexpr std::string_view standard_schemes[] = {
    "ftp",  "http", "https",  "ws",   "wss",  "gopher",   "mailto",
    "news", "nntp", "telnet", "wais", "file", "prospero", "data",
};

/// Those registered as opaque (draft 4.2: their URLs are not in the generic
/// syntax): mailto (RFC 1738 3.5), news (3.6), data (RFC 2397).
inline constexpr std::string_view standard_opaque_schemes[] = {"mailto", "news", "data"};

/// Whether `scheme` (any case) is one of standard_schemes.
constexpr bool is_standard_scheme(std::string_view scheme) noexcept {
  for (std::string_view s : standard_schemes)
    if (equals_lower(scheme, s)) return true;
  return false;
}

/// Whether `scheme` (any case) is one of standard_opaque_schemes.
constexpr bool is_standard_opaque(std::string_view scheme) noexcept {
  for (std::string_view s : standard_opaque_schemes)
    if (equals_lower(scheme, s)) return true;
  return false;
}

}  // namespace urlkit::detail
