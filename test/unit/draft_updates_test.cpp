// The draft's updates to RFC 1738 hold in the scheme grammars too, in both
// modes (draft-fielding-uri-url-00 Appendix E):
//   E.2 "The tilde "~" character was added to those in the "unreserved" set"
//   E.3 "The URL port is now *digit instead of 1*digit": an empty port is the
//       default one.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/scheme.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/security.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(draft_updates_to_rfc1738)

BOOST_AUTO_TEST_CASE(tilde_is_unreserved_in_every_scheme) {
  const char* const urls[] = {
      "http://www.ics.uci.edu/~fielding/",  // the draft's own example
      "http://a/~u/x?~",
      "ftp://h/~u/x",
      "ftp://u~@h/",
      "file:///~fred/x",
      "gopher://h/0~u",
      "gopher://h/7s%09~",
      "mailto:~joe@x.com",
      "news:a~b@h.com",
      "telnet://u~:p~@h/",
      "wais://h/~db",
      "prospero://h/~u/x",
  };
  for (const char* url : urls) {
    for (mode m : {mode::strict, mode::lenient}) {
      BOOST_TEST_CONTEXT(url << (m == mode::strict ? " strict" : " lenient")) {
        std::vector<warning> warnings;
        auto keep = [&](const warning& w) { warnings.push_back(w); };
        parse_options o;
        o.mode = m;
        o.on_warning = make_warning_sink(keep);
        auto u = parse_reference(url, o);
        BOOST_REQUIRE(u.has_value());
        auto d = scheme_registry::standard().check(*u, {m, o.on_warning});
        BOOST_TEST(d.has_value(), (d ? "" : d.error().message()));
        BOOST_TEST(warnings.empty());
      }
    }
  }
}

// The effective port the typed view of `u`'s scheme gives (as the CLI's
// scheme_data shows it), or nullopt when it refuses `u`.
std::optional<std::int64_t> typed_port(const url_view& u, const scheme_options& o) {
  const auto port = [](const auto& r) -> std::optional<std::int64_t> {
    if (!r) return std::nullopt;
    return r->effective_port();
  };
  const std::string_view s = u.scheme();
  if (s == "http") return port(parse_http(u, o));
  if (s == "ftp") return port(parse_ftp(u, o));
  if (s == "gopher") return port(parse_gopher(u, o));
  if (s == "nntp") return port(parse_nntp(u, o));
  if (s == "telnet") return port(parse_telnet(u, o));
  if (s == "wais") return port(parse_wais(u, o));
  if (s == "prospero") return port(parse_prospero(u, o));
  return std::nullopt;
}

BOOST_AUTO_TEST_CASE(an_empty_port_is_the_default) {
  struct row {
    const char* url;
    std::int64_t port;
  };
  for (const row& r : {row{"http://a.com:/", 80}, row{"ftp://h:/x", 21}, row{"gopher://h:/", 70},
                       row{"nntp://h:/g", 119}, row{"telnet://h:/", 23}, row{"wais://h:/db", 210},
                       row{"prospero://h:/x", 1525}}) {
    for (mode m : {mode::strict, mode::lenient}) {
      BOOST_TEST_CONTEXT(r.url) {
        std::vector<warning> warnings;
        auto keep = [&](const warning& w) { warnings.push_back(w); };
        auto u = parse_reference(r.url, m);
        BOOST_REQUIRE(u.has_value());
        BOOST_TEST(u->has_port());
        BOOST_TEST(u->port() == "");
        const scheme_options o{m, make_warning_sink(keep)};
        BOOST_TEST(scheme_registry::standard().check(*u, o).has_value());
        BOOST_TEST((typed_port(*u, o) == std::optional<std::int64_t>(r.port)));
        BOOST_TEST(warnings.empty());
        const auto c = check_port(*u);  // an empty port is the default, not an invalid one
        BOOST_TEST_REQUIRE(c.has_value());
        BOOST_TEST(!c->unsafe());
      }
    }
  }
  BOOST_TEST(parse_http("http://a.com:/", {mode::strict})->effective_port() == 80);
}

// An empty port is no explicit port: the typed views say the default is
// meant, as check_port does (its non_default is about explicit ports).
BOOST_AUTO_TEST_CASE(an_empty_port_is_not_an_explicit_one) {
  for (mode m : {mode::strict, mode::lenient}) {
    const scheme_options o{m};
    BOOST_TEST(!parse_http("http://a.com:/", o)->has_explicit_port());
    BOOST_TEST(!parse_ftp("ftp://h:/x", o)->has_explicit_port());
    BOOST_TEST(!parse_gopher("gopher://h:/", o)->has_explicit_port());
    BOOST_TEST(!parse_nntp("nntp://h:/g", o)->has_explicit_port());
    BOOST_TEST(!parse_telnet("telnet://h:/", o)->has_explicit_port());
    BOOST_TEST(!parse_wais("wais://h:/db", o)->has_explicit_port());
    BOOST_TEST(!parse_prospero("prospero://h:/x", o)->has_explicit_port());
    // A port that is written is explicit, the default number included.
    BOOST_TEST(parse_http("http://a.com:80/", o)->has_explicit_port());
  }
}

BOOST_AUTO_TEST_SUITE_END()
