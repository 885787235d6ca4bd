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

namespace urlkit::detail::ascii {

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
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  std::size_t i = 0;
  if (!std::is_constant_evaluated() && n >= 4) {
    const auto word = [](const char* p) {
      std::uint32_t x = 0;
      std::memcpy(&x, p, 4);
      return x;
    };
    while (i + 4 < n && word(a.data() + i) == word(b.data() + i)) i += 4;
    // The tail, as the last four bytes (overlapping the words before).
    if (i + 4 >= n && word(a.data() + n - 4) == word(b.data() + n - 4)) return true;
  }
  for (; i < n; ++i)
    if (a[i] != b[i] && lower(a[i]) != lower(b[i])) return false;
  return true;
}

/// Whether `name` is lower-case ASCII letters alone (equals_lower_letters
/// takes only such a name).
constexpr bool is_lower_letters(std::string_view name) noexcept {
  for (char c : name)
    if (c < 'a' || c > 'z') return false;
  return true;
}

/// iequals(s, name) for a `name` of lower-case letters alone (a scheme's, as
/// the tables write them).  A byte of `s` with its 0x20 bit set equals a
/// lower-case letter only when it is that letter or its upper case, so the
/// comparison sets that bit in four bytes at once, with no test of case.
/// Inline with a constant name, a name of 4 to 8 letters is two words.
constexpr bool equals_lower_letters(std::string_view s, std::string_view name) noexcept {
  const std::size_t n = name.size();
  if (s.size() != n) return false;
  if (!std::is_constant_evaluated() && n >= 4 && n <= 8) {
    const auto word = [](const char* p) {
      std::uint32_t x = 0;
      std::memcpy(&x, p, 4);
      return x;
    };
    constexpr std::uint32_t case_bits = 0x20202020;
    return (word(s.data()) | case_bits) == word(name.data()) &&
           (word(s.data() + n - 4) | case_bits) == word(name.data() + n - 4);
  }
  for (std::size_t i = 0; i < n; ++i)
    if ((s[i] | 0x20) != name[i]) return false;
  return true;
}

/// `s` with its ASCII letters in lower case.
inline std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

}  // namespace urlkit::detail::ascii
