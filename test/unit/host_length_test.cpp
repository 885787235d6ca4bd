// Host names follow RFC 1034 where RFC 1738 3.1 sends the reader to it: "a
// fully qualified domain name of a network host ... as described in Section
// 3.5 of [RFC 1034]", whose labels hold at most 63 octets (3.5, 3.1) and whose
// names at most 255 on the wire (3.1): 253 in text form, a final "." not
// counted.  Counted after decoding.  Strict mode refuses a name past them,
// lenient mode warns (src/grammar/host_limits.hpp).
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/url.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

namespace {

std::string label(std::size_t n, char c = 'a') {
  return std::string(n, c);
}

// A name of `octets` octets in text form: labels of 63 joined by ".".
std::string name_of(std::size_t octets) {
  std::string s;
  while (s.size() < octets) {
    if (!s.empty()) s += '.';
    s += label(std::min<std::size_t>(63, octets - s.size()));
  }
  return s;
}

struct parsed {
  bool ok = false;
  error err;
  std::vector<warning> warnings;
};

parsed parse_with(const std::string& url, mode m) {
  parsed p;
  auto collect = [&p](const warning& w) { p.warnings.push_back(w); };
  parse_options o;
  o.mode = m;
  o.on_warning = make_warning_sink(collect);
  auto r = parse_reference(url, o);
  p.ok = r.has_value();
  if (!r) p.err = r.error();
  return p;
}

std::size_t count(const std::vector<warning>& ws, warning_code c) {
  std::size_t n = 0;
  for (const auto& w : ws) n += w.code == c;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(host_length)

BOOST_AUTO_TEST_CASE(labels_of_63_octets_pass_64_do_not) {
  const std::string ok = "http://" + label(63) + ".example/";
  const std::string long_label = "http://" + label(64) + ".example/";
  const std::string long_last = "http://x." + label(64, 'b') + "/";
  for (mode m : {mode::lenient, mode::strict}) {
    const parsed p = parse_with(ok, m);
    BOOST_TEST(p.ok);
    BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 0u);
  }
  // Strict: an error at the label's start, naming the rule.
  parsed p = parse_with(long_label, mode::strict);
  BOOST_TEST_REQUIRE(!p.ok);
  BOOST_TEST(p.err.code == error_code::host_too_long);
  BOOST_TEST(p.err.rule == rule::host);
  BOOST_TEST(p.err.offset == 7u);
  BOOST_TEST(p.err.message().find("63 octets") != std::string::npos, p.err.message());
  p = parse_with(long_last, mode::strict);
  BOOST_TEST_REQUIRE(!p.ok);
  BOOST_TEST(p.err.code == error_code::host_too_long);
  BOOST_TEST(p.err.offset == 9u);
  // Lenient: accepted, with one warning there.
  p = parse_with(long_label, mode::lenient);
  BOOST_TEST_REQUIRE(p.ok);
  BOOST_TEST_REQUIRE(count(p.warnings, warning_code::host_too_long) == 1u);
  BOOST_TEST(p.warnings.back().offset == 7u);
  BOOST_TEST(p.warnings.back().rule == rule::host);
}

BOOST_AUTO_TEST_CASE(names_of_253_octets_pass_254_do_not) {
  for (mode m : {mode::lenient, mode::strict}) {
    BOOST_TEST_CONTEXT((m == mode::strict ? "strict" : "lenient")) {
      const parsed p = parse_with("http://" + name_of(253) + "/", m);
      BOOST_TEST(p.ok);
      BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 0u);
    }
  }
  // One more octet: refused at the octet that passes the limit.
  const std::string long_name = "http://" + name_of(254) + "/";
  parsed p = parse_with(long_name, mode::strict);
  BOOST_TEST_REQUIRE(!p.ok);
  BOOST_TEST(p.err.code == error_code::host_too_long);
  BOOST_TEST(p.err.offset == 7u + 253u);
  BOOST_TEST(p.err.message().find("253 octets") != std::string::npos, p.err.message());
  p = parse_with(long_name, mode::lenient);
  BOOST_TEST(p.ok);
  BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 1u);
  // A final "." (the root) is not counted: lenient mode takes it (the strict
  // grammar has no empty last label).
  p = parse_with("http://" + name_of(253) + "./", mode::lenient);
  BOOST_TEST(p.ok);
  BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 0u);
}

BOOST_AUTO_TEST_CASE(lengths_are_counted_after_decoding) {
  // 61 letters and two escapes of letters: 63 octets, 67 bytes.
  const std::string escaped63 = "http://" + label(61) + "%41%42.example/";
  parsed p = parse_with(escaped63, mode::lenient);
  BOOST_TEST(p.ok);
  BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 0u);
  const std::string escaped64 = "http://" + label(62) + "%41%42.example/";
  p = parse_with(escaped64, mode::lenient);
  BOOST_TEST(p.ok);
  BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 1u);
  // A non-ASCII name of 32 two-octet characters is 64 octets.
  std::string utf8;
  for (int i = 0; i < 32; ++i) utf8 += "%C3%A9";
  p = parse_with("http://" + utf8 + ".example/", mode::lenient);
  BOOST_TEST(p.ok);
  BOOST_TEST(count(p.warnings, warning_code::host_too_long) == 1u);
}

BOOST_AUTO_TEST_CASE(typed_views_and_mailto_domains) {
  const std::string http = "http://" + label(64) + ".example/";
  scheme_options strict;
  strict.mode = mode::strict;
  auto h = parse_http(http, strict);
  BOOST_TEST_REQUIRE(!h.has_value());
  BOOST_TEST(h.error().code == error_code::host_too_long);
  BOOST_TEST(parse_http(http).has_value());
  const std::string ftp = "ftp://" + name_of(254) + "/f";
  BOOST_TEST(!parse_ftp(ftp, strict).has_value());

  // mailto's domain names a host (RFC 822 6.2.3, RFC 1738 3.1).
  const std::string mail = "mailto:a@" + label(64) + ".email";
  auto m = parse_mailto(mail, strict);
  BOOST_TEST_REQUIRE(!m.has_value());
  BOOST_TEST(m.error().code == error_code::host_too_long);
  BOOST_TEST(m.error().offset == 9u);
  BOOST_TEST(m.error().message().starts_with("mailto domain: "), m.error().message());
  std::vector<warning> ws;
  auto collect = [&ws](const warning& w) { ws.push_back(w); };
  scheme_options lenient;
  lenient.on_warning = make_warning_sink(collect);
  BOOST_TEST(parse_mailto(mail, lenient).has_value());
  BOOST_TEST(count(ws, warning_code::host_too_long) == 1u);
  const std::string label63 = "mailto:a@" + label(63) + ".email";
  const std::string name254 = "mailto:a@" + name_of(254);
  const std::string name253 = "mailto:a@" + name_of(253);
  BOOST_TEST(parse_mailto(label63, strict).has_value());
  BOOST_TEST(!parse_mailto(name254, strict).has_value());
  BOOST_TEST(parse_mailto(name253, strict).has_value());
}

BOOST_AUTO_TEST_CASE(setters_follow_the_limits) {
  auto u = url::parse("http://h.example/", parse_options{mode::strict, {}});
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(!u->set_host(label(64) + ".example").has_value());
  BOOST_TEST(u->buffer() == "http://h.example/");
  BOOST_TEST(u->set_host(label(63) + ".example").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
