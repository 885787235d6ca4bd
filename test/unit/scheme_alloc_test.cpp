// Typed scheme views allocate nothing when they parse: they keep views into
// the URL and decode a part only when asked for it.  Lists (ftp's <cwd>s,
// http's hsegments, prospero's fieldspecs) are ranges that allocate nothing
// either, decode_to() included.
#include <boost/test/unit_test.hpp>

#include <array>
#include <span>
#include <string>

#include "alloc_counter.hpp"
#include "urlkit/urlkit.hpp"

using namespace urlkit;

namespace {

// Whether some typed view parses `u`: every parse_X is tried, and the one of
// u's scheme must succeed.
bool parses(const url_view& u) {
  return static_cast<bool>(parse_ftp(u)) || static_cast<bool>(parse_http(u)) ||
         static_cast<bool>(parse_gopher(u)) || static_cast<bool>(parse_mailto(u)) ||
         static_cast<bool>(parse_news(u)) || static_cast<bool>(parse_nntp(u)) ||
         static_cast<bool>(parse_telnet(u)) || static_cast<bool>(parse_wais(u)) ||
         static_cast<bool>(parse_file(u)) || static_cast<bool>(parse_prospero(u));
}

bool parses(std::string_view s) {
  return static_cast<bool>(parse_ftp(s)) || static_cast<bool>(parse_http(s)) ||
         static_cast<bool>(parse_gopher(s)) || static_cast<bool>(parse_mailto(s)) ||
         static_cast<bool>(parse_news(s)) || static_cast<bool>(parse_nntp(s)) ||
         static_cast<bool>(parse_telnet(s)) || static_cast<bool>(parse_wais(s)) ||
         static_cast<bool>(parse_file(s)) || static_cast<bool>(parse_prospero(s));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scheme_allocation)

// Parts longer than std::string keeps inline, escapes, and lists: parsing
// still allocates nothing, from a url_view or from a string.
BOOST_AUTO_TEST_CASE(parsing_a_typed_view_allocates_nothing) {
  const char* const cases[] = {
      "ftp://u:p@h/a/b;type=i",
      "ftp://h/name",
      ("ftp://a%20long%20user%20name:and%20a%20long%20password@ftp.example.org:2121"
       "/pub/some/rather/deep/directory%20tree/with/many/levels/file%20name.tar.gz;type=i"),
      "ftp://h//etc/motd",
      "http://h:8080/a;b?c",
      "http://www.example.com/a/rather/long/path%20with%20escapes/and/more;p?q=1&r=%202",
      "gopher://h/0a%09b",
      "gopher://h/1a%20selector%20longer%20than%20inline%09a%20long%20search%09+gopher%0D%0A",
      "mailto:a@b.c",
      "mailto:a.rather.long.local.part%2Bwith.escapes@mail.subdomain.example.org",
      // RFC 6068's reading (lenient mode): several addresses, header fields.
      ("mailto:a.rather.long.local.part@x.example.org,b%40y.example.org?subject=a%20subject%20"
       "longer%20than%20inline&cc=c@z.org&body=line%0D%0Aline"),
      "news:comp.x",
      "news:1@h.c",
      "news:comp.infosystems.www.providers.and.a.long.tail",
      "nntp://h/g/1",
      "nntp://news.example.org:1119/comp.infosystems.www.misc/1234567",
      "telnet://u:p@h/",
      "telnet://a%20long%20user%20name:and%20a%20long%20password@host.example.org:2323/",
      "wais://h/db/t/p",
      "wais://wais.example.org:2100/a-database-name?a%20search%20longer%20than%20inline",
      "file:///a/b",
      "file://localhost/usr/share/doc/a%20long%20file%20name%20with%20escapes.html",
      "file://LOCALH%4FST/x",
      "prospero://h/x;a=b",
      "prospero://archie.example.org:1526/pub/x%20y;OBJECT-VERSION=2;ID=a%3Bb;n=v;m=w",
  };
  for (const char* text : cases) {
    BOOST_TEST_CONTEXT(text) {
      auto u = parse_reference(text);
      BOOST_REQUIRE(u);
      bool ok = false;
      auto n = urlkit_test::allocations_of([&] { ok = parses(*u); });
      BOOST_TEST(ok);
      BOOST_TEST(n == 0u);
      n = urlkit_test::allocations_of([&] { ok = parses(std::string_view(text)); });
      BOOST_TEST(ok);
      BOOST_TEST(n == 0u);
    }
  }
}

// The ranges, their elements and the encoded accessors allocate nothing;
// decode_to() writes into the caller's buffer.
BOOST_AUTO_TEST_CASE(ranges_allocate_nothing) {
  const std::string ftp_text =
      "ftp://u:p@h/a%20rather%20long%20directory%20name/b/c%2Fd/e/file%20name.txt;type=i";
  const std::string http_text = "http://h/a%20rather%20long%20segment%20name/b;p/c?q";
  const std::string prospero_text = "prospero://h/x%20y;OBJECT-VERSION=2;a%20long%20name=a%3Bb;n";
  auto f = parse_ftp(ftp_text);
  auto h = parse_http(http_text);
  auto p = parse_prospero(prospero_text);
  // RFC 6068's lists: two to-part addresses (one empty, skipped), a "to"
  // hfield with two more, "&&" skipped.
  const std::string mailto_text =
      "mailto:a%20b@x.example.org,,c@y.example.org?subject=a%20long%20subject&&"
      "to=d@z.example.org,e@w.example.org&body=x";
  auto m = parse_mailto(mailto_text);
  BOOST_REQUIRE(f);
  BOOST_REQUIRE(h);
  BOOST_REQUIRE(p);
  BOOST_REQUIRE(m);

  std::array<char, 64> buf{};
  std::size_t elements = 0, decoded = 0;
  bool ok = true;
  auto decode_into = [&](decode_view part) {
    auto n = part.decode_to(buf);
    ok = ok && n && *n == part.decoded_size();
    decoded += n ? *n : 0;
  };
  const auto n = urlkit_test::allocations_of([&] {
    for (const decode_view c : f->cwd()) {
      ++elements;
      decode_into(c);
    }
    decode_into(f->name());
    elements += f->cwd().size();
    for (const decode_view s : h->hsegments()) {
      ++elements;
      decode_into(s);
    }
    for (prospero_fieldspec spec : p->fieldspecs()) {
      ++elements;
      decode_into(spec.name());
      decode_into(spec.value());
    }
    for (const decode_view a : m->to()) {
      ++elements;
      decode_into(a);
    }
    for (const query_param_view field : m->headers()) {
      ++elements;
      decode_into(field.name());
      decode_into(field.value());
    }
    elements += m->to().size() + m->headers().size();
    ok = ok && f->encoded_user() == "u" && f->encoded_password() == "p";
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(ok);
  BOOST_TEST(elements == 4u + 4u + 3u + 3u + (4u + 3u) * 2u);
  BOOST_TEST(decoded > 0u);
  // Too small a buffer is an error, not an allocation.
  std::array<char, 4> small{};
  auto r = f->cwd().front().decode_to(small);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::buffer_too_small);
}

BOOST_AUTO_TEST_SUITE_END()
