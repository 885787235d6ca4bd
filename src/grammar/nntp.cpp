// nntp — RFC 1738 sections 3.7 and 5:
//
//   nntpurl = "nntp://" hostport "/" group [ "/" digits ]
//   group   = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]   (shared with news)
//
//   nntp://<host>:<port>/<newsgroup-name>/<article-number>
//
// hostport, not login: "No user name or password is allowed" holds here as in
// 3.3 (check_login with userinfo_allowed = false).  The group and the article
// number are what the URL designates, so a URL without a group, or with an
// article part that is not a number, leaves a client nothing to ask the
// server for: refused in both modes.
#include "grammar/nntp.hpp"

#include <limits>

#include "grammar/news.hpp"
#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const nntp_names[5] = {"nntp login", "nntp user", "nntp password", "nntp host",
                                   "nntp port"};

x3::rule<struct nntp_digits_class> const digits = "digits";
auto const digits_def = cls_run<charset::digit>;
BOOST_SPIRIT_DEFINE(digits)

}  // namespace

bool parse_nntp(const url_view& u, parse_state& st, nntp_parts& out) {
  out = {};
  if (!check_login(u, st, nntp_names, false)) return false;

  st.production = "nntp group";
  const std::string_view path = url_path_of(u);
  if (path.data() == nullptr) {
    const char* at = u.encoded_server().data() + u.encoded_server().size();
    return st.fail_syntax(at, st.end, rule::path,
                          "\"/\" and a group name expected (RFC 1738 5: nntpurl = \"nntp://\" "
                          "hostport \"/\" group [ \"/\" digits ])");
  }
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* slash = first;
  while (slash != last && *slash != '/') ++slash;
  out.group = {first, static_cast<std::size_t>(slash - first)};
  if (out.group.empty())
    return st.fail_syntax(first, last, rule::path,
                          "a group name expected (RFC 1738 5: group = alpha *[ alpha | digit | "
                          "\"-\" | \".\" | \"+\" | \"_\" ])");
  if (!check_group(first, slash, st, "nntp group")) return false;
  if (slash == last) return true;

  // [ "/" digits ]
  st.production = "nntp article";
  const char* const d = slash + 1;
  if (d == last) {
    // A trailing "/" without a number: the group alone is still usable.
    const bool ok = st.tolerate_syntax(d, rule::path,
                                       "an article number expected after \"/\" (RFC 1738 5: "
                                       "[ \"/\" digits ])");
    if (ok) st.production = nullptr;
    return ok;
  }
  const char* p = d;
  if (!x3::parse(p, last, digits) || p != last)
    return st.fail_syntax(p, last, rule::path,
                          "the article number is digits only, ending the URL (RFC 1738 5: "
                          "[ \"/\" digits ])");
  std::int64_t n = 0;
  for (const char* q = d; q != last; ++q) {
    const int digit = *q - '0';
    if (n > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
      return st.fail_syntax(d, last, rule::path,
                            "the article number is out of range (at most 9223372036854775807)");
    n = n * 10 + digit;
  }
  out.digits = {d, static_cast<std::size_t>(last - d)};
  out.article = n;
  st.production = nullptr;
  return true;
}

}  // namespace urlkit::grammar
