// wais URLs (RFC 1738 3.9 and 5): the three forms, the grammar in both modes,
// ports, decoding, and the scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/wais.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_wais(u, o); };

// "database search wtype wpath", "-" for absent, "[]" for empty.
std::string parts(std::string_view s, mode m = mode::lenient) {
  auto w = parse_wais(s, opts(m));
  if (!w) return "error " + w.error().to_string();
  return "[" + w->database().to_string() + "] " + bracketed(w->search()) + " " +
         bracketed(w->wtype()) + " " + bracketed(w->wpath());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wais)

// The three layout forms of 3.9, in both modes.
BOOST_AUTO_TEST_CASE(three_forms) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto w = parse_wais("wais://quake.think.com/directory-of-servers", opts(m));
    BOOST_REQUIRE(w);
    BOOST_TEST(w->encoded_host() == "quake.think.com");
    BOOST_TEST(w->effective_port() == 210);
    BOOST_TEST((w->kind() == wais_view::form::database));
    BOOST_TEST(w->database() == "directory-of-servers");
    BOOST_TEST(!w->search());
    BOOST_TEST(!w->wtype());
    BOOST_TEST(!w->wpath());

    w = parse_wais("wais://quake.think.com:210/directory-of-servers?wais", opts(m));
    BOOST_REQUIRE(w);
    BOOST_TEST((w->kind() == wais_view::form::search));
    BOOST_TEST(w->database() == "directory-of-servers");
    BOOST_TEST(w->search().value() == "wais");
    BOOST_TEST(!w->wtype());

    w = parse_wais("wais://cnidr.org:2100/db/TEXT/0%2012%20%2Fusr%2Fdoc", opts(m));
    BOOST_REQUIRE(w);
    BOOST_TEST((w->kind() == wais_view::form::document));
    BOOST_TEST(w->effective_port() == 2100);
    BOOST_TEST(w->database() == "db");
    BOOST_TEST(!w->search());
    BOOST_TEST(w->wtype().value() == "TEXT");
    BOOST_TEST(w->wpath().value() == "0 12 /usr/doc");
  }
}

// database, wtype and wpath are *uchar: each may be empty.
BOOST_AUTO_TEST_CASE(empty_parts) {
  for (auto m : {mode::lenient, mode::strict}) {
    BOOST_TEST(parts("wais://h/", m) == "[] - - -");
    BOOST_TEST(parts("wais://h/?", m) == "[] [] - -");
    BOOST_TEST(parts("wais://h/db?", m) == "[db] [] - -");
    BOOST_TEST(parts("wais://h///", m) == "[] - [] []");
    BOOST_TEST(parts("wais://h/db//x", m) == "[db] - [] [x]");
    BOOST_TEST(parts("wais://h/db/t/", m) == "[db] - [t] []");
  }
}

// search is http's (section 5 leaves it undefined for wais):
// *[ uchar | ";" | ":" | "@" | "&" | "=" ].
BOOST_AUTO_TEST_CASE(search_characters) {
  BOOST_TEST(parts("wais://h/db?a;b:c@d&e=f+g", mode::strict) == "[db] [a;b:c@d&e=f+g] - -");
  BOOST_TEST(parts("wais://h/db?x%3Fy%2Fz", mode::strict) == "[db] [x?y/z] - -");
}

BOOST_AUTO_TEST_CASE(ports_and_scheme_case) {
  for (const char* url : {"WAIS://h/db", "Wais://h:210/db", "wais://h:0210/db"}) {
    BOOST_TEST_CONTEXT(url) {
      auto w = parse_wais(url, opts(mode::strict));
      BOOST_REQUIRE(w);
      BOOST_TEST(w->effective_port() == 210);
      BOOST_TEST(w->database() == "db");
    }
  }
  BOOST_TEST(!parse_wais("wais://h/db")->has_explicit_port());
  BOOST_TEST(parse_wais("wais://h:210/db")->has_explicit_port());
  BOOST_TEST(parse_wais("wais://h:8000/db")->effective_port() == 8000);
  BOOST_TEST(scheme_registry::standard().find("WAIS")->default_port().value() == 210);
  BOOST_TEST(parse_wais("wais://h:/db")->effective_port() == 210);  // empty port: lenient, default
}

BOOST_AUTO_TEST_CASE(decoding) {
  BOOST_TEST(parts("wais://h/my%20db?a%20b/t", mode::lenient) == "[my db] [a b/t] - -");
  BOOST_TEST(parts("wais://h/d%2Fb/t%3F/p%3B", mode::strict) == "[d/b] - [t?] [p;]");
  // Lenient mode keeps a bad escape as it is.
  BOOST_TEST(parts("wais://h/a%zz/t%4/p%") == "[a%zz] - [t%4] [p%]");
  BOOST_TEST(parts("wais://h/a%zz", mode::strict).starts_with("error offset 10: path: '%'"));
  // CR and LF are data here: WAIS requests are not lines of text.
  BOOST_TEST(parts("wais://h/db?a%0D%0Ab", mode::strict) == "[db] [a\r\nb] - -");
  // The fragment is not part of the URL.
  BOOST_TEST(parts("wais://h/db/t/p#x", mode::strict) == "[db] - [t] [p]");
}

// Strict mode refuses what waisurl refuses, naming the production; lenient
// mode accepts each with a warning at the same offset, and goes on.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  // With parts() in lenient mode.
  const rejection_read_as cases[] = {
      {"wais://h", 8,
       "waisdatabase: \"/\" database expected (waisdatabase = \"wais://\" hostport \"/\" database, "
       "RFC 1738 5)",
       "[] - - -"},
      {"wais://h:99#f", 11,
       "waisdatabase: \"/\" database expected (waisdatabase = \"wais://\" hostport \"/\" database, "
       "RFC 1738 5)",
       "[] - - -"},
      {"wais://h/db/TEXT", 16,
       "waisdoc: \"/\" wpath expected after the wtype (waisdoc = \"wais://\" hostport \"/\" "
       "database \"/\" wtype \"/\" wpath, RFC 1738 5)",
       "[db] - [TEXT] []"},
      {"wais://h/db/t/p/q", 15, "wais wpath: '/' must be escaped as %2F (RFC 1738 5)",
       "[db] - [t] [p/q]"},
      {"wais://h/db/t/p?q", 15, "wais wpath: '?' must be escaped as %3F (RFC 1738 5)",
       "[db] - [t] [p?q]"},
      {"wais://h/db?x?y", 13, "wais search: '?' must be escaped as %3F (RFC 1738 5)",
       "[db] [x?y] - -"},
      {"wais://h/db?x/y", 13, "wais search: '/' must be escaped as %2F (RFC 1738 5)",
       "[db] [x/y] - -"},
      {"wais://h/d;b", 10, "wais database: ';' must be escaped as %3B (RFC 1738 5)", "[d;b] - - -"},
      {"wais://h/d=b?s", 10, "wais database: '=' must be escaped as %3D (RFC 1738 5)",
       "[d=b] [s] - -"},
      {"wais://h/db/t:x/p", 13, "wais wtype: ':' must be escaped as %3A (RFC 1738 5)",
       "[db] - [t:x] [p]"},
      {"wais://u:p@h/db", 7,
       "wais hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: "
       "the production is hostport)",
       "[db] - - -"},
  };
  check_strict_rejections(parser, cases, [](const auto& c, const auto&, const auto&) {
    BOOST_TEST(parts(c.url) == c.lenient);
  });
  // One warning per departure, even where the grammar backtracks.
  auto ws = lenient_warnings(parser, "wais://h/db/t@");
  BOOST_REQUIRE(ws.size() == 2u);
  BOOST_TEST(ws[0].offset == 13u);
  BOOST_TEST(ws[0].code == warning_code::scheme_character);
  BOOST_TEST(ws[1].offset == 14u);
  BOOST_TEST(ws[1].code == warning_code::scheme_syntax);
  BOOST_TEST(ws[1].production == std::string_view("waisdoc"));
}

// Errors in both modes: no "//", a port out of range.
BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto w = parse_wais("wais:/h/db", opts(m));
    BOOST_REQUIRE(!w);
    BOOST_TEST(w.error().offset == 5u);
    BOOST_TEST(w.error().production == std::string_view("wais hostport"));
    w = parse_wais("wais://h:70000/db", opts(m));
    BOOST_REQUIRE(!w);
    BOOST_TEST(w.error().offset == 9u);
  }
}

BOOST_AUTO_TEST_CASE(not_wais) {
  check_wrong_scheme(parser, "http://h/db", "waisurl", "waisurl: the scheme must be \"wais\"");
  BOOST_TEST(!parse_wais("//h/db").has_value());
}

BOOST_AUTO_TEST_CASE(string_view_overload) {
  const std::string s = "wais://h/db?q";
  const auto [a, b] = parse_both_ways(parser, s);
  BOOST_TEST((a.search() == b.search()));
  BOOST_TEST(!parse_wais("wais://h/d|b", opts(mode::strict)));
  BOOST_TEST(parse_wais("wais://h/d|b").has_value());  // unwise: a lenient warning
}

// The decoded values the CLI's scheme_data shows.
BOOST_AUTO_TEST_CASE(view_values) {
  auto d = viewed(parser, "wais://quake.think.com/directory-of-servers");
  BOOST_TEST(d.encoded_host() == "quake.think.com");
  BOOST_TEST(d.effective_port() == 210);
  BOOST_TEST(d.database() == "directory-of-servers");
  BOOST_TEST(!d.search());
  BOOST_TEST(!d.wtype());
  BOOST_TEST(!d.wpath());

  d = viewed(parser, "WAIS://h.dom:2100/my%20db?cats%20and%20dogs");
  BOOST_TEST(d.encoded_host() == "h.dom");
  BOOST_TEST(d.effective_port() == 2100);
  BOOST_TEST(d.database() == "my db");
  BOOST_TEST(bracketed(d.search()) == "[cats and dogs]");
  BOOST_TEST(!d.wtype());
  BOOST_TEST(!d.wpath());

  d = viewed(parser, "wais://h/db/TEXT/0%2012");
  BOOST_TEST(d.encoded_host() == "h");
  BOOST_TEST(d.effective_port() == 210);
  BOOST_TEST(d.database() == "db");
  BOOST_TEST(!d.search());
  BOOST_TEST(bracketed(d.wtype()) == "[TEXT]");
  BOOST_TEST(bracketed(d.wpath()) == "[0 12]");

  d = viewed(parser, "wais://h/");
  BOOST_TEST(d.database() == "");
  BOOST_TEST(!d.search());

  auto u = parse_absolute("wais://h/db/TEXT");
  BOOST_TEST(!scheme_registry::standard().check(*u, opts(mode::strict)));
  d = viewed(parser, "wais://h/db/TEXT");
  BOOST_TEST(bracketed(d.wtype()) == "[TEXT]");
  BOOST_TEST(bracketed(d.wpath()) == "[]");
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "wais://[2001:DB8::1]/db", "2001:DB8::1", 210);
}

BOOST_AUTO_TEST_SUITE_END()
