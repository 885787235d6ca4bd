// ftp URLs: RFC 1738 3.2 (grammar: src/grammar/ftp.cpp).
#include "urlkit/schemes/ftp.hpp"

#include "core/parse_reading.hpp"
#include "grammar/ftp.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::string ftp_command::to_string() const {
  return has_argument ? verb + " " + argument : verb;
}

segments_view ftp_view::cwd() const noexcept {
  // Every fsegment before the last "/" is a <cwd>: none without a "/".
  const auto slash = fpath_.rfind('/');
  if (slash == std::string_view::npos) return {};
  return segments_view::list(fpath_.substr(0, slash), '/');
}

std::string_view ftp_view::encoded_name() const noexcept {
  const auto slash = fpath_.rfind('/');
  return slash == std::string_view::npos ? fpath_ : fpath_.substr(slash + 1);
}

std::vector<ftp_command> ftp_view::plan() const {
  std::vector<ftp_command> out;
  const segments_view cwd = this->cwd();
  out.reserve(cwd.size() + 2);
  for (const decode_view c : cwd) out.push_back({"CWD", c.to_string(), true});
  std::string name = this->name().to_string();
  if (typecode_ == 'd') {
    const bool has_name = !name.empty();
    out.push_back({"NLST", std::move(name), has_name});
  } else if (typecode_ == 0 && name.empty()) {
    out.push_back({"NLST", {}, false});  // a directory: nothing to RETR
  } else {
    if (typecode_) out.push_back({"TYPE", std::string(1, static_cast<char>(typecode_ - 32)), true});
    out.push_back({"RETR", std::move(name), true});
  }
  return out;
}

namespace {

/// The checks of an ftp URL `url`, for both ways in: its parts, or the
/// error.  Inlined into both: a call of its own cost more than the copy
/// from_string saves.
[[gnu::always_inline]] inline std::optional<error> check(const url_view& url,
                                                         const scheme_options& options,
                                                         grammar::ftp_parts& parts) {
  // The common URL needs no parse state (whose making is a score of stores).
  if (!detail::ascii::iequals(url.scheme(), "ftp") || !grammar::ftp_common(url, parts))
    if (auto e = schemes::checked_parts<"ftp", grammar::parse_ftp>(url, options, parts)) return e;
  // USER and PASS lines (3.2.1) and CWD/RETR arguments must not carry CR/LF.
  // The fsegments are checked in one pass: no escape spans a "/".
  if (auto e = schemes::refused_in_login<"ftp">(url)) return e;
  return schemes::refused_escape(url, parts.fpath, "ftp fsegment", rule::path, true);
}

}  // namespace

result<ftp_view> ftp_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::ftp_parts parts;
  if (auto e = check(url, options, parts)) return *e;
  return schemes::make_view<ftp_view>(url, schemes::effective_port(url, ftp_view::default_port),
                                      schemes::just_stored(parts.fpath), parts.typecode);
}

result<ftp_view> ftp_view::from_string(std::string_view s, const scheme_options& options) {
  // The generic view is parsed into the view inside the result, which is
  // returned by name on every path: no url_view is copied (a view just
  // written, copied at once, is read in loads the stores cannot forward to:
  // make_view), and no result<url_view> is made apart.  As http's.
  result<ftp_view> r(std::in_place, url_view(), std::uint16_t{0}, std::string_view(), char{0});
  ftp_view& v = *r;
  url_view& u = detail_access::url(v);
  grammar::ftp_parts parts;
  if (auto e = detail::parse_absolute_into(u, s, detail::parse_options_for_view(options))) {
    r = *e;
  } else if (auto e2 = check(u, options, parts)) {
    r = *e2;
  } else {
    v.port_ = schemes::effective_port(u, ftp_view::default_port);
    v.fpath_ = schemes::just_stored(parts.fpath);
    v.typecode_ = parts.typecode;
  }
  return r;
}

}  // namespace urlkit
