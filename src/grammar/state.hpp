// The state one parse carries through the grammar: where the output goes, the
// mode, the first hard error and the warnings.  No Spirit here: this header is
// shared by the grammar (src/grammar/) and the code around it.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/detail_access.hpp"
#include "grammar/blocks.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/error.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

namespace grammar {

struct parse_state {
  // User-provided: g++ then stores each member's initial value, where the
  // implicit constructor let it clear the state as one block with `rep
  // stosq`, whose start-up cost more than the stores (docs/performance.md).
  parse_state() noexcept {}  // NOLINT(modernize-use-equals-default)

  const char* begin = nullptr;  // start of the input: offsets are counted from here
  const char* end = nullptr;    // end of the input (a warning there has no byte)
  urlkit::mode mode = urlkit::mode::lenient;
  warning_sink sink{};
  url_view* out = nullptr;
  error err{};
  bool failed = false;
  /// Lenient mode: take excluded characters as data, with a warning.
  bool accept_excluded = false;
  /// The scheme production being parsed ("ftp fsegment"), named in errors and
  /// warnings; null in the generic grammar.
  const char* production = nullptr;

  std::size_t offset(const char* at) const noexcept { return static_cast<std::size_t>(at - begin); }

  /// Records the first hard error; always returns false so a parser can `return st.fail(...)`.
  bool fail(const char* at, error_code code, rule r, bool with_byte = true) noexcept {
    if (!failed) {
      failed = true;
      err.offset = offset(at);
      err.code = code;
      err.rule = r;
      err.has_byte = with_byte;
      err.byte = with_byte ? static_cast<unsigned char>(*at) : 0;
      err.production = production;
    }
    return false;
  }

  /// Records that a scheme production refuses the input at `at` (`last` is
  /// the end of the input, to tell whether there is a byte there).
  bool fail_syntax(const char* at, const char* last, rule r, const char* detail) noexcept {
    const bool had = failed;
    fail(at, error_code::scheme_syntax, r, at != last);
    if (!had) err.detail = detail;
    return false;
  }

  void warn(const char* at, warning_code code, rule r, const char* detail = nullptr) noexcept {
    if (out) detail_access::count_warning(*out);
    if (!sink.fn) return;  // nobody listens: the view only counts
    warning w{};
    w.offset = offset(at);
    w.code = code;
    w.rule = r;
    w.byte = at < end ? static_cast<unsigned char>(*at) : 0;
    w.production = production;
    w.detail = detail;
    sink(w);
  }

  /// A departure from a scheme's production: strict mode refuses it, lenient
  /// mode warns and goes on.
  bool tolerate_syntax(const char* at, rule r, const char* detail) noexcept {
    if (mode == urlkit::mode::strict) return fail_syntax(at, end, r, detail);
    warn(at, warning_code::scheme_syntax, r, detail);
    return true;
  }

  /// A byte that lenient mode accepts with a warning and strict mode refuses.
  bool tolerate(const char* at, warning_code w, error_code e, rule r) noexcept {
    if (mode == urlkit::mode::strict) return fail(at, e, r);
    warn(at, w, r);
    return true;
  }
};

/// Scans the run of a component that starts at `p`: bytes of class `allowed`
/// and escapes, up to `last` or the first byte `stop` says ends the component.
/// Bytes the component does not allow are judged by the draft 2.3.3 rules
/// (unwise, national, bad escape: lenient warning, strict error; space,
/// controls, "<", ">", <">: error).  `special` decides per component about a
/// few other bytes (an "@" in a user name, say): it returns 1 to accept the
/// byte, 0 to treat it as an error, and records a warning or error itself.
/// Returns false after a hard error (recorded in `st`); `p` is left at the end
/// of the run.  Given `set` (the bytes of `allowed`, blocks::make_byte_set), a
/// processor with AVX2 reads the stretches between escapes 32 bytes at a time
/// (blocks::skip_set, which may read back to st.begin), and the byte loop
/// goes on from where it stopped.
template <class Stop, class Special>
inline bool scan_run(const char*& p, const char* last, charset::mask allowed, rule r,
                     parse_state& st, Stop stop, Special special,
                     const blocks::byte_set* set = nullptr) noexcept {
  using charset::table;
  for (;;) {
    p = blocks::skip_known(p, last, st.begin, set);
    while (p != last && (table[static_cast<unsigned char>(*p)] & allowed)) ++p;
    if (p == last) return true;
    const auto c = static_cast<unsigned char>(*p);
    const charset::mask m = table[c];
    if (stop(c)) return true;
    if (c == '%') {
      if (last - p >= 3 && charset::is(charset::hex, p[1]) && charset::is(charset::hex, p[2])) {
        p += 3;
        continue;
      }
      if (!st.tolerate(p, warning_code::bad_escape, error_code::bad_escape, r)) return false;
    } else if (m & charset::unwise) {
      if (!st.tolerate(p, warning_code::unwise_character, error_code::unwise_character, r))
        return false;
    } else if (m & charset::national) {
      if (!st.tolerate(p, warning_code::non_ascii, error_code::non_ascii, r)) return false;
    } else if (m & (charset::control | charset::space) || c == '<' || c == '>' || c == '"') {
      if (!st.accept_excluded || st.mode == mode::strict)
        return st.fail(p, error_code::invalid_character, r);
      st.warn(p, warning_code::excluded_character, r);
    } else {
      const int verdict = special(p, st);
      if (verdict < 0) return false;  // special recorded a hard error
      if (verdict == 0) return st.fail(p, error_code::unexpected_character, r);
    }
    ++p;
  }
}

/// A `special` that accepts nothing more.
struct no_special {
  int operator()(const char*, parse_state&) const noexcept { return 0; }
};

/// Stop sets: the delimiters that end a component (draft 3 and 4.3, read left
/// to right: "#" ends everything, "?" ends path and params, ";" ends the path,
/// "/" ends the server and a path segment).
template <char... Cs>
struct stop_at {
  bool operator()(unsigned char c) const noexcept {
    return ((c == static_cast<unsigned char>(Cs)) || ...);
  }
};

}  // namespace grammar
}  // namespace urlkit
