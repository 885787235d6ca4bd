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

constexpr run_1738_parser fsegment_run{charset::fsegment1738, "ftp fsegment", rule::path, "/;"};

x3::rule<struct ftp_fsegment_class> const fsegment = "fsegment";
x3::rule<struct ftp_fpath_class> const fpath = "fpath";
x3::rule<struct ftp_ftptype_class> const ftptype = "ftptype";

auto const fsegment_def = fsegment_run;
auto const fpath_def = fsegment % '/';
auto const ftptype_def = x3::lit('A') | 'I' | 'D' | 'a' | 'i' | 'd';

BOOST_SPIRIT_DEFINE(fsegment, fpath, ftptype)

}  // namespace

bool parse_ftp(const url_view& u, parse_state& st, ftp_parts& out) {
  if (!check_login(u, st, ftp_names, true)) return false;
  const std::string_view path = url_path_of(u);
  if (path.data() == nullptr) return true;  // "The whole url-path may be omitted" (3.2.2)
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* p = first;
  const bool ok = run_rule(fpath, p, last, st);
  st.production = nullptr;
  if (!ok) return false;
  out.fpath = {first, static_cast<std::size_t>(p - first)};
  if (p == last) return true;

  // p is at a ";": only ";type=" ftptype may follow, up to the end.
  st.production = "ftp ftptype";
  const char* q = p;
  if (x3::parse(q, last, x3::no_case[x3::lit(";type=")])) {
    const char* code = q;
    if (x3::parse(q, last, ftptype >> x3::eoi)) {
      out.typecode = static_cast<char>(*code | 0x20);  // any case in, lower case out
      st.production = nullptr;
      return true;
    }
    return st.tolerate_syntax(code, rule::params,
                              "typecode must be one of a, i, d (any case), ending the URL");
  }
  return st.tolerate_syntax(p, rule::params,
                            "\";\" is reserved in a <cwd> or <name> (escape it as %3B); it may "
                            "only start \";type=\" followed by a, i or d (RFC 1738 3.2.2)");
}

}  // namespace urlkit::grammar
