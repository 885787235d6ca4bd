// The security considerations of the seeds, each as a test (docs/security.md):
// RFC 1738 section 6 and draft-fielding-uri-url section 8 (encoded protocol
// delimiters, ports of other protocols, passwords), RFC 2397 section 6
// (refused media types) and RFC 2017 2 (URLs that retrieve nothing).
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/base.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/mime.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/security.hpp"
#include "urlkit/url.hpp"

using namespace urlkit;

namespace {

scheme_options opts(mode m, warning_sink sink = {}) {
  scheme_options o;
  o.mode = m;
  o.on_warning = sink;
  return o;
}

// Every typed view, by scheme name, as one callable over a string.
using typed_parse = std::function<std::optional<error>(std::string_view, const scheme_options&)>;

template <class F>
typed_parse view_of(F f) {
  return [f](std::string_view s, const scheme_options& o) -> std::optional<error> {
    auto r = f(s, o);
    if (r) return std::nullopt;
    return r.error();
  };
}

const std::vector<std::pair<std::string, typed_parse>>& typed_views() {
  static const std::vector<std::pair<std::string, typed_parse>> v = {
      {"ftp", view_of([](std::string_view s, const scheme_options& o) { return parse_ftp(s, o); })},
      {"http",
       view_of([](std::string_view s, const scheme_options& o) { return parse_http(s, o); })},
      {"gopher",
       view_of([](std::string_view s, const scheme_options& o) { return parse_gopher(s, o); })},
      {"mailto",
       view_of([](std::string_view s, const scheme_options& o) { return parse_mailto(s, o); })},
      {"news",
       view_of([](std::string_view s, const scheme_options& o) { return parse_news(s, o); })},
      {"nntp",
       view_of([](std::string_view s, const scheme_options& o) { return parse_nntp(s, o); })},
      {"telnet",
       view_of([](std::string_view s, const scheme_options& o) { return parse_telnet(s, o); })},
      {"wais",
       view_of([](std::string_view s, const scheme_options& o) { return parse_wais(s, o); })},
      {"file",
       view_of([](std::string_view s, const scheme_options& o) { return parse_file(s, o); })},
      {"prospero",
       view_of([](std::string_view s, const scheme_options& o) { return parse_prospero(s, o); })},
      {"data", view_of([](std::string_view s, const scheme_options& o) {
         data_options d;
         d.mode = o.mode;
         d.on_warning = o.on_warning;
         return parse_data(s, d);
       })},
  };
  return v;
}

const typed_parse& typed_view(std::string_view scheme) {
  for (const auto& [name, f] : typed_views())
    if (name == scheme) return f;
  BOOST_FAIL("no typed view for " << scheme);
  throw 0;  // not reached
}

std::string replaced(std::string_view pattern, std::string_view what) {
  std::string s(pattern);
  s.replace(s.find('$'), 1, what);
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(security)

// ---- encoded protocol delimiters (RFC 1738 6, draft 8) ----------------------

// "Care should be taken when URLs contain escaped delimiters for a given
// protocol (for example, CR and LF characters for telnet protocols) that these
// are not unencoded before transmission" (draft 8).  Every part of every
// scheme that a client puts into a line of text (an FTP command, the Gopher
// request line, the telnet login, an SMTP, NNTP or Prospero command) refuses
// an encoded CR or LF, in either case of hex digit, alone or as a pair, in
// both modes, at the offset of the escape, naming the part.  `$` marks where
// the escape goes.
struct crlf_place {
  const char* pattern;
  const char* scheme;      // the typed view
  const char* production;  // the part the error names
};

const crlf_place crlf_places[] = {
    // ftp: USER and PASS (3.2.1), CWD and RETR/NLST arguments (3.2.2).
    {"ftp://u$x:p@h/f", "ftp", "ftp user"},
    {"ftp://$:p@h/f", "ftp", "ftp user"},
    {"ftp://u:p$x@h/f", "ftp", "ftp password"},
    {"ftp://u:$@h/f", "ftp", "ftp password"},
    {"ftp://h/a$b/f", "ftp", "ftp fsegment"},
    {"ftp://h/$/f", "ftp", "ftp fsegment"},
    {"ftp://h/a/b/c$/f", "ftp", "ftp fsegment"},
    {"ftp://h/a/f$", "ftp", "ftp fsegment"},
    {"ftp://h/$", "ftp", "ftp fsegment"},
    {"ftp://h/a/f$;type=i", "ftp", "ftp fsegment"},
    {"ftp://h/d$;type=d", "ftp", "ftp fsegment"},
    // telnet: the login typed at the prompt (3.8).
    {"telnet://u$x:p@h/", "telnet", "telnet user"},
    {"telnet://u:p$x@h/", "telnet", "telnet password"},
    {"telnet://$@h", "telnet", "telnet user"},
    // gopher: the selector and the search of the request line (3.4).
    {"gopher://h/0s$x", "gopher", "gopher selector"},
    {"gopher://h/1$", "gopher", "gopher selector"},
    {"gopher://h/7s%09q$x", "gopher", "gopher search"},
    {"gopher://h/7s%09$%09+", "gopher", "gopher search"},
    // mailto: the address of the SMTP command (3.5).
    {"mailto:a$b@h.example", "mailto", "mailto encoded822addr"},
    {"mailto:%22a$b%22@h.example", "mailto", "mailto encoded822addr"},
    // news: GROUP or ARTICLE (3.6).
    {"news:a$b@h.example", "news", "news grouppart"},
    // nntp: GROUP (3.7).
    {"nntp://h/comp.a$b", "nntp", "nntp group"},
    {"nntp://h/comp.a$b/12", "nntp", "nntp group"},
    // prospero: the hsoname and the fields of the request (3.11).
    {"prospero://h/a$b", "prospero", "prospero psegment"},
    {"prospero://h/a;n$m=v", "prospero", "prospero fieldname"},
    {"prospero://h/a;n=v$w", "prospero", "prospero fieldvalue"},
};

const struct {
  const char* escape;
  const char* detail;  // what the message says was refused: the first one
} crlf_escapes[] = {
    {"%0D", "CR (%0D)"},    {"%0d", "CR (%0D)"},    {"%0A", "LF (%0A)"},    {"%0a", "LF (%0A)"},
    {"%0D%0A", "CR (%0D)"}, {"%0d%0a", "CR (%0D)"}, {"%0A%0D", "LF (%0A)"}, {"%0a%0D", "LF (%0A)"},
};

BOOST_AUTO_TEST_CASE(encoded_cr_and_lf_never_reach_a_protocol_line) {
  for (const auto& place : crlf_places) {
    for (const auto& esc : crlf_escapes) {
      const std::string url = replaced(place.pattern, esc.escape);
      const std::size_t at = std::string_view(place.pattern).find('$');
      const std::string expected =
          std::string(place.production) + ": encoded " + esc.detail + " refused";
      for (mode m : {mode::lenient, mode::strict}) {
        BOOST_TEST_CONTEXT(url << (m == mode::strict ? " strict" : " lenient")) {
          // The typed view.
          const auto e = typed_view(place.scheme)(url, opts(m));
          BOOST_TEST_REQUIRE(e.has_value());
          BOOST_TEST(e->code == error_code::decoded_crlf);
          BOOST_TEST(e->offset == at);
          BOOST_TEST(e->message() == expected);
          // The registry's check (urlkit parse's scheme_error) says the same.
          auto u = parse_reference(url, m);
          BOOST_TEST_REQUIRE(u.has_value());
          auto d = scheme_registry::standard().check(*u, opts(m));
          BOOST_TEST_REQUIRE(!d.has_value());
          BOOST_TEST((d.error() == *e));
        }
      }
    }
  }
}

// What the views hand to a client never holds a CR or LF from the URL: the
// FTP plan, the Gopher request line (up to its own final CRLF), the telnet
// login; and the parts that are not sent on a line keep them as data.
BOOST_AUTO_TEST_CASE(accepted_urls_put_no_cr_or_lf_on_a_line) {
  auto f = parse_ftp("ftp://u:p@h/a%09b/c%00d;type=a");
  BOOST_TEST_REQUIRE(f.has_value());
  for (const auto& c : f->plan())
    BOOST_TEST(c.to_string().find_first_of("\r\n") == std::string::npos, c.to_string());

  auto g = parse_gopher("gopher://h/7s%00x%09q");
  BOOST_TEST_REQUIRE(g.has_value());
  const std::string line = g->request_line();
  BOOST_TEST(line.ends_with("\r\n"));
  BOOST_TEST(line.substr(0, line.size() - 2).find_first_of("\r\n") == std::string::npos);

  // The gopher type is not a delimiter either (RFC 1436).
  for (const char* t : {"%0D", "%0d", "%0A", "%0a", "%09"}) {
    const std::string url = std::string("gopher://h/") + t + "x";
    for (mode m : {mode::lenient, mode::strict})
      BOOST_TEST(!parse_gopher(url, opts(m)).has_value(), url);
  }
  // The ftp typecode is one of a, i, d: an escape there is no typecode.
  for (const char* t : {"%0D", "%0a", "a%0D%0A", "%0d%0aDELE%20x"}) {
    const std::string url = std::string("ftp://h/f;type=") + t;
    auto r = parse_ftp(url, opts(mode::strict));
    BOOST_TEST(!r.has_value(), url);
    auto l = parse_ftp(url, opts(mode::lenient));
    if (l) {
      // Lenient mode may read ";type=..." as part of the name: never as a line.
      for (const auto& c : l->plan())
        BOOST_TEST(c.to_string().find_first_of("\r\n") == std::string::npos, url);
    }
  }
  // nntp article numbers are digits: no escape gets through.
  for (const char* a : {"%0D", "1%0A", "%0d%0a"}) {
    const std::string url = std::string("nntp://h/comp.x/") + a;
    for (mode m : {mode::lenient, mode::strict})
      BOOST_TEST(!parse_nntp(url, opts(m)).has_value(), url);
  }

  // http, wais and file carry no line of text made of their parts: CR and LF
  // stay data (http sends them encoded, docs/schemes/http.md).
  auto h = parse_http("http://h/a%0D%0Ab?c%0a");
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->request_target().find_first_of("\r\n") == std::string::npos);
  BOOST_TEST(parse_wais("wais://h/db?a%0Db").has_value());
  BOOST_TEST(parse_file("file://h/a%0Ab").has_value());
}

// The gopher+ string may hold CR and LF: 3.4.9's electronic forms are a coded
// copy of what the client sends, line ends included.  The RFC 1738 6 attack
// they would allow (gopher URLs sending mail through an SMTP server) needs a
// port of another protocol, which check_port reports.
BOOST_AUTO_TEST_CASE(gopher_plus_line_ends_and_the_port_check) {
  const char* form = "gopher://h/1form%09%09+%091%0D%0A+-1%0D%0AJohn%0D%0A.%0D%0A";
  auto g = parse_gopher(form, opts(mode::strict));
  BOOST_TEST_REQUIRE(g.has_value());
  BOOST_TEST(!check_port(g->url()).value().unsafe());
  const char* smtp = "gopher://h:25/1x%09%09+%0D%0AHELO%20x%0D%0AMAIL%20FROM:%3Ca@b%3E%0D%0A";
  auto s = parse_gopher(smtp, opts(mode::lenient));
  BOOST_TEST_REQUIRE(s.has_value());
  const port_check c = check_port(s->url()).value();
  BOOST_TEST(c.unsafe());
  BOOST_TEST(c.reserved);
  BOOST_TEST(c.port.value() == 25);
  // The selector and the search never hold them, whatever follows.
  BOOST_TEST(parse_gopher("gopher://h:25/1x%0D%0AHELO%09%09+").error().code ==
             error_code::decoded_crlf);
}

// ---- ports of other protocols (RFC 1738 6, draft 8) --------------------------

// "Caution should be used when using any URL which specifies a port number
// other than the default for the protocol, especially when it is a number
// within the reserved space."  The documented list of default ports, and the
// boundaries: 0, 1023/1024, 65535, 65536, an empty port, leading zeros.
// `invalid`: no port at all, check_port's error.
BOOST_AUTO_TEST_CASE(port_check_table) {
  struct row {
    const char* url;
    std::optional<std::uint16_t> port, default_port;
    bool non_default, reserved, invalid;
  };
  constexpr auto none = std::nullopt;
  const row rows[] = {
      // The defaults of RFC 1738 3: no caution needed.
      {"ftp://h:21/", 21, 21, false, false, false},
      {"http://h:80/", 80, 80, false, false, false},
      {"gopher://h:70/", 70, 70, false, false, false},
      {"nntp://h:119/g", 119, 119, false, false, false},
      {"telnet://h:23/", 23, 23, false, false, false},
      {"wais://h:210/db", 210, 210, false, false, false},
      {"prospero://h:1525/x", 1525, 1525, false, false, false},
      {"HTTP://h:80/", 80, 80, false, false, false},
      // No port: the default.
      {"http://h/", none, 80, false, false, false},
      {"ftp://h", none, 21, false, false, false},
      // Leading zeros are the same number (port = digits).
      {"http://h:080/", 80, 80, false, false, false},
      {"http://h:0000000080/", 80, 80, false, false, false},
      {"gopher://h:025/", 25, 70, true, true, false},
      // Another protocol's port: SMTP, FTP, telnet, NNTP, gopher, HTTP.
      {"gopher://h:25/", 25, 70, true, true, false},
      {"http://h:25/", 25, 80, true, true, false},
      {"http://h:21/", 21, 80, true, true, false},
      {"http://h:23/", 23, 80, true, true, false},
      {"http://h:119/", 119, 80, true, true, false},
      {"ftp://h:25/", 25, 21, true, true, false},
      {"ftp://h:80/", 80, 21, true, true, false},
      {"telnet://h:25/", 25, 23, true, true, false},
      {"nntp://h:25/g", 25, 119, true, true, false},
      {"wais://h:25/db", 25, 210, true, true, false},
      {"prospero://h:25/x", 25, 1525, true, true, false},
      {"gopher://h:80/", 80, 70, true, true, false},
      // Boundaries of the reserved space and of a TCP port.
      {"http://h:0/", 0, 80, true, true, false},
      {"http://h:1023/", 1023, 80, true, true, false},
      {"http://h:1024/", 1024, 80, true, false, false},
      {"http://h:8080/", 8080, 80, true, false, false},
      {"http://h:65535/", 65535, 80, true, false, false},
      {"prospero://h:1524/x", 1524, 1525, true, false, false},
      {"http://h:65536/", none, 80, false, false, true},
      {"http://h:99999999999999999999/", none, 80, false, false, true},
      // An empty port: the default is meant (draft E.3), but it is flagged.
      // Draft E.3: an empty port is the default one, not an invalid one.
      {"http://h:/", none, 80, false, false, false},
      {"gopher://h:/", none, 70, false, false, false},
      // Schemes without a default port, and references without a scheme:
      // every explicit port deserves caution.
      {"file://h:21/x", 21, none, true, true, false},
      {"x-unknown://h:4000/", 4000, none, true, false, false},
      {"x-unknown://h:22/", 22, none, true, true, false},
      {"//h:25/x", 25, none, true, true, false},
      {"x-unknown://h/", none, none, false, false, false},
  };
  for (const row& r : rows) {
    BOOST_TEST_CONTEXT(r.url) {
      auto u = parse_reference(r.url);
      BOOST_TEST_REQUIRE(u.has_value());
      const result<port_check> checked = check_port(*u);
      BOOST_TEST_REQUIRE(checked.has_value() == !r.invalid);
      if (r.invalid) {
        BOOST_TEST((checked.error().code == error_code::port_out_of_range));
        BOOST_TEST(checked.error().offset == std::string_view(r.url).rfind(':') + 1);
        continue;
      }
      const port_check& c = *checked;
      BOOST_TEST((c.port == r.port));
      BOOST_TEST((c.default_port == r.default_port));
      BOOST_TEST(c.non_default == r.non_default);
      BOOST_TEST(c.reserved == r.reserved);
      BOOST_TEST(c.unsafe() == r.non_default);
    }
  }
}

// The typed views agree with check_port on the port a client would use, and
// refuse a port that is no TCP port in both modes.
BOOST_AUTO_TEST_CASE(typed_views_and_port_boundaries) {
  for (const char* url :
       {"ftp://h:65536/", "http://h:65536/", "gopher://h:70000/", "telnet://h:99999/",
        "nntp://h:65536/g", "wais://h:65536/db", "prospero://h:65536/x"}) {
    const std::string scheme(url, std::string_view(url).find(':'));
    for (mode m : {mode::lenient, mode::strict})
      BOOST_TEST(typed_view(scheme)(url, opts(m)).has_value(), url);
  }
  auto f = parse_ftp("ftp://h:025/x");
  BOOST_TEST_REQUIRE(f.has_value());
  BOOST_TEST(f->effective_port() == 25);
  BOOST_TEST(check_port(f->url())->port.value() == f->effective_port());
  auto h = parse_http("http://h:/", opts(mode::lenient));
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->effective_port() == 80);
  BOOST_TEST(parse_http("http://h:/", opts(mode::strict))->effective_port() == 80);
}

// ---- passwords (RFC 1738 6, draft 8) ----------------------------------------

// "The use of URLs containing passwords that should be secret is clearly
// unwise."  No message or warning urlkit builds may show a password.  Each
// password holds the marker "s3cr3t" and "Pw9z", some around a byte that
// draws a warning or an error in the password itself; each URL pattern puts
// it somewhere and adds an error elsewhere or none.  Every entry point that
// can report something is run over every combination.
const char* const secret_passwords[] = {
    "s3cr3tPw9z",         "s3cr3t|Pw9z",      "s3cr3t Pw9z",   "s3cr3t%zzPw9z",
    "s3cr3t%Pw9z",        "s3cr3t%0D%0APw9z", "s3cr3t%0aPw9z", "s3cr3t%00Pw9z",
    "s3cr3t:Pw9z",        "s3cr3t@Pw9z",      "s3cr3t~Pw9z",   "s3cr3t\x01Pw9z",
    "s3cr3t\xc3\xa9Pw9z", "s3cr3t{Pw9z}",     "s3cr3t\"Pw9z",  "s3cr3t<Pw9z>",
    "s3cr3t^Pw9z",        "s3cr3t\\Pw9z",     "s3cr3t`Pw9z",   "s3cr3t#Pw9z",
    "s3cr3t?Pw9z",        "s3cr3t/Pw9z",      "s3cr3t%40Pw9z", "",
};

const char* const secret_patterns[] = {
    "ftp://user:$@host.example/dir/file;type=a",
    "ftp://user:$@host.example:99999/f",
    "ftp://user:$@host.example:x/f",
    "ftp://user:$@bad_host/f",
    "ftp://user:$@host.example/a%0Db",
    "ftp://user:$@/f",
    "ftp://us|er:$@host.example/f",
    "ftp:user:$@host.example/f",
    "telnet://user:$@host.example:2323/",
    "telnet://user:$@host.example/x",
    "http://user:$@host.example/p?q#f",
    "http://user:$@host.example/p|q",
    "gopher://user:$@host.example/1sel%0D",
    "nntp://user:$@host.example/g",
    "wais://user:$@host.example/db?x",
    "prospero://user:$@host.example/x",
    "file://user:$@host.example/x",
    "mailto://user:$@host.example",
    "news://user:$@host.example/g",
    "data://user:$@host.example/,x",
    "x-other://user:$@host.example/p q",
    "//user:$@host.example/rel",
    "ftp://user:$@host.example/%",
};

bool leaks(std::string_view text) {
  return text.find("s3cr3t") != std::string_view::npos ||
         text.find("Pw9z") != std::string_view::npos;
}

struct message_log {
  std::vector<std::string> texts;
  void operator()(const warning& w) {
    texts.push_back(w.message());
    std::ostringstream os;
    os << w;
    texts.push_back(os.str());
  }
  void add(const error& e) {
    texts.push_back(e.message());
    texts.push_back(e.to_string());
    std::ostringstream os;
    os << e;
    texts.push_back(os.str());
  }
  template <class R>
  void add_result(const R& r) {
    if (!r) add(r.error());
  }
};

// Everything urlkit can say about `url`.
message_log everything_said_about(const std::string& url) {
  message_log log;
  const warning_sink sink = make_warning_sink(log);
  for (mode m : {mode::lenient, mode::strict}) {
    parse_options o;
    o.mode = m;
    o.on_warning = sink;
    for (bool excluded : {false, true}) {
      o.accept_excluded = excluded && m == mode::lenient;
      auto u = parse_reference(url, o);
      log.add_result(u);
      if (u) {
        auto d = scheme_registry::standard().check(*u, opts(m, sink));
        log.add_result(d);
        log.add_result(resolve(*u, *parse_reference("../x")));
        log.add_result(resolve(*parse_reference("http://a/b/c"), *u));
        log.add_result(make_relative(*u, *parse_reference("http://a/b")));
        log.add_result(make_relative(*parse_reference("http://a/b"), *u));
        log.add_result(make_relative(*u, *u));
        if (auto f = parse_ftp(*u, opts(m)))
          for (const auto& c : f->plan()) log.texts.push_back(c.to_string());
      }
      log.add_result(parse_absolute(url, o));
    }
    for (const auto& [name, view] : typed_views())
      if (auto e = view(url, opts(m, sink))) log.add(*e);
  }
  log.add_result(resolve(url, "../x"));
  log.add_result(resolve("http://a/b/c", url));
  log.add_result(make_relative(url, "http://a/b"));
  log.add_result(make_relative("http://a/b", url));
  log.add_result(url::parse(url));
  if (auto u = url::parse(url)) log.add_result(url_builder(u->view()).build());
  log.add_result(encode_url_parameter_checked(url));
  log.add_result(decode_url_parameter("\"" + url + "\""));
  log.add_result(
      url_from_external_body("message/external-body; access-type=URL; URL=\"" + url + "\""));
  std::vector<warning> extracted_warnings;
  auto keep = [&](const warning& w) { extracted_warnings.push_back(w); };
  extract_options eo;
  eo.on_warning = make_warning_sink(keep);
  (void)extract("see <URL:" + url + "> and " + url + " here", eo);
  for (const warning& w : extracted_warnings) log.texts.push_back(w.to_string());
  for (int layer = 0; layer < 4; ++layer) {
    base_context c;
    (layer == 0   ? c.embedded
     : layer == 1 ? c.content_base
     : layer == 2 ? c.content_location
                  : c.retrieval) = url;
    if (layer != 3) c.retrieval = "http://r.example/";
    result<established_base> b = establish_base(c);
    if (!b) log.add(b.error());
  }
  return log;
}

BOOST_AUTO_TEST_CASE(no_message_shows_a_password) {
  std::size_t said = 0;
  for (const char* pattern : secret_patterns) {
    for (const char* pw : secret_passwords) {
      const std::string url = replaced(pattern, pw);
      const message_log log = everything_said_about(url);
      said += log.texts.size();
      for (const std::string& t : log.texts) BOOST_TEST(!leaks(t), url << " said: " << t);
    }
  }
  BOOST_TEST_MESSAGE(said << " messages checked");
  BOOST_TEST(said > 10000u);
}

// A message about a byte of the password says where it is and what kind of
// byte it is, not which: not "'|'", not "%7C".  The login's own delimiters
// ':' and '@' are named (their warnings, colon_in_password and
// at_in_userinfo, say which byte they are about anyway).
BOOST_AUTO_TEST_CASE(messages_about_password_bytes_name_the_kind_only) {
  struct row {
    const char* url;
    mode m;
    std::size_t offset;
    const char* message;  // the error's, or the first warning's
  };
  const row rows[] = {
      {"ftp://u:ab|c@h/", mode::strict, 10,
       "password: unwise character must be escaped as %XX (strict mode)"},
      {"ftp://u:ab|c@h/", mode::lenient, 10,
       "unwise character in password (should be escaped as %XX)"},
      {"ftp://u:ab c@h/", mode::lenient, 10,
       "password: space is not allowed in a URL (escape it as %XX)"},
      {"ftp://u:ab\x01"
       "c@h/",
       mode::lenient, 10, "password: control character is not allowed in a URL (escape it as %XX)"},
      {"ftp://u:ab\xc3\xa9@h/", mode::strict, 10,
       "password: octet is not US-ASCII and must be escaped as %XX (strict mode)"},
      {"ftp://u:ab\xc3\xa9@h/", mode::lenient, 10,
       "non-ASCII octet in password (should be escaped as %XX)"},
      {"ftp://u:ab%zz@h/", mode::lenient, 10,
       "'%' not followed by two hex digits in password, kept as it is (should be %25)"},
      {"ftp://u:a%0Ab@h/", mode::strict, 9, "ftp password: encoded LF (%0A) refused"},
      {"http://u:p:q@h/", mode::strict, 10, "password: ':' must be escaped as %3A"},
      {"http://u:p@q@h/", mode::strict, 10, "password: '@' must be escaped as %40"},
  };
  for (const row& r : rows) {
    BOOST_TEST_CONTEXT(r.url) {
      std::vector<warning> warnings;
      auto keep = [&](const warning& w) { warnings.push_back(w); };
      parse_options o;
      o.mode = r.m;
      o.on_warning = make_warning_sink(keep);
      std::optional<error> e;
      auto u = parse_reference(r.url, o);
      if (!u) {
        e = u.error();
      } else if (auto d = scheme_registry::standard().check(*u, opts(r.m, o.on_warning)); !d) {
        e = d.error();
      }
      if (e) {
        BOOST_TEST(e->offset == r.offset);
        BOOST_TEST(e->rule == rule::password);
        BOOST_TEST(e->message() == r.message);
      } else {
        BOOST_TEST_REQUIRE(!warnings.empty());
        BOOST_TEST(warnings.front().offset == r.offset);
        BOOST_TEST(warnings.front().rule == rule::password);
        BOOST_TEST(warnings.front().message() == r.message);
      }
    }
  }
  // Outside the password the byte is still named: it is no secret there.
  auto e = parse_reference("ftp://u|x@h/", mode::strict);
  BOOST_TEST_REQUIRE(!e.has_value());
  BOOST_TEST(e.error().message() ==
             "user: unwise character '|' must be escaped as %7C (strict mode)");
  // A "~" in a password draws nothing (draft E.2 made it unreserved in RFC
  // 1738's classes too); should a scheme of the caller's report one, its
  // kind is no longer RFC 1738's "national".
  for (mode m : {mode::strict, mode::lenient}) {
    std::vector<warning> warnings;
    auto keep = [&](const warning& w) { warnings.push_back(w); };
    auto u =
        parse_reference("telnet://u:p+~@h/", {.mode = m, .on_warning = make_warning_sink(keep)});
    BOOST_TEST_REQUIRE(u.has_value());
    BOOST_TEST(scheme_registry::standard().check(*u, opts(m, make_warning_sink(keep))).has_value());
    BOOST_TEST(warnings.empty());
  }
  const error tilde{13, error_code::unexpected_character, rule::password, '~', true};
  BOOST_TEST(tilde.message().find("national") == std::string::npos, tilde.message());
}

BOOST_AUTO_TEST_CASE(display_form_hides_every_password) {
  for (const char* pattern : secret_patterns) {
    for (const char* pw : secret_passwords) {
      const std::string url = replaced(pattern, pw);
      parse_options o;
      o.accept_excluded = true;
      auto u = parse_reference(url, o);
      if (!u || !u->has_password()) continue;
      const std::string shown = display_form(*u);
      BOOST_TEST(!leaks(shown), url << " shown as " << shown);
      BOOST_TEST(shown.find(":***@") != std::string::npos, shown);
      // Only the password is replaced.
      BOOST_TEST(shown.size() == url.size() - u->encoded_password().size() + 3);
    }
  }
}

// mask_password: the same for text that does not parse (what error reports
// echo), with offsets mapped into the masked text.
BOOST_AUTO_TEST_CASE(mask_password_hides_every_password) {
  for (const char* pattern : secret_patterns) {
    for (const char* pw : secret_passwords) {
      const std::string url = replaced(pattern, pw);
      const masked_text m = mask_password(url);
      parse_options o;
      o.accept_excluded = true;
      auto u = parse_reference(url, o);
      if (u && !u->has_password()) {  // "ftp:user:pw@h": a path, no password
        BOOST_TEST(m.text == url);
        continue;
      }
      BOOST_TEST(!leaks(m.text), url << " shown as " << m.text);
      if (m.at == std::string::npos) continue;
      BOOST_TEST(m.text.substr(m.at, 3) == "***");
      BOOST_TEST(m.text.size() == url.size() - m.removed + 3);
      BOOST_TEST(m.map(0) == 0u);
      BOOST_TEST(m.map(m.at + m.removed) == m.at + 3);
    }
  }
  // Invalid URLs: the guess reads the server as the parser would.
  struct example {
    const char* in;
    const char* shown;
  };
  for (const example& e :
       {example{"ftp://u:pw@h:x/", "ftp://u:***@h:x/"},
        example{"//u:pw@h:y/rel", "//u:***@h:y/rel"}, example{"ftp://u:pa/ss@h/", "ftp://u:***@h/"},
        example{"ftp://u:pw@h/a b", "ftp://u:***@h/a b"},
        example{"http://h/a:b@c", "http://h/a:b@c"},
        example{"no password here", "no password here"}}) {
    BOOST_TEST(mask_password(e.in).text == e.shown, e.in);
  }
  // Offsets inside the password map to the start of "***".
  const masked_text m = mask_password("ftp://u:secret@h:x/");
  BOOST_TEST(m.at == 8u);
  BOOST_TEST(m.map(10) == 8u);
  BOOST_TEST(m.map(17) == 14u);  // the "x" of the port
}

// ---- RFC 2397 6 and RFC 2017 2 --------------------------------------------------

// "An application should not interpret the contents of a data URL which is
// marked with a media type that has been disallowed for processing by the
// application's configuration."  The refusal is the same in both modes and
// whatever spelling the type has; the effective type (text/plain when none is
// given) is the one checked.
BOOST_AUTO_TEST_CASE(refused_data_media_types) {
  data_options o;
  o.refused_types = {"text/html", "application/*"};
  for (mode m : {mode::lenient, mode::strict}) {
    o.mode = m;
    for (const char* url :
         {"data:text/html,%3Cscript%3E", "data:TEXT/HTML;charset=x,y",
          "data:application/javascript;base64,eA==", "data:Application/X-Shockwave-Flash,x"}) {
      auto d = parse_data(url, o);
      BOOST_TEST_REQUIRE(!d.has_value(), url);
      BOOST_TEST(d.error().code == error_code::refused_media_type, url);
    }
    BOOST_TEST(parse_data("data:,x", o).has_value());
    BOOST_TEST(parse_data("data:text/plain,x", o).has_value());
  }
}

// "This access type is only intended for use with URLs that actually retreive
// something.  Other URL mechansisms, e.g. mailto, may not be used in this
// context" (RFC 2017 2).
BOOST_AUTO_TEST_CASE(external_body_urls_that_retrieve_nothing) {
  for (const char* url :
       {"mailto:a@b.example", "MAILTO:a@b.example", "telnet://h.example/", "news:*"}) {
    auto r = url_from_external_body(std::string("message/external-body; access-type=URL; URL=\"") +
                                    url + "\"");
    BOOST_TEST_REQUIRE(!r.has_value(), url);
    BOOST_TEST(r.error().code == error_code::access_type_refused, url);
  }
  for (const char* url : {"ftp://h.example/f", "http://h.example/", "news:comp.x", "data:,x"}) {
    auto r = url_from_external_body(std::string("message/external-body; access-type=URL; URL=\"") +
                                    url + "\"");
    BOOST_TEST(r.has_value(), url);
  }
}

// ---- the host a client connects to (RFC 1738 6, draft 8) ---------------------

// A host is written into protocol lines ("Host:", a DNS query, connect()):
// decoded, it never holds a control octet (which would end the line, or cut
// a C string at a NUL), nor a delimiter that would name another server.  In
// both modes, in every server-based view, the escape is the error, at its
// offset (src/grammar/host_limits.hpp says which escapes a host may hold).
const struct {
  const char* pattern;  // `$` marks where the escape goes
  const char* scheme;
} host_places[] = {
    {"ftp://a$b/f", "ftp"},
    {"http://a$b/", "http"},
    {"http://evil.example$.example.com/", "http"},
    {"gopher://a$b/", "gopher"},
    {"nntp://a$b/comp.x", "nntp"},
    {"telnet://a$b/", "telnet"},
    {"wais://a$b/db", "wais"},
    {"file://a$b/x", "file"},
    {"prospero://a$b/x", "prospero"},
    {"http://a.b$/", "http"},
    {"http://$a.b:80/", "http"},
};

const struct {
  const char* escape;
  const char* reason;  // the start of the message's reason
} refused_host_escapes[] = {
    {"%0D", "an escaped control octet"},    {"%0a", "an escaped control octet"},
    {"%0D%0A", "an escaped control octet"}, {"%00", "an escaped control octet"},
    {"%1F", "an escaped control octet"},    {"%7f", "an escaped control octet"},
    {"%09", "an escaped control octet"},    {"%2F", "an escaped delimiter"},
    {"%2f", "an escaped delimiter"},        {"%40", "an escaped delimiter"},
    {"%3A", "an escaped delimiter"},        {"%3F", "an escaped delimiter"},
    {"%23", "an escaped delimiter"},        {"%5C", "an escaped delimiter"},
    {"%5B", "an escaped delimiter"},        {"%20", "this escape is refused"},
    {"%25", "this escape is refused"},      {"%22", "this escape is refused"},
};

BOOST_AUTO_TEST_CASE(no_host_holds_a_control_octet_or_a_delimiter) {
  for (const auto& place : host_places) {
    for (const auto& esc : refused_host_escapes) {
      const std::string url = replaced(place.pattern, esc.escape);
      const std::size_t at = std::string_view(place.pattern).find('$');
      for (mode m : {mode::lenient, mode::strict}) {
        BOOST_TEST_CONTEXT(url << (m == mode::strict ? " strict" : " lenient")) {
          // The generic parse (so validate, the setters and every view).
          auto u = parse_reference(url, m);
          BOOST_TEST_REQUIRE(!u.has_value());
          BOOST_TEST(u.error().code == error_code::bad_host_escape);
          BOOST_TEST(u.error().rule == rule::host);
          BOOST_TEST(u.error().offset == at);
          BOOST_TEST(u.error().message().starts_with(std::string("host: ") + esc.reason),
                     u.error().message());
          // The typed view says the same.
          const auto e = typed_view(place.scheme)(url, opts(m));
          BOOST_TEST_REQUIRE(e.has_value());
          BOOST_TEST((*e == u.error()));
        }
      }
    }
  }
}

// The first error in the input is the one reported: a byte before the
// escape that is refused already, or the escape before a later one.
BOOST_AUTO_TEST_CASE(a_refused_host_escape_is_reported_in_input_order) {
  auto u = parse_reference("http://a<b%0D/");
  BOOST_TEST_REQUIRE(!u.has_value());
  BOOST_TEST(u.error().code == error_code::invalid_character);
  BOOST_TEST(u.error().offset == 8u);
  u = parse_reference("http://a%0Db<c/");
  BOOST_TEST_REQUIRE(!u.has_value());
  BOOST_TEST(u.error().code == error_code::bad_host_escape);
  BOOST_TEST(u.error().offset == 8u);
  u = parse_reference("http://a%0Db<c/", mode::strict);
  BOOST_TEST_REQUIRE(!u.has_value());
  BOOST_TEST(u.error().code == error_code::bad_host_escape);
}

// A zone ID (RFC 6874, lenient mode) goes where the host goes:
// connect_host() writes it after a "%".  The same escapes are refused there.
BOOST_AUTO_TEST_CASE(no_zone_id_holds_a_control_octet_or_a_delimiter) {
  for (const char* url :
       {"http://[fe80::1%25%0D%0A]/", "http://[fe80::1%25a%2Fb]/", "http://[fe80::1%25a%40b]/",
        "http://[fe80::1%25%00]/", "http://[fe80::1%25eth%20]/"}) {
    BOOST_TEST_CONTEXT(url) {
      auto u = parse_reference(url);
      BOOST_TEST_REQUIRE(!u.has_value());
      BOOST_TEST(u.error().code == error_code::bad_host_escape);
      const std::string_view s(url);
      BOOST_TEST(u.error().offset == s.find('%', s.find("%25") + 1));
      BOOST_TEST(!parse_http(url).has_value());
    }
  }
  // What a host may hold still goes through, decoded.
  auto h = parse_http("http://[fe80::1%25eth0]/");
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->connect_host() == "fe80::1%eth0");
  h = parse_http("http://[fe80::1%25%65th0]/");
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->connect_host() == "fe80::1%eth0");
}

// An escape of an unreserved character or of a non-ASCII octet stays a
// lenient reading (with the warning that the host is not a hostname):
// connect_host() gives the decoded name, with nothing a line could break on.
BOOST_AUTO_TEST_CASE(hosts_that_connect_host_gives_decoded) {
  const struct {
    const char* url;
    const char* host;
  } cases[] = {
      {"http://%41%42.example/", "AB.example"},
      {"http://caf%C3%A9.example/", "caf\xC3\xA9.example"},
      {"ftp://a%2Db.example/", "a-b.example"},
      {"telnet://a%7Eb/", "a~b"},
      {"gopher://a%2Eb/", "a.b"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto u = parse_reference(c.url);
      BOOST_TEST_REQUIRE(u.has_value());
      BOOST_TEST(!parse_reference(c.url, mode::strict).has_value());
      const auto e = typed_view(std::string(u->scheme()))(c.url, opts(mode::lenient));
      BOOST_TEST(!e.has_value());
    }
  }
  auto h = parse_http("http://%41%42.example/");
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->connect_host() == "AB.example");
  auto f = parse_ftp("ftp://caf%C3%A9.example/x");
  BOOST_TEST_REQUIRE(f.has_value());
  BOOST_TEST(f->connect_host() == "caf\xC3\xA9.example");
}

// accept_excluded takes space and controls as data elsewhere (the data: URL
// algorithm's text); never in a host.
BOOST_AUTO_TEST_CASE(accept_excluded_takes_no_control_octet_into_a_host) {
  parse_options o;
  o.accept_excluded = true;
  for (std::string_view url :
       {std::string_view("http://a\rb/"), std::string_view("http://a\nb/"),
        std::string_view("http://a b/"), std::string_view("http://a\0b/", 11),
        std::string_view("http://a\x7f"
                         "b/")}) {
    BOOST_TEST_CONTEXT(url) {
      auto u = parse_reference(url, o);
      BOOST_TEST_REQUIRE(!u.has_value());
      BOOST_TEST(u.error().code == error_code::invalid_character);
      BOOST_TEST(u.error().offset == 8u);
    }
  }
  // In the path it is still taken, with its warning.
  BOOST_TEST(parse_reference("http://a/b c", o).has_value());
}

// The url setters check a host as the parse does: a refused escape (or a
// decoded value that would need one) fails, and the URL stays as it was.
BOOST_AUTO_TEST_CASE(url_setters_refuse_hosts_a_client_cannot_connect_to) {
  for (mode m : {mode::lenient, mode::strict}) {
    auto u = url::parse("http://h.example:8080/a?x=1", parse_options{m, {}});
    BOOST_TEST_REQUIRE(u.has_value());
    const std::string before = u->buffer();
    for (std::string_view decoded :
         {std::string_view("A\r\nB"), std::string_view("evil.example\0.example.com", 25),
          std::string_view("a/b"), std::string_view("a@b"), std::string_view("a\x7f")}) {
      BOOST_TEST_CONTEXT(decoded << (m == mode::strict ? " strict" : " lenient")) {
        auto r = u->set_host(decoded);
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(u->buffer() == before);
      }
    }
    for (std::string_view encoded : {"a%0D%0Ab", "a%00b", "a%2Fb", "a%40b", "a%20b", "a%25b"}) {
      BOOST_TEST_CONTEXT(encoded << (m == mode::strict ? " strict" : " lenient")) {
        auto r = u->set_encoded_host(encoded);
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(u->buffer() == before);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
