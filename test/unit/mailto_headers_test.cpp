// mailto URLs in lenient mode, read as RFC 6068 2's mailtoURI (which updates
// RFC 2368): several addresses, header fields, the warning that says the URL
// goes beyond RFC 1738 3.5, header injection refused; strict mode unchanged.
#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/schemes/mailto.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_mailto(u, o); };

using strings = std::vector<std::string>;
using pairs = std::vector<std::pair<std::string, std::string>>;

const char* const beyond_1738 =
    "mailto mailtoURI: RFC 6068 2 (which updates RFC 2368): mailtoURI = \"mailto:\" [ to ] [ "
    "hfields ], to = addr-spec *(\",\" addr-spec), hfields = \"?\" hfield *(\"&\" hfield); beyond "
    "RFC 1738 3.5's single encoded822addr (accepted)";

}  // namespace

BOOST_AUTO_TEST_SUITE(mailto_headers)

// The form most mailto links in HTML have: several addresses, then header
// fields, each decoded; one warning, at the first byte beyond RFC 1738.
BOOST_AUTO_TEST_CASE(addresses_and_headers) {
  const char* const url =
      "mailto:a@x.org,b@y.org?subject=Hi%20there&cc=c@z.org&body=line%201%0D%0Aline%202";
  auto l = parse_lenient(parser, url);
  BOOST_REQUIRE(l.r);
  const mailto_view& m = *l.r;
  BOOST_TEST(decoded_strings(m.to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST(m.encoded_to() == "a@x.org,b@y.org");
  BOOST_TEST((decoded_pairs(m.headers()) ==
              pairs{{"subject", "Hi there"}, {"cc", "c@z.org"}, {"body", "line 1\r\nline 2"}}));
  BOOST_TEST(or_dash(m.subject()) == "Hi there");
  BOOST_TEST(m.encoded_subject().value_or("-") == "Hi%20there");
  BOOST_TEST(or_dash(m.body()) == "line 1\r\nline 2");
  BOOST_TEST(m.encoded_body().value_or("-") == "line%201%0D%0Aline%202");
  BOOST_TEST(or_dash(m.header("CC")) == "c@z.org");
  BOOST_TEST(!m.header("bcc"));
  const auto enc = encoded_pairs(m.headers());
  BOOST_REQUIRE(enc.size() == 3u);
  BOOST_TEST(enc[0].first == "subject");
  BOOST_TEST(enc[0].second == "Hi%20there");
  // The existing accessors say what they say of the first address.
  BOOST_TEST(m.encoded_address() == "a@x.org");
  BOOST_TEST(m.address() == "a@x.org");
  BOOST_TEST(m.is_addr_spec());
  BOOST_TEST(m.local_part() == "a");
  BOOST_TEST(m.domain() == "x.org");
  BOOST_TEST(m.encoded_domain() == "x.org");
  // Exactly one warning, at the ",".
  BOOST_REQUIRE(l.warnings.size() == 1u);
  BOOST_TEST(l.warnings[0].code == warning_code::scheme_syntax);
  BOOST_TEST(l.warnings[0].offset == 14u);
  BOOST_TEST(l.warnings[0].message() == beyond_1738);
}

// A URL that RFC 1738 reads as it is gets no warning; "?" or "," alone gets
// the one warning, at that byte.
BOOST_AUTO_TEST_CASE(warned_once) {
  BOOST_TEST(parse_lenient(parser, "mailto:a@x.org").warnings.empty());
  const std::pair<const char*, std::size_t> cases[] = {
      {"mailto:a@x.org?subject=x", 14},
      {"mailto:a@x.org,b@y.org", 14},
      {"mailto:a@x.org,b@y.org,c@z.org?cc=d@w.org&bcc=e@v.org&subject=s&body=b", 14},
      {"mailto:?to=a@x.org", 7},
      {"mailto:a@x.org?", 14},  // "?" with no hfield: a second warning, for the hfield
  };
  for (const auto& [url, at] : cases) {
    BOOST_TEST_CONTEXT(url) {
      auto l = parse_lenient(parser, url);
      BOOST_REQUIRE(l.r);
      BOOST_REQUIRE(!l.warnings.empty());
      BOOST_TEST(l.warnings[0].offset == at);
      BOOST_TEST(l.warnings[0].message() == beyond_1738);
      std::size_t beyond = 0;
      for (const auto& w : l.warnings) beyond += w.message() == beyond_1738 ? 1 : 0;
      BOOST_TEST(beyond == 1u);
      BOOST_TEST(l.warnings.size() == (std::string_view(url).ends_with("?") ? 2u : 1u));
    }
  }
}

// Escapes are data, never delimiters: "%2C", "%3F", "%26", "%3D" decode into
// the address or the value they are in.
BOOST_AUTO_TEST_CASE(percent_decoding) {
  auto r = parse_mailto("mailto:%61@x.org,b%40y.org?%73ubject=a%26b%3Dc%3Fd&cc=x%2Cy@z.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(decoded_strings(r->to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(r->headers()) == pairs{{"subject", "a&b=c?d"}, {"cc", "x,y@z.org"}}));
  BOOST_TEST(or_dash(r->subject()) == "a&b=c?d");  // the name decoded, too
  BOOST_TEST(r->encoded_address() == "%61@x.org");
  // "+" is a "+", not a space (RFC 6068 5 leaves form encoding out).
  r = parse_mailto("mailto:a@x.org?subject=a+b");
  BOOST_REQUIRE(r);
  BOOST_TEST(or_dash(r->subject()) == "a+b");
}

// An empty to-part is allowed when a "to" hfield gives the addresses; they
// join the to-part's in to() (RFC 6068 2).
BOOST_AUTO_TEST_CASE(empty_to_part) {
  auto r = parse_mailto("mailto:?to=a@x.org,b@y.org&cc=c@z.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(r->encoded_to() == "");
  BOOST_TEST(decoded_strings(r->to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST(r->encoded_address() == "");
  BOOST_TEST(!r->is_addr_spec());
  BOOST_TEST((decoded_pairs(r->headers()) == pairs{{"to", "a@x.org,b@y.org"}, {"cc", "c@z.org"}}));
  r = parse_mailto("mailto:?to=a@x.org,b@y.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(decoded_strings(r->to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  r = parse_mailto("mailto:a@x.org?To=b@y.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(decoded_strings(r->to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
}

// RFC 6068 2: mailtoURI = "mailto:" [ to ] [ hfields ].  The to-part is
// optional, so a URL with no address at all ("mailto:?subject=hi", and
// "mailto:" itself, which the grammar allows as well) is a message whose
// recipients are still to be given: lenient mode accepts it, with an empty
// to() and a warning (RFC 1738 5's encoded822addr = 1*xchar refuses it);
// strict mode keeps RFC 1738's one address.
BOOST_AUTO_TEST_CASE(no_address) {
  const char* const no_address =
      "mailto to: no address: the to-part is empty and no \"to\" hfield gives one (RFC 6068 2 "
      "allows it, mailtoURI = \"mailto:\" [ to ] [ hfields ]: a message whose recipients are "
      "still to be given; RFC 1738 5's encoded822addr = 1*xchar does not) (accepted)";
  struct c_ {
    const char* url;
    std::size_t warnings;  // the no-address one last
    const char* subject;
  };
  const c_ cases[] = {
      {"mailto:?subject=hi", 2, "hi"},  // beyond RFC 1738 (the "?"), no address
      {"mailto:?to=&subject=hi", 2, "hi"},
      {"mailto:?to=,", 2, "-"},
      {"mailto:", 1, "-"},
      {"MAILTO:", 1, "-"},
      {"mailto:#frag", 1, "-"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto l = parse_lenient(parser, c.url);
      BOOST_REQUIRE(l.r);
      BOOST_TEST(l.r->to().empty());
      BOOST_TEST(l.r->to().size() == 0u);
      BOOST_TEST(l.r->encoded_to() == "");
      BOOST_TEST(l.r->encoded_address() == "");
      BOOST_TEST(!l.r->is_addr_spec());
      BOOST_TEST(or_dash(l.r->subject()) == c.subject);
      BOOST_REQUIRE(l.warnings.size() == c.warnings);
      BOOST_TEST(l.warnings.back().code == warning_code::scheme_syntax);
      BOOST_TEST(l.warnings.back().offset == 7u);
      BOOST_TEST(l.warnings.back().message() == no_address);
      // Strict mode: one address, and there is none.
      auto s = parse_mailto(c.url, opts(mode::strict));
      BOOST_REQUIRE(!s);
      BOOST_TEST(s.error().code == error_code::scheme_syntax);
    }
  }
  // The issue's own example, through the registry's check as well.
  BOOST_TEST(static_cast<bool>(parse_mailto("mailto:?subject=hi")));
  BOOST_TEST(!parse_mailto("mailto:?subject=hi", opts(mode::strict)));
  // An empty address between commas is still a warning of its own.
  auto l = parse_lenient(parser, "mailto:,");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.r->to().empty());
  BOOST_TEST(l.warnings.back().message() == no_address);
}

// Absent and empty are told apart.
BOOST_AUTO_TEST_CASE(absent_and_empty) {
  auto r = parse_mailto("mailto:a@x.org?subject=&body");
  BOOST_REQUIRE(r);
  BOOST_TEST(bracketed(r->subject()) == "[]");
  BOOST_TEST(bracketed(r->body()) == "[]");  // no "=": a warning, an empty value
  r = parse_mailto("mailto:a@x.org?cc=b@y.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(or_dash(r->subject()) == "-");
  BOOST_TEST(or_dash(r->body()) == "-");
  BOOST_TEST(!r->encoded_subject());
  r = parse_mailto("mailto:a@x.org");
  BOOST_REQUIRE(r);
  BOOST_TEST(r->headers().empty());
  BOOST_TEST(!r->subject());
  // The first of two.
  r = parse_mailto("mailto:a@x.org?subject=1&SUBJECT=2");
  BOOST_REQUIRE(r);
  BOOST_TEST(or_dash(r->subject()) == "1");
}

// Departures from RFC 6068's grammar are lenient warnings: an empty address
// between commas, an hfield without "=", an address that is no addr-spec.
BOOST_AUTO_TEST_CASE(departures_warned) {
  auto l = parse_lenient(parser, "mailto:a@x.org,,b@y.org?subject&&cc=c");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(decoded_strings(l.r->to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(l.r->headers()) == pairs{{"subject", ""}, {"cc", "c"}}));
  BOOST_REQUIRE(l.warnings.size() == 4u);
  BOOST_TEST(l.warnings[1].offset == 15u);
  BOOST_TEST(l.warnings[1].message() ==
             "mailto to: an address expected between commas (RFC 6068 2: to = addr-spec *(\",\" "
             "addr-spec)) (accepted)");
  BOOST_TEST(l.warnings[2].offset == 31u);
  BOOST_TEST(l.warnings[2].message() ==
             "mailto hfield: an hfield expected (RFC 6068 2: hfield = hfname \"=\" hfvalue) "
             "(accepted)");
  BOOST_TEST(l.warnings[3].offset == 32u);  // the empty hfield between "&&"
  // Each address is checked as RFC 1738's one address is.
  l = parse_lenient(parser, "mailto:a@x.org,b_c@d_e.org");
  BOOST_REQUIRE(l.r);
  BOOST_REQUIRE(l.warnings.size() == 2u);
  BOOST_TEST(l.warnings[1].offset == 20u);
  BOOST_TEST(l.warnings[1].production == std::string("mailto domain"));
}

// A CR or LF decoded in a header field other than body would end its header
// line and start one the URL's reader does not see (a Bcc:, say): refused in
// both modes, at the escape.  body may hold line breaks (RFC 6068 5).
BOOST_AUTO_TEST_CASE(header_injection_refused) {
  const char* const cr =
      "mailto hfvalue: encoded CR (%0D) in a header field other than body (header injection: "
      "only body may hold a line break, RFC 6068 5) refused";
  const char* const lf =
      "mailto hfvalue: encoded LF (%0A) in a header field other than body (header injection: "
      "only body may hold a line break, RFC 6068 5) refused";
  const struct {
    const char* url;
    std::size_t offset;
    const char* message;
  } cases[] = {
      {"mailto:a@x.org?subject=Hi%0D%0ABcc:%20e@v.org", 25, cr},
      {"mailto:a@x.org?subject=Hi%0aBcc:%20e@v.org", 25, lf},
      {"mailto:a@x.org?body=ok&cc=c@z.org%0D%0ABcc:e@v.org", 33, cr},
      {"mailto:?to=a@x.org%0A", 18, lf},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto e = parse_mailto(c.url);
      BOOST_REQUIRE(!e);
      BOOST_TEST(e.error().code == error_code::decoded_crlf);
      BOOST_TEST(e.error().rule == rule::query);
      BOOST_TEST(e.error().offset == c.offset);
      BOOST_TEST(e.error().message() == c.message);
    }
  }
  // In a name too.
  auto n = parse_mailto("mailto:a@x.org?x%0D%0ABcc=e@v.org");
  BOOST_REQUIRE(!n);
  BOOST_TEST(n.error().code == error_code::decoded_crlf);
  BOOST_TEST(n.error().offset == 16u);
  BOOST_TEST(n.error().production == std::string("mailto hfname"));
  // In an address of the to-part, as before.
  auto a = parse_mailto("mailto:a@x.org,b%0A@y.org?subject=x");
  BOOST_REQUIRE(!a);
  BOOST_TEST(a.error().offset == 16u);
  BOOST_TEST(a.error().message() == "mailto encoded822addr: encoded LF (%0A) refused");
  // body's line breaks are its own, in any case of the name.
  auto b = parse_mailto("mailto:a@x.org?subject=s&Body=a%0D%0Ab%0Ac");
  BOOST_REQUIRE(b);
  BOOST_TEST(or_dash(b->body()) == "a\r\nb\nc");
  // Strict mode reads the whole text as the address: refused there too.
  auto s = parse_mailto("mailto:a@x.org?body=a%0D%0Ab", opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().code == error_code::decoded_crlf);
}

// Strict mode keeps RFC 1738 3.5: one encoded822addr, nothing reserved; to()
// is that address and there are no header fields.
BOOST_AUTO_TEST_CASE(strict_mode_unchanged) {
  auto r = parse_mailto("mailto:x?y=z&w@y.org", opts(mode::strict));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->address() == "x?y=z&w@y.org");
  BOOST_TEST(r->local_part() == "x?y=z&w");
  BOOST_TEST(decoded_strings(r->to()) == (strings{"x?y=z&w@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST(r->encoded_to() == "x?y=z&w@y.org");
  BOOST_TEST(r->headers().empty());
  BOOST_TEST(!r->subject());
  // A quoted "," is part of the one address.
  r = parse_mailto("mailto:%22a,b%22@x.org", opts(mode::strict));
  BOOST_REQUIRE(r);
  BOOST_TEST(decoded_strings(r->to()) == (strings{"\"a,b\"@x.org"}),
             boost::test_tools::per_element());
  // Several addresses: "," is a special, so the first address does not end.
  auto e = parse_mailto("mailto:a@x.org,b@y.org", opts(mode::strict));
  BOOST_REQUIRE(!e);
  BOOST_TEST(e.error().offset == 14u);
  BOOST_TEST(!parse_mailto("mailto:a@x.org?subject=x", opts(mode::strict)));
  // "?", "=" are atom characters: one address, local-part "?to=a".
  r = parse_mailto("mailto:?to=a@x.org", opts(mode::strict));
  BOOST_REQUIRE(r);
  BOOST_TEST(decoded_strings(r->to()) == (strings{"?to=a@x.org"}),
             boost::test_tools::per_element());
  BOOST_TEST(r->headers().empty());
  // Lenient mode reads the same "?" as hfields.
  auto l = parse_lenient(parser, "mailto:x?y=z&w@y.org");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(decoded_strings(l.r->to()) == (strings{"x"}), boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(l.r->headers()) == pairs{{"y", "z"}, {"w@y.org", ""}}));
}

// What the CLI's scheme_data shows: the first address, every address, the
// header fields as (name, value) pairs in order.
BOOST_AUTO_TEST_CASE(view_values) {
  using pairs = std::vector<std::pair<std::string, std::string>>;
  using strings = std::vector<std::string>;
  auto d = viewed(parser, "mailto:a@x.org,b@y.org?subject=Hi%20there&cc=c@z.org");
  BOOST_TEST(d.address() == "a@x.org");
  BOOST_TEST(decoded_strings(d.to()) == (strings{"a@x.org", "b@y.org"}),
             boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(d.headers()) == pairs{{"subject", "Hi there"}, {"cc", "c@z.org"}}));
  d = viewed(parser, "mailto:?to=a@x.org");
  BOOST_TEST(d.address() == "");
  BOOST_TEST(decoded_strings(d.to()) == (strings{"a@x.org"}), boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(d.headers()) == pairs{{"to", "a@x.org"}}));
  auto u = parse_reference("mailto:a@x.org?subject=%0D");
  BOOST_REQUIRE(u);
  BOOST_TEST(!scheme_registry::standard().check(*u));
}

BOOST_AUTO_TEST_SUITE_END()
