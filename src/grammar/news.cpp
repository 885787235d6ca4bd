// news — RFC 1738 sections 3.6 and 5:
//
//   newsurl   = "news:" grouppart
//   grouppart = "*" | group | article
//   group     = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
//   article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
//
// "A message identifier may be distinguished from a news group name by the
// presence of the commercial at "@" character" (3.6): a grouppart holding a
// literal "@" is an article, and since no host holds an "@", its last "@"
// starts the host.  An "@" written as %40 is data, not that separator (RFC
// 1738 2.2: a character used for its reserved purpose is not encoded).
//
// News URLs have no "//": the generic parser puts the grouppart in the path,
// and a ";" or "?" part of it in params or query, so the grammar runs over the
// whole scheme-specific part.
#include "grammar/news.hpp"
#include "grammar/host_limits.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

// alpha | digit | "-" | "." | "+" | "_": the characters of a group name after
// its first letter.  (No class of charset.hpp is exactly this set.)
constexpr bool is_group_char(unsigned char c) noexcept {
  return charset::is(charset::alpha | charset::digit, c) || c == '-' || c == '.' || c == '+' ||
         c == '_';
}

const char* const group_lead_detail =
    "a group name starts with a letter (RFC 1738 5: group = alpha *[ alpha | digit | \"-\" | "
    "\".\" | \"+\" | \"_\" ])";
const char* const group_char_detail =
    "a group name holds only letters, digits, \"-\", \".\", \"+\" and \"_\" (RFC 1738 5: group = "
    "alpha *[ alpha | digit | \"-\" | \".\" | \"+\" | \"_\" ])";
const char* const group_escape_detail =
    "a group name is written without escapes (RFC 1738 5: group = alpha *[ alpha | digit | \"-\" "
    "| \".\" | \"+\" | \"_\" ])";

/// X3 primitive: the leading alpha of a group.  Lenient mode accepts another
/// first character with a warning (and leaves it to the rest of the group).
struct group_lead_parser : x3::parser<group_lead_parser> {
  using attribute_type = x3::unused_type;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    parse_state& st = state_of(ctx);
    if (st.failed) return false;
    if (first != last && charset::is(charset::alpha, *first)) {
      ++first;
      return true;
    }
    return st.tolerate_syntax(first, rule::path, group_lead_detail);
  }
};

/// X3 primitive: *[ alpha | digit | "-" | "." | "+" | "_" ] up to `last`.
/// What the generic parse already reported in lenient mode (unwise and
/// national characters, bad escapes) is not reported again; strict mode
/// refuses them as scan_1738 does.
struct group_rest_parser : x3::parser<group_rest_parser> {
  using attribute_type = x3::unused_type;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    parse_state& st = state_of(ctx);
    if (st.failed) return false;
    while (first != last) {
      const auto c = static_cast<unsigned char>(*first);
      const charset::mask m = charset::table[c];
      if (is_group_char(c)) {
        ++first;
        continue;
      }
      if (c == '%') {
        if (charset::starts_with_escape({first, static_cast<std::size_t>(last - first)})) {
          if (!st.tolerate_syntax(first, rule::path, group_escape_detail)) return false;
          first += 3;
          continue;
        }
        if (st.mode == mode::strict) return st.fail(first, error_code::bad_escape, rule::path);
      } else if (m & (charset::unwise | charset::national)) {
        if (st.mode == mode::strict)
          return st.fail(
              first, (m & charset::national) ? error_code::non_ascii : error_code::unwise_character,
              rule::path);
      } else if (m & (charset::control | charset::space) || c == '<' || c == '>' || c == '"') {
        return st.fail(first, error_code::invalid_character, rule::path);
      } else if (!st.tolerate_syntax(first, rule::path, group_char_detail)) {
        return false;
      }
      ++first;
    }
    return true;
  }
};

x3::rule<struct news_group_class> const group = "group";
auto const group_def = group_lead_parser{} >> group_rest_parser{};
BOOST_SPIRIT_DEFINE(group)

// 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ], before the "@".
constexpr run_1738_parser article_run{charset::article1738, "news article", rule::path, {}};

}  // namespace

bool check_group(const char* first, const char* last, parse_state& st, const char* production) {
  st.production = production;
  const char* p = first;
  const bool ok = run_rule(group, p, last, st);
  if (ok) st.production = nullptr;
  return ok;
}

bool parse_news(const url_view& u, parse_state& st, news_parts& out) {
  out = {};
  const std::string_view gp = scheme_part_of(u);
  const char* const first = gp.data();
  const char* const last = first + gp.size();
  out.grouppart = gp;

  st.production = "news grouppart";
  // "news:" names no group and no article, and a "//<host>" has no place in
  // newsurl (3.6: news URLs are location-independent): a client could only
  // drop the host, so both are refused in both modes.
  if (u.has_server())
    return st.fail_syntax(first, last, rule::server,
                          "news URLs have no \"//<host>\": news:<newsgroup-name> or "
                          "news:<message-id> (RFC 1738 3.6); a server's group is nntp://");
  if (gp.empty())
    return st.fail_syntax(first, last, rule::path,
                          "\"*\", a group name or a message-id expected (RFC 1738 5: grouppart = "
                          "\"*\" | group | article)");

  // "*" refers to "all available news groups" (3.6).  "*" is unreserved, so
  // %2A means the same (RFC 1738 2.2), but grouppart spells it "*".
  if (gp == "*" || (gp.size() == 3 && gp[0] == '%' && gp[1] == '2' && (gp[2] | 0x20) == 'a')) {
    out.form = news_form::all;
    if (gp.size() == 3 &&
        !st.tolerate_syntax(first, rule::path, "\"*\" (all groups) is written as it is"))
      return false;
    st.production = nullptr;
    return true;
  }

  const std::size_t at = gp.rfind('@');
  if (at == std::string_view::npos) {
    out.form = news_form::group;
    return check_group(first, last, st, "news group");
  }

  // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
  out.form = news_form::article;
  out.unique = gp.substr(0, at);
  out.host = gp.substr(at + 1);
  st.production = "news article";
  if (out.unique.empty() &&
      !st.tolerate_syntax(
          first, rule::path,
          "a message-id has a <unique> part before \"@\" (RFC 1738 5: article = "
          "1*[ uchar | \";\" | \"/\" | \"?\" | \":\" | \"&\" | \"=\" ] \"@\" host)"))
    return false;
  {
    const char* p = first;
    const char* const unique_end = first + at;
    if (!run_rule(article_run, p, unique_end, st)) return false;
  }
  // "<unique>@<full_domain_name>" (3.6): the host production of 3.1.
  st.production = "news host";
  const char* h = out.host.data();
  if (!x3::parse(h, last, host)) {
    if (!st.tolerate_syntax(out.host.data(), rule::host,
                            "the message-id's domain must be a host: a hostname or a hostnumber "
                            "(RFC 1738 3.6: <unique>@<full_domain_name>; 5: \"@\" host)"))
      return false;
    // Lenient mode takes another domain, but not the bytes no URL may hold
    // (draft 2.3.3), which a view parsed with parse_options::accept_excluded
    // has as data: as everywhere else in the scheme grammars (scan_1738),
    // they are errors.  A CR or LF would end the NNTP ARTICLE line early
    // (RFC 1738 6).
    for (const char* q = out.host.data(); q != last; ++q) {
      const auto c = static_cast<unsigned char>(*q);
      if (charset::is(charset::control | charset::space, c) || c == '<' || c == '>' || c == '"')
        return st.fail(q, error_code::invalid_character, rule::host);
    }
  }
  // RFC 1034's lengths, where RFC 1738 3.1 sends host names, as for every
  // other host (host_limits.hpp).
  if (!check_host_length(st, out.host.data(), last, rule::host)) return false;
  st.production = nullptr;
  return true;
}

}  // namespace urlkit::grammar
