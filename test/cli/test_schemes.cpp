// urlkit parse's scheme_data, and the scheme commands (ftp-plan).
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

namespace {

boost::json::object parse_one(const std::string& url, int expected_status = 0,
                              std::vector<std::string> flags = {}) {
  flags.insert(flags.begin(), "parse");
  flags.push_back(url);
  run_result r = run(flags);
  BOOST_TEST(r.status == expected_status);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  return json_line(l[0]);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(schemes)

BOOST_AUTO_TEST_CASE(ftp_scheme_data) {
  run_result r = run({"parse", "ftp://foo:@host.com/a/b%20c;type=I"});
  BOOST_TEST(r.status == 0);
  const std::string expected =
      "\"scheme_data\":{\"user\":\"foo\",\"password\":\"\",\"host\":\"host.com\",\"port\":21,"
      "\"cwd\":[\"a\"],\"name\":\"b c\",\"typecode\":\"i\"}";
  BOOST_TEST(r.out.find(expected) != std::string::npos, r.out);

  auto o = parse_one("ftp://h:2121//etc/motd");
  const auto& d = o.at("scheme_data").as_object();
  BOOST_TEST(d.at("port").as_int64() == 2121);
  BOOST_TEST(d.at("user").is_null());
  BOOST_TEST(d.at("cwd").as_array().size() == 2u);
  BOOST_TEST(d.at("cwd").as_array()[0].as_string() == "");
  BOOST_TEST(d.at("typecode").is_null());
}

BOOST_AUTO_TEST_CASE(decoded_bytes_that_are_not_utf8) {
  run_result r = run({"parse", "ftp://h/%FF%C3%A9"});
  BOOST_TEST(r.status == 0);
  // The decoded name is not UTF-8: the object is percent-escaped (the JSON
  // contract), the input's own "%" too.
  BOOST_TEST(r.out.find("{\"percent_escaped\":true,\"input\":\"ftp://h/%25FF%25C3%25A9\"") == 0u,
             r.out);
  BOOST_TEST(r.out.find("\"name\":\"%FF\xc3\xa9\"") != std::string::npos, r.out);
  json_line(lines(r.out).at(0));
}

BOOST_AUTO_TEST_CASE(scheme_errors_and_warnings) {
  // Lenient: RFC 1738's http has no user, the draft's generic syntax does: a warning.
  auto o = parse_one("http://u@h/");
  BOOST_TEST(o.at("ok").as_bool());
  const auto& w = o.at("warnings").as_array();
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST(w[0].as_object().at("offset").as_int64() == 7);
  // Strict: the scheme's error, naming the production, beside the generic
  // components (a URL-reference all the same).
  o = parse_one("http://u@h/", 0, {"--strict"});
  BOOST_TEST(o.at("ok").as_bool());
  BOOST_TEST(o.at("scheme_data").is_null());
  BOOST_TEST(o.at("scheme_error").as_object().at("offset").as_int64() == 7);
  BOOST_TEST(std::string(o.at("scheme_error").as_object().at("message").as_string())
                 .find("http hostport") == 0u);
  // The draft's updates to RFC 1738 hold in both modes (E.2, E.3): "~" is
  // unreserved, and an empty port is the default one.
  for (const char* mode : {"--strict", "--lenient"}) {
    std::vector<std::string> flags;
    if (std::string(mode) == "--strict") flags.push_back(mode);
    o = parse_one("http://www.ics.uci.edu/~fielding/", 0, flags);
    BOOST_TEST(o.at("ok").as_bool());
    BOOST_TEST(o.at("scheme_error").is_null());
    BOOST_TEST(o.at("warnings").as_array().empty());
    o = parse_one("http://a.com:/", 0, flags);
    BOOST_TEST(str(o, "port") == "");
    BOOST_TEST(o.at("scheme_data").as_object().at("port").as_int64() == 80);
    BOOST_TEST(o.at("warnings").as_array().empty());
  }
  BOOST_TEST(run({"validate", "--strict", "http://www.ics.uci.edu/~fielding/", "http://a.com:/",
                  "ftp://h/~u/"})
                 .status == 0);
  // Both modes: an encoded CR in a command argument.
  o = parse_one("ftp://h/a%0D", 0);
  BOOST_TEST(std::string(o.at("scheme_error").as_object().at("message").as_string()) ==
             "ftp fsegment: encoded CR (%0D) refused");
}

// mailto in lenient mode: RFC 6068's addresses and header fields, with the
// one warning that says so; strict mode keeps RFC 1738's single address; a
// line break in a header field other than body is refused in both.
BOOST_AUTO_TEST_CASE(mailto_headers) {
  auto o = parse_one("mailto:?to=a@x.org&body=l1%0D%0Al2");
  BOOST_TEST(o.at("ok").as_bool());
  const auto& d = o.at("scheme_data").as_object();
  BOOST_TEST(d.at("address").as_string() == "");
  BOOST_REQUIRE(d.at("to").as_array().size() == 1u);
  BOOST_TEST(d.at("to").as_array()[0].as_string() == "a@x.org");
  const auto& h = d.at("headers").as_array();
  BOOST_REQUIRE(h.size() == 2u);
  BOOST_TEST(h[1].as_array()[0].as_string() == "body");
  BOOST_TEST(h[1].as_array()[1].as_string() == "l1\r\nl2");
  const auto& w = o.at("warnings").as_array();
  BOOST_REQUIRE(w.size() == 1u);
  BOOST_TEST(w[0].as_object().at("offset").as_int64() == 7);
  BOOST_TEST(
      std::string(w[0].as_object().at("message").as_string()).find("mailto mailtoURI: RFC 6068") ==
      0u);

  o = parse_one("mailto:a@x.org?subject=x", 0, {"--strict"});
  BOOST_TEST(o.at("scheme_data").is_null());
  BOOST_TEST(o.at("scheme_error").as_object().at("offset").as_int64() == 14);

  o = parse_one("mailto:a@x.org?subject=x%0D%0ABcc:e@v.org");
  BOOST_TEST(o.at("scheme_data").is_null());
  const auto& e = o.at("scheme_error").as_object();
  BOOST_TEST(e.at("offset").as_int64() == 24);
  BOOST_TEST(std::string(e.at("message").as_string()).find("mailto hfvalue: encoded CR (%0D)") ==
             0u);
}

BOOST_AUTO_TEST_CASE(validate_checks_schemes) {
  run_result r = run({"validate", "--strict", "ftp://h/a;type=x", "ftp://h/a;type=i"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out ==
             "ftp://h/a;type=x:15: error: ftp ftptype: typecode must be one of a, i, d (any "
             "case), ending the URL\n");
}

BOOST_AUTO_TEST_CASE(ftp_plan) {
  run_result r = run({"ftp-plan", "ftp://myname@host.dom/%2Fetc/motd"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "CWD /etc\nRETR motd\n");
  r = run({"ftp-plan", "ftp://myname@host.dom//etc/motd"});
  BOOST_TEST(r.out == "CWD \nCWD etc\nRETR motd\n");
  r = run({"ftp-plan", "ftp://h/pub/x;type=d"});
  BOOST_TEST(r.out == "CWD pub\nNLST x\n");
  r = run({"ftp-plan", "ftp://h/x;type=i"});
  BOOST_TEST(r.out == "TYPE I\nRETR x\n");
  r = run({"ftp-plan", "ftp://h/x%0D%0ADELE%20y"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find("encoded CR (%0D) refused") != std::string::npos, r.err);
  r = run({"ftp-plan", "ftp://h/~x;type=q"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "RETR ~x\n");
  BOOST_TEST(r.err.find("warning") != std::string::npos, r.err);
  // Params that would make the plan fetch another file: refused in both modes.
  for (const char* mode : {"--strict", ""}) {
    std::vector<std::string> args{"ftp-plan", "ftp://h/dir;x/file;type=i"};
    if (*mode) args.insert(args.begin() + 1, mode);
    r = run(args);
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out == "");
    BOOST_TEST(
        r.err.rfind("ftp://h/dir;x/file;type=i:13: error: ftp params: '/' after a ';'", 0) == 0,
        r.err);
  }
  r = run({"ftp-plan"});
  BOOST_TEST(r.status == 2);
}

// Each scheme's scheme_data, exactly as the contract writes it.
BOOST_AUTO_TEST_CASE(every_scheme_data_contract) {
  const std::pair<const char*, const char*> cases[] = {
      {"http://www.ics.uci.edu/pub/ietf/uri/",
       R"({"host":"www.ics.uci.edu","port":80,"secure":false,"path":"pub/ietf/uri/","search":null})"},
      {"http://h", R"({"host":"h","port":80,"secure":false,"path":null,"search":null})"},
      {"HTTP://h:8080/a;b?x=1",
       R"({"host":"h","port":8080,"secure":false,"path":"a;b","search":"x=1"})"},
      {"https://h/a?q", R"({"host":"h","port":443,"secure":true,"path":"a","search":"q"})"},
      {"ws://h/chat", R"({"host":"h","port":80,"secure":false,"path":"chat","search":null})"},
      {"wss://h:9000/", R"({"host":"h","port":9000,"secure":true,"path":"","search":null})"},
      {"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
       R"({"host":"spinaltap.micro.umn.edu","port":70,"gopher_type":"0",)"
       R"("selector":"0/Weather/California/Los Angeles","search":null,"gopher_plus":null})"},
      {"gopher://h",
       R"({"host":"h","port":70,"gopher_type":"1","selector":"","search":null,"gopher_plus":null})"},
      {"gopher://h/7s%09q%09%2B",
       R"({"host":"h","port":70,"gopher_type":"7","selector":"s","search":"q","gopher_plus":"+"})"},
      {"mailto:masinter@parc.xerox.com",
       R"({"address":"masinter@parc.xerox.com","to":["masinter@parc.xerox.com"],"headers":[]})"},
      {"mailto:a@x.org,b@y.org?subject=Hi%20there&cc=c@z.org",
       R"({"address":"a@x.org","to":["a@x.org","b@y.org"],)"
       R"("headers":[["subject","Hi there"],["cc","c@z.org"]]})"},
      {"news:comp.infosystems.www.servers.unix",
       R"({"kind":"group","group":"comp.infosystems.www.servers.unix"})"},
      {"news:*", R"({"kind":"all","group":"*"})"},
      {"news:123@host.com", R"({"kind":"article","message_id":"123@host.com"})"},
      {"nntp://h/comp.x/42", R"({"host":"h","port":119,"group":"comp.x","article":42})"},
      {"nntp://h:1119/g", R"({"host":"h","port":1119,"group":"g","article":null})"},
      {"telnet://melvyl.ucop.edu/",
       R"({"user":null,"password":null,"host":"melvyl.ucop.edu","port":23})"},
      {"telnet://u:p@h:2323", R"({"user":"u","password":"p","host":"h","port":2323})"},
      {"wais://h/db",
       R"({"host":"h","port":210,"database":"db","search":null,"wtype":null,"wpath":null})"},
      {"wais://h/db?q",
       R"({"host":"h","port":210,"database":"db","search":"q","wtype":null,"wpath":null})"},
      {"wais://h/db/TEXT/p",
       R"({"host":"h","port":210,"database":"db","search":null,"wtype":"TEXT","wpath":"p"})"},
      {"file:/home/fred/bio.txt", R"({"host":null,"path":"/home/fred/bio.txt"})"},
      {"file:///x", R"({"host":"","path":"/x"})"},
      {"file://localhost/etc/x%20y", R"({"host":"localhost","path":"/etc/x y"})"},
      {"prospero://host.dom//pros/name",
       R"({"host":"host.dom","port":1525,"hsoname":"/pros/name","fields":[]})"},
      {"prospero://h/x;a=b;c=d",
       R"({"host":"h","port":1525,"hsoname":"x","fields":[["a","b"],["c","d"]]})"},
  };
  std::vector<std::string> args{"parse"};
  for (const auto& c : cases) args.emplace_back(c.first);
  run_result r = run(args);
  BOOST_TEST(r.status == 0);
  auto l = lines(r.out);
  BOOST_REQUIRE(l.size() == std::size(cases));
  for (std::size_t i = 0; i < l.size(); ++i) {
    BOOST_TEST_CONTEXT(cases[i].first) {
      const std::string want = std::string("\"scheme_data\":") + cases[i].second + ",";
      BOOST_TEST(l[i].find(want) != std::string::npos, l[i]);
    }
  }
}

BOOST_AUTO_TEST_CASE(gopher_line) {
  run_result r =
      run({"gopher-line", "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "0/Weather/California/Los Angeles\r\n");
  r = run({"gopher-line", "gopher://h/7s%09find%20me"});
  BOOST_TEST(r.out == "s\tfind me\r\n");
  r = run({"gopher-line", "gopher://h/1s%09%09!+ABSTRACT"});
  BOOST_TEST(r.out == "s\t\t!+ABSTRACT\r\n");
  r = run({"gopher-line", "gopher://h/"});
  BOOST_TEST(r.out == "\r\n");
  r = run({"gopher-line", "gopher://h/0a%0D%0Ab"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find("encoded CR (%0D) refused") != std::string::npos, r.err);
  // One error form on every command: INPUT:OFFSET: error: MESSAGE.
  r = run({"gopher-line", "gopher://h:x/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "gopher://h:x/:11: error: port must be digits\n");
}

BOOST_AUTO_TEST_SUITE_END()
