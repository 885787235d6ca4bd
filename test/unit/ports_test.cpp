// urlkit/ports.hpp: the one table of default ports (RFC 1738 section 3 for
// its schemes; the defining documents or IANA's registry for the others) and
// which schemes are TLS from the first byte.
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <string_view>

#include "urlkit/ports.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(ports)

// constexpr, in any case.
static_assert(default_port("https") == 443);
static_assert(default_port("FTP") == 21);
static_assert(!default_port("mailto"));

BOOST_AUTO_TEST_CASE(default_ports) {
  BOOST_TEST(default_port("ftp").value() == 21);
  BOOST_TEST(default_port("HTTP").value() == 80);
  BOOST_TEST(default_port("gopher").value() == 70);
  BOOST_TEST(default_port("nntp").value() == 119);
  BOOST_TEST(default_port("telnet").value() == 23);
  BOOST_TEST(default_port("wais").value() == 210);
  BOOST_TEST(default_port("prospero").value() == 1525);
  BOOST_TEST(!default_port("mailto"));
  BOOST_TEST(!default_port("file"));
  BOOST_TEST(!default_port("x-unknown"));
  // The schemes a client meets today (ports.hpp says where each comes from).
  BOOST_TEST(default_port("https").value() == 443);
  BOOST_TEST(default_port("HTTPS").value() == 443);
  BOOST_TEST(default_port("ws").value() == 80);
  BOOST_TEST(default_port("wss").value() == 443);
  BOOST_TEST(default_port("ftps").value() == 990);
  BOOST_TEST(default_port("nntps").value() == 563);
  BOOST_TEST(default_port("imap").value() == 143);
  BOOST_TEST(default_port("imaps").value() == 993);
  BOOST_TEST(default_port("pop").value() == 110);
  BOOST_TEST(default_port("ldap").value() == 389);
  BOOST_TEST(default_port("ldaps").value() == 636);
  BOOST_TEST(default_port("rtsp").value() == 554);
  BOOST_TEST(!default_port("sip"));  // not server-based: "sip:user@host"
  BOOST_TEST(!default_port("http "));
  BOOST_TEST(!default_port(""));
}

// Each typed view's constant, against the port RFC 1738 gives (3.2 ftp 21,
// 3.4 gopher 70, 3.7 nntp 119, 3.8 telnet 23, 3.9 wais 210, 3.11 prospero
// 1525), not against the table it is read from.
static_assert(ftp_view::default_port == 21);
static_assert(gopher_view::default_port == 70);
static_assert(nntp_view::default_port == 119);
static_assert(telnet_view::default_port == 23);
static_assert(wais_view::default_port == 210);
static_assert(prospero_view::default_port == 1525);
// One table: constant, lower case, each scheme once, a source for each.
BOOST_AUTO_TEST_CASE(one_table_of_ports) {
  std::set<std::string_view> seen;
  for (const scheme_port& p : scheme_ports) {
    BOOST_TEST_CONTEXT(p.scheme) {
      BOOST_TEST(seen.insert(p.scheme).second);
      BOOST_TEST(!p.source.empty());
      BOOST_TEST(p.port > 0);
      for (char c : p.scheme) BOOST_TEST(!(c >= 'A' && c <= 'Z'));
      // A scheme of the table is server-based: the generic parser reads a
      // server in "scheme://host/".
      const std::string u = std::string(p.scheme) + "://h/";
      BOOST_TEST(parse_reference(u)->has_server());
      BOOST_TEST(!scheme_registry::standard().is_opaque(p.scheme));
    }
  }
}

// TLS from the first byte: the "s" schemes on ports of their own (RFC 2818,
// RFC 6455, RFC 7826, IANA's registry); not ssh and sftp, whose protocol
// encrypts without TLS, nor the plain ones.
BOOST_AUTO_TEST_CASE(secure_schemes) {
  std::set<std::string_view> secure;
  for (const scheme_port& p : scheme_ports)
    if (p.secure) secure.insert(p.scheme);
  BOOST_TEST((secure == std::set<std::string_view>{"https", "wss", "ftps", "nntps", "snews",
                                                   "imaps", "ldaps", "rtsps"}));
}

BOOST_AUTO_TEST_SUITE_END()
