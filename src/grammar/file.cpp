// file — RFC 1738 sections 3.10 and 5:
//
//   fileurl  = "file://" [ host | "localhost" ] "/" fpath
//   fpath    = fsegment *[ "/" fsegment ]
//   fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//
// The host was checked by the generic parser (hostname | hostnumber in strict
// mode; "localhost" is a hostname).  The production has no login and no port:
// those are strict errors and lenient warnings (a client ignores them).  "?"
// is an fsegment character, so the generic query is part of the fpath here
// (as for ftp): the grammar runs over the raw url-path.
//
// The draft's own example "file:/home/fred/bio.txt" (1.1) has no "//": it is
// not fileurl, so strict mode refuses it, while lenient mode accepts it with a
// warning as a path on the machine interpreting the URL (no host at all is
// read like the empty host of 3.10).  A reference without a leading "/"
// ("file:bio.txt") names no absolute path on any host: an error in both modes.
#include "grammar/file.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

// fpath = fsegment *[ "/" fsegment ]: any run of fsegment characters and "/"
// (charset::fpath1738), read in one scan, as ftp's (src/grammar/ftp.cpp).
constexpr run_1738_parser fpath_run{charset::fpath1738, "file fsegment", rule::path, ""};

x3::rule<struct file_fpath_class> const fpath = "fpath";

auto const fpath_def = fpath_run;

BOOST_SPIRIT_DEFINE(fpath)

}  // namespace

bool parse_file(const url_view& u, parse_state& st, file_parts& out) {
  out = {};
  const char* const last = url_end(u);
  const char* const after_scheme = u.buffer().data() + (u.has_scheme() ? u.scheme().size() + 1 : 0);
  st.production = "fileurl";
  if (u.has_server()) {
    if (u.has_user() &&
        !st.tolerate_syntax(u.encoded_user().data(), rule::user,
                            "no user name or password in a file URL (fileurl = \"file://\" "
                            "[ host | \"localhost\" ] \"/\" fpath, RFC 1738 5)"))
      return false;
    if (u.has_port() && !st.tolerate_syntax(u.port().data() - 1, rule::port,
                                            "no port in a file URL (fileurl = \"file://\" "
                                            "[ host | \"localhost\" ] \"/\" fpath, RFC 1738 5)"))
      return false;
    if (!u.absolute_path()) {
      // "file://host": fpath may be empty but its "/" may not be omitted.
      // Lenient mode reads it as "file://host/", the host's root.
      const char* at = u.encoded_server().data() + u.encoded_server().size();
      if (!st.tolerate_syntax(at, rule::path,
                              "\"/\" fpath expected after the host (fileurl = \"file://\" "
                              "[ host | \"localhost\" ] \"/\" fpath, RFC 1738 5)"))
        return false;
      st.production = nullptr;
      out.fpath = std::string_view(at, 0);  // present and empty
      return true;
    }
  } else if (u.absolute_path()) {
    if (!st.tolerate_syntax(after_scheme, rule::server,
                            "\"//\" expected: fileurl = \"file://\" [ host | \"localhost\" ] "
                            "\"/\" fpath (RFC 1738 3.10); lenient mode reads draft 1.1's "
                            "file:/path as a path on this machine"))
      return false;
  } else {
    return st.fail_syntax(after_scheme, st.end, rule::path,
                          "\"//\" or \"/\" expected: a file URL names an absolute path (fileurl = "
                          "\"file://\" [ host | \"localhost\" ] \"/\" fpath, RFC 1738 3.10)");
  }
  const char* const first = u.encoded_path().data();
  const char* p = first;
  // Without a warning from the generic parse, and without params or a query
  // (";" and "?" are no fpath characters), the path holds only paramchar
  // bytes and escapes, which an fpath takes too: no second scan.
  static_assert(draft_class_within(charset::paramchar, charset::fpath1738));
  bool ok = true;
  if (generic_clean(u) && !u.has_params() && !u.has_query())
    p = last;
  else
    ok = run_rule(fpath, p, last, st);
  if (!ok) return false;
  // The fpath scan stops at no byte: all of it was read.
  if (p != last) return st.fail_syntax(p, st.end, rule::path, "fpath expected");
  st.production = nullptr;
  out.fpath = {first, static_cast<std::size_t>(last - first)};
  return true;
}

}  // namespace urlkit::grammar
