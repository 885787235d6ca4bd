// Shared by the fuzz targets: report a broken invariant with enough context to
// reproduce it by hand, then stop the way libFuzzer treats as a crash (so it
// saves the input).
#pragma once

#include <cstdio>
#include <exception>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "urlkit/url_view.hpp"

namespace urlkit_fuzz {

// Printable rendering: control bytes and bytes >= 0x80 as \xHH, so that the
// report shows exactly what was parsed.
inline std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      static constexpr char digits[] = "0123456789abcdef";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 0xf];
    } else {
      out += ch;
    }
  }
  out += '"';
  return out;
}

inline std::string hex(std::string_view s) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * s.size());
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    out += digits[c >> 4];
    out += digits[c & 0xf];
  }
  return out;
}

// A labelled piece of context for a failure report.
using note = std::pair<const char*, std::string_view>;

[[noreturn]] inline void fail(std::string_view input, const char* what,
                              std::initializer_list<note> notes = {}) {
  // Long inputs are cut in the report; libFuzzer saves the whole input anyway.
  constexpr std::size_t shown = 512;
  const std::string_view head = input.substr(0, shown);
  std::fprintf(stderr, "\n==== urlkit fuzz invariant violated: %s\n", what);
  std::fprintf(stderr, "input (%zu bytes): %s%s\n", input.size(), escaped(head).c_str(),
               input.size() > shown ? "..." : "");
  std::fprintf(stderr, "input hex: %s%s\n", hex(head).c_str(), input.size() > shown ? "..." : "");
  for (const auto& [label, text] : notes)
    std::fprintf(stderr, "%s: %s\n", label, escaped(text.substr(0, shown)).c_str());
  std::fflush(stderr);
  __builtin_trap();
}

inline void check(bool ok, std::string_view input, const char* what,
                  std::initializer_list<note> notes = {}) {
  if (!ok) fail(input, what, notes);
}

// Runs one input through `run`; the entry points return their errors, so an
// exception escaping is a bug, and says more caught here than as an abort.
template <class Run>
void run_guarded(std::string_view input, Run&& run) {
  try {
    run(input);
  } catch (const std::exception& e) {
    fail(input, "an exception escaped", {{"what", e.what()}});
  }
}

// Same components, byte for byte (presence included); the mode and the
// warnings are not components.
inline bool same_components(const urlkit::url_view& a, const urlkit::url_view& b) {
  return a.has_scheme() == b.has_scheme() && a.scheme() == b.scheme() &&
         a.has_server() == b.has_server() && a.encoded_server() == b.encoded_server() &&
         a.has_user() == b.has_user() && a.encoded_user() == b.encoded_user() &&
         a.has_password() == b.has_password() && a.encoded_password() == b.encoded_password() &&
         a.has_host() == b.has_host() && a.encoded_host() == b.encoded_host() &&
         a.has_port() == b.has_port() && a.port() == b.port() &&
         a.absolute_path() == b.absolute_path() && a.encoded_path() == b.encoded_path() &&
         a.has_params() == b.has_params() && a.encoded_params() == b.encoded_params() &&
         a.has_query() == b.has_query() && a.encoded_query() == b.encoded_query() &&
         a.has_fragment() == b.has_fragment() && a.encoded_fragment() == b.encoded_fragment();
}

// One line per component, for failure reports.
inline std::string describe(const urlkit::url_view& v) {
  std::string out;
  auto add = [&out](const char* name, bool present, std::string_view value) {
    out += name;
    out += present ? "=" + escaped(value) : std::string("<absent>");
    out += ' ';
  };
  add("scheme", v.has_scheme(), v.scheme());
  add("server", v.has_server(), v.encoded_server());
  add("user", v.has_user(), v.encoded_user());
  add("password", v.has_password(), v.encoded_password());
  add("host", v.has_host(), v.encoded_host());
  add("port", v.has_port(), v.port());
  out += v.absolute_path() ? "abs-path=" : "rel-path=";
  out += escaped(v.encoded_path());
  out += ' ';
  add("params", v.has_params(), v.encoded_params());
  add("query", v.has_query(), v.encoded_query());
  add("fragment", v.has_fragment(), v.encoded_fragment());
  return out;
}

}  // namespace urlkit_fuzz
