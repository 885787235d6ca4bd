// The generic parser: component boundaries (draft 3, 4.3), absent vs empty,
// every rule's accepted and rejected inputs in both modes, error offsets and
// messages, warnings, and byte-for-byte round trips.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <regex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "urlkit/detail/ascii.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

namespace {

std::string field(bool has, std::string_view v) {
  return has ? "[" + std::string(v) + "]" : "-";
}

// A compact picture of every component: "-" is absent, "[]" is empty.
std::string describe(const url_view& v) {
  return "scheme" + field(v.has_scheme(), v.scheme()) + " user" +
         field(v.has_user(), v.encoded_user()) + " password" +
         field(v.has_password(), v.encoded_password()) + " host" +
         field(v.has_host(), v.encoded_host()) + " port" + field(v.has_port(), v.port()) +
         (v.absolute_path() ? " /" : " ") + "path[" + std::string(v.encoded_path()) + "] params" +
         field(v.has_params(), v.encoded_params()) + " query" +
         field(v.has_query(), v.encoded_query()) + " fragment" +
         field(v.has_fragment(), v.encoded_fragment());
}

std::string parsed(std::string_view s, mode m = mode::lenient) {
  auto r = parse_reference(s, m);
  if (!r) return "error " + r.error().to_string();
  return describe(*r);
}

struct case_ {
  const char* input;
  const char* expected;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(parse)

// Draft 3 and 4.3: outside-in extraction, in both modes.
BOOST_AUTO_TEST_CASE(component_boundaries) {
  const case_ cases[] = {
      {"http://a/b/c/d;p?q",
       "scheme[http] user- password- host[a] port- /path[b/c/d] params[p] query[q] fragment-"},
      {"http://a/b?",
       "scheme[http] user- password- host[a] port- /path[b] params- query[] fragment-"},
      {"http://a/b",
       "scheme[http] user- password- host[a] port- /path[b] params- query- fragment-"},
      {"http://a/b#",
       "scheme[http] user- password- host[a] port- /path[b] params- query- fragment[]"},
      {"http://a/b;",
       "scheme[http] user- password- host[a] port- /path[b] params[] query- fragment-"},
      {"ftp://@host.com/",
       "scheme[ftp] user[] password- host[host.com] port- /path[] params- query- fragment-"},
      {"ftp://host.com/",
       "scheme[ftp] user- password- host[host.com] port- /path[] params- query- fragment-"},
      {"ftp://foo:@host.com/",
       "scheme[ftp] user[foo] password[] host[host.com] port- /path[] params- query- fragment-"},
      {"ftp://foo:bar@host.com:21/a;type=d",
       "scheme[ftp] user[foo] password[bar] host[host.com] port[21] /path[a] params[type=d] query- "
       "fragment-"},
      {"http://host:/",
       "scheme[http] user- password- host[host] port[] /path[] params- query- fragment-"},
      {"http://host",
       "scheme[http] user- password- host[host] port- path[] params- query- fragment-"},
      {"file:///x", "scheme[file] user- password- host[] port- /path[x] params- query- fragment-"},
      {"file:/home/fred/bio.txt",
       "scheme[file] user- password- host- port- /path[home/fred/bio.txt] params- query- "
       "fragment-"},
      {"mailto:masinter@parc.xerox.com",
       "scheme[mailto] user- password- host- port- path[masinter@parc.xerox.com] params- query- "
       "fragment-"},
      {"news:comp.infosystems.www.servers.unix",
       "scheme[news] user- password- host- port- path[comp.infosystems.www.servers.unix] params- "
       "query- fragment-"},
      {"", "scheme- user- password- host- port- path[] params- query- fragment-"},
      {"#s", "scheme- user- password- host- port- path[] params- query- fragment[s]"},
      {"g", "scheme- user- password- host- port- path[g] params- query- fragment-"},
      {"./g", "scheme- user- password- host- port- path[./g] params- query- fragment-"},
      {"/g", "scheme- user- password- host- port- /path[g] params- query- fragment-"},
      {"//g", "scheme- user- password- host[g] port- path[] params- query- fragment-"},
      {"?y", "scheme- user- password- host- port- path[] params- query[y] fragment-"},
      {"g?y/./x", "scheme- user- password- host- port- path[g] params- query[y/./x] fragment-"},
      {"g#s/./x", "scheme- user- password- host- port- path[g] params- query- fragment[s/./x]"},
      {";x", "scheme- user- password- host- port- path[] params[x] query- fragment-"},
      {"g;x?y#s", "scheme- user- password- host- port- path[g] params[x] query[y] fragment[s]"},
      {"g;x;y/z?q", "scheme- user- password- host- port- path[g] params[x;y/z] query[q] fragment-"},
      {"g?a;b#c", "scheme- user- password- host- port- path[g] params- query[a;b] fragment[c]"},
      {"http:g", "scheme[http] user- password- host- port- path[g] params- query- fragment-"},
      {"http:", "scheme[http] user- password- host- port- path[] params- query- fragment-"},
      {"g:h", "scheme[g] user- password- host- port- path[h] params- query- fragment-"},
      // The colon must come after the first character and before any
      // character not allowed in a scheme (4.1).
      {":g", "scheme- user- password- host- port- path[:g] params- query- fragment-"},
      {"./this:that",
       "scheme- user- password- host- port- path[./this:that] params- query- fragment-"},
      {"a#b:c", "scheme- user- password- host- port- path[a] params- query- fragment[b:c]"},
      {"a/b:c", "scheme- user- password- host- port- path[a/b:c] params- query- fragment-"},
      {"x-y+z.1:q", "scheme[x-y+z.1] user- password- host- port- path[q] params- query- fragment-"},
      {"HTTP://A/", "scheme[HTTP] user- password- host[A] port- /path[] params- query- fragment-"},
      {"1a:b", "scheme[1a] user- password- host- port- path[b] params- query- fragment-"},
      // The server runs to the next "/" (4.3.1); "//" after it starts the path.
      {"ftp://myname@host.dom//etc/motd",
       "scheme[ftp] user[myname] password- host[host.dom] port- /path[/etc/motd] params- query- "
       "fragment-"},
      {"http://a#f",
       "scheme[http] user- password- host[a] port- path[] params- query- fragment[f]"},
      {"http://1.2.3.4:80/",
       "scheme[http] user- password- host[1.2.3.4] port[80] /path[] params- query- fragment-"},
      {"http://%41@h/",
       "scheme[http] user[%41] password- host[h] port- /path[] params- query- fragment-"},
      {"http://u;?&=+:p;?&=+@h/",
       "scheme[http] user[u;?&=+] password[p;?&=+] host[h] port- /path[] params- query- fragment-"},
      {"http://a/b%2Fc",
       "scheme[http] user- password- host[a] port- /path[b%2Fc] params- query- fragment-"},
      {"http://a/:@&=+$-_.!~*'(),",
       "scheme[http] user- password- host[a] port- /path[:@&=+$-_.!~*'(),] params- query- "
       "fragment-"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT("input " << c.input) {
      BOOST_TEST(parsed(c.input, mode::lenient) == c.expected);
      BOOST_TEST(parsed(c.input, mode::strict) == c.expected);
    }
  }
}

BOOST_AUTO_TEST_CASE(views_point_into_the_input) {
  const std::string s = "http://u:p@h:1/a;b?c#d";
  auto r = parse_reference(s);
  BOOST_REQUIRE(r);
  const char* b = s.data();
  const char* e = b + s.size();
  for (std::string_view v : {r->scheme(), r->encoded_user(), r->encoded_password(),
                             r->encoded_host(), r->port(), r->encoded_path(), r->encoded_params(),
                             r->encoded_query(), r->encoded_fragment(), r->encoded_server()}) {
    BOOST_TEST((v.data() >= b && v.data() + v.size() <= e));
  }
  BOOST_TEST(r->encoded_server() == "u:p@h:1");
  BOOST_TEST(r->buffer().data() == b);
  BOOST_TEST((r->port_number().value() == std::optional<std::uint16_t>(1)));
}

// Each rule: what it accepts and what it refuses, with the offset and the
// message (the message names the rule).
struct reject_case {
  const char* input;
  mode m;
  std::size_t offset;
  const char* message;
};

BOOST_AUTO_TEST_CASE(rejections) {
  const reject_case cases[] = {
      // port = *digit (draft 4.3.1), both modes
      {"http://host:8o/", mode::lenient, 13, "port must be digits"},
      {"http://www.ics.uci:x/", mode::strict, 19, "port must be digits"},
      {"http://h:80:80/", mode::lenient, 11, "port must be digits"},
      {"http://h:-1/", mode::strict, 9, "port must be digits"},
      // host = hostname | hostnumber (strict)
      {"http://1.2.3/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://a..b/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://-a.b/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://a-.b/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://a.b-/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://a.1b/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://a.b./", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://1.2.3.4.5/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://%61/", mode::strict, 7,
       "host must be a hostname or a hostnumber (four dot-separated digit groups)"},
      {"http://my_host/", mode::strict, 9, "host: '_' is not allowed in a hostname"},
      // Strict mode: the draft's server runs to the next "/" (lenient mode
      // ends it at a "?" or ";" right after the host: after_host_test.cpp).
      {"http://a?b", mode::strict, 8,
       "host: '?' is not allowed in a host (the server runs up to the next '/')"},
      {"http://a;b/", mode::strict, 8,
       "host: ';' is not allowed in a host (the server runs up to the next '/')"},
      {"http://:80/", mode::lenient, 7,
       "host expected: a server with a user or a port must name a host"},
      {"http://u@/", mode::lenient, 9,
       "host expected: a server with a user or a port must name a host"},
      {"http://u@", mode::strict, 9,
       "host expected: a server with a user or a port must name a host"},
      // user, password: ":", "@", "/" must be encoded (4.3.1)
      {"http://u@v@h/", mode::strict, 8, "user: '@' must be escaped as %40"},
      {"http://u:p:q@h/", mode::strict, 10, "password: ':' must be escaped as %3A"},
      {"http://u:p@q@h/", mode::strict, 10, "password: '@' must be escaped as %40"},
      {"http://u{@h/", mode::strict, 8,
       "user: unwise character '{' must be escaped as %7B (strict mode)"},
      // excluded characters (2.3.3): errors in both modes
      {"http://a/b c", mode::lenient, 10, "path: space is not allowed in a URL (escape it as %20)"},
      {"http://a b/", mode::lenient, 8, "host: space is not allowed in a host, escaped or not"},
      {"http://a%20b/", mode::lenient, 8,
       "host: this escape is refused in a host: an escape in a host stands only for an "
       "unreserved character or a non-ASCII octet"},
      {"http://a/b\nc", mode::lenient, 10,
       "path: control character 0x0A is not allowed in a URL (escape it as %0A)"},
      {"a<b", mode::lenient, 1, "path: '<' is not allowed in a URL (escape it as %3C)"},
      {"a>b", mode::lenient, 1, "path: '>' is not allowed in a URL (escape it as %3E)"},
      {"a\"b", mode::lenient, 1, "path: '\"' is not allowed in a URL (escape it as %22)"},
      {"a;b c", mode::lenient, 3, "params: space is not allowed in a URL (escape it as %20)"},
      {"a?b\x7f", mode::lenient, 3,
       "query: control character 0x7F is not allowed in a URL (escape it as %7F)"},
      {"a#b\t", mode::lenient, 3,
       "fragment: control character 0x09 is not allowed in a URL (escape it as %09)"},
      {"sch\x01:x", mode::lenient, 3,
       "path: control character 0x01 is not allowed in a URL (escape it as %01)"},
      // strict only: unwise, national, bad escapes (2.3.3, 2.3.1)
      {"http://a/{x}", mode::strict, 9,
       "path: unwise character '{' must be escaped as %7B (strict mode)"},
      {"a?|", mode::strict, 2, "query: unwise character '|' must be escaped as %7C (strict mode)"},
      {"a#`", mode::strict, 2,
       "fragment: unwise character '`' must be escaped as %60 (strict mode)"},
      {"a;\\", mode::strict, 2,
       "params: unwise character '\\' must be escaped as %5C (strict mode)"},
      {"http://a/\xe9", mode::strict, 9,
       "path: octet 0xE9 is not US-ASCII and must be escaped as %E9 (strict mode)"},
      {"http://a/%zz", mode::strict, 9,
       "path: '%' must be followed by two hex digits (write a literal '%' as %25)"},
      {"http://a/%4", mode::strict, 9,
       "path: '%' must be followed by two hex digits (write a literal '%' as %25)"},
      {"a#b#c", mode::strict, 3, "fragment: '#' must be escaped as %23"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT("input " << c.input << (c.m == mode::strict ? " (strict)" : " (lenient)")) {
      auto r = parse_reference(c.input, c.m);
      BOOST_REQUIRE(!r);
      BOOST_TEST(r.error().offset == c.offset);
      BOOST_TEST(r.error().message() == c.message);
      BOOST_TEST(r.error().to_string() == "offset " + std::to_string(c.offset) + ": " + c.message);
      // A lenient error is a strict error too, at the same place or earlier.
      auto s = parse_reference(c.input, mode::strict);
      BOOST_TEST(!s);
      BOOST_TEST(s.error().offset <= c.offset);
    }
  }
}

// Lenient mode (draft 2.3.3 "a robust implementation should be prepared to
// handle those characters"): accepted, each with a warning at its offset.
BOOST_AUTO_TEST_CASE(lenient_warnings) {
  struct w_case {
    const char* input;
    std::vector<std::pair<std::size_t, std::string>> warnings;
  };
  const w_case cases[] = {
      {"http://a/{x}",
       {{9, "unwise character '{' in path (should be escaped as %7B)"},
        {11, "unwise character '}' in path (should be escaped as %7D)"}}},
      {"http://a/%zz",
       {{9, "'%' not followed by two hex digits in path, kept as it is (should be %25)"}}},
      {"data:,A%20brief%20note%fg",
       {{22, "'%' not followed by two hex digits in path, kept as it is (should be %25)"}}},
      {"http://a/\xc3\xa9",
       {{9, "non-ASCII octet 0xC3 in path (should be escaped as %C3)"},
        {10, "non-ASCII octet 0xA9 in path (should be escaped as %A9)"}}},
      {"http://u@v@h/", {{8, "'@' in user (should be escaped as %40)"}}},
      {"http://u:p:q@h/", {{10, "':' in password (should be escaped as %3A)"}}},
      {"a#b#c", {{3, "'#' in fragment (should be escaped as %23)"}}},
      {"http://my_host/", {{7, "host is neither a hostname nor a hostnumber (RFC 1738 3.1)"}}},
      {"http://1.2.3/", {{7, "host is neither a hostname nor a hostnumber (RFC 1738 3.1)"}}},
      {"http://h{/",
       {{7, "host is neither a hostname nor a hostnumber (RFC 1738 3.1)"},
        {8, "unwise character '{' in host (should be escaped as %7B)"}}},
      {"a?^#[",
       {{2, "unwise character '^' in query (should be escaped as %5E)"},
        {4, "unwise character '[' in fragment (should be escaped as %5B)"}}},
      {"http://a/b", {}},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT("input " << c.input) {
      std::vector<warning> all;
      auto collect = [&](const warning& w) { all.push_back(w); };
      parse_options o;
      o.on_warning = make_warning_sink(collect);
      auto r = parse_reference(c.input, o);
      BOOST_REQUIRE(r);
      BOOST_TEST(r->recompose() == c.input);
      BOOST_REQUIRE(all.size() == c.warnings.size());
      BOOST_TEST(r->warning_count() == c.warnings.size());
      for (std::size_t i = 0; i < all.size(); ++i) {
        BOOST_TEST(all[i].offset == c.warnings[i].first);
        BOOST_TEST(all[i].message() == c.warnings[i].second);
      }
      BOOST_TEST(!parse_reference(c.input, mode::strict) == !c.warnings.empty());
    }
  }
}

// A view keeps no warnings (the sink hears them), so it is a set of slices
// and a few flags; each slice is a 32-bit offset and length: the text's
// pointer and size, ten slices and the flags, 104 bytes on x86-64.
BOOST_AUTO_TEST_CASE(a_view_is_small) {
  BOOST_TEST(sizeof(url_view) <= 2 * sizeof(void*) + std::size_t{10} * 8 + 8);
}

// A result holds its value or its error, in one storage: returning the view
// writes the view and a flag, not an error beside it.  It stays trivially
// copyable when both are.
BOOST_AUTO_TEST_CASE(a_result_is_its_value_or_its_error) {
  BOOST_TEST(sizeof(result<url_view>) <= sizeof(url_view) + alignof(url_view));
  static_assert(std::is_trivially_copyable_v<result<url_view>>);
  static_assert(!std::is_trivially_copyable_v<result<std::string>>);
  const auto ok = parse_reference("http://a/b");
  BOOST_TEST(ok.error().code == error_code::ok);  // no error: a default one
  // A result whose value owns memory copies, moves and replaces it, from
  // and to an error, as its value's type does.
  const std::string long_text(100, 'x');
  result<std::string> a(long_text), b(error{}), c(a);
  BOOST_TEST(*c == long_text);
  b = a;  // error -> value
  BOOST_TEST(*b == long_text);
  a = error{3, error_code::bad_port};  // value -> error
  BOOST_TEST_REQUIRE(!a.has_value());
  BOOST_TEST(a.error().offset == 3u);
  c = std::move(a);  // value -> error, by a move
  BOOST_TEST(c.error().code == error_code::bad_port);
  a = std::move(b);  // error -> value, by a move
  BOOST_TEST(*a == long_text);
  result<std::string> d(std::move(a));
  BOOST_TEST(*d == long_text);
}

// The offsets are 32-bit, so a text of 4 GiB or more is refused, and refused
// by its length alone: the view below is 4 GiB over one byte, never read.
BOOST_AUTO_TEST_CASE(a_url_of_4_gib_is_refused) {
  const char byte = 'x';
  for (const std::size_t n : {std::size_t{UINT32_MAX}, std::size_t{1} << 32}) {
    const auto r = parse_reference(std::string_view(&byte, n));
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().code == error_code::url_too_large);
    BOOST_TEST(r.error().offset == UINT32_MAX - 1u);
    BOOST_TEST(!r.error().has_byte);
    BOOST_TEST(!parse_absolute(std::string_view(&byte, n)).has_value());
  }
}

// Offsets near the end of the text keep their meaning: the slices of a view
// are where the text puts them, whatever its length.
BOOST_AUTO_TEST_CASE(slices_point_into_the_text) {
  const std::string s = "http://u:p@h:1/" + std::string(70000, 'a') + ";x?y#z";
  const auto r = parse_reference(s);
  BOOST_TEST_REQUIRE(r.has_value());
  BOOST_TEST(r->buffer().data() == s.data());
  BOOST_TEST(r->buffer().size() == s.size());
  BOOST_TEST(r->encoded_path().data() == s.data() + 15);
  BOOST_TEST(r->encoded_path().size() == 70000u);
  BOOST_TEST(r->encoded_params() == "x");
  BOOST_TEST(r->encoded_query() == "y");
  BOOST_TEST(r->encoded_fragment().data() == s.data() + s.size() - 1);
  BOOST_TEST(r->recompose() == s);
  BOOST_TEST(!url_view().has_scheme());
  BOOST_TEST(url_view().buffer().data() == nullptr);
  BOOST_TEST(url_view().encoded_path().data() == nullptr);
}

BOOST_AUTO_TEST_CASE(many_warnings_are_counted_not_stored) {
  const std::string s = "http://a/" + std::string(1000, '|');
  std::size_t seen = 0;
  auto count = [&](const warning&) { ++seen; };
  parse_options o;
  o.on_warning = make_warning_sink(count);
  auto r = parse_reference(s, o);
  BOOST_REQUIRE(r);
  BOOST_TEST(r->warning_count() == 1000u);
  BOOST_TEST(seen == 1000u);
}

BOOST_AUTO_TEST_CASE(parse_absolute_needs_a_scheme) {
  BOOST_TEST(parse_absolute("http://a/b").has_value());
  BOOST_TEST(parse_absolute("http://a/b#f").has_value());
  BOOST_TEST(parse_absolute("g:h").has_value());
  auto r = parse_absolute("//a/b");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 0u);
  BOOST_TEST(r.error().code == error_code::scheme_expected);
  r = parse_absolute("www.example.com/x");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 15u);
  r = parse_absolute("");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 0u);
  BOOST_TEST(!r.error().has_byte);
  // Errors of the reference itself come first.
  r = parse_absolute("http://a:x/");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::bad_port);
}

BOOST_AUTO_TEST_CASE(hosts) {
  for (const char* ok : {"a", "a1", "a-1", "a--b", "www.ics.uci.edu", "1a.com", "1.2.3.4",
                         "255.255.255.255", "999.0.0.1", "x.y-z.com", "A.B.C", "localhost"}) {
    BOOST_TEST_CONTEXT(ok) {
      const std::string s = std::string("http://") + ok + "/";  // the view points into s
      auto r = parse_reference(s, mode::strict);
      BOOST_TEST(r.has_value());
      if (r) BOOST_TEST(r->encoded_host() == ok);
    }
  }
}

BOOST_AUTO_TEST_CASE(scheme_is_case_insensitive) {
  auto r = parse_reference("HtTp://a/");
  BOOST_REQUIRE(r);
  BOOST_TEST(r->scheme_is("http"));
  BOOST_TEST(r->scheme_is("HTTP"));
  BOOST_TEST(!r->scheme_is("https"));
  BOOST_TEST(!parse_reference("//a/")->scheme_is(""));
}

// detail::ascii::iequals (behind scheme_is) passes equal words four bytes at a time,
// then compares the rest one by one, ignoring case: a difference in either
// part, in case or not, must be seen, for schemes of every length around four.
BOOST_AUTO_TEST_CASE(scheme_is_every_length) {
  BOOST_TEST(parse_reference("ftp://h/")->scheme_is("ftp"));
  BOOST_TEST(parse_reference("FtP://h/")->scheme_is("ftp"));
  BOOST_TEST(!parse_reference("ftp://h/")->scheme_is("fto"));
  BOOST_TEST(parse_reference("FILE:///x")->scheme_is("file"));
  BOOST_TEST(!parse_reference("file:///x")->scheme_is("fila"));
  BOOST_TEST(!parse_reference("file:///x")->scheme_is("f1le"));
  BOOST_TEST(parse_reference("mailTO:a@b")->scheme_is("mailto"));
  BOOST_TEST(parse_reference("MAILto:a@b")->scheme_is("mailto"));
  BOOST_TEST(!parse_reference("mailto:a@b")->scheme_is("mailtp"));
  BOOST_TEST(!parse_reference("mailto:a@b")->scheme_is("maimto"));
  BOOST_TEST(parse_reference("x-Scheme.v2+b:z")->scheme_is("x-scheme.v2+B"));
  BOOST_TEST(!parse_reference("x-scheme.v2+b:z")->scheme_is("x-scheme.v2+c"));
  BOOST_TEST(!parse_reference("x-scheme.v2+b:z")->scheme_is("x-scheme.v2+b+"));
  // Only letters have a case: "+" (0x2B) is not 0x0B, which differs from it by 0x20.
  BOOST_TEST(!parse_reference("a+b:z")->scheme_is("a\013b"));
}

// host = hostname | hostnumber (RFC 1738 3.1, 5), which the grammar reads
// with each label once (src/grammar/host_def.hpp): every host of up to six
// characters from "a", "1", "-" and "." is accepted in strict mode exactly
// when the BNF, written out here as a regular expression, matches it.
BOOST_AUTO_TEST_CASE(hosts_as_the_bnf_defines_them) {
  const std::regex bnf(
      "(([a-z0-9]|[a-z0-9][a-z0-9-]*[a-z0-9])\\.)*([a-z]|[a-z][a-z0-9-]*[a-z0-9])"  // hostname
      "|[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+");                                        // hostnumber
  const char alphabet[] = {'a', '1', '-', '.'};
  std::size_t hosts = 0, accepted = 0;
  std::vector<std::string> layer = {""};
  for (int len = 1; len <= 6; ++len) {
    std::vector<std::string> next;
    for (const auto& s : layer)
      for (char c : alphabet) next.push_back(s + c);
    for (const auto& h : next) {
      const std::string url = "http://" + h + "/";
      const bool ok = parse_reference(url, mode::strict).has_value();
      BOOST_TEST(ok == std::regex_match(h, bnf), h);
      ++hosts;
      if (ok) ++accepted;
    }
    layer = std::move(next);
  }
  BOOST_TEST(hosts == 5460u);
  BOOST_TEST(accepted > 100u);  // both verdicts are exercised
}

// detail::ascii::iequals compares words as written before it looks at case: every
// length, with a case difference or a real difference at every position.
BOOST_AUTO_TEST_CASE(iequals_every_length_and_position) {
  for (std::size_t n = 0; n <= 13; ++n) {
    const std::string a = std::string("abcdefghijklm").substr(0, n);
    BOOST_TEST(detail::ascii::iequals(a, a));
    BOOST_TEST(!detail::ascii::iequals(a, a + "x"));
    for (std::size_t i = 0; i < n; ++i) {
      std::string upper = a, other = a;
      upper[i] = static_cast<char>(upper[i] - 'a' + 'A');
      other[i] = '0';
      BOOST_TEST(detail::ascii::iequals(a, upper), n << " " << i);
      BOOST_TEST(detail::ascii::iequals(upper, a), n << " " << i);
      BOOST_TEST(!detail::ascii::iequals(a, other), n << " " << i);
      BOOST_TEST(!detail::ascii::iequals(other, upper), n << " " << i);
    }
  }
}

BOOST_AUTO_TEST_CASE(port_numbers) {
  BOOST_TEST((parse_reference("http://h:65535/")->port_number().value() ==
              std::optional<std::uint16_t>(65535)));
  // Above 65535 is an error, never "no port": value_or(80) cannot read it as 80.
  const auto big = parse_reference("http://h:65536/")->port_number();
  BOOST_TEST_REQUIRE(!big.has_value());
  BOOST_TEST((big.error().code == error_code::port_out_of_range));
  BOOST_TEST(big.error().offset == 9u);
  BOOST_TEST(
      big.error().to_string() ==
      "offset 9: port: port must be at most 65535 (a TCP or UDP port is 16 bits, RFC 793 3.1)");
  BOOST_TEST(!parse_reference("http://h:99999/")->port_number().has_value());
  BOOST_TEST(!parse_reference("http://h:/")->port_number().value().has_value());
  BOOST_TEST(!parse_reference("http://h/")->port_number().value().has_value());
  BOOST_TEST((parse_reference("http://h:0080/")->port_number().value() ==
              std::optional<std::uint16_t>(80)));
}

BOOST_AUTO_TEST_CASE(round_trips) {
  const char* inputs[] = {
      "",
      "#",
      "?",
      ";",
      "/",
      "//",
      "///",
      "////",
      "http:",
      "http://",
      "http://a",
      "http://a:",
      "http://@a",
      "http://:@a",
      "http://u:@a:/;?#",
      "g:h",
      "http:g",
      "a:b:c",
      "//a//b//",
      "http://a/b/c/d;p?q#f",
      "ftp://foo:bar@host:21/x/y;type=i",
      "http://a/%zz|{}^\xff",
      "mailto:a@b",
      "news:*",
      "telnet://u:p@h:23/",
      "gopher://h/00/a%09b",
      "file://localhost/etc/fstab",
      "a#b#c",
      ";;;",
      "???",
      "###",
      "?#;/",
      "x;a/b;c?d;e/f#g;h?i",
  };
  for (const char* s : inputs) {
    BOOST_TEST_CONTEXT(s) {
      auto r = parse_reference(s);
      BOOST_REQUIRE(r);
      BOOST_TEST(r->recompose() == s);
      BOOST_TEST(r->size() == std::string_view(s).size());
    }
  }
  // Every string of up to 4 characters over an alphabet of delimiters.
  const std::string alphabet = ":/?#;@a%1";
  std::string s;
  std::size_t checked = 0;
  for (std::size_t len = 0; len <= 4; ++len) {
    std::vector<std::size_t> idx(len, 0);
    for (;;) {
      s.clear();
      for (auto i : idx) s += alphabet[i];
      auto r = parse_reference(s);
      if (r) {
        BOOST_TEST(r->recompose() == s);
        ++checked;
      }
      std::size_t k = 0;
      while (k < len && ++idx[k] == alphabet.size()) idx[k++] = 0;
      if (k == len) break;
    }
  }
  BOOST_TEST(checked > 1000u);
}

BOOST_AUTO_TEST_CASE(equality_and_without_fragment) {
  const std::string copy = "http://a/b?#f";
  auto a = parse_reference("http://a/b?#f");
  auto b = parse_reference(copy);
  auto c = parse_reference("http://a/b#f");
  BOOST_TEST((*a == *b));
  BOOST_TEST(!(*a == *c));
  BOOST_TEST(a->without_fragment() == "http://a/b?");
  BOOST_TEST(parse_reference("#x")->is_same_document());
  BOOST_TEST(parse_reference("")->is_same_document());
  BOOST_TEST(!parse_reference("?")->is_same_document());
}

BOOST_AUTO_TEST_CASE(hostile_inputs_are_linear_and_safe) {
  // NULs, megabytes, and runs of delimiters: a clear error or a correct view.
  const std::string nul("http://a/\0b", 11);
  auto r = parse_reference(nul);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().offset == 9u);
  const std::string big = "http://a/" + std::string(8 << 20, 'x');
  r = parse_reference(big);
  BOOST_REQUIRE(r);
  BOOST_TEST(r->encoded_path().size() == big.size() - 9);
  for (char c : {';', '?', '%', '/', '@', ':', '#'}) {
    const std::string s = "http://a/" + std::string(1 << 20, c);
    auto x = parse_reference(s);
    if (x) BOOST_TEST(x->recompose() == s);
  }
  const std::string at = "http://" + std::string(1 << 20, '@') + "h/";
  BOOST_TEST(parse_reference(at).has_value());
  BOOST_TEST(!parse_reference(at, mode::strict).has_value());
}

// For text with rules of its own (data: URLs), excluded characters can be
// taken as data, each with a warning; strict mode and the default refuse them.
BOOST_AUTO_TEST_CASE(accept_excluded_characters) {
  const std::string s("data:text/plain ,A B\x01\"<>", 24);
  BOOST_TEST(!parse_reference(s).has_value());
  std::vector<warning> all;
  auto collect = [&](const warning& w) { all.push_back(w); };
  parse_options o;
  o.accept_excluded = true;
  o.on_warning = make_warning_sink(collect);
  auto r = parse_reference(s, o);
  BOOST_REQUIRE(r);
  BOOST_TEST(r->encoded_path() == "text/plain ,A B\x01\"<>");
  BOOST_TEST(r->recompose() == s);
  BOOST_REQUIRE(all.size() == 6u);
  BOOST_TEST(all[0].offset == 15u);
  BOOST_TEST(all[0].code == warning_code::excluded_character);
  BOOST_TEST(all[0].message() == "space in path taken as data (should be escaped as %20)");
  BOOST_TEST(all[2].message() ==
             "control character 0x01 in path taken as data (should be escaped as %01)");
  o.mode = mode::strict;
  BOOST_TEST(!parse_reference(s, o).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
