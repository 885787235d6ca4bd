// Character references in attribute values, decoded as HTML's tokenizer
// decodes them (WHATWG HTML, "Character reference state"), to the letter of
// gumbo 0.10.1, the reading the link rewriter's output is compared with.
#pragma once

#include <string>
#include <string_view>

namespace urlkit::html::detail {

/// Appends to `out` the attribute value `written` (the bytes between the
/// quotes, or an unquoted value) as HTML's tokenizer decodes it: character
/// references replaced (HTML, "character reference state" with the
/// attribute-value rules: a named reference without ";" followed by "=" or
/// an ASCII alphanumeric is left as written), and CR LF / lone CR made LF
/// ("preprocessing the input stream").  Bytes that are not references are
/// copied as they are (the caller finds bytes gumbo would replace with
/// U+FFFD itself: first_non_utf8 in stream.hpp).
///
/// Numeric references follow gumbo 0.10.1 (src/char_ref.rl), which the
/// Standard of today differs from in places:
/// - the number is read in 32 bits and wraps ("&#4294967361;" is "A"); a
///   wrapped number below 0 gives one byte, its lowest ("&#xFFFFFFFE;" is
///   the byte 0xFE, not UTF-8; the byte 0 ends the value, as gumbo's value
///   is a C string), and -1 ("&#xFFFFFFFF;") gives "&" and drops
///   the character after the reference (at the end of the value that is
///   the closing quote, which this function does not see);
/// - 0, surrogates and numbers above 0x10FFFF give U+FFFD, 0x80 to 0x9F the
///   windows-1252 character (HTML's table), and every other control or
///   noncharacter itself, 0x0D ("&#13;") included.
void decode_attribute_value(std::string_view written, std::string& out);

}  // namespace urlkit::html::detail
