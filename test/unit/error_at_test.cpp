// urlkit/detail/error_at.hpp: an error at an offset of a text, with the byte
// found there (none at the end).
#include <boost/test/unit_test.hpp>

#include "urlkit/detail/error_at.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(error_at_suite)

BOOST_AUTO_TEST_CASE(the_byte_at_the_offset) {
  const error e = detail::error_at(error_code::bad_port, rule::port, "h:8o", 3);
  BOOST_TEST((e.code == error_code::bad_port));
  BOOST_TEST((e.rule == rule::port));
  BOOST_TEST(e.offset == 3u);
  BOOST_TEST(e.has_byte);
  BOOST_TEST(e.byte == 'o');
}

BOOST_AUTO_TEST_CASE(no_byte_at_or_past_the_end) {
  const error at_end = detail::error_at(error_code::bad_port, rule::port, "h:", 2);
  BOOST_TEST(!at_end.has_byte);
  BOOST_TEST(at_end.byte == 0);
  BOOST_TEST(at_end.offset == 2u);
  BOOST_TEST(!detail::error_at(error_code::bad_port, rule::port, {}, 7).has_byte);
}

BOOST_AUTO_TEST_SUITE_END()
