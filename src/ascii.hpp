// ASCII case, the one place for it.  URL schemes (RFC 1738 2.1: "programs
// interpreting URLs should treat upper case letters as equivalent to lower
// case"), MIME types and parameters (RFC 2045 5.1), header names (RFC 822
// 3.4.7) and HTML names all compare ignoring ASCII case only: no locale, and
// bytes >= 0x80 are left as they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

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

/// `a` and `b` equal, ignoring ASCII case.  A name is nearly always written
/// as it is asked for ("http", "mailto": every typed view asks for its
/// scheme), so whole words that are equal as written are passed four bytes at
/// a time, and case is looked at only from the first word that differs.
constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  std::size_t i = 0;
  if (!std::is_constant_evaluated()) {
    for (; i + 4 <= a.size(); i += 4) {
      std::uint32_t x = 0;
      std::uint32_t y = 0;
      std::memcpy(&x, a.data() + i, 4);
      std::memcpy(&y, b.data() + i, 4);
      if (x != y) break;
    }
  }
  for (; i < a.size(); ++i)
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
