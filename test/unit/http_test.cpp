// http URLs (RFC 1738 3.3 and 5): the grammar in both modes, the raw and
// decoded parts, the request target, and the scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/security.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_http(u, o); };

// "path[...] search[...]", "-" for absent.
std::string parts_of(std::string_view s, mode m = mode::lenient) {
  auto h = parse_http(s, opts(m));
  if (!h) return "error " + h.error().to_string();
  return "path" + bracketed(h->has_hpath(), h->encoded_hpath()) + " search" +
         bracketed(h->has_search(), h->encoded_search());
}

using strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(http)

// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
BOOST_AUTO_TEST_CASE(hpath_and_search) {
  struct c_ {
    const char* url;
    const char* parts;
  };
  const c_ cases[] = {
      {"http://a", "path- search-"},  // "the "/" may also be omitted"
      {"http://a/", "path[] search-"},
      {"http://a/?", "path[] search[]"},
      {"http://a/b", "path[b] search-"},
      {"http://a/b/c/d;p?q", "path[b/c/d;p] search[q]"},  // ";" is an hsegment character
      {"http://a/b;p;q/c;r", "path[b;p;q/c;r] search-"},
      {"http://a/b/", "path[b/] search-"},
      {"http://a//b", "path[/b] search-"},
      {"http://a/b?x=1&y=2;z:w@v", "path[b] search[x=1&y=2;z:w@v]"},
      {"http://a/:@&=;/x", "path[:@&=;/x] search-"},
      {"http://a/b#f", "path[b] search-"},  // the fragment is not part of the URL proper
      {"http://a/b?q#f", "path[b] search[q]"},
      {"http://a#f", "path- search-"},
      {"http://a/a+b$-_.!*'(),%20?c+d", "path[a+b$-_.!*'(),%20] search[c+d]"},
      {"HTTP://A/B?C", "path[B] search[C]"},
  };
  for (const auto& c : cases)
    for (auto m : {mode::lenient, mode::strict}) {
      BOOST_TEST_CONTEXT(c.url << (m == mode::strict ? " strict" : " lenient")) {
        BOOST_TEST(parts_of(c.url, m) == c.parts);
      }
    }
}

BOOST_AUTO_TEST_CASE(host_port_and_decoding) {
  auto h = parse_http("http://www.example.com:8080/a%20b/c%2Fd;e?x=%41+b");
  BOOST_REQUIRE(h);
  BOOST_TEST(h->encoded_host() == "www.example.com");
  BOOST_TEST(h->effective_port() == 8080);
  BOOST_TEST(h->has_explicit_port());
  BOOST_TEST(h->encoded_hpath() == "a%20b/c%2Fd;e");
  BOOST_TEST(decoded_strings(h->hsegments()) == (strings{"a b", "c/d;e"}),
             boost::test_tools::per_element());
  BOOST_TEST(h->hpath() == "a b/c/d;e");  // decoded: the %2F reads as "/" here
  BOOST_TEST(h->search() == "x=A+b");     // "+" is not a space in RFC 1738
  BOOST_TEST(h->request_target() == "/a%20b/c%2Fd;e?x=%41+b");
  BOOST_TEST(h->url().scheme() == "http");

  h = parse_http("http://a");
  BOOST_REQUIRE(h);
  BOOST_TEST(h->effective_port() == 80);
  BOOST_TEST(!h->has_explicit_port());
  BOOST_TEST(h->hsegments().empty());
  BOOST_TEST(!h->has_search());
  BOOST_TEST(h->request_target() == "/");

  h = parse_http("http://a/");
  BOOST_REQUIRE(h);
  // The one rule for paths (segments.hpp): an empty path has no segments.
  BOOST_TEST(h->hsegments().empty());
  BOOST_TEST(h->request_target() == "/");

  h = parse_http("http://a/?");
  BOOST_REQUIRE(h);
  BOOST_TEST((h->has_search() && h->search() == ""));
  BOOST_TEST(h->request_target() == "/?");

  BOOST_TEST(decoded_strings(parse_http("http://a//b/")->hsegments()) == (strings{"", "b", ""}),
             boost::test_tools::per_element());
  BOOST_TEST(parse_http("http://a:80/")->effective_port() == 80);
  BOOST_TEST(parse_http("http://a:80/")->has_explicit_port());
  BOOST_TEST(parse_http("http://10.0.0.1:65535/")->effective_port() == 65535);
  // CR and LF are data here: a client sends the path still encoded.
  BOOST_TEST(parse_http("http://a/%0D%0A?%0A").has_value());
}

// "No user name or password is allowed" (3.3), and the other departures:
// strict mode refuses them naming the production, lenient mode warns.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  const rejection cases[] = {
      {"http://user:pw@a/", 7,
       "http hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)"},
      {"http://user@a/", 7,
       "http hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)"},
      {"http://@a/", 7,
       "http hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)"},
      {"http://a/b?c/d", 12, "http search: '/' must be escaped as %2F (RFC 1738 5)"},
      {"http://a/b?c?d", 12, "http search: '?' must be escaped as %3F (RFC 1738 5)"},
      // No host to connect to: an error in both modes.
      {"http:///x", 7, "http host: host expected (hostport = host [ \":\" port ])",
       /*lenient_refuses=*/true},
  };
  check_strict_rejections(parser, cases);
  // Lenient mode keeps the parts as written.
  auto h = parse_http("http://user:pw@a/b?c/d?e");
  BOOST_REQUIRE(h);
  BOOST_TEST(h->encoded_host() == "a");
  BOOST_TEST(h->encoded_hpath() == "b");
  BOOST_TEST(h->search() == "c/d?e");
  BOOST_TEST(h->request_target() == "/b?c/d?e");  // the userinfo is never sent
}

BOOST_AUTO_TEST_CASE(hard_errors) {
  for (auto m : {mode::lenient, mode::strict}) {
    // Without "//" there is no host to connect to.
    auto h = parse_http("http:g", opts(m));
    BOOST_REQUIRE(!h);
    BOOST_TEST(h.error().offset == 5u);
    BOOST_TEST(h.error().production == std::string_view("http hostport"));
    // Another scheme.
    h = parse_http("ftp://a/", opts(m));
    BOOST_REQUIRE(!h);
    BOOST_TEST(h.error().message() ==
               "httpurl: the scheme must be \"http\", \"https\", \"ws\" or \"wss\"");
    // The generic parse's own errors come first.
    BOOST_TEST(!parse_http("http://a/b c", opts(m)));
    BOOST_TEST(!parse_http("/b", opts(m)));
    BOOST_TEST(!parse_http("http://a:99999/", opts(m)));
  }
}

BOOST_AUTO_TEST_CASE(scheme_data) {
  const auto& reg = scheme_registry::standard();
  BOOST_REQUIRE(reg.find("HTTP") != nullptr);
  BOOST_TEST(reg.find("http")->default_port().value() == 80);

  // The values the CLI's scheme_data shows (path and search as written).
  auto d = viewed(parser, "http://www.w3.org:8000/pub/WWW/TheProject.html;x?a%20b#top");
  BOOST_TEST(d.encoded_host() == "www.w3.org");
  BOOST_TEST(d.effective_port() == 8000);
  BOOST_TEST(!d.secure());
  BOOST_TEST(bracketed(d.has_hpath(), d.encoded_hpath()) == "[pub/WWW/TheProject.html;x]");
  BOOST_TEST(bracketed(d.has_search(), d.encoded_search()) == "[a%20b]");

  d = viewed(parser, "http://a");
  BOOST_TEST(d.encoded_host() == "a");
  BOOST_TEST(d.effective_port() == 80);
  BOOST_TEST(!d.secure());
  BOOST_TEST(!d.has_hpath());
  BOOST_TEST(!d.has_search());

  d = viewed(parser, "http://a/?");
  BOOST_TEST(bracketed(d.has_hpath(), d.encoded_hpath()) == "[]");
  BOOST_TEST(bracketed(d.has_search(), d.encoded_search()) == "[]");

  auto u = parse_absolute("http://u@a/");
  BOOST_TEST(reg.check(*u).has_value());
  BOOST_TEST(!reg.check(*u, opts(mode::strict)).has_value());
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "http://[fe80::1%25eth0]:8080/a?q", "fe80::1%eth0", 8080);
  check_connect_host(parser, "http://[::1]", "::1", 80);
}

// https (RFC 2818, RFC 9110 4.2.2), ws and wss (RFC 6455 3): http's syntax,
// with their own default ports, in both modes.
BOOST_AUTO_TEST_CASE(https_ws_and_wss) {
  struct c_ {
    const char* url;
    std::uint16_t port, default_port;
    bool secure, websocket;
  };
  const c_ cases[] = {
      {"https://a.example/b?q", 443, 443, true, false},
      {"HTTPS://a.example:8443/", 8443, 443, true, false},
      {"https://a.example:/", 443, 443, true, false},  // an empty port is the default (E.3)
      {"ws://a.example/chat", 80, 80, false, true},
      {"wss://a.example/chat?x=1", 443, 443, true, true},
      {"WsS://a.example:9000", 9000, 443, true, true},
      {"http://a.example/", 80, 80, false, false},
  };
  for (const auto& c : cases)
    for (auto m : {mode::lenient, mode::strict}) {
      BOOST_TEST_CONTEXT(c.url << (m == mode::strict ? " strict" : " lenient")) {
        auto h = parse_http(c.url, opts(m));
        BOOST_TEST_REQUIRE(h.has_value(), (h ? "" : h.error().to_string()));
        BOOST_TEST(h->effective_port() == c.port);
        BOOST_TEST(h->default_port() == c.default_port);
        BOOST_TEST(h->secure() == c.secure);
        BOOST_TEST(h->websocket() == c.websocket);
        BOOST_TEST(h->encoded_host() == "a.example");
      }
    }
  BOOST_TEST(parts_of("https://a/b/c;p?q") == "path[b/c;p] search[q]");
  // Only these four: another scheme is refused, and says which it must be.
  for (const char* other : {"ftp://a/", "httpx://a/", "htt://a/", "w://a/", "wsss://a/"}) {
    auto h = parse_http(other);
    BOOST_TEST_REQUIRE(!h.has_value(), other);
    BOOST_TEST((h.error().code == error_code::scheme_syntax));
    BOOST_TEST(h.error().to_string().find("\"https\"") != std::string::npos, h.error().to_string());
  }
  // The registry knows them: check_port compares with their own default.
  BOOST_TEST(!check_port(*parse_reference("https://h:443/"))->unsafe());
  BOOST_TEST(check_port(*parse_reference("https://h:80/"))->non_default);
  BOOST_TEST(!check_port(*parse_reference("wss://h:443/"))->unsafe());
}

// RFC 6455 3: "Fragment identifiers are meaningless in the context of
// WebSocket URIs and MUST NOT be used": strict refuses a "#", lenient warns.
BOOST_AUTO_TEST_CASE(a_websocket_uri_has_no_fragment) {
  auto strict = parse_http("ws://a/b#f", opts(mode::strict));
  BOOST_TEST_REQUIRE(!strict.has_value());
  BOOST_TEST((strict.error().code == error_code::scheme_syntax));
  BOOST_TEST((strict.error().rule == rule::fragment));
  BOOST_TEST(strict.error().offset == 8u);
  std::vector<warning> got;
  auto keep = [&](const warning& w) { got.push_back(w); };
  scheme_options o;
  o.on_warning = make_warning_sink(keep);
  BOOST_TEST_REQUIRE(parse_http("wss://a/b#f", o).has_value());
  BOOST_TEST_REQUIRE(got.size() == 1u);
  BOOST_TEST(got[0].offset == 9u);
  BOOST_TEST((got[0].code == warning_code::scheme_syntax));
  // http and https may have one.
  BOOST_TEST(parse_http("https://a/b#f", opts(mode::strict)).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
