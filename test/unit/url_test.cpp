// url (the owning reference) and url_builder (composition, draft-fielding-uri-url-00
// sections 2.3.2, 3 and 4).
#include <boost/test/unit_test.hpp>

#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "urlkit/url.hpp"

using namespace urlkit;

namespace {

// True when `part` is absent or lies inside the url's own buffer.
bool inside(const url& u, std::string_view part) {
  if (part.data() == nullptr) return true;
  const char* b = u.buffer().data();
  return part.data() >= b && part.data() + part.size() <= b + u.buffer().size();
}

bool all_inside(const url& u) {
  const url_view& v = u.view();
  return inside(u, v.buffer()) && inside(u, v.scheme()) && inside(u, v.encoded_server()) &&
         inside(u, v.encoded_user()) && inside(u, v.encoded_password()) &&
         inside(u, v.encoded_host()) && inside(u, v.port()) && inside(u, v.encoded_path()) &&
         inside(u, v.encoded_params()) && inside(u, v.encoded_query()) &&
         inside(u, v.encoded_fragment());
}

std::string decoded(std::string_view s) {
  return decode(s, {.strict = true}).value();
}

// The error build() gives (the test fails if build() succeeds).
error build_error(const url_builder& b) {
  const auto r = b.build();
  BOOST_TEST_REQUIRE(!r.has_value(), "build() accepted " << b.string());
  return r.error();
}

}  // namespace

// ---- url: ownership -----------------------------------------------------------

BOOST_AUTO_TEST_SUITE(url_owning)

BOOST_AUTO_TEST_CASE(parse_copies_the_input) {
  std::string s = "ftp://joe:pw@ftp.example.com:21/pub/a.txt;type=i?x#frag";
  const auto r = url::parse(s);
  BOOST_TEST_REQUIRE(r.has_value());
  s.assign(s.size(), 'X');  // the url does not look at the caller's string
  const url& u = *r;
  BOOST_TEST(all_inside(u));
  BOOST_TEST(u.buffer() == "ftp://joe:pw@ftp.example.com:21/pub/a.txt;type=i?x#frag");
  BOOST_TEST(u->scheme() == "ftp");
  BOOST_TEST(u->encoded_user() == "joe");
  BOOST_TEST(u->encoded_password() == "pw");
  BOOST_TEST(u->encoded_host() == "ftp.example.com");
  BOOST_TEST(u->port() == "21");
  BOOST_TEST(u->encoded_path() == "pub/a.txt");
  BOOST_TEST(u->encoded_params() == "type=i");
  BOOST_TEST(u->encoded_query() == "x");
  BOOST_TEST(u->encoded_fragment() == "frag");
  BOOST_TEST(u.view().recompose() == u.buffer());
}

BOOST_AUTO_TEST_CASE(parse_errors_are_offsets_into_the_input) {
  const auto r = url::parse("http://host:8o/");
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().rule == rule::port);
  BOOST_TEST(r.error().offset == 13u);
  BOOST_TEST(!url::parse("http://a|b/", {.mode = mode::strict}).has_value());
}

BOOST_AUTO_TEST_CASE(parse_passes_options) {
  std::vector<warning> seen;
  auto collect = [&](const warning& w) { seen.push_back(w); };
  const auto r = url::parse("http://h/a|b{c}",
                            {.mode = mode::lenient, .on_warning = make_warning_sink(collect)});
  BOOST_TEST_REQUIRE(r.has_value());
  BOOST_TEST(seen.size() == 3u);
  BOOST_TEST(r->view().warning_count() == 3u);
  BOOST_TEST((r->view().parsed_mode() == mode::lenient));
}

namespace {

// A short URL lives in std::string's inline buffer, a long one on the heap:
// copies and moves must re-seat the view in both cases.
const std::vector<std::string>& samples() {
  static const std::vector<std::string> s = {
      "http://a/b?c#d",  // short
      "",
      "#f",
      "http://www.example.com:8080/some/rather/long/path;with=params?and=a&query=string#and-a-"
      "fragment",
      "ftp://user:password@ftp.example.com/pub/dir/file.tar.gz;type=i",
  };
  return s;
}

void check_same(const url& u, const std::string& s) {
  BOOST_TEST(u.buffer() == s);
  BOOST_TEST(all_inside(u));
  const auto fresh = parse_reference(s);
  BOOST_TEST_REQUIRE(fresh.has_value());
  BOOST_TEST((u.view() == *fresh));
  BOOST_TEST(u.view().recompose() == s);
  BOOST_TEST(u.view().buffer().data() == u.buffer().data());
}

}  // namespace

BOOST_AUTO_TEST_CASE(copy_outlives_original) {
  for (const auto& s : samples()) {
    std::optional<url> original(url::parse(s).value());
    const url copy(*original);
    original.reset();  // destroy the original: the copy's views must not point into it
    check_same(copy, s);
    BOOST_TEST(copy->has_fragment() == (s.find('#') != std::string::npos));
  }
}

BOOST_AUTO_TEST_CASE(move_construct) {
  for (const auto& s : samples()) {
    url a = url::parse(s).value();
    url b(std::move(a));
    check_same(b, s);
    {
      url c(std::move(b));
      check_same(c, s);
    }
  }
}

BOOST_AUTO_TEST_CASE(assignments) {
  for (const auto& s : samples()) {
    url a = url::parse(s).value();
    url b = url::parse("gopher://other.host:70/1stuff").value();
    b = a;
    a = url::parse("x:y").value();  // the source changes; the copy does not
    check_same(b, s);
    url c;
    c = std::move(b);
    check_same(c, s);
    const url& same = c;
    c = same;  // self-assignment
    check_same(c, s);
    url& alias = c;
    c = std::move(alias);  // self-move keeps the value
    check_same(c, s);
  }
}

BOOST_AUTO_TEST_CASE(moved_from_is_empty_and_usable) {
  url a = url::parse("http://h/p").value();
  url b(std::move(a));
  BOOST_TEST(a.buffer().empty());
  BOOST_TEST(!a->has_scheme());
  a = b;
  check_same(a, "http://h/p");
}

BOOST_AUTO_TEST_CASE(vector_growth_keeps_views) {
  std::vector<url> v;
  for (int i = 0; i < 100; ++i) v.push_back(url::parse("http://h/" + std::to_string(i)).value());
  for (int i = 0; i < 100; ++i) {
    BOOST_TEST(all_inside(v[i]));
    BOOST_TEST(v[i]->encoded_path() == std::to_string(i));
  }
}

BOOST_AUTO_TEST_CASE(copy_keeps_warnings_and_mode) {
  const url a = url::parse("http://h/a|b%zz").value();
  const url b = a;
  BOOST_TEST(b->warning_count() == 2u);
  BOOST_TEST((b->parsed_mode() == mode::lenient));
  const url s = url::parse("http://h/ab", {.mode = mode::strict}).value();
  const url t(s);
  BOOST_TEST((t->parsed_mode() == mode::strict));
}

BOOST_AUTO_TEST_CASE(default_url) {
  const url a;
  const url b(a);
  BOOST_TEST(b.buffer().empty());
  BOOST_TEST(!b->has_scheme());
  BOOST_TEST(!b->has_query());
}

// Printing and hashing: a url_view and a url print as their text, and equal
// components hash equally, so both go into unordered containers.
BOOST_AUTO_TEST_CASE(print_and_hash) {
  const std::string s = "ftp://u:p@h:21/a/b;type=i?q#f";
  auto v = urlkit::parse_reference(s);
  auto u = urlkit::url::parse(s);
  BOOST_REQUIRE(v.has_value());
  BOOST_REQUIRE(u.has_value());
  std::ostringstream os;
  os << *v << ' ' << *u;
  BOOST_TEST(os.str() == s + ' ' + s);

  const std::string copy = s;  // another buffer, the same components
  auto w = urlkit::parse_reference(copy);
  BOOST_REQUIRE(w.has_value());
  BOOST_TEST(std::hash<urlkit::url_view>{}(*v) == std::hash<urlkit::url_view>{}(*w));
  BOOST_TEST(std::hash<urlkit::url>{}(*u) == std::hash<urlkit::url_view>{}(*v));
  // Absent and empty differ, in == and (here) in the hash.
  auto a = urlkit::parse_reference("http://a/b");
  auto b = urlkit::parse_reference("http://a/b?");
  BOOST_TEST(!(*a == *b));
  BOOST_TEST(std::hash<urlkit::url_view>{}(*a) != std::hash<urlkit::url_view>{}(*b));

  std::unordered_set<urlkit::url> set;
  for (const char* x : {"http://a/", "http://a/", "http://a/?", "HTTP://a/"})
    set.insert(*urlkit::url::parse(x));
  BOOST_TEST(set.size() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()

// ---- url_builder ----------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(url_builder_suite)

BOOST_AUTO_TEST_CASE(http) {
  url_builder b;
  b.scheme("http")
      .host("www.example.com")
      .port(8080)
      .path("a b/c%d")
      .query("x=1&y=2 3")
      .fragment("top");
  BOOST_TEST(b.string() == "http://www.example.com:8080/a%20b/c%25d?x=1&y=2%203#top");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(u->buffer() == b.string());
  BOOST_TEST(all_inside(*u));
  BOOST_TEST((*u)->encoded_host() == "www.example.com");
  BOOST_TEST(((*u)->port_number().value() == std::optional<std::uint16_t>(8080)));
  BOOST_TEST((*u)->absolute_path());
  BOOST_TEST(decoded((*u)->encoded_path()) == "a b/c%d");
  BOOST_TEST(decoded((*u)->encoded_query()) == "x=1&y=2 3");
  BOOST_TEST(((*u)->parsed_mode() == mode::strict));
}

BOOST_AUTO_TEST_CASE(ftp) {
  // RFC 1738 3.2: ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<name>;type=<typecode>
  url_builder b;
  b.scheme("ftp").user("anonymous").password("joe@example.org").host("ftp.example.org");
  b.path("pub/a file.txt").params("type=i");
  BOOST_TEST(b.string() ==
             "ftp://anonymous:joe%40example.org@ftp.example.org/pub/a%20file.txt;type=i");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST((*u)->encoded_user() == "anonymous");
  BOOST_TEST(decoded((*u)->encoded_password()) == "joe@example.org");
  BOOST_TEST((*u)->encoded_params() == "type=i");
  BOOST_TEST(!(*u)->has_query());
  BOOST_TEST(!(*u)->has_port());
}

BOOST_AUTO_TEST_CASE(file) {
  // RFC 1738 3.10: file://<host>/<path>; an empty host is the local machine.
  url_builder b;
  b.scheme("file").server().path("etc/passwd");
  BOOST_TEST(b.string() == "file:///etc/passwd");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST((*u)->has_server());
  BOOST_TEST((*u)->has_host());
  BOOST_TEST((*u)->encoded_host().empty());
  BOOST_TEST((*u)->encoded_path() == "etc/passwd");

  BOOST_TEST(url_builder().scheme("file").server().path("").string() == "file:///");
  BOOST_TEST(url_builder().scheme("file").server().path("").build().has_value());
  BOOST_TEST(url_builder().scheme("file").host("localhost").path("tmp/x").string() ==
             "file://localhost/tmp/x");
}

BOOST_AUTO_TEST_CASE(mailto) {
  // RFC 1738 3.5: mailto:<rfc822-addr-spec>, no "//" and no "/" before the path.
  url_builder b;
  b.scheme("mailto").path("joe@example.com", false);
  BOOST_TEST(b.string() == "mailto:joe@example.com");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(!(*u)->has_server());
  BOOST_TEST(!(*u)->absolute_path());
  BOOST_TEST((*u)->encoded_path() == "joe@example.com");
}

BOOST_AUTO_TEST_CASE(relative_references) {
  // draft 4.2: relativeURL = net_path | abs_path | rel_path
  BOOST_TEST(url_builder().path("g/h", false).string() == "g/h");
  BOOST_TEST(url_builder().path("g/h").string() == "/g/h");
  BOOST_TEST(url_builder().host("g").string() == "//g");
  BOOST_TEST(url_builder().host("g").path("x").string() == "//g/x");
  BOOST_TEST(url_builder().query("y").string() == "?y");
  BOOST_TEST(url_builder().params("p").string() == ";p");
  BOOST_TEST(url_builder().fragment("s").string() == "#s");
  BOOST_TEST(url_builder().path("..", false).string() == "..");
  BOOST_TEST(url_builder().string() == "");  // the current document (draft 3)

  const auto u = url_builder().path("g", false).query("y").fragment("s").build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(u->buffer() == "g?y#s");
  BOOST_TEST(!(*u)->is_absolute());

  const auto same_doc = url_builder().build();
  BOOST_TEST_REQUIRE(same_doc.has_value());
  BOOST_TEST((*same_doc)->is_same_document());
}

BOOST_AUTO_TEST_CASE(relative_path_with_colon) {
  // draft 4.3.2: "this:that" as a relative path would be read as a scheme; the
  // builder escapes ":" in the first segment when nothing precedes the path.
  url_builder b;
  b.path("this:that/x:y", false);
  BOOST_TEST(b.string() == "this%3Athat/x:y");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(!(*u)->has_scheme());
  BOOST_TEST(decoded((*u)->encoded_path()) == "this:that/x:y");

  // Not needed, so not done, once something precedes the path.
  BOOST_TEST(url_builder().path("this:that", true).string() == "/this:that");
  BOOST_TEST(url_builder().scheme("urn").path("isbn:0451450523", false).string() ==
             "urn:isbn:0451450523");
  BOOST_TEST(url_builder().path("./this:that", false).string() == "./this:that");
  BOOST_TEST(url_builder().encoded_path("a:b", false).string() == "a%3Ab");
  BOOST_TEST(url_builder().host("h").path("a:b").string() == "//h/a:b");
}

BOOST_AUTO_TEST_CASE(absent_versus_empty) {
  url_builder b;
  b.scheme("http").host("h").path("p");
  BOOST_TEST(b.string() == "http://h/p");
  b.query("");
  BOOST_TEST(b.string() == "http://h/p?");
  {
    const auto u = b.build();
    BOOST_TEST_REQUIRE(u.has_value());
    BOOST_TEST((*u)->has_query());
    BOOST_TEST((*u)->encoded_query().empty());
  }
  b.remove_query();
  BOOST_TEST(b.string() == "http://h/p");
  BOOST_TEST(!b.build().value()->has_query());

  BOOST_TEST(url_builder(b).fragment("").string() == "http://h/p#");
  BOOST_TEST(url_builder(b).params("").string() == "http://h/p;");
  BOOST_TEST(url_builder(b).params("").build().value()->has_params());
  BOOST_TEST(url_builder(b).fragment("x").remove_fragment().string() == "http://h/p");
  BOOST_TEST(url_builder(b).params("x").remove_params().string() == "http://h/p");
  // The empty path after a server: absent "/" or present.
  BOOST_TEST(url_builder().scheme("http").host("h").string() == "http://h");
  BOOST_TEST(url_builder().scheme("http").host("h").path("").string() == "http://h/");
}

BOOST_AUTO_TEST_CASE(server_forces_slash_before_params_and_query) {
  // draft 4.3.1: the server runs up to the next "/", so a query or params
  // after a server needs the "/" (net_path = "//" server [ abs_path ]).
  BOOST_TEST(url_builder().scheme("http").host("h").query("q").string() == "http://h/?q");
  BOOST_TEST(url_builder().scheme("http").host("h").params("p").string() == "http://h/;p");
  BOOST_TEST(url_builder().scheme("http").host("h").path("a", false).string() == "http://h/a");
  const auto u = url_builder().scheme("http").host("h").query("q").build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST((*u)->absolute_path());
  BOOST_TEST((*u)->encoded_query() == "q");
  // A fragment does not: "#" ends the server too.
  BOOST_TEST(url_builder().scheme("http").host("h").fragment("f").string() == "http://h#f");
  BOOST_TEST(url_builder().scheme("http").host("h").fragment("f").build().has_value());
}

BOOST_AUTO_TEST_CASE(user_and_password) {
  // draft 4.3.1: an empty user name or password differs from none.
  const auto user_only = url_builder().scheme("ftp").user("joe").host("h").build();
  BOOST_TEST_REQUIRE(user_only.has_value());
  BOOST_TEST(user_only->buffer() == "ftp://joe@h");
  BOOST_TEST((*user_only)->has_user());
  BOOST_TEST(!(*user_only)->has_password());

  const auto empty_pw =
      url_builder().scheme("ftp").user("foo").password("").host("host.com").build();
  BOOST_TEST_REQUIRE(empty_pw.has_value());
  BOOST_TEST(empty_pw->buffer() == "ftp://foo:@host.com");
  BOOST_TEST((*empty_pw)->has_password());
  BOOST_TEST((*empty_pw)->encoded_password().empty());

  const auto empty_user = url_builder().scheme("ftp").user("").host("host.com").build();
  BOOST_TEST_REQUIRE(empty_user.has_value());
  BOOST_TEST(empty_user->buffer() == "ftp://@host.com");
  BOOST_TEST((*empty_user)->has_user());
  BOOST_TEST((*empty_user)->encoded_user().empty());

  // There is no password without a user name: the user is written empty.
  const auto pw_only = url_builder().scheme("ftp").password("pw").host("h").build();
  BOOST_TEST_REQUIRE(pw_only.has_value());
  BOOST_TEST(pw_only->buffer() == "ftp://:pw@h");
  BOOST_TEST((*pw_only)->encoded_user().empty());
  BOOST_TEST((*pw_only)->encoded_password() == "pw");

  // ":", "@" and "/" must be encoded in user and password; ";" "?" "&" "=" "+" need not.
  url_builder b;
  b.scheme("ftp").user("a:b@c/d;e?f").password("p@ss:w/rd&=+").host("h");
  BOOST_TEST(b.string() == "ftp://a%3Ab%40c%2Fd;e?f:p%40ss%3Aw%2Frd&=+@h");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST(decoded((*u)->encoded_user()) == "a:b@c/d;e?f");
  BOOST_TEST(decoded((*u)->encoded_password()) == "p@ss:w/rd&=+");

  BOOST_TEST(url_builder(b).remove_user().string() == "ftp://h");  // the password goes too
  BOOST_TEST(url_builder(b).remove_password().string() == "ftp://a%3Ab%40c%2Fd;e?f@h");
}

BOOST_AUTO_TEST_CASE(ports) {
  const auto zero = url_builder().scheme("http").host("h").port(0).build();
  BOOST_TEST_REQUIRE(zero.has_value());
  BOOST_TEST(zero->buffer() == "http://h:0");
  BOOST_TEST(((*zero)->port_number().value() == std::optional<std::uint16_t>(0)));

  const auto top = url_builder().scheme("http").host("h").port(65535).path("").build();
  BOOST_TEST_REQUIRE(top.has_value());
  BOOST_TEST(top->buffer() == "http://h:65535/");
  BOOST_TEST(((*top)->port_number().value() == std::optional<std::uint16_t>(65535)));

  // port = *digit: an empty port is present and empty.
  const auto empty = url_builder().scheme("http").host("h").port("").path("x").build();
  BOOST_TEST_REQUIRE(empty.has_value());
  BOOST_TEST(empty->buffer() == "http://h:/x");
  BOOST_TEST((*empty)->has_port());
  BOOST_TEST((*empty)->port().empty());
  BOOST_TEST(!(*empty)->port_number().value().has_value());

  BOOST_TEST(url_builder().scheme("http").host("h").port("0080").string() == "http://h:0080");
  BOOST_TEST(url_builder().scheme("http").host("h").port(80).remove_port().string() == "http://h");
}

BOOST_AUTO_TEST_CASE(path_segments) {
  // Each segment is escaped as *pchar (4.3.2), "/" separates them.
  BOOST_TEST(url_builder().host("h").path("a b/c;d?e#f/%/").string() ==
             "//h/a%20b/c%3Bd%3Fe%23f/%25/");
  const std::string_view segments[] = {"x y", "a:b@c", "semi;colon", "q?", ""};
  std::string joined_decoded, joined_encoded;
  for (auto s : segments) {
    if (!joined_decoded.empty() || s != segments[0]) {
      joined_decoded += '/';
      joined_encoded += '/';
    }
    joined_decoded += s;
    joined_encoded += encode(s, component::path_segment);
  }
  BOOST_TEST(url_builder().scheme("http").host("h").path(joined_decoded).string() ==
             "http://h/" + joined_encoded);
}

BOOST_AUTO_TEST_CASE(encoded_setters_take_text_as_is) {
  url_builder b;
  b.scheme("http").host("h").encoded_path("a%2Fb/c").encoded_query("x=%41&y");
  BOOST_TEST(b.string() == "http://h/a%2Fb/c?x=%41&y");
  const auto u = b.build();
  BOOST_TEST_REQUIRE(u.has_value());
  BOOST_TEST((*u)->encoded_path() == "a%2Fb/c");
  BOOST_TEST((*u)->encoded_query() == "x=%41&y");
}

BOOST_AUTO_TEST_CASE(every_byte_survives_composition) {
  // Whatever the decoded data, the built URL parses strictly and decodes back.
  for (unsigned c = 0; c < 256; ++c) {
    const std::string s = std::string("a") + static_cast<char>(c) + "z";
    url_builder b;
    b.scheme("x-test+1.0").user(s).password(s).host("h").port(1).path(s + "/" + s);
    b.params(s).query(s).fragment(s);
    const auto u = b.build();
    BOOST_TEST_REQUIRE(u.has_value(), "byte 0x" << std::hex << c << ": " << b.string());
    BOOST_TEST(decoded((*u)->encoded_user()) == s);
    BOOST_TEST(decoded((*u)->encoded_password()) == s);
    BOOST_TEST(decoded((*u)->encoded_path()) == s + "/" + s);
    BOOST_TEST(decoded((*u)->encoded_params()) == s);
    BOOST_TEST(decoded((*u)->encoded_query()) == s);
    BOOST_TEST(decoded((*u)->encoded_fragment()) == s);

    // The same in a relative reference whose path comes first.
    const auto r = url_builder().path(s + "/" + s, false).query(s).build();
    BOOST_TEST_REQUIRE(r.has_value(), "byte 0x" << std::hex << c);
    BOOST_TEST(!(*r)->has_scheme());
    BOOST_TEST(decoded((*r)->encoded_path()) == s + "/" + s);
  }
}

BOOST_AUTO_TEST_CASE(build_errors_name_the_component) {
  {
    const error e = build_error(url_builder().scheme("ht tp").host("h"));
    BOOST_TEST(e.rule == rule::scheme);
    BOOST_TEST(e.code == error_code::unexpected_character);
    BOOST_TEST(e.offset == 2u);
    BOOST_TEST(e.byte == ' ');
  }
  {
    const error e = build_error(url_builder().scheme("a/b").path("c", false));
    BOOST_TEST(e.rule == rule::scheme);
    BOOST_TEST(e.offset == 1u);
  }
  {
    const error e = build_error(url_builder().scheme("").path("c", false));
    BOOST_TEST(e.rule == rule::scheme);
    BOOST_TEST(e.code == error_code::scheme_expected);
    BOOST_TEST(e.offset == 0u);
  }
  {
    // "_" is escaped in a host, and an escaped host is not a hostname (4.3.1).
    // The offset counts in the value given (the host starts at 0).
    const error e = build_error(url_builder().scheme("http").host("bad_host"));
    BOOST_TEST(e.rule == rule::host);
    BOOST_TEST(e.code == error_code::bad_host);
    BOOST_TEST(e.offset == 0u);
  }
  {
    // A user, password or port writes the server, whose host is then empty.
    const url_builder b = url_builder().scheme("ftp").user("joe").path("x");
    BOOST_TEST(b.string() == "ftp://joe@/x");
    const error e = build_error(b);
    BOOST_TEST(e.rule == rule::host);
    BOOST_TEST(e.code == error_code::host_expected);
    const url_builder p = url_builder().scheme("http").port(80);
    BOOST_TEST(p.string() == "http://:80");
    BOOST_TEST(build_error(p).code == error_code::host_expected);
  }
  {
    const error e = build_error(url_builder().scheme("http").host("h").port("8o"));
    BOOST_TEST(e.rule == rule::port);
    BOOST_TEST(e.code == error_code::bad_port);
    BOOST_TEST(e.offset == 1u);  // in "8o"
    BOOST_TEST(e.byte == 'o');
    // A "/" or "?" in the port would move the rest into the path or the query.
    BOOST_TEST(build_error(url_builder().scheme("http").host("h").port("1/2")).rule == rule::port);
  }
  {
    // Raw text that would split the path into params or query.
    for (std::string_view raw : {"a?b", "a;b", "a#b"}) {
      const error e = build_error(url_builder().scheme("http").host("h").encoded_path(raw));
      BOOST_TEST(e.rule == rule::path, raw);
      BOOST_TEST(e.code == error_code::unexpected_character);
      BOOST_TEST(e.offset == 1u);
    }
    const error e = build_error(url_builder().scheme("http").host("h").encoded_path("a%zz"));
    BOOST_TEST(e.rule == rule::path);
    BOOST_TEST(e.code == error_code::bad_escape);
    BOOST_TEST(e.offset == 1u);
    const error u = build_error(url_builder().scheme("http").host("h").encoded_path("a{b"));
    BOOST_TEST(u.rule == rule::path);
    BOOST_TEST(u.code == error_code::unwise_character);
  }
  {
    const error e = build_error(url_builder().scheme("http").host("h").encoded_query("a#b"));
    BOOST_TEST(e.rule == rule::query);
    BOOST_TEST(e.offset == 1u);
    BOOST_TEST(build_error(url_builder().encoded_query("a b")).rule == rule::query);
  }
  {
    // A leading "/" is the absolute-path flag (draft 4.3.2), never a second "/".
    BOOST_TEST(url_builder().scheme("http").path("/x").build()->buffer() == "http:/x");
    BOOST_TEST(url_builder().scheme("http").host("h").path("/x").build()->buffer() == "http://h/x");
    const error f = build_error(url_builder().path("/x", false));
    BOOST_TEST(f.rule == rule::path);
    BOOST_TEST(f.offset == 0u);
    BOOST_TEST(f.message().find("absolute") != std::string::npos, f.message());
    // Without a server, a path whose first segment is empty would be read as
    // one ("//x"); with a server it parses back.
    const error e = build_error(url_builder().scheme("http").path("//x"));
    BOOST_TEST(e.rule == rule::path);
    BOOST_TEST(url_builder().scheme("http").host("h").path("//x").build()->buffer() ==
               "http://h//x");
  }
  // string() does not check.
  BOOST_TEST(url_builder().scheme("1 2").string() == "1 2:");
}

BOOST_AUTO_TEST_CASE(from_a_view) {
  const std::string_view inputs[] = {
      "ftp://u:p@h.example:21/a/b;type=d?q#f",
      "http://@h/",
      "http://u:@h:/",
      "file:///",
      "file:///etc/passwd",
      "mailto:joe@example.com",
      "g;x?y#s",
      "//g",
      "../g",
      "",
      "?",
      "#",
      ";",
      "a%3Ab",
      "http://a//b",
      "news:comp.infosystems.www",
  };
  for (auto in : inputs) {
    const auto v = parse_reference(in, mode::strict);
    BOOST_TEST_REQUIRE(v.has_value(), in);
    const url_builder b(*v);
    BOOST_TEST(b.string() == in);
    const auto u = b.build();
    BOOST_TEST_REQUIRE(u.has_value(), in);
    BOOST_TEST((u->view() == *v), in);
  }

  // Raw components are taken as they are: not escaped a second time.
  const auto v = parse_reference("http://h/a%20b?x=%41");
  url_builder b(*v);
  b.query("y z");
  BOOST_TEST(b.string() == "http://h/a%20b?y%20z");

  // A lenient view keeps its text and its mode: the builder started from it
  // checks what is set in lenient mode, and build() does not judge again the
  // components it took (an edit never fails because of one it did not touch).
  const auto lenient = parse_reference("http://h/a|b");
  BOOST_TEST_REQUIRE(lenient.has_value());
  url_builder lb(*lenient);
  BOOST_TEST(lb.string() == "http://h/a|b");
  BOOST_TEST((lb.mode() == mode::lenient));
  const auto built = lb.encoded_query("x").build();
  BOOST_TEST_REQUIRE(built.has_value());
  BOOST_TEST(built->buffer() == "http://h/a|b?x");
  BOOST_TEST((built->view().parsed_mode() == mode::lenient));
  // A strict builder refuses the same path, at its offset in the value.
  url_builder sb;
  sb.scheme("http").host("h").encoded_path("a|b");
  const error e = build_error(sb);
  BOOST_TEST(e.rule == rule::path);
  BOOST_TEST(e.code == error_code::unwise_character);
  BOOST_TEST(e.offset == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
