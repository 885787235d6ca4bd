// IPv6 literal hosts, lenient mode only: RFC 2732's "[" IPv6address "]",
// validated as RFC 3986 3.2.2 writes it, with RFC 6874 zone identifiers.
#include <arpa/inet.h>

#include <boost/test/unit_test.hpp>

#include <cstdint>
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
      BOOST_TEST(u->encoded_host() == host);
      BOOST_TEST(u->port() == "8080");
      BOOST_TEST((u->host_kind() == host_kind::ipv6));
      BOOST_TEST(u->recompose() == url);  // byte for byte
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
  // The offset is the byte at fault: the group one too many, the second
  // "::", the fifth hex digit, the octet out of range, the "]" where groups
  // were still expected (RFC 3986 3.2.2), the zone's bad byte (RFC 6874).
  for (const row& r : {
           row{"http://[1:2:3:4:5:6:7:8:9]/", 24, "not an IPv6 address: too many groups"},
           row{"http://[1:2:3:4:5:6:7:8::]/", 23, "not an IPv6 address: too many groups"},
           row{"http://[1::3:4:5:6:7:8:9]/", 23, "not an IPv6 address: too many groups"},
           row{"http://[1::2::3]/", 12, "one \"::\" at most"},
           row{"http://[12345::]/", 12, "a group holds 1 to 4 hex digits"},
           row{"http://[::1.2.3.256]/", 16, "an IPv4 address"},
           row{"http://[::01.2.3.4]/", 10, "an IPv4 address"},
           row{"http://[::1.2.3]/", 15, "an IPv4 address"},
           row{"http://[::1.2.3.4.5]/", 17, "an IPv4 address"},
           row{"http://[::1.2.3.4:5]/", 17, "an IPv4 address"},
           row{"http://[1:2:3:4:5:6:7:1.2.3.4]/", 22, "too many groups"},
           row{"http://[1:2:1.2.3.4]/", 19, "eight groups"},
           row{"http://[1:2:3:4:5:6:7]/", 21, "eight groups"},
           row{"http://[:1::]/", 8, "not an IPv6 address"},
           row{"http://[1:]/", 10, "a group of 1 to 4 hex digits expected"},
           row{"http://[1:::2]/", 11, "a group of 1 to 4 hex digits expected"},
           row{"http://[::g]/", 10, "not an IPv6 address"},
           row{"http://[[::1]/", 8, "not an IPv6 address"},
           row{"http://[]/", 8, "not an IPv6 address: an address expected"},
           row{"http://[::1", 11, "']' expected"},
           row{"http://[::1/]", 11, "']' expected"},
           row{"http://[::1]x/", 12, "':' and a port"},
           row{"http://[::1]]/", 12, "':' and a port"},
           row{"http://[::1]:8o/", 14, "port must be digits"},
           row{"http://[fe80::1%eth0]/", 15, "\"%25\""},
           row{"http://[fe80::1%25]/", 18, "a zone identifier expected"},
           row{"http://[fe80::1%25a b]/", 19, "a zone identifier holds"},
           row{"http://[fe80::1%25a%2]/", 19, "a zone identifier holds"},
           // "[" and "]" belong to a literal that is the whole host.
           row{"http://h[::1]/", 8, "'[' and ']' belong to an IPv6 literal"},
           row{"http://a]b/", 8, "'[' and ']' belong to an IPv6 literal"},
           row{"http://u@x[::1]:80/", 10, "'[' and ']' belong to an IPv6 literal"},
       }) {
    BOOST_TEST_CONTEXT(r.url) {
      auto u = parse_reference(r.url);
      BOOST_REQUIRE(!u.has_value());
      BOOST_TEST(u.error().offset == r.offset);
      BOOST_TEST(u.error().message().find(r.says) != std::string::npos, u.error().message());
    }
  }
}

// The C library's inet_pton(AF_INET6) reads the same language as RFC 3986
// 3.2.2's IPv6address (at most one "::", standing for at least one group; an
// IPv4 tail of four decimal octets without leading zeros): on addresses made
// of pieces that hit every edge, urlkit must take exactly what it takes, and
// name a byte of the literal, with a reason, for each one it refuses.
BOOST_AUTO_TEST_CASE(same_language_as_inet_pton) {
  constexpr std::string_view pieces[] = {"0",    "1", "ab", "fff", "FFFF", "12345", ":",
                                         "::",   ":", ".",  "255", "256",  "01",    "1.2.3.4",
                                         "1:2:", "g", "::", "7:8", "0.0",  "1::"};
  std::uint64_t x = 0x9e3779b97f4a7c15ull;  // splitmix64, a fixed seed
  const auto next = [&x](std::uint64_t n) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (z ^ (z >> 31)) % n;
  };
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string address;
    for (std::uint64_t k = 1 + next(12); k > 0; --k) address += pieces[next(std::size(pieces))];
    const std::string url = "http://[" + address + "]/";
    in6_addr out;
    const bool valid = inet_pton(AF_INET6, address.c_str(), &out) == 1;
    const auto u = parse_reference(url);
    BOOST_TEST_CONTEXT(url) {
      BOOST_TEST(u.has_value() == valid);
      if (!u) {
        BOOST_TEST(u.error().offset >= 8u);
        BOOST_TEST(u.error().offset <= 8u + address.size());
        BOOST_TEST(u.error().message().find("IPv6 address: ") != std::string::npos,
                   u.error().message());
      }
    }
    accepted += valid;
  }
  BOOST_TEST(accepted > 100);  // both answers are exercised
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
