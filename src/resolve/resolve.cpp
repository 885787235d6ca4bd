// Resolving a URL reference against a base URL: draft-fielding-uri-url-00
// section 6, Steps 1-7, to the letter (Appendix C is the acceptance list),
// and RFC 3986 section 5.2 beside it (its 5.4 examples are the list), on the
// same parsed views.
//
// The result is written into one std::string whose capacity is reserved up
// front from an upper bound of its length.  Step 6 (dot-segment removal) is a
// single left-to-right pass that compacts the merged path in place, with the
// already written part of the output used as the stack of kept segments.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"

#include "core/find_byte.hpp"
#include "core/offset_in.hpp"
#include "core/parse_base.hpp"
#include "core/standard_schemes.hpp"
#include "resolve/resolve_with.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

namespace {

/// An optional component: absent is told apart from empty (draft 4.3: each
/// component "may be absent from a particular URL").
struct piece {
  bool present = false;
  std::string_view text{};
};

piece params_of(const url_view& v) noexcept {
  return {v.has_params(), v.encoded_params()};
}
piece query_of(const url_view& v) noexcept {
  return {v.has_query(), v.encoded_query()};
}
piece fragment_of(const url_view& v) noexcept {
  return {v.has_fragment(), v.encoded_fragment()};
}

std::size_t size_of(piece p) noexcept {
  return p.present ? 1 + p.text.size() : 0;
}

/// The components of the result, as Step 7 recombines them:
///   scheme ":" ["//" server] ["/"] path [";" params] ["?" query] ["#" fragment]
/// When `merge` is set the path is Step 6's: `dir` (the base path without its
/// last segment) followed by `rel` (the reference path), with dot segments
/// removed; otherwise it is `path`.  When `rfc3986` is set, the path (";params"
/// in it, RFC 3986 3.3) is RFC 3986 5.2.2's T.path: `dir` and `rel` merged
/// (5.2.3) or `path`, with RFC 3986's remove_dot_segments (5.2.4) applied to
/// the whole of it, its "/" included, when `remove_dots` is set.
struct parts {
  piece scheme;
  piece server;
  bool slash = false;
  std::string_view path{};
  bool merge = false;
  std::string_view dir{};
  std::string_view rel{};
  piece params, query, fragment;
  bool rfc3986 = false;
  bool remove_dots = false;
};

/// Whether Step 7 would write a view's components as its buffer() holds
/// them, so that its bytes may be copied as they are: true of a parsed view
/// (parsing then recombining gives the input back byte for byte) unless a
/// "?" or ";" follows its server directly (lenient mode's
/// "http://a?q"), where Step 7 writes the "/" that parsing back needs.
[[gnu::always_inline]] inline bool buffer_is_recombined(const url_view& v) noexcept {
  if (v.has_server() && !v.absolute_path() && v.encoded_path().empty() &&
      (v.has_params() || v.has_query()))
    return false;
  return v.size() == v.buffer().size();
}

/// Every component of a view, as it was written.
parts parts_of(const url_view& v, bool with_fragment) noexcept {
  parts p;
  p.scheme = {v.has_scheme(), v.scheme()};
  p.server = {v.has_server(), v.encoded_server()};
  p.slash = v.absolute_path();
  p.path = v.encoded_path();
  p.params = params_of(v);
  p.query = query_of(v);
  if (with_fragment) p.fragment = fragment_of(v);
  return p;
}

bool is_dot(const char* s, std::size_t n) noexcept {
  return n == 1 && s[0] == '.';
}
bool is_dot_dot(const char* s, std::size_t n) noexcept {
  return n == 2 && s[0] == '.' && s[1] == '.';
}

/// Where remove_dot_segments() starts on the path [first, last): the first
/// segment that starts with ".", or `last` when none does (then no segment
/// goes).  Inline, and its search too (detail::find_byte, not memchr's call):
/// most merged paths have no dot segment, and are a few dozen bytes.
inline char* first_dot_start(char* first, char* last) noexcept {
  const std::string_view path(first, static_cast<std::size_t>(last - first));
  for (std::size_t dot = detail::find_byte(path, '.'); dot != std::string_view::npos;
       dot = detail::find_byte(path, '.', dot + 1))
    if (dot == 0 || first[dot - 1] == '/') return first + dot;
  return last;
}

/// Step 6 a)-d) on the path [first, last), compacted in place, from `r`, its
/// first_dot_start(); returns the new end.
///
/// The path is read one complete segment at a time.  [first, w) holds the
/// segments kept so far, each followed by its "/": it is the stack of a
/// "pair of segment stacks being merged" that the end of section 6 allows in
/// place of the string pattern matches.  Reading a segment:
///   - "." not last: the "./" is dropped (a); "." last: it is dropped and the
///     "/" before it stays (b).
///   - ".." when the top of the stack is a segment other than "..": the top is
///     popped, which removes "<segment>/../" (c) or, for a last "..",
///     "<segment>/.." (d).  Segments are never changed, only dropped, so the
///     leftmost-first iteration of c) reaches the same path as this single
///     pass; d) applies to the last segment alone, once, as written.
///   - anything else (an empty segment too: "a//../b" gives "a/b") is kept.
/// Every byte is copied at most once and scanned back over at most once when
/// its segment is popped: linear time.
///
/// The segments before the first one that starts with "." are kept as they
/// are, so the pass starts there (most merged paths have one ".." at the
/// start of the reference's path, or none at all, and then nothing moves);
/// segments are found with memchr, which reads them a block at a time.
char* remove_dot_segments_from(char* first, char* r, char* last) noexcept {
  const auto find = [last](char* from, char c) {
    void* const at = std::memchr(from, c, static_cast<std::size_t>(last - from));
    return at != nullptr ? static_cast<char*>(at) : last;
  };
  // [first, r) holds only whole segments, none "." or "..", each followed by
  // its "/": the stack as the pass would have left it there.
  char* w = r;
  for (;;) {
    char* slash = find(r, '/');
    const auto n = static_cast<std::size_t>(slash - r);
    const bool final_segment = slash == last;
    if (is_dot(r, n)) {
      // a), b): dropped.
    } else if (is_dot_dot(r, n) && w != first &&
               !(w - first >= 3 && w[-2] == '.' && w[-3] == '.' &&
                 (w - first == 3 || w[-4] == '/'))) {
      // c), d): pop "<segment>/" (w[-1] is its "/").
      --w;
      while (w != first && w[-1] != '/') --w;
    } else {
      if (w != r) std::memmove(w, r, n);
      w += n;
      if (!final_segment) *w++ = '/';
    }
    if (final_segment) return w;
    r = slash + 1;
  }
}

/// Step 6 a)-d) on the path [first, last), compacted in place; returns the new
/// end.
char* remove_dot_segments(char* first, char* last) noexcept {
  char* const r = first_dot_start(first, last);
  return r == last ? last : remove_dot_segments_from(first, r, last);
}

/// RFC 3986 5.2.4, remove_dot_segments, on the path [first, last) in place;
/// returns the new end.  The input buffer is [r, last), the output buffer
/// [first, w): w never passes r, since the output only ever gains what the
/// input loses.  Rules A to E as the RFC orders them; a rule that replaces a
/// prefix with "/" writes that "/" over the prefix's last byte.  Each byte
/// moves to the output once (E) and is scanned back over at most once, when
/// its segment is removed (C): linear time.
char* remove_dot_segments_3986(char* first, char* last) noexcept {
  char* w = first;
  char* r = first;
  // C: "removing the last segment and its preceding "/" (if any) from the
  // output buffer".
  auto pop = [&]() noexcept {
    while (w != first && w[-1] != '/') --w;
    if (w != first) --w;
  };
  while (r != last) {
    const auto n = static_cast<std::size_t>(last - r);
    const bool dot1 = n >= 2 && r[1] == '.';
    if (r[0] == '.' && n >= 2 && r[1] == '/') {
      r += 2;  // A: "./"
    } else if (r[0] == '.' && dot1 && n >= 3 && r[2] == '/') {
      r += 3;  // A: "../"
    } else if (r[0] == '/' && dot1 && (n == 2 || r[2] == '/')) {
      // B: "/./" becomes "/" (its own last "/"), a last "/." becomes "/".
      r += n == 2 ? 1 : 2;
      *r = '/';
    } else if (r[0] == '/' && dot1 && n >= 3 && r[2] == '.' && (n == 3 || r[3] == '/')) {
      // C: "/../" or a last "/.." becomes "/", and a segment goes.
      r += n == 3 ? 2 : 3;
      *r = '/';
      pop();
    } else if ((n == 1 && r[0] == '.') || (n == 2 && r[0] == '.' && r[1] == '.')) {
      r = last;  // D: "." or ".." alone
    } else {
      // E: the first segment, its "/" if any, up to the next "/".
      char* const end = std::find(r + (r[0] == '/' ? 1 : 0), last, '/');
      if (w != r) std::memmove(w, r, static_cast<std::size_t>(end - r));
      w += end - r;
      r = end;
    }
  }
  return w;
}

/// Whether RFC 3986's remove_dot_segments would change `path`: it has a "."
/// or ".." segment.  Most paths have no "." at all.
bool has_dot_segment(std::string_view path) noexcept {
  for (std::size_t at = path.find('.'); at != std::string_view::npos; at = path.find('.', at + 1)) {
    const bool starts = at == 0 || path[at - 1] == '/';
    if (!starts) continue;
    std::size_t end = at + 1;
    if (end < path.size() && path[end] == '.') ++end;
    if (end == path.size() || path[end] == '/') return true;
  }
  return false;
}

/// Copies n bytes: most components are short, and a call to memcpy (its
/// size dispatch included) costs more than the copy; fixed-size copies of
/// overlapping halves compile to a few moves.
inline void copy_small(char* to, const char* from, std::size_t n) noexcept {
  const auto halves = [&](auto word) noexcept {
    decltype(word) a;
    decltype(word) b;
    std::memcpy(&a, from, sizeof a);
    std::memcpy(&b, from + n - sizeof b, sizeof b);
    std::memcpy(to, &a, sizeof a);
    std::memcpy(to + n - sizeof b, &b, sizeof b);
  };
  struct sixteen {
    std::uint64_t lo, hi;
  };
  if (n >= 16 && n <= 32)
    halves(sixteen{});
  else if (n >= 8 && n < 16)
    halves(std::uint64_t{});
  else if (n >= 4 && n < 8)
    halves(std::uint32_t{});
  else if (n < 4)
    for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
  else
    std::memcpy(to, from, n);
}

/// `out` resized to `n` bytes that are about to be overwritten, when its
/// capacity is short: it grows once, and copies none of its old bytes.
[[gnu::noinline]] char* overwritable_grown(std::string& out, std::size_t n) {
  out.clear();
  out.reserve(n);
  out.resize(n);
  return out.data();
}

/// `out` resized to `n` bytes that are about to be overwritten.  A reused
/// string nearly always has the capacity, and then this is a length set or a
/// fill of the bytes it gains, inline: out of line, with the growth beside
/// it, its frame cost more than the work.
[[gnu::always_inline]] inline char* overwritable(std::string& out, std::size_t n) {
  if (n > out.capacity()) return overwritable_grown(out, n);
  out.resize(n);  // within the capacity: writes the terminator, moves nothing
  return out.data();
}

/// `head` then `tail` into `out`, its old contents replaced.
[[gnu::always_inline]] inline void assign_two(std::string& out, std::string_view head,
                                              std::string_view tail) {
  char* const w = overwritable(out, head.size() + tail.size());
  copy_small(w, head.data(), head.size());
  copy_small(w + head.size(), tail.data(), tail.size());
}

/// The longest Step 7 may write of `p`.
std::size_t bound_of(const parts& p) noexcept {
  return size_of(p.scheme) + (p.server.present ? 2 + p.server.text.size() : 0) + 1 +
         (p.merge ? p.dir.size() + p.rel.size() : p.path.size()) + size_of(p.params) +
         size_of(p.query) + size_of(p.fragment) +
         3;  // a "/" and a "./" that may have to be added (recombine_into)
}

/// Step 7: writes the components into `out` (its old contents replaced),
/// which grows once at most: not at all when its capacity suffices.  The
/// bytes are written through a pointer into a buffer sized for the longest
/// result, then cut to length: no per-piece capacity checks.
void recombine_into(const parts& p, std::string& out) {
  char* const begin = overwritable(out, bound_of(p));
  char* w = begin;
  auto copy = [&w](std::string_view t) noexcept {
    copy_small(w, t.data(), t.size());
    w += t.size();
  };
  if (p.scheme.present) {
    copy(p.scheme.text);
    *w++ = ':';
  }
  if (p.server.present) {
    *w++ = '/';
    *w++ = '/';
    copy(p.server.text);
  }
  // A server is "terminated by the next slash "/" or by the end of the URL"
  // (draft 4.3.1): when the components come from different URLs (Steps 5
  // and 6 with a base like "http://a", whose path is empty and not preceded
  // by "/"), anything written after the server needs that "/", or it would be
  // read back as part of the server: base "http://a" with "g" gives
  // "http://a/g", with "?y" gives "http://a/?y".  An empty path with nothing
  // after it needs no "/" ("http://a" with "." gives "http://a").
  const bool after_server = p.params.present || p.query.present;
  char* const slash_at = w;
  if (p.slash) *w++ = '/';
  char* const path_at = w;
  if (p.rfc3986) {
    // RFC 3986 5.2.3: with an authority and an empty base path, the merged
    // path is "/" and the reference's path; 5.2.4 then applies to the whole.
    if (p.merge && !p.slash && p.server.present) *w++ = '/';
    if (p.merge) {
      copy(p.dir);
      copy(p.rel);
    } else {
      if (!p.slash && p.server.present && (!p.path.empty() || after_server)) *w++ = '/';
      copy(p.path);
    }
    if (p.remove_dots) w = remove_dot_segments_3986(slash_at, w);
    // A path that starts with "//" without an authority would be read back
    // as one (RFC 3986 3.3: such a path "cannot begin with two slash
    // characters"): "/." in front keeps it a path, and 5.2.4 removes the "."
    // again (base "a:/b" with "..//g" gives "a:/.//g").
    if (!p.server.present && w - slash_at >= 2 && slash_at[0] == '/' && slash_at[1] == '/') {
      std::memmove(slash_at + 2, slash_at, static_cast<std::size_t>(w - slash_at));
      slash_at[1] = '.';
      w += 2;
    }
  } else if (p.merge) {
    const bool need_slash = !p.slash && p.server.present;
    if (need_slash) *w++ = '/';
    char* const start = w;
    copy(p.dir);
    copy(p.rel);
    w = remove_dot_segments(start, w);
    if (need_slash && w == start && !after_server) --w;
  } else {
    if (!p.slash && p.server.present && (!p.path.empty() || after_server)) *w++ = '/';
    copy(p.path);
  }
  // Without a server, a path that starts with an empty segment would be read
  // back as something else: "a:" "/" "/g" is "a://g", whose "g" is a server
  // (draft 4.3.1: after "//", up to the next "/"), and "http:" "/g" (a
  // relative path) would come back absolute.  Base "http:/b" with ".//g"
  // (Step 6 a) leaves "/g"), or base "a:/b" with "////g" (Steps 3 and 4), give
  // such a path.  A "./" in front keeps every segment where it was (Step 6
  // would remove it again) and the result parses back to the same components;
  // RFC 3986 5.2.4 settled the same case the same way.  The buffer has room
  // for it.
  if (!p.rfc3986 && !p.server.present && w > path_at && *path_at == '/') {
    std::memmove(path_at + 2, path_at, static_cast<std::size_t>(w - path_at));
    path_at[0] = '.';
    path_at[1] = '/';
    w += 2;
  }
  auto put = [&](char delimiter, piece q) noexcept {
    if (!q.present) return;
    *w++ = delimiter;
    copy(q.text);
  };
  put(';', p.params);
  put('?', p.query);
  put('#', p.fragment);
  out.resize(static_cast<std::size_t>(w - begin));
}

std::string recombine(const parts& p) {
  // Made at its size: growing an empty string to it cost twice as much.
  std::string out(bound_of(p), '\0');
  recombine_into(p, out);
  return out;
}

/// The base of Step 1: "If the base URL is the empty string (unknown)".
bool is_empty(const url_view& v) noexcept {
  return v.is_same_document() && !v.has_fragment();
}

/// Whether the base fits the generic-URL syntax.  Draft 4.2: "Documents can
/// only make use of relative URLs when their base URL fits within the
/// generic-URL syntax", and generic-URL = scheme ":" relativeURL, whose
/// rel_path matches a path without "/" or server ("foo:a/b/c", Appendix C's
/// "http:g").  The grammar alone cannot tell an opaque-URL from such a base
/// ("mailto:a@b" has the path "a@b"): the scheme can.  Step 6 would replace
/// the last "segment" of an opaque URL, its whole opaque part, and produce
/// "mailto:g", so the schemes registered as opaque are refused whatever
/// follows their ":".  Without a registry, the standard schemes' table says
/// (src/core/standard_schemes.hpp): the standard registry is not built.
[[gnu::always_inline]] inline bool is_generic(const url_view& v,
                                              const scheme_registry* registry) noexcept {
  return registry ? !registry->is_opaque(v.scheme()) : !detail::is_standard_opaque(v.scheme());
}

error base_error(error_code code, const url_view& base, std::size_t offset) noexcept {
  error e = detail::error_at(code, rule::base, base.buffer(), offset);
  e.source = "base";
  return e;
}

/// What as_written() found: the result is `head` then `tail`.  When `merged`
/// is set, bytes [path_at, path_end) of it are Step 6's merged path, whose
/// dot segments are still to be removed.
struct written {
  std::string_view head{};
  std::string_view tail{};
  bool merged = false;
  std::size_t path_at = 0;
  std::size_t path_end = 0;
};

/// Step 2a on views whose buffers are their components as Step 7 writes
/// them (parsed views, nearly always): the result is the base's bytes up to
/// its "#", then the reference's ("" or "#..."), with no components to plan.
/// Most links in HTML are such same-document ones.  False when Step 1 or the
/// base's missing scheme comes first, or when the components must be
/// planned.
bool same_document_as_written(const url_view& base, const url_view& reference,
                              std::string_view& head, std::string_view& tail) noexcept {
  // Step 1 (an empty base has no scheme) comes first.
  if (!base.has_scheme() || !reference.is_same_document()) return false;
  // The reference has nothing but a fragment, so Step 7 writes what it holds
  // when that is all its buffer holds.
  const std::size_t fragment =
      reference.has_fragment() ? 1 + reference.encoded_fragment().size() : 0;
  if (reference.buffer().size() != fragment || !buffer_is_recombined(base)) return false;
  head = base.buffer();
  if (base.has_fragment())
    head = {head.data(), detail::offset_in(base, base.encoded_fragment().data()) - 1};
  tail = reference.buffer();
  return true;
}

/// Steps 2b, 4 and 6 likewise, for a reference that is not a same-document
/// one: the result is a prefix of one input's bytes as written, then the
/// other's (most links in HTML that are not same-document ones are relative
/// paths).
[[gnu::always_inline]] inline bool as_written(const url_view& base, const url_view& reference,
                                              const scheme_registry* registry, specification spec,
                                              written& w) noexcept {
  // Step 1 (an empty base has no scheme) and Step 2a come first.
  if (!base.has_scheme() || reference.is_same_document()) return false;
  if (reference.has_scheme()) {
    // Step 2b: an absolute reference as it is.  (RFC 3986 5.2.2 gives the
    // same for a reference with a scheme and no dot segment, and, 5.2.1, for
    // an empty one or one of a fragment alone.)
    if (!buffer_is_recombined(reference)) return false;
    if (spec == specification::rfc3986 && has_dot_segment(detail::path_and_params(reference)))
      return false;
    w.head = reference.buffer();
    return true;
  }
  // Steps 4 and 6 for a base with a server and a reference with a path and
  // no server: Step 7 writes the base's scheme and server as the base holds
  // them, then (Step 6) the base's "/" and path up to its last "/", then the
  // reference's path, parameters, query and fragment as the reference holds
  // them.  Step 5 (an empty path), a base without a server or without a "/"
  // before its path (Step 7 then writes a "/" or a "./" of its own), and
  // RFC 3986 are planned.
  if (spec != specification::rfc1808 || reference.has_server() || !base.has_server() ||
      reference.encoded_path().empty() || !buffer_is_recombined(reference) ||
      !buffer_is_recombined(base) || !is_generic(base, registry))
    return false;
  // The buffer is scheme ":" "//" server ["/" path] ...: the path (which an
  // empty one may not point into) starts after the server's end and "/".
  const std::string_view server = base.encoded_server();
  const std::size_t server_end = detail::offset_in(base, server.data()) + server.size();
  w.tail = reference.buffer();
  if (reference.absolute_path()) {
    // Step 4: the path is the reference's, its dot segments kept.
    w.head = {base.buffer().data(), server_end};
    return true;
  }
  if (!base.absolute_path()) return false;
  // Step 6: the base path up to its last "/" (none: nothing of it), then the
  // reference's path.
  const std::string_view bp = base.encoded_path();
  const std::size_t cut = bp.rfind('/');
  w.path_at = server_end + 1;
  w.head = {base.buffer().data(), w.path_at + (cut == std::string_view::npos ? 0 : cut + 1)};
  w.merged = true;
  w.path_end = w.head.size() + reference.encoded_path().size();
  return true;
}

/// Step 6's dot segments removed from the merged path that
/// write_as_written() copied into `out`, from `r` (its first_dot_start()),
/// the rest moved up behind it.
[[gnu::noinline]] void remove_merged_dots(const written& w, char* r, std::string& out) noexcept {
  char* const d = out.data();
  char* const end = remove_dot_segments_from(d + w.path_at, r, d + w.path_end);
  const std::size_t rest = out.size() - w.path_end;
  // The terminator is written by resize() below.
  std::memmove(end, d + w.path_end, rest);  // NOLINT(bugprone-not-null-terminated-result)
  out.resize(static_cast<std::size_t>(end - d) + rest);
}

/// Writes what as_written() found into `out` (its old contents replaced).
[[gnu::always_inline]] inline void write_as_written(const written& w, std::string& out) {
  assign_two(out, w.head, w.tail);
  if (!w.merged) return;
  char* const last = out.data() + w.path_end;
  char* const r = first_dot_start(out.data() + w.path_at, last);
  if (r != last) remove_merged_dots(w, r, out);
}

/// What both algorithms ask of the base before anything else: false, with
/// the error in `e`, for an empty base with a relative reference or a base
/// without a scheme; `unknown` set for an empty base (the reference, then
/// absolute, is the result).
bool usable_base(const url_view& base, const url_view& reference, bool& unknown,
                 error& e) noexcept {
  // Step 1: an unknown base; the reference must be absolute on its own.
  if (is_empty(base)) {
    unknown = true;
    if (reference.has_scheme()) return true;
    e = base_error(error_code::base_undefined, base, 0);
    return false;
  }
  // Section 5: the base is always an absoluteURL (Content-Base = "Content-Base"
  // ":" absoluteURL; a relative Content-Location "must be resolved to its
  // absolute form ... before it can be used as the base URL").
  if (!base.has_scheme()) {
    e = base_error(error_code::base_not_absolute, base, 0);
    return false;
  }
  return true;
}

/// Steps 1 to 6: the components of the result (views into base and
/// reference) in `p`, which must come in empty, or false and the error in
/// `e`; Step 7 writes them.
bool plan(const url_view& base, const url_view& reference, const scheme_registry* registry,
          parts& p, error& e) noexcept {
  bool unknown = false;
  if (!usable_base(base, reference, unknown, e)) return false;
  if (unknown) {
    p = parts_of(reference, true);
    return true;
  }

  // Step 2a: a reference to the current document: the base without its
  // fragment, with the reference's fragment (draft 3: the fragment "is not
  // part of a URL").  It needs no hierarchy, so an opaque base is fine here.
  // (as_written() has taken the case where both are as parsed.)
  if (reference.is_same_document()) {
    p = parts_of(base, false);
    p.fragment = fragment_of(reference);
    return true;
  }
  // Step 2b: an absolute reference is returned as it is ("http:g" stays).
  if (reference.has_scheme()) {
    p = parts_of(reference, true);
    return true;
  }

  if (!is_generic(base, registry)) {
    e = base_error(error_code::base_not_generic, base, base.scheme().size() + 1);
    return false;
  }

  // Step 2c: the scheme is inherited; the fragment is always the reference's.
  // (`p` is still as the caller made it: empty.)
  p.scheme = {true, base.scheme()};
  p.fragment = fragment_of(reference);

  // Step 3: a non-empty server: the rest is the reference's.
  if (reference.has_server() && !reference.encoded_server().empty()) {
    p.server = {true, reference.encoded_server()};
    p.slash = reference.absolute_path();
    p.path = reference.encoded_path();
    p.params = params_of(reference);
    p.query = query_of(reference);
    return true;
  }
  // Otherwise the base's server (if any), also for an empty one ("///g").
  p.server = {base.has_server(), base.encoded_server()};

  // Step 4: a path preceded by "/" is not relative; no dot segment is removed.
  if (reference.absolute_path()) {
    p.slash = true;
    p.path = reference.encoded_path();
    p.params = params_of(reference);
    p.query = query_of(reference);
    return true;
  }

  // Step 5: an empty path inherits the base's path (and its "/"), then its
  // parameters unless the reference's are non-empty, then its query unless
  // the reference's is non-empty.  "Inherits ... (if any)": a base without
  // parameters or query gives none, whether the reference had an empty one or
  // none — the draft itself does not tell the two apart (4.3.3, 4.3.4: "If
  // the semicolon is the last character, or no semicolon is present, then
  // the parameters component is empty").
  if (reference.encoded_path().empty()) {
    p.slash = base.absolute_path();
    p.path = base.encoded_path();
    if (!reference.encoded_params().empty()) {  // a)
      p.params = params_of(reference);
      p.query = query_of(reference);
    } else {
      p.params = params_of(base);
      p.query = reference.encoded_query().empty() ? query_of(base) : query_of(reference);  // b)
    }
    return true;
  }

  // Step 6: the base path without its last segment (everything after the
  // rightmost "/", or the whole path), then the reference path; parameters
  // "do not form a part of the URL path" and are the reference's, as is the
  // query.
  const std::string_view bp = base.encoded_path();
  const std::size_t cut = bp.rfind('/');
  p.slash = base.absolute_path();
  p.merge = true;
  p.dir = cut == std::string_view::npos ? std::string_view{} : bp.substr(0, cut + 1);
  p.rel = reference.encoded_path();
  p.params = params_of(reference);
  p.query = query_of(reference);
  return true;
}

/// RFC 3986 5.2.2 (strict: a reference with a scheme is T = R), in place of
/// Steps 1 to 6: the components of T in `p`, which must come in empty, or
/// false and the error in `e`.  Base and reference are the draft's parsed
/// views; RFC 3986's path is the draft's path and parameters together.
bool plan_3986(const url_view& base, const url_view& reference, parts& p, error& e) noexcept {
  // Every path of 5.2.2 but the inherited base path goes through
  // remove_dot_segments.
  auto whole_reference = [&] {
    p.scheme = {true, reference.scheme()};
    p.server = {reference.has_server(), reference.encoded_server()};
    p.slash = reference.absolute_path();
    p.path = detail::path_and_params(reference);
    p.query = query_of(reference);
    p.fragment = fragment_of(reference);
    p.remove_dots = true;
  };
  p.rfc3986 = true;
  // 5.2.1: "a base URI must be ... an absolute URI"; an empty (unknown) base
  // leaves only an absolute reference, as the draft's Step 1.
  bool unknown = false;
  if (!usable_base(base, reference, unknown, e)) return false;
  if (unknown || reference.has_scheme()) {
    whole_reference();
    return true;
  }
  p.scheme = {true, base.scheme()};
  p.fragment = fragment_of(reference);
  p.query = query_of(reference);
  // A defined authority, an empty one too ("///g").
  if (reference.has_server()) {
    p.server = {true, reference.encoded_server()};
    p.slash = reference.absolute_path();
    p.path = detail::path_and_params(reference);
    p.remove_dots = true;
    return true;
  }
  p.server = {base.has_server(), base.encoded_server()};
  const std::string_view rel = detail::path_and_params(reference);
  if (reference.absolute_path()) {
    p.slash = true;
    p.path = rel;
    p.remove_dots = true;
    return true;
  }
  if (rel.empty()) {
    // The base's path as it is, and its query unless the reference has one
    // (an empty one too: "?" gives the base path with an empty query).
    p.slash = base.absolute_path();
    p.path = detail::path_and_params(base);
    if (!reference.has_query()) p.query = query_of(base);
    return true;
  }
  // 5.2.3: the base path up to its last "/", then the reference's path.
  const std::string_view bp = detail::path_and_params(base);
  const std::size_t cut = bp.rfind('/');
  p.slash = base.absolute_path();
  p.merge = true;
  p.dir = cut == std::string_view::npos ? std::string_view{} : bp.substr(0, cut + 1);
  p.rel = rel;
  p.remove_dots = true;
  return true;
}

/// Steps 1 to 6, or RFC 3986 5.2.2, as `spec` says.
bool plan_by(const url_view& base, const url_view& reference, const scheme_registry* registry,
             specification spec, parts& p, error& e) noexcept {
  if (spec == specification::rfc3986) return plan_3986(base, reference, p, e);
  return plan(base, reference, registry, p, e);
}

}  // namespace

std::string_view to_string(specification s) noexcept {
  switch (s) {
    case specification::rfc1808:
      return "rfc1808";
    case specification::rfc3986:
      return "rfc3986";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, specification s) {
  return detail::print_name(os, s, "specification");
}

namespace detail {

result<std::string> resolve_planned(const url_view& base, const url_view& reference,
                                    const scheme_registry* registry, specification spec) {
  parts p;
  error e;
  if (!plan_by(base, reference, registry, spec, p, e)) return e;
  return recombine(p);  // Step 7; RFC 3986 5.3
}

result<std::string> resolve_with(const url_view& base, const url_view& reference,
                                 const scheme_registry* registry, specification spec) {
  written w;
  if (same_document_as_written(base, reference, w.head, w.tail) ||
      as_written(base, reference, registry, spec, w)) {
    // Made at its size: growing an empty string to it cost twice as much.
    std::string out(w.head.size() + w.tail.size(), '\0');
    write_as_written(w, out);
    return out;
  }
  return resolve_planned(base, reference, registry, spec);
}

namespace {

/// resolve_into_with past the results as written, apart: its frame (the
/// planned parts) and its saved registers then cost nothing to the common
/// cases.
[[gnu::noinline]] result<void> resolve_planned_into(const url_view& base, const url_view& reference,
                                                    const scheme_registry* registry,
                                                    specification spec, std::string& out) {
  parts p;
  error e;
  if (!plan_by(base, reference, registry, spec, p, e)) return e;
  recombine_into(p, out);  // Step 7; RFC 3986 5.3
  return {};
}

/// resolve_into_with past Step 2a as written, apart: same-document
/// references, most of those in HTML, then need no more registers than their
/// own copy.
[[gnu::noinline]] result<void> resolve_rest_into(const url_view& base, const url_view& reference,
                                                 const scheme_registry* registry,
                                                 specification spec, std::string& out) {
  written w;
  if (!as_written(base, reference, registry, spec, w))
    return resolve_planned_into(base, reference, registry, spec, out);
  write_as_written(w, out);
  return {};
}

/// resolve_into's overloads, each with this inline: a call between them was a
/// tenth of a same-document reference's resolution.
[[gnu::always_inline]] inline result<void> resolve_into_with(const url_view& base,
                                                             const url_view& reference,
                                                             const scheme_registry* registry,
                                                             specification spec, std::string& out) {
  std::string_view head, tail;
  if (same_document_as_written(base, reference, head, tail)) {
    assign_two(out, head, tail);
    return {};
  }
  return resolve_rest_into(base, reference, registry, spec, out);
}

}  // namespace

}  // namespace detail

result<std::string> resolve(const url_view& base, const url_view& reference) {
  return detail::resolve_with(base, reference, nullptr);
}

result<std::string> resolve(const url_view& base, const url_view& reference,
                            const scheme_registry& registry) {
  return detail::resolve_with(base, reference, &registry);
}

result<void> resolve_into(const url_view& base, const url_view& reference, std::string& out) {
  return detail::resolve_into_with(base, reference, nullptr, specification::rfc1808, out);
}

result<void> resolve_into(const url_view& base, const url_view& reference,
                          const scheme_registry& registry, std::string& out) {
  return detail::resolve_into_with(base, reference, &registry, specification::rfc1808, out);
}

result<std::string> resolve(const url_view& base, const url_view& reference, specification spec) {
  return detail::resolve_with(base, reference, nullptr, spec);
}

result<void> resolve_into(const url_view& base, const url_view& reference, specification spec,
                          std::string& out) {
  return detail::resolve_into_with(base, reference, nullptr, spec, out);
}

result<std::string> resolve(std::string_view base, std::string_view reference) {
  return resolve(base, reference, specification::rfc1808);
}

result<std::string> resolve(std::string_view base, std::string_view reference, specification spec) {
  // Both are parsed in lenient mode.  The base is parsed as a reference and
  // then required to have a scheme (base_not_absolute is more telling than the
  // parser's scheme_expected); an empty base is Step 1.
  auto parsed_base = parse_base(base);
  if (!parsed_base) return parsed_base.error();
  const url_view& b = *parsed_base;
  // Everything wrong with the base before the reference is read: a base
  // without a scheme fails whatever the reference is (as `urlkit resolve
  // --pairs` reports it), not on the reference's own error first.
  if (!base.empty() && !b.has_scheme()) return base_error(error_code::base_not_absolute, b, 0);
  auto ref = parse_reference(reference, mode::lenient);
  if (!ref) return ref.error();
  return detail::resolve_with(b, *ref, nullptr, spec);
}

}  // namespace urlkit
