// Reading back the JSON lines of `urlkit parse`.
#pragma once

#include <string>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

namespace cli_test {

/// Parses one output line; fails the test when it is not a JSON object.
inline boost::json::object json_line(const std::string& line) {
  boost::json::error_code ec;
  boost::json::value v = boost::json::parse(line, ec);
  BOOST_TEST_REQUIRE(!ec, "not JSON: " << line << " (" << ec.message() << ")");
  BOOST_TEST_REQUIRE(v.is_object(), "not a JSON object: " << line);
  return v.get_object();
}

/// The keys of an object, in order.
inline std::vector<std::string> keys(const boost::json::object& o) {
  std::vector<std::string> k;
  for (const auto& m : o) k.emplace_back(m.key());
  return k;
}

inline bool is_null(const boost::json::object& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->value().is_null();
}

/// The string member `key` ("<missing>" / "<not a string>" otherwise).
inline std::string str(const boost::json::object& o, const char* key) {
  auto it = o.find(key);
  if (it == o.end()) return "<missing>";
  if (!it->value().is_string()) return "<not a string>";
  return std::string(it->value().get_string());
}

}  // namespace cli_test
