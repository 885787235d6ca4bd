// Reading back the JSON lines of `urlkit parse`.
#pragma once

#include <cctype>
#include <cstddef>
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

/// The bytes a string of `o` stands for, by the JSON contract (docs/guide.md):
/// the string itself, percent-decoded when the object is "percent_escaped".
inline std::string bytes(const boost::json::object& o, const std::string& s) {
  auto it = o.find("percent_escaped");
  if (it == o.end() || !it->value().is_bool() || !it->value().get_bool()) return s;
  auto hex = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else {
      BOOST_TEST(s[i] != '%', "a bare % in a percent-escaped string: " << s);
      out.push_back(s[i]);
    }
  }
  return out;
}

/// The bytes of the string member `key` (see bytes()).
inline std::string bytes_of(const boost::json::object& o, const char* key) {
  return bytes(o, str(o, key));
}

}  // namespace cli_test
