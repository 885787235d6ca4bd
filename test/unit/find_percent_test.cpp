// core/find_percent.hpp: the typed views' search for an escape's "%".  It
// must answer as std::string_view::find('%', from) does, for every length
// around its 16-byte blocks, every place of the "%" and every start.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "core/find_percent.hpp"

using urlkit::detail::find_percent;

BOOST_AUTO_TEST_SUITE(find_percent_suite)

BOOST_AUTO_TEST_CASE(as_find_at_every_length_place_and_start) {
  // The text sits inside a longer buffer of "%" so that a read before or
  // after it would find one that is not its own.
  for (std::size_t n = 0; n <= 70; ++n) {
    for (std::size_t at = 0; at <= n; ++at) {  // at == n: no "%" in the text
      std::string buffer(n + 40, '%');
      std::string_view text(buffer.data() + 20, n);
      for (std::size_t i = 0; i < n; ++i) buffer[20 + i] = static_cast<char>('a' + i % 26);
      if (at < n) buffer[20 + at] = '%';
      for (std::size_t from = 0; from <= n + 1; ++from)
        BOOST_TEST(find_percent(text, from) == text.find('%', from),
                   "n " << n << " at " << at << " from " << from);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_percent_in_turn) {
  // Several in one text, found one after the other as refused_escape walks
  // them, within a block, across blocks and in the last bytes.
  const std::string s = "%a%%b" + std::string(20, 'c') + "%" + std::string(14, 'd') + "%%";
  std::string_view text(s);
  std::size_t expected = text.find('%');
  std::size_t found = find_percent(text);
  while (expected != std::string_view::npos) {
    BOOST_TEST(found == expected);
    expected = text.find('%', expected + 1);
    found = find_percent(text, found + 1);
  }
  BOOST_TEST(found == std::string_view::npos);
  BOOST_TEST(find_percent({}) == std::string_view::npos);
}

BOOST_AUTO_TEST_SUITE_END()
