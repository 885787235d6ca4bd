// The host a client connects to, through the command-line tool (RFC 1738 6,
// draft 8; docs/security.md): `validate` fails on a host whose escapes a host
// may not hold, in both modes, at the escape's offset; `parse` reports the
// error and prints no scheme_data host; RFC 1034's lengths are an error in
// strict mode and a warning in lenient mode.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(hosts)

BOOST_AUTO_TEST_CASE(validate_refuses_control_octets_and_delimiters_in_a_host) {
  const struct {
    const char* url;
    const char* offset;
  } cases[] = {
      {"http://%41%0D%0A%42/", ":10:"},
      {"http://evil.example%00.example.com/", ":19:"},
      {"ftp://a%2Fb/f", ":7:"},
      {"telnet://a%40b/", ":10:"},
      {"http://[fe80::1%25%0D%0A]/", ":18:"},
      {"http://[fe80::1%25a%2Fb]/", ":19:"},
  };
  for (const auto& c : cases) {
    for (const bool strict : {false, true}) {
      // An IPv6 literal is lenient mode's only.
      if (strict && std::string(c.url).find('[') != std::string::npos) continue;
      BOOST_TEST_CONTEXT(c.url << (strict ? " --strict" : "")) {
        std::vector<std::string> args{"validate", c.url};
        if (strict) args.insert(args.begin() + 1, "--strict");
        const run_result r = run(args);
        BOOST_TEST(r.status == 1);
        BOOST_TEST(r.out.starts_with(std::string(c.url) + c.offset + " error: host: an escaped "),
                   r.out);
        BOOST_TEST(r.out.find(" is refused in a host") != std::string::npos, r.out);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(parse_gives_no_host_with_a_control_octet) {
  const run_result r = run({"parse", "http://%41%0D%0A%42/"});
  BOOST_TEST(r.status == 1);
  const auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(!o.at("ok").as_bool());
  BOOST_TEST(r.out.find("\\r") == std::string::npos, r.out);
  BOOST_TEST(o.at("error").as_object().at("offset").as_int64() == 10);
}

BOOST_AUTO_TEST_CASE(long_labels_strict_error_lenient_warning) {
  const std::string url = "http://" + std::string(64, 'a') + ".example/";
  run_result r = run({"validate", "--strict", url});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.find(":7: error: host: a label longer than 63 octets") != std::string::npos,
             r.out);
  r = run({"validate", url});
  BOOST_TEST(r.status == 0, r.out << r.err);
  r = run({"parse", url});
  BOOST_TEST(r.status == 0);
  const auto o = json_line(lines(r.out).at(0));
  const auto& ws = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(ws.size() == 1u);
  BOOST_TEST(ws[0].as_object().at("offset").as_int64() == 7);
  const std::string mail = "mailto:a@" + std::string(64, 'a') + ".email";
  r = run({"validate", "--strict", mail});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(
      r.out.find(":9: error: mailto domain: a label longer than 63 octets") != std::string::npos,
      r.out);
}

BOOST_AUTO_TEST_SUITE_END()
