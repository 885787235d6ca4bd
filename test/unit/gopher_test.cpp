// gopher URLs (RFC 1738 3.4 and 5): the gopher-path split into type,
// selector, search and gopher+ string; decoding and the CR/LF refusal; the
// request line a client sends; the grammar in both modes; scheme_data.
#include <boost/test/unit_test.hpp>

#include <string>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/gopher.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_gopher(u, o); };

// "type[0] selector[...] search[...] plus[...]", "-" for absent.
std::string parts_of(std::string_view s, mode m = mode::lenient) {
  auto g = parse_gopher(s, opts(m));
  if (!g) return "error " + g.error().to_string();
  return "type[" + std::string(1, g->gopher_type()) + "] selector[" + g->selector().to_string() +
         "] search" + bracketed(g->search()) + " plus" + bracketed(g->gopher_plus());
}

std::string line_of(std::string_view s) {
  auto g = parse_gopher(s);
  if (!g) return "error " + g.error().to_string();
  return g->request_line();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gopher)

BOOST_AUTO_TEST_CASE(gopher_paths) {
  struct c_ {
    const char* url;
    const char* parts;
  };
  const c_ cases[] = {
      // The selector may begin with a copy of the type (3.4).
      {"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
       "type[0] selector[0/Weather/California/Los Angeles] search- plus-"},
      // "The entire <gopher-path> may also be empty, in which case the
      // delimiting "/" is also optional and the <gophertype> defaults to "1"."
      {"gopher://h", "type[1] selector[] search- plus-"},
      {"gopher://h/", "type[1] selector[] search- plus-"},
      {"gopher://h:70", "type[1] selector[] search- plus-"},
      {"gopher://h#f", "type[1] selector[] search- plus-"},
      {"gopher://h/1", "type[1] selector[] search- plus-"},
      {"gopher://h/0", "type[0] selector[] search- plus-"},
      {"gopher://h/11/", "type[1] selector[1/] search- plus-"},
      // 3.4.2: a search engine gets the selector, a tab and the search string.
      {"gopher://h/7/search%09fish%20food", "type[7] selector[/search] search[fish food] plus-"},
      {"gopher://h/7%09", "type[7] selector[] search[] plus-"},
      // 3.4.3: a gopher+ string needs the %09<search> before it, maybe empty.
      {"gopher://h/1sel%09%09+", "type[1] selector[sel] search[] plus[+]"},
      {"gopher://h/1sel%09%09?", "type[1] selector[sel] search[] plus[?]"},
      {"gopher://h/1sel%09%09", "type[1] selector[sel] search[] plus[]"},
      {"gopher://h/1sel%09q%09$", "type[1] selector[sel] search[q] plus[$]"},
      // 3.4.6 and 3.4.7: attributes.
      {"gopher://h/0abs%09%09!", "type[0] selector[abs] search[] plus[!]"},
      {"gopher://h/0abs%09%09!+ABSTRACT", "type[0] selector[abs] search[] plus[!+ABSTRACT]"},
      {"gopher://h/0abs%09%09!+ABSTRACT%20+SMELL",
       "type[0] selector[abs] search[] plus[!+ABSTRACT +SMELL]"},
      // 3.4.8: an alternate view.
      {"gopher://h/0doc%09%09+application/postscript%20Es_ES",
       "type[0] selector[doc] search[] plus[+application/postscript Es_ES]"},
      // The third and later %09 belong to the gopher+ string.
      {"gopher://h/0a%09b%09c%09d", "type[0] selector[a] search[b] plus[c\td]"},
      // "Within the <gopher-path>, no characters are reserved."
      {"gopher://h/0a;b?c=d:e@f&g/h", "type[0] selector[a;b?c=d:e@f&g/h] search- plus-"},
      {"gopher://h/?;x", "type[?] selector[;x] search- plus-"},
      // The type is one xchar: a character or an escape.
      {"gopher://h/%30abc", "type[0] selector[abc] search- plus-"},
      {"gopher://h/%2F%2F", "type[/] selector[/] search- plus-"},
      // %25 is a percent sign: "%2509" is no tab.
      {"gopher://h/0a%2509", "type[0] selector[a%09] search- plus-"},
      {"GOPHER://H/0X", "type[0] selector[X] search- plus-"},
  };
  for (const auto& c : cases)
    for (auto m : {mode::lenient, mode::strict}) {
      BOOST_TEST_CONTEXT(c.url << (m == mode::strict ? " strict" : " lenient")) {
        BOOST_TEST(parts_of(c.url, m) == c.parts);
      }
    }
  // Octets other than TAB, CR and LF are selector data, NUL included (3.4).
  auto g = parse_gopher("gopher://h/9a%00b%FF", opts(mode::strict));
  BOOST_REQUIRE(g);
  BOOST_TEST(g->selector() == std::string("a\0b\xFF", 4));
}

BOOST_AUTO_TEST_CASE(host_port_and_raw_path) {
  auto g = parse_gopher("gopher://gopher.example.org:7070/1pub%09x");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->encoded_host() == "gopher.example.org");
  BOOST_TEST(g->effective_port() == 7070);
  BOOST_TEST(g->has_explicit_port());
  BOOST_TEST(g->encoded_gopher_path() == "1pub%09x");
  BOOST_TEST(g->gopher_path() == "1pub\tx");  // decoded: the type, the selector, TAB, the search
  BOOST_TEST(g->url().scheme() == "gopher");

  g = parse_gopher("gopher://h");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->effective_port() == 70);
  BOOST_TEST(!g->has_explicit_port());
  BOOST_TEST(g->encoded_gopher_path().data() == nullptr);
  BOOST_TEST(g->gopher_path() == "");
  g = parse_gopher("gopher://h/");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->encoded_gopher_path().data() != nullptr);
  BOOST_TEST(g->encoded_gopher_path().empty());
}

// The exact bytes a client sends (3.4, 3.4.2, 3.4.3, 3.4.9).
BOOST_AUTO_TEST_CASE(request_lines) {
  BOOST_TEST(line_of("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles") ==
             "0/Weather/California/Los Angeles\r\n");
  BOOST_TEST(line_of("gopher://h") == "\r\n");  // the top-level directory
  BOOST_TEST(line_of("gopher://h/") == "\r\n");
  BOOST_TEST(line_of("gopher://h/1") == "\r\n");
  BOOST_TEST(line_of("gopher://h/7/search%09fish") == "/search\tfish\r\n");
  BOOST_TEST(line_of("gopher://h/7/search%09") == "/search\t\r\n");
  BOOST_TEST(line_of("gopher://h/1sel%09%09+") == "sel\t\t+\r\n");
  BOOST_TEST(line_of("gopher://h/0abs%09%09!+ABSTRACT%20+SMELL") == "abs\t\t!+ABSTRACT +SMELL\r\n");
  BOOST_TEST(line_of("gopher://h/0a%09b%09c%09d") == "a\tb\tc\td\r\n");
  // 3.4.9: a filled-in electronic form is a coded copy of what the client
  // sends, its data block's ".\r\n" included: it is sent as it is.
  const char* form = "gopher://h/1form%09%09+%091%0D%0A+-1%0D%0AJohn%20Doe%0D%0A42%0D%0A.%0D%0A";
  auto g = parse_gopher(form, opts(mode::strict));
  BOOST_REQUIRE(g);
  BOOST_TEST(g->selector() == "form");
  BOOST_TEST(g->search().value() == "");
  BOOST_TEST(g->gopher_plus().value() == "+\t1\r\n+-1\r\nJohn Doe\r\n42\r\n.\r\n");
  BOOST_TEST(g->request_line() == "form\t\t+\t1\r\n+-1\r\nJohn Doe\r\n42\r\n.\r\n");
  // A gopher+ string that does not end in CRLF gets one.
  BOOST_TEST(line_of("gopher://h/1f%09%09+%0D%0Ax") == "f\t\t+\r\nx\r\n");
}

// Selector strings "may contain any octets except 09 hexadecimal (US-ASCII
// HT or tab) 0A hexadecimal (US-ASCII character LF), and 0D (US-ASCII
// character CR)" (3.4): an encoded CR or LF would end the request line early
// (RFC 1738 6), in both modes.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  const rejection cases[] = {
      {"gopher://h/0a%0Db", 13, "gopher selector: encoded CR (%0D) refused"},
      {"gopher://h/0a%0aRETR", 13, "gopher selector: encoded LF (%0A) refused"},
      {"gopher://h/0%0D%0A", 12, "gopher selector: encoded CR (%0D) refused"},
      {"gopher://h/7s%09fish%0Dx", 20, "gopher search: encoded CR (%0D) refused"},
      {"gopher://h/7s%09%0a%09+", 16, "gopher search: encoded LF (%0A) refused"},
      {"gopher://h/%0D", 11,
       "gopher gtype: the gopher type cannot be TAB, LF or CR (%09, %0A, %0D): they delimit "
       "Gopher protocol fields and lines (RFC 1436)"},
      {"gopher://h/%0a", 11,
       "gopher gtype: the gopher type cannot be TAB, LF or CR (%09, %0A, %0D): they delimit "
       "Gopher protocol fields and lines (RFC 1436)"},
      {"gopher://h/%09x", 11,
       "gopher gtype: the gopher type cannot be TAB, LF or CR (%09, %0A, %0D): they delimit "
       "Gopher protocol fields and lines (RFC 1436)"},
  };
  check_refused_in_both_modes(parser, cases);
  BOOST_TEST(parse_gopher("gopher://h/0a%0Db").error().code == error_code::decoded_crlf);
  // The gopher+ string may hold them (3.4.9).
  BOOST_TEST(parse_gopher("gopher://h/0a%09%09%0D%0A%0D", opts(mode::strict)).has_value());
}

// The departures from gopherurl: strict mode refuses them naming the
// production, lenient mode warns at the same offset and goes on.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  const rejection cases[] = {
      {"gopher://user@h/1", 9,
       "gopher hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)"},
      {"gopher://u:p@h/", 9,
       "gopher hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)"},
      // No host to connect to: an error in both modes.
      {"gopher:///1", 9, "gopher host: host expected (hostport = host [ \":\" port ])",
       /*lenient_refuses=*/true},
  };
  check_strict_rejections(parser, cases);
  // Lenient mode keeps what it accepted.
  auto g = parse_gopher("gopher://user@h/0~u%zz");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->selector() == "~u%zz");
  BOOST_TEST(g->request_line() == "~u%zz\r\n");  // the userinfo is never sent
}

BOOST_AUTO_TEST_CASE(hard_errors) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto g = parse_gopher("gopher:1sel", opts(m));
    BOOST_REQUIRE(!g);
    BOOST_TEST(g.error().offset == 7u);
    BOOST_TEST(g.error().production == std::string_view("gopher hostport"));
    g = parse_gopher("http://h/", opts(m));
    BOOST_REQUIRE(!g);
    BOOST_TEST(g.error().message() == "gopherurl: the scheme must be \"gopher\"");
    BOOST_TEST(!parse_gopher("gopher://h/0a b", opts(m)));  // a space is never allowed
    BOOST_TEST(!parse_gopher("gopher://h:70000/", opts(m)));
  }
}

BOOST_AUTO_TEST_CASE(scheme_data) {
  const auto& reg = scheme_registry::standard();
  BOOST_REQUIRE(reg.find("Gopher") != nullptr);
  BOOST_TEST(reg.find("gopher")->default_port().value() == 70);

  // The decoded values the CLI's scheme_data shows.
  auto d = viewed(parser, "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles");
  BOOST_TEST(d.encoded_host() == "spinaltap.micro.umn.edu");
  BOOST_TEST(d.effective_port() == 70);
  BOOST_TEST(d.gopher_type() == '0');
  BOOST_TEST(d.selector() == "0/Weather/California/Los Angeles");
  BOOST_TEST(!d.search());
  BOOST_TEST(!d.gopher_plus());

  d = viewed(parser, "gopher://h:7000/7s%09q%09+");
  BOOST_TEST(d.encoded_host() == "h");
  BOOST_TEST(d.effective_port() == 7000);
  BOOST_TEST(d.gopher_type() == '7');
  BOOST_TEST(d.selector() == "s");
  BOOST_TEST(bracketed(d.search()) == "[q]");
  BOOST_TEST(bracketed(d.gopher_plus()) == "[+]");

  d = viewed(parser, "gopher://h");
  BOOST_TEST(d.gopher_type() == '1');
  BOOST_TEST(d.selector() == "");

  auto u = parse_absolute("gopher://h/0%0D");
  BOOST_TEST(!reg.check(*u).has_value());
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "gopher://[::ffff:10.0.0.1]/1sel", "::ffff:10.0.0.1", 70);
}

BOOST_AUTO_TEST_SUITE_END()
