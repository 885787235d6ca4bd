// The check behind a claim in a document's code: a line such as
//     u.scheme();   // "ftp"
// is compiled as claim(u.scheme(), "ftp", "README.md", 73), which compares
// the value with what the comment says (doc_blocks.py writes the calls).  A
// result or an optional is read through (an empty one fails, but for the
// claim std::nullopt); a string claim compares text with a value that is
// text, compares with text (decode_view), or has a buffer() (url); a number,
// a character, true, false or a urlkit:: constant compares with ==.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace urlkit_doc {

inline int failures = 0;  // claims that did not hold (the fragments' exit status)

/// The claim std::nullopt: the value is absent.
struct absent_t {};
inline constexpr absent_t absent{};

/// A string claim, its bytes as the literal spells them (NUL included).
template <std::size_t N>
constexpr std::string_view text(const char (&s)[N]) {
  return {s, N - 1};
}

template <class T>
std::string shown(const T& v) {
  if constexpr (requires(std::ostream & os) { os << v; }) {
    std::ostringstream os;
    if constexpr (std::is_same_v<T, bool>) os << std::boolalpha;
    os << v;
    return os.str();
  } else if constexpr (requires { v.to_string(); }) {
    return std::string(v.to_string());
  } else if constexpr (requires { v.buffer(); }) {
    return std::string(v.buffer());
  } else {
    return "(a value that does not print)";
  }
}

inline void fail(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "%s:%d: the comment's claim does not hold: %s\n", file, line, what.c_str());
  ++failures;
#ifdef URLKIT_DOC_CLAIM_FATAL
  std::exit(1);
#endif
}

template <class T>
concept has_maybe_value = requires(const T& v) {
  v.has_value();
  *v;
};

template <class T, class E>
void claim(const T& v, const E& expected, const char* file, int line) {
  if constexpr (std::is_same_v<E, absent_t>) {
    static_assert(has_maybe_value<T>, "std::nullopt is claimed of a value that is never absent");
    if (v.has_value()) fail(file, line, "std::nullopt claimed, a value found: " + shown(*v));
  } else if constexpr (has_maybe_value<T> && !std::is_convertible_v<const T&, std::string_view>) {
    if (!v.has_value()) {
      std::string why = "no value";
      if constexpr (requires { v.error(); }) why += " (" + shown(v.error()) + ")";
      fail(file, line, why);
    } else {
      claim(*v, expected, file, line);
    }
  } else if constexpr (std::is_same_v<E, std::string_view>) {
    bool same = false;
    if constexpr (std::is_convertible_v<const T&, std::string_view>)
      same = std::string_view(v) == expected;
    else if constexpr (requires { v == expected; })
      same = v == expected;
    else if constexpr (requires { v.buffer(); })
      same = v.buffer() == expected;
    else if constexpr (requires { v.to_string(); })
      same = v.to_string() == expected;
    else
      static_assert(sizeof(T) == 0, "a string is claimed of a value that is not text");
    if (!same)
      fail(file, line, "\"" + std::string(expected) + "\" claimed, got \"" + shown(v) + "\"");
  } else if constexpr (std::is_integral_v<E> && !std::is_same_v<E, bool> &&
                       !std::is_same_v<E, char> && std::is_integral_v<T> &&
                       !std::is_same_v<T, bool> && !std::is_same_v<T, char>) {
    if (!std::cmp_equal(v, expected))
      fail(file, line, shown(expected) + " claimed, got " + shown(v));
  } else {
    static_assert(std::is_same_v<E, T> || std::is_same_v<E, std::remove_cvref_t<T>>,
                  "the claim's kind is not the value's (bool, char, an enum)");
    if (!(v == expected)) fail(file, line, shown(expected) + " claimed, got " + shown(v));
  }
}

}  // namespace urlkit_doc
