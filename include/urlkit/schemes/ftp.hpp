// urlkit — ftp URLs (RFC 1738 section 3.2; grammar in section 5).
//
//   ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
//
// The url-path is a plan of FTP commands (3.2.2): CWD with each <cwd> in turn,
// then TYPE <typecode> and RETR <name>, or NLST <name> for typecode d.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One FTP command of the plan: "CWD etc", "CWD " (empty argument), "NLST".
struct ftp_command {
  std::string verb;          ///< "CWD", "TYPE", "RETR", "NLST"
  std::string argument;      ///< decoded
  bool has_argument = true;  ///< False for a verb alone ("NLST").
  /// The command line without CRLF: verb, and " " argument when it has one.
  std::string to_string() const;
  /// Same verb and argument.
  friend bool operator==(const ftp_command&, const ftp_command&) = default;
};

/// An ftp URL, checked: views into the caller's text (which must outlive it)
/// and a few numbers.  Parsing one allocates nothing; each decoded part is
/// made when asked for.
class ftp_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  ftp_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 21" (3.2).
  static constexpr std::uint16_t default_port = *urlkit::default_port("ftp");

  /// Whether the URL has a url-path (it "may be omitted, including the "/"").
  bool has_url_path() const noexcept { return fpath_.data() != nullptr; }
  /// The fpath as written, without ";type=...".  Named by RFC 1738 5's
  /// production, not path(): the fpath holds a "?" (an fsegment character),
  /// where url_view::path() (draft 4.3.2) ends.
  std::string_view encoded_fpath() const noexcept { return fpath_; }
  /// The fpath, decoded.
  decode_view fpath() const noexcept { return decode_view(fpath_); }
  /// The <cwd>s (segments.hpp): every fsegment of the fpath but the last,
  /// each possibly empty ("ftp://h//f" has one empty <cwd>, which is a
  /// "CWD" with an empty argument, 3.2.2).  Allocates nothing.
  segments_view cwd() const noexcept;
  /// The <name> as written (possibly empty): the last fsegment.
  std::string_view encoded_name() const noexcept;
  /// The <name>, decoded (possibly empty).
  decode_view name() const noexcept { return decode_view(encoded_name()); }
  /// 'a', 'i' or 'd' (lower case), or nullopt when there is no ";type=".
  std::optional<char> typecode() const noexcept {
    return typecode_ ? std::optional<char>(typecode_) : std::nullopt;
  }

  /// The FTP commands of 3.2.2: CWD for each <cwd>; then NLST <name> for
  /// typecode d, else TYPE <A|I> (when a typecode is given) and RETR <name>.
  /// A URL whose <name> is empty and that has no typecode names a directory:
  /// it is listed (NLST), since RETR of nothing cannot succeed.
  std::vector<ftp_command> plan() const;

 private:
  friend struct view_parser<ftp_view>;
  // parse_ftp's checks (src/schemes/ftp.cpp).
  static result<ftp_view> from_url(const url_view& url, const scheme_options& options);
  // parse_ftp(string): the generic parse written in place inside the result.
  static result<ftp_view> from_string(std::string_view s, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<ftp_view>;
  ftp_view(const url_view& u, std::uint16_t port, std::string_view fpath, char typecode) noexcept
      : server_view(u, port), fpath_(fpath), typecode_(typecode) {}
  std::string_view fpath_{};
  char typecode_ = 0;
};

/// Checks an ftp URL against RFC 1738's ftpurl.  A user, password, <cwd> or
/// <name> whose decoding would hold CR or LF is refused in both modes (it
/// would end an FTP command line early: RFC 1738 6).  Allocates nothing.
/// parse_ftp(url) checks a parsed URL; parse_ftp(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<ftp_view> parse_ftp{};

}  // namespace urlkit
URLKIT_END_API
