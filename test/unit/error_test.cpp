// urlkit/error.hpp: error and warning (the one of each), their messages and
// text forms, passed_over, the warning sink, and the names of the codes.
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "urlkit/error.hpp"

using namespace urlkit;

namespace {

error port_error() {
  error e;
  e.code = error_code::bad_port;
  e.rule = rule::port;
  e.offset = 14;
  e.byte = 'o';
  e.has_byte = true;
  return e;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(error_suite)

BOOST_AUTO_TEST_CASE(an_error_says_what_where_and_in_what) {
  const error e = port_error();
  BOOST_TEST(e.message() == "port must be digits");
  BOOST_TEST(e.to_string() == "offset 14: port must be digits");
  error from_base = e;
  from_base.source = "base";  // the offset counts in resolve's base
  BOOST_TEST(from_base.to_string() == "base: offset 14: port must be digits");
  BOOST_TEST(!(from_base == e));
  BOOST_TEST((port_error() == e));
  std::ostringstream os;
  os << e;
  BOOST_TEST(os.str() == e.to_string());
}

BOOST_AUTO_TEST_CASE(a_default_error_is_no_error) {
  const error e;
  BOOST_TEST((e.code == error_code::ok));
  BOOST_TEST(e.offset == 0u);
  BOOST_TEST(!e.has_byte);
  BOOST_TEST(e.production == nullptr);
  BOOST_TEST(e.detail == nullptr);
}

BOOST_AUTO_TEST_CASE(a_warning_says_what_was_taken) {
  warning w;
  w.code = warning_code::unwise_character;
  w.rule = rule::path;
  w.offset = 9;
  w.byte = '|';
  w.has_byte = true;
  BOOST_TEST(w.message() == "unwise character '|' in path (should be escaped as %7C)");
  BOOST_TEST(w.to_string() == "offset 9: unwise character '|' in path (should be escaped as %7C)");
  std::ostringstream os;
  os << w;
  BOOST_TEST(os.str() == w.to_string());
}

BOOST_AUTO_TEST_CASE(passed_over_carries_the_error) {
  const error e = port_error();
  const warning w = passed_over(e, "retrieval");
  BOOST_TEST((w.code == warning_code::passed_over));
  BOOST_TEST((w.cause == error_code::bad_port));
  BOOST_TEST(w.message() == "port must be digits");
  BOOST_TEST(w.to_string() == "retrieval: offset 14: port must be digits");
  const error back = w.error();
  BOOST_TEST((back.code == e.code));
  BOOST_TEST(back.offset == e.offset);
  BOOST_TEST(std::string(back.source) == "retrieval");
  // Without a source of its own, the error's is kept.
  error from_base = e;
  from_base.source = "base";
  BOOST_TEST(passed_over(from_base).to_string() == "base: offset 14: port must be digits");
}

BOOST_AUTO_TEST_CASE(a_sink_passes_warnings_on_or_drops_them) {
  std::vector<warning_code> got;
  auto collect = [&](const warning& w) { got.push_back(w.code); };
  const warning_sink sink = make_warning_sink(collect);
  BOOST_TEST(static_cast<bool>(sink));
  warning w;
  w.code = warning_code::non_ascii;
  sink(w);
  sink(w);
  BOOST_TEST(got.size() == 2u);
  const warning_sink none;
  BOOST_TEST(!none);
  none(w);  // dropped, no call
  BOOST_TEST(got.size() == 2u);
}

BOOST_AUTO_TEST_CASE(codes_print_their_enumerators) {
  BOOST_TEST(to_string(error_code::bad_port) == "bad_port");
  BOOST_TEST(to_string(warning_code::non_ascii) == "non_ascii");
  BOOST_TEST(to_string(rule::port) == "port");
  std::ostringstream os;
  os << error_code::bad_port << ' ' << warning_code::unwise_character << ' ' << rule::host;
  BOOST_TEST(os.str() == "bad_port unwise_character host");
}

BOOST_AUTO_TEST_SUITE_END()
