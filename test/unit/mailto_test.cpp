// mailto URLs (RFC 1738 3.5 and 5, RFC 822 6.1): encoded822addr and the
// addr-spec in both modes, offsets and messages, decoding, CR/LF refusal, and
// the scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/mailto.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_mailto(u, o); };

}  // namespace

BOOST_AUTO_TEST_SUITE(mailto)

// The example of draft-fielding-uri-url-00 1.1 (RFC 1738 3.5's form).
BOOST_AUTO_TEST_CASE(draft_example) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto r = parse_mailto("mailto:masinter@parc.xerox.com", opts(m));
    BOOST_REQUIRE(r);
    BOOST_TEST(r->address() == "masinter@parc.xerox.com");
    BOOST_TEST(r->encoded_address() == "masinter@parc.xerox.com");
    BOOST_TEST(r->is_addr_spec());
    BOOST_TEST(r->local_part() == "masinter");
    BOOST_TEST(r->domain() == "parc.xerox.com");
  }
  auto l = parse_lenient(parser, "mailto:masinter@parc.xerox.com");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.warnings.empty());
}

// RFC 822 6.1 addr-specs that strict mode accepts, with their decoded parts.
BOOST_AUTO_TEST_CASE(addr_specs_accepted) {
  struct c_ {
    const char* url;
    const char* address;
    const char* local;
    const char* domain;
  };
  const c_ cases[] = {
      {"mailto:a.b.c@x.y.z", "a.b.c@x.y.z", "a.b.c", "x.y.z"},
      {"mailto:first.last@sub-domain.example.org", "first.last@sub-domain.example.org",
       "first.last", "sub-domain.example.org"},
      // "+" is safe in RFC 1738 and an atom character in RFC 822.
      {"mailto:a+tag@x.com", "a+tag@x.com", "a+tag", "x.com"},
      // quoted-string = <"> *(qtext/quoted-pair) <">: space inside quotes.
      {"mailto:%22john%20doe%22@x.com", "\"john doe\"@x.com", "\"john doe\"", "x.com"},
      // quoted-pair = "\" CHAR: an escaped quote inside a quoted-string.
      {"mailto:%22a%5C%22b%22@x.com", "\"a\\\"b\"@x.com", "\"a\\\"b\"", "x.com"},
      // An "@" inside a quoted-string is not the addr-spec's "@".
      {"mailto:%22a@b%22@x.com", "\"a@b\"@x.com", "\"a@b\"", "x.com"},
      // domain-literal, RFC 822 6.2.3's example.
      {"mailto:a@%5B10.0.3.19%5D", "a@[10.0.3.19]", "a", "[10.0.3.19]"},
      // A hostnumber names a host too (RFC 1738 3.1).
      {"mailto:a@1.2.3.4", "a@1.2.3.4", "a", "1.2.3.4"},
      // "Note that the percent sign ("%") is commonly used within RFC822
      // addresses and must be encoded" (3.5).
      {"mailto:a%25b@x.com", "a%b@x.com", "a%b", "x.com"},
      // No reserved characters (3.5): "%2E" is a "." like any other.
      {"mailto:x@parc%2Exerox.com", "x@parc.xerox.com", "x", "parc.xerox.com"},
      // "@" escaped is the "@" all the same.
      {"mailto:x%40y.org", "x@y.org", "x", "y.org"},
      // "=" and "&" are atom characters: part of a local-part.  (A "?"
      // starts RFC 6068's hfields in lenient mode: mailto_headers_test.cpp.)
      {"mailto:x=z&w@y.org", "x=z&w@y.org", "x=z&w", "y.org"},
      // Scheme names ignore case (RFC 1738 2.1).
      {"MAILTO:Postmaster@Example.COM", "Postmaster@Example.COM", "Postmaster", "Example.COM"},
      {"Mailto:x@y", "x@y", "x", "y"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto r = parse_mailto(c.url, opts(mode::strict));
      BOOST_REQUIRE(r);
      BOOST_TEST(r->address() == c.address);
      BOOST_TEST(r->is_addr_spec());
      BOOST_TEST(r->local_part() == c.local);
      BOOST_TEST(r->domain() == c.domain);
      auto l = parse_lenient(parser, c.url);
      BOOST_REQUIRE(l.r);
      BOOST_TEST(l.r->address() == c.address);
      BOOST_TEST(l.warnings.empty());
    }
  }
}

// Strict mode refuses what encoded822addr or addr-spec refuses, at the offset
// where the production stops, naming it; lenient mode accepts the same URL with
// a warning at that offset, and the address is the decoded text all the same.
BOOST_AUTO_TEST_CASE(strict_rejections_lenient_warnings) {
  struct c_ {
    const char* url;
    std::size_t offset;
    bool has_byte;
    const char* message;
    const char* address;  // lenient
    bool addr_spec;       // lenient
  };
  const char* const word =
      "mailto addr-spec: a word expected: an atom (US-ASCII, no specials, space or controls) or a "
      "quoted-string (RFC 822 6.1: local-part = word *(\".\" word))";
  const char* const at =
      "mailto addr-spec: \"@\" expected (RFC 822 6.1: addr-spec = local-part \"@\" domain)";
  const char* const end =
      "mailto addr-spec: the address must end after its domain (RFC 822 6.1: addr-spec = "
      "local-part \"@\" domain)";
  const char* const sub_domain =
      "mailto addr-spec: a sub-domain expected: an atom (US-ASCII, no specials, space or "
      "controls) or a domain-literal (RFC 822 6.1: domain = sub-domain *(\".\" sub-domain))";
  const char* const host =
      "mailto domain: the domain must name a host: a hostname (labels of letters, digits and "
      "\"-\", the last one starting with a letter) or a hostnumber (RFC 822 6.2.3, RFC 1738 3.1)";
  const char* const host_query =
      "mailto domain: the domain must name a host (RFC 822 6.2.3, RFC 1738 3.1), and \"?\" is no "
      "host character: nothing is reserved in a mailto URL, so a \"?\" is part of the address, "
      "not the start of header fields (RFC 1738 3.5)";
  const c_ cases[] = {
      {"mailto:a.@b", 9, true, word, "a.@b", false},
      {"mailto:@b", 7, true, word, "@b", false},
      {"mailto:ab", 9, false, at, "ab", false},
      {"mailto:a;b@c", 8, true, at, "a;b@c", false},    // ";" is a special
      {"mailto:a%20b@c", 8, true, at, "a b@c", false},  // space only inside quotes
      {"mailto:a@b;x", 10, true, end, "a@b;x", false},
      {"mailto:a%40b@c.com", 12, true, end, "a@b@c.com", false},
      {"mailto:a@b.", 11, false, sub_domain, "a@b.", false},
      {"mailto:a@", 9, false, sub_domain, "a@", false},
      {"mailto:%C3%A9@x.com", 7, true, word, "\xC3\xA9@x.com", false},  // CHAR is US-ASCII
      {"mailto:%22abc", 13, false,
       "mailto addr-spec: quoted-string: US-ASCII qtext or quoted-pair up to the closing <\"> "
       "(RFC 822 3.3)",
       "\"abc", false},
      {"mailto:a@%5B1.2.3.4", 19, false,
       "mailto addr-spec: domain-literal: US-ASCII dtext or quoted-pair up to the closing \"]\" "
       "(RFC 822 3.3)",
       "a@[1.2.3.4", false},
      // (RFC 1738 reserves nothing in mailto: "?subject=x" is part of the
      // domain in strict mode, which then names no host; lenient mode reads
      // it as RFC 6068's hfields: mailto_headers_test.cpp.)
      {"mailto:a@b_c.com", 10, true, host, "a@b_c.com", true},
      // The toplabel starts with a letter: "1com" is a domainlabel, so the
      // host expected one more label.
      {"mailto:a@x.1com", 15, false, host, "a@x.1com", true},
      {"mailto:a@1.2.3", 14, false, host, "a@1.2.3", true},
  };
  check_strict_rejections(parser, cases, [](const c_& c, const error& strict, const auto& l) {
    BOOST_TEST(strict.has_byte == c.has_byte);
    BOOST_TEST(l.r->address() == c.address);
    BOOST_TEST(l.r->is_addr_spec() == c.addr_spec);
    if (!c.addr_spec) {
      BOOST_TEST(l.r->local_part().empty());
      BOOST_TEST(l.r->domain().empty());
    }
    BOOST_REQUIRE(l.warnings.size() == 1u);
    BOOST_TEST(l.warnings[0].production == production_in(c.message));
  });
  // The warnings' kinds and texts.
  auto q = parse_lenient(parser, "mailto:a@b_c.com");
  BOOST_REQUIRE(q.warnings.size() == 1u);
  BOOST_TEST(q.warnings[0].code == warning_code::scheme_syntax);
  BOOST_TEST(q.warnings[0].rule == rule::path);
  BOOST_TEST(q.warnings[0].message() == std::string(host) + " (accepted)");
  // Strict mode: "?" is part of the domain, which then names no host.
  for (const char* url : {"mailto:a@b?subject=x", "mailto:a@b.com?subject=x&body=y"}) {
    auto s = parse_mailto(url, opts(mode::strict));
    BOOST_REQUIRE(!s);
    BOOST_TEST(s.error().code == error_code::scheme_syntax);
    BOOST_TEST(s.error().offset == std::string_view(url).find('?'));
    BOOST_TEST(s.error().message() == host_query);
  }
}

// encoded822addr = 1*xchar: no address, no one to write to, in strict mode.
// (Lenient mode reads RFC 6068 2, whose to-part is optional: "mailto:" is
// accepted there with a warning, mailto_headers/no_address.)
BOOST_AUTO_TEST_CASE(empty_address) {
  const char* const no_address =
      "mailto encoded822addr: an address expected (RFC 1738 5: encoded822addr = 1*xchar)";
  for (const char* url : {"mailto:", "mailto:#frag", "MAILTO:"}) {
    BOOST_TEST_CONTEXT(url) {
      auto s = parse_mailto(url, opts(mode::strict));
      BOOST_REQUIRE(!s);
      BOOST_TEST(s.error().code == error_code::scheme_syntax);
      BOOST_TEST(s.error().offset == 7u);
      BOOST_TEST(s.error().message() == no_address);
      auto l = parse_mailto(url);
      BOOST_REQUIRE(l);
      BOOST_TEST(l->to().empty());
    }
  }
}

// Every part the view names is a slice of the URL's own text, wherever it
// lies: the common form, an escaped "@", an address after an empty one, the
// to-part and the hfields; a view made by no parse names nothing.
BOOST_AUTO_TEST_CASE(parts_are_slices_of_the_text) {
  struct c_ {
    const char* url;
    mode m;
    std::size_t address_at, address_size, local_size, domain_at, domain_size, to_size;
    const char* hfields;  // null: none
  };
  const c_ cases[] = {
      {"mailto:joe@example.com", mode::lenient, 7, 15, 3, 11, 11, 15, nullptr},
      {"mailto:joe@example.com#top", mode::strict, 7, 15, 3, 11, 11, 15, nullptr},
      {"mailto:joe%40example.com", mode::strict, 7, 17, 3, 13, 11, 17, nullptr},
      {"mailto:,a@b.org?subject=hi", mode::lenient, 8, 7, 1, 10, 5, 8, "subject=hi"},
      {"mailto:?to=a@b.org&body=x", mode::lenient, 7, 0, 0, 7, 0, 0, "to=a@b.org&body=x"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      const std::string_view text = c.url;
      auto r = parse_mailto(text, opts(c.m));
      BOOST_TEST_REQUIRE(r.has_value());
      const auto at = [&](std::string_view part) { return std::size_t(part.data() - text.data()); };
      BOOST_TEST(at(r->encoded_address()) == c.address_at);
      BOOST_TEST(r->encoded_address().size() == c.address_size);
      if (r->is_addr_spec()) {
        BOOST_TEST(at(r->encoded_local_part()) == c.address_at);
        BOOST_TEST(r->encoded_local_part().size() == c.local_size);
        BOOST_TEST(at(r->encoded_domain()) == c.domain_at);
        BOOST_TEST(r->encoded_domain().size() == c.domain_size);
      }
      BOOST_TEST(at(r->encoded_to()) == 7u);
      BOOST_TEST(r->encoded_to().size() == c.to_size);
      const auto headers = r->headers();
      BOOST_TEST(headers.empty() == (c.hfields == nullptr));
      if (c.hfields) BOOST_TEST(at((*headers.begin()).encoded_name()) == c.to_size + 8);
    }
  }
  const mailto_view none;
  BOOST_TEST(none.encoded_address().data() == nullptr);
  BOOST_TEST(none.encoded_to().empty());
  BOOST_TEST(none.encoded_local_part().empty());
  BOOST_TEST(none.headers().empty());
  BOOST_TEST(none.to().empty());
}

BOOST_AUTO_TEST_CASE(decoding) {
  auto r = parse_mailto("mailto:%6Dasinter@parc.xerox.com", opts(mode::strict));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->address() == "masinter@parc.xerox.com");
  BOOST_TEST(r->encoded_address() == "%6Dasinter@parc.xerox.com");
  // The fragment is not part of the address.
  r = parse_mailto("mailto:x@y#frag");
  BOOST_REQUIRE(r);
  BOOST_TEST(r->address() == "x@y");
  BOOST_TEST(r->encoded_address() == "x@y");
  // A bad escape stays as it is in lenient mode (a "%" is an atom character).
  auto l = parse_lenient(parser, "mailto:a%zz@b.com");
  BOOST_REQUIRE(l.r);
  BOOST_TEST(l.r->address() == "a%zz@b.com");
  BOOST_TEST(l.r->local_part() == "a%zz");
  BOOST_REQUIRE(l.warnings.size() == 1u);  // the generic parse's, not repeated
  BOOST_TEST(l.warnings[0].code == warning_code::bad_escape);
  BOOST_TEST(!parse_mailto("mailto:a%zz@b.com", opts(mode::strict)));
  // A view parsed leniently, checked strictly: the scheme's grammar refuses it.
  auto u = parse_reference("mailto:a%zz@b.com");
  BOOST_REQUIRE(u);
  auto s = parse_mailto(*u, opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().offset == 8u);
  BOOST_TEST(s.error().code == error_code::bad_escape);
  BOOST_TEST(s.error().production == std::string("mailto encoded822addr"));
  // Offsets in the URL, escapes and all, after an escaped local-part.
  auto e = parse_mailto("mailto:%61%62@b;x", opts(mode::strict));
  BOOST_REQUIRE(!e);
  BOOST_TEST(e.error().offset == 15u);
}

// RFC 1738 6: the address goes into an SMTP command line; an encoded CR or LF
// is refused in both modes, at the offset of its escape.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto r = parse_mailto("mailto:a%0D%0Ab@c", opts(m));
    BOOST_REQUIRE(!r);
    BOOST_TEST(r.error().code == error_code::decoded_crlf);
    BOOST_TEST(r.error().offset == 8u);
    BOOST_TEST(r.error().message() == "mailto encoded822addr: encoded CR (%0D) refused");
    r = parse_mailto("mailto:x@y%0a", opts(m));
    BOOST_REQUIRE(!r);
    BOOST_TEST(r.error().offset == 10u);
    BOOST_TEST(r.error().message() == "mailto encoded822addr: encoded LF (%0A) refused");
    // Even inside a quoted-string, where RFC 822 would allow a quoted CR.
    BOOST_TEST(!parse_mailto("mailto:%22a%5C%0Db%22@c", opts(m)));
  }
}

BOOST_AUTO_TEST_CASE(not_mailto) {
  check_wrong_scheme(parser, "news:x@y", "mailtourl", "mailtourl: the scheme must be \"mailto\"");
  BOOST_TEST(!parse_mailto("x@y").has_value());  // no scheme
  // The url_view overload sees the same as the string_view one.
  auto u = parse_reference("mailto:x@y");
  BOOST_REQUIRE(u);
  auto v = parse_mailto(*u);
  BOOST_REQUIRE(v);
  BOOST_TEST(v->address() == "x@y");
  BOOST_TEST(v->url().buffer() == "mailto:x@y");
}

BOOST_AUTO_TEST_CASE(scheme_data) {
  const auto& reg = scheme_registry::standard();
  BOOST_REQUIRE(reg.find("MAILTO"));
  BOOST_TEST(!reg.find("mailto")->default_port());
  BOOST_TEST(reg.find("mailto")->name() == "mailto");

  // The first address, every address, the header fields (RFC 6068 2): what
  // the CLI's scheme_data shows.
  using pairs = std::vector<std::pair<std::string, std::string>>;
  const auto check_one = [](const mailto_view& d, const std::string& a) {
    BOOST_TEST(d.address() == a);
    BOOST_TEST(decoded_strings(d.to()) == (std::vector<std::string>{a}),
               boost::test_tools::per_element());
    BOOST_TEST(d.headers().empty());
  };
  check_one(viewed(parser, "mailto:masinter@parc.xerox.com"), "masinter@parc.xerox.com");
  check_one(viewed(parser, "MailTo:%22john%20doe%22@x.com"), "\"john doe\"@x.com");
  check_one(viewed(parser, "MailTo:%22john%20doe%22@x.com", mode::strict), "\"john doe\"@x.com");

  // Lenient: RFC 6068's header fields, decoded (mailto_headers_test.cpp).
  auto d = viewed(parser, "mailto:a@b?subject=x%20y");
  BOOST_TEST(d.address() == "a@b");
  BOOST_TEST(d.to() == (std::vector<std::string>{"a@b"}), boost::test_tools::per_element());
  BOOST_TEST((decoded_pairs(d.headers()) == pairs{{"subject", "x y"}}));
  auto u = parse_reference("mailto:a@b?subject=x%20y");
  auto s = reg.check(*u, opts(mode::strict));
  BOOST_REQUIRE(!s);
  BOOST_TEST(s.error().offset == 20u);  // %20: a space outside quotes ends the atom

  // No address: strict mode refuses it, lenient mode reads RFC 6068 2's
  // optional to-part (mailto_headers_test.cpp, no_address).
  u = parse_reference("mailto:");
  BOOST_TEST(!reg.check(*u, opts(mode::strict)));
  BOOST_TEST(static_cast<bool>(reg.check(*u)));
}

BOOST_AUTO_TEST_SUITE_END()
