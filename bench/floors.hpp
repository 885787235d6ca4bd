// The floors of the benchmark: what any parser of a URL-reference must at
// least do, timed over the same bytes as the parsers (docs/performance.md,
// "What is timed").  Benchmark code, not part of the library.
#pragma once

#include <cstdint>
#include <string_view>

namespace urlkit_bench {

/// Where split() found the delimiters of a URL-reference: offsets into it,
/// `absent` where there is none.
struct url_split {
  static constexpr std::uint32_t absent = ~std::uint32_t{0};
  std::uint32_t scheme_end = absent;    ///< the scheme's ":"
  std::uint32_t server_begin = absent;  ///< after "//"
  std::uint32_t server_end = absent;    ///< the "/", ";", "?", "#" or end after the server
  std::uint32_t path_begin = 0;
  std::uint32_t params = absent;    ///< the first ";" after the server
  std::uint32_t query = absent;     ///< the "?"
  std::uint32_t fragment = absent;  ///< the "#"
};

/// The scalar splitter: one pass over `s` that finds the delimiters of a
/// URL-reference (draft-fielding-uri-url-00 section 2.4's order: the
/// scheme's ":", "//" and the server's end, ";", "?", "#") and stores their
/// offsets, with a 256-entry class table and one loop per part, each
/// stopping at the classes that end its part.  It checks nothing: every
/// string is split, none refused.  The floor of a parse that also checks
/// each component's characters.
url_split split(std::string_view s) noexcept;

}  // namespace urlkit_bench
