// urlkit CLI — JSON output that stays valid JSON whatever bytes the input holds.
//
// URLs on stdin may hold any bytes, including NUL and invalid UTF-8.
// boost::json::serialize copies the bytes of a string as they are, so an
// invalid sequence would make the whole line invalid JSON, and writing such a
// byte as \u00XX would read back as another character (0xFF as "ÿ", U+00FF,
// two bytes).  So the output is lossless this way (the guide's JSON
// contract): an object whose strings are all valid UTF-8 is written as they
// are; an object in which some string is not is written again with
// "percent_escaped": true as its first member, and then every string in it
// (keys aside) has each byte of an invalid sequence written as %XX and each
// "%" as %25: percent-decoding each string gives back its bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/fwd.hpp>

#include "urlkit/error.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli::json {

/// Appends `s` as a JSON string literal (with the quotes), as the object
/// being written by write_lossless() wants it.
void write_string(std::string& out, std::string_view s);

namespace detail {
/// The state of the object being written, per thread.
struct byte_state {
  bool percent = false;      // the second writing: invalid bytes as %XX, "%" as %25
  bool saw_invalid = false;  // a string held a byte of an invalid UTF-8 sequence
};
byte_state& bytes() noexcept;
/// Inserts "percent_escaped":true as the first member of the object at `start`.
void mark_percent_escaped(std::string& out, std::size_t start);
}  // namespace detail

/// Appends one JSON object, written by `write(out)`, losslessly: when one
/// of its strings holds bytes that are not UTF-8, the object is written
/// again percent-escaped (see above).  `write` must write the same object
/// both times.
template <class Write>
void write_lossless(std::string& out, Write&& write) {
  detail::byte_state& st = detail::bytes();
  struct reset {
    detail::byte_state& st;
    ~reset() { st = {}; }
  } guard{st};
  st = {};
  const std::size_t start = out.size();
  write(out);
  if (!st.saw_invalid) return;
  out.resize(start);
  st.percent = true;
  write(out);
  detail::mark_percent_escaped(out, start);
}

/// Appends any Boost.JSON value, strings written as write_string() does.
void write_value(std::string& out, const boost::json::value& v);

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

/// {"code": NAME, "offset": N, "shown_offset": M, "message": "..."}: the one
/// JSON form of urlkit::error (parse's "error" and "scheme_error", validate's
/// "error").  NAME is the error_code's name (to_string), what a script tests;
/// "offset" counts in the input as given (what scripts hold), "shown_offset"
/// in `shown`, the "input" written beside it, which may have a password hidden.
void write_error(std::string& out, const urlkit::error& e, const urlkit::masked_text& shown);

/// "warnings": [{"code": NAME, "offset": N, "message": "..."}, ...] and, only
/// when the list was cut short, "warnings_not_listed": N, as members of `o`:
/// the one JSON form of urlkit::warning, for parse, validate and extract.
/// NAME is the warning_code's name (to_string).  With `shown` (the input
/// echoed beside them), each also has "shown_offset", its offset in that
/// text, after "offset".
void write_warnings(object_writer& o, std::span<const urlkit::warning> warnings,
                    std::size_t not_listed, const urlkit::masked_text* shown = nullptr);

/// Collects the warnings of one input for write_warnings(): a view keeps
/// only their number.  At most max_listed of them, and the number of the
/// others: a URL with a warning in every byte (a million "%") would otherwise
/// give about a hundred bytes of output and fifty of memory per byte of input.
struct warning_list {
  static constexpr std::size_t max_listed = 1000;
  std::vector<urlkit::warning> items;
  std::size_t not_listed = 0;
  void clear() noexcept {
    items.clear();
    not_listed = 0;
  }
  void operator()(const urlkit::warning& w) noexcept {
    if (items.size() == max_listed) {
      ++not_listed;
      return;
    }
    try {
      items.push_back(w);
    } catch (...) {
      // Out of memory: the object then lists fewer warnings rather than none.
      ++not_listed;
    }
  }
  /// Moves the offsets by `shift` and sorts the list by offset (stable): a
  /// scheme's warnings come after the generic ones, listed in input order.
  void settle(std::size_t shift);
};

}  // namespace urlkit::cli::json
