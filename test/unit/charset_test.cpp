// Every character table against all 256 byte values.  The expected sets are
// written out here from the spec text, independently of charset.hpp.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "urlkit/charset.hpp"

namespace cs = urlkit::charset;

namespace {

const std::string lowalpha = "abcdefghijklmnopqrstuvwxyz";
const std::string hialpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const std::string digits = "0123456789";

// draft-fielding-uri-url-00
const std::string d_alpha = lowalpha + hialpha;
const std::string d_mark = "$-_.!~*'(),";   // 2.2
const std::string d_reserved = ";/?:@&=+";  // 2.1
const std::string d_unreserved = d_alpha + digits + d_mark;
const std::string d_unwise = "{}|\\^[]`";                 // 2.3.3
const std::string d_delims = "<>#%\"";                    // 2.3.3
const std::string d_pchar = d_unreserved + ":@&=+";       // 2 (escapes aside)
const std::string d_user = d_unreserved + ";?&=+";        // 4.3.1
const std::string d_param = d_pchar + "/";                // 4.3.3
const std::string d_urlchar = d_reserved + d_unreserved;  // 2
const std::string d_scheme = d_alpha + digits + "+-.";    // 4.1

// RFC 1738 section 5, as the draft's E.2 updates it: "The tilde "~"
// character was added to those in the "unreserved" set" (so it leaves
// RFC 1738's "national").
const std::string r_safe = "$-_.+";
const std::string r_extra = "!*'(),";
const std::string r_national = "{}|\\^[]`";
const std::string r_punctuation = "<>#%\"";
const std::string r_reserved = ";/?:@&=";
const std::string r_unreserved = d_alpha + digits + r_safe + r_extra + "~";
const std::string r_xchar = r_unreserved + r_reserved;

bool in(const std::string& set, unsigned c) {
  return set.find(static_cast<char>(c)) != std::string::npos;
}

void check(cs::mask m, const char* name, auto expected) {
  for (unsigned c = 0; c < 256; ++c) {
    BOOST_TEST_CONTEXT(name << " byte 0x" << std::hex << c) {
      BOOST_TEST(cs::is(m, static_cast<unsigned char>(c)) == static_cast<bool>(expected(c)));
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(charset)

BOOST_AUTO_TEST_CASE(draft_classes) {
  check(cs::alpha, "alpha", [](unsigned c) { return in(d_alpha, c); });
  check(cs::digit, "digit", [](unsigned c) { return in(digits, c); });
  check(cs::hex, "hex", [](unsigned c) { return in(digits + "ABCDEFabcdef", c); });
  check(cs::mark, "mark", [](unsigned c) { return in(d_mark, c); });
  check(cs::reserved, "reserved", [](unsigned c) { return in(d_reserved, c); });
  check(cs::unreserved, "unreserved", [](unsigned c) { return in(d_unreserved, c); });
  check(cs::control, "control", [](unsigned c) { return c <= 0x1f || c == 0x7f; });
  check(cs::space, "space", [](unsigned c) { return c == 0x20; });
  check(cs::delims, "delims", [](unsigned c) { return in(d_delims, c); });
  check(cs::unwise, "unwise", [](unsigned c) { return in(d_unwise, c); });
  check(cs::national, "national", [](unsigned c) { return c >= 0x80; });
  check(cs::pchar, "pchar", [](unsigned c) { return in(d_pchar, c); });
  check(cs::userchar, "user", [](unsigned c) { return in(d_user, c); });
  check(cs::paramchar, "param", [](unsigned c) { return in(d_param, c); });
  check(cs::paramschar, "parameters", [](unsigned c) { return in(d_param + ";", c); });
  check(cs::urlchar, "urlchar", [](unsigned c) { return in(d_urlchar, c); });
  check(cs::scheme, "scheme", [](unsigned c) { return in(d_scheme, c); });
  check(cs::hostchar, "hostchar", [](unsigned c) { return in(d_alpha + digits + "-.", c); });
}

BOOST_AUTO_TEST_CASE(rfc1738_classes) {
  check(cs::safe1738, "safe", [](unsigned c) { return in(r_safe, c); });
  check(cs::extra1738, "extra", [](unsigned c) { return in(r_extra, c); });
  check(cs::national1738, "national", [](unsigned c) { return in(r_national, c); });
  check(cs::punctuation1738, "punctuation", [](unsigned c) { return in(r_punctuation, c); });
  check(cs::reserved1738, "reserved", [](unsigned c) { return in(r_reserved, c); });
  check(cs::unreserved1738, "unreserved", [](unsigned c) { return in(r_unreserved, c); });
  check(cs::xchar1738, "xchar", [](unsigned c) { return in(r_xchar, c); });
  check(cs::user1738, "user", [](unsigned c) { return in(r_unreserved + ";?&=", c); });
  check(cs::fsegment1738, "fsegment", [](unsigned c) { return in(r_unreserved + "?:@&=", c); });
  check(cs::hsegment1738, "hsegment", [](unsigned c) { return in(r_unreserved + ";:@&=", c); });
  check(cs::fieldchar1738, "fieldname", [](unsigned c) { return in(r_unreserved + "?:@&", c); });
  check(cs::article1738, "article", [](unsigned c) { return in(r_unreserved + ";/?:&=", c); });
}

// Draft 2.3.3: every octet is in exactly one of reserved, unreserved, control,
// space, delims, unwise, national.
BOOST_AUTO_TEST_CASE(draft_classes_partition_the_octets) {
  const cs::mask parts[] = {cs::reserved, cs::unreserved, cs::control, cs::space,
                            cs::delims,   cs::unwise,     cs::national};
  for (unsigned c = 0; c < 256; ++c) {
    int n = 0;
    for (cs::mask m : parts) n += cs::is(m, static_cast<unsigned char>(c)) ? 1 : 0;
    BOOST_TEST(n == 1, "byte " << c << " is in " << n << " classes");
  }
}

BOOST_AUTO_TEST_CASE(escapes) {
  BOOST_TEST(cs::starts_with_escape("%20"));
  BOOST_TEST(cs::starts_with_escape("%aF"));
  BOOST_TEST(!cs::starts_with_escape("%2"));
  BOOST_TEST(!cs::starts_with_escape("%g0"));
  BOOST_TEST(!cs::starts_with_escape("20"));
  for (unsigned c = 0; c < 256; ++c) {
    const int expected = c >= '0' && c <= '9'   ? int(c - '0')
                         : c >= 'a' && c <= 'f' ? int(c - 'a' + 10)
                         : c >= 'A' && c <= 'F' ? int(c - 'A' + 10)
                                                : -1;
    BOOST_TEST(cs::hex_value(static_cast<char>(c)) == expected);
  }
}

BOOST_AUTO_TEST_SUITE_END()
