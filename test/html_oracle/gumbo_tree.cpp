// The oracle's gumbo layer (gumbo_tree.hpp): names, values and replaced
// bytes, read in the document's own bytes.
#include "gumbo_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "text.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"

namespace urlkit::html::oracle::detail {

namespace {

/// Whether gumbo replaces code point `c` with U+FFFD when it reads the input
/// (HTML's "preprocessing the input stream": controls other than ASCII white
/// space, and noncharacters).
bool replaced_by_gumbo(std::uint32_t c) noexcept {
  return (c >= 0x01 && c <= 0x08) || c == 0x0B || (c >= 0x0E && c <= 0x1F) ||
         (c >= 0x7F && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

}  // namespace

/// Where one of gumbo's original_* spans lies in the document: offsets
/// [begin, end), or nullopt when it does not point into the document.  The
/// arithmetic is on offsets, never on gumbo's pointer and length: gumbo
/// computes a length as end - start, which wraps around when its start is
/// past its end (value_of() says when), so begin > end is returned as it is
/// and each caller decides what it means.
std::optional<source_span> span_in(const GumboStringPiece& p, std::string_view document) noexcept {
  const char* first = document.data();
  const std::less<const char*> before;  // a total order, also for pointers elsewhere
  if (p.data == nullptr || before(p.data, first) || before(first + document.size(), p.data))
    return std::nullopt;
  const auto begin = static_cast<std::size_t>(p.data - first);
  const std::size_t end = begin + p.length;  // unsigned: wraps back where gumbo's length did
  if (end > document.size()) return std::nullopt;
  return source_span{begin, end};
}

/// The element's name in lower case: gumbo's for the tags it knows, else
/// the name as written (HTML names are case-insensitive, Appendix D).
/// original_tag can start with text gumbo dropped: "</>" makes no token, and
/// its bytes stay in front of the next tag's.  So the name is read where the
/// tokenizer reads a start tag (its "tag open" and "tag name" states): at the
/// first "<" followed by a letter, up to white space, "/" or ">".  gumbo's
/// own reading takes such a text for an end tag and its attributes for the
/// name, which then changes when a value is rewritten.
std::string element_name(const GumboElement& e, std::string_view document) {
  if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
  const auto tag = span_in(e.original_tag, document);
  if (!tag || tag->begin > tag->end) return {};
  const std::string_view text = document.substr(tag->begin, tag->end - tag->begin);
  std::size_t open = 0;
  while (open + 1 < text.size() &&
         !(text[open] == '<' && charset::is(charset::alpha, text[open + 1])))
    ++open;
  if (open + 1 >= text.size()) return {};
  std::string s;
  for (std::size_t i = open + 1;
       i < text.size() && !detail::is_html_space(text[i]) && text[i] != '/' && text[i] != '>'; ++i)
    s += urlkit::detail::ascii::lower(text[i]);
  return s;
}

/// The key of the element in url_attributes(): its name, or "*svg" /
/// "*math" for foreign content, where href is a link on any element.
std::string element_key(const GumboElement& e, std::string_view document) {
  if (e.tag_namespace == GUMBO_NAMESPACE_SVG) return "*svg";
  if (e.tag_namespace == GUMBO_NAMESPACE_MATHML) return "*math";
  return element_name(e, document);
}

/// The attribute's name (gumbo lower-cases HTML names), with its namespace
/// prefix for the adjusted foreign attributes.
std::string attribute_name(const GumboAttribute& a) {
  switch (a.attr_namespace) {
    case GUMBO_ATTR_NAMESPACE_XLINK:
      return std::string("xlink:") + a.name;
    case GUMBO_ATTR_NAMESPACE_XML:
      return std::string("xml:") + a.name;
    case GUMBO_ATTR_NAMESPACE_XMLNS:
      return std::string_view(a.name) == "xmlns" ? "xmlns" : std::string("xmlns:") + a.name;
    case GUMBO_ATTR_NAMESPACE_NONE:
      break;
  }
  return a.name;
}

/// The value of `a`, or nullopt for an attribute written without one
/// ("<a href>": nothing to rewrite in place).
std::optional<attribute_value> value_of(const GumboAttribute& a, std::string_view document) {
  // For an attribute without a value gumbo points original_value at the
  // name (and leaves value_start unset).
  if (a.original_value.data == nullptr || a.original_value.data == a.original_name.data)
    return std::nullopt;
  const auto value = span_in(a.original_value, document);
  if (!value) return std::nullopt;
  attribute_value v;
  v.begin = value->begin;
  v.end = value->end;
  // gumbo starts the original_value of an unquoted value after the character
  // references it begins with ("<a href=&#46;./x>" gives "./x"), and, when
  // the value is one reference followed by CR LF, after the CR as well,
  // while it ends the value at the CR ("<a href=&#46;\r\n>": start 14, end
  // 13).  The value starts after the "=" and the white space after it.
  const auto name = span_in(a.original_name, document);
  if (name && name->begin <= name->end && name->end <= v.begin) {
    std::size_t p = name->end;
    while (p < v.begin && detail::is_html_space(document[p])) ++p;
    if (p < v.begin && document[p] == '=') {
      ++p;
      while (p < v.begin && detail::is_html_space(document[p])) ++p;
      v.begin = p;
    }
  }
  if (v.begin > v.end) return std::nullopt;
  std::string_view written = document.substr(v.begin, v.end - v.begin);
  if (!written.empty() && (written[0] == '"' || written[0] == '\'')) {
    if (written.size() < 2 || written.back() != written[0]) return std::nullopt;
    v.quote = written[0];
    written = written.substr(1, written.size() - 2);
  }
  v.content_begin = v.begin + (v.quote != 0 ? 1 : 0);
  v.content = written;
  v.raw = written.find('&') == std::string_view::npos;
  v.decoded = v.raw ? written : std::string_view(a.value);
  return v;
}

/// The first byte of `s` that gumbo does not read as written: one that makes
/// it invalid UTF-8, a NUL, or the first byte of a character that gumbo
/// replaces (replaced_by_gumbo); npos when there is none.
std::size_t first_non_utf8(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == 0 || replaced_by_gumbo(b)) return i;
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    std::uint32_t c = 0;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1;
      c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2;
      c = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;  // overlong
      if (b == 0xED) hi = 0x9F;  // surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3;
      c = b & 0x07;
      if (b == 0xF0) lo = 0x90;  // overlong
      if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return i;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
      c = (c << 6) | (d & 0x3F);
    }
    if (replaced_by_gumbo(c)) return i;
    i += n + 1;
  }
  return std::string_view::npos;
}

/// The error of a value gumbo decoded with a byte it replaced (at `bad_byte`
/// of the value as written): the URL it gives is not the one written.
urlkit::error replaced_byte(const attribute_value& value, std::size_t bad_byte) noexcept {
  urlkit::error e{};
  e.code = error_code::invalid_character;
  e.rule = rule::reference;
  e.offset = bad_byte;
  e.byte = static_cast<unsigned char>(value.content[bad_byte]);
  e.has_byte = true;
  return e;
}

}  // namespace urlkit::html::oracle::detail
