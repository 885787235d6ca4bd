// URLs in MIME headers (RFC 2017; RFC 2045 5.1 parameters): escaping, the
// URL-parameter's words and folds, round trips, Content-Type fields with
// folds, comments, quoted-pairs and any case, refused schemes, and errors
// with their offsets.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/mime.hpp"

using namespace urlkit;

namespace {

// The parameter split into its lines (at CRLF).
std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t crlf = s.find("\r\n", start);
    out.push_back(s.substr(start, crlf == std::string::npos ? std::string::npos : crlf - start));
    if (crlf == std::string::npos) return out;
    start = crlf + 2;
  }
}

// Checks everything RFC 2017 3.1 asks of an encoded parameter, and that it
// carries `escaped`.
void check_parameter(const std::string& p, std::size_t used, const std::string& escaped) {
  const auto lines = lines_of(p);
  BOOST_REQUIRE(!lines.empty());
  // No CR or LF but in folds, and every fold goes on with a SPACE.
  for (const auto& l : lines) {
    BOOST_TEST(l.find_first_of("\r\n") == std::string::npos, l);
    BOOST_TEST(l.size() <= mime_line_limit, l);
  }
  for (std::size_t i = 1; i < lines.size(); ++i) BOOST_TEST(lines[i].rfind(' ', 0) == 0u, lines[i]);
  // The first line shares the header line with `used` characters; a fold
  // first (an empty first line) only when there is no room at all.
  if (lines[0].empty())
    BOOST_TEST(used + 3 > mime_line_limit, "folded first with room left: " << used);
  else
    BOOST_TEST(used + lines[0].size() <= mime_line_limit, "first line: " << lines[0]);

  // Quotes, then words of 1..40 characters separated by one SPACE or a fold.
  std::string flat;
  for (const auto& l : lines) flat += l;
  const std::size_t open = flat.find('"');
  BOOST_REQUIRE(open != std::string::npos);
  BOOST_TEST(flat.substr(0, open).find_first_not_of(' ') == std::string::npos);
  BOOST_REQUIRE(flat.size() >= open + 2);
  BOOST_TEST(flat.back() == '"');
  const std::string inner = flat.substr(open + 1, flat.size() - open - 2);
  BOOST_TEST(inner.find('"') == std::string::npos);
  std::string joined;
  std::size_t start = 0;
  for (;;) {
    const std::size_t sp = inner.find(' ', start);
    const std::string word = inner.substr(start, sp == std::string::npos ? sp : sp - start);
    BOOST_TEST(!word.empty(), "empty word in " << p);
    BOOST_TEST(word.size() <= mime_url_word_limit, word);
    joined += word;
    if (sp == std::string::npos) break;
    start = sp + 1;
  }
  if (escaped.empty()) {
    BOOST_TEST(inner.empty());
  } else {
    BOOST_TEST(joined == escaped);
  }
}

// A small deterministic generator (no std::rand: the same URLs on every run).
struct lcg {
  std::uint64_t s;
  std::uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(s >> 33);
  }
};

std::string external_body(const std::string& url_param) {
  return "Content-Type: message/external-body; access-type=URL; URL=" + url_param;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mime)

// RFC 2017 3, the example, as the RFC writes it (two lines) and on one line.
BOOST_AUTO_TEST_CASE(rfc2017_example) {
  const std::string_view one_line =
      "Content-type: message/external-body; access-type=URL; URL=\"http://www.foo.com/file\"";
  auto r = url_from_external_body(one_line);
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "http://www.foo.com/file");

  r = url_from_external_body(
      "Content-type: message/external-body; access-type=URL;\r\n"
      "      URL=\"http://www.foo.com/file\"");
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "http://www.foo.com/file");

  // Without the field name, and with the line end that closes the field.
  r = url_from_external_body(
      "message/external-body; access-type=URL; URL=\"http://www.foo.com/file\"\r\n");
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "http://www.foo.com/file");

  BOOST_TEST(encode_url_parameter("http://www.foo.com/file") == "\"http://www.foo.com/file\"");
  auto d = decode_url_parameter("\"http://www.foo.com/file\"");
  BOOST_REQUIRE_MESSAGE(d, d.error());
  BOOST_TEST(*d == "http://www.foo.com/file");
}

// RFC 2017 3.1 (1): SPACE, CTLs, <">, "\" and 8-bit octets, and nothing else.
BOOST_AUTO_TEST_CASE(escaping) {
  BOOST_TEST(escape_for_url_parameter("a b\t\"\\\x01\x7f\xe9\xff") == "a%20b%09%22%5C%01%7F%E9%FF");
  BOOST_TEST(escape_for_url_parameter(std::string_view("a\0b", 3)) == "a%00b");
  BOOST_TEST(escape_for_url_parameter("\r\n") == "%0D%0A");
  // Already escaped text, "%" and every other graphic character: left alone.
  const std::string graphic = "http://u:p@h:1/a%20b;c?d=e&f+g#h~!$'()*,-._{}|^[]`<>%zz%";
  BOOST_TEST(escape_for_url_parameter(graphic) == graphic);
  // Escaping twice changes nothing more.
  const std::string once = escape_for_url_parameter("ftp://h/a b\\c\"d\xc3\xa9");
  BOOST_TEST(once == "ftp://h/a%20b%5Cc%22d%C3%A9");
  BOOST_TEST(escape_for_url_parameter(once) == once);
  // And the parameter carries the escaped URL.
  BOOST_TEST(encode_url_parameter("ftp://h/a b") == "\"ftp://h/a%20b\"");
}

BOOST_AUTO_TEST_CASE(encode_long_url) {
  const std::string url =
      "ftp://ftp.example.com/pub/a/very/long/path/that/is/split/into/words/of/at/most/forty/"
      "characters/file.tar.gz";
  const std::string p = encode_url_parameter(url);
  check_parameter(p, 0, url);
  BOOST_TEST(p ==
             "\"ftp://ftp.example.com/pub/a/very/long/pa\r\n"
             " th/that/is/split/into/words/of/at/most/f orty/characters/file.tar.gz\"");
  auto d = decode_url_parameter(p);
  BOOST_REQUIRE_MESSAGE(d, d.error());
  BOOST_TEST(*d == url);

  // After "URL=" at column 60: a short first word fills the line.
  const std::string q = encode_url_parameter(url, 60);
  check_parameter(q, 60, url);
  BOOST_TEST(lines_of(q)[0] == "\"ftp://ftp.examp");

  // No room for the quote and a character: the parameter starts on a new line.
  const std::string f = encode_url_parameter(url, 75);
  check_parameter(f, 75, url);
  BOOST_TEST(f.rfind("\r\n \"ftp://", 0) == 0u, f);
  d = decode_url_parameter(f);
  BOOST_REQUIRE_MESSAGE(d, d.error());
  BOOST_TEST(*d == url);
}

// Every length from 1 to 400, every start column, characters that need
// escaping among them: each line within 76, each word within 40, and the
// URL back from decode_url_parameter and from a whole header.
BOOST_AUTO_TEST_CASE(round_trips) {
  const std::string alphabet =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/;?:@&=+$-_.!~*'(),%";
  const std::string needs_escape = std::string(" \t\"\\\x01\x7f\x80\xfe", 8);
  lcg g{42};
  std::size_t checked = 0;
  for (std::size_t len = 1; len <= 400; ++len) {
    std::string path;
    for (std::size_t i = 0; i < len; ++i) {
      const std::uint32_t k = g.next();
      if (k % 13 == 0)
        path += needs_escape[(k >> 8) % needs_escape.size()];
      else if (k % 7 == 0)
        path += "%2F";
      else
        path += alphabet[(k >> 8) % (alphabet.size() - 1)];  // no lone "%": see below
    }
    const std::string url = "http://h.example/" + path;
    const std::string escaped = escape_for_url_parameter(url);
    for (std::size_t used :
         {std::size_t{0}, std::size_t{1}, std::size_t{9}, std::size_t{35}, std::size_t{40},
          std::size_t{41}, std::size_t{59}, std::size_t{72}, std::size_t{73}, std::size_t{74},
          std::size_t{75}, std::size_t{76}, std::size_t{90}, len % 77}) {
      const std::string p = encode_url_parameter(url, used);
      check_parameter(p, used, escaped);
      auto d = decode_url_parameter(p);
      BOOST_REQUIRE_MESSAGE(d, d.error() << " in " << p);
      BOOST_TEST(*d == escaped);
      ++checked;
    }
    // In a header: the parameter after " URL=" on a line of its own.
    const std::string h = "Content-Type: message/external-body; access-type=URL;\r\n URL=" +
                          encode_url_parameter(url, 5);
    auto r = url_from_external_body(h);
    BOOST_REQUIRE_MESSAGE(r, r.error() << " in " << h);
    BOOST_TEST(*r == escaped);
  }
  BOOST_TEST(checked == 400u * 14u);
}

BOOST_AUTO_TEST_CASE(short_urls_and_edges) {
  // Exactly 40: one word; 41: two.
  const std::string forty = "http://h/" + std::string(31, 'a');
  BOOST_REQUIRE(forty.size() == 40u);
  BOOST_TEST(encode_url_parameter(forty) == "\"" + forty + "\"");
  const std::string p = encode_url_parameter(forty + "b");
  check_parameter(p, 0, forty + "b");
  BOOST_TEST(p == "\"" + forty + " b\"");
  // A short URL right at the end of a line: quote, URL and quote still fit.
  BOOST_TEST(encode_url_parameter("a:b", 71) == "\"a:b\"");
  BOOST_TEST(encode_url_parameter("a:b", 72) == "\"a:\r\n b\"");
  BOOST_TEST(encode_url_parameter("a:b", 74) == "\r\n \"a:b\"");
  const std::string q = encode_url_parameter("a:bc", 73);
  check_parameter(q, 73, "a:bc");
  BOOST_TEST(q == "\"a:\r\n bc\"");
  // A first line already past any limit: a fresh line, whatever its length.
  BOOST_TEST(encode_url_parameter("a:b", static_cast<std::size_t>(-1)) == "\r\n \"a:b\"");
  // The empty string: no URL-word to write (decode refuses the result).
  BOOST_TEST(encode_url_parameter("") == "\"\"");
  BOOST_TEST(!decode_url_parameter("\"\""));
}

BOOST_AUTO_TEST_CASE(encode_checked) {
  auto r = encode_url_parameter_checked("http://a/b c\xe9");
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "\"http://a/b%20c%E9\"");
  // Offsets are in the URL as given, before escaping.
  r = encode_url_parameter_checked("http://a/ \xc3\xa9<");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::invalid_character);
  BOOST_TEST(r.error().offset == 12u);
  r = encode_url_parameter_checked("no scheme");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::scheme_expected);
  BOOST_TEST(!encode_url_parameter_checked(""));
}

// Decoding: quotes required, all linear white space removed.
BOOST_AUTO_TEST_CASE(decode_white_space) {
  for (std::string_view p : {
           "\"http://a/b/c\"", "\"http://a/ b/c\"", "\"http://a/\t\tb/c\"", "\"http://a/\r\n b/c\"",
           "\"http://a/\r\n\tb/c\"", "\"http://a/\r\n \r\n b/c\"",
           "\"http://a/\n b/c\"",  // a bare LF: the local form of CRLF
           "  \"http://a/b/c\"  ", "\r\n \"http://a/b/c\"\r\n",
           "\" http://a/b/c \"",  // white space inside the quotes: removed too
       }) {
    auto d = decode_url_parameter(p);
    BOOST_REQUIRE_MESSAGE(d, d.error() << " in " << p);
    BOOST_TEST(*d == "http://a/b/c");
  }
  // Words longer than 40 characters are accepted.
  const std::string long_url = "http://h/" + std::string(100, 'x');
  auto d = decode_url_parameter("\"" + long_url + "\"");
  BOOST_REQUIRE_MESSAGE(d, d.error());
  BOOST_TEST(*d == long_url);
}

BOOST_AUTO_TEST_CASE(decode_errors) {
  struct bad {
    std::string_view param;
    error_code code;
    std::size_t offset;
  };
  const bad cases[] = {
      {"http://a/b", error_code::mime_syntax, 0},           // no quotes
      {"\"http://a/b", error_code::mime_syntax, 11},        // unterminated
      {"\"http://a/\"b\"", error_code::mime_syntax, 10},    // an unescaped <"> inside
      {"\"http://a/b\" x", error_code::mime_syntax, 11},    // something after the parameter
      {"\"http://a/\\b\"", error_code::mime_syntax, 10},    // "\": no quoted-pairs
      {"\"http://a/\xe9\"", error_code::mime_syntax, 10},   // 8-bit
      {"\"http://a/\x01\"", error_code::mime_syntax, 10},   // CTL
      {"\"http://a/\r\nb\"", error_code::mime_syntax, 10},  // a line break that is no fold
      {"\"http://a/\rb\"", error_code::mime_syntax, 10},
      {"\"\"", error_code::mime_syntax, 1},
      {"\"  \"", error_code::mime_syntax, 3},
      // Errors of the URL itself, at the byte in the parameter.
      {"\"no-scheme\"", error_code::scheme_expected, 10},  // at the end of the URL
      {"\"http://a/<b>\"", error_code::invalid_character, 10},
      {"\"http://a/\r\n <b>\"", error_code::invalid_character, 13},
      {"\"http://a:x/\"", error_code::bad_port, 10},
  };
  for (const auto& c : cases) {
    auto d = decode_url_parameter(c.param);
    BOOST_TEST_CONTEXT("param " << c.param) {
      BOOST_REQUIRE(!d);
      BOOST_TEST(d.error().code == c.code);
      BOOST_TEST(d.error().offset == c.offset);
      if (c.code == error_code::mime_syntax) {
        BOOST_TEST(d.error().rule == rule::mime);
        BOOST_TEST(d.error().detail != nullptr);
      }
    }
  }
  auto d = decode_url_parameter("\"http://a/\"b\"");
  BOOST_TEST(d.error().to_string().find("escaped as %22") != std::string::npos, d.error());
  d = decode_url_parameter("\"http://a/\\b\"");
  BOOST_TEST(d.error().to_string().find("%5C") != std::string::npos, d.error());
}

// RFC 822 3.1.1 folds in the field: CRLF and a SPACE or TAB.
BOOST_AUTO_TEST_CASE(folded_fields) {
  for (std::string_view h : {
           "Content-Type: message/external-body;\r\n access-type=URL;\r\n URL=\"ftp://h/f\"",
           "Content-Type: message/external-body;\r\n\taccess-type=URL;\r\n\tURL=\"ftp://h/f\"",
           "Content-Type:\r\n message/external-body; access-type\r\n =\r\n URL; URL=\r\n "
           "\"ftp://h/f\"",
           "Content-Type: message/external-body; access-type=URL; URL=\"ftp:\r\n //h/f\"",
           "Content-Type: message/external-body; access-type=URL; URL=\"ftp://\r\n\t\th/ f\"",
           "Content-Type: message/external-body;\n access-type=URL; URL=\"ftp://h/f\"\n",
       }) {
    auto r = url_from_external_body(h);
    BOOST_REQUIRE_MESSAGE(r, r.error() << " in " << h);
    BOOST_TEST(*r == "ftp://h/f");
  }
  // A line break not followed by white space ends the field: an error there.
  auto r = url_from_external_body(
      "Content-Type: message/external-body;\r\naccess-type=URL; URL=\"ftp://h/f\"");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::mime_syntax);
  BOOST_TEST(r.error().offset == 36u);
  r = url_from_external_body(
      "Content-Type: message/external-body; access-type=URL; URL=\"ftp://h/\r\nf\"");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 67u);
}

// RFC 822 3.4.3: comments between tokens, nested, with quoted-pairs.
BOOST_AUTO_TEST_CASE(comments) {
  for (std::string_view h : {
           "Content-Type: message/external-body (by URL); access-type=URL; URL=\"ftp://h/f\"",
           "Content-Type(c):(c)message(c)/(c)external-body(c);(c)access-type(c)=(c)URL(c);(c)"
           "URL(c)=(c)\"ftp://h/f\"(c)",
           "message/external-body (a (nested (twice)) comment \\) with \\( quoted-pairs); "
           "access-type=URL; URL=\"ftp://h/f\"",
           "message/external-body; access-type=URL (the only one\r\n here); URL=\"ftp://h/f\"",
       }) {
    auto r = url_from_external_body(h);
    BOOST_REQUIRE_MESSAGE(r, r.error() << " in " << h);
    BOOST_TEST(*r == "ftp://h/f");
  }
  // Inside a quoted-string "(" is text, not a comment.
  auto r = url_from_external_body("message/external-body; access-type=URL; URL=\"http://h/a(b)c\"");
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "http://h/a(b)c");
  // Deep nesting is read without recursion.
  const std::size_t deep = 100000;
  const std::string nested = "message/external-body " + std::string(deep, '(') +
                             std::string(deep, ')') + "; access-type=URL; URL=\"ftp://h/f\"";
  r = url_from_external_body(nested);
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "ftp://h/f");
  r = url_from_external_body("message/external-body " + std::string(deep, '('));
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 22u + deep);
  // An unterminated comment is an error at the end.
  const std::string_view open = "message/external-body (oops; access-type=URL; URL=\"ftp://h/f\"";
  r = url_from_external_body(open);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::mime_syntax);
  BOOST_TEST(r.error().offset == open.size());
}

// RFC 2045 5.1: type, subtype and attribute in any case; RFC 1521 7.3.3: the
// access-type too.  The field name may be written in any case.
BOOST_AUTO_TEST_CASE(any_case) {
  for (std::string_view h : {
           "CONTENT-TYPE: MESSAGE/EXTERNAL-BODY; ACCESS-TYPE=URL; URL=\"ftp://h/f\"",
           "content-type: message/external-body; access-type=url; url=\"ftp://h/f\"",
           "Content-type: Message/External-Body; Access-Type=Url; Url=\"ftp://h/f\"",
           "message/EXTERNAL-body; access-TYPE=\"URL\"; uRl=\"ftp://h/f\"",
       }) {
    auto r = url_from_external_body(h);
    BOOST_REQUIRE_MESSAGE(r, r.error() << " in " << h);
    BOOST_TEST(*r == "ftp://h/f");
  }
}

BOOST_AUTO_TEST_CASE(quoted_pairs) {
  // RFC 822 3.4.4: a quoted-pair stands for its character.
  auto r = url_from_external_body(
      "message/external-body; access-type=\"U\\RL\"; URL=\"ftp://h/\\f\\il\\e\"");
  BOOST_REQUIRE_MESSAGE(r, r.error());
  BOOST_TEST(*r == "ftp://h/file");
  // An escaped <"> is a <"> in the URL, which the URL grammar refuses: the
  // error names its offset in the field.
  const std::string_view h = "message/external-body; access-type=URL; URL=\"ftp://h/a\\\"b\"";
  r = url_from_external_body(h);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::invalid_character);
  BOOST_TEST(r.error().offset == h.find("\\\"") + 1);
  // A quoted SPACE is not linear white space to remove.
  r = url_from_external_body("message/external-body; access-type=URL; URL=\"ftp://h/a\\ b\"");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::invalid_character);
}

BOOST_AUTO_TEST_CASE(parameters_in_any_order) {
  for (std::string_view h : {
           "message/external-body; URL=\"ftp://h/f\"; access-type=URL",
           "message/external-body; expiration=\"Thu, 01 Jan 1998 00:00:00 GMT\"; "
           "URL=\"ftp://h/f\"; size=1234; access-type=URL; permission=read",
           "message/external-body; access-type=URL; name=\"f\"; site=\"h\"; URL=\"ftp://h/f\"",
       }) {
    auto r = url_from_external_body(h);
    BOOST_REQUIRE_MESSAGE(r, r.error() << " in " << h);
    BOOST_TEST(*r == "ftp://h/f");
  }
}

// RFC 2017 2: "only intended for use with URLs that actually retreive something".
BOOST_AUTO_TEST_CASE(refused_schemes) {
  for (std::string_view url : {"mailto:someone@example.com", "MAILTO:x@y.example", "news:*",
                               "news:%2A", "telnet://host.example/", "TELNET://u@h:23"}) {
    const std::string h = external_body("\"" + std::string(url) + "\"");
    auto r = url_from_external_body(h);
    BOOST_TEST_CONTEXT(url) {
      BOOST_REQUIRE(!r);
      BOOST_TEST(r.error().code == error_code::access_type_refused);
      BOOST_TEST(r.error().offset == h.find('"') + 1);
      BOOST_TEST(r.error().message().find("RFC 2017 2") != std::string::npos);
    }
  }
  for (std::string_view url : {"news:comp.infosystems.www.misc", "news:123@host.example",
                               "nntp://h/comp.x/12", "ftp://ftp.example/pub/f",
                               "http://www.foo.com/file", "gopher://h/0a", "file://h/etc/motd"}) {
    auto r = url_from_external_body(external_body("\"" + std::string(url) + "\""));
    BOOST_TEST_CONTEXT(url) {
      BOOST_REQUIRE_MESSAGE(r, r.error());
      BOOST_TEST(*r == url);
    }
  }
  auto v = parse_absolute("telnet://h");
  BOOST_REQUIRE(v);
  BOOST_TEST(!retrieves_something(*v));
  v = parse_absolute("news:comp.x");
  BOOST_REQUIRE(v);
  BOOST_TEST(retrieves_something(*v));
  // decode_url_parameter only unwraps: the access-type is the field's to judge.
  auto d = decode_url_parameter("\"mailto:a@b.example\"");
  BOOST_REQUIRE_MESSAGE(d, d.error());
  BOOST_TEST(*d == "mailto:a@b.example");
}

BOOST_AUTO_TEST_CASE(field_errors) {
  struct bad {
    std::string_view field;
    error_code code;
    std::size_t offset;
    std::string_view says;  // part of the message
  };
  const bad cases[] = {
      // Not message/external-body, access-type not URL or missing, URL missing.
      {"Content-Type: text/plain; access-type=URL; URL=\"ftp://h/f\"", error_code::mime_syntax, 14,
       "not message/external-body"},
      {"message/partial; access-type=URL; URL=\"ftp://h/f\"", error_code::mime_syntax, 0,
       "not message/external-body"},
      {"message/external-body; access-type=anon-ftp; URL=\"ftp://h/f\"", error_code::mime_syntax,
       35, "not URL"},
      {"message/external-body; access-type=\"URL \"; URL=\"ftp://h/f\"", error_code::mime_syntax,
       35, "not URL"},
      {"message/external-body; URL=\"ftp://h/f\"", error_code::mime_syntax, 38, "access-type"},
      {"message/external-body; access-type=URL", error_code::mime_syntax, 38, "no URL parameter"},
      {"message/external-body; access-type=URL; url*0=\"ftp://h/f\"", error_code::mime_syntax, 57,
       "no URL parameter"},
      {"message/external-body; access-type=URL; URL=\"ftp://a\"; url=\"ftp://b\"",
       error_code::mime_syntax, 55, "twice"},
      {"message/external-body; access-type=URL; access-type=URL; URL=\"ftp://a\"",
       error_code::mime_syntax, 40, "twice"},
      {"Content-Disposition: message/external-body; access-type=URL; URL=\"ftp://h/f\"",
       error_code::mime_syntax, 0, "not Content-Type"},
      // The grammar.
      {"", error_code::mime_syntax, 0, "a type expected"},
      {"Content-Type:", error_code::mime_syntax, 13, "a type expected"},
      {"message", error_code::mime_syntax, 7, "\"/\" expected"},
      {"message/", error_code::mime_syntax, 8, "a subtype expected"},
      {"message/external-body access-type=URL", error_code::mime_syntax, 22, "\";\""},
      {"message/external-body; access-type=URL;", error_code::mime_syntax, 39,
       "a parameter expected"},
      {"message/external-body; access-type URL", error_code::mime_syntax, 35, "\"=\" expected"},
      {"message/external-body; access-type=", error_code::mime_syntax, 35, "a value expected"},
      {"message/external-body; access-type=URL; URL=http://h/f", error_code::mime_syntax, 48,
       "quoted-string"},
      {"message/external-body; access-type=URL; URL=\"ftp://h/f", error_code::mime_syntax, 54,
       "unterminated quoted-string"},
      {"message/external-body; access-type=URL; URL=\"ftp://h/f\xe9\"", error_code::mime_syntax, 54,
       "8-bit"},
      {"message/extern\xe9l-body", error_code::mime_syntax, 14, "8-bit"},
      {"message/external-body; access-type=URL; URL=\"ftp://h/f\" junk", error_code::mime_syntax,
       56, "\";\""},
      {"message/external-body; access-type=URL; URL=\"ftp://h/f\\", error_code::mime_syntax, 55,
       "quoted-pair"},
      // The URL's own errors, at their offset in the field.
      {"message/external-body; access-type=URL; URL=\"\"", error_code::mime_syntax, 45, "URL-word"},
      {"message/external-body; access-type=URL; URL=\"ftp:/\r\n /h/<f>\"",
       error_code::invalid_character, 56, "'<'"},
      {"message/external-body; access-type=URL; URL=\"no-scheme\"", error_code::scheme_expected, 54,
       "scheme"},
      {"message/external-body; access-type=URL; URL=\"http://h:port/\"", error_code::bad_port, 54,
       "port"},
  };
  for (const auto& c : cases) {
    auto r = url_from_external_body(c.field);
    BOOST_TEST_CONTEXT("field " << c.field) {
      BOOST_REQUIRE(!r);
      BOOST_TEST(r.error().code == c.code);
      BOOST_TEST(r.error().offset == c.offset);
      BOOST_TEST(r.error().message().find(c.says) != std::string::npos, r.error());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
