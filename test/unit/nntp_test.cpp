// nntp URLs (RFC 1738 3.7 and 5): nntpurl in both modes, with offsets and
// messages, ports, the article number, CR/LF refusal, and the scheme_data
// object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/nntp.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_nntp(u, o); };

const char* const nntp_group_char =
    "nntp group: a group name holds only letters, digits, \"-\", \".\", \"+\" and \"_\" (RFC 1738 "
    "5: group = alpha *[ alpha | digit | \"-\" | \".\" | \"+\" | \"_\" ])";
const char* const nntp_digits =
    "nntp article: the article number is digits only, ending the URL (RFC 1738 5: [ \"/\" digits "
    "])";

}  // namespace

BOOST_AUTO_TEST_SUITE(nntp)

// The layout of RFC 1738 3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>
BOOST_AUTO_TEST_CASE(layout) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto n = parse_nntp("nntp://news.example.org:1119/comp.infosystems.www.misc/1234", opts(m));
    BOOST_REQUIRE(n);
    BOOST_TEST(n->encoded_host() == "news.example.org");
    BOOST_TEST(n->effective_port() == 1119);
    BOOST_TEST(n->has_explicit_port());
    BOOST_TEST(n->group() == "comp.infosystems.www.misc");
    BOOST_TEST(n->encoded_group() == "comp.infosystems.www.misc");
    BOOST_TEST(n->article().value() == 1234);

    // The article number may be left out.
    n = parse_nntp("nntp://news.example.org/comp.lang.c++", opts(m));
    BOOST_REQUIRE(n);
    BOOST_TEST(n->group() == "comp.lang.c++");
    BOOST_TEST(!n->article());
  }
  auto l = parse_lenient(parser, "nntp://news.example.org/comp.infosystems.www.misc/1");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.warnings.empty());
}

// "If :<port> is omitted, the port defaults to 119."
BOOST_AUTO_TEST_CASE(ports) {
  auto n = parse_nntp("nntp://h/g");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->effective_port() == 119);
  BOOST_TEST(!n->has_explicit_port());
  n = parse_nntp("nntp://h:119/g");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->effective_port() == 119);
  BOOST_TEST(n->has_explicit_port());
  // Scheme names ignore case (RFC 1738 2.1).
  n = parse_nntp("NNTP://H:563/G/7", opts(mode::strict));
  BOOST_REQUIRE(n);
  BOOST_TEST(n->effective_port() == 563);
  BOOST_TEST(n->encoded_host() == "H");
  BOOST_TEST(n->group() == "G");
  n = parse_nntp("Nntp://h/g");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->effective_port() == 119);
  BOOST_TEST(nntp_view::default_port == 119);
  const auto* h = scheme_registry::standard().find("NNTP");
  BOOST_REQUIRE(h);
  BOOST_TEST(h->name() == "nntp");
  BOOST_TEST(h->default_port().value() == 119);
  // An empty port is the default one in both modes (draft E.3: port = *digit).
  auto l = parse_lenient(parser, "nntp://h:/g");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.r->effective_port() == 119);
  BOOST_TEST(l.warnings.empty());
  auto s = parse_nntp("nntp://h:/g", opts(mode::strict));
  BOOST_REQUIRE(s);
  BOOST_TEST(s->effective_port() == 119);
}

BOOST_AUTO_TEST_CASE(article_numbers) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto n = parse_nntp("nntp://h/g/0", opts(m));
    BOOST_REQUIRE(n);
    BOOST_TEST(n->article().value() == 0);
    n = parse_nntp("nntp://h/g/007", opts(m));
    BOOST_REQUIRE(n);
    BOOST_TEST(n->article().value() == 7);
    n = parse_nntp("nntp://h/g/9223372036854775807", opts(m));
    BOOST_REQUIRE(n);
    BOOST_TEST(n->article().value() == 9223372036854775807LL);

    // Out of range, or not a number: nothing a client can ask for.
    n = parse_nntp("nntp://h/g/9223372036854775808", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().offset == 11u);
    BOOST_TEST(n.error().code == error_code::scheme_syntax);
    BOOST_TEST(n.error().message() ==
               "nntp article: the article number is out of range (at most 9223372036854775807)");
    BOOST_TEST(!parse_nntp("nntp://h/g/99999999999999999999999", opts(m)));
  }
  const rejection not_digits[] = {
      {"nntp://h/g/12a", 13, nntp_digits}, {"nntp://h/g/+5", 11, nntp_digits},
      {"nntp://h/g/1/2", 12, nntp_digits}, {"nntp://h/g/1?x", 12, nntp_digits},
      {"nntp://h/g/1;x", 12, nntp_digits}, {"nntp://h/g/%31", 11, nntp_digits},
      {"nntp://h/g/x", 11, nntp_digits},
  };
  check_refused_in_both_modes(parser, not_digits);
  // A trailing "/" with no number: a strict error, a lenient warning.
  auto s = parse_nntp("nntp://h/g/", opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().offset == 11u);
  BOOST_TEST(!s.error().has_byte);
  BOOST_TEST(s.error().message() ==
             "nntp article: an article number expected after \"/\" (RFC 1738 5: [ \"/\" digits ])");
  auto l = parse_lenient(parser, "nntp://h/g/");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(!l.r->article());
  BOOST_REQUIRE(l.warnings.size() == 1u);
  BOOST_TEST(l.warnings[0].offset == 11u);
  BOOST_TEST(l.warnings[0].production == std::string("nntp article"));
}

// Strict mode refuses what nntpurl refuses; lenient mode warns at the offset.
BOOST_AUTO_TEST_CASE(strict_rejections_lenient_warnings) {
  // With the group lenient mode reads, decoded.
  const rejection_read_as cases[] = {
      {"nntp://u@h/g", 7,
       "nntp login: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: the "
       "production is hostport)",
       "g"},
      {"nntp://u:p@h/g/1", 7,
       "nntp login: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, 3.11: the "
       "production is hostport)",
       "g"},
      {"nntp://h/1g", 9,
       "nntp group: a group name starts with a letter (RFC 1738 5: group = alpha *[ alpha | digit "
       "| \"-\" | \".\" | \"+\" | \"_\" ])",
       "1g"},
      {"nntp://h/comp%2Elang/3", 13,
       "nntp group: a group name is written without escapes (RFC 1738 5: group = alpha *[ alpha | "
       "digit | \"-\" | \".\" | \"+\" | \"_\" ])",
       "comp.lang"},
      {"nntp://h/g?x", 10, nntp_group_char, "g?x"},
      {"nntp://h/g;x", 10, nntp_group_char, "g;x"},
      {"nntp://h/a~b", 10, nntp_group_char, "a~b"},
  };
  check_strict_rejections(parser, cases, [](const auto& c, const error&, const auto& l) {
    BOOST_TEST(l.r->group() == c.lenient);
    BOOST_TEST(l.warnings.front().code == warning_code::scheme_syntax);
  });
}

// What leaves a client nothing to connect to or ask for.
BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  const rejection cases[] = {
      {"nntp://h", 8,
       "nntp group: \"/\" and a group name expected (RFC 1738 5: nntpurl = \"nntp://\" hostport "
       "\"/\" group [ \"/\" digits ])"},
      {"nntp://h/", 9,
       "nntp group: a group name expected (RFC 1738 5: group = alpha *[ alpha | digit | \"-\" | "
       "\".\" | \"+\" | \"_\" ])"},
      {"nntp://h//1", 9,
       "nntp group: a group name expected (RFC 1738 5: group = alpha *[ alpha | digit | \"-\" | "
       "\".\" | \"+\" | \"_\" ])"},
      {"nntp:comp.lang.c", 5,
       "nntp login: \"//\" expected: the scheme uses the common Internet scheme syntax "
       "//<user>:<password>@<host>:<port>/<url-path> (RFC 1738 3.1)"},
      {"nntp://h:70000/g", 9, "nntp port: port must be at most 65535 (a TCP port number)"},
      // No server to connect to.
      {"nntp:///g", 7, "nntp host: host expected (hostport = host [ \":\" port ])"},
  };
  check_refused_in_both_modes(parser, cases);
}

// RFC 1738 6: the group goes into an NNTP GROUP command line.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto n = parse_nntp("nntp://h/g%0D%0AQUIT/1", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().code == error_code::decoded_crlf);
    BOOST_TEST(n.error().offset == 10u);
    BOOST_TEST(n.error().message() == "nntp group: encoded CR (%0D) refused");
    n = parse_nntp("nntp://h/%0a", opts(m));
    BOOST_REQUIRE(!n);
    BOOST_TEST(n.error().offset == 9u);
    BOOST_TEST(n.error().message() == "nntp group: encoded LF (%0A) refused");
  }
}

BOOST_AUTO_TEST_CASE(decoding_and_overloads) {
  auto l = parse_lenient(parser, "nntp://h/a%2Bb%zz");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.r->group() == "a+b%zz");  // a bad escape stays as it is
  BOOST_TEST(l.r->encoded_group() == "a%2Bb%zz");
  auto n = parse_nntp("nntp://h/g/5#frag");
  BOOST_REQUIRE(n);
  BOOST_TEST(n->article().value() == 5);
  auto u = parse_reference("nntp://h/g/5");
  BOOST_REQUIRE(u);
  n = parse_nntp(*u, opts(mode::strict));
  BOOST_REQUIRE(n);
  BOOST_TEST(n->url().buffer() == "nntp://h/g/5");
  check_wrong_scheme(parser, "news:g", "nntpurl", "nntpurl: the scheme must be \"nntp\"");
  BOOST_TEST(!parse_nntp("//h/g"));
}

// The values the CLI's scheme_data shows; the article number is a number.
BOOST_AUTO_TEST_CASE(view_values) {
  auto d = viewed(parser, "nntp://news.example.org/comp.infosystems.www.misc/1234");
  BOOST_TEST(d.encoded_host() == "news.example.org");
  BOOST_TEST(d.effective_port() == 119);
  BOOST_TEST(d.group() == "comp.infosystems.www.misc");
  BOOST_TEST((d.article() == std::optional<std::int64_t>(1234)));

  d = viewed(parser, "NNTP://h:8119/alt.test", mode::strict);
  BOOST_TEST(d.encoded_host() == "h");
  BOOST_TEST(d.effective_port() == 8119);
  BOOST_TEST(d.group() == "alt.test");
  BOOST_TEST(!d.article());

  auto u = parse_reference("nntp://h/");
  BOOST_TEST(!scheme_registry::standard().check(*u));
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "nntp://[::1]:1119/comp.lang/12", "::1", 1119);
}

BOOST_AUTO_TEST_SUITE_END()
