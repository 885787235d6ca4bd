// telnet — RFC 1738 sections 3.8 and 5:
//
//   telneturl = "telnet://" login [ "/" ]
//   login     = [ user [ ":" password ] "@" ] hostport
//
// "The final "/" character may be omitted" (3.8), and nothing may follow it:
// a telnet URL designates an interactive service, not a data object, so it
// has no url-path.  Whatever follows the "/" (a path, ";params", "?query") is
// refused in strict mode; lenient mode warns and ignores it, since the URL
// still names a host to connect to.
#include "grammar/telnet.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const telnet_names[5] = {"telnet login", "telnet user", "telnet password",
                                     "telnet host", "telnet port"};

// What follows the login: [ "/" ], up to the end of the URL (the fragment,
// if any, is not part of the URL: draft 3).
x3::rule<struct telnet_tail_class> const tail = "telneturl";
auto const tail_def = -x3::lit('/') >> x3::eoi;

BOOST_SPIRIT_DEFINE(tail)

}  // namespace

bool parse_telnet(const url_view& u, parse_state& st, telnet_parts& out) {
  out = {};
  if (!check_login(u, st, telnet_names, true)) return false;
  // The server runs up to the first "/" (or the end): the tail starts there.
  const char* const first = u.encoded_server().data() + u.encoded_server().size();
  const char* const last = url_end(u);
  out.final_slash = first != last && *first == '/';
  const char* p = first;
  auto ctx = x3::make_context<state_tag>(st);
  x3::unused_type unused;
  if (tail.parse(p, last, ctx, unused, unused)) return true;
  // The tail is "/" and more: the first byte after the "/" is not telneturl.
  st.production = "telneturl";
  if (!st.tolerate_syntax(first + (out.final_slash ? 1 : 0), rule::path,
                          "nothing may follow the final \"/\" (telneturl = \"telnet://\" login "
                          "[ \"/\" ], RFC 1738 3.8)"))
    return false;
  st.production = nullptr;
  return true;
}

}  // namespace urlkit::grammar
