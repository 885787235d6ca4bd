// Internationalized host names (urlkit/idna.hpp): IDNA2008 (RFC 5891) with
// UTS #46 non-transitional processing, both ways.  The cases, case
// mapping, NFC, the other full stops, the root label; and the errors with
// the offset of the label at fault: a label too long once converted, invalid
// A-labels, disallowed code points, empty labels, input that is not UTF-8 or
// holds a NUL; the STD3 ASCII rules, and IDNA2008's validity on top of UTS
// #46.  Built without libidn2 (URLKIT_IDNA off), the suite says so.
#include <boost/test/unit_test.hpp>

#ifdef URLKIT_HAS_IDNA

#include <cstddef>
#include <string>
#include <string_view>

#include "urlkit/idna.hpp"
#include "urlkit/schemes/http.hpp"

using namespace urlkit;

namespace {

// The error of a conversion that must fail.
error failure(const result<std::string>& r) {
  BOOST_TEST_REQUIRE(!r.has_value(), "converted to " << (r ? *r : std::string()));
  return r.error();
}

// Checks an IDNA error: code, rule, the label's offset, and that the message
// is "IDNA: " and the reason.
void check_error(const result<std::string>& r, std::size_t offset) {
  const error e = failure(r);
  BOOST_TEST(e.code == error_code::idna);
  BOOST_TEST(e.rule == rule::host);
  BOOST_TEST(e.offset == offset);
  BOOST_TEST_REQUIRE(e.detail != nullptr);
  BOOST_TEST(e.message() == "IDNA: " + std::string(e.detail));
  BOOST_TEST(e.to_string() == "offset " + std::to_string(offset) + ": IDNA: " + e.detail);
}

// The reason of a failed conversion.
std::string reason(const result<std::string>& r) {
  const error e = failure(r);
  return e.detail ? e.detail : "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(idna)

BOOST_AUTO_TEST_CASE(the_examples) {
  BOOST_TEST(to_ascii_host("Bücher.Example").value() == "xn--bcher-kva.example");
  // Non-transitional (UTS #46 4.1): ß stays ß; transitional processing would give "fass.de".
  BOOST_TEST(to_ascii_host("faß.de").value() == "xn--fa-hia.de");
  BOOST_TEST(to_unicode_host("xn--bcher-kva.example").value() == "bücher.example");
  BOOST_TEST(to_unicode_host("xn--fa-hia.de").value() == "faß.de");
  // Arabic, right to left (RFC 5893's Bidi rule holds).
  BOOST_TEST(to_unicode_host("xn--mgbh0fb.xn--kgbechtv").value() ==
             "\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84.\xD8\xA5\xD8\xAE\xD8\xAA\xD8\xA8\xD8\xA7\xD8\xB1");
}

BOOST_AUTO_TEST_CASE(ascii_names) {
  // UTS #46 maps case (IdnaMappingTable: A-Z to a-z), so an ASCII name comes back in lower case.
  BOOST_TEST(to_ascii_host("example.com").value() == "example.com");
  BOOST_TEST(to_ascii_host("WWW.Example.COM").value() == "www.example.com");
  BOOST_TEST(to_unicode_host("example.com").value() == "example.com");
  BOOST_TEST(to_unicode_host("WWW.Example.COM").value() == "www.example.com");
  // CheckHyphens on (libidn2 always checks it): "--" in the 3rd and 4th
  // places is reserved for A-labels (RFC 5891 4.2.3.1), a hyphen cannot
  // start or end a label (4.2.3.1, RFC 1034 3.5).
  check_error(to_ascii_host("r3---sn-ab.example"), 0);
  check_error(to_ascii_host("www.-a.example"), 4);
}

// UseSTD3ASCIIRules (UTS #46 4 step 1): once mapped, a label holds
// letters, digits and "-" only, as a hostname's label does (RFC 1738 3.1),
// so every A-label form is one strict parsing takes.  The name is refused,
// never converted with the character left out ("_À_" is not xn--0ca).
BOOST_AUTO_TEST_CASE(std3_ascii_rules) {
  check_error(to_ascii_host("_\xC3\x80_"), 0);  // _À_
  BOOST_TEST(reason(to_ascii_host("_\xC3\x80_")).find("letter, digit or hyphen") !=
             std::string::npos);
  check_error(to_unicode_host("_\xC3\x80_"), 0);
  // Its A-label without the STD3 rules, refused both ways.
  check_error(to_ascii_host("www.xn--__-jia.example"), 4);
  check_error(to_unicode_host("www.xn--__-jia.example"), 4);
  // ASCII labels alike: "_" is not taken, nor deleted ("ab.example").
  check_error(to_ascii_host("a_b.example"), 0);
  check_error(to_unicode_host("www.a_b.example"), 4);
  for (std::string_view bad : {"a b.example", "a:b.example", "a/b.example", "*.example",
                               "a%41.example", "b\xC3\xBC@cher.example"})
    check_error(to_ascii_host(bad), 0);
  // U+FF3F FULLWIDTH LOW LINE maps to "_" (disallowed_STD3_mapped).
  check_error(to_ascii_host("ok.a\xEF\xBC\xBF"
                            "b.example"),
              3);
  // What they leave is a hostname: letters, digits, "-" inside a label.
  BOOST_TEST(to_ascii_host("b\xC3\xBC-cher1.example").value() == "xn--b-cher1-n2a.example");
}

// IDNA2008's validity on top of UTS #46's table (RFC 5891 5.4, RFC 5892):
// U+2615 HOT BEVERAGE is valid in UTS #46's table but a symbol, which
// IDNA2008 disallows ("NV8").  The reason says so, at the label's offset.
BOOST_AUTO_TEST_CASE(idna2008_disallows_what_uts46_holds_valid) {
  const std::string cup = "\xE2\x98\x95";  // ☕
  check_error(to_ascii_host(cup + ".example"), 0);
  check_error(to_unicode_host(cup + ".example"), 0);
  check_error(to_ascii_host("www." + cup + ".example"), 4);
  const std::string why = reason(to_ascii_host(cup + ".example"));
  BOOST_TEST(why.find("disallowed by IDNA2008") != std::string::npos, why);
  BOOST_TEST(why.find("RFC 5892") != std::string::npos, why);
  // Its A-label is refused as well.
  check_error(to_unicode_host("xn--53h.example"), 0);
}

BOOST_AUTO_TEST_CASE(mixed_case) {
  BOOST_TEST(to_ascii_host("BÜCHER.Example").value() == "xn--bcher-kva.example");
  BOOST_TEST(to_ascii_host("XN--BCHER-KVA.Example").value() == "xn--bcher-kva.example");
  BOOST_TEST(to_unicode_host("XN--BCHER-KVA.Example").value() == "bücher.example");
  BOOST_TEST(to_unicode_host("Bücher.Example").value() == "bücher.example");
}

BOOST_AUTO_TEST_CASE(normalization_and_separators) {
  // UTS #46 4 step 2 normalizes to NFC: u and U+0308 COMBINING DIAERESIS is ü.
  BOOST_TEST(to_ascii_host("bu\xCC\x88"
                           "cher.example")
                 .value() == "xn--bcher-kva.example");
  // U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61
  // HALFWIDTH IDEOGRAPHIC FULL STOP separate labels as "." does.
  BOOST_TEST(to_ascii_host("bücher\xE3\x80\x82"
                           "example")
                 .value() == "xn--bcher-kva.example");
  BOOST_TEST(to_ascii_host("bücher\xEF\xBC\x8E"
                           "example")
                 .value() == "xn--bcher-kva.example");
  BOOST_TEST(to_unicode_host("b\xC3\xBC"
                             "cher\xEF\xBD\xA1"
                             "example")
                 .value() == "bücher.example");
}

BOOST_AUTO_TEST_CASE(trailing_dot) {
  // The root label (RFC 1034 3.1), kept: not an empty label.
  BOOST_TEST(to_ascii_host("bücher.example.").value() == "xn--bcher-kva.example.");
  BOOST_TEST(to_unicode_host("xn--bcher-kva.example.").value() == "bücher.example.");
  BOOST_TEST(to_ascii_host("example.").value() == "example.");
}

BOOST_AUTO_TEST_CASE(round_trip) {
  for (std::string_view name : {"bücher.example", "faß.de", "bücher.example.", "straße.de",
                                "日本語.jp", "παράδειγμα.δοκιμή"}) {
    const auto ascii = to_ascii_host(name);
    BOOST_TEST_REQUIRE(ascii.has_value(), name << ": " << ascii.error());
    BOOST_TEST(ascii->find_first_of("\x80\xFF") == std::string::npos, *ascii);
    BOOST_TEST(to_unicode_host(*ascii).value() == name);
    BOOST_TEST(to_ascii_host(to_unicode_host(*ascii).value()).value() == *ascii);
  }
}

BOOST_AUTO_TEST_CASE(label_too_long) {
  // 60 code points, 61 octets of UTF-8: its A-label has 66 octets, more than
  // the 63 of RFC 1034 3.1 (UTS #46 4.2 VerifyDnsLength).
  const std::string label = "ü" + std::string(59, 'a');
  const std::string host = "www." + label + ".example";
  check_error(to_ascii_host(host), 4);
  BOOST_TEST(reason(to_ascii_host(host)).find("63") != std::string::npos);
  check_error(to_unicode_host(host), 4);
  // 63 octets is the most.
  BOOST_TEST(to_ascii_host("a." + std::string(63, 'b')).has_value());
  check_error(to_ascii_host("a." + std::string(64, 'b')), 2);
}

BOOST_AUTO_TEST_CASE(name_too_long) {
  // At most 253 octets, not counting the root's "." (UTS #46 4.2): no
  // single label is at fault, so the offset is 0.
  const std::string l63(63, 'a');
  const std::string at_most = l63 + "." + l63 + "." + l63 + "." + std::string(61, 'b');
  BOOST_TEST(at_most.size() == 253u);
  BOOST_TEST(to_ascii_host(at_most).value() == at_most);
  BOOST_TEST(to_ascii_host(at_most + ".").value() == at_most + ".");
  check_error(to_ascii_host(at_most + "b"), 0);
  BOOST_TEST(reason(to_ascii_host(at_most + "b")).find("253") != std::string::npos);
  // Short in UTF-8, too long once converted.
  std::string wide;
  for (int i = 0; i < 8; ++i) wide += "ü" + std::string(25, 'a') + ".";
  BOOST_TEST(wide.size() < 253u);
  check_error(to_ascii_host(wide), 0);
}

BOOST_AUTO_TEST_CASE(invalid_a_labels) {
  // "xn--a" decodes to U+0080, a control: not a U-label.  libidn2's own
  // to-Unicode would give "" for it; UTS #46 4 step 4 (4.1) refuses it.
  check_error(to_unicode_host("xn--a"), 0);
  check_error(to_unicode_host("www.xn--a.example"), 4);
  check_error(to_ascii_host("www.xn--a.example"), 4);
  // Punycode that decodes to a label with U+01C8, which case mapping changes:
  // not a valid U-label either.
  check_error(to_unicode_host("xn--bcher-kvb.example"), 0);
  // "xn--" and nothing: not Punycode.
  check_error(to_unicode_host("a.xn--.example"), 2);
}

BOOST_AUTO_TEST_CASE(disallowed_code_points) {
  // U+2603 SNOWMAN: a symbol, DISALLOWED in IDNA2008 (RFC 5892).
  check_error(to_ascii_host("www.\xE2\x98\x83.example"), 4);
  BOOST_TEST(reason(to_ascii_host("www.\xE2\x98\x83.example")).find("disallowed") !=
             std::string::npos);
  check_error(to_unicode_host("www.\xE2\x98\x83.example"), 4);
  // Its A-label, xn--n3h, is refused as well.
  check_error(to_unicode_host("www.xn--n3h.example"), 4);
  // U+200D ZERO WIDTH JOINER outside the context RFC 5892 A.2 allows.
  check_error(to_ascii_host("ok.a\xE2\x80\x8D"
                            "b.example"),
              3);
}

BOOST_AUTO_TEST_CASE(empty_labels) {
  // RFC 1034 3.1: only the root label is empty; UTS #46 4.2 VerifyDnsLength.
  check_error(to_ascii_host("a..b"), 2);
  check_error(to_unicode_host("a..b"), 2);
  check_error(to_ascii_host(".example"), 0);
  check_error(to_ascii_host("."), 0);
  check_error(to_ascii_host("a.b.."), 4);
  check_error(to_ascii_host("bücher\xE3\x80\x82\xE3\x80\x82"
                            "example"),
              10);
  // U+00AD SOFT HYPHEN maps to nothing: the label is empty once mapped.
  check_error(to_ascii_host("a.\xC2\xAD.b"), 2);
  BOOST_TEST(reason(to_ascii_host("a.\xC2\xAD.b")) == "empty label");
  check_error(to_ascii_host(""), 0);
  BOOST_TEST(reason(to_ascii_host("")) == "empty host name");
  check_error(to_unicode_host(""), 0);
}

BOOST_AUTO_TEST_CASE(not_utf8) {
  check_error(to_ascii_host("www.b\xFC"
                            "cher.example"),
              4);  // Latin-1 ü
  check_error(to_unicode_host("www.b\xFC"
                              "cher.example"),
              4);
  check_error(to_ascii_host("a.\xC0\xAE"), 2);          // overlong "."
  check_error(to_ascii_host("a.b.\xED\xA0\x80.c"), 4);  // a surrogate
  check_error(to_ascii_host("\xE3\x80"), 0);            // cut short
}

BOOST_AUTO_TEST_CASE(nul) {
  // libidn2 reads C strings: a NUL must not end the name unseen.
  const std::string_view host("www.ex\0ample.com", 16);
  check_error(to_ascii_host(host), 4);
  BOOST_TEST(reason(to_ascii_host(host)) == "NUL in a host name");
  check_error(to_unicode_host(host), 4);
  check_error(to_ascii_host(std::string_view("a.b.\0", 5)), 4);
}

BOOST_AUTO_TEST_CASE(error_names_its_code) {
  std::ostringstream os;
  os << failure(to_ascii_host("a..b")).code;
  BOOST_TEST(os.str() == "idna");
}

// The host a client connects to, in one call: decoded, and converted when it
// is an internationalized name; "already ASCII" told apart from "refused".
BOOST_AUTO_TEST_CASE(connect_ascii_host_of_a_url_or_a_view) {
  const auto ascii = [](std::string_view url) {
    auto u = parse_reference(url);
    BOOST_TEST_REQUIRE(u.has_value(), url);
    return connect_ascii_host(*u);
  };
  // Converted: raw UTF-8, and %-escaped UTF-8 (the same name).
  for (std::string_view url : {"http://B\xC3\xBC"
                               "cher.Example/",
                               "http://b%C3%BCcher.example/", "ftp://B%C3%BCcher.example/"}) {
    auto h = ascii(url);
    BOOST_TEST_REQUIRE(h.has_value(), url);
    BOOST_TEST(h->host == "xn--bcher-kva.example");
    BOOST_TEST(h->converted);
  }
  // Already ASCII: returned as it is (decoded), not converted.
  auto plain = ascii("http://ex%61mple.COM:8080/");
  BOOST_TEST_REQUIRE(plain.has_value());
  BOOST_TEST(plain->host == "example.COM");
  BOOST_TEST(!plain->converted);
  BOOST_TEST(ascii("http://10.0.0.1/")->host == "10.0.0.1");
  auto v6 = ascii("http://[fe80::1%25eth0]/");
  BOOST_TEST_REQUIRE(v6.has_value());
  BOOST_TEST(v6->host == "fe80::1%eth0");
  BOOST_TEST(!v6->converted);
  // Refused by IDNA: an error with its reason, not the same as "nothing to do".
  auto refused = ascii("http://\xE2\x98\x95.example/");
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST((refused.error().code == error_code::idna));
  BOOST_TEST(refused.error().detail != nullptr);
  // No host to connect to.
  BOOST_TEST((ascii("file:///etc/hosts").error().code == error_code::host_expected));
  BOOST_TEST((ascii("mailto:a@b").error().code == error_code::host_expected));
  // A typed view gives the same.
  auto view = parse_http("https://b%C3%BCcher.example/");
  BOOST_TEST_REQUIRE(view.has_value());
  BOOST_TEST((*connect_ascii_host(*view) == *ascii("https://b%C3%BCcher.example/")));
  BOOST_TEST(view->connect_host() ==
             "b\xC3\xBC"
             "cher.example");  // the core never converts
}

// Setting a host from its Unicode form writes its A-label form, which
// strict mode takes too; IDNA's refusal leaves the url as it was.
BOOST_AUTO_TEST_CASE(set_idna_host_writes_the_a_label) {
  auto u = urlkit::url::parse("http://h/a", {.mode = urlkit::mode::strict});
  BOOST_REQUIRE(u.has_value());
  BOOST_REQUIRE(urlkit::set_idna_host(*u,
                                      "B\xC3\xBC"
                                      "cher.example")
                    .has_value());
  BOOST_TEST(u->buffer() == "http://xn--bcher-kva.example/a");
  const auto refused = urlkit::set_idna_host(*u, "\xE2\x98\x95.example");  // U+2615
  BOOST_REQUIRE(!refused.has_value());
  BOOST_TEST((refused.error().code == urlkit::error_code::idna));
  BOOST_TEST(u->buffer() == "http://xn--bcher-kva.example/a");
  urlkit::url_builder b;
  urlkit::set_idna_host(b.scheme("http"),
                        "b\xC3\xBC"
                        "cher.example");
  BOOST_TEST(b.build()->buffer() == "http://xn--bcher-kva.example");
  // A builder setter: IDNA's refusal is build()'s error, and a name set
  // again replaces it.
  urlkit::url_builder bad;
  urlkit::set_idna_host(bad.scheme("http"), "\xE2\x98\x95").path("/p");
  BOOST_TEST((bad.build().error().code == urlkit::error_code::idna));
  BOOST_TEST((bad.build().error().rule == urlkit::rule::host));
  urlkit::set_idna_host(bad,
                        "b\xC3\xBC"
                        "cher.example");
  BOOST_TEST(bad.build().value().buffer() == "http://xn--bcher-kva.example/p");
}

BOOST_AUTO_TEST_SUITE_END()

#else

BOOST_AUTO_TEST_CASE(idna_not_built) {
  BOOST_WARN_MESSAGE(false,
                     "IDNA tests skipped: urlkit was configured without libidn2 (URLKIT_IDNA=OFF)");
}

#endif
