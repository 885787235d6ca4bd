// code_name: the stable names of error and warning codes that machine-readable
// output (the CLI's JSON "code") carries.
#include <set>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>

#include "urlkit/error.hpp"

using urlkit::error_code;
using urlkit::warning_code;

BOOST_AUTO_TEST_SUITE(code_names)

template <class Code>
void check_all(Code last) {
  std::set<std::string> seen;
  for (int i = 0; i <= static_cast<int>(last); ++i) {
    const auto c = static_cast<Code>(i);
    const std::string name(urlkit::code_name(c));
    std::ostringstream printed;
    printed << c;
    BOOST_TEST(!name.empty(), "code " << i << " has no name");
    BOOST_TEST(name == printed.str(), "code " << i);
    BOOST_TEST(seen.insert(name).second, name << " twice");
  }
  // Past the enumeration: no name, and operator<< prints the number.
  BOOST_TEST(urlkit::code_name(static_cast<Code>(static_cast<int>(last) + 1)).empty());
}

BOOST_AUTO_TEST_CASE(every_code_has_the_name_operator_shift_prints) {
  check_all(error_code::document_too_deep);  // the last error code
  check_all(warning_code::host_too_long);   // the last warning code
  BOOST_TEST(urlkit::code_name(error_code::bad_port) == "bad_port");
  BOOST_TEST(urlkit::code_name(warning_code::unwise_character) == "unwise_character");
}

BOOST_AUTO_TEST_SUITE_END()
