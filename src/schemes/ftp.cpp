// ftp URLs: RFC 1738 3.2 (grammar: src/grammar/ftp.cpp).
#include "urlkit/schemes/ftp.hpp"

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

result<ftp_view> ftp_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::ftp_parts parts;
  // The common URL needs no parse state (whose making is a score of stores).
  if (!detail::ascii::iequals(url.scheme(), "ftp") || !grammar::ftp_common(url, parts))
    if (auto e = schemes::checked_parts<"ftp", grammar::parse_ftp>(url, options, parts)) return *e;
  // USER and PASS lines (3.2.1) and CWD/RETR arguments must not carry CR/LF.
  // The fsegments are checked in one pass: no escape spans a "/".
  if (auto e = schemes::refused_in_login<"ftp">(url)) return *e;
  if (auto e = schemes::refused_escape(url, parts.fpath, "ftp fsegment", rule::path, true))
    return *e;

  return schemes::make_view<ftp_view>(url, schemes::effective_port(url, ftp_view::default_port),
                                      schemes::just_stored(parts.fpath), parts.typecode);
}

}  // namespace urlkit
