// urlkit/schemes/scheme_view.hpp, what every typed scheme view shares: one
// base, whose url() is the generic view and buffer() and operator<< the URL
// as written; the encoded parts, the lists (encoded_parts and prospero's
// fieldspecs) and their decoding agree with the decoded accessors.
#include <boost/test/unit_test.hpp>

#include <array>
#include <concepts>
#include <iterator>
#include <ranges>
#include <sstream>
#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/urlkit.hpp"

// Every list of the API is a standard forward range of values, its iterator
// built on the one base (detail::forward_iterator_base).
static_assert(std::forward_iterator<urlkit::segments_view::iterator>);
static_assert(std::forward_iterator<urlkit::query_params_view::iterator>);
static_assert(std::forward_iterator<urlkit::prospero_fieldspecs::iterator>);
static_assert(std::forward_iterator<urlkit::mailto_headers::iterator>);
static_assert(std::forward_iterator<urlkit::mailto_addresses::iterator>);
static_assert(std::ranges::forward_range<urlkit::mailto_addresses>);
static_assert(std::ranges::forward_range<urlkit::mailto_headers>);

// url() and buffer() are declared once, in scheme_view, for every typed view:
// a view that declared its own would hide them, and these would not hold.
template <class... View>
constexpr bool all_scheme_views =
    (... && (std::derived_from<View, urlkit::scheme_view> &&
             std::same_as<decltype(&View::url), decltype(&urlkit::scheme_view::url)> &&
             std::same_as<decltype(&View::buffer), decltype(&urlkit::scheme_view::buffer)>));
static_assert(
    all_scheme_views<urlkit::http_view, urlkit::ftp_view, urlkit::gopher_view, urlkit::nntp_view,
                     urlkit::telnet_view, urlkit::wais_view, urlkit::prospero_view,
                     urlkit::news_view, urlkit::file_view, urlkit::mailto_view, urlkit::data_view>);
// One name=value type: query parameters, mailto's header fields, prospero's fieldspecs.
static_assert(std::same_as<urlkit::prospero_fieldspec, urlkit::query_param_view>);
static_assert(
    std::same_as<std::iter_value_t<urlkit::mailto_headers::iterator>, urlkit::query_param_view>);

using namespace urlkit;
using urlkit_test::decoded_pairs;
using urlkit_test::decoded_strings;

namespace {

template <class View>
std::string printed(const View& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// buffer() is the URL's text, url().buffer(), a view of `text` itself;
// operator<< prints it.
template <class Parse>
void check_buffer(Parse parse, const std::string& text) {
  BOOST_TEST_CONTEXT(text) {
    auto v = parse(std::string_view(text));
    BOOST_REQUIRE(v);
    BOOST_TEST(v->buffer() == text);
    BOOST_TEST(v->buffer().data() == text.data());
    BOOST_TEST(v->buffer() == v->url().buffer());
    BOOST_TEST(printed(*v) == text);
    // Also from a url_view, and with a fragment (part of the text parsed).
    auto u = parse_absolute(text);
    BOOST_REQUIRE(u);
    auto w = parse(*u);
    BOOST_REQUIRE(w);
    BOOST_TEST(w->buffer() == text);
    BOOST_TEST(printed(*w) == text);
  }
}

using strings = std::vector<std::string>;

strings encoded(const segments_view& parts) {
  strings out;
  for (const decode_view p : parts) out.emplace_back(p.encoded());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scheme_views)

BOOST_AUTO_TEST_CASE(buffer_and_stream_output) {
  check_buffer([](const auto& u) { return parse_ftp(u); }, "ftp://u:p@h/a/b%20c;type=i");
  check_buffer([](const auto& u) { return parse_http(u); }, "http://h:8080/a;b?c#f");
  check_buffer([](const auto& u) { return parse_gopher(u); }, "gopher://h/0a%09b");
  check_buffer([](const auto& u) { return parse_mailto(u); }, "mailto:a@b.c");
  check_buffer([](const auto& u) { return parse_news(u); }, "news:comp.x#top");
  check_buffer([](const auto& u) { return parse_nntp(u); }, "nntp://h/g/1");
  check_buffer([](const auto& u) { return parse_telnet(u); }, "telnet://u:p@h/");
  check_buffer([](const auto& u) { return parse_wais(u); }, "wais://h/db/t/p");
  check_buffer([](const auto& u) { return parse_file(u); }, "file:///a/b%20c");
  check_buffer([](const auto& u) { return parse_prospero(u); }, "prospero://h/x;a=b");
  // A view printed as it is written: no password masking, no normalization.
  std::ostringstream os;
  os << *parse_ftp("FTP://U:P@H/A") << ' ' << *parse_http("http://h");
  BOOST_TEST(os.str() == "FTP://U:P@H/A http://h");
}

BOOST_AUTO_TEST_CASE(decode_view_reading) {
  const decode_view p(std::string_view("a%20b%zz%2F"));
  BOOST_TEST(p.encoded() == "a%20b%zz%2F");
  BOOST_TEST(p.decoded_size() == 7u);
  BOOST_TEST(p.to_string() == "a b%zz/");  // a "%" without two hex digits is itself
  BOOST_TEST(p == "a b%zz/");
  BOOST_TEST(p != "a%20b%zz%2F");
  BOOST_TEST(p == decode_view(std::string_view("a b%zz%2f")));  // compared decoded
  BOOST_TEST((p < "b"));
  BOOST_TEST(p.starts_with("a b"));
  BOOST_TEST(!p.starts_with("a%"));
  BOOST_TEST(!p.is_as_written());
  BOOST_TEST(decode_view(std::string_view("ab%")).is_as_written());
  BOOST_TEST(!decode_view(std::string_view("%25")).is_as_written());  // "%" written as an escape
  std::array<char, 7> exact{};
  auto n = p.decode_to(exact);
  BOOST_REQUIRE(n);
  BOOST_TEST(std::string_view(exact.data(), *n) == "a b%zz/");
  std::array<char, 6> small{};
  BOOST_TEST(!p.decode_to(small));
  BOOST_TEST(decode_view().empty());
  BOOST_TEST(decode_view().to_string().empty());
  BOOST_TEST(decode_view(std::string_view("a+b"), true) == "a b");  // forms' "+"
  BOOST_TEST(decode_view(std::string_view("a+b")) == "a+b");
  std::ostringstream os;
  os << p;
  BOOST_TEST(os.str() == "a b%zz/");
}

// One rule for paths (segments.hpp): an empty path has no segments; a
// scheme's list that is present but empty has one empty element; an
// absent list none.
BOOST_AUTO_TEST_CASE(segments_lists) {
  BOOST_TEST(segments_view().empty());
  BOOST_TEST(segments_view().size() == 0u);
  BOOST_TEST((segments_view().begin() == segments_view().end()));
  BOOST_TEST(segments_view(std::string_view("x", 0)).empty());  // an empty path
  const segments_view empty = segments_view::list(std::string_view("x", 0), '/');
  BOOST_TEST(!empty.empty());
  BOOST_TEST(empty.size() == 1u);
  BOOST_TEST(encoded(empty) == (strings{""}), boost::test_tools::per_element());
  BOOST_TEST(segments_view::list(std::string_view(), '/').empty());  // absent
  const segments_view three(std::string_view("a//b%2Fc"));
  BOOST_TEST(three.size() == 3u);
  BOOST_TEST(encoded(three) == (strings{"a", "", "b%2Fc"}), boost::test_tools::per_element());
  BOOST_TEST(decoded_strings(three) == (strings{"a", "", "b/c"}), boost::test_tools::per_element());
  BOOST_TEST(three.front().encoded() == "a");
  auto it = three.begin();
  auto old = it++;
  BOOST_TEST((*old).encoded() == "a");
  BOOST_TEST((*it).encoded() == "");
  BOOST_TEST((*++it).encoded() == "b%2Fc");
  BOOST_TEST((++it == three.end()));
  const segments_view trailing(std::string_view("a/"));
  BOOST_TEST(encoded(trailing) == (strings{"a", ""}), boost::test_tools::per_element());
  const segments_view commas = segments_view::list(std::string_view("a,b%2Cc"), ',');
  BOOST_TEST(decoded_strings(commas) == (strings{"a", "b,c"}), boost::test_tools::per_element());
}

// ftp: cwd_segments() is every fsegment but the last, encoded_name() the
// last; cwd() and name() their decodings.
BOOST_AUTO_TEST_CASE(ftp_parts) {
  auto f = parse_ftp("ftp://u%20x:p%40w@h/a%20b//c%2Fd/n%20m;type=a");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->encoded_user().value() == "u%20x");
  BOOST_TEST(f->user().value() == "u x");
  BOOST_TEST(f->encoded_password().value() == "p%40w");
  BOOST_TEST(f->password().value() == "p@w");
  BOOST_TEST(encoded(f->cwd()) == (strings{"a%20b", "", "c%2Fd"}),
             boost::test_tools::per_element());
  BOOST_TEST(decoded_strings(f->cwd()) == (strings{"a b", "", "c/d"}),
             boost::test_tools::per_element());
  BOOST_TEST(f->encoded_name() == "n%20m");
  BOOST_TEST(f->name() == "n m");

  f = parse_ftp("ftp://h");
  BOOST_REQUIRE(f);
  BOOST_TEST(!f->encoded_user());
  BOOST_TEST(f->cwd().empty());
  BOOST_TEST(f->encoded_name().empty());
  f = parse_ftp("ftp://h/x");
  BOOST_TEST(f->cwd().empty());
  BOOST_TEST(f->encoded_name() == "x");
  f = parse_ftp("ftp://h//");  // "CWD " with a null argument, then a directory
  BOOST_TEST(encoded(f->cwd()) == (strings{""}), boost::test_tools::per_element());
  BOOST_TEST(f->encoded_name() == "");
}

BOOST_AUTO_TEST_CASE(http_parts) {
  auto h = parse_http("http://h/a%20b/c%2Fd;e?q");
  BOOST_REQUIRE(h);
  BOOST_TEST(encoded(h->hsegments()) == (strings{"a%20b", "c%2Fd;e"}),
             boost::test_tools::per_element());
  BOOST_TEST(decoded_strings(h->hsegments()) == (strings{"a b", "c/d;e"}),
             boost::test_tools::per_element());
  BOOST_TEST(parse_http("http://h")->hsegments().empty());
  BOOST_TEST(parse_http("http://h/")->hsegments().empty());  // the rule for every path
}

BOOST_AUTO_TEST_CASE(prospero_parts) {
  auto p = parse_prospero("prospero://h/x;OBJECT-VERSION=2;a%3Db=c%3Bd;n");
  BOOST_REQUIRE(p);
  const prospero_fieldspecs specs = p->fieldspecs();
  BOOST_TEST(specs.size() == 3u);
  BOOST_TEST(specs.buffer() == "OBJECT-VERSION=2;a%3Db=c%3Bd;n");
  strings names, values;
  for (prospero_fieldspec f : specs) {
    names.emplace_back(f.encoded_name());
    values.emplace_back(f.encoded_value());
  }
  BOOST_TEST(names == (strings{"OBJECT-VERSION", "a%3Db", "n"}), boost::test_tools::per_element());
  BOOST_TEST(values == (strings{"2", "c%3Bd", ""}), boost::test_tools::per_element());
  BOOST_TEST((*++specs.begin()).name() == "a=b");
  BOOST_TEST((*++specs.begin()).value() == "c;d");
  const std::vector<std::pair<std::string, std::string>> expected{
      {"OBJECT-VERSION", "2"}, {"a=b", "c;d"}, {"n", ""}};
  BOOST_TEST((decoded_pairs(p->fieldspecs()) == expected));
  p = parse_prospero("prospero://h/x");
  BOOST_REQUIRE(p);
  BOOST_TEST(p->fieldspecs().empty());
  BOOST_TEST(p->fieldspecs().size() == 0u);
  BOOST_TEST((p->fieldspecs().begin() == p->fieldspecs().end()));
  p = parse_prospero("prospero://h/x;");  // lenient: one empty fieldspec
  BOOST_REQUIRE(p);
  BOOST_TEST(p->fieldspecs().size() == 1u);
  BOOST_TEST((decoded_pairs(p->fieldspecs()) ==
              std::vector<std::pair<std::string, std::string>>{{"", ""}}));
}

// The other views' parts as written, absent told from empty.
BOOST_AUTO_TEST_CASE(encoded_accessors) {
  auto g = parse_gopher("gopher://h/0a%20b%09c%20d%09+e%0D%0A");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->encoded_selector() == "a%20b");
  BOOST_TEST(g->encoded_search().value() == "c%20d");
  BOOST_TEST(g->encoded_gopher_plus().value() == "+e%0D%0A");
  g = parse_gopher("gopher://h/0a%09");
  BOOST_REQUIRE(g);
  BOOST_TEST(g->encoded_search().value() == "");
  BOOST_TEST(!g->encoded_gopher_plus());

  auto m = parse_mailto("mailto:a%2Eb@d%2Ee");
  BOOST_REQUIRE(m);
  BOOST_TEST(m->is_addr_spec());
  BOOST_TEST(m->encoded_local_part() == "a%2Eb");
  BOOST_TEST(m->encoded_domain() == "d%2Ee");
  BOOST_TEST(m->local_part() == "a.b");
  BOOST_TEST(m->domain() == "d.e");
  BOOST_TEST(m->address() == "a.b@d.e");

  auto t = parse_telnet("telnet://u%20v@h/");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->encoded_user().value() == "u%20v");
  BOOST_TEST(!t->encoded_password());

  auto w = parse_wais("wais://h/d%20b/t%20y/p%20a");
  BOOST_REQUIRE(w);
  BOOST_TEST(w->encoded_database() == "d%20b");
  BOOST_TEST(!w->encoded_search());
  BOOST_TEST(w->encoded_wtype().value() == "t%20y");
  BOOST_TEST(w->encoded_wpath().value() == "p%20a");
  BOOST_TEST(w->wpath().value() == "p a");
  w = parse_wais("wais://h/db?s%20t");
  BOOST_REQUIRE(w);
  BOOST_TEST(w->encoded_search().value() == "s%20t");
  BOOST_TEST(!w->encoded_wtype());
}

BOOST_AUTO_TEST_SUITE_END()
