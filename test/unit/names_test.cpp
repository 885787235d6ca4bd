// One spelling for the names of enumerators: to_string(e) for every enum of
// the library that has names, operator<< printing the same.  The codes'
// names are stable: machine-readable output (the CLI's JSON "code") carries
// them.
#include <set>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>

#include "urlkit/base.hpp"
#include "urlkit/error.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/news.hpp"

using urlkit::error_code;
using urlkit::warning_code;

BOOST_AUTO_TEST_SUITE(names)

// Every value up to `last` has a name of its own, which operator<< prints.
template <class Enum>
void check_all(Enum last) {
  std::set<std::string> seen;
  for (int i = 0; i <= static_cast<int>(last); ++i) {
    const auto c = static_cast<Enum>(i);
    const std::string name(urlkit::to_string(c));
    std::ostringstream printed;
    printed << c;
    BOOST_TEST(!name.empty(), "value " << i << " has no name");
    BOOST_TEST(name == printed.str(), "value " << i);
    BOOST_TEST(seen.insert(name).second, name << " twice");
  }
}

BOOST_AUTO_TEST_CASE(every_code_has_the_name_operator_shift_prints) {
  check_all(error_code::port_out_of_range);  // the last error code
  check_all(warning_code::host_too_long);    // the last warning code
  // Past the enumeration: no name (operator<< prints the number).
  BOOST_TEST(urlkit::to_string(
                 static_cast<error_code>(static_cast<int>(error_code::port_out_of_range) + 1))
                 .empty());
  BOOST_TEST(urlkit::to_string(error_code::bad_port) == "bad_port");
  BOOST_TEST(urlkit::to_string(warning_code::unwise_character) == "unwise_character");
}

BOOST_AUTO_TEST_CASE(rules_layers_and_delimitings_are_named_the_same_way) {
  check_all(urlkit::rule::mime);  // the last rule
  BOOST_TEST(urlkit::to_string(urlkit::rule::port) == "port");
  check_all(urlkit::established_base::layer::undefined);
  BOOST_TEST(urlkit::to_string(urlkit::established_base::layer::content_base) == "Content-Base");
  check_all(urlkit::extracted::how_found::bare);
  BOOST_TEST(urlkit::to_string(urlkit::extracted::how_found::wrapped) == "wrapped");
  check_all(urlkit::news_kind::article);
  BOOST_TEST(urlkit::to_string(urlkit::news_kind::group) == "group");
  check_all(urlkit::path_style::windows);
  BOOST_TEST(urlkit::to_string(urlkit::path_style::posix) == "posix");
}

BOOST_AUTO_TEST_SUITE_END()
