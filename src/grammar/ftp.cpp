// ftp — RFC 1738 sections 3.2 and 5:
//
//   ftpurl   = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//   fpath    = fsegment *[ "/" fsegment ]
//   fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//   ftptype  = "A" | "I" | "D" | "a" | "i" | "d"
//
// "Within a name or CWD component, the characters "/" and ";" are reserved
// and must be encoded" (3.2.2): a ";" ends the fpath and may only start
// ";type=".  "?" is an fsegment character, so the generic query is part of
// the fpath here: the grammar runs over the raw url-path.  The literal
// ";type=" is matched ignoring case, as RFC 822 notation (which RFC 1738 uses)
// reads quoted strings.
#include "grammar/ftp.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const ftp_names[5] = {"ftp login", "ftp user", "ftp password", "ftp host", "ftp port"};

// fpath = fsegment *[ "/" fsegment ] with fsegment = *[ ... ]: an fsegment
// may be empty, so an fpath is any run of fsegment characters and "/"
// (charset::fpath1738), read in one scan rather than segment by segment.  A
// character neither takes is reported as the fsegment's.
constexpr bool fpath_is_fsegment_and_slash() noexcept {
  for (unsigned c = 0; c < 256; ++c)
    if (charset::is(charset::fpath1738, static_cast<unsigned char>(c)) !=
        (charset::is(charset::fsegment1738, static_cast<unsigned char>(c)) || c == '/'))
      return false;
  return true;
}
static_assert(fpath_is_fsegment_and_slash(), "fpath1738 must be fsegment1738 and \"/\"");

constexpr run_1738_parser fpath_run{charset::fpath1738, "ftp fsegment", rule::path, ";"};

x3::rule<struct ftp_fpath_class> const fpath = "fpath";
x3::rule<struct ftp_ftptype_class> const ftptype = "ftptype";

auto const fpath_def = fpath_run;
auto const ftptype_def = x3::lit('A') | 'I' | 'D' | 'a' | 'i' | 'd';

BOOST_SPIRIT_DEFINE(fpath, ftptype)

}  // namespace

bool parse_ftp(const url_view& u, parse_state& st, ftp_parts& out) {
  if (!check_login(u, st, ftp_names, true)) return false;
  const std::string_view path = url_path_of(u);
  if (path.data() == nullptr) return true;  // "The whole url-path may be omitted" (3.2.2)
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* p = first;
  // Without a warning from the generic parse, and without a query (a "?" is
  // no fpath character), the path holds only paramchar bytes and escapes,
  // which an fpath takes too: it ends where the params start, with no
  // second scan.
  static_assert(draft_class_within(charset::paramchar, charset::fpath1738));
  bool ok = true;
  if (generic_clean(u) && !u.has_query())
    p = u.has_params() ? u.encoded_params().data() - 1 : last;
  else
    ok = run_rule(fpath, p, last, st);
  st.production = nullptr;
  if (!ok) return false;
  out.fpath = {first, static_cast<std::size_t>(p - first)};
  if (p == last) return true;

  // p is at a ";": only ";type=" ftptype may follow, up to the end.  What
  // else follows is an error in both modes where it would make the plan act
  // on another file than the URL names: a "/" (the path would go on past the
  // parameters: "dir;x/file" is not the file "dir") or a parameter other
  // than the one ";type=" (RFC 1738 3.2.2: "/" and ";" are reserved in a
  // <cwd> or <name>).
  st.production = "ftp params";
  const std::string_view rest(p, static_cast<std::size_t>(last - p));
  if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos)
    return st.fail_syntax(p + slash, st.end, rule::params,
                          "'/' after a ';': the path would go on past the parameters, so the URL "
                          "names another file than its plan would fetch (RFC 1738 3.2.2: \"/\" "
                          "and \";\" are reserved in a <cwd> or <name>; escape the ';' as %3B)");
  const char* const only_type =
      "a ';' may only start the one \";type=\" with a, i or d that ends an ftp URL (RFC 1738 "
      "3.2.2); in a <cwd> or <name> escape it as %3B";
  const char* q = p;
  if (!x3::parse(q, last, x3::no_case[x3::lit(";type=")]))
    return st.fail_syntax(p, st.end, rule::params, only_type);
  if (const std::size_t next = rest.find(';', 1); next != std::string_view::npos)
    return st.fail_syntax(p + next, st.end, rule::params, only_type);
  st.production = "ftp ftptype";
  const char* code = q;
  if (x3::parse(q, last, ftptype >> x3::eoi)) {
    out.typecode = static_cast<char>(*code | 0x20);  // any case in, lower case out
    st.production = nullptr;
    return true;
  }
  // An unknown typecode names the same file: lenient mode warns and plans
  // without a TYPE.
  return st.tolerate_syntax(code, rule::params,
                            "typecode must be one of a, i, d (any case), ending the URL");
}

}  // namespace urlkit::grammar
