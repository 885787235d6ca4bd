// file URLs: RFC 1738 3.10 (grammar: src/grammar/file.cpp).
#include "urlkit/schemes/file.hpp"

#include <algorithm>
#include <ostream>
#include <span>
#include <vector>

#include "grammar/file.hpp"
#include "schemes/support.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

namespace {

// "localhost" in any case: host names are case-insensitive (RFC 1034 3.1).
bool is_localhost(std::string_view h) noexcept {
  return detail::ascii::iequals(h, "localhost");
}

// Whether `host` decodes to "localhost" in any case, decoded without
// allocating (lenient mode takes escapes in a host).
bool decodes_to_localhost(std::string_view host) noexcept {
  if (host.find('%') == std::string_view::npos) return is_localhost(host);
  char buf[9];
  if (decoded_size(host) != sizeof buf) return false;
  auto n = decode_to(host, buf);
  return n && is_localhost(std::string_view(buf, *n));
}

}  // namespace

bool file_view::is_local() const noexcept {
  return url().encoded_host().empty() || decodes_to_localhost(url().encoded_host());
}

namespace {

error file_error(std::string_view text, std::size_t offset, rule r, const char* production,
                 const char* detail) noexcept {
  error e = detail::error_at(error_code::scheme_syntax, r, text, offset);
  e.production = production;
  e.detail = detail;
  return e;
}

}  // namespace

result<std::string> file_view::local_path() const {
  const std::string_view text = buffer();
  const auto at = [&](std::string_view part) {
    return static_cast<std::size_t>(part.data() - text.data());
  };
  if (!is_local())
    return file_error(text, at(url().encoded_host()), rule::host, "file host",
                      "names another machine: a file URL gives no way to reach it (RFC 1738 "
                      "3.10); only \"\" and \"localhost\" are this machine");
  // An encoded NUL or "/" names no file (see the header); most paths hold
  // no escape at all, so one search for "%" answers both.
  for (std::size_t i = fpath_.find('%'); i != std::string_view::npos; i = fpath_.find('%', i + 1)) {
    const std::string_view esc = fpath_.substr(i + 1, 2);
    if (esc == "00" || esc == "2F" || esc == "2f")
      return file_error(text, at(fpath_) + i, rule::path, "file path",
                        "an encoded NUL or \"/\" (%00, %2F) names no file on this machine");
  }
  std::string p(1, '/');  // the leading "/" is not in the fpath
  fpath().append_to(p);
  return p;
}

result<file_view> file_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::file_parts parts;
  // The common URL needs no parse state (whose making is a score of stores).
  if (!detail::ascii::iequals(url.scheme(), "file") || !grammar::file_common(url, parts))
    if (auto e = schemes::checked_parts<"file", grammar::parse_file>(url, options, parts))
      return *e;
  return schemes::make_view<file_view>(url, schemes::just_stored(parts.fpath));
}

namespace {

result<url> posix_file_url(std::string_view path) {
  if (!path.starts_with('/'))
    return file_error(path, 0, rule::path, "file path",
                      "a file name must be absolute (start with \"/\") to make a file URL");
  if (const std::size_t nul = path.find('\0'); nul != std::string_view::npos)
    return file_error(path, nul, rule::path, "file path", "no file name holds a NUL byte");
  // path() escapes each segment's bytes that a path segment does not allow;
  // the leading "/" is the url-path's own (RFC 1738 3.1).
  return url_builder().scheme("file").server().path(path).build();
}

// The view's offsets count in `text`, which it borrows.
result<std::string> posix_path(std::string_view text) {
  auto f = parse_file(text);
  if (!f) return f.error();
  return f->local_path();
}

// Windows file names (RFC 8089 appendix E, which is not normative: it
// describes the forms in use).  A name is a drive letter and its root
// ("C:\x", E.2) or a UNC server and share ("\\server\share\x", E.3.1); its
// names are separated by "\" (or "/", which Windows reads the same).

constexpr bool is_separator(char c) noexcept {
  return c == '\\' || c == '/';
}

// A first segment "C:" (or E.2.2's "C|", read only) of two bytes: a drive,
// once its letter is checked.
constexpr bool looks_like_drive(std::string_view seg) noexcept {
  return seg.size() == 2 && (seg[1] == ':' || seg[1] == '|');
}

constexpr std::size_t npos = std::string_view::npos;

std::size_t next_separator(std::string_view path, std::size_t from) noexcept {
  while (from < path.size() && !is_separator(path[from])) ++from;
  return from;
}

// `names` with each separator written as the URL path's "/".
std::string slashed(std::string_view names) {
  std::string out(names);
  std::replace(out.begin(), out.end(), '\\', '/');
  return out;
}

result<url> windows_file_url(std::string_view path) {
  constexpr const char* production = "Windows path";
  if (const std::size_t nul = path.find('\0'); nul != npos)
    return file_error(path, nul, rule::path, production, "no file name holds a NUL byte");
  if (path.size() >= 2 && is_separator(path[0]) && is_separator(path[1])) {
    // \\server\share\names: the server is the URL's host (E.3.1).
    const std::size_t server_end = next_separator(path, 2);
    const std::string_view server = path.substr(2, server_end - 2);
    if (server.empty())
      return file_error(path, 2, rule::host, production,
                        "a UNC path names its server: \\\\server\\share\\...");
    if (server == "?" || server == ".")
      return file_error(path, 2, rule::host, production,
                        "a device path (\\\\?\\, \\\\.\\) names no file a URL can name");
    const std::size_t share_at = std::min(server_end + 1, path.size());
    const std::string_view share = path.substr(share_at, next_separator(path, share_at) - share_at);
    if (share.empty())
      return file_error(path, share_at, rule::path, production,
                        "a UNC path names a share after its server: \\\\server\\share");
    // file://h/C:/x would read back as the drive C: of h, not a share.
    if (looks_like_drive(share))
      return file_error(path, share_at, rule::path, production,
                        "a share name cannot be a drive (\"C:\")");
    url_builder b;
    b.scheme("file").host(server).path("/" + slashed(path.substr(share_at)));
    auto u = b.build();
    if (!u && u.error().rule == rule::host) {
      error e = u.error();
      e.offset += 2;  // counted in the server
      e.has_byte = e.offset < path.size();
      e.byte = e.has_byte ? static_cast<unsigned char>(path[e.offset]) : 0;
      return e;
    }
    return u;
  }
  if (path.size() >= 2 && path[1] == ':') {
    if (!detail::ascii::is_alpha(path[0]))
      return file_error(path, 0, rule::path, production, "a drive letter is one of A-Z");
    // "C:x" is relative to the drive's current directory.
    if (path.size() == 2 || !is_separator(path[2]))
      return file_error(path, 2, rule::path, production,
                        "a drive letter must be followed by its root \"\\\" to make a file URL");
    // The drive is the first segment, as written (E.2: file:///c:/path/to/file).
    return url_builder().scheme("file").server().path("/" + slashed(path)).build();
  }
  return file_error(path, 0, rule::path, production,
                    "a file name must be absolute (\"C:\\...\" or \"\\\\server\\share\\...\") "
                    "to make a file URL");
}

// A raw segment of a file URL's path and where it starts in the text.
struct raw_segment {
  std::string_view raw;
  std::size_t offset;
};

// Appends `seg` decoded to `out`, or the error at the escape (or byte) that
// names no Windows file: a NUL, or a separator inside a name.  A "%" not
// followed by two hex digits is kept (lenient mode takes it, draft 2.3.3).
std::optional<error> append_decoded(std::string& out, const raw_segment& seg,
                                    std::string_view text) {
  const std::string_view r = seg.raw;
  for (std::size_t i = 0; i < r.size(); ++i) {
    char c = r[i];
    std::size_t width = 1;
    if (charset::starts_with_escape(r.substr(i))) {
      c = static_cast<char>(charset::hex_value(r[i + 1]) * 16 + charset::hex_value(r[i + 2]));
      width = 3;
    }
    if (c == '\0')
      return file_error(text, seg.offset + i, rule::path, "file path",
                        "an encoded NUL (%00) names no file");
    if (c == '/' || c == '\\')
      return file_error(text, seg.offset + i, rule::path, "file path",
                        "a \"/\" or \"\\\" inside a segment: Windows would read a separator "
                        "there and name another file");
    out.push_back(c);
    i += width - 1;
  }
  return std::nullopt;
}

result<std::string> windows_path(std::string_view text) {
  // E.2's drive letter right after "file:" (file:C:/x) is no fileurl: it is
  // read as the host-less file:/C:/x, offsets moved back by the "/" added.
  std::string with_slash;
  std::string_view t = text;
  constexpr std::size_t after_colon = 5;  // "file:"
  if (text.size() > after_colon + 2 &&
      detail::ascii::iequals(text.substr(0, after_colon), "file:") &&
      detail::ascii::is_alpha(text[after_colon]) && looks_like_drive(text.substr(after_colon, 2)) &&
      text[after_colon + 2] == '/') {
    with_slash = "file:/";
    with_slash += text.substr(after_colon);
    t = with_slash;
  }
  auto back = [&](std::size_t offset) {
    return t.data() != text.data() && offset > after_colon ? offset - 1 : offset;
  };
  auto moved = [&](error e) {
    e.offset = back(e.offset);
    return e;
  };
  auto f = parse_file(t);
  if (!f) return moved(f.error());
  const url_view& v = f->url();
  const auto at = [&](std::string_view part) {
    return back(static_cast<std::size_t>(part.data() - t.data()));
  };
  // The raw segments, offsets in `text`.
  std::vector<raw_segment> segs;
  const std::string_view fpath = f->encoded_fpath();
  for (std::size_t from = 0;;) {
    const std::size_t slash = fpath.find('/', from);
    const std::string_view seg = fpath.substr(from, slash == npos ? npos : slash - from);
    segs.push_back({seg, at(seg)});
    if (slash == npos) break;
    from = slash + 1;
  }
  const std::size_t end = text.size();
  std::string out;
  std::size_t i = 0;  // the segment the names after the drive or share start at
  const bool named_host = v.has_server() && !v.encoded_host().empty();
  if (f->is_local() && looks_like_drive(segs[0].raw)) {
    // file:///C:/x (E.2): the drive, then its names.
    if (!detail::ascii::is_alpha(segs[0].raw[0]))
      return file_error(text, segs[0].offset, rule::path, "file path",
                        "a drive letter is one of A-Z");
    if (segs.size() == 1)
      return file_error(text, end, rule::path, "file path",
                        "a drive letter must be followed by its root \"/\" (file:///C:/)");
    out += segs[0].raw[0];
    out += ':';
    i = 1;
  } else {
    // A UNC path: file://server/share/x (E.3.1), file:////server/share/x and
    // file://///server/share/x (E.3.2, the server in the path), or
    // file://localhost/share/x (this machine's share).
    out = "\\\\";
    if (named_host) {
      out += decode(v.encoded_host()).value();
    } else {
      if (!segs[0].raw.empty() || segs.size() == 1)
        return file_error(text, segs[0].offset, rule::path, "file path",
                          "a local Windows path starts with a drive letter (file:///C:/...); "
                          "one on a server names it (file://server/share/...)");
      i = segs.size() > 2 && segs[1].raw.empty() ? 2 : 1;  // 4 or 5 slashes
      if (i >= segs.size() || segs[i].raw.empty())
        return file_error(text, i < segs.size() ? segs[i].offset : end, rule::host, "file path",
                          "a UNC path names its server: file:////server/share/...");
      const std::size_t server_from = out.size();
      if (auto e = append_decoded(out, segs[i], text)) return *e;
      const std::string_view server = std::string_view(out).substr(server_from);
      if (server == "?" || server == ".")
        return file_error(text, segs[i].offset, rule::host, "file path",
                          "a device path (\\\\?\\, \\\\.\\) names no file a URL can name");
      ++i;
    }
    if (i >= segs.size() || segs[i].raw.empty())
      return file_error(text, i < segs.size() ? segs[i].offset : end, rule::path, "file path",
                        "a UNC path names a share after its server (file://server/share/...)");
    if (looks_like_drive(segs[i].raw))
      return file_error(text, segs[i].offset, rule::path, "file path",
                        "a share name cannot be a drive (\"C:\")");
  }
  for (; i < segs.size(); ++i) {
    out += '\\';
    if (auto e = append_decoded(out, segs[i], text)) return *e;
  }
  return out;
}

}  // namespace

std::string_view to_string(path_style s) noexcept {
  switch (s) {
    case path_style::posix:
      return "posix";
    case path_style::windows:
      return "windows";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, path_style s) {
  return detail::print_name(os, s, "path_style");
}

result<url> file_url_from_path(std::string_view path, path_style style) {
  return style == path_style::windows ? windows_file_url(path) : posix_file_url(path);
}

result<std::string> path_from_file_url(std::string_view text, path_style style) {
  return style == path_style::windows ? windows_path(text) : posix_path(text);
}

}  // namespace urlkit
