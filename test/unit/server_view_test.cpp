// urlkit/schemes/server_view.hpp: what the server-based typed views share
// (RFC 1738 3.1's common Internet scheme syntax): login, host, port and the
// effective port, as written and decoded, absent told from empty.
#include <boost/test/unit_test.hpp>

#include <string_view>

#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/server_view.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(server_view_suite)

BOOST_AUTO_TEST_CASE(login_as_written_and_decoded_absent_is_not_empty) {
  const std::string_view text = "ftp://us%40er:p%3Ass@h.example:2121/f";
  const auto f = parse_ftp(text);
  BOOST_TEST_REQUIRE(f.has_value());
  const server_view& s = *f;
  BOOST_TEST(s.encoded_user().value() == "us%40er");
  BOOST_TEST(s.user()->to_string() == "us@er");
  BOOST_TEST(s.encoded_password().value() == "p%3Ass");
  BOOST_TEST(s.password()->to_string() == "p:ss");
  BOOST_TEST(s.buffer() == text);
  BOOST_TEST(s.url().buffer() == text);

  const auto empty_password = parse_ftp("ftp://u:@h/");
  BOOST_TEST_REQUIRE(empty_password.has_value());
  BOOST_TEST(empty_password->encoded_password().has_value());  // present, empty
  BOOST_TEST(empty_password->encoded_password()->empty());
  const auto no_login = parse_ftp("ftp://h/");
  BOOST_TEST_REQUIRE(no_login.has_value());
  BOOST_TEST(!no_login->encoded_user().has_value());  // absent
  BOOST_TEST(!no_login->password().has_value());
}

BOOST_AUTO_TEST_CASE(host_and_effective_port) {
  const auto explicit_port = parse_http("http://H.Example:8080/");
  BOOST_TEST_REQUIRE(explicit_port.has_value());
  BOOST_TEST(explicit_port->encoded_host() == "H.Example");
  BOOST_TEST(explicit_port->effective_port() == 8080);
  // No port, or an empty one (draft Appendix E): the scheme's default,
  // RFC 1738 3.2 (ftp, 21) and 3.3 (http, 80).
  BOOST_TEST(parse_http("http://h/")->effective_port() == 80);
  BOOST_TEST(parse_http("http://h:/")->effective_port() == 80);
  BOOST_TEST(parse_ftp("ftp://h/")->effective_port() == 21);
}

BOOST_AUTO_TEST_CASE(an_ipv6_literal_keeps_its_brackets_in_host) {
  const auto h = parse_http("http://[::1]:80/x");
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->host().to_string() == "[::1]");
  BOOST_TEST(h->encoded_host() == "[::1]");
  BOOST_TEST(h->connect_host().to_string() == "::1");  // what getaddrinfo() takes
  BOOST_TEST(h->has_explicit_port());
  BOOST_TEST(!parse_http("http://h:/")->has_explicit_port());
}

BOOST_AUTO_TEST_SUITE_END()
