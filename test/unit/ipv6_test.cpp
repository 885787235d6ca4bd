// IPv6 literal hosts, lenient mode only: RFC 2732's "[" IPv6address "]",
// validated as RFC 3986 3.2.2 writes it, with RFC 6874 zone identifiers.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(ipv6_literal)

BOOST_AUTO_TEST_CASE(valid_literals) {
  for (std::string_view host :
       {"[::1]", "[::]", "[1::]", "[1:2:3:4:5:6:7:8]", "[2001:db8::1]", "[::ffff:1.2.3.4]",
        "[1:2:3:4:5:6:1.2.3.4]", "[fe80::1%25eth0]", "[fe80::1%25en%2D0]", "[A:b::C]",
        "[1:2:3:4:5:6:7::]", "[::2:3:4:5:6:7:8]", "[1::8]", "[1:2::7:8]"}) {
    const std::string url = "http://" + std::string(host) + ":8080/a?q";
    BOOST_TEST_CONTEXT(url) {
      std::vector<warning> w;
      auto keep = [&](const warning& x) { w.push_back(x); };
      parse_options o;
      o.on_warning = make_warning_sink(keep);
      auto u = parse_reference(url, o);
      BOOST_REQUIRE(u.has_value());
      BOOST_TEST(u->host() == host);
      BOOST_TEST(u->port() == "8080");
      BOOST_TEST((u->host_kind() == host_kind::ipv6));
      BOOST_TEST(u->to_string() == url);  // byte for byte
      BOOST_REQUIRE(w.size() == 1u);
      BOOST_TEST((w[0].code == warning_code::ipv6_literal));
      BOOST_TEST(w[0].offset == 7u);
      BOOST_TEST(w[0].message() == "IPv6 literal: RFC 2732, beyond RFC 1738");
    }
  }
}

BOOST_AUTO_TEST_CASE(invalid_literals_are_errors_at_their_offset) {
  struct row {
    std::string_view url;
    std::size_t offset;
    std::string_view says;
  };
  for (const row& r :
       {row{"http://[1:2:3:4:5:6:7:8:9]/", 8, "not an IPv6 address"},
        row{"http://[1::2::3]/", 8, "not an IPv6 address"},
        row{"http://[12345::]/", 8, "not an IPv6 address"},
        row{"http://[::1.2.3.256]/", 8, "not an IPv6 address"},
        row{"http://[1:2:3:4:5:6:7]/", 8, "not an IPv6 address"},
        row{"http://[::g]/", 10, "not an IPv6 address"}, row{"http://[::1", 11, "']' expected"},
        row{"http://[::1]x/", 12, "':' and a port"},
        row{"http://[::1]:8o/", 14, "port must be digits"},
        row{"http://[fe80::1%25]/", 18, "a zone identifier expected"},
        row{"http://[fe80::1%25a b]/", 19, "a zone identifier holds"},
        row{"http://[]/", 8, "not an IPv6 address"}}) {
    BOOST_TEST_CONTEXT(r.url) {
      auto u = parse_reference(r.url);
      BOOST_REQUIRE(!u.has_value());
      BOOST_TEST(u.error().offset == r.offset);
      BOOST_TEST(u.error().message().find(r.says) != std::string::npos, u.error().message());
    }
  }
}

BOOST_AUTO_TEST_CASE(strict_mode_refuses_them) {
  auto u = parse_reference("http://[::1]/", mode::strict);
  BOOST_REQUIRE(!u.has_value());
  BOOST_TEST(u.error().offset == 7u);
  BOOST_TEST(u.error().message().find("RFC 2732") != std::string::npos, u.error().message());
}

BOOST_AUTO_TEST_CASE(resolution_and_relative) {
  BOOST_TEST(resolve("http://[::1]:80/a/b", "../c").value() == "http://[::1]:80/c");
  BOOST_TEST(resolve("http://[::1]:80/a/b", "//[2001:db8::1]/x").value() ==
             "http://[2001:db8::1]/x");
  BOOST_TEST(make_relative("http://[::1]/a/b", "http://[::1]/a/c").value() == "c");
  BOOST_TEST(make_relative("http://a/", "http://[::1]/x").value() == "//[::1]/x");
}

BOOST_AUTO_TEST_CASE(host_kinds) {
  BOOST_TEST((parse_reference("http://example.com/")->host_kind() == host_kind::name));
  BOOST_TEST((parse_reference("http://10.0.0.1/")->host_kind() == host_kind::ipv4));
  BOOST_TEST((parse_reference("http://1.2.3/")->host_kind() == host_kind::name));
  BOOST_TEST((parse_reference("http://[::1]/")->host_kind() == host_kind::ipv6));
}

BOOST_AUTO_TEST_SUITE_END()
