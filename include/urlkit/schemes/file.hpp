// urlkit — file URLs (RFC 1738 section 3.10; grammar in section 5).
//
//   file://<host>/<path>
//
// "<host> is the fully qualified domain name of the system on which the
// <path> is accessible, and <path> is a hierarchical directory path of the
// form <directory>/<directory>/.../<name>.  As a special case, <host> can be
// the string "localhost" or the empty string; this is interpreted as `the
// machine from which the URL is being interpreted'" (3.10).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/schemes/view_parser.hpp"
#include "urlkit/url.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A file URL, checked: views into the caller's text (which must outlive
/// it) and what parsing found (local or not, an encoded NUL or "/").
/// Parsing one allocates nothing; the decoded path is made when asked for.
class file_view : public scheme_view {
 public:
  /// An empty view (what a failed result holds).
  file_view() = default;

  /// The host as written: empty for file:///x and for the host-less file:/x
  /// (lenient mode only), both "the machine from which the URL is being
  /// interpreted" (3.10); url().has_host() tells them apart.
  std::string_view encoded_host() const noexcept { return url().encoded_host(); }
  /// The host, decoded ("localhost" as written); empty as encoded_host() is.
  decode_view host() const noexcept { return url().host(); }
  /// Whether the URL names a file on the machine interpreting it: no host,
  /// an empty host, or "localhost" in any case (3.10).  Other host names are
  /// not compared with this machine's own name.  Looked at when asked.
  bool is_local() const noexcept;

  /// The fpath as written, without the leading "/" (which is not part of a
  /// path, draft 4.3.2): "home/fred/bio.txt".  Named by RFC 1738 5's
  /// production, not path(): the fpath holds a "?" (an fsegment
  /// character), where url_view::path() ends.
  std::string_view encoded_fpath() const noexcept { return fpath_; }
  /// The fpath, decoded, without the leading "/".  An escaped "/" (%2F)
  /// reads as "/" here: local_path() is the file name.
  decode_view fpath() const noexcept { return decode_view(fpath_); }

  /// The path as a POSIX file name on this machine: path_from_file_url's
  /// answer for a URL already parsed.  Errors (scheme_syntax, each offset in
  /// the URL's text): a host that does not mean this machine (!is_local(); rule
  /// host), a segment holding an encoded NUL (no file name can; rule path),
  /// or an encoded "/" (%2F): that names one directory entry containing "/",
  /// which no POSIX file name can, and turning it into a separator would name
  /// a different file.  (The escapes are looked for when asked: parsing does
  /// not search for them.)
  result<std::string> local_path() const;

 private:
  friend struct view_parser<file_view>;
  // parse_file's checks (src/schemes/file.cpp).
  static result<file_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<file_view>;
  file_view(const url_view& u, std::string_view fpath) noexcept : scheme_view(u), fpath_(fpath) {}
  std::string_view fpath_{};
};

/// Checks a file URL against RFC 1738's fileurl.  The host-less form
/// file:/path (draft 1.1's example) is a strict error and a lenient warning; a
/// path without a leading "/" (file:x) is an error in both modes.  Encoded CR
/// and LF are data: no protocol line carries a file URL's parts.  Allocates
/// nothing.
/// parse_file(url) checks a parsed URL; parse_file(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<file_view> parse_file{};

/// How a file name is spelled: POSIX ("/home/fred/bio.txt") or Windows
/// ("C:\\Users\\fred\\bio.txt", "\\\\server\\share\\bio.txt"), as RFC 8089
/// appendix E maps the latter to file URLs.
enum class path_style : std::uint8_t {
  posix,    ///< "/" separates names; a name holds any byte but NUL and "/"
  windows,  ///< a drive letter or a UNC server and share; "\\" (or "/") separates names
};
/// "posix" or "windows": the enumerator's name, as every public enum is
/// named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(path_style s) noexcept;
/// Prints to_string() of `s` (a value outside the enumeration: "path_style(N)").
std::ostream& operator<<(std::ostream& os, path_style s);

/// The file URL of an absolute file name (RFC 1738 3.10), each segment
/// escaped as a path segment, so "?", ";", "#", "%" and space are data.
///
/// posix: the empty host, "the machine from which the URL is being
/// interpreted": file_url_from_path("/usr/share/doc/a b.html") is
/// file:///usr/share/doc/a%20b.html.  Errors: a relative name (offset 0), a
/// NUL (no file name holds one).
///
/// windows (RFC 8089 E.2, E.3.1): "C:\\x\\y" is file:///C:/x/y (the drive
/// letter as written), "\\\\server\\share\\x" is file://server/share/x;
/// "/" separates names as "\\" does.  Errors, at their offsets: a name with no
/// drive letter and no server (0), a drive letter not in A-Z (0), a drive
/// without its root ("C:x", 2), a UNC path without a server or a share, or
/// whose share looks like a drive ("\\\\h\\C:"), a device path ("\\\\?\\",
/// "\\\\.\\"), a server that is not a host name (RFC 1738 3.1), a NUL.
result<url> file_url_from_path(std::string_view path, path_style style = path_style::posix);

/// The file name a file URL names: its decoded path, spelled in `style`.
/// Errors, each at its offset in `text`: not a file URL (or not one its
/// grammar takes, lenient mode), and
///
/// posix: a host other than "" or "localhost" (the file is on another
/// machine: 3.10 gives no access method for it), an encoded NUL or "/" (%2F:
/// one name holding "/", which no POSIX name can).
///
/// windows: file:///C:/x, file://localhost/C:/x, file:/C:/x and RFC 8089
/// E.2's file:C:/x give "C:\\x" (E.2.2's "C|" for "C:" too); file://server/share/x
/// (E.3.1) and E.3.2's file:////server/share/x and file://///server/share/x
/// give "\\\\server\\share\\x".  Errors: a local URL whose path does not
/// start with a drive letter, a drive letter not in A-Z, a drive without its
/// root (file:///C:), a UNC path without a share, an encoded NUL, a "/" or
/// "\\" inside a segment (%2F, %5C: Windows would read a separator there).
result<std::string> path_from_file_url(std::string_view text, path_style style = path_style::posix);

}  // namespace urlkit
URLKIT_END_API
