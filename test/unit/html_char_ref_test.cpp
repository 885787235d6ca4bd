// Attribute values decoded as HTML's tokenizer decodes them
// (src/html/char_ref.hpp), compared with gumbo 0.10.1's decoding, the
// reading the link rewriter is held to: each value V is parsed by gumbo as
// <a href="V">, <a href='V'> and <a href=V> (the forms V can be written in),
// and the href gumbo gives must be decode_attribute_value(V), byte for byte.
// The values: every named reference with and without ";" and what may follow
// it, numeric references of every class of code point, what is not a
// reference, line breaks, gumbo's quirks, and random values.  Without gumbo
// (URLKIT_HAS_GUMBO undefined) only the spot checks of known values run.  The
// decoder is internal to urlkit_html, so this runs against a static library
// only (test/CMakeLists.txt leaves it out of a shared build).
#include <boost/test/unit_test.hpp>

#ifdef URLKIT_HAS_HTML

#ifdef URLKIT_HAS_GUMBO
#include <gumbo.h>
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "alloc_counter.hpp"
#include "html/char_ref.hpp"

using urlkit::html::detail::decode_attribute_value;

namespace {

// The generated table itself, for its names only: what they decode to is
// gumbo's to say.
namespace table {
struct named_reference {
  std::string_view name;
  std::string_view value;
  bool legacy;
};
#include "html/entities.inc"
}  // namespace table

std::string decode(std::string_view v) {
  std::string out;
  decode_attribute_value(v, out);
  return out;
}

#ifdef URLKIT_HAS_GUMBO

constexpr bool with_gumbo = true;

/// `s` printable: bytes outside printable ASCII as \xHH.
std::string shown(std::string_view s) {
  std::string r;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F && b != '\\') {
      r.push_back(c);
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", b);
      r += hex;
    }
  }
  return r;
}

const GumboNode* first_a(const GumboNode* node) {
  if (node->type != GUMBO_NODE_ELEMENT) return nullptr;
  if (node->v.element.tag == GUMBO_TAG_A) return node;
  const GumboVector& children = node->v.element.children;
  for (unsigned i = 0; i < children.length; ++i)
    if (const GumboNode* a = first_a(static_cast<const GumboNode*>(children.data[i]))) return a;
  return nullptr;
}

/// The href of the first A element gumbo finds in `document`, as gumbo
/// decodes it (a C string), or nothing.
std::optional<std::string> gumbo_href(const std::string& document) {
  GumboOutput* output =
      gumbo_parse_with_options(&kGumboDefaultOptions, document.data(), document.size());
  std::optional<std::string> value;
  if (const GumboNode* a = first_a(output->root))
    if (const GumboAttribute* href = gumbo_get_attribute(&a->v.element.attributes, "href"))
      value = href->value;
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  return value;
}

/// The documents `value` can be the href of: double-quoted, single-quoted,
/// unquoted (HTML, "attribute value (unquoted) state": no white space, no
/// ">", and here no quote, which would start a quoted value).
std::vector<std::string> documents_for(std::string_view value) {
  std::vector<std::string> documents;
  const std::string v(value);
  if (v.find('"') == std::string::npos) documents.push_back("<a href=\"" + v + "\">");
  if (v.find('\'') == std::string::npos) documents.push_back("<a href='" + v + "'>");
  if (!v.empty() && v.find_first_of("\t\n\f\r >\"'") == std::string::npos)
    documents.push_back("<a href=" + v + ">");
  return documents;
}

/// Checks `value` in every form it can be written in; returns how many.
std::size_t check(std::string_view value) {
  const std::string ours = decode(value);
  std::size_t checked = 0;
  for (const std::string& document : documents_for(value)) {
    const std::optional<std::string> theirs = gumbo_href(document);
    if (!theirs)
      BOOST_ERROR("gumbo finds no href in " << shown(document));
    else if (*theirs != ours)
      BOOST_ERROR(shown(document) << ": gumbo " << shown(*theirs) << ", decoded " << shown(ours));
    ++checked;
  }
  return checked;
}

#else

constexpr bool with_gumbo = false;

std::size_t check(std::string_view) {
  return 0;
}

#endif

std::string hex(std::uint64_t n, bool upper) {
  char s[24];
  std::snprintf(s, sizeof s, upper ? "%llX" : "%llx", static_cast<unsigned long long>(n));
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(html_char_ref)

// Every name, with and without ";", at the end of the value and followed by
// what decides whether a name without ";" is a reference in an attribute
// value ("=", a letter, a digit), or by another ";".
BOOST_AUTO_TEST_CASE(named_references) {
  std::size_t checked = 0, names = 0;
  for (const table::named_reference& r : table::named_references) {
    ++names;
    const std::string name(r.name);
    for (const std::string_view after : {"", "=", "x", "1", ";"}) {
      checked += check("&" + name + ";" + std::string(after));
      checked += check("&" + name + std::string(after));
    }
    checked += check("a&" + name + ";b&" + name + " c");
  }
  BOOST_TEST(names == 2125u);  // 2,231 names, 106 of them also without ";"
  if (with_gumbo) BOOST_TEST(checked >= names * 21);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  // Spot checks, so that a wrong oracle cannot pass unnoticed.
  BOOST_TEST(decode("&amp;&lt&not=&notx&notin;&nGt;") ==
             "&<&not=&notx\xE2\x88\x89\xE2\x89\xAB\xE2\x83\x92");
  BOOST_TEST(decode("?a=1&copy=2&copy;") == "?a=1&copy=2\xC2\xA9");
  BOOST_TEST(decode("&notit;&Tab&Tab;") == "&notit;&Tab\t");
}

BOOST_AUTO_TEST_CASE(numeric_references) {
  // clang-format off
  std::vector<std::uint64_t> numbers = {
      0, 1, 8, 9, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x26, 0x41, 0x7E, 0x7F,  // C0, ASCII
      0xA0, 0xFF, 0x100, 0x7FF, 0x800,                                              // UTF-8 lengths
      0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000,                               // surrogates
      0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1FFFE,     // noncharacters
      0x1FFFF, 0x10FFFD, 0x10FFFE, 0x10FFFF, 0x110000,                              // the last
      0x7FFFFFFF, 0x80000000, 0x80000041, 0x800000FE, 0xFFFFFFFE,                   // int's sign
      0x100000000, 0x100000041, 0x100000080, 0x1000000D800, 0xFFFFFFFFFFFFFF41,     // wrapping
  };
  // clang-format on
  for (std::uint64_t n = 0x80; n <= 0x9F; ++n) numbers.push_back(n);
  std::size_t checked = 0;
  for (const std::uint64_t n : numbers) {
    for (const std::string& digits :
         {std::to_string(n), "000" + std::to_string(n), "x" + hex(n, false), "X" + hex(n, true),
          "x000" + hex(n, false)}) {
      for (const std::string_view after : {"", "x", "a", "=", ";", " ", "&amp;"}) {
        checked += check("&#" + digits + ";" + std::string(after));
        if (after != ";") checked += check("&#" + digits + std::string(after));
      }
    }
  }
  // Longer than any 64-bit number.
  for (const std::string& huge :
       {std::string(40, '7'), "x" + std::string(40, 'f') + "41", "1" + std::string(30, '0')})
    for (const std::string_view after : {"", ";", "x"})
      checked += check("&#" + huge + std::string(after));
  if (with_gumbo) BOOST_TEST(checked > 5000u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  BOOST_TEST(decode("&#0;&#x80;&#x81;&#xD800;&#x110000;&#1;&#13;") ==
             "\xEF\xBF\xBD\xE2\x82\xAC\xC2\x81\xEF\xBF\xBD\xEF\xBF\xBD\x01\x0D");
  // gumbo reads the number in 32 bits: it wraps.
  BOOST_TEST(decode("&#4294967361;&#x100000041") == "AA");
  BOOST_TEST(decode("&#xFFFFFFFE;") == "\xFE");
}

BOOST_AUTO_TEST_CASE(not_references) {
  std::size_t checked = 0;
  for (const std::string_view v :
       {"&",         "&&",           "&&&amp;",    "&#",       "&#x",       "&#X",
        "&#;",       "&#x;",         "&#X;",       "&#xg;",    "&#a",       "&#-1;",
        "&#+1;",     "&# 65;",       "a&b",        "&;",       "& ",        "&=",
        "&1;",       "&1amp;",       "&AMP",       "&Amp;",    "&amp",      "&ampamp",
        "&am",       "&#65&#66;",    "&&#65;",     "&#x&#65;", "x&",        "a&#",
        "&#\r\n",    "&\r\n",        "&amp\r\n",   "&amp;;",   "&#38;amp;", "&#x26;#x41;",
        "",          "plain",        "=",          "&#x41g",   "&#65x",     "&#\xC3\xA9",
        "&\xC3\xA9", "&amp\xC3\xA9", "&no\xC3\xA9"})
    checked += check(v);
  if (with_gumbo) BOOST_TEST(checked > 100u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  BOOST_TEST(decode("&#;&#x;&#x41g") == "&#;&#x;Ag");
}

// "Preprocessing the input stream": CR LF and a lone CR are LF; a CR a
// reference gives stays.
BOOST_AUTO_TEST_CASE(line_breaks) {
  std::size_t checked = 0;
  for (const std::string_view v :
       {"\r\n", "\r", "\n", "a\rb", "a\r\nb", "\r\r\n", "\n\r", "\r\n\r\n", "\r\r", "&amp;\r\n",
        "&#65\r\n", "&#x41\r", "&not\r\n", "&#13;\n", "&#13;\r\n", "a&#10;b", "&NewLine;\r",
        "\r\n&amp;\r", "&lt;&#13;\r"})
    checked += check(v);
  if (with_gumbo) BOOST_TEST(checked > 30u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  BOOST_TEST(decode("a\r\nb\rc\n\r\n") == "a\nb\nc\n\n");
  BOOST_TEST(decode("&#13;\r") == "\r\n");
}

// A number that wraps to -1 is gumbo's "no character": its tokenizer writes
// "&" and drops the character after the reference, whatever its length.
// (What follows it is UTF-8 here: bytes that are not are the caller's to
// replace, as first_non_utf8 finds them.)
BOOST_AUTO_TEST_CASE(gumbo_no_character) {
  std::size_t checked = 0;
  for (const std::string_view v :
       {"&#xFFFFFFFF;b", "&#4294967295;bc", "&#xFFFFFFFFx", "&#x1FFFFFFFF;b", "&#xFFFFFFFF;\r\nz",
        "&#xFFFFFFFF;\rz", "&#xFFFFFFFF;\nz", "&#xFFFFFFFF;\xC3\xA9z", "&#xFFFFFFFF;\xE2\x82\xACz",
        "&#xFFFFFFFF;\xF0\x9F\x98\x80z", "&#xFFFFFFFF;\xE2\x82z", "&#xFFFFFFFF;\xFFz",
        "&#xFFFFFFFF;\xEDz", "&#xFFFFFFFF;\xF0\x9Fz", "&#xFFFFFFFF;&amp;",
        "&#xFFFFFFFF;&#x80000041;", "a&#xFFFFFFFF;&#xFFFFFFFF;bc",
        "&#9999999999999999999999999999999999999999;b"})  // 10^40 - 1 is -1 in 32 bits
    checked += check(v);
  if (with_gumbo) BOOST_TEST(checked > 20u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  BOOST_TEST(decode("&#xFFFFFFFF;\xE2\x82\xACz&#4294967295;") == "&z&");
#ifdef URLKIT_HAS_GUMBO
  // At the end of a value the character dropped is the closing quote, which
  // the decoder does not see: gumbo's value runs on to the next quote.
  BOOST_TEST(gumbo_href("<a href=\"x&#xFFFFFFFF;\" title=\"t\">").value_or("(none)") ==
             decode("x&#xFFFFFFFF;") + " title=");
#endif
}

// A reference that gives the byte 0 (a wrapped number) ends gumbo's value,
// a C string.
BOOST_AUTO_TEST_CASE(nul_ends_the_value) {
  std::size_t checked = 0;
  for (const std::string_view v :
       {"a&#x80000000;b", "&#x100000000;&amp;", "&#x80000000", "&#2147483648;x"})
    checked += check(v);
  if (with_gumbo) BOOST_TEST(checked == 12u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
  BOOST_TEST(decode("a&#x80000000;b") == "a");
  BOOST_TEST(decode("&#x100000000;") == "\xEF\xBF\xBD");  // 0 itself is U+FFFD
}

// Values drawn from pieces that make references, broken ones, and line
// breaks, with a fixed seed: the same values on every run.
BOOST_AUTO_TEST_CASE(random_values) {
  static constexpr std::string_view pieces[] = {
      "&",     "&",   "&",     "&#",   "&#x",      "&#X", "#",  "x",    "X",     ";",
      ";",     "=",   "\r",    "\n",   "\r\n",     "0",   "1",  "9",    "a",     "f",
      "F",     "g",   "z",     "Z",    "amp",      "AMP", "lt", "not",  "notin", "copy",
      "nGt",   "Tab", "AElig", "frac", "12",       "80",  "9F", "D800", "41",    "110000",
      "00000", "65",  "38",    "13",   "\xC3\xA9", " ",   "'",  "\"",   ">",     "<",
  };
  std::mt19937 random(40);
  std::size_t checked = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string value;
    const unsigned length = random() % 12;
    for (unsigned k = 0; k < length; ++k) value += pieces[random() % std::size(pieces)];
    checked += check(value);
  }
  if (with_gumbo) BOOST_TEST(checked > 6000u);
  BOOST_TEST_MESSAGE(checked << " documents compared with gumbo");
}

// A value without "&" or CR is one append: no allocation but `out`'s, and
// none when `out` has room; references decode in place too.
BOOST_AUTO_TEST_CASE(no_allocation) {
  const std::string plain(64, 'a');
  const std::string references = "?a=1&amp;b=&#x41;&copy=&notin;&#4294967361;\r\n" + plain;
  std::string out;
  out.reserve(4000);
  BOOST_TEST(urlkit_test::allocations_of([&] { decode_attribute_value(plain, out); }) == 0u);
  BOOST_TEST(out == plain);
  out.clear();
  BOOST_TEST(urlkit_test::allocations_of([&] { decode_attribute_value(references, out); }) == 0u);
  const std::string expected = "?a=1&b=A&copy=\u2209A\n" + plain;  // &notin; is U+2209
  BOOST_TEST(out == expected);
}

BOOST_AUTO_TEST_SUITE_END()

#else

BOOST_AUTO_TEST_CASE(html_char_ref_not_built) {
  BOOST_WARN_MESSAGE(false, "HTML character reference tests skipped: URLKIT_HTML is OFF");
}

#endif
