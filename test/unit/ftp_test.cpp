// ftp URLs (RFC 1738 3.2 and 5): the grammar in both modes, decoding, the
// command plan of 3.2.2, and the scheme_data object.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "scheme_test_support.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/ftp.hpp"

using namespace urlkit;
using namespace urlkit_test;

namespace {

const auto parser = [](const auto& u, const scheme_options& o) { return parse_ftp(u, o); };

std::vector<std::string> plan_of(std::string_view s, mode m = mode::lenient) {
  std::vector<std::string> out;
  auto f = parse_ftp(s, opts(m));
  if (!f) {
    out.push_back("error " + f.error().to_string());
    return out;
  }
  for (const auto& c : f->plan()) out.push_back(c.to_string());
  return out;
}

using lines = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(ftp)

// The three URLs of RFC 1738 3.2.2, which the RFC says mean different things.
BOOST_AUTO_TEST_CASE(rfc1738_plans) {
  for (auto m : {mode::lenient, mode::strict}) {
    BOOST_TEST(plan_of("ftp://myname@host.dom/%2Fetc/motd", m) == (lines{"CWD /etc", "RETR motd"}),
               boost::test_tools::per_element());
    BOOST_TEST(plan_of("ftp://myname@host.dom/etc/motd", m) == (lines{"CWD etc", "RETR motd"}),
               boost::test_tools::per_element());
    // "would "CWD " with a null argument, then "CWD etc", and then "RETR motd""
    BOOST_TEST(
        plan_of("ftp://myname@host.dom//etc/motd", m) == (lines{"CWD ", "CWD etc", "RETR motd"}),
        boost::test_tools::per_element());
  }
  auto f = parse_ftp("ftp://myname@host.dom//etc/motd");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->plan()[0].verb == "CWD");
  BOOST_TEST(f->plan()[0].argument == "");
  BOOST_TEST(f->plan()[0].has_argument);
}

BOOST_AUTO_TEST_CASE(typecodes) {
  BOOST_TEST(plan_of("ftp://h/a/b;type=a") == (lines{"CWD a", "TYPE A", "RETR b"}),
             boost::test_tools::per_element());
  BOOST_TEST(plan_of("ftp://h/a/b;type=I") == (lines{"CWD a", "TYPE I", "RETR b"}),
             boost::test_tools::per_element());
  BOOST_TEST(plan_of("ftp://h/pub/;type=d") == (lines{"CWD pub", "NLST"}),
             boost::test_tools::per_element());
  BOOST_TEST(plan_of("ftp://h/pub/x;TYPE=D") == (lines{"CWD pub", "NLST x"}),
             boost::test_tools::per_element());
  // No typecode: the client guesses the type (3.2.3), so no TYPE command.
  BOOST_TEST(plan_of("ftp://h/a/b") == (lines{"CWD a", "RETR b"}),
             boost::test_tools::per_element());
  // A directory (empty <name>, no typecode) is listed.
  BOOST_TEST(plan_of("ftp://h/a/") == (lines{"CWD a", "NLST"}), boost::test_tools::per_element());
  BOOST_TEST(plan_of("ftp://h") == (lines{"NLST"}), boost::test_tools::per_element());
  for (auto [url, code] : {std::pair{"ftp://h/x;type=a", 'a'},
                           {"ftp://h/x;type=A", 'a'},
                           {"ftp://h/x;Type=i", 'i'},
                           {"ftp://h/x;type=D", 'd'}}) {
    auto f = parse_ftp(url, opts(mode::strict));
    BOOST_REQUIRE(f);
    BOOST_TEST(f->typecode().value() == code);
  }
  BOOST_TEST(!parse_ftp("ftp://h/x")->typecode());
}

BOOST_AUTO_TEST_CASE(components_and_ports) {
  auto f = parse_ftp("ftp://foo:b%40r@ftp.example.org:2121/pub/a%20b/c.txt;type=i");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->user().value() == "foo");
  BOOST_TEST(f->password().value() == "b@r");
  BOOST_TEST(f->encoded_host() == "ftp.example.org");
  BOOST_TEST(f->effective_port() == 2121);
  BOOST_TEST(f->has_explicit_port());
  BOOST_TEST(f->encoded_fpath() == "pub/a%20b/c.txt");
  BOOST_TEST(decoded_strings(f->cwd()) == (lines{"pub", "a b"}), boost::test_tools::per_element());
  BOOST_TEST(f->name() == "c.txt");

  // Absent is not empty (3.1).
  f = parse_ftp("ftp://@host.com/");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->encoded_user().value() == "");
  BOOST_TEST(!f->encoded_password());
  f = parse_ftp("ftp://host.com/");
  BOOST_TEST(!f->encoded_user());
  f = parse_ftp("ftp://foo:@host.com/");
  BOOST_TEST(f->encoded_password().value() == "");

  f = parse_ftp("FTP://HOST/");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->effective_port() == 21);
  BOOST_TEST(!f->has_explicit_port());
  BOOST_TEST(parse_ftp("ftp://h:21/")->effective_port() == 21);
  // Without "/", the url-path is omitted (3.2.2).
  BOOST_TEST(!parse_ftp("ftp://h")->has_url_path());
  BOOST_TEST(parse_ftp("ftp://h/")->has_url_path());
}

// Strict mode refuses what ftpurl refuses, naming the production.  Lenient
// mode accepts each with a warning at the same offset, but for those a client
// cannot use: no "//", no host.
BOOST_AUTO_TEST_CASE(strict_rejections) {
  const rejection cases[] = {
      {"ftp://h/a;type=x", 15,
       "ftp ftptype: typecode must be one of a, i, d (any case), ending the URL"},
      {"ftp://h/a;type=ai", 15,
       "ftp ftptype: typecode must be one of a, i, d (any case), ending the URL"},
      {"ftp://h/a;type=", 15,
       "ftp ftptype: typecode must be one of a, i, d (any case), ending the URL"},
      {"ftp:x", 4,
       "ftp login: \"//\" expected: the scheme uses the common Internet scheme syntax "
       "//<user>:<password>@<host>:<port>/<url-path> (RFC 1738 3.1)",
       /*lenient_refuses=*/true},
      {"ftp:///x", 6, "ftp host: host expected (hostport = host [ \":\" port ])",
       /*lenient_refuses=*/true},
  };
  check_strict_rejections(parser, cases);
  // "+" is safe in RFC 1738: accepted.
  BOOST_TEST(parse_ftp("ftp://h/a+b", opts(mode::strict)).has_value());
}

// ftp-plan never acts on a file other than the one the URL names.  The
// generic parse reads "dir;x/file;type=i" as the path "dir" and the params
// "x/file;type=i" (draft 4.3.3), which would make the plan RETR "dir".  RFC
// 1738 3.2.2: "/" and ";" are reserved in a <cwd> or <name>; a ";" may only
// start the one ";type=" that ends the URL.  Anything else is an error in
// both modes, at the "/" or at the ";" of the parameter that does not fit.
BOOST_AUTO_TEST_CASE(params_that_would_change_the_file) {
  const char* const slash =
      "ftp params: '/' after a ';': the path would go on past the parameters, so the URL names "
      "another file than its plan would fetch (RFC 1738 3.2.2: \"/\" and \";\" are reserved in a "
      "<cwd> or <name>; escape the ';' as %3B)";
  const char* const other =
      "ftp params: a ';' may only start the one \";type=\" with a, i or d that ends an ftp URL "
      "(RFC 1738 3.2.2); in a <cwd> or <name> escape it as %3B";
  struct row {
    const char* url;
    std::size_t offset;
    const char* message;
  };
  for (const row& r :
       {row{"ftp://h/dir;x/file;type=i", 13, slash}, row{"ftp://h/dir;type=i/file", 18, slash},
        row{"ftp://h/a;b", 9, other}, row{"ftp://h/a;x=1;type=i", 9, other},
        row{"ftp://h/a;type=i;type=a", 16, other}, row{"ftp://h/a;type=i;x", 16, other}}) {
    for (auto m : {mode::lenient, mode::strict}) {
      BOOST_TEST_CONTEXT(r.url << (m == mode::strict ? " strict" : " lenient")) {
        auto f = parse_ftp(r.url, opts(m));
        BOOST_REQUIRE(!f);
        BOOST_TEST(f.error().offset == r.offset);
        BOOST_TEST(f.error().rule == rule::params);
        BOOST_TEST(f.error().message() == r.message);
      }
    }
  }
  // The one ";type=" still works, and so does an escaped ";" in a name.
  BOOST_TEST(plan_of("ftp://h/dir/file;type=i") == (lines{"CWD dir", "TYPE I", "RETR file"}),
             boost::test_tools::per_element());
  BOOST_TEST(plan_of("ftp://h/dir%3Bx/file") == (lines{"CWD dir;x", "RETR file"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(lenient_keeps_going) {
  auto f = parse_ftp("ftp://h/a/b;type=x");
  BOOST_REQUIRE(f);
  BOOST_TEST(!f->typecode());
  BOOST_TEST(f->name() == "b");
  f = parse_ftp("ftp://h/a%zz");  // a bad escape stays as it is
  BOOST_REQUIRE(f);
  BOOST_TEST(f->name() == "a%zz");
  // "?" is an fsegment character: the generic query is part of the name here.
  f = parse_ftp("ftp://h/a?b", opts(mode::strict));
  BOOST_REQUIRE(f);
  BOOST_TEST(f->name() == "a?b");
}

// RFC 1738 6: an escaped CR or LF must not reach the FTP control connection.
BOOST_AUTO_TEST_CASE(crlf_is_refused) {
  for (auto m : {mode::lenient, mode::strict}) {
    auto f = parse_ftp("ftp://h/a%0D%0ARETR%20x/b", opts(m));
    BOOST_REQUIRE(!f);
    BOOST_TEST(f.error().code == error_code::decoded_crlf);
    BOOST_TEST(f.error().offset == 9u);
    BOOST_TEST(f.error().message() == "ftp fsegment: encoded CR (%0D) refused");
    f = parse_ftp("ftp://u%0Ax@h/", opts(m));
    BOOST_REQUIRE(!f);
    BOOST_TEST(f.error().offset == 7u);
    BOOST_TEST(f.error().message() == "ftp user: encoded LF (%0A) refused");
    BOOST_TEST(!parse_ftp("ftp://u:p%0d@h/", opts(m)));
    BOOST_TEST(!parse_ftp("ftp://h/x%0d;type=a", opts(m)));
  }
  // NUL and tab are data, not line ends.
  BOOST_TEST(parse_ftp("ftp://h/a%00b%09").has_value());
}

BOOST_AUTO_TEST_CASE(not_ftp) {
  check_wrong_scheme(parser, "http://h/", "ftpurl", "ftpurl: the scheme must be \"ftp\"");
  BOOST_TEST(!parse_ftp("//h/x").has_value());
}

// The decoded values the CLI's scheme_data shows, read from the view of a URL
// parse_reference parsed; the registry's check agrees with parse_ftp.
BOOST_AUTO_TEST_CASE(view_values) {
  auto d = viewed(parser, "ftp://foo:@host.com/a/b%20c;type=I");
  BOOST_TEST(bracketed(d.user()) == "[foo]");
  BOOST_TEST(bracketed(d.password()) == "[]");
  BOOST_TEST(d.encoded_host() == "host.com");
  BOOST_TEST(d.effective_port() == 21);
  BOOST_TEST(decoded_strings(d.cwd()) == (std::vector<std::string>{"a"}),
             boost::test_tools::per_element());
  BOOST_TEST(d.name() == "b c");
  BOOST_TEST((d.typecode() == std::optional<char>('i')));
  d = viewed(parser, "ftp://h");
  BOOST_TEST(!d.encoded_user());
  BOOST_TEST(d.cwd().empty());
  BOOST_TEST(d.name() == "");
  BOOST_TEST(!d.typecode());
  const auto& reg = scheme_registry::standard();
  BOOST_TEST(reg.check(*parse_absolute("ftp://h/a")).has_value());
  BOOST_TEST(!reg.check(*parse_absolute("ftp://h/a%0D")).has_value());
}

// Lenient mode's IPv6 literal host (RFC 2732): connect_host() is the address
// to connect to, without brackets; for a name or a hostnumber it is host().
BOOST_AUTO_TEST_CASE(connect_host) {
  check_connect_host(parser, "ftp://u:p@[2001:db8::7]:2121/pub/f;type=i", "2001:db8::7", 2121);
}

BOOST_AUTO_TEST_SUITE_END()
