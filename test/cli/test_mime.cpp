// urlkit mime encode | decode | header: URLs in MIME headers (RFC 2017).
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

namespace {

// stdout without its final newline: what "$(urlkit ...)" would give.
std::string value_of(const run_result& r) {
  std::string s = r.out;
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mime_cli)

BOOST_AUTO_TEST_CASE(header_rfc2017_example) {
  run_result r = run(
      {"mime", "header",
       "Content-type: message/external-body; access-type=URL; URL=\"http://www.foo.com/file\""});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://www.foo.com/file\n");
  BOOST_TEST(r.err == "");

  // The field body alone, folded, with a comment.
  r = run(
      {"mime", "header",
       "message/external-body (by URL);\r\n access-type=url;\r\n\tURL=\"ftp://ftp.example/pub/\r\n "
       "file.txt\""});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "ftp://ftp.example/pub/file.txt\n");
}

BOOST_AUTO_TEST_CASE(encode_short) {
  run_result r = run({"mime", "encode", "http://www.foo.com/file"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "\"http://www.foo.com/file\"\n");
  // RFC 2017 3.1 (1): a space and a backslash are escaped.
  r = run({"mime", "encode", "ftp://h/a b\\c"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "\"ftp://h/a%20b%5Cc\"\n");
}

BOOST_AUTO_TEST_CASE(encode_long_then_decode) {
  const std::string url =
      "ftp://ftp.example.com/pub/a/very/long/path/that/is/split/into/words/of/at/most/forty/"
      "characters/and/folded/so/that/no/header/line/is/longer/than/seventy-six/file.tar.gz";
  run_result r = run({"mime", "encode", url});
  BOOST_TEST(r.status == 0, r.err);
  const std::string p = value_of(r);
  // Folded with CRLF and a SPACE, exactly as in a header.
  BOOST_TEST(p.find("\r\n ") != std::string::npos, p);
  BOOST_TEST(p.front() == '"');
  BOOST_TEST(p.back() == '"');
  std::size_t start = 0;
  for (;;) {
    const std::size_t crlf = p.find("\r\n", start);
    const std::size_t len = (crlf == std::string::npos ? p.size() : crlf) - start;
    BOOST_TEST(len <= 76u);
    if (crlf == std::string::npos) break;
    start = crlf + 2;
  }
  run_result d = run({"mime", "decode", p});
  BOOST_TEST(d.status == 0, d.err);
  BOOST_TEST(d.out == url + "\n");

  // After "URL=" at column 70 of the header line.
  r = run({"mime", "encode", "--first-line-used", "70", url});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out.rfind("\"ftp:/\r\n ", 0) == 0u, r.out);
  d = run({"mime", "decode", value_of(r)});
  BOOST_TEST(d.out == url + "\n");
}

BOOST_AUTO_TEST_CASE(decode) {
  run_result r = run({"mime", "decode", "\"http://a.example/ b/\r\n\tc\""});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://a.example/b/c\n");
}

// One error form on every command: INPUT:OFFSET: error: MESSAGE.
BOOST_AUTO_TEST_CASE(errors_exit_1_with_offset) {
  auto head = [](const std::string& input, int offset) {
    return input + ":" + std::to_string(offset) + ": error: ";
  };
  run_result r = run({"mime", "decode", "\"http://a/\"b\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.rfind(head("\"http://a/\"b\"", 10), 0) == 0u, r.err);
  BOOST_TEST(r.err.find("%22") != std::string::npos, r.err);
  BOOST_TEST(r.err.back() == '\n');

  r = run({"mime", "decode", "http://a/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind(head("http://a/", 0), 0) == 0u, r.err);

  // RFC 2017 2: mailto, telnet and news:* retrieve nothing.
  for (const char* url : {"mailto:a@b.example", "telnet://h.example", "news:*"}) {
    const std::string field =
        std::string("message/external-body; access-type=URL; URL=\"") + url + "\"";
    r = run({"mime", "header", field});
    BOOST_TEST(r.status == 1, url);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err.rfind(head(field, 45), 0) == 0u, r.err);
    BOOST_TEST(r.err.find("retrieve") != std::string::npos, r.err);
  }
  r = run({"mime", "header", "text/plain; access-type=URL; URL=\"http://h/\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind(head("text/plain; access-type=URL; URL=\"http://h/\"", 0), 0) == 0u,
             r.err);
  r = run({"mime", "header", "message/external-body; access-type=ftp; URL=\"http://h/\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(
      r.err.rfind(head("message/external-body; access-type=ftp; URL=\"http://h/\"", 35), 0) == 0u,
      r.err);
  // A folded field stays on one line: its CR and LF are shown as spaces.
  r = run({"mime", "header", "message/external-body;\r\n access-type=ftp; URL=\"http://h/\""});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == head("message/external-body;   access-type=ftp; URL=\"http://h/\"", 37) +
                          "message/external-body: the access-type is not URL (any case): only "
                          "the URL access-type carries a URL (RFC 2017 3)\n");
  r = run({"mime", "header", "message/external-body; access-type=URL"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.find("no URL parameter") != std::string::npos, r.err);

  // encode: the escaped URL must parse as an absolute URL.
  r = run({"mime", "encode", "http://a/<b>"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind(head("http://a/<b>", 9), 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  BOOST_TEST(run({"mime"}).status == 2);
  BOOST_TEST(run({"mime", "frobnicate"}).status == 2);
  BOOST_TEST(run({"mime", "encode"}).status == 2);
  BOOST_TEST(run({"mime", "decode"}).status == 2);
  BOOST_TEST(run({"mime", "header"}).status == 2);
  BOOST_TEST(run({"mime", "encode", "--first-line-used", "x", "http://h/"}).status == 2);
  run_result r = run({"mime", "--help"});
  BOOST_TEST(r.status == 0);
  for (const char* sub : {"encode", "decode", "header"})
    BOOST_TEST(r.out.find(sub) != std::string::npos, sub);
}

BOOST_AUTO_TEST_SUITE_END()
