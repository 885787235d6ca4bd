// Editing an owning url: setters per component, path segments, query
// parameters; the builder's setters checked at once; the views allocate
// nothing.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "alloc_counter.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url.hpp"

using namespace urlkit;

namespace {

url parsed(std::string_view s, mode m = mode::lenient) {
  auto r = url::parse(s, parse_options{m});
  BOOST_TEST_REQUIRE(r.has_value(), s);
  return *r;
}

// The error of an edit that must fail; the url must be left as it was.
template <class Edit>
error edit_error(url u, Edit&& edit) {
  const std::string before = u.buffer();
  const result<void> r = edit(u);
  BOOST_TEST_REQUIRE(!r.has_value(), "the edit succeeded: " << u.buffer());
  BOOST_TEST(u.buffer() == before);
  return r.error();
}

std::vector<std::string> segments_of(const url_view& v) {
  std::vector<std::string> out;
  for (const decode_view s : v.segments()) out.emplace_back(s.encoded());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(url_editing)

BOOST_AUTO_TEST_CASE(setters_change_one_component) {
  url u = parsed("http://h/a/b?q#f");
  BOOST_TEST(u.set_host("example.com").has_value());
  BOOST_TEST(u.buffer() == "http://example.com/a/b?q#f");
  BOOST_TEST(u.set_port(8080).has_value());
  BOOST_TEST(u.buffer() == "http://example.com:8080/a/b?q#f");
  BOOST_TEST(u.set_port("").has_value());  // port = *digit: empty is the default port
  BOOST_TEST(u.buffer() == "http://example.com:/a/b?q#f");
  BOOST_TEST(u.remove_port().has_value());
  BOOST_TEST(u.set_path("/x y/z").has_value());
  BOOST_TEST(u.buffer() == "http://example.com/x%20y/z?q#f");
  BOOST_TEST(u->encoded_path() == "x%20y/z");
  BOOST_TEST(u->absolute_path());
  BOOST_TEST(u.set_query("k=v w").has_value());
  BOOST_TEST(u.buffer() == "http://example.com/x%20y/z?k=v%20w#f");
  BOOST_TEST(u.set_fragment("").has_value());  // empty, not absent
  BOOST_TEST(u.buffer() == "http://example.com/x%20y/z?k=v%20w#");
  BOOST_TEST(u.remove_fragment().has_value());
  BOOST_TEST(u.remove_query().has_value());
  BOOST_TEST(u.buffer() == "http://example.com/x%20y/z");
  BOOST_TEST(u.set_scheme("ftp").has_value());
  BOOST_TEST(u.set_user("joe").has_value());
  BOOST_TEST(u.set_password("p@ss:w").has_value());
  BOOST_TEST(u.buffer() == "ftp://joe:p%40ss%3Aw@example.com/x%20y/z");
  BOOST_TEST(u.set_params("type=i").has_value());
  BOOST_TEST(u.buffer() == "ftp://joe:p%40ss%3Aw@example.com/x%20y/z;type=i");
  BOOST_TEST(u.remove_user().has_value());  // the password goes with it
  BOOST_TEST(u.buffer() == "ftp://example.com/x%20y/z;type=i");
  // A password alone gets an empty user (there is no password without one).
  BOOST_TEST(u.set_password("pw").has_value());
  BOOST_TEST(u.buffer() == "ftp://:pw@example.com/x%20y/z;type=i");
  // The encoded forms take escapes as they are.
  BOOST_TEST(u.set_encoded_path("a%2Fb/c").has_value());
  BOOST_TEST(u->encoded_path() == "a%2Fb/c");
  BOOST_TEST(u.set_encoded_query("x=%41").has_value());
  BOOST_TEST(u->encoded_query() == "x=%41");
}

// draft 4.3.2: the leading "/" is remembered, not part of the path.
BOOST_AUTO_TEST_CASE(set_path_and_the_leading_slash) {
  url m = parsed("mailto:a@b");
  BOOST_TEST(m.set_path("c@d").has_value());
  BOOST_TEST(m.buffer() == "mailto:c@d");
  BOOST_TEST(m.set_path("/x").has_value());
  BOOST_TEST(m.buffer() == "mailto:/x");
  BOOST_TEST(m->absolute_path());
  // After a server the path is written after a "/" either way.
  url h = parsed("http://h/");
  BOOST_TEST(h.set_path("a").has_value());
  BOOST_TEST(h.buffer() == "http://h/a");
  BOOST_TEST(h.set_path("/a").has_value());
  BOOST_TEST(h.buffer() == "http://h/a");
  BOOST_TEST(h.set_path("//a").has_value());  // an empty first segment, asked for
  BOOST_TEST(h.buffer() == "http://h//a");
  // Without a server, that would read back as one.
  const error e = edit_error(parsed("x:y"), [](url& u) { return u.set_path("//a"); });
  BOOST_TEST(e.rule == rule::path);
}

// An error names the offset in the value given, and the url is unchanged.
BOOST_AUTO_TEST_CASE(errors_count_in_the_value) {
  const url u = parsed("http://h/p?q");
  error e = edit_error(u, [](url& x) { return x.set_port("8o"); });
  BOOST_TEST(e.rule == rule::port);
  BOOST_TEST(e.offset == 1u);
  e = edit_error(u, [](url& x) { return x.set_scheme("ht tp"); });
  BOOST_TEST(e.rule == rule::scheme);
  BOOST_TEST(e.offset == 2u);
  e = edit_error(u, [](url& x) { return x.set_encoded_path("a/b?c"); });
  BOOST_TEST(e.rule == rule::path);
  BOOST_TEST(e.offset == 3u);
  e = edit_error(u, [](url& x) { return x.set_encoded_query("a=1#x"); });
  BOOST_TEST(e.rule == rule::query);
  BOOST_TEST(e.offset == 3u);
  e = edit_error(u, [](url& x) { return x.set_encoded_host("a b"); });
  BOOST_TEST(e.rule == rule::host);
  BOOST_TEST(e.offset == 1u);
  e = edit_error(u, [](url& x) { return x.set_encoded_user("a/b"); });
  BOOST_TEST(e.rule == rule::user);
  BOOST_TEST(e.offset == 1u);
  e = edit_error(u, [](url& x) { return x.set_encoded_fragment("a b"); });
  BOOST_TEST(e.rule == rule::fragment);
  BOOST_TEST(e.offset == 1u);
  // A decoded host is escaped; in strict mode an escaped host is not a hostname.
  e = edit_error(parsed("http://h/", mode::strict), [](url& x) { return x.set_host("a_b"); });
  BOOST_TEST(e.rule == rule::host);
  BOOST_TEST(e.code == error_code::bad_host);
  // A lenient url takes what the draft's robustness allows, with warnings.
  url l = parsed("http://h/");
  BOOST_TEST(l.set_encoded_path("a{b").has_value());
  BOOST_TEST(l->warning_count() == 1u);
  BOOST_TEST(edit_error(parsed("http://h/", mode::strict), [](url& x) {
               return x.set_encoded_path("a{b");
             }).offset == 1u);
}

// The builder checks each value alone, its offset in that value, and
// build() returns the first refused component in the URL's order, whatever
// the order the setters were called in; a value set again, or removed,
// takes its refusal with it.
BOOST_AUTO_TEST_CASE(builder_checks_each_value) {
  url_builder b;
  b.encoded_query("a#b").scheme("ht tp").host("h");
  auto r = b.build();
  BOOST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().rule == rule::scheme);  // before the query, set first
  BOOST_TEST(r.error().offset == 2u);          // in "ht tp"
  b.scheme("http");
  r = b.build();
  BOOST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().rule == rule::query);
  BOOST_TEST(r.error().offset == 1u);  // in "a#b"
  b.remove_query();
  BOOST_TEST(b.build().has_value());
  b.encoded_query("a#b").encoded_query("a=b");
  BOOST_TEST(b.build().value().buffer() == "http://h/?a=b");
  BOOST_TEST(url_builder().scheme("http").host("h").build().has_value());
}

BOOST_AUTO_TEST_CASE(segments_view_splits_the_path) {
  using list = std::vector<std::string>;
  BOOST_TEST(segments_of(*parse_reference("http://h/a/b/")) == (list{"a", "b", ""}));
  BOOST_TEST(segments_of(*parse_reference("http://h/a%2Fb")) == list{"a%2Fb"});
  BOOST_TEST(segments_of(*parse_reference("http://h/")).empty());
  BOOST_TEST(segments_of(*parse_reference("http://h")).empty());
  BOOST_TEST(segments_of(*parse_reference("a//b")) == (list{"a", "", "b"}));
  BOOST_TEST(parse_reference("/a/b/c")->segments().size() == 3u);
  BOOST_TEST(parse_reference("")->segments().size() == 0u);
}

BOOST_AUTO_TEST_CASE(segment_edits) {
  url u = parsed("http://h/a/b?q");
  BOOST_TEST(u.append_segment("c/d e").has_value());
  BOOST_TEST(u.buffer() == "http://h/a/b/c%2Fd%20e?q");  // "/" in a segment is data
  BOOST_TEST(u.replace_segment(0, "x").has_value());
  BOOST_TEST(u.buffer() == "http://h/x/b/c%2Fd%20e?q");
  BOOST_TEST(u.erase_segment(1).has_value());
  BOOST_TEST(u.buffer() == "http://h/x/c%2Fd%20e?q");
  BOOST_TEST(u.erase_segment(0).has_value());
  BOOST_TEST(u.erase_segment(0).has_value());
  BOOST_TEST(u.buffer() == "http://h/?q");
  BOOST_TEST(u.append_segment("z").has_value());
  BOOST_TEST(u.buffer() == "http://h/z?q");
  // A path whose first segment is empty keeps it.
  url d = parsed("http://h//x");
  BOOST_TEST(d.append_segment("y").has_value());
  BOOST_TEST(d.buffer() == "http://h//x/y");
  // A relative reference keeps its path relative.
  url r = parsed("a/b");
  BOOST_TEST(r.append_segment("c").has_value());
  BOOST_TEST(r.buffer() == "a/b/c");
  const error e = edit_error(u, [](url& x) { return x.erase_segment(5); });
  BOOST_TEST(e.rule == rule::path);
  BOOST_TEST(e.offset == 5u);
}

BOOST_AUTO_TEST_CASE(query_params_view_reads_pairs) {
  const auto v = *parse_reference("http://h/?a=1&b&c=&=d&e+f=x%26y+z");
  std::vector<query_param_view> p(v.query_params().begin(), v.query_params().end());
  BOOST_REQUIRE(p.size() == 5u);
  BOOST_TEST(v.query_params().size() == 5u);
  BOOST_TEST(p[0].encoded_name() == "a");
  BOOST_TEST(p[0].encoded_value() == "1");
  BOOST_TEST(p[1].encoded_name() == "b");
  BOOST_TEST(!p[1].has_value());
  BOOST_TEST(p[2].has_value());
  BOOST_TEST(p[2].encoded_value() == "");
  BOOST_TEST(p[3].encoded_name() == "");
  BOOST_TEST(p[4].encoded_value() == "x%26y+z");
  BOOST_TEST(p[4].name() == "e+f");
  BOOST_TEST(p[4].name(true) == "e f");
  BOOST_TEST(p[4].value(true) == "x&y z");
  BOOST_TEST(v.query_params().contains("e f", true));
  BOOST_TEST(!v.query_params().contains("e f"));
  BOOST_TEST((*v.query_params().find("c")).has_value());
  BOOST_TEST(parse_reference("http://h/")->query_params().empty());
  BOOST_TEST(parse_reference("http://h/?")->query_params().size() == 0u);
}

// "&", "=", "+", "#" and "%" in a name or value are data: escaped.
BOOST_AUTO_TEST_CASE(query_param_edits) {
  url u = parsed("http://h/p");
  BOOST_TEST(u.append_query_param("k", "v&w=x y#z+1%").has_value());
  BOOST_TEST(u.buffer() == "http://h/p?k=v%26w%3Dx%20y%23z%2B1%25");
  BOOST_TEST((*u->query_params().begin()).value() == "v&w=x y#z+1%");
  BOOST_TEST(u.append_query_param("a b", "").has_value());
  BOOST_TEST(u->encoded_query() == "k=v%26w%3Dx%20y%23z%2B1%25&a%20b=");
  BOOST_TEST(u.append_query_param("k", "2").has_value());
  // set: the first "k" gets the value, the others go.
  BOOST_TEST(u.set_query_param("k", "3").has_value());
  BOOST_TEST(u->encoded_query() == "k=3&a%20b=");
  BOOST_TEST(u.set_query_param("new", "n").has_value());
  BOOST_TEST(u->encoded_query() == "k=3&a%20b=&new=n");
  BOOST_TEST(u.erase_query_param("a b").has_value());
  BOOST_TEST(u->encoded_query() == "k=3&new=n");
  BOOST_TEST(u.erase_query_param("k").has_value());
  BOOST_TEST(u.erase_query_param("new").has_value());
  BOOST_TEST(u.buffer() == "http://h/p");  // the query went with its last parameter
  BOOST_TEST(!u->has_query());
}

// Reading segments and parameters allocates nothing.
BOOST_AUTO_TEST_CASE(views_allocate_nothing) {
  const std::string s = "http://h/a/b/c/d?x=1&y=2&z&w=%41";
  const auto v = *parse_reference(s);
  std::size_t n = 0;
  const auto calls = urlkit_test::allocations_of([&] {
    for (const decode_view seg : v.segments()) n += seg.encoded().size();
    for (const query_param_view p : v.query_params())
      n += p.encoded_name().size() + p.encoded_value().size();
    n += v.query_params().contains("w") ? 1 : 0;
  });
  BOOST_TEST(calls == 0u);
  BOOST_TEST(n == 4u + 9u + 1u);
}

// *r and value() on a result about to end give the value itself, so a
// reference bound to it holds it (under ASan a dangling one is an error).
BOOST_AUTO_TEST_CASE(a_temporary_result_gives_its_value) {
  const std::string& s = *resolve("http://a/b/c", "../d");
  BOOST_TEST(s == "http://a/d");
  const std::string& v = resolve("http://a/b/c", "e").value();
  BOOST_TEST(v == "http://a/b/e");
  static_assert(std::is_same_v<decltype(*resolve("a:", "b")), std::string>);
  static_assert(std::is_same_v<decltype(resolve("a:", "b").value()), std::string>);
}

// An IPv6 URL edits like any other: every setter checks only its own value
// (before, each failed with "':' is not allowed in a host").
BOOST_AUTO_TEST_CASE(ipv6_urls_edit) {
  url u = parsed("http://[::1]:8080/a?x=1");
  BOOST_TEST(u.set_port("9090").has_value());
  BOOST_TEST(u.set_query("y=2").has_value());
  BOOST_TEST(u.set_path("/b c").has_value());
  BOOST_TEST(u.set_fragment("f").has_value());
  BOOST_TEST(u.buffer() == "http://[::1]:9090/b%20c?y=2#f");
  BOOST_TEST(u->encoded_host() == "[::1]");
  // The host itself: in brackets, or an address without them.
  BOOST_TEST(u.set_host("[2001:db8::7]").has_value());
  BOOST_TEST(u->encoded_host() == "[2001:db8::7]");
  BOOST_TEST(u.set_encoded_host("[::1]").has_value());
  BOOST_TEST(u.set_host_address("fe80::1%eth0").has_value());
  BOOST_TEST(u->encoded_host() == "[fe80::1%25eth0]");  // RFC 6874's zone
  BOOST_TEST(u.set_host_address("10.0.0.1").has_value());
  BOOST_TEST(u->encoded_host() == "10.0.0.1");
  BOOST_TEST(u.set_host_address("::1").has_value());
  BOOST_TEST(u.buffer() == "http://[::1]:9090/b%20c?y=2#f");
  BOOST_TEST(parse_http(u.buffer()).has_value());
}

// "::1" is no host name: the error says to use brackets, never "%3A%3A1".
BOOST_AUTO_TEST_CASE(ipv6_without_brackets_is_an_error) {
  const url u = parsed("http://h/");
  error e = edit_error(u, [](url& x) { return x.set_host("::1"); });
  BOOST_TEST(e.offset == 0u);
  BOOST_TEST((e.rule == rule::host));
  BOOST_TEST(e.message().find("brackets") != std::string::npos, e.message());
  e = edit_error(u, [](url& x) { return x.set_host("[not-ip]"); });
  BOOST_TEST(e.offset == 1u);  // the first byte that is not an IPv6 address
  e = edit_error(u, [](url& x) { return x.set_host("[::1"); });
  BOOST_TEST(e.offset == 4u);  // "]" expected at the end
  e = edit_error(u, [](url& x) { return x.set_host_address("::g"); });
  BOOST_TEST((e.rule == rule::host));
  // Strict mode has no IPv6 literal (RFC 1738): refused, with the reason.
  e = edit_error(parsed("http://h/", mode::strict), [](url& x) { return x.set_host("[::1]"); });
  BOOST_TEST(e.message().find("lenient") != std::string::npos, e.message());
}

// A lenient edit accepts only what lenient parsing accepts, and a host name
// cannot hold a space: "bad host" is an error at the space, not "bad%20host".
BOOST_AUTO_TEST_CASE(hosts_a_client_can_use) {
  const url u = parsed("http://h/");
  error e = edit_error(u, [](url& x) { return x.set_host("bad host"); });
  BOOST_TEST(e.offset == 3u);
  BOOST_TEST((e.code == error_code::unexpected_character));
  e = edit_error(u, [](url& x) { return x.set_encoded_host("bad%20host"); });
  BOOST_TEST((e.code == error_code::bad_host_escape));
  e = edit_error(u, [](url& x) { return x.set_host("a/b"); });
  BOOST_TEST(e.offset == 1u);
}

// A host in UTF-8 given to a setter is a name for IDNA to convert
// (set_idna_host, urlkit/idna.hpp): refused in both modes, the error naming
// set_idna_host, never escaped into "%E4%BE%8B..." (a name no resolver
// looks up).  Escapes given as such are the caller's: set_encoded_host
// takes them as parsing does.
BOOST_AUTO_TEST_CASE(a_unicode_host_is_refused_not_escaped) {
  const std::string_view reikai = "\xE4\xBE\x8B\xE3\x81\x88.jp";  // "例え.jp"
  for (const mode m : {mode::lenient, mode::strict}) {
    BOOST_TEST_CONTEXT((m == mode::strict ? "strict" : "lenient")) {
      error e = edit_error(parsed("http://h:8/p", m), [&](url& x) { return x.set_host(reikai); });
      BOOST_TEST((e.code == error_code::non_ascii_host));
      BOOST_TEST((e.rule == rule::host));
      BOOST_TEST(e.offset == 0u);
      BOOST_TEST(e.message().find("set_idna_host") != std::string::npos, e.message());
      e = edit_error(parsed("http://h/", m),
                     [](url& x) { return x.set_host("caf\xC3\xA9.example"); });
      BOOST_TEST((e.code == error_code::non_ascii_host));
      BOOST_TEST(e.offset == 3u);  // the first octet >= 0x80
      url_builder b(m);
      b.scheme("http").host(reikai);
      BOOST_TEST((b.build().error().code == error_code::non_ascii_host));
      BOOST_TEST(b.string().find('%') == std::string::npos, b.string());  // nothing escaped
    }
  }
  url l = parsed("http://h/");
  BOOST_TEST(l.set_encoded_host("caf%C3%A9.example").has_value());
  BOOST_TEST(l->encoded_host() == "caf%C3%A9.example");
  BOOST_TEST(!parsed("http://h/", mode::strict).set_encoded_host("caf%C3%A9.example"));
}

// A port given as a number of any integer type is checked before it is
// narrowed: 70000 is refused (port_out_of_range, the url unchanged), never
// written as port 4464; so is a negative number.
BOOST_AUTO_TEST_CASE(integer_ports_are_checked_before_narrowing) {
  for (const mode m : {mode::lenient, mode::strict}) {
    BOOST_TEST_CONTEXT((m == mode::strict ? "strict" : "lenient")) {
      const url u = parsed("http://h:81/p", m);
      const auto refused = [&](auto port) {
        const error e = edit_error(u, [&](url& x) { return x.set_port(port); });
        BOOST_TEST((e.code == error_code::port_out_of_range));
        BOOST_TEST((e.rule == rule::port));
        BOOST_TEST(e.offset == 0u);
        return e.message();
      };
      BOOST_TEST(refused(70000) ==
                 "port: port must be at most 65535 (a TCP or UDP port is 16 bits, RFC 793 3.1)");
      refused(70000L);
      refused(std::size_t{70000});
      refused(std::int64_t{65536});
      refused(std::numeric_limits<std::uint64_t>::max());
      refused(std::numeric_limits<long long>::min());
      BOOST_TEST(refused(-1) ==
                 "port: port must be at least 0 (port = *digit, draft 4.3.1, has no sign)");
      refused(std::int8_t{-1});
      url ok = u;
      BOOST_TEST(ok.set_port(65535).has_value());
      BOOST_TEST(ok.buffer() == "http://h:65535/p");
      BOOST_TEST(ok.set_port(0L).has_value());
      BOOST_TEST(ok.buffer() == "http://h:0/p");
      BOOST_TEST(ok.set_port(std::size_t{8080}).has_value());
      BOOST_TEST(ok.buffer() == "http://h:8080/p");
      BOOST_TEST(ok.set_port(std::uint8_t{80}).has_value());
      BOOST_TEST(ok.buffer() == "http://h:80/p");
      BOOST_TEST(ok.set_port(std::uint16_t{443}).has_value());
      BOOST_TEST(ok.buffer() == "http://h:443/p");
    }
  }
}

// The builder's port(number) checks as url::set_port does: the error is
// recorded, build() returns it, and the text keeps the number as given.
BOOST_AUTO_TEST_CASE(builder_integer_ports_are_checked_before_narrowing) {
  const auto refused = [](auto port) {
    url_builder b;
    b.scheme("http").host("h").port(port);
    const auto built = b.build();
    BOOST_TEST_REQUIRE(!built.has_value());
    BOOST_TEST((built.error().code == error_code::port_out_of_range));
    BOOST_TEST(built.error().offset == 0u);
    return b.string();
  };
  BOOST_TEST(refused(70000) == "http://h:70000");
  BOOST_TEST(refused(70000L) == "http://h:70000");
  BOOST_TEST(refused(std::size_t{70000}) == "http://h:70000");
  BOOST_TEST(refused(-1) == "http://h:-1");
  refused(std::numeric_limits<unsigned long long>::max());
  const auto built = [](auto port) {
    auto r = url_builder().scheme("http").host("h").port(port).build();
    BOOST_TEST_REQUIRE(r.has_value(), r.error());
    return r->buffer();
  };
  BOOST_TEST(built(65535) == "http://h:65535");
  BOOST_TEST(built(0L) == "http://h:0");
  BOOST_TEST(built(std::size_t{21}) == "http://h:21");
  BOOST_TEST(built(std::uint16_t{80}) == "http://h:80");
}

// bool, the character types, floating point and enumerations are not port
// numbers: the setters do not compile for them ('8' would be port 56,
// 70000.5 truncated), and do for every other integer type.
enum class some_enum : int { port = 70000 };
enum plain_enum : int { plain_port = 70000 };
template <class T>
concept url_takes_port = requires(url u, T p) {
  u.set_port(p);
};
template <class T>
concept builder_takes_port = requires(url_builder b, T p) {
  b.port(p);
};
static_assert(url_takes_port<int> && url_takes_port<long> && url_takes_port<std::size_t> &&
              url_takes_port<std::uint16_t> && url_takes_port<std::int8_t> &&
              url_takes_port<unsigned long long> && url_takes_port<std::string_view>);
static_assert(!url_takes_port<bool> && !url_takes_port<char> && !url_takes_port<wchar_t> &&
              !url_takes_port<char8_t> && !url_takes_port<char16_t> && !url_takes_port<char32_t> &&
              !url_takes_port<double> && !url_takes_port<float> && !url_takes_port<plain_enum> &&
              !url_takes_port<some_enum>);
static_assert(builder_takes_port<int> && builder_takes_port<long> &&
              builder_takes_port<std::size_t> && builder_takes_port<std::uint16_t> &&
              builder_takes_port<std::string_view>);
static_assert(!builder_takes_port<bool> && !builder_takes_port<char> &&
              !builder_takes_port<char8_t> && !builder_takes_port<char32_t> &&
              !builder_takes_port<double> && !builder_takes_port<plain_enum>);

// Ports a client can use: above 65535 a setter refuses in both modes, and a
// parsed one is never read as "no port".
BOOST_AUTO_TEST_CASE(ports_above_65535) {
  for (const mode m : {mode::lenient, mode::strict}) {
    const error e = edit_error(parsed("http://h/", m), [](url& x) { return x.set_port("99999"); });
    BOOST_TEST((e.code == error_code::port_out_of_range));
    BOOST_TEST(e.offset == 0u);
    BOOST_TEST(e.message() ==
               "port: port must be at most 65535 (a TCP or UDP port is 16 bits, RFC 793 3.1)");
  }
  url u = parsed("http://h/");
  BOOST_TEST(u.set_port("65535").has_value());
  BOOST_TEST(parse_http(u.buffer()).has_value());
  BOOST_TEST(!url_builder().scheme("http").host("h").port("65536").build().has_value());
  const auto v = url::parse("http://h:99999/");
  BOOST_TEST_REQUIRE(v.has_value());  // port = *digit (draft 4.3.1)
  BOOST_TEST(!v->view().port_number().has_value());
}

// An edit never fails because of a component it did not touch: a lenient
// url keeps what lenient parsing took, and a strict url's edits are strict.
BOOST_AUTO_TEST_CASE(edits_follow_the_mode) {
  url u = parsed("http://h/a|b?c{d}");
  BOOST_TEST(u.set_fragment("x").has_value());
  BOOST_TEST(u.buffer() == "http://h/a|b?c{d}#x");
  BOOST_TEST(u.set_encoded_query("e|f").has_value());
  url s = parsed("http://h/a", mode::strict);
  const error e = edit_error(s, [](url& x) { return x.set_encoded_query("e|f"); });
  BOOST_TEST(e.offset == 1u);
  BOOST_TEST((e.code == error_code::unwise_character));
  // The builder takes its mode once: a lenient one takes "[::1]".
  BOOST_TEST(url_builder(mode::lenient).scheme("http").host("[::1]").build().has_value());
  BOOST_TEST(!url_builder().scheme("http").host("[::1]").build().has_value());
}

// One verb per act: remove_ on url and on url_builder.
BOOST_AUTO_TEST_CASE(one_verb_to_remove) {
  url u = parsed("http://u:p@h:1/a;b?c#d");
  BOOST_TEST(u.remove_password().has_value());
  BOOST_TEST(u.remove_user().has_value());
  BOOST_TEST(u.remove_port().has_value());
  BOOST_TEST(u.remove_params().has_value());
  BOOST_TEST(u.remove_query().has_value());
  BOOST_TEST(u.remove_fragment().has_value());
  BOOST_TEST(u.buffer() == "http://h/a");
  url_builder b(parsed("http://u:p@h:1/a;b?c#d").view());
  b.remove_user().remove_port().remove_params().remove_query().remove_fragment();
  BOOST_TEST(b.build()->buffer() == "http://h/a");
}

BOOST_AUTO_TEST_SUITE_END()
