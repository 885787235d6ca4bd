// urlkit/segments.hpp: a path's segments (draft 4.3.2: path = fsegment
// *( "/" segment ), the leading "/" not part of it), a scheme's lists, and
// a query's name=value pairs (HTML forms' convention), as views.
#include <boost/test/unit_test.hpp>

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/segments.hpp"

using namespace urlkit;

namespace {

template <class View>
std::vector<std::string> decoded(const View& v) {
  std::vector<std::string> out;
  for (const decode_view d : v) out.push_back(d.to_string());
  return out;
}

using strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(segments_suite)

BOOST_AUTO_TEST_CASE(a_path_has_one_more_segment_than_slashes) {
  BOOST_TEST(decoded(segments_view("a/b/")) == (strings{"a", "b", ""}));
  BOOST_TEST(segments_view("a/b/").size() == 3u);
  BOOST_TEST(decoded(segments_view("a")) == (strings{"a"}));
  BOOST_TEST(decoded(segments_view("/")) == (strings{"", ""}));
  BOOST_TEST(decoded(segments_view("a//b")) == (strings{"a", "", "b"}));
}

BOOST_AUTO_TEST_CASE(an_empty_path_has_none) {
  const segments_view none("");
  BOOST_TEST(none.empty());
  BOOST_TEST(none.size() == 0u);
  BOOST_TEST((none.begin() == none.end()));
  BOOST_TEST(segments_view().empty());
}

BOOST_AUTO_TEST_CASE(segments_are_decoded_and_an_escaped_slash_stays_inside) {
  const segments_view v("a%2Fb/c%20d");
  BOOST_TEST(decoded(v) == (strings{"a/b", "c d"}));
  BOOST_TEST((*v.begin()).encoded() == "a%2Fb");
  BOOST_TEST(v.front().to_string() == "a/b");
  BOOST_TEST(v.buffer() == "a%2Fb/c%20d");
}

BOOST_AUTO_TEST_CASE(a_present_empty_list_has_one_empty_element) {
  // ftp's <cwd>s of "ftp://h//f": present, empty.
  const segments_view present = segments_view::list(std::string_view("", 0), '/');
  BOOST_TEST(!present.empty());
  BOOST_TEST(decoded(present) == (strings{""}));
  // Absent (null data): none.
  const segments_view absent = segments_view::list(std::string_view(), '/');
  BOOST_TEST(absent.empty());
  BOOST_TEST(absent.size() == 0u);
  // Another separator (prospero's fieldspecs, mailto's addresses).
  BOOST_TEST(decoded(segments_view::list("a,b%2Cc", ',')) == (strings{"a", "b,c"}));
}

BOOST_AUTO_TEST_CASE(iterators_are_forward_iterators) {
  static_assert(std::forward_iterator<segments_view::iterator>);
  static_assert(std::forward_iterator<query_params_view::iterator>);
  const segments_view v("a/b");
  auto it = v.begin();
  auto old = it++;
  BOOST_TEST((*old).to_string() == "a");
  BOOST_TEST((*it).to_string() == "b");
  BOOST_TEST(std::distance(v.begin(), v.end()) == 2);
}

BOOST_AUTO_TEST_CASE(query_pairs_split_at_ampersand_then_first_equals) {
  const query_params_view q("a=1&b&c=&d=x=y");
  BOOST_TEST(q.size() == 4u);
  std::vector<query_param_view> p(q.begin(), q.end());
  BOOST_TEST_REQUIRE(p.size() == 4u);
  BOOST_TEST(p[0].encoded_name() == "a");
  BOOST_TEST(p[0].encoded_value() == "1");
  BOOST_TEST(p[0].has_value());
  BOOST_TEST(p[1].encoded_name() == "b");
  BOOST_TEST(!p[1].has_value());  // "b" has no value ...
  BOOST_TEST(p[2].has_value());   // ... "c=" an empty one
  BOOST_TEST(p[2].encoded_value().empty());
  BOOST_TEST(p[3].encoded_value() == "x=y");
  BOOST_TEST(query_params_view("a&&b").size() == 3u);
  BOOST_TEST(query_params_view("").empty());
  BOOST_TEST(query_params_view("").size() == 0u);
}

BOOST_AUTO_TEST_CASE(query_names_and_values_decode_plus_on_request) {
  const query_params_view q("first+name=J%C3%B6rg+M");
  const query_param_view p = *q.begin();
  BOOST_TEST(p.name().to_string() == "first+name");
  BOOST_TEST(p.name(true).to_string() == "first name");
  BOOST_TEST(p.value(true).to_string() == "J\xC3\xB6rg M");
  BOOST_TEST(q.buffer() == "first+name=J%C3%B6rg+M");
}

BOOST_AUTO_TEST_CASE(find_and_contains_compare_decoded_names) {
  const query_params_view q("a%20b=1&c+d=2&e=3");
  BOOST_TEST(q.contains("a b"));
  BOOST_TEST(!q.contains("a%20b"));
  BOOST_TEST(!q.contains("c d"));
  BOOST_TEST(q.contains("c d", true));
  const auto it = q.find("e");
  BOOST_TEST_REQUIRE((it != q.end()));
  BOOST_TEST((*it).encoded_value() == "3");
  BOOST_TEST((q.find("z") == q.end()));
}

BOOST_AUTO_TEST_SUITE_END()
