#include "floors.hpp"

#include <array>

namespace urlkit_bench {

namespace {

// Byte classes: a bit for each delimiter a part can end at, and one for the
// characters of a scheme (draft section 2.1: alpha, digit, "+", "-", ".").
enum : std::uint8_t {
  scheme_char = 1,
  colon = 2,
  slash = 4,
  semicolon = 8,
  question = 16,
  hash = 32,
};

constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = scheme_char;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = scheme_char;
  for (int c = '0'; c <= '9'; ++c) t[c] = scheme_char;
  t['+'] = t['-'] = t['.'] = scheme_char;
  t[':'] = colon;
  t['/'] = slash;
  t[';'] = semicolon;
  t['?'] = question;
  t['#'] = hash;
  return t;
}
constexpr std::array<std::uint8_t, 256> classes = make_classes();

constexpr bool is_alpha(unsigned char c) noexcept {
  return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

}  // namespace

url_split split(std::string_view text) noexcept {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const auto n = static_cast<std::uint32_t>(text.size());
  url_split r;
  std::uint32_t i = 0;
  // The scheme: a letter, scheme characters, ":".  Without the ":" those
  // bytes are the start of a relative path, and the path's loop goes on from
  // where this one stopped: no byte is read twice.
  bool relative_path = false;
  if (n != 0 && is_alpha(s[0])) {
    i = 1;
    while (i < n && (classes[s[i]] & scheme_char)) ++i;
    if (i < n && s[i] == ':') {
      r.scheme_end = i++;
    } else {
      relative_path = true;
    }
  }
  if (!relative_path) {
    // "//" and the server, up to the first "/", ";", "?" or "#".
    if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
      i += 2;
      r.server_begin = i;
      while (i < n && !(classes[s[i]] & (slash | semicolon | question | hash))) ++i;
      r.server_end = i;
    }
    r.path_begin = i;
  }
  while (i < n && !(classes[s[i]] & (semicolon | question | hash))) ++i;
  if (i < n && s[i] == ';') {
    r.params = i++;
    while (i < n && !(classes[s[i]] & (question | hash))) ++i;
  }
  if (i < n && s[i] == '?') {
    r.query = i++;
    while (i < n && !(classes[s[i]] & hash)) ++i;
  }
  // The fragment runs to the end: nothing in it is a delimiter.
  if (i < n) r.fragment = i;
  return r;
}

}  // namespace urlkit_bench
