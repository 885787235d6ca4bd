// telnet URLs (RFC 1738 3.8 and 5): the grammar in both modes, ports,
// decoding, CR/LF refusal, and the scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/telnet.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_telnet(u, o); };

}  // namespace

BOOST_AUTO_TEST_SUITE(telnet)

// Draft 1.1: "telnet://melvyl.ucop.edu/ -- telnet scheme for interactive
// services via the TELNET Protocol".
BOOST_AUTO_TEST_CASE(draft_example) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto t = parse_telnet("telnet://melvyl.ucop.edu/", opts(m));
    BOOST_REQUIRE(t);
    BOOST_TEST(!t->encoded_user());
    BOOST_TEST(!t->encoded_password());
    BOOST_TEST(t->encoded_host() == "melvyl.ucop.edu");
    BOOST_TEST(t->effective_port() == 23);
    BOOST_TEST(!t->has_explicit_port());
    BOOST_TEST(t->has_final_slash());
  }
  BOOST_TEST(lenient_warnings(parser, "telnet://melvyl.ucop.edu/").empty());
}

// 3.8: telnet://<user>:<password>@<host>:<port>/ -- "The final "/" character
// may be omitted.  If :<port> is omitted, the port defaults to 23.  The
// :<password> can be omitted, as well as the whole <user>:<password> part."
BOOST_AUTO_TEST_CASE(layout_and_omissions) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto t = parse_telnet("telnet://joe:secret@host.dom:2323/", opts(m));
    BOOST_REQUIRE(t);
    BOOST_TEST(t->encoded_user().value() == "joe");
    BOOST_TEST(t->encoded_password().value() == "secret");
    BOOST_TEST(t->encoded_host() == "host.dom");
    BOOST_TEST(t->effective_port() == 2323);
    BOOST_TEST(t->has_explicit_port());
    BOOST_TEST(t->has_final_slash());

    t = parse_telnet("telnet://joe:secret@host.dom:2323", opts(m));
    BOOST_REQUIRE(t);
    BOOST_TEST(!t->has_final_slash());
    BOOST_TEST(t->effective_port() == 2323);

    t = parse_telnet("telnet://joe@host.dom", opts(m));
    BOOST_REQUIRE(t);
    BOOST_TEST(t->encoded_user().value() == "joe");
    BOOST_TEST(!t->encoded_password());
    BOOST_TEST(t->effective_port() == 23);

    t = parse_telnet("telnet://10.0.0.1", opts(m));
    BOOST_REQUIRE(t);
    BOOST_TEST(t->encoded_host() == "10.0.0.1");
    BOOST_TEST(!t->encoded_user());
  }
}

// 3.1: "an empty user name or password is different than no user name or
// password".
BOOST_AUTO_TEST_CASE(absent_is_not_empty) {
  auto t = parse_telnet("telnet://@h/");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->encoded_user().value() == "");
  BOOST_TEST(!t->encoded_password());
  t = parse_telnet("telnet://u:@h/");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->encoded_user().value() == "u");
  BOOST_TEST(t->encoded_password().value() == "");
  t = parse_telnet("telnet://h/");
  BOOST_TEST(!t->encoded_user());
  BOOST_TEST(!t->encoded_password());
}

// Scheme names match ignoring case (RFC 1738 2.1); default and explicit ports.
BOOST_AUTO_TEST_CASE(ports_and_scheme_case) {
  for (const char* url : {"TELNET://h/", "Telnet://h", "telnet://h:23/"}) {
    BOOST_TEST_CONTEXT(url) {
      auto t = parse_telnet(url, opts(mode::strict));
      BOOST_REQUIRE(t);
      BOOST_TEST(t->effective_port() == 23);
    }
  }
  BOOST_TEST(parse_telnet("TELNET://h:0/")->effective_port() == 0);
  BOOST_TEST(parse_telnet("telnet://h:65535")->effective_port() == 65535);
  BOOST_TEST(parse_telnet("telnet://h:023/")->effective_port() == 23);
  BOOST_TEST(parse_telnet("telnet://h:023/")->has_explicit_port());
  BOOST_TEST(scheme_registry::standard().find("TELNET")->default_port().value() == 23);
  // An empty port is the default one, in both modes and without a warning
  // (draft E.3: port = *digit).
  bool ok = false;
  auto ws = lenient_warnings(parser, "telnet://h:/", &ok);
  BOOST_TEST(ok);
  BOOST_TEST(ws.empty());
  BOOST_TEST(parse_telnet("telnet://h:/")->effective_port() == 23);
  BOOST_TEST(parse_telnet("telnet://h:/", opts(mode::strict))->effective_port() == 23);
}

BOOST_AUTO_TEST_CASE(decoding) {
  auto t = parse_telnet("telnet://a%20b:p%40ss%3Aw@h.dom/", opts(mode::strict));
  BOOST_REQUIRE(t);
  BOOST_TEST(t->user().value() == "a b");
  BOOST_TEST(t->password().value() == "p@ss:w");
  BOOST_TEST(t->encoded_user().value() == "a%20b");
  // RFC 1738's user takes ";", "?", "&", "=" unescaped.
  t = parse_telnet("telnet://a;b?c&d=e:f;g@h/", opts(mode::strict));
  BOOST_REQUIRE(t);
  BOOST_TEST(t->encoded_user().value() == "a;b?c&d=e");
  BOOST_TEST(t->encoded_password().value() == "f;g");
  // Lenient mode keeps a bad escape as it is; strict mode refuses it.
  t = parse_telnet("telnet://a%zz:%4@h/");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->encoded_user().value() == "a%zz");
  BOOST_TEST(t->encoded_password().value() == "%4");
  BOOST_TEST(!parse_telnet("telnet://a%zz@h/", opts(mode::strict)));
  // The same view checked strictly by the scheme grammar: offset of the "%".
  auto u = parse_absolute("telnet://a%zz@h/");
  BOOST_REQUIRE(u);
  auto s = parse_telnet(*u, opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::bad_escape);
  BOOST_TEST(s.error().offset == 10u);
  BOOST_TEST(s.error().production == std::string_view("telnet user"));
}

// Strict mode refuses what telneturl refuses, naming the production; lenient
// mode accepts each with a warning at the same offset.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  const rejection cases[] = {
      {"telnet://h/x", 11,
       "telneturl: nothing may follow the final \"/\" (telneturl = \"telnet://\" login [ \"/\" ], "
       "RFC 1738 3.8)"},
      {"telnet://h//", 11,
       "telneturl: nothing may follow the final \"/\" (telneturl = \"telnet://\" login [ \"/\" ], "
       "RFC 1738 3.8)"},
      {"telnet://h/?q", 11,
       "telneturl: nothing may follow the final \"/\" (telneturl = \"telnet://\" login [ \"/\" ], "
       "RFC 1738 3.8)"},
      {"telnet://h:23/;p#frag", 14,
       "telneturl: nothing may follow the final \"/\" (telneturl = \"telnet://\" login [ \"/\" ], "
       "RFC 1738 3.8)"},
      // No host to connect to: an error in both modes.
      {"telnet:///", 9, "telnet host: host expected (hostport = host [ \":\" port ])",
       /*lenient_refuses=*/true},
  };
  check_strict_rejections(parser, cases);
  // Lenient mode ignores what follows the "/" but remembers the "/".
  auto t = parse_telnet("telnet://u@h:99/x/y?z");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->has_final_slash());
  BOOST_TEST(t->encoded_user().value() == "u");
  BOOST_TEST(t->effective_port() == 99);
  auto ws = lenient_warnings(parser, "telnet://h/x");
  BOOST_REQUIRE(ws.size() == 1u);
  BOOST_TEST(ws[0].code == warning_code::scheme_syntax);
  BOOST_TEST(ws[0].production == std::string_view("telneturl"));
  // A fragment is not part of the URL (draft 3): "/" then "#..." is fine.
  BOOST_TEST(parse_telnet("telnet://h/#top", opts(mode::strict)).has_value());
  BOOST_TEST(parse_telnet("telnet://h#top", opts(mode::strict)).has_value());
}

// Errors in both modes: no "//" (nothing to connect to), a port out of range.
BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  const rejection cases[] = {
      {"telnet:melvyl.ucop.edu", 7,
       "telnet login: \"//\" expected: the scheme uses the common Internet scheme syntax "
       "//<user>:<password>@<host>:<port>/<url-path> (RFC 1738 3.1)"},
      {"telnet://h:65536/", 11, "telnet port: port must be at most 65535 (a TCP port number)"},
  };
  check_refused_in_both_modes(parser, cases);
}

// RFC 1738 6, draft 8: "CR and LF characters for telnet protocols" must not be
// unencoded before transmission.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto t = parse_telnet("telnet://u%0D%0Aecho@h/", opts(m));
    BOOST_REQUIRE(!t);
    BOOST_TEST(t.error().code == error_code::decoded_crlf);
    BOOST_TEST(t.error().offset == 10u);
    BOOST_TEST(t.error().message() == "telnet user: encoded CR (%0D) refused");
    t = parse_telnet("telnet://u:pw%0a@h/", opts(m));
    BOOST_REQUIRE(!t);
    BOOST_TEST(t.error().offset == 13u);
    BOOST_TEST(t.error().rule == rule::password);
    BOOST_TEST(t.error().message() == "telnet password: encoded LF (%0A) refused");
    auto u = parse_absolute("telnet://u%0D@h/", m);
    BOOST_REQUIRE(u);
    auto d = scheme_registry::standard().check(*u, opts(m));
    BOOST_REQUIRE(!d);
    BOOST_TEST(d.error().code == error_code::decoded_crlf);
  }
  // NUL and tab are not line ends.
  BOOST_TEST(parse_telnet("telnet://u%00%09@h/")->user().value() == std::string("u\0\t", 3));
}

BOOST_AUTO_TEST_CASE(not_telnet) {
  check_wrong_scheme(parser, "ftp://h/", "telneturl", "telneturl: the scheme must be \"telnet\"");
  BOOST_TEST(!parse_telnet("//h/").has_value());
  BOOST_TEST(!parse_telnet("telnetx://h/").has_value());
}

BOOST_AUTO_TEST_CASE(string_view_overload) {
  const std::string s = "telnet://u:p@h:24/#x";
  const auto [a, b] = parse_both_ways(parser, s);
  BOOST_TEST((a.encoded_user() == b.encoded_user()));
  BOOST_TEST(a.effective_port() == 24);
  // The string_view overload parses the generic syntax in the options' mode.
  BOOST_TEST(!parse_telnet("telnet://h|x/", opts(mode::strict)));
}

// The decoded values the CLI's scheme_data shows.
BOOST_AUTO_TEST_CASE(view_values) {
  auto d = viewed(parser, "telnet://melvyl.ucop.edu/");
  BOOST_TEST(!d.encoded_user());
  BOOST_TEST(!d.encoded_password());
  BOOST_TEST(d.encoded_host() == "melvyl.ucop.edu");
  BOOST_TEST(d.effective_port() == 23);

  d = viewed(parser, "TELNET://j%20o:@Host.Dom:2323");
  BOOST_TEST(bracketed(d.user()) == "[j o]");
  BOOST_TEST(bracketed(d.password()) == "[]");
  BOOST_TEST(d.encoded_host() == "Host.Dom");
  BOOST_TEST(d.effective_port() == 2323);

  d = viewed(parser, "telnet://@h");
  BOOST_TEST(bracketed(d.encoded_user()) == "[]");
  BOOST_TEST(!d.encoded_password());
  BOOST_TEST(d.encoded_host() == "h");
  BOOST_TEST(d.effective_port() == 23);

  // Strict: the registry's check refuses it with the grammar's error.
  auto u = parse_absolute("telnet://h/x");
  auto s = scheme_registry::standard().check(*u, opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().offset == 11u);
  d = viewed(parser, "telnet://h/x");
  BOOST_TEST(d.encoded_host() == "h");
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "telnet://u@[::1]:2323/", "::1", 2323);
}

BOOST_AUTO_TEST_SUITE_END()
