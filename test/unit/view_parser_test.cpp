// urlkit/schemes/view_parser.hpp and urlkit/scheme_options.hpp: every
// parse_X is a view_parser, which checks a parsed URL or parses a string
// (absolute, in the options' mode, warnings to the options' sink) and gives
// the same answer either way.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "urlkit/scheme_options.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/view_parser.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(view_parser_suite)

static_assert(std::is_same_v<std::remove_const_t<decltype(parse_http)>, view_parser<http_view>>);

BOOST_AUTO_TEST_CASE(defaults_are_lenient_with_no_sink) {
  const scheme_options o;
  BOOST_TEST((o.mode == mode::lenient));
  BOOST_TEST(!o.on_warning);
}

BOOST_AUTO_TEST_CASE(a_string_and_a_parsed_url_give_the_same_answer) {
  const std::string_view text = "http://h/a?b";
  const auto from_string = parse_http(text);
  const auto url = parse_reference(text);
  BOOST_TEST_REQUIRE(url.has_value());
  const auto from_url = parse_http(*url);
  BOOST_TEST_REQUIRE(from_string.has_value());
  BOOST_TEST_REQUIRE(from_url.has_value());
  BOOST_TEST(from_string->buffer() == from_url->buffer());
}

BOOST_AUTO_TEST_CASE(a_string_must_be_absolute) {
  // RFC 1738 3.3: an http URL has its scheme; a relative reference is not one.
  BOOST_TEST(!parse_http("//h/a").has_value());
  BOOST_TEST(!parse_http("ftp://h/").has_value());  // another scheme
}

BOOST_AUTO_TEST_CASE(the_mode_and_the_sink_reach_the_scheme_grammar) {
  // "?" in an http search is reserved by RFC 1738 3.3 (search = *[ uchar |
  // ";" | ":" | "@" | "&" | "=" ]): lenient warns, strict refuses.
  const std::string_view text = "http://h/p?a?b";
  std::vector<warning> got;
  auto collect = [&](const warning& w) { got.push_back(w); };
  scheme_options lenient;
  lenient.on_warning = make_warning_sink(collect);
  BOOST_TEST(parse_http(text, lenient).has_value());
  BOOST_TEST(!got.empty());
  scheme_options strict;
  strict.mode = mode::strict;
  BOOST_TEST(!parse_http(text, strict).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
