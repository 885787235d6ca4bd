// urlkit normalize and urlkit equivalent (urlkit/normalize.hpp): the normal
// form of each URL, one a line; and equivalence answered by the exit status,
// as cmp answers (0 the same, 1 different, 2 trouble).
#include <string>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(normalize_cli)

BOOST_AUTO_TEST_CASE(one_normal_form_a_line) {
  run_result r = run({"normalize", "HTTP://Example.COM:80/%7efoo", "http://[0:0::FFFF:1.2.3.4]",
                      "mailto:Joe@EXAMPLE.COM", "http://a/b?#F%7e", "%61b:c"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out ==
             "http://example.com/~foo\nhttp://[::ffff:1.2.3.4]/\nmailto:Joe@example.com\n"
             "http://a/b?#F%7e\n%61b:c\n");
  BOOST_TEST(r.err == "");
}

// Without arguments, one URL a line from stdin (LF or CRLF).
BOOST_AUTO_TEST_CASE(urls_from_stdin) {
  const run_result r = run({"normalize"}, "HTTP://A:/x\r\nftp://h:21/%2e%2E/f\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://a/x\nftp://h/../f\n");
}

BOOST_AUTO_TEST_CASE(ignore_fragment_and_strict) {
  run_result r = run({"normalize", "--ignore-fragment", "HTTP://a/b#x", "http://a/b#"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://a/b\nhttp://a/b\n");
  r = run({"normalize", "--strict", "HTTP://A/{", "HTTP://A/%7b"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "http://a/%7B\n");
  BOOST_TEST(r.err.rfind("HTTP://A/{:9: error: ", 0) == 0u, r.err);
}

// A URL that does not parse is reported as every command reports one
// (INPUT:OFFSET: error: MESSAGE, the password hidden), the others are still
// written, and the status is 1: invalid input (the one table of statuses).
BOOST_AUTO_TEST_CASE(bad_urls_are_reported_and_the_rest_written) {
  const run_result r = run({"normalize", "http://u:secret@h:8o/", "HTTP://A", "a b"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "http://a/\n");
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0] == "http://u:***@h:8o/:16: error: port must be digits");
  BOOST_TEST(err[1].rfind("a b:1: error: ", 0) == 0u, err[1]);
  BOOST_TEST(r.err.find("secret") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(equivalent_answers_as_cmp) {
  // The issue's example.
  run_result r = run({"equivalent", "HTTP://Example.COM:80/%7efoo", "http://example.com/~foo"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "");
  r = run({"equivalent", "http://a/b?", "http://a/b"});  // empty and absent (draft 4.3.4)
  BOOST_TEST(r.status == 1, r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "");
  BOOST_TEST(run({"equivalent", "http://a/b%3Bc", "http://a/b;c"}).status == 1);
  BOOST_TEST(run({"equivalent", "http://a/./b", "http://a/b"}).status == 1);
  BOOST_TEST(run({"equivalent", "http://a/b#x", "http://a/b"}).status == 1);
  BOOST_TEST(run({"equivalent", "http://a/b#x", "http://A/b", "--ignore-fragment"}).status == 0);
  BOOST_TEST(run({"equivalent", "--ignore-fragment", "http://a/b#x", "http://a/b?"}).status == 1);
  BOOST_TEST(run({"equivalent", "http://[::1]:80", "http://[0::0:1]/"}).status == 0);
}

// Trouble is 2: a URL that does not parse (each is reported), or a malformed
// command line.
BOOST_AUTO_TEST_CASE(equivalent_trouble_is_2) {
  run_result r = run({"equivalent", "http://u:secret@h:8o/", "a b"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.out == "");
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0] == "http://u:***@h:8o/:16: error: port must be digits");
  BOOST_TEST(err[1].rfind("a b:1: error: ", 0) == 0u, err[1]);
  BOOST_TEST(run({"equivalent", "http://a/", "http://A/{", "--strict"}).status == 2);
  BOOST_TEST(run({"equivalent", "http://a/"}).status == 2);
  BOOST_TEST(run({"equivalent", "http://a/", "http://a/", "http://a/"}).status == 2);
  BOOST_TEST(run({"equivalent", "--bogus", "http://a/", "http://a/"}).status == 2);
}

// Arguments reach the library as typed: brackets are an IPv6 literal, not a
// list.
BOOST_AUTO_TEST_CASE(arguments_as_typed) {
  run_result r = run({"normalize", "http://[A::B]/", "[a,b]"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://[a::b]/\n[a,b]\n");
  BOOST_TEST(run({"equivalent", "[a,b]", "[a,b]"}).status == 0);
}

BOOST_AUTO_TEST_SUITE_END()
