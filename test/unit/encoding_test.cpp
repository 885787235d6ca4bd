// Percent-encoding per component (draft-fielding-uri-url-00 sections 2 and 4).
//
// The expected sets are written out here from the draft's BNF, independently
// of charset.hpp, so that a mistake in the tables shows up as a failure.
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/encoding.hpp"

using namespace urlkit;

namespace {

// 1.3
constexpr std::string_view alphas = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr std::string_view digits = "0123456789";
// 2.2  mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")" | ","
constexpr std::string_view marks = "$-_.!~*'(),";
// 2.1  reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"
constexpr std::string_view reserveds = ";/?:@&=+";

using byte_set = std::array<bool, 256>;

byte_set set_of(std::initializer_list<std::string_view> parts) {
  byte_set s{};
  for (auto part : parts)
    for (char c : part) s[static_cast<unsigned char>(c)] = true;
  return s;
}

struct expectation {
  component c;
  const char* name;
  byte_set allowed;
};

// The draft's sets, component by component.
std::vector<expectation> expectations() {
  const std::string unreserved = std::string(alphas) + std::string(digits) + std::string(marks);
  const std::string pchar = unreserved + ":@&=+";  // 2  pchar = uchar | ":" | "@" | "&" | "=" | "+"
  return {
      // 4.1  scheme = 1*( alpha | digit | "+" | "-" | "." )
      {component::scheme, "scheme", set_of({alphas, digits, "+-."})},
      // 4.3.1  user = password = *[ uchar | ";" | "?" | "&" | "=" | "+" ]
      {component::user, "user", set_of({unreserved, ";?&=+"})},
      {component::password, "password", set_of({unreserved, ";?&=+"})},
      // 4.3.1  hostname and hostnumber: alphanum, "-" and "."
      {component::host, "host", set_of({alphas, digits, "-."})},
      // 4.3.2  segment = *pchar
      {component::path_segment, "path_segment", set_of({pchar})},
      // 4.3.2  path = fsegment *( "/" segment )
      {component::path, "path", set_of({pchar, "/"})},
      // 4.3.3  param = *( pchar | "/" ), parameters = param *( ";" param )
      {component::param, "param", set_of({pchar, "/"})},
      {component::params, "params", set_of({pchar, "/;"})},
      // 4.3.4 query = *urlchar, 3 fragment = *urlchar; 2 urlchar = reserved | unreserved
      {component::query, "query", set_of({reserveds, unreserved})},
      {component::fragment, "fragment", set_of({reserveds, unreserved})},
      // a name or value of a name=value query: urlchar less "&" "=" "+"
      {component::query_param, "query_param", set_of({";/?:@", unreserved})},
  };
}

std::string escaped(unsigned b) {
  static constexpr char hex[] = "0123456789ABCDEF";
  return std::string{'%', hex[b >> 4], hex[b & 15]};
}

std::string byte_string(unsigned b) {
  return std::string(1, static_cast<char>(b));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(encoding)

BOOST_AUTO_TEST_CASE(expected_sets_sanity) {
  // The hand-written sets have the sizes the draft's lists give.
  for (const auto& e : expectations()) {
    std::size_t n = 0;
    for (bool b : e.allowed) n += b;
    std::size_t want = 0;
    switch (e.c) {
      case component::scheme:
        want = 52 + 10 + 3;
        break;
      case component::user:
      case component::password:
        want = 52 + 10 + 11 + 5;
        break;
      case component::host:
        want = 52 + 10 + 2;
        break;
      case component::path_segment:
        want = 52 + 10 + 11 + 5;
        break;
      case component::path:
      case component::param:
        want = 52 + 10 + 11 + 6;
        break;
      case component::params:
        want = 52 + 10 + 11 + 7;
        break;
      case component::query:
      case component::fragment:
        want = 52 + 10 + 11 + 8;
        break;
      case component::query_param:
        want = 52 + 10 + 11 + 5;
        break;
    }
    BOOST_TEST(n == want, e.name);
  }
}

BOOST_AUTO_TEST_CASE(allowed_set_matches_the_draft) {
  for (const auto& e : expectations()) {
    const charset::mask m = allowed_set(e.c);
    for (unsigned b = 0; b < 256; ++b) {
      const bool want = e.allowed[b];
      BOOST_TEST(charset::is(m, static_cast<unsigned char>(b)) == want,
                 e.name << " byte 0x" << std::hex << b);
    }
  }
}

BOOST_AUTO_TEST_CASE(single_byte_escaped_exactly_when_not_allowed) {
  for (const auto& e : expectations()) {
    for (unsigned b = 0; b < 256; ++b) {
      const std::string in = byte_string(b);
      const std::string out = encode(in, e.c);
      if (e.c == component::scheme) {
        // A scheme cannot be escaped: it is returned as it is.
        BOOST_TEST(out == in, e.name << " byte 0x" << std::hex << b);
        continue;
      }
      const std::string want = e.allowed[b] ? in : escaped(b);
      BOOST_TEST(out == want, e.name << " byte 0x" << std::hex << b);
      BOOST_TEST(encoded_size(in, e.c) == want.size());
    }
  }
}

BOOST_AUTO_TEST_CASE(percent_is_always_escaped) {
  for (const auto& e : expectations()) {
    if (e.c == component::scheme) continue;
    BOOST_TEST(encode("%", e.c) == "%25", e.name);
    BOOST_TEST(encode("%41", e.c) == "%2541", e.name);  // never escaped twice by mistake (2.3.2)
  }
}

BOOST_AUTO_TEST_CASE(upper_case_hex) {
  BOOST_TEST(encode("/", component::path_segment) == "%2F");
  BOOST_TEST(encode(" ", component::query) == "%20");
  BOOST_TEST(encode("\xff", component::query) == "%FF");
  BOOST_TEST(encode("\xab\xcd", component::fragment) == "%AB%CD");
  BOOST_TEST(encode(std::string_view("\x00", 1), component::path) == "%00");
}

BOOST_AUTO_TEST_CASE(component_examples) {
  // 4.3.1: within user and password any ":", "@" or "/" must be encoded.
  BOOST_TEST(encode("a:b@c/d;e?f", component::user) == "a%3Ab%40c%2Fd;e?f");
  BOOST_TEST(encode("p@ss:w/rd", component::password) == "p%40ss%3Aw%2Frd");
  BOOST_TEST(encode("www.example-1.com", component::host) == "www.example-1.com");
  BOOST_TEST(encode("a_b", component::host) == "a%5Fb");
  BOOST_TEST(encode("a/b;c?d", component::path_segment) == "a%2Fb%3Bc%3Fd");
  BOOST_TEST(encode("a/b;c?d", component::path) == "a/b%3Bc%3Fd");
  BOOST_TEST(encode("a=1/2;b", component::param) == "a=1/2%3Bb");
  BOOST_TEST(encode("a=1/2;b", component::params) == "a=1/2;b");
  BOOST_TEST(encode("a=1&b=2 3#x?", component::query) == "a=1&b=2%203%23x?");
  BOOST_TEST(encode("sec 1#2", component::fragment) == "sec%201%232");
  BOOST_TEST(encode("http", component::scheme) == "http");
  BOOST_TEST(encode("", component::path) == "");
}

BOOST_AUTO_TEST_CASE(encode_to_writes_encoded_size_bytes) {
  const std::string_view in = "a b/c%d\x80";
  for (const auto& e : expectations()) {
    std::string buf(encoded_size(in, e.c) + 4, '#');
    char* end = encode_to(in, e.c, buf.data());
    BOOST_TEST(static_cast<std::size_t>(end - buf.data()) == encoded_size(in, e.c), e.name);
    BOOST_TEST(std::string_view(buf.data(), end - buf.data()) == encode(in, e.c), e.name);
    BOOST_TEST(buf.substr(buf.size() - 4) == "####", e.name);  // nothing written past the end
  }
}

BOOST_AUTO_TEST_CASE(round_trip_every_byte) {
  for (const auto& e : expectations()) {
    if (e.c == component::scheme) continue;  // not escaped, so not decoded either
    for (unsigned b = 0; b < 256; ++b) {
      const std::string in = byte_string(b);
      const auto out = decode(encode(in, e.c), {.strict = true});
      BOOST_TEST_REQUIRE(out.has_value());
      BOOST_TEST(*out == in, e.name << " byte 0x" << std::hex << b);
    }
  }
}

BOOST_AUTO_TEST_CASE(round_trip_random_strings) {
  std::mt19937 rng(20240501);
  std::uniform_int_distribution<int> len(0, 48);
  std::uniform_int_distribution<int> byte(0, 255);
  // Bias towards the interesting bytes as well as any byte.
  constexpr std::string_view spicy = "%/;?#:@&=+ \r\n\0";
  std::uniform_int_distribution<std::size_t> pick(0, spicy.size() - 1);
  for (int round = 0; round < 2000; ++round) {
    std::string in;
    const int n = len(rng);
    for (int i = 0; i < n; ++i)
      in += (byte(rng) & 1) ? static_cast<char>(byte(rng)) : spicy[pick(rng)];
    for (const auto& e : expectations()) {
      if (e.c == component::scheme) continue;
      const std::string enc = encode(in, e.c);
      // Everything written is allowed, or an escape.
      for (std::size_t i = 0; i < enc.size(); ++i) {
        const auto b = static_cast<unsigned char>(enc[i]);
        if (b == '%') {
          BOOST_TEST_REQUIRE(charset::starts_with_escape(std::string_view(enc).substr(i)));
          i += 2;
        } else {
          BOOST_TEST_REQUIRE(e.allowed[b]);
        }
      }
      BOOST_TEST(decoded_size(enc) == in.size());
      const auto dec = decode(enc, {.strict = true});
      BOOST_TEST_REQUIRE(dec.has_value());
      BOOST_TEST(*dec == in, e.name);
    }
  }
}

// ---- decoding -----------------------------------------------------------------

BOOST_AUTO_TEST_CASE(decode_upper_and_lower_hex) {
  BOOST_TEST(*decode("%2F") == "/");
  BOOST_TEST(*decode("%2f") == "/");
  BOOST_TEST(*decode("%aB%Cd") == "\xab\xcd");
  BOOST_TEST(*decode("a%20b") == "a b");
  BOOST_TEST(*decode("%41%42C") == "ABC");
  BOOST_TEST(*decode("") == "");
  BOOST_TEST(*decode("plain") == "plain");
  BOOST_TEST(*decode("%25") == "%");
  BOOST_TEST(*decode("%2541") == "%41");  // decoded once only
  BOOST_TEST(*decode("+") == "+");        // "+" is not a space in a URL
}

BOOST_AUTO_TEST_CASE(decode_bad_escape_lenient) {
  const std::vector<std::pair<std::string_view, std::string_view>> cases = {
      {"%", "%"},     {"%4", "%4"},   {"a%zz", "a%zz"}, {"%g1", "%g1"},
      {"%1g", "%1g"}, {"%%41", "%A"}, {"100%", "100%"}, {"%fg", "%fg"},  // RFC 2397's own example
  };
  for (const auto& [in, want] : cases) {
    const auto out = decode(in);
    BOOST_TEST_REQUIRE(out.has_value());
    BOOST_TEST(*out == want);
    const decode_report rep = scan_escapes(in);
    BOOST_TEST(rep.bad_escape, in);
    BOOST_TEST(!rep.nul);
    BOOST_TEST(decoded_size(in) == want.size());
  }
  BOOST_TEST(*decode("%41") == "A");
  BOOST_TEST(!scan_escapes("%41").bad_escape);
}

BOOST_AUTO_TEST_CASE(decode_bad_escape_strict) {
  const std::vector<std::pair<std::string_view, std::size_t>> cases = {
      {"%", 0}, {"ab%4", 2}, {"a%zz", 1}, {"%41%g1", 3}, {"x%%41", 1},
  };
  for (const auto& [in, at] : cases) {
    const auto out = decode(in, {.strict = true});
    BOOST_TEST_REQUIRE(!out.has_value());
    BOOST_TEST(out.error().code == error_code::bad_escape, in);
    BOOST_TEST(out.error().rule == rule::decode);
    BOOST_TEST(out.error().offset == at, in);
    BOOST_TEST(out.error().has_byte);
    BOOST_TEST(out.error().byte == '%');
  }
}

BOOST_AUTO_TEST_CASE(decode_nul) {
  const auto out = decode("a%00b");
  BOOST_TEST_REQUIRE(out.has_value());
  BOOST_TEST(*out == std::string_view("a\0b", 3));
  const decode_report rep = scan_escapes("a%00b");
  BOOST_TEST(rep.nul);
  BOOST_TEST(!rep.cr);
  BOOST_TEST(!rep.lf);

  const auto refused = decode("ab%00", {.reject_nul = true});
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().code == error_code::decoded_nul);
  BOOST_TEST(refused.error().rule == rule::decode);
  BOOST_TEST(refused.error().offset == 2u);
  // A literal NUL byte is not an escaped one.
  BOOST_TEST(decode(std::string_view("a\0", 2), {.reject_nul = true}).has_value());
  // reject_crlf alone lets NUL through.
  BOOST_TEST(decode("%00", {.reject_crlf = true}).has_value());
}

BOOST_AUTO_TEST_CASE(decode_cr_lf) {
  BOOST_TEST(*decode("a%0Db") == "a\rb");
  BOOST_TEST(scan_escapes("a%0Db").cr);
  BOOST_TEST(!scan_escapes("a%0Db").lf);
  BOOST_TEST(*decode("a%0ab") == "a\nb");
  BOOST_TEST(scan_escapes("a%0ab").lf);  // hex digits in either case
  BOOST_TEST(!scan_escapes("a%0ab").cr);
  for (std::string_view in : {"x%0D", "x%0d", "x%0A", "x%0a"}) {
    const auto out = decode(in, {.reject_crlf = true});
    BOOST_TEST_REQUIRE(!out.has_value());
    BOOST_TEST(out.error().code == error_code::decoded_crlf, in);
    BOOST_TEST(out.error().offset == 1u);
    BOOST_TEST(out.error().rule == rule::decode);
  }
  // Section 8: the telnet example, an escaped CR LF inside a user name.
  const auto out = decode("joe%0D%0AQUIT", {.reject_nul = true, .reject_crlf = true});
  BOOST_TEST_REQUIRE(!out.has_value());
  BOOST_TEST(out.error().offset == 3u);
  BOOST_TEST(decode("%00", {.reject_nul = false, .reject_crlf = true}).has_value());
}

// scan_escapes() says what decode() meets, escape by escape, and nothing
// else: a "%" that starts no escape, the escapes of NUL, CR and LF (draft 8),
// and not an escaped "%" followed by what looks like one ("%2500").
BOOST_AUTO_TEST_CASE(scan_escapes_reports_what_decoding_meets) {
  BOOST_TEST((scan_escapes("abc") == decode_report{}));
  BOOST_TEST((scan_escapes("") == decode_report{}));
  BOOST_TEST((scan_escapes("%00%0D%0A%") == decode_report{true, true, true, true}));
  BOOST_TEST((scan_escapes("%2500") == decode_report{}));  // "%25" then "00": no NUL
  BOOST_TEST((scan_escapes("%%0a") == decode_report{false, false, true, true}));
  BOOST_TEST((scan_escapes("%0") == decode_report{false, false, false, true}));
  BOOST_TEST((scan_escapes("%0d%41") == decode_report{false, true, false, false}));
  // A literal NUL or CR is not an escaped one.
  BOOST_TEST((scan_escapes(std::string_view("a\0\r", 3)) == decode_report{}));
  BOOST_TEST(*decode("%00%0D%0A%") == std::string_view("\0\r\n%", 4));
}

BOOST_AUTO_TEST_CASE(decode_to_buffer) {
  static_assert(noexcept(decode_to(std::string_view(), std::span<char>())));
  static_assert(noexcept(decoded_size(std::string_view())));
  static_assert(noexcept(encode_to(std::string_view(), component::path, nullptr)));
  static_assert(noexcept(encoded_size(std::string_view(), component::path)));
  static_assert(noexcept(allowed_set(component::path)));

  std::array<char, 8> buf{};
  const auto n = decode_to("a%20b%", buf);
  BOOST_TEST_REQUIRE(n.has_value());
  BOOST_TEST(*n == 4u);
  BOOST_TEST(std::string_view(buf.data(), *n) == "a b%");

  // Exactly decoded_size() bytes are enough.
  std::array<char, 3> exact{};
  BOOST_TEST(decoded_size("%41%42%43") == 3u);
  BOOST_TEST(decode_to("%41%42%43", exact).has_value());

  std::array<char, 2> small{};
  const auto e = decode_to("%41%42%43", small);
  BOOST_TEST_REQUIRE(!e.has_value());
  BOOST_TEST(e.error().code == error_code::buffer_too_small);
  BOOST_TEST(e.error().rule == rule::decode);
  BOOST_TEST(e.error().offset == 6u);  // the escape that did not fit

  BOOST_TEST(*decode_to("", std::span<char>()) == 0u);
  BOOST_TEST(decode_to("x", std::span<char>()).error().code == error_code::buffer_too_small);
}

BOOST_AUTO_TEST_CASE(decoded_size_counts_escapes) {
  BOOST_TEST(decoded_size("") == 0u);
  BOOST_TEST(decoded_size("abc") == 3u);
  BOOST_TEST(decoded_size("%41") == 1u);
  BOOST_TEST(decoded_size("%4") == 2u);
  BOOST_TEST(decoded_size("%%41") == 2u);
  BOOST_TEST(decoded_size("%zz%41%") == 5u);
}

BOOST_AUTO_TEST_SUITE_END()
