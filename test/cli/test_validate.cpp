// urlkit validate
#include <string>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(validate)

BOOST_AUTO_TEST_CASE(valid_urls_print_nothing) {
  run_result r = run({"validate", "http://a/b", "ftp://@host.com/", "../g", ""});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "");
}

BOOST_AUTO_TEST_CASE(invalid_url_line) {
  run_result r = run({"validate", "http://a/", "http://host:8o/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  const std::string prefix = "http://host:8o/:13: error: ";
  BOOST_TEST(l[0].rfind(prefix, 0) == 0, l[0]);
  BOOST_TEST(l[0].find("port") != std::string::npos, l[0]);
}

BOOST_AUTO_TEST_CASE(stdin_reports_each_invalid_line) {
  run_result r = run({"validate"}, "http://a/\r\na b\r\nhttp://host:8o/\r\n");
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 2u);
  BOOST_TEST(l[0].rfind("a b:1: error: ", 0) == 0, l[0]);
  BOOST_TEST(l[1].rfind("http://host:8o/:13: error: ", 0) == 0, l[1]);
}

BOOST_AUTO_TEST_CASE(lenient_warnings_are_not_errors) {
  BOOST_TEST(run({"validate", "http://a/b|c"}).status == 0);
  BOOST_TEST(run({"validate", "http://a/b|c"}).out == "");
  run_result strict = run({"validate", "--strict", "http://a/b|c"});
  BOOST_TEST(strict.status == 1);
  BOOST_TEST(strict.out.rfind("http://a/b|c:10: error: ", 0) == 0, strict.out);
}

BOOST_AUTO_TEST_CASE(caret_line_on_a_terminal) {
  run_result r = run_on_terminal({"validate", "http://host:8o/"});
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u, r.out);
  BOOST_TEST(l[0].rfind("http://host:8o/:13: error: ", 0) == 0, l[0]);
  BOOST_TEST(l[1] == "http://host:8o/");
  BOOST_TEST(l[2] == std::string(13, ' ') + "^");
}

BOOST_AUTO_TEST_CASE(no_caret_line_into_a_pipe) {
  run_result r = run({"validate", "http://host:8o/"});
  BOOST_TEST(lines(r.out).size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
