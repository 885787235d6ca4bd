// Byte-level helpers of the absolutizer: HTML's white space, a value's URLs,
// the unquoted value syntax, and the encodings it refuses.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/html.hpp"

namespace urlkit::html::detail {

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
bool is_html_space(char c) noexcept;

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
