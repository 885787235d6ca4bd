// Normalization and equivalence (urlkit/normalize.hpp): a table of pairs,
// equivalent or not, each row naming the rule that decides it; the normal
// forms; idempotence; hashes consistent with equivalence; no allocation.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "alloc_counter.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/url.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

namespace {

struct pair_row {
  std::string_view a;
  std::string_view b;
  bool same;
  std::string_view rule;  // the rule, and where it is written
  bool ignore_fragment = false;
};

// clang-format off
const pair_row pairs[] = {
    // The issue's own example: scheme and host case, default port, "~" escaped.
    {"HTTP://Example.COM:80/%7efoo", "http://example.com/~foo", true,
     "scheme, host case; default port; %7E is ~ (RFC 1738 2.1, 3.1, 3.3, 2.2; draft E.2)"},

    // Case.
    {"HTTP://a/", "http://a/", true, "scheme ignores case (RFC 1738 2.1, draft 4.1)"},
    {"Mailto:x@y", "mailto:x@y", true, "scheme ignores case (RFC 1738 2.1, draft 4.1)"},
    {"http://EXAMPLE.Com/", "http://example.com/", true,
     "host names ignore case (RFC 1738 3.1: a domain name; RFC 1034 3.1)"},
    {"http://%41.com/", "http://a.com/", true,
     "an escaped letter in a host is the letter, and its case is ignored (RFC 1738 2.2, 3.1)"},
    {"http://a/B", "http://a/b", false, "a path keeps its case (RFC 1738 2.2: octets)"},
    {"http://U@a/", "http://u@a/", false, "a user keeps its case (RFC 1738 3.1)"},
    {"http://a/b?Q", "http://a/b?q", false, "a search keeps its case (RFC 1738 3.3)"},

    // IPv6 literals, beyond RFC 1738 (lenient mode).
    {"http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/", true,
     "an IPv6 literal is its address: RFC 5952 4 text (lower case, longest zero run as ::)"},
    {"http://[0:0:0:0:0:0:0:1]:80/", "http://[::1]/", true,
     "RFC 5952 4.2.1: \"::\" as long as possible; and the default port (RFC 1738 3.3)"},
    {"http://[::FFFF:102:304]/", "http://[::ffff:1.2.3.4]/", true,
     "RFC 5952 5: an IPv4-mapped address ends in dotted decimal"},
    {"http://[0001:02:3::]/", "http://[1:2:3::]/", true, "RFC 5952 4.1: no leading zeros"},
    {"http://[::1]/", "http://[::2]/", false, "two addresses"},
    {"http://[fe80::1%25eth0]/", "http://[fe80::1%25ETH0]/", false,
     "a zone identifier keeps its case (RFC 6874 2: an interface name)"},
    {"http://[fe80::1%25eth%30]/", "http://[FE80::1%25eth0]/", true,
     "a zone's escaped digit is the digit (RFC 6874 2, RFC 1738 2.2)"},

    // Escapes (RFC 1738 2.2).
    {"http://a/%7E", "http://a/~", true, "%7E is ~: unreserved (RFC 1738 2.2, draft E.2)"},
    {"http://a/%41%62%30%2D%2E%5F", "http://a/Ab0-._", true,
     "letters, digits, - . _ may be written either way (RFC 1738 2.2)"},
    {"http://a/%3f", "http://a/%3F", true,
     "hex digits of an escape in either case (RFC 1738 2.2: \"abcdef\" may also be used)"},
    {"http://a/%c3%bc", "http://a/%C3%BC", true, "hex digits in either case (RFC 1738 2.2)"},
    {"http://u%7E:p%41@a/", "http://u~:pA@a/", true, "user and password too (RFC 1738 2.2, 3.1)"},
    {"http://a/b?%7Ex", "http://a/b?~x", true, "a search too (RFC 1738 2.2, 3.3)"},
    {"ftp://a/b;type=%61", "ftp://a/b;type=a", true, "parameters too (RFC 1738 2.2, 3.2.2)"},
    {"x-y:%7E", "x-y:~", true, "any scheme (RFC 1738 2.2)"},
    {"http://a/b%3Bc", "http://a/b;c", false,
     "a reserved character is not its escape (RFC 1738 2.2: \"encoding a character reserved "
     "... may change the semantics\")"},
    {"http://a/b%2Fc", "http://a/b/c", false, "\"/\" is not %2F (RFC 1738 2.2, 3.3)"},
    {"ftp://a/b%3Btype=i", "ftp://a/b;type=i", false,
     "ftp's \";type=\" is reserved (RFC 1738 3.2.2)"},
    {"ftp://a/b;type%3Di", "ftp://a/b;type=i", false,
     "ftp's \";type=\" is reserved (RFC 1738 3.2.2)"},
    {"http://a/b?x%3Dy", "http://a/b?x=y", false, "http's search reserves \"=\" (RFC 1738 3.3)"},
    {"http://a/b?x%3Fy", "http://a/b?x?y", false, "http's search reserves \"?\" (RFC 1738 3.3)"},
    {"http://a/b?x+y", "http://a/b?x%2By", false,
     "\"+\" is reserved (draft 2.1, E.2), a space in form data"},
    {"http://a/b?x+y", "http://a/b?x%20y", false, "\"+\" is not a space in a URL (draft 2.1)"},
    {"http://a/%24%21%2A%27%28%29%2C", "http://a/$!*'(),", false,
     "escapes of $ ! * ' ( ) , stay: later standards reserve them (RFC 3986 2.2 sub-delims)"},
    {"h%4%41", "h%%34%41", true, "a lone % and the octets after it, however escaped"},
    {"h%4%41", "h%4A", false, "a lone % and two octets are not the escape of J (draft 2.3.3)"},
    {"http://a/{", "http://a/%7B", false,
     "an unwise character taken by lenient mode is not equated with its escape (draft 2.3.3)"},
    {"mailto:%22a%40b%22@c", "mailto:%22a@b%22@c", false,
     "the draft's reserved set stays escaped in mailto too, although RFC 1738 3.5 reserves "
     "nothing there (draft 2.1; the guide's decision)"},

    // Ports (draft E.3, RFC 1738 3.x).
    {"http://a:/", "http://a/", true, "an empty port is the default (draft E.3)"},
    {"http://a:80/", "http://a/", true, "http's default port 80 (RFC 1738 3.3)"},
    {"ftp://a:21/f", "ftp://a/f", true, "ftp's default port 21 (RFC 1738 3.2)"},
    {"gopher://a:70/", "gopher://a/", true, "gopher's default port 70 (RFC 1738 3.4)"},
    {"nntp://a:119/g/1", "nntp://a/g/1", true, "nntp's default port 119 (RFC 1738 3.7)"},
    {"telnet://a:23/", "telnet://a/", true, "telnet's default port 23 (RFC 1738 3.8)"},
    {"https://a:443/", "https://a/", true, "https's default port 443 (RFC 2818 2.4)"},
    {"HTTP://a:80/", "http://a/", true, "the default is the scheme's, any case (RFC 1738 2.1)"},
    {"http://a:0080/", "http://a/", true, "a port is a number (RFC 1738 3.1): 0080 is 80"},
    {"http://a:08080/", "http://a:8080/", true, "a port is a number (RFC 1738 3.1)"},
    {"http://a:8080/", "http://a/", false, "another port than the default (RFC 1738 3.3)"},
    {"http://a:443/", "http://a/", false, "443 is https's default, not http's (RFC 1738 3.3)"},
    {"x-y://a:80/", "x-y://a/", false, "a scheme without a default port keeps it (ports.hpp)"},
    {"//a:80/", "//a/", false, "no scheme, no default port (draft 4.3.1)"},
    {"//A:/x", "//a/x", true, "an empty port is no port, scheme or not (draft E.3)"},

    // http's path (RFC 1738 3.3).
    {"http://a", "http://a/", true, "http's absent path is \"/\" (RFC 1738 3.3)"},
    {"HTTPS://a", "https://a/", true, "https's likewise (RFC 2818 2.4: http's syntax)"},
    {"ws://a", "ws://a/", true, "ws's likewise (RFC 6455 3: \"/\" if the path is empty)"},
    {"http://a?q", "http://a/?q", true, "http's absent path is \"/\" (RFC 1738 3.3; lenient)"},
    {"http://a:80", "http://a/", true, "default port and absent path (RFC 1738 3.3)"},
    {"ftp://a", "ftp://a/", false, "only http's absent path is \"/\" (RFC 1738 3.3)"},
    {"http://a/b", "http://a/b/", false, "a path's trailing \"/\" counts (draft 4.3.2)"},

    // mailto (RFC 1738 3.5).
    {"mailto:Joe@EXAMPLE.COM", "mailto:Joe@example.com", true,
     "a mailto domain ignores case (RFC 1738 3.5; RFC 822 3.4.7)"},
    {"mailto:Joe@a.com", "mailto:joe@a.com", false,
     "a mailto local part keeps its case (RFC 822 3.4.7)"},
    {"mailto:a@X.org,B@Y.org", "mailto:a@x.org,B@y.org", true,
     "each address's domain (RFC 6068 2; lenient)"},
    {"mailto:%22A@B%22@C.D", "mailto:%22A@B%22@c.d", true,
     "the domain follows the last \"@\" (RFC 822 6.1: a quoted local part may hold one)"},
    {"mailto:%22A@B%22@c.d", "mailto:%22a@b%22@c.d", false,
     "a quoted local part keeps its case (RFC 822 3.4.7)"},
    {"mailto:a@b?subject=X", "mailto:a@b?subject=x", false, "a header keeps its case (RFC 6068)"},

    // What stays different.
    {"http://a/b?", "http://a/b", false, "an empty query is not an absent one (draft 4.3.4)"},
    {"http://a/b;", "http://a/b", false, "empty parameters are not absent ones (draft 4.3.3)"},
    {"http://a/b#", "http://a/b", false, "an empty fragment is not an absent one (draft 3)"},
    {"http://@a/", "http://a/", false,
     "an empty user is not an absent one (draft 4.3.1: \"different than no user name\")"},
    {"http://u:@a/", "http://u@a/", false, "an empty password is not an absent one (draft 4.3.1)"},
    {"http://a/./b", "http://a/b", false, "dot segments stay: only resolution removes them (draft 6)"},
    {"http://a/b/../c", "http://a/c", false, "dot segments stay (draft 6)"},
    {"http://a/b", "https://a/b", false, "two schemes"},

    // Fragments: as written, or ignored (draft 3: "not part of a URL").
    {"http://a/b#X", "http://a/b#x", false, "a fragment compares as written (draft 3)"},
    {"http://a/b#%7E", "http://a/b#~", false,
     "a fragment compares as written: its meaning is the media type's (draft 3)"},
    {"http://a/b#x", "http://a/b#y", true, "ignore_fragment (draft 3)", true},
    {"http://a/b#x", "http://a/b", true, "ignore_fragment: absent too (draft 3)", true},
    {"HTTP://A/b#x", "http://a/b", true, "ignore_fragment, with the other rules", true},
    {"http://a/b?#x", "http://a/b", false, "ignore_fragment keeps the empty query (draft 4.3.4)",
     true},

    // Relative references.
    {"%61b:c", "a%62:c", true,
     "a relative path: what would read as a scheme keeps its first byte escaped (draft 4.1)"},
    {"g%7E", "g~", true, "a relative path's escapes (RFC 1738 2.2)"},
    {"//EX.com", "//ex.com", true, "a net path's host (RFC 1738 3.1)"},
};
// clang-format on

struct normal_row {
  std::string_view in;
  std::string_view out;
  std::string_view rule;
};

// clang-format off
const normal_row normal_forms[] = {
    {"HTTP://Example.COM:80/%7efoo", "http://example.com/~foo", "the issue's example"},
    {"http://a?q", "http://a/?q", "RFC 1738 3.3"},
    {"http://a:/", "http://a/", "draft E.3"},
    {"http://a:00/", "http://a:0/", "a port is a number"},
    {"http://a/%3f%2b%7e", "http://a/%3F%2B~", "RFC 1738 2.2"},
    {"http://[2001:0DB8:0000:0000:0001:0000:0000:0001]/", "http://[2001:db8::1:0:0:1]/",
     "RFC 5952 4.2.3: the first of two equal runs"},
    {"http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/", "RFC 5952 4.2.3: the longest run"},
    {"http://[1:0:2:3:4:5:6:7]/", "http://[1:0:2:3:4:5:6:7]/", "RFC 5952 4.2.2: not one group"},
    {"http://[0:0:0:0:0:0:0:0]/", "http://[::]/", "RFC 5952 4.2.1"},
    {"http://[1::]/", "http://[1::]/", "RFC 5952 4.2.1"},
    {"http://[::ffff:0:102:304]/", "http://[::ffff:0:1.2.3.4]/",
     "RFC 5952 5: IPv4-translated (RFC 2765)"},
    {"http://[::1.2.3.4]/", "http://[::102:304]/", "RFC 5952 5: no well-known prefix, hex"},
    {"http://[FE80::1%25Eth%30]:8080/", "http://[fe80::1%25Eth0]:8080/", "RFC 5952, RFC 6874"},
    {"%61b:c", "%61b:c", "draft 4.1"},
    {"a%62:c", "%61b:c", "draft 4.1"},
    {"%7Eb:c", "~b:c", "draft 4.1: ~ is no scheme character"},
    {"a%2Bb:c", "a%2Bb:c", "draft 4.1: %2B stays, so no scheme"},
    {"./a%3Ab", "./a%3Ab", "draft 4.1: no \":\" before the first \"/\""},
    {"mailto:Joe@EXAMPLE.COM?subject=Hi%7E", "mailto:Joe@example.com?subject=Hi~",
     "RFC 1738 3.5, 2.2"},
    {"http://a/b/%2E%2E/c", "http://a/b/../c", "RFC 1738 2.2; dot segments stay"},
    {"http://U:P@A.B:0/x;p?q#F%7e", "http://U:P@a.b:0/x;p?q#F%7e", "fragment as written"},
    // A lone "%" (lenient, draft 2.3.3) never starts an escape once decoded.
    {"h%4%41", "h%4%41", "not the %4A of J"},
    {"h%%341", "h%4%31", "\"%\", \"4\", \"1\": one normal form"},
    {"h%%34z%", "h%4z%", "a lone % and one hex digit"},
    {"h%4..4zz%41%\xfe" "34zz%4%41", "h%4..4zzA%\xfe" "34zz%4%41", "found by the parse fuzzer"},
};
// clang-format on

url_view view_of(std::string_view s) {
  auto r = parse_reference(s);
  BOOST_TEST_REQUIRE(r.has_value(), s << ": " << r.error());
  return *r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(normalize)

BOOST_AUTO_TEST_CASE(pairs_by_rule) {
  for (const pair_row& row : pairs) {
    BOOST_TEST_CONTEXT(row.a << " | " << row.b << " (" << row.rule << ")") {
      const url_view a = view_of(row.a);
      const url_view b = view_of(row.b);
      const equivalence_options o{row.ignore_fragment};
      BOOST_TEST(equivalent(a, b, o) == row.same);
      BOOST_TEST(equivalent(b, a, o) == row.same);
      const auto na = normalized(a, o);
      const auto nb = normalized(b, o);
      BOOST_TEST_REQUIRE(na.has_value());
      BOOST_TEST_REQUIRE(nb.has_value());
      // Equivalent exactly when the normal forms are the same text.
      BOOST_TEST((na->buffer() == nb->buffer()) == row.same, na->buffer() << " | " << nb->buffer());
      if (row.same) BOOST_TEST(hash_equivalent(a, o) == hash_equivalent(b, o));
      // operator== stays byte equality.
      if (row.a != row.b) BOOST_TEST(!(a == b));
    }
  }
}

BOOST_AUTO_TEST_CASE(normal_forms_by_rule) {
  for (const normal_row& row : normal_forms) {
    BOOST_TEST_CONTEXT(row.in << " (" << row.rule << ")") {
      const auto n = normalized(view_of(row.in));
      BOOST_TEST_REQUIRE(n.has_value(), n.error());
      BOOST_TEST(n->buffer() == row.out);
      BOOST_TEST(n->view().recompose() == row.out);  // parsed back to its components
    }
  }
}

// normalized() is idempotent, equivalent to its input, and hashes as it does,
// over every URL of both tables, with and without the fragment.
BOOST_AUTO_TEST_CASE(idempotent_and_equivalent_to_its_input) {
  std::vector<std::string_view> all;
  for (const pair_row& row : pairs) {
    all.push_back(row.a);
    all.push_back(row.b);
  }
  for (const normal_row& row : normal_forms) all.push_back(row.in);
  for (std::string_view s : all)
    for (const bool ignore : {false, true}) {
      BOOST_TEST_CONTEXT(s << (ignore ? " (ignore_fragment)" : "")) {
        const equivalence_options o{ignore};
        const url_view u = view_of(s);
        const auto once = normalized(u, o);
        BOOST_TEST_REQUIRE(once.has_value());
        const auto twice = normalized(once->view(), o);
        BOOST_TEST_REQUIRE(twice.has_value());
        BOOST_TEST(twice->buffer() == once->buffer());
        BOOST_TEST(equivalent(u, once->view(), o));
        BOOST_TEST(hash_equivalent(u, o) == hash_equivalent(once->view(), o));
        BOOST_TEST((once->view().parsed_mode() == u.parsed_mode()));
        if (ignore) BOOST_TEST(!once->view().has_fragment());
      }
    }
}

BOOST_AUTO_TEST_CASE(strict_views_stay_strict) {
  auto u = parse_reference("HTTP://A.B:80/%7Ex", mode::strict);
  BOOST_TEST_REQUIRE(u.has_value());
  const auto n = normalized(*u);
  BOOST_TEST_REQUIRE(n.has_value());
  BOOST_TEST(n->buffer() == "http://a.b/~x");
  BOOST_TEST((n->view().parsed_mode() == mode::strict));
}

BOOST_AUTO_TEST_CASE(url_normalize_edits_in_place) {
  auto u = url::parse("HTTP://Example.COM:80/%7efoo#Top").value();
  const url before = u;
  BOOST_TEST_REQUIRE(u.normalize().has_value());
  BOOST_TEST(u.buffer() == "http://example.com/~foo#Top");
  BOOST_TEST(u->encoded_host() == "example.com");  // the view points into the new text
  BOOST_TEST(!(u == before));                      // == is bytes
  BOOST_TEST(equivalent(u.view(), before.view()));
  BOOST_TEST_REQUIRE(u.normalize().has_value());
  BOOST_TEST(u.buffer() == "http://example.com/~foo#Top");
}

// A set keyed by equivalence keeps one URL of each class.
BOOST_AUTO_TEST_CASE(unordered_containers) {
  const std::string a = "HTTP://Example.COM:80/%7efoo";
  const std::string b = "http://example.com/~foo";
  const std::string c = "http://example.com/~foo#x";
  std::unordered_set<url_view, equivalent_hash, equivalent_to> views;
  for (const std::string* s : {&a, &b, &c}) views.insert(view_of(*s));
  BOOST_TEST(views.size() == 2u);
  const equivalence_options crawler{.ignore_fragment = true};
  std::unordered_set<url, equivalent_hash, equivalent_to> urls(8, equivalent_hash{crawler},
                                                               equivalent_to{crawler});
  for (const std::string* s : {&a, &b, &c}) urls.insert(url::parse(*s).value());
  BOOST_TEST(urls.size() == 1u);
}

// equivalent() and hash_equivalent() on two views allocate nothing, with
// components longer than any inline buffer, escapes, IPv6 and mailto.
BOOST_AUTO_TEST_CASE(equivalence_allocates_nothing) {
  const std::string long_path(300, 'p');
  const std::vector<std::string> inputs = {
      "HTTP://Example.COM:80/%7efoo/" + long_path + "?q=%2b%7e#f",
      "http://example.com/~foo/" + long_path + "?q=%2B~#f",
      "http://[2001:DB8:0:0:0:0:0:1%25eth%30]:0080/" + long_path,
      "mailto:Joe@EXAMPLE.COM," + long_path + "@X.Y",
      "a%62:c/" + long_path,
  };
  std::vector<url_view> views;
  views.reserve(inputs.size());
  for (const std::string& s : inputs) views.push_back(view_of(s));
  bool any_same = false;
  std::size_t hashes = 0;
  const std::size_t n = urlkit_test::allocations_of([&] {
    for (const url_view& x : views)
      for (const url_view& y : views) {
        any_same |= equivalent(x, y) && &x != &y;
        any_same |= equivalent(x, y, {.ignore_fragment = true}) && &x != &y;
      }
    for (const url_view& x : views) hashes += hash_equivalent(x);
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(any_same);  // the first two are equivalent
  BOOST_TEST(hashes != 0u);
}

BOOST_AUTO_TEST_SUITE_END()
