// prospero — RFC 1738 sections 3.11 and 5:
//
//   prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//   ppath       = psegment *[ "/" psegment ]
//   psegment    = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//   fieldspec   = ";" fieldname "=" fieldvalue
//   fieldname   = *[ uchar | "?" | ":" | "@" | "&" ]
//   fieldvalue  = *[ uchar | "?" | ":" | "@" | "&" ]
//
// "The semicolon ";" is reserved and may not appear without quoting in the
// <hsoname>" (3.11): the first ";" ends the ppath and starts the fields.  "/"
// separates psegments but "no significance may be assumed by the
// application", so the hsoname is the whole ppath, slashes included; "?" is a
// psegment character, so the generic query belongs to the ppath (or to a
// fieldvalue) here.  A fieldvalue may not hold "=" or "/": strict errors,
// lenient warnings.  A fieldspec without "=" is a strict error; lenient mode
// reads it as a field with an empty value.
#include "grammar/prospero.hpp"

#include <algorithm>

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const prospero_names[5] = {"prospero hostport", "prospero user", "prospero password",
                                       "prospero host", "prospero port"};

constexpr run_1738_parser psegment_run{charset::fsegment1738, "prospero psegment", rule::path,
                                       "/;"};
constexpr run_1738_parser fieldname_run{charset::fieldchar1738, "prospero fieldname", rule::params,
                                        "=;"};
constexpr run_1738_parser fieldvalue_run{charset::fieldchar1738, "prospero fieldvalue",
                                         rule::params, ";"};

x3::rule<struct prospero_psegment_class> const psegment = "psegment";
x3::rule<struct prospero_ppath_class> const ppath = "ppath";
x3::rule<struct prospero_fieldname_class> const fieldname = "fieldname";
x3::rule<struct prospero_fieldvalue_class> const fieldvalue = "fieldvalue";
x3::rule<struct prospero_fieldspec_class> const fieldspec = "fieldspec";

auto const psegment_def = psegment_run;
auto const ppath_def = psegment % '/';
auto const fieldname_def = fieldname_run;
auto const fieldvalue_def = fieldvalue_run;
auto const fieldspec_def = ';' >> fieldname >> '=' >> fieldvalue;

BOOST_SPIRIT_DEFINE(psegment, ppath, fieldname, fieldvalue, fieldspec)

}  // namespace

bool parse_prospero(const url_view& u, parse_state& st, prospero_parts& out) {
  out = {};
  if (!check_login(u, st, prospero_names, false)) return false;
  const std::string_view path = url_path_of(u);
  if (path.data() == nullptr) {
    // No "/" ppath.  ppath may be empty, so "prospero://host/" names the empty
    // hsoname: lenient mode reads "prospero://host" as that.
    const char* at = u.encoded_server().data() + u.encoded_server().size();
    st.production = "prosperourl";
    if (!st.tolerate_syntax(at, rule::path,
                            "\"/\" hsoname expected (prosperourl = \"prospero://\" hostport \"/\" "
                            "ppath *[ fieldspec ], RFC 1738 5)"))
      return false;
    st.production = nullptr;
    out.ppath = out.fields = std::string_view(at, 0);  // present and empty
    return true;
  }
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* p = first;
  if (!run_rule(ppath, p, last, st)) return false;
  out.ppath = {first, static_cast<std::size_t>(p - first)};

  const char* const fields = p;
  for (;;) {
    if (!run_rule(*fieldspec, p, last, st)) return false;
    if (p == last) break;
    // p is at a ";" whose fieldname runs to the next ";" or the end without
    // an "=" (a fieldname stopping at "=" would have made a fieldspec).  Its
    // characters were checked (and warned about) already: only skip it.
    const char* const name_end = std::find(p + 1, last, ';');
    st.production = "prospero fieldspec";
    if (!st.tolerate_syntax(name_end, rule::params,
                            "\"=\" fieldvalue expected after the field name (fieldspec = \";\" "
                            "fieldname \"=\" fieldvalue, RFC 1738 5)"))
      return false;
    st.production = nullptr;
    p = name_end;
  }
  st.production = nullptr;
  out.fields = {fields, static_cast<std::size_t>(last - fields)};
  return true;
}

}  // namespace urlkit::grammar
