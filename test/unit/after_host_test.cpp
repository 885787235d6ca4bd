// A query or parameters right after the host (lenient mode only): the server
// ends at a "?" or ";" that follows the host, with a warning.  The draft's
// server runs to the next "/" (4.3.1), so strict mode refuses it, and a "?"
// or ";" inside the user or password (which the draft allows there) is kept.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "urlkit/resolve.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

namespace {

std::vector<warning> warnings_of(std::string_view s) {
  std::vector<warning> w;
  auto keep = [&](const warning& x) { w.push_back(x); };
  parse_options o;
  o.on_warning = make_warning_sink(keep);
  BOOST_TEST_REQUIRE(parse_reference(s, o).has_value(), s);
  return w;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(after_host)

BOOST_AUTO_TEST_CASE(query_right_after_the_host) {
  const std::string s = "http://example.com?foo=bar#f";
  auto u = parse_reference(s);
  BOOST_REQUIRE(u.has_value());
  BOOST_TEST(u->encoded_server() == "example.com");
  BOOST_TEST(u->encoded_host() == "example.com");
  BOOST_TEST(!u->absolute_path());
  BOOST_TEST(u->encoded_path() == "");
  BOOST_TEST(u->encoded_query() == "foo=bar");
  BOOST_TEST(u->encoded_fragment() == "f");
  BOOST_TEST(u->recompose() == s);  // byte for byte
  const auto w = warnings_of(s);
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST(w[0].code == warning_code::delimiter_after_host);
  BOOST_TEST(w[0].offset == 18u);
  BOOST_TEST(w[0].message().find("'?' right after the host") != std::string::npos, w[0].message());
  // With a port, and parameters.
  auto p = parse_reference("http://h:8080?q");
  BOOST_REQUIRE(p.has_value());
  BOOST_TEST(p->port() == "8080");
  BOOST_TEST(p->encoded_query() == "q");
  auto r = parse_reference("http://h;p?q");
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(r->encoded_host() == "h");
  BOOST_TEST(r->encoded_params() == "p");
  BOOST_TEST(r->recompose() == "http://h;p?q");
  // A query that holds "/" is the query's.
  BOOST_TEST(parse_reference("http://h?a/b")->encoded_query() == "a/b");
}

// Only after a host: with none, the "?" or ";" is the host's error as before.
BOOST_AUTO_TEST_CASE(no_host_no_end) {
  for (std::string_view s : {"http://;;", "http://?q", "ftp://u@;x/"}) {
    auto u = parse_reference(s);
    BOOST_TEST(!u.has_value(), s);
  }
  BOOST_TEST(parse_reference("http://h:?q")->port() == "");  // an empty port, then the query
}

BOOST_AUTO_TEST_CASE(inside_userinfo_it_stays) {
  auto u = parse_reference("ftp://us?er:p;w@host/");
  BOOST_REQUIRE(u.has_value());
  BOOST_TEST(u->encoded_user() == "us?er");
  BOOST_TEST(u->encoded_password() == "p;w");
  BOOST_TEST(u->encoded_host() == "host");
  BOOST_TEST(warnings_of("ftp://us?er@host/").empty());
}

BOOST_AUTO_TEST_CASE(strict_mode_refuses_it) {
  auto u = parse_reference("http://example.com?foo=bar", mode::strict);
  BOOST_REQUIRE(!u.has_value());
  BOOST_TEST(u.error().offset == 18u);
  BOOST_TEST(u.error().message().find("the server runs up to the next '/'") != std::string::npos,
             u.error().message());
}

// Recombination writes the "/" that parsing back needs (draft 4.3.1).
BOOST_AUTO_TEST_CASE(resolution) {
  BOOST_TEST(resolve("http://example.com?foo=bar", "g").value() == "http://example.com/g");
  BOOST_TEST(resolve("http://example.com?foo=bar", "?y").value() == "http://example.com/?y");
  BOOST_TEST(resolve("http://example.com?foo=bar", "#f").value() ==
             "http://example.com/?foo=bar#f");
  BOOST_TEST(resolve("http://a/b/c", "//g?y").value() == "http://g/?y");
  BOOST_TEST(make_relative("http://example.com?foo=bar", "http://example.com/g").value() == "g");
}

// The http view: a search (or an hpath of parameters) without the "/".
BOOST_AUTO_TEST_CASE(http_view) {
  auto h = parse_http("http://example.com?foo=bar");
  BOOST_REQUIRE(h.has_value());
  BOOST_TEST(!h->has_hpath());
  BOOST_TEST(h->search() == "foo=bar");
  BOOST_TEST(h->request_target() == "/?foo=bar");
  auto p = parse_http("http://h;p?q");
  BOOST_REQUIRE(p.has_value());
  BOOST_TEST(p->encoded_hpath() == ";p");
  BOOST_TEST(p->request_target() == "/;p?q");
}

BOOST_AUTO_TEST_SUITE_END()
