// prospero URLs (RFC 1738 3.11 and 5): the hsoname and its slashes, fields,
// the grammar in both modes, ports, decoding, CR/LF/NUL refusal, and the
// scheme_data object.
#include <boost/test/unit_test.hpp>

#include <iterator>
#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/prospero.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_prospero(u, o); };

// "[hsoname] name=value ...".
std::string parts(std::string_view s, mode m = mode::lenient) {
  auto p = parse_prospero(s, opts(m));
  if (!p) return "error " + p.error().to_string();
  std::string out = "[" + p->hsoname().to_string() + "]";
  for (const auto& [name, value] : decoded_pairs(p->fieldspecs())) out += " " + name + "=" + value;
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(prospero)

// 3.11: "<URL:prospero://host.dom//pros/name> designates a <hsoname> of
// "/pros/name"".
BOOST_AUTO_TEST_CASE(rfc1738_example) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto p = parse_prospero("prospero://host.dom//pros/name", opts(m));
    BOOST_REQUIRE(p);
    BOOST_TEST(p->encoded_host() == "host.dom");
    BOOST_TEST(p->effective_port() == 1525);
    BOOST_TEST(!p->has_explicit_port());
    BOOST_TEST(p->hsoname() == "/pros/name");
    BOOST_TEST(p->encoded_hsoname() == "/pros/name");
    BOOST_TEST(p->fieldspecs().empty());
  }
  BOOST_TEST(lenient_warnings(parser, "prospero://host.dom//pros/name").empty());
}

// 3.11: prospero://<host>:<port>/<hsoname>;<field>=<value>; "the
// OBJECT-VERSION field can be specified to identify a specific version".
BOOST_AUTO_TEST_CASE(layout_and_fields) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto p = parse_prospero("prospero://archie.dom:1526/pub/x;OBJECT-VERSION=2;ID=a%3Bb", opts(m));
    BOOST_REQUIRE(p);
    BOOST_TEST(p->encoded_host() == "archie.dom");
    BOOST_TEST(p->effective_port() == 1526);
    BOOST_TEST(p->has_explicit_port());
    BOOST_TEST(p->hsoname() == "pub/x");
    const auto fields = decoded_pairs(p->fieldspecs());
    BOOST_REQUIRE(fields.size() == 2u);
    BOOST_TEST((fields[0] == std::pair<std::string, std::string>{"OBJECT-VERSION", "2"}));
    BOOST_TEST((fields[1] == std::pair<std::string, std::string>{"ID", "a;b"}));

    BOOST_TEST(parts("prospero://h/", m) == "[]");
    BOOST_TEST(parts("prospero://h/;a=b", m) == "[] a=b");
    BOOST_TEST(parts("prospero://h/x;=", m) == "[x] =");
    BOOST_TEST(parts("prospero://h/x;a=;=b", m) == "[x] a= =b");
    // "?" "@" ":" "&" are psegment and field characters: the generic query
    // and params belong to the hsoname and fields here.
    BOOST_TEST(parts("prospero://h/a?b:c@d&e=f;n?:@&=v?:@&", m) == "[a?b:c@d&e=f] n?:@&=v?:@&");
    // A slash "may appear in the <hsoname> without quoting and no significance
    // may be assumed": kept, as is an empty psegment.
    BOOST_TEST(parts("prospero://h//a//b/", m) == "[/a//b/]");
    // The fragment is not part of the URL.
    BOOST_TEST(parts("prospero://h/x;a=b#c", m) == "[x] a=b");
  }
}

BOOST_AUTO_TEST_CASE(ports_and_scheme_case) {
  for (const char* url : {"PROSPERO://h/x", "Prospero://h:1525/x", "prospero://h:01525/x"}) {
    BOOST_TEST_CONTEXT(url) {
      auto p = parse_prospero(url, opts(mode::strict));
      BOOST_REQUIRE(p);
      BOOST_TEST(p->effective_port() == 1525);
      BOOST_TEST(p->hsoname() == "x");
    }
  }
  BOOST_TEST(parse_prospero("prospero://h:191/x")->effective_port() == 191);
  BOOST_TEST(parse_prospero("prospero://h:/x")->effective_port() == 1525);  // lenient, empty port
  BOOST_TEST(scheme_registry::standard().find("PROSPERO")->default_port().value() == 1525);
}

BOOST_AUTO_TEST_CASE(decoding) {
  BOOST_TEST(parts("prospero://h/%2Fpros%2Fname%3Bv", mode::strict) == "[/pros/name;v]");
  BOOST_TEST(parts("prospero://h/a%20b;f%3Dx=v%3D1%2F2", mode::strict) == "[a b] f=x=v=1/2");
  // Lenient mode keeps a bad escape as it is.
  BOOST_TEST(parts("prospero://h/a%zz;n%=v%4") == "[a%zz] n%=v%4");
  BOOST_TEST(parts("prospero://h/a%zz", mode::strict).starts_with("error offset 14: path: '%'"));
  // Tab is data (the protocol quotes it).
  BOOST_TEST(parts("prospero://h/a%09b", mode::strict) == "[a\tb]");
}

// Prospero commands are lines of text; NUL is the one byte the protocol
// cannot quote (RFC 1738 6, draft 8).
BOOST_AUTO_TEST_CASE(crlf_and_nul_are_refused) {
  struct c_ {
    const char* url;
    std::size_t offset;
    const char* message;
    error_code code;
  };
  const c_ cases[] = {
      {"prospero://h/a%0D%0ALIST", 14, "prospero psegment: encoded CR (%0D) refused",
       error_code::decoded_crlf},
      {"prospero://h/a/b%0a", 16, "prospero psegment: encoded LF (%0A) refused",
       error_code::decoded_crlf},
      {"prospero://h/a%00", 14, "prospero psegment: encoded NUL (%00) refused",
       error_code::decoded_nul},
      {"prospero://h/a;n%0D=v", 16, "prospero fieldname: encoded CR (%0D) refused",
       error_code::decoded_crlf},
      {"prospero://h/a;n=1;m=v%0A", 22, "prospero fieldvalue: encoded LF (%0A) refused",
       error_code::decoded_crlf},
      {"prospero://h/a;n=%00", 17, "prospero fieldvalue: encoded NUL (%00) refused",
       error_code::decoded_nul},
  };
  check_refused_in_both_modes(parser, cases,
                              [](const c_& c, const error& e) { BOOST_TEST(e.code == c.code); });
}

// Strict mode refuses what prosperourl refuses, naming the production;
// lenient mode accepts each with a warning at the same offset.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  const char* const no_eq =
      "prospero fieldspec: \"=\" fieldvalue expected after the field name (fieldspec = \";\" "
      "fieldname \"=\" fieldvalue, RFC 1738 5)";
  // With parts() in lenient mode.
  const rejection_read_as cases[] = {
      {"prospero://h", 12,
       "prosperourl: \"/\" hsoname expected (prosperourl = \"prospero://\" hostport \"/\" ppath *[ "
       "fieldspec ], RFC 1738 5)",
       "[]"},
      {"prospero://h/a;b", 16, no_eq, "[a] b="},
      {"prospero://h/a;b;c=d", 16, no_eq, "[a] b= c=d"},
      {"prospero://h/a;", 15, no_eq, "[a] ="},
      {"prospero://h/a;b=c=d", 18, "prospero fieldvalue: '=' must be escaped as %3D (RFC 1738 5)",
       "[a] b=c=d"},
      {"prospero://h/a;b=c/d", 18, "prospero fieldvalue: '/' must be escaped as %2F (RFC 1738 5)",
       "[a] b=c/d"},
      {"prospero://h/a;b/c=d", 16, "prospero fieldname: '/' must be escaped as %2F (RFC 1738 5)",
       "[a] b/c=d"},
      {"prospero://u:p@h/x", 11,
       "prospero hostport: no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, "
       "3.11: the production is hostport)",
       "[x]"},
  };
  check_strict_rejections(parser, cases, [](const auto& c, const auto&, const auto&) {
    BOOST_TEST(parts(c.url) == c.lenient);
  });
  // One warning per departure, even where the grammar backtracks over a
  // fieldspec without "=".
  auto ws = lenient_warnings(parser, "prospero://h/a;b/;c=d");
  BOOST_REQUIRE(ws.size() == 2u);
  BOOST_TEST(ws[0].offset == 16u);
  BOOST_TEST(ws[0].code == warning_code::scheme_character);
  BOOST_TEST(ws[1].offset == 17u);
  BOOST_TEST(ws[1].code == warning_code::scheme_syntax);
  // The fieldspec without "=" has a name and no value; "c=" an empty one.
  auto p = parse_prospero("prospero://h/x;b;c=");
  BOOST_REQUIRE(p);
  BOOST_REQUIRE(p->fieldspecs().size() == 2u);
  const prospero_fieldspec b = *p->fieldspecs().begin();
  const prospero_fieldspec c = *std::next(p->fieldspecs().begin());
  BOOST_TEST(b.encoded_name() == "b");
  BOOST_TEST(!b.has_value());
  BOOST_TEST(c.encoded_name() == "c");
  BOOST_TEST(c.has_value());
  BOOST_TEST(c.encoded_value() == "");
}

BOOST_AUTO_TEST_CASE(errors_in_both_modes) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto p = parse_prospero("prospero:/pros/name", opts(m));
    BOOST_REQUIRE(!p);
    BOOST_TEST(p.error().offset == 9u);
    BOOST_TEST(p.error().production == std::string_view("prospero hostport"));
    p = parse_prospero("prospero://h:99999/x", opts(m));
    BOOST_REQUIRE(!p);
    BOOST_TEST(p.error().offset == 13u);
  }
}

BOOST_AUTO_TEST_CASE(not_prospero) {
  check_wrong_scheme(parser, "ftp://h/x", "prosperourl",
                     "prosperourl: the scheme must be \"prospero\"");
  BOOST_TEST(!parse_prospero("//h/x").has_value());
}

BOOST_AUTO_TEST_CASE(string_view_overload) {
  const std::string s = "prospero://host.dom//pros/name;V=1";
  const auto [a, b] = parse_both_ways(parser, s);
  BOOST_TEST(a.encoded_hsoname().data() == s.data() + 20);  // a view into the input
  BOOST_TEST(a.hsoname() == b.hsoname());
  BOOST_TEST((decoded_pairs(a.fieldspecs()) == decoded_pairs(b.fieldspecs())));
  BOOST_TEST(!parse_prospero("prospero://h/a|b", opts(mode::strict)));
  BOOST_TEST(parse_prospero("prospero://h/a|b")->hsoname() == "a|b");
}

// The decoded values the CLI's scheme_data shows: the fieldspecs as
// (name, value) pairs, decoded.
BOOST_AUTO_TEST_CASE(view_values) {
  using pairs = std::vector<std::pair<std::string, std::string>>;
  const auto fields_of = [](const prospero_view& p) {
    pairs out;
    for (prospero_fieldspec f : p.fieldspecs())
      out.emplace_back(f.name().to_string(), f.value().to_string());
    return out;
  };
  auto d = viewed(parser, "prospero://host.dom//pros/name");
  BOOST_TEST(d.encoded_host() == "host.dom");
  BOOST_TEST(d.effective_port() == 1525);
  BOOST_TEST(d.hsoname() == "/pros/name");
  BOOST_TEST(fields_of(d).empty());

  d = viewed(parser, "PROSPERO://H.Dom:1526/a%20b;OBJECT-VERSION=2;x%3Dy=%3B");
  BOOST_TEST(d.encoded_host() == "H.Dom");
  BOOST_TEST(d.effective_port() == 1526);
  BOOST_TEST(d.hsoname() == "a b");
  BOOST_TEST((fields_of(d) == pairs{{"OBJECT-VERSION", "2"}, {"x=y", ";"}}));

  auto u = parse_absolute("prospero://h/x;b");
  BOOST_TEST(!scheme_registry::standard().check(*u, opts(mode::strict)));
  d = viewed(parser, "prospero://h/x;b");
  BOOST_TEST(d.encoded_host() == "h");
  BOOST_TEST(d.effective_port() == 1525);
  BOOST_TEST(d.hsoname() == "x");
  BOOST_TEST((fields_of(d) == pairs{{"b", ""}}));
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "prospero://[fe80::2%25en%2D0]/a/b", "fe80::2%en-0", 1525);
}

BOOST_AUTO_TEST_SUITE_END()
