// urlkit/detail/ascii.hpp: ASCII case, the one place for it.  Schemes (RFC
// 1738 2.1), MIME types (RFC 2045 5.1) and HTML names compare ignoring ASCII
// case only: no locale, bytes >= 0x80 as they are.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "urlkit/detail/ascii.hpp"

using namespace urlkit::detail;

BOOST_AUTO_TEST_SUITE(ascii_suite)

static_assert(ascii::iequals("HTTP", "http"));  // constexpr, as ports.hpp needs
static_assert(!ascii::iequals("http", "https"));
static_assert(ascii::lower('Z') == 'z' && ascii::lower('[') == '[' && ascii::lower('@') == '@');

BOOST_AUTO_TEST_CASE(letters_only) {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const char expected = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : ch;
    BOOST_TEST(ascii::lower(ch) == expected, c);
    BOOST_TEST(ascii::is_alpha(ch) == ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')), c);
    BOOST_TEST(ascii::is_digit(ch) == (c >= '0' && c <= '9'), c);
  }
}

BOOST_AUTO_TEST_CASE(iequals_at_every_length_and_position) {
  // The word-at-a-time path and its tail: a difference of case anywhere,
  // and a real difference anywhere, at lengths around the word size.
  for (std::size_t n = 0; n < 20; ++n) {
    const std::string lower(n, 'm');
    for (std::size_t i = 0; i < n; ++i) {
      std::string upper = lower;
      upper[i] = 'M';
      BOOST_TEST(ascii::iequals(lower, upper), n << " " << i);
      std::string other = lower;
      other[i] = 'n';
      BOOST_TEST(!ascii::iequals(lower, other), n << " " << i);
      std::string high = lower;
      high[i] = '\xED';  // 'm' | 0x80: not a letter's other case
      BOOST_TEST(!ascii::iequals(lower, high), n << " " << i);
    }
  }
  BOOST_TEST(!ascii::iequals("ab", "abc"));
  BOOST_TEST(!ascii::iequals("[", "{"));  // 0x5B and 0x7B differ by 0x20 but are not letters
}

// equals_lower_letters says what iequals says, for every byte at every
// place of names of 1 to 10 letters (the word path is 4 to 8), and in a
// constant expression.
BOOST_AUTO_TEST_CASE(equals_lower_letters_is_iequals) {
  static_assert(ascii::equals_lower_letters("MailTo", "mailto"));
  static_assert(!ascii::equals_lower_letters("mailt", "mailto"));
  static_assert(ascii::is_lower_letters("news") && !ascii::is_lower_letters("News") &&
                !ascii::is_lower_letters("a1"));
  const std::string letters = "mailtoxyzq";
  for (std::size_t n = 1; n <= letters.size(); ++n) {
    const std::string name = letters.substr(0, n);
    for (std::size_t i = 0; i < n; ++i)
      for (int b = 0; b < 256; ++b) {
        std::string s = name;
        s[i] = static_cast<char>(b);
        BOOST_TEST(ascii::equals_lower_letters(s, name) == ascii::iequals(s, name),
                   name << " byte " << b << " at " << i);
      }
    BOOST_TEST(!ascii::equals_lower_letters(name + "a", name));
  }
}

BOOST_AUTO_TEST_CASE(lowered_copies) {
  BOOST_TEST(ascii::lowered("Text/HTML;Charset=\xC3\x9C") == "text/html;charset=\xC3\x9C");
}

BOOST_AUTO_TEST_SUITE_END()
