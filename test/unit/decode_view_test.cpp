// urlkit/decode_view.hpp: a %-escaped text read decoded without a copy
// (RFC 1738 2.2: "%" hex hex is the octet; the draft's lenient mode lets a
// "%" stand that is not followed by two hex digits, and it is then itself).
#include <boost/test/unit_test.hpp>

#include <array>
#include <compare>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

#include "urlkit/decode_view.hpp"

using namespace urlkit;
using namespace std::string_view_literals;

namespace {

std::string by_iteration(const decode_view& v) {
  return std::string(v.begin(), v.end());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(decode_view_suite)

BOOST_AUTO_TEST_CASE(escapes_are_their_octets) {
  const decode_view v("a%20b%2Fc%7e");
  BOOST_TEST(v.to_string() == "a b/c~");
  BOOST_TEST(by_iteration(v) == "a b/c~");
  BOOST_TEST(v.encoded() == "a%20b%2Fc%7e");  // as written
  BOOST_TEST(v.decoded_size() == 6u);
  BOOST_TEST(!v.is_as_written());
  // Any octet, NUL and bytes above 0x7F included.
  BOOST_TEST(decode_view("%00%FF").to_string() == "\0\xFF"sv);
}

BOOST_AUTO_TEST_CASE(a_percent_without_two_hex_digits_is_itself) {
  BOOST_TEST(decode_view("100%").to_string() == "100%");
  BOOST_TEST(decode_view("%zz").to_string() == "%zz");
  BOOST_TEST(decode_view("%4").to_string() == "%4");
  BOOST_TEST(decode_view("%%41").to_string() == "%A");
  BOOST_TEST(decode_view("100%").decoded_size() == 4u);
}

BOOST_AUTO_TEST_CASE(plus_is_a_space_only_when_asked) {
  BOOST_TEST(decode_view("a+b").to_string() == "a+b");
  BOOST_TEST(decode_view("a+b").is_as_written());
  BOOST_TEST(decode_view("a+b", true).to_string() == "a b");
  BOOST_TEST(!decode_view("a+b", true).is_as_written());
  BOOST_TEST(decode_view("%2B", true).to_string() == "+");  // an escaped "+" is a "+"
}

BOOST_AUTO_TEST_CASE(empty_and_default) {
  const decode_view none;
  BOOST_TEST(none.empty());
  BOOST_TEST(none.to_string().empty());
  BOOST_TEST(none.decoded_size() == 0u);
  BOOST_TEST((none.begin() == none.end()));
  BOOST_TEST(!decode_view("%41").empty());
}

BOOST_AUTO_TEST_CASE(append_to_keeps_what_was_there) {
  std::string out = "x:";
  decode_view("a%41").append_to(out);
  BOOST_TEST(out == "x:aA");
}

BOOST_AUTO_TEST_CASE(decode_to_a_caller_buffer) {
  const decode_view v("a%41b");
  std::array<char, 3> exact{};
  const result<std::size_t> n = v.decode_to(exact);
  BOOST_TEST_REQUIRE(n.has_value());
  BOOST_TEST(*n == 3u);
  BOOST_TEST(std::string_view(exact.data(), 3) == "aAb");
  std::array<char, 2> small{};
  const result<std::size_t> refused = v.decode_to(small);
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST((refused.error().code == error_code::buffer_too_small));
}

BOOST_AUTO_TEST_CASE(comparisons_are_of_the_decoded_text) {
  const decode_view v("%41b");
  BOOST_TEST((v == "Ab"));
  BOOST_TEST(!(v == "%41b"));
  BOOST_TEST((v == decode_view("A%62")));
  BOOST_TEST(v.compare("Ab") == 0);
  BOOST_TEST(v.compare("Ac") < 0);
  BOOST_TEST(v.compare("A") > 0);
  BOOST_TEST(v.compare(decode_view("B")) < 0);
  BOOST_TEST(((v <=> "Aa") == std::strong_ordering::greater));
  // Bytes compare as unsigned char: %FF is after "z".
  BOOST_TEST(decode_view("%FF").compare("z") > 0);
  BOOST_TEST(v.starts_with("A"));
  BOOST_TEST(v.starts_with("Ab"));
  BOOST_TEST(!v.starts_with("%4"));
  BOOST_TEST(!v.starts_with("Abc"));
}

BOOST_AUTO_TEST_CASE(iterator_is_a_forward_iterator_of_chars) {
  static_assert(std::forward_iterator<decode_view::iterator>);
  const decode_view v("%61b");
  auto it = v.begin();
  BOOST_TEST(*it == 'a');
  auto before = it++;
  BOOST_TEST(*before == 'a');
  BOOST_TEST(*it == 'b');
  BOOST_TEST(std::distance(v.begin(), v.end()) == 2);
}

BOOST_AUTO_TEST_CASE(streams_decoded) {
  std::ostringstream os;
  os << decode_view("a%20b");
  BOOST_TEST(os.str() == "a b");
}

BOOST_AUTO_TEST_SUITE_END()
