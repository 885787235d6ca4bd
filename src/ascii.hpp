// ASCII case, the one place for it.  URL schemes (RFC 1738 2.1: "programs
// interpreting URLs should treat upper case letters as equivalent to lower
// case"), MIME types and parameters (RFC 2045 5.1), header names (RFC 822
// 3.4.7) and HTML names all compare ignoring ASCII case only: no locale, and
// bytes >= 0x80 are left as they are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace urlkit::ascii {

constexpr char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

constexpr bool is_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

/// `a` and `b` equal, ignoring ASCII case.
constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i] && lower(a[i]) != lower(b[i])) return false;
  return true;
}

/// `s` with its ASCII letters in lower case.
inline std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

}  // namespace urlkit::ascii
