// Byte-level helpers of the absolutizer: HTML's white space, a value's URLs,
// the unquoted value syntax, and the encodings it refuses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/html.hpp"

namespace urlkit::html::detail {

/// s[pos, pos + n), where the caller knows the bytes are in `s`: substr
/// without its check of `pos` and its clamp of `n`, which the tokenizer's
/// and the rewriter's views of each tag paid several times a tag.
constexpr std::string_view slice(std::string_view s, std::size_t pos, std::size_t n) noexcept {
  return {s.data() + pos, n};
}
/// s[pos, end), pos known to be at most s.size().
constexpr std::string_view slice(std::string_view s, std::size_t pos) noexcept {
  return {s.data() + pos, s.size() - pos};
}

/// Whether any URL-valued attribute (url_attributes()) has a name of this
/// length and first byte: find_url_attribute's first test, which most
/// attributes fail ("class", "id", "style").
struct attribute_filter {
  static constexpr std::size_t length = 16;  // names are shorter
  bool may[length][128] = {};
};
extern const attribute_filter url_attribute_filter;

/// Whether `name` may be a URL-valued attribute's: false rules it out.
inline bool may_be_url_attribute(std::string_view name) noexcept {
  return !name.empty() && name.size() < attribute_filter::length &&
         static_cast<unsigned char>(name[0]) < 0x80 &&
         url_attribute_filter.may[name.size()][static_cast<unsigned char>(name[0])];
}

/// ASCII white space as HTML defines it: TAB, LF, FF, CR, SPACE.
constexpr bool is_html_space(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

/// A name (an element's, an attribute's) as it is compared: its length and a
/// word of its bytes (every byte of a name of up to 8; of a longer one the
/// first four and the last four, its bytes compared when the words agree).
struct name_key {
  std::uint64_t word = 0;
  std::size_t size = 0;
};

constexpr std::uint64_t load4(const char* p) noexcept {
  return static_cast<std::uint64_t>(static_cast<unsigned char>(p[0])) |
         static_cast<std::uint64_t>(static_cast<unsigned char>(p[1])) << 8 |
         static_cast<std::uint64_t>(static_cast<unsigned char>(p[2])) << 16 |
         static_cast<std::uint64_t>(static_cast<unsigned char>(p[3])) << 24;
}

/// The key of `name`.  (Bytes [0, 4) and [size - 4, size) cover a name of 4
/// to 8 bytes, and bytes 0, size / 2 and size - 1 one of 1 to 3: for each
/// size, the word is the bytes'.)
constexpr name_key key_of(std::string_view name) noexcept {
  const char* p = name.data();
  const std::size_t n = name.size();
  if (n >= 4) return {load4(p) | load4(p + n - 4) << 32, n};
  if (n == 0) return {0, 0};
  return {static_cast<std::uint64_t>(static_cast<unsigned char>(p[0])) |
              static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8 |
              static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16,
          n};
}

/// split_urls into `out` (cleared first), whose capacity is reused.
void split_into(std::string_view value, url_list list,
                std::vector<std::pair<std::size_t, std::size_t>>& out);

/// Whether `value` can stand as an unquoted attribute value:
/// not empty, and none of white space, <"> "'" "=" "<" ">" "`" (HTML's
/// unquoted attribute value syntax).
bool fits_unquoted(std::string_view value) noexcept;

/// Why the HTML tools cannot rewrite `document` in place, or nullopt: it is
/// in UTF-16 or UTF-32, as a byte order mark or a META charset in its first
/// 1024 bytes (what HTML's encoding prescan reads) says
/// (error_code::document_encoding, at the mark or the charset's value).
std::optional<urlkit::error> refused_encoding(std::string_view document);

}  // namespace urlkit::html::detail
