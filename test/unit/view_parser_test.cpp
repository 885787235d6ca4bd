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
#include "urlkit/schemes/ftp.hpp"
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

// http and ftp parse a string into the view inside their result (their own
// from_string): the same view or the same error as the parsed URL checked,
// for URLs that pass, that the generic parse refuses, that the scheme's
// grammar refuses, and in both modes.
template <class Parser>
void same_both_ways(const Parser& parse, std::string_view text, mode m) {
  BOOST_TEST_CONTEXT("<" << text << "> " << m) {
    scheme_options o;
    o.mode = m;
    const auto from_string = parse(text, o);
    parse_options po;
    po.mode = m;
    const auto url = parse_absolute(text, po);
    if (!url) {
      BOOST_TEST_REQUIRE(!from_string.has_value());
      BOOST_TEST(from_string.error() == url.error());
      return;
    }
    const auto from_url = parse(*url, o);
    BOOST_TEST_REQUIRE(from_string.has_value() == from_url.has_value());
    if (!from_url) {
      BOOST_TEST(from_string.error() == from_url.error());
      return;
    }
    BOOST_TEST(from_string->url() == from_url->url());
    BOOST_TEST(from_string->effective_port() == from_url->effective_port());
    if constexpr (requires { from_url->encoded_fpath(); }) {
      BOOST_TEST(from_string->encoded_fpath() == from_url->encoded_fpath());
      BOOST_TEST((from_string->typecode() == from_url->typecode()));
    } else {
      BOOST_TEST(from_string->encoded_hpath() == from_url->encoded_hpath());
      BOOST_TEST(from_string->encoded_search() == from_url->encoded_search());
      BOOST_TEST(from_string->default_port() == from_url->default_port());
    }
  }
}

BOOST_AUTO_TEST_CASE(http_and_ftp_from_a_string_as_from_its_url) {
  for (mode m : {mode::lenient, mode::strict}) {
    for (std::string_view t : {"ftp://h/", "ftp://u:p@h:21/a/b;type=d", "FTP://h/%0D",
                               "ftp://h/a;type=x", "ftp://h:99999/", "ftp://u%0A@h/", "ftp:/x",
                               "ftp://[::1]/a", "//h/", "ftp://h/a b", "http://h/"}) {
      BOOST_TEST_CONTEXT("ftp") {
        same_both_ways(parse_ftp, t, m);
      }
    }
    for (std::string_view t :
         {"http://h/", "https://u@h:8/p?q#f", "ws://h/#f", "http://h/a b", "http:x", "ftp://h/"}) {
      BOOST_TEST_CONTEXT("http") {
        same_both_ways(parse_http, t, m);
      }
    }
  }
  BOOST_TEST((parse_ftp("ftp://h/a;type=d")->typecode() == std::optional<char>('d')));
  BOOST_TEST(parse_ftp("ftp://h/a/b")->encoded_fpath() == "a/b");
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
