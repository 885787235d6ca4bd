// The conformance files' loader (conformance.hpp), and the one translation
// unit of the test program that compiles Boost.JSON.
#include "conformance.hpp"

#include <boost/json/src.hpp>
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>

namespace urlkit_test {

std::optional<std::string> load_test_data(const char* relative_path) {
  const std::string path = std::string(URLKIT_TEST_DATA_DIR) + "/" + relative_path;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    // A failure, not a skip: a missing file must not pass for a passing test.
    BOOST_ERROR("test data file " << path << " not found (test/data/README.md)");
    return std::nullopt;
  }
  return std::string{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::optional<boost::json::value> load_conformance(const char* relative_path) {
  const std::optional<std::string> text = load_test_data(relative_path);
  if (!text) return std::nullopt;
  boost::json::error_code ec;
  boost::json::value v = boost::json::parse(*text, ec);
  if (ec) {
    BOOST_ERROR("conformance file " << URLKIT_TEST_DATA_DIR << "/" << relative_path
                                    << " does not parse: " << ec.message());
    return std::nullopt;
  }
  return v;
}

std::string json_bytes(const boost::json::value& numbers) {
  std::string s;
  for (const auto& n : numbers.as_array()) s += static_cast<char>(n.to_number<int>());
  return s;
}

}  // namespace urlkit_test
