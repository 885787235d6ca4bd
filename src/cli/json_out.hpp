// urlkit CLI — JSON output that stays valid JSON whatever bytes the input holds.
//
// URLs on stdin may hold any bytes, including NUL and invalid UTF-8.
// boost::json::serialize copies the bytes of a string as they are, so an
// invalid sequence would make the whole line invalid JSON.  Strings are
// therefore written here: valid UTF-8 passes through unchanged, and each byte
// of an invalid sequence is written as \u00XX (the code point of that byte
// taken as Latin-1), which every JSON parser accepts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/fwd.hpp>

#include "urlkit/scheme.hpp"

namespace urlkit::cli::json {

/// Appends `s` as a JSON string literal (with the quotes).
void write_string(std::string& out, std::string_view s);

/// Appends any Boost.JSON value, strings written as write_string() does.
void write_value(std::string& out, const boost::json::value& v);

/// Appends a scheme's description (scheme_data), strings written as
/// write_string() does: bytes that are not UTF-8 become \u00XX each.
void write_scheme_value(std::string& out, const urlkit::scheme_value& v);

/// Writes one JSON object, member by member, in the order the calls are
/// made.  The per-line objects of `urlkit parse` are written this way rather
/// than built as a boost::json::object first: no allocation per line.
class object_writer {
 public:
  explicit object_writer(std::string& out) : out_(out) { out_.push_back('{'); }
  object_writer(const object_writer&) = delete;
  object_writer& operator=(const object_writer&) = delete;

  void string(std::string_view key, std::string_view value) {
    write_key(key);
    write_string(out_, value);
  }
  /// A string, or null when absent.
  void string_or_null(std::string_view key, bool present, std::string_view value) {
    if (present)
      string(key, value);
    else
      null(key);
  }
  void boolean(std::string_view key, bool value) {
    write_key(key);
    out_.append(value ? "true" : "false");
  }
  void number(std::string_view key, std::uint64_t value);
  void null(std::string_view key) {
    write_key(key);
    out_.append("null");
  }
  void value(std::string_view key, const boost::json::value& v) {
    write_key(key);
    write_value(out_, v);
  }
  /// Starts a member whose value the caller writes (an array or object).
  std::string& raw(std::string_view key) {
    write_key(key);
    return out_;
  }
  void close() { out_.push_back('}'); }

 private:
  void write_key(std::string_view key) {
    if (!first_) out_.push_back(',');
    first_ = false;
    write_string(out_, key);
    out_.push_back(':');
  }

  std::string& out_;
  bool first_ = true;
};

}  // namespace urlkit::cli::json
