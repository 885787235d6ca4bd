// core/find_byte.hpp: the search for one byte in a short part of a URL (an
// escape's "%", a dot segment's ".").  It must answer as
// std::string_view::find(c, from) does, for every length around its 16-byte
// blocks, every place of the byte and every start, and in a long text.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "core/find_byte.hpp"

using urlkit::detail::find_byte;

BOOST_AUTO_TEST_SUITE(find_byte_suite)

BOOST_AUTO_TEST_CASE(as_find_at_every_length_place_and_start) {
  // The text sits inside a longer buffer of the byte sought, so that a read
  // before or after it would find one that is not its own.
  std::size_t checked = 0;
  for (const char c : {'%', '.', '\xff'}) {
    for (std::size_t n = 0; n <= 100; ++n) {
      for (std::size_t at = 0; at <= n; ++at) {  // at == n: none in the text
        std::string buffer(n + 40, c);
        std::string_view text(buffer.data() + 20, n);
        for (std::size_t i = 0; i < n; ++i) buffer[20 + i] = static_cast<char>('a' + i % 26);
        if (at < n) buffer[20 + at] = c;
        for (std::size_t from = 0; from <= n + 1; ++from, ++checked)
          if (find_byte(text, c, from) != text.find(c, from))
            BOOST_TEST(find_byte(text, c, from) == text.find(c, from),
                       int{c} << " n " << n << " at " << at << " from " << from);
      }
    }
  }
  BOOST_TEST(checked == 3 * 353'702u);  // every case was asked
}

BOOST_AUTO_TEST_CASE(a_long_text) {
  std::string s(5000, 'x');
  for (const std::size_t at : {0u, 15u, 16u, 63u, 64u, 65u, 79u, 80u, 1000u, 4999u}) {
    std::string t = s;
    t[at] = '<';
    for (const std::size_t from : {0u, 1u, 16u, 48u, 63u, 64u, 65u, 999u, 1000u, 4999u, 5000u})
      BOOST_TEST(find_byte(t, '<', from) == std::string_view(t).find('<', from),
                 "at " << at << " from " << from);
  }
  BOOST_TEST(find_byte(s, '<') == std::string_view::npos);
}

BOOST_AUTO_TEST_CASE(every_percent_in_turn) {
  // Several in one text, found one after the other as refused_escape walks
  // them, within a block, across blocks and in the last bytes.
  const std::string s = "%a%%b" + std::string(20, 'c') + "%" + std::string(14, 'd') + "%%";
  std::string_view text(s);
  std::size_t expected = text.find('%');
  std::size_t found = find_byte(text, '%');
  while (expected != std::string_view::npos) {
    BOOST_TEST(found == expected);
    expected = text.find('%', expected + 1);
    found = find_byte(text, '%', found + 1);
  }
  BOOST_TEST(found == std::string_view::npos);
  BOOST_TEST(find_byte({}, '%') == std::string_view::npos);
}

BOOST_AUTO_TEST_SUITE_END()
