// endpoint_of (urlkit/endpoint.hpp): what a client needs to connect, for
// http, https, ws, wss, ftp, gopher, an IPv6 literal with a zone, the port
// table's schemes without a typed view; the errors (no scheme, no server,
// a scheme outside the table, a port above 65535, a non-ASCII host without
// IDNA, a login that decodes to CR, LF or NUL); and, when urlkit_idna is
// built, idna::endpoint_of with an internationalized host.
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/endpoint.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url_view.hpp"
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#endif

using namespace urlkit;

namespace {

// What a failed result says, for a test's message (empty for a value).
template <class R>
std::string why(const R& r) {
  return r ? std::string() : r.error().to_string();
}

// The endpoint of `text`, parsed in `m`; the test fails when there is none.
endpoint endpoint_for(const std::string& text, mode m = mode::lenient) {
  parse_options o;
  o.mode = m;
  auto u = parse_reference(text, o);
  BOOST_TEST_REQUIRE(u.has_value(), text << ": " << why(u));
  auto e = endpoint_of(*u);
  BOOST_TEST_REQUIRE(e.has_value(), text << ": " << why(e));
  return *e;
}

// The error endpoint_of gives for `text`; the test fails when there is none.
error failure_for(const std::string& text, mode m = mode::lenient) {
  parse_options o;
  o.mode = m;
  auto u = parse_reference(text, o);
  BOOST_TEST_REQUIRE(u.has_value(), text << ": " << why(u));
  auto e = endpoint_of(*u);
  BOOST_TEST_REQUIRE(!e.has_value(), text << ": an endpoint");
  return e.error();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(endpoint_suite)

BOOST_AUTO_TEST_CASE(http) {
  const endpoint e = endpoint_for("http://www.example.com/a/b;p?q=1#frag");
  BOOST_TEST(e.scheme == "http");
  BOOST_TEST(e.host == "www.example.com");
  BOOST_TEST(e.port == 80);
  BOOST_TEST(!e.secure);
  BOOST_TEST(e.target == "/a/b;p?q=1");  // no fragment: it is not sent
  BOOST_TEST(!e.user);
  BOOST_TEST(!e.password);
  // No path: the target is "/" (RFC 1738 3.3, "the "/" may also be omitted").
  BOOST_TEST(endpoint_for("http://h").target == "/");
  BOOST_TEST(endpoint_for("http://h?x").target == "/?x");
  // The host decoded, as getaddrinfo() takes it; an empty port is the default.
  BOOST_TEST(endpoint_for("http://ex%61mple.com:/").host == "example.com");
  BOOST_TEST(endpoint_for("http://ex%61mple.com:/").port == 80);
  BOOST_TEST(endpoint_for("http://10.0.0.1:8080/").host == "10.0.0.1");
  BOOST_TEST(endpoint_for("http://10.0.0.1:8080/").port == 8080);
}

BOOST_AUTO_TEST_CASE(https_ws_wss) {
  const endpoint e = endpoint_for("HTTPS://Example.COM:8443");
  BOOST_TEST(e.scheme == "https");      // lower case
  BOOST_TEST(e.host == "Example.COM");  // as written: DNS ignores case
  BOOST_TEST(e.port == 8443);
  BOOST_TEST(e.secure);
  BOOST_TEST(e.target == "/");
  const endpoint ws = endpoint_for("ws://chat.example/socket?room=1");
  BOOST_TEST(ws.scheme == "ws");
  BOOST_TEST(ws.port == 80);
  BOOST_TEST(!ws.secure);
  BOOST_TEST(ws.target == "/socket?room=1");
  const endpoint wss = endpoint_for("wss://chat.example/socket");
  BOOST_TEST(wss.port == 443);
  BOOST_TEST(wss.secure);
  BOOST_TEST(wss.target == "/socket");
  // The table's secure column is what http_view says of the four schemes.
  for (const char* s : {"http://h/", "https://h/", "ws://h/", "wss://h/"})
    BOOST_TEST(endpoint_for(s).secure == parse_http(std::string_view(s))->secure(), s);
}

BOOST_AUTO_TEST_CASE(ftp) {
  const endpoint e = endpoint_for("ftp://anna:p%40ss@ftp.example.org/pub/a%20b/c.txt;type=i");
  BOOST_TEST(e.scheme == "ftp");
  BOOST_TEST(e.host == "ftp.example.org");
  BOOST_TEST(e.port == 21);
  BOOST_TEST(!e.secure);
  BOOST_TEST(e.target == "pub/a%20b/c.txt");  // the fpath as written, without ";type="
  BOOST_TEST((e.user == std::optional<std::string>("anna")));
  BOOST_TEST((e.password == std::optional<std::string>("p@ss")));  // decoded
  // Absent is not empty (RFC 1738 3.1).
  const endpoint empty_user = endpoint_for("ftp://@h/");
  BOOST_TEST((empty_user.user == std::optional<std::string>("")));
  BOOST_TEST(!empty_user.password);
  BOOST_TEST(endpoint_for("ftp://h").target == "");
  // RFC 1738 3.2.2's own example: the first "/" is the separator.
  BOOST_TEST(endpoint_for("ftp://myname@host.dom/%2Fetc/motd").target == "%2Fetc/motd");
  // ftp's grammar is applied: an encoded CR in a <cwd> would end a command.
  const error cr = failure_for("ftp://h/a%0Db/c");
  BOOST_TEST((cr.code == error_code::decoded_crlf));
  BOOST_TEST(cr.offset == 9u);
}

BOOST_AUTO_TEST_CASE(gopher) {
  const endpoint e = endpoint_for("gopher://gopher.example:7070/1sel%20x%09find%20me");
  BOOST_TEST(e.scheme == "gopher");
  BOOST_TEST(e.port == 7070);
  BOOST_TEST(!e.secure);
  BOOST_TEST(e.target == "sel x\tfind me\r\n");             // the request line, decoded, as sent
  BOOST_TEST(endpoint_for("gopher://h").target == "\r\n");  // the top-level directory
  BOOST_TEST(endpoint_for("gopher://h").port == 70);
  // The selector never holds CR or LF (3.4): refused as parse_gopher refuses it.
  BOOST_TEST((failure_for("gopher://h/0a%0D%0Ab").code == error_code::decoded_crlf));
}

BOOST_AUTO_TEST_CASE(ipv6_literal_with_zone) {
  const endpoint e = endpoint_for("http://[fe80::1%25eth0]:8080/x");
  BOOST_TEST(e.host == "fe80::1%eth0");  // no brackets, the zone's "%25" read (RFC 6874)
  BOOST_TEST(e.port == 8080);
  BOOST_TEST(e.target == "/x");
  BOOST_TEST(endpoint_for("https://[::1]/").host == "::1");
  BOOST_TEST(endpoint_for("ldap://[2001:db8::7]/c=GB").host == "2001:db8::7");
}

// Every scheme of the port table gives an endpoint with the table's port
// and secure flag, typed view or not.
BOOST_AUTO_TEST_CASE(every_scheme_of_the_table) {
  std::size_t n = 0;
  for (const scheme_port& p : scheme_ports) {
    BOOST_TEST_CONTEXT(p.scheme) {
      // A URL each scheme's own grammar takes (nntp needs a group, wais a
      // database).
      const std::string path = p.scheme == "nntp" ? "comp.lang" : p.scheme == "wais" ? "db" : "x";
      const endpoint e = endpoint_for(std::string(p.scheme) + "://host.example/" + path);
      BOOST_TEST(e.scheme == p.scheme);
      BOOST_TEST(e.host == "host.example");
      BOOST_TEST(e.port == p.port);
      BOOST_TEST(e.secure == p.secure);
      ++n;
    }
  }
  BOOST_TEST(n == 22u);
  // The secure schemes: TLS from the first byte.  ssh and sftp encrypt with
  // their own protocol: not TLS.
  std::vector<std::string_view> secure;
  for (const scheme_port& p : scheme_ports)
    if (p.secure) secure.push_back(p.scheme);
  const std::vector<std::string_view> expected{"https", "wss",   "ftps",  "nntps",
                                               "snews", "imaps", "ldaps", "rtsps"};
  BOOST_TEST(secure == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(schemes_without_a_typed_view) {
  const endpoint ftps = endpoint_for("ftps://files.example/dir/f.txt");
  BOOST_TEST(ftps.port == 990);
  BOOST_TEST(ftps.secure);
  BOOST_TEST(ftps.target == "dir/f.txt");  // the path as written, as for ftp
  const endpoint ldap = endpoint_for("ldap://ldap.example.com/o=University%20of%20Michigan,c=US");
  BOOST_TEST(ldap.port == 389);
  BOOST_TEST(!ldap.secure);
  BOOST_TEST(ldap.target == "");
  const endpoint ssh = endpoint_for("SSH://git@code.example:2222");
  BOOST_TEST(ssh.scheme == "ssh");
  BOOST_TEST((ssh.user == std::optional<std::string>("git")));
  BOOST_TEST(ssh.port == 2222);
  BOOST_TEST(!ssh.secure);
  const endpoint imaps = endpoint_for("imaps://fred:pw%3A1@mail.example/INBOX");
  BOOST_TEST(imaps.port == 993);
  BOOST_TEST((imaps.password == std::optional<std::string>("pw:1")));
}

// The scheme's grammar is applied in the mode the URL was parsed in, and
// with the options given, whose sink receives its warnings.
BOOST_AUTO_TEST_CASE(mode_and_warnings) {
  // "No user name or password is allowed" (RFC 1738 3.3): a warning in
  // lenient mode, an error in strict mode.
  BOOST_TEST((endpoint_for("http://u@h/").user == std::optional<std::string>("u")));
  const error strict = failure_for("http://u@h/", mode::strict);
  BOOST_TEST((strict.code == error_code::scheme_syntax));
  std::vector<warning> warnings;
  auto collect = [&](const warning& w) { warnings.push_back(w); };
  scheme_options o;
  o.on_warning = make_warning_sink(collect);
  const std::string text = "http://u@h/";
  auto e = endpoint_of(*parse_reference(text), o);
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(warnings.size() == 1u);
  o.mode = mode::strict;
  BOOST_TEST(!endpoint_of(*parse_reference(text), o));
}

BOOST_AUTO_TEST_CASE(schemes_without_a_server) {
  for (const char* text : {"mailto:joe@example.com", "news:comp.lang.c", "data:,A",
                           "file:///etc/passwd", "file://host.example/etc/passwd"}) {
    BOOST_TEST_CONTEXT(text) {
      const error e = failure_for(text);
      BOOST_TEST((e.code == error_code::no_server));
      BOOST_TEST((e.rule == rule::scheme));
      BOOST_TEST(e.offset == 0u);
      BOOST_TEST_REQUIRE(e.detail != nullptr);
      BOOST_TEST(e.message() == "scheme: no server to connect to: " + std::string(e.detail));
    }
  }
  BOOST_TEST(std::string(failure_for("mailto:joe@example.com").detail) ==
             "a mailto URL names a mailbox (RFC 1738 3.5)");
  BOOST_TEST(std::strstr(failure_for("file:///x").detail, "RFC 1738 3.10") != nullptr);
  // A table scheme without "//": no server where it was expected.
  const error no_slashes = failure_for("ssh:host.example");
  BOOST_TEST((no_slashes.code == error_code::no_server));
  BOOST_TEST((no_slashes.rule == rule::server));
  BOOST_TEST(no_slashes.offset == 4u);
  BOOST_TEST(
      no_slashes.to_string() ==
      "offset 4: server: no server to connect to: \"//\" and a host expected (RFC 1738 3.1)");
  BOOST_TEST((failure_for("http:/a").code == error_code::no_server));
  // An empty host (RFC 4516 lets an LDAP client pick its own server).
  const error empty = failure_for("ldap:///o=x");
  BOOST_TEST((empty.code == error_code::no_server));
  BOOST_TEST((empty.rule == rule::host));
  BOOST_TEST(empty.offset == 7u);
}

BOOST_AUTO_TEST_CASE(relative_reference_and_unknown_scheme) {
  const error relative = failure_for("//host.example/a");
  BOOST_TEST((relative.code == error_code::scheme_expected));
  BOOST_TEST((relative.rule == rule::scheme));
  const error unknown = failure_for("gemini://host.example/");
  BOOST_TEST((unknown.code == error_code::no_default_port));
  BOOST_TEST((unknown.rule == rule::scheme));
  BOOST_TEST(unknown.offset == 0u);
  BOOST_TEST(unknown.message().find("port table (urlkit/ports.hpp)") != std::string::npos);
  // An explicit port does not make the protocol known.
  BOOST_TEST((failure_for("gemini://host.example:1965/").code == error_code::no_default_port));
}

BOOST_AUTO_TEST_CASE(port_out_of_range) {
  const error e = failure_for("http://h:65536/");
  BOOST_TEST((e.code == error_code::port_out_of_range));  // never port 0
  BOOST_TEST((e.rule == rule::port));
  BOOST_TEST(e.offset == 9u);
  BOOST_TEST((failure_for("ldap://h:4294967297/").code == error_code::port_out_of_range));
  BOOST_TEST(endpoint_for("http://h:65535/").port == 65535);
}

// A login that decodes to CR, LF or NUL would end a protocol line early
// (RFC 1738 6, draft 8): refused at its escape, as the typed views refuse
// it, for every scheme.
BOOST_AUTO_TEST_CASE(login_refused_escapes) {
  const error user = failure_for("ssh://a%0Db@h/");
  BOOST_TEST((user.code == error_code::decoded_crlf));
  BOOST_TEST((user.rule == rule::user));
  BOOST_TEST(user.offset == 7u);
  BOOST_TEST(user.message() == "user: encoded CR (%0D) refused");
  const error nul = failure_for("imap://u:p%00@h/");
  BOOST_TEST((nul.code == error_code::decoded_nul));
  BOOST_TEST((nul.rule == rule::password));
  BOOST_TEST(nul.offset == 10u);
  const error lf = failure_for("http://u:%0a@h/");
  BOOST_TEST((lf.code == error_code::decoded_crlf));
  // As written: what only accept_excluded takes never reaches a line either.
  parse_options o;
  o.accept_excluded = true;
  const std::string raw = "http://h/a b";
  auto u = parse_reference(raw, o);
  BOOST_TEST_REQUIRE(u.has_value());
  auto e = endpoint_of(*u);
  BOOST_TEST_REQUIRE(!e.has_value());
  BOOST_TEST((e.error().code == error_code::invalid_character));
  BOOST_TEST(e.error().offset == 10u);
}

// Without IDNA a non-ASCII name is an error that names what is missing,
// not a host DNS cannot look up.
BOOST_AUTO_TEST_CASE(non_ascii_host_without_idna) {
  for (const char* text : {"http://b\xC3\xBC"
                           "cher.example/",
                           "http://b%C3%BCcher.example/"}) {
    BOOST_TEST_CONTEXT(text) {
      const error e = failure_for(text);
      BOOST_TEST((e.code == error_code::non_ascii_host));
      BOOST_TEST((e.rule == rule::host));
      BOOST_TEST(e.offset == 8u);  // the first octet >= 0x80, or its escape
      BOOST_TEST(e.message() ==
                 "host: octet 0xC3 is not US-ASCII: DNS looks a host name up in its A-label "
                 "form, which idna::endpoint_of gives (library urlkit_idna, built with libidn2)");
    }
  }
  // A converter of the caller's is given the decoded name.
  auto upper = [](std::string_view h) -> result<std::string> {
    return std::string("converted-") + std::to_string(h.size());
  };
  const std::string text = "http://b%C3%BCcher.example/";
  auto e = endpoint_of(*parse_reference(text), scheme_options{}, upper);
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(e->host == "converted-15");
}

#ifdef URLKIT_HAS_IDNA

BOOST_AUTO_TEST_CASE(idna_host) {
  for (const char* text : {"https://b\xC3\xBC"
                           "cher.example:8443/x",
                           "https://b%C3%BCcher.example:8443/x"}) {
    BOOST_TEST_CONTEXT(text) {
      const std::string s = text;
      auto e = idna::endpoint_of(*parse_reference(s));
      BOOST_TEST_REQUIRE(e.has_value(), why(e));
      BOOST_TEST(e->host == "xn--bcher-kva.example");
      BOOST_TEST(e->port == 8443);
      BOOST_TEST(e->secure);
      BOOST_TEST(e->target == "/x");
      // The same as connect_ascii_host gives.
      BOOST_TEST(e->host == connect_ascii_host(*parse_reference(s))->host);
    }
  }
  // ASCII hosts and IPv6 literals are as the core gives them.
  for (const char* text : {"http://example.com/", "http://[fe80::1%25eth0]/", "ftp://u@h/f"}) {
    const std::string s = text;
    BOOST_TEST((idna::endpoint_of(*parse_reference(s)).value() ==
                endpoint_of(*parse_reference(s)).value()),
               s);
  }
  // IDNA's refusal: the offset of the label at fault in the URL's text.
  const std::string bad = "http://a.%E2%98%95.example/";
  auto e = idna::endpoint_of(*parse_reference(bad));
  BOOST_TEST_REQUIRE(!e.has_value());
  BOOST_TEST((e.error().code == error_code::idna));
  BOOST_TEST((e.error().rule == rule::host));
  BOOST_TEST(e.error().offset == 9u);
  // The other errors are the core's.
  const std::string mail = "mailto:joe@example.com";
  BOOST_TEST((idna::endpoint_of(*parse_reference(mail)).error().code == error_code::no_server));
}

#else

BOOST_AUTO_TEST_CASE(idna_not_built) {
  BOOST_WARN_MESSAGE(false,
                     "idna::endpoint_of not tested: urlkit was configured without libidn2 "
                     "(URLKIT_IDNA=OFF)");
}

#endif

BOOST_AUTO_TEST_SUITE_END()
