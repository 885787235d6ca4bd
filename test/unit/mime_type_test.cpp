// Media types: RFC 2045 5.1 tokens, and "parse a MIME type" with its
// serialization, as the data: URL processing uses them.
#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>

#include "urlkit/mime_type.hpp"

using namespace urlkit;

namespace {

// The serialization of `s` parsed, or "failure".
std::string reparsed(std::string_view s) {
  auto m = parse_mime_type(s);
  return m ? m->to_string() : "failure";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mime_type_tests)

BOOST_AUTO_TEST_CASE(rfc2045_tokens) {
  for (char c : std::string_view("()<>@,;:\\\"/[]?="))
    BOOST_TEST(mime::is_tspecial(static_cast<unsigned char>(c)), c);
  BOOST_TEST(!mime::is_tspecial('a'));
  BOOST_TEST(!mime::is_tspecial('{'));
  BOOST_TEST(mime::is_token("vnd.ms-excel"));
  BOOST_TEST(mime::is_token("x{y}"));
  BOOST_TEST(!mime::is_token(""));
  BOOST_TEST(!mime::is_token("a b"));
  BOOST_TEST(!mime::is_token("a/b"));
  BOOST_TEST(!mime::is_token("a\x7f"));
  BOOST_TEST(!mime::is_token("\xe9"));
  // HTTP's token has no braces.
  BOOST_TEST(mime::is_token_char('{'));
  BOOST_TEST(!mime::is_http_token_char('{'));
  BOOST_TEST(mime::is_http_token_char('!'));
}

BOOST_AUTO_TEST_CASE(parses_and_serializes) {
  BOOST_TEST(reparsed("text/plain") == "text/plain");
  BOOST_TEST(reparsed(" TEXT/Plain ; Charset=UTF-8 ") == "text/plain;charset=UTF-8");
  BOOST_TEST(reparsed("text/plain;charset=\"x\"") == "text/plain;charset=x");
  BOOST_TEST(reparsed("text/plain;a=\"b\\\"c\\\\\"") == "text/plain;a=\"b\\\"c\\\\\"");
  BOOST_TEST(reparsed("text/plain;a=\"b c\"junk;d=e") == "text/plain;a=\"b c\";d=e");
  BOOST_TEST(reparsed("text/plain;a=b;A=c") == "text/plain;a=b");  // the first one wins
  BOOST_TEST(reparsed("text/plain;a;b=c") == "text/plain;b=c");    // a name without "="
  BOOST_TEST(reparsed("text/plain;a =b") == "text/plain");         // not a token
  BOOST_TEST(reparsed("text/plain;a= b") == "text/plain;a=\" b\"");
  BOOST_TEST(reparsed("text/plain;a=") == "text/plain");
  BOOST_TEST(reparsed("text/plain;a=\"") == "text/plain");  // an empty value is dropped
  BOOST_TEST(reparsed("text/plain;a=\"\"") == "text/plain");
  BOOST_TEST(reparsed("text/plain;a=\"x") == "text/plain;a=x");
  BOOST_TEST(reparsed("text/plain;a=\x7f") == "text/plain");  // not a quoted-string character
  BOOST_TEST(reparsed("text/plain;a=\xe9") == "text/plain;a=\"\xe9\"");
}

BOOST_AUTO_TEST_CASE(failures_have_offsets) {
  struct row {
    const char* in;
    std::size_t offset;
  };
  for (const row& r :
       {row{"", 0}, row{"  /plain", 2}, row{"text", 4}, row{"te xt/plain", 2}, row{"text/", 5},
        row{"text/ ;a=b", 5}, row{"text/pl{ain", 7}, row{"%e2%80%a0", 9}}) {
    auto m = parse_mime_type(r.in);
    BOOST_REQUIRE_MESSAGE(!m, r.in);
    BOOST_TEST(m.error().code == error_code::mime_syntax, r.in);
    BOOST_TEST(m.error().rule == rule::mime);
    BOOST_TEST(m.error().offset == r.offset, r.in);
  }
}

BOOST_AUTO_TEST_CASE(accessors) {
  auto m = parse_mime_type("Image/GIF;Name=x;q=1");
  BOOST_REQUIRE(m);
  BOOST_TEST(m->essence() == "image/gif");
  BOOST_REQUIRE(m->parameter("name") != nullptr);
  BOOST_TEST(*m->parameter("name") == "x");
  BOOST_TEST(m->parameter("Name") == nullptr);  // names are lower case
  BOOST_TEST(m->parameter("z") == nullptr);
}

BOOST_AUTO_TEST_SUITE_END()
