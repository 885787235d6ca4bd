// The common Internet scheme syntax of RFC 1738 section 3.1, checked on a
// parsed view with RFC 1738's classes (the generic parse used the draft's).
#include "core/detail_access.hpp"
#include "grammar/rfc1738.hpp"

namespace urlkit::grammar {

namespace {

bool check_run(std::string_view part, charset::mask allowed, const char* production, rule r,
               parse_state& st) {
  st.production = production;
  const char* p = part.data();
  return scan_1738(p, part.data() + part.size(), allowed, {}, r, st);
}

}  // namespace

bool check_login_all(const url_view& u, parse_state& st, const char* const (&names)[5],
                     bool userinfo_allowed) {
  st.production = names[0];
  if (!u.has_server()) {
    // ip-schemepart = "//" login [ "/" urlpath ]: without "//" there is no host
    // to connect to, in either mode.
    const char* at = u.buffer().data() + (u.has_scheme() ? u.scheme().size() + 1 : 0);
    return st.fail_syntax(at, st.end, rule::server,
                          "\"//\" expected: the scheme uses the common Internet scheme syntax "
                          "//<user>:<password>@<host>:<port>/<url-path> (RFC 1738 3.1)");
  }
  if (u.has_user()) {
    if (!userinfo_allowed &&
        !st.tolerate_syntax(u.encoded_user().data(), rule::user,
                            "no user name or password is allowed (RFC 1738 3.3, 3.4, 3.7, 3.9, "
                            "3.11: the production is hostport)"))
      return false;
    if (!check_run(u.encoded_user(), charset::user1738, names[1], rule::user, st)) return false;
    if (u.has_password() &&
        !check_run(u.encoded_password(), charset::user1738, names[2], rule::password, st))
      return false;
  }
  st.production = names[3];
  // hostport = host [ ":" port ]: a client has nothing to connect to
  // without a host, so this is an error in both modes.
  if (u.encoded_host().empty())
    return st.fail_syntax(u.encoded_host().data(), st.end, rule::host,
                          "host expected (hostport = host [ \":\" port ])");
  // The draft's E.3: "The URL port is now *digit instead of 1*digit, since
  // systems are expected to handle the case where the ":" separator between
  // host and port is supplied without a port": an empty port is the default.
  if (u.has_port()) {
    st.production = names[4];
    if (!u.port().empty() && detail_access::port_value(u) == detail_access::port_above)
      return st.fail_syntax(u.port().data(), st.end, rule::port,
                            "port must be at most 65535 (a TCP port number)");
  }
  st.production = nullptr;
  return true;
}

}  // namespace urlkit::grammar
