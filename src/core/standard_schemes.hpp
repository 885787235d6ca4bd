// The names of the standard registry's schemes, and which of them are opaque,
// as constant tables: what resolve, make_relative and extract need to know of
// the standard schemes without building scheme_registry::standard(), whose
// handlers link every scheme grammar.  A unit test (scheme_test) checks that
// they say what the standard registry says.
#pragma once

#include <iterator>
#include <string_view>
#include <utility>

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

/// What the text after "scheme:" of every URL of a standard scheme holds, as
/// its grammar reads it in lenient mode: the server-based schemes begin with
/// "//" (RFC 1738 5: ftpurl = "ftp://" login ..., httpurl = "http://"
/// hostport ..., and so on), file with "/" ("file://" [ host ] "/" fpath,
/// lenient mode also taking an absolute path alone), data holds a ","
/// (RFC 2397 3: dataurl := "data:" [ mediatype ] [ ";base64" ] "," data);
/// mailto and news need nothing the generic syntax does not check.  What
/// extract knows of a standard scheme's check without linking its grammar.
struct standard_scheme_needs {
  std::string_view name;
  std::string_view starts_with;  // the text after "scheme:" begins with this
  char holds;                    // ... and holds this byte (0: none needed)
};
inline constexpr standard_scheme_needs standard_scheme_marks[] = {
    {"ftp", "//", 0},      {"http", "//", 0},   {"https", "//", 0}, {"ws", "//", 0},
    {"wss", "//", 0},      {"gopher", "//", 0}, {"mailto", "", 0},  {"news", "", 0},
    {"nntp", "//", 0},     {"telnet", "//", 0}, {"wais", "//", 0},  {"file", "/", 0},
    {"prospero", "//", 0}, {"data", "", ','},
};

/// Whether `rest`, the text after "scheme:" of a URL whose scheme is
/// `scheme` (any case), has what every URL of that standard scheme has
/// (standard_scheme_marks); true for a scheme that is not standard.
constexpr bool has_standard_marks(std::string_view scheme, std::string_view rest) noexcept {
  for (const standard_scheme_needs& m : standard_scheme_marks)
    if (ascii::iequals(scheme, m.name))
      return rest.substr(0, m.starts_with.size()) == m.starts_with &&
             (m.holds == 0 || rest.find(m.holds) != std::string_view::npos);
  return true;
}

/// Whether `scheme` (any case) is one of standard_schemes.
constexpr bool is_standard_scheme(std::string_view scheme) noexcept {
  for (std::string_view s : standard_schemes)
    if (ascii::iequals(scheme, s)) return true;
  return false;
}

/// Whether `scheme` (any case) is one of standard_opaque_schemes.  Asked of
/// every base that a relative reference is resolved against: the names are
/// compared one by one as constants (a length test, then two words with
/// their case bits set), where a loop over the table compared them a byte at
/// a time.
constexpr bool is_standard_opaque(std::string_view scheme) noexcept {
  static_assert([] {
    for (std::string_view name : standard_opaque_schemes)
      if (!ascii::is_lower_letters(name)) return false;
    return true;
  }());
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (ascii::equals_lower_letters(scheme, standard_opaque_schemes[I]) || ...);
  }
  (std::make_index_sequence<std::size(standard_opaque_schemes)>{});
}

}  // namespace urlkit::detail
