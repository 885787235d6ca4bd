// urlkit parse
#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

namespace {

// Runs `urlkit parse URL` and gives back its one JSON object.
boost::json::object parse_one(const std::string& url, int expected_status = 0) {
  run_result r = run({"parse", url});
  BOOST_TEST(r.status == expected_status);
  BOOST_TEST(r.err == "");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  return json_line(l[0]);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(parse)

BOOST_AUTO_TEST_CASE(keys_in_contract_order) {
  // A scheme urlkit does not know: its scheme_data and endpoint are null.
  auto o = parse_one("x-test://user:pw@host:80/p/q;par?qu#fr");
  // "host_kind" follows "host" whenever the host is present.
  std::vector<std::string> expected{
      "input",     "ok",          "scheme",        "user",     "password", "host",
      "host_kind", "port",        "absolute_path", "path",     "params",   "query",
      "fragment",  "scheme_data", "scheme_error",  "endpoint", "warnings"};
  BOOST_TEST(keys(o) == expected, boost::test_tools::per_element());
  // The input is echoed with its password hidden; the components are as given
  // (docs/security.md).
  BOOST_TEST(str(o, "input") == "x-test://user:***@host:80/p/q;par?qu#fr");
  BOOST_TEST(o.at("ok").as_bool());
  BOOST_TEST(str(o, "scheme") == "x-test");
  BOOST_TEST(str(o, "user") == "user");
  BOOST_TEST(str(o, "password") == "pw");
  BOOST_TEST(str(o, "host") == "host");
  BOOST_TEST(str(o, "port") == "80");
  BOOST_TEST(o.at("absolute_path").as_bool());
  BOOST_TEST(str(o, "path") == "p/q");
  BOOST_TEST(str(o, "params") == "par");
  BOOST_TEST(str(o, "query") == "qu");
  BOOST_TEST(str(o, "fragment") == "fr");
  BOOST_TEST(is_null(o, "scheme_data"));
  BOOST_TEST(is_null(o, "scheme_error"));
  BOOST_TEST(is_null(o, "endpoint"));
  BOOST_TEST(o.at("warnings").as_array().empty());
}

BOOST_AUTO_TEST_CASE(exact_output_line) {
  run_result r = run({"parse", "x-test://a/b?"});
  BOOST_TEST(r.out ==
             "{\"input\":\"x-test://a/b?\",\"ok\":true,\"scheme\":\"x-test\",\"user\":null,"
             "\"password\":null,\"host\":\"a\",\"host_kind\":\"name\",\"port\":null,\"absolute_"
             "path\":true,\"path\":\"b\","
             "\"params\":null,\"query\":\"\",\"fragment\":null,\"scheme_data\":null,"
             "\"scheme_error\":null,\"endpoint\":null,\"warnings\":[]}\n");
}

BOOST_AUTO_TEST_CASE(empty_is_not_absent) {
  BOOST_TEST(str(parse_one("http://a/b?"), "query") == "");
  BOOST_TEST(is_null(parse_one("http://a/b"), "query"));
  BOOST_TEST(str(parse_one("http://a/b#"), "fragment") == "");
  BOOST_TEST(is_null(parse_one("http://a/b"), "fragment"));
  BOOST_TEST(str(parse_one("http://a/b;"), "params") == "");

  auto anonymous = parse_one("ftp://@host.com/");
  BOOST_TEST(str(anonymous, "user") == "");
  BOOST_TEST(is_null(anonymous, "password"));
  BOOST_TEST(str(anonymous, "host") == "host.com");

  auto empty_password = parse_one("ftp://foo:@host.com/");
  BOOST_TEST(str(empty_password, "user") == "foo");
  BOOST_TEST(str(empty_password, "password") == "");

  BOOST_TEST(str(parse_one("http://a:/"), "port") == "");
  BOOST_TEST(is_null(parse_one("http://a/"), "port"));
}

BOOST_AUTO_TEST_CASE(absolute_path_and_relative_references) {
  auto abs = parse_one("/g");
  BOOST_TEST(abs.at("absolute_path").as_bool());
  BOOST_TEST(str(abs, "path") == "g");
  BOOST_TEST(is_null(abs, "scheme"));
  BOOST_TEST(is_null(abs, "host"));

  auto rel = parse_one("../g");
  BOOST_TEST(!rel.at("absolute_path").as_bool());
  BOOST_TEST(str(rel, "path") == "../g");

  auto server_only = parse_one("//g");
  BOOST_TEST(str(server_only, "host") == "g");
  BOOST_TEST(!server_only.at("absolute_path").as_bool());
  BOOST_TEST(str(server_only, "path") == "");

  auto empty = parse_one("");
  BOOST_TEST(empty.at("ok").as_bool());
  BOOST_TEST(str(empty, "path") == "");
}

BOOST_AUTO_TEST_CASE(failure_object) {
  auto o = parse_one("http://host:8o/", 1);
  std::vector<std::string> expected{"input", "ok", "error"};
  BOOST_TEST(keys(o) == expected, boost::test_tools::per_element());
  BOOST_TEST(str(o, "input") == "http://host:8o/");
  BOOST_TEST(!o.at("ok").as_bool());
  const auto& e = o.at("error").as_object();
  std::vector<std::string> error_keys{"code", "offset", "shown_offset", "message"};
  BOOST_TEST(keys(e) == error_keys, boost::test_tools::per_element());
  // The offset of the offending byte, the 'o' (the port itself starts at 12),
  // in the input and in the "input" shown (the same: no password).
  BOOST_TEST(e.at("offset").to_number<int>() == 13);
  BOOST_TEST(e.at("shown_offset").to_number<int>() == 13);
  BOOST_TEST(str(e, "message").find("port") != std::string::npos, str(e, "message"));
}

// Each error, scheme error and warning carries "code", the error_code or
// warning_code name (docs/guide.md lists them): what a script tests, where
// the message is for people and may be reworded.
BOOST_AUTO_TEST_CASE(errors_and_warnings_have_a_stable_code) {
  auto o = parse_one("http://host:8o/", 1);
  BOOST_TEST(str(o.at("error").as_object(), "code") == "bad_port");
  o = parse_one("a b", 1);
  BOOST_TEST(str(o.at("error").as_object(), "code") == "invalid_character");

  // RFC 1738 3.3 refuses "http:g": the scheme's own error, code scheme_syntax.
  o = parse_one("http:g");
  const auto& se = o.at("scheme_error").as_object();
  std::vector<std::string> error_keys{"code", "offset", "shown_offset", "message"};
  BOOST_TEST(keys(se) == error_keys, boost::test_tools::per_element());
  BOOST_TEST(str(se, "code") == "scheme_syntax");

  o = parse_one("http://a/{x}%zz");
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(w.size() == 3u);
  std::vector<std::string> warning_keys{"code", "offset", "shown_offset", "message"};
  BOOST_TEST(keys(w[0].as_object()) == warning_keys, boost::test_tools::per_element());
  BOOST_TEST(str(w[0].as_object(), "code") == "unwise_character");
  BOOST_TEST(str(w[1].as_object(), "code") == "unwise_character");
  BOOST_TEST(str(w[2].as_object(), "code") == "bad_escape");

  // Strict mode: the same bytes are errors, with the error_code's name.
  run_result r = run({"parse", "--strict", "http://a/{x}"});
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  BOOST_TEST(str(json_line(l[0]).at("error").as_object(), "code") == "unwise_character");
}

BOOST_AUTO_TEST_CASE(status_is_1_when_any_input_fails) {
  run_result r = run({"parse", "http://a/", "http://host:8o/", "g"});
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u);
  BOOST_TEST(json_line(l[0]).at("ok").as_bool());
  BOOST_TEST(!json_line(l[1]).at("ok").as_bool());
  BOOST_TEST(json_line(l[2]).at("ok").as_bool());
}

BOOST_AUTO_TEST_CASE(every_warning_is_listed) {
  // Six unwise characters: more than the view itself keeps.
  auto o = parse_one("http://a/{|}^[]");
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST(w.size() == 6u);
  std::size_t expected_offset = 9;
  for (const auto& item : w) {
    const auto& wo = item.as_object();
    std::vector<std::string> k{"code", "offset", "shown_offset", "message"};
    BOOST_TEST(keys(wo) == k, boost::test_tools::per_element());
    BOOST_TEST(wo.at("shown_offset").to_number<std::size_t>() == expected_offset);
    BOOST_TEST(wo.at("offset").to_number<std::size_t>() == expected_offset++);
    BOOST_TEST(!str(wo, "message").empty());
  }
}

BOOST_AUTO_TEST_CASE(strict_rejects_what_lenient_warns_about) {
  auto lenient = parse_one("http://a/b|c");
  BOOST_TEST(lenient.at("ok").as_bool());
  BOOST_TEST_REQUIRE(lenient.at("warnings").as_array().size() == 1u);
  BOOST_TEST(lenient.at("warnings").as_array()[0].as_object().at("offset").to_number<int>() == 10);

  run_result r = run({"parse", "--strict", "http://a/b|c"});
  BOOST_TEST(r.status == 1);
  auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(!o.at("ok").as_bool());
  BOOST_TEST(o.at("error").as_object().at("offset").to_number<int>() == 10);
}

// "ok" is the generic verdict: these are URL-references (draft 3; "http:g"
// is Appendix C's own result), which http's production (RFC 1738 3.3:
// "//" host) refuses.  That is a verdict of its own, in "scheme_error", and
// validate fails them, in both modes.
BOOST_AUTO_TEST_CASE(generic_syntax_and_scheme_verdict_apart) {
  struct expected {
    const char* url;
    const char* path;
    bool has_host;
  };
  for (const expected& e : {expected{"http:g", "g", false}, expected{"http:", "", false},
                            expected{"http:/a", "a", false}, expected{"http://", "", true},
                            expected{"http:///x", "x", true}}) {
    for (const char* mode : {"", "--strict"}) {
      BOOST_TEST_CONTEXT(e.url << ' ' << mode) {
        std::vector<std::string> args{"parse", e.url};
        if (*mode) args.insert(args.begin() + 1, mode);
        run_result r = run(args);
        BOOST_TEST(r.status == 0);
        auto o = json_line(lines(r.out).at(0));
        BOOST_TEST(o.at("ok").as_bool());
        BOOST_TEST(str(o, "scheme") == "http");
        BOOST_TEST(str(o, "path") == e.path);
        BOOST_TEST(!is_null(o, "host") == e.has_host);
        BOOST_TEST(is_null(o, "scheme_data"));
        const auto& se = o.at("scheme_error").as_object();
        std::vector<std::string> error_keys{"code", "offset", "shown_offset", "message"};
        BOOST_TEST(keys(se) == error_keys, boost::test_tools::per_element());
        BOOST_TEST(str(se, "message").rfind("http", 0) == 0u, str(se, "message"));

        std::vector<std::string> vargs{"validate", e.url};
        if (*mode) vargs.insert(vargs.begin() + 1, mode);
        run_result v = run(vargs);
        BOOST_TEST(v.status == 1);
        BOOST_TEST(v.out.find(": error: http") != std::string::npos, v.out);
      }
    }
  }
  // The scheme_error's offset is the one validate reports.
  auto o = parse_one("http:g");
  const auto offset = o.at("scheme_error").as_object().at("offset").as_int64();
  run_result v = run({"validate", "http:g"});
  BOOST_TEST(v.out.find("http:g:" + std::to_string(offset) + ": error: ") == 0u, v.out);
}

// "host_kind" says what the host is, whenever there is one.
BOOST_AUTO_TEST_CASE(host_kinds) {
  BOOST_TEST(str(parse_one("http://example.com/"), "host_kind") == "name");
  BOOST_TEST(str(parse_one("http://1.2.3.4:80/"), "host_kind") == "ipv4");
  BOOST_TEST(str(parse_one("http://[::1]:8080/"), "host_kind") == "ipv6");
  BOOST_TEST(str(parse_one("http://[::1]:8080/"), "host") == "[::1]");
  BOOST_TEST(str(parse_one("http://my_host/"), "host_kind") == "name");  // lenient's name
  BOOST_TEST(str(parse_one("file:///x"), "host_kind") == "name");        // the empty host
  BOOST_TEST(!parse_one("/g").contains("host_kind"));
}

// Generic and scheme warnings come in input order.
BOOST_AUTO_TEST_CASE(warnings_in_input_order) {
  auto o = parse_one("data:text/plain;a=\"\",X");
  std::int64_t last = -1;
  for (const auto& w : o.at("warnings").as_array()) {
    const auto at = w.as_object().at("offset").as_int64();
    BOOST_TEST(at >= last);
    last = at;
  }
  BOOST_TEST(last >= 0);
}

// The JSON contract is lossless: every byte of the input comes back from the
// JSON, and so does every component.  Each of the 256 bytes, alone and
// beside a literal "%FF" (which must not be read back as the byte).
BOOST_AUTO_TEST_CASE(json_round_trips_every_byte) {
  std::vector<std::string> inputs;
  for (int b = 1; b < 256; ++b) {
    const std::string byte(1, static_cast<char>(b));
    inputs.push_back("http://a/x" + byte + "y");
    inputs.push_back("http://a/%FF" + byte + "?q" + byte);
  }
  std::vector<std::string> args{"parse"};
  args.insert(args.end(), inputs.begin(), inputs.end());
  run_result r = run(args);
  // NUL cannot be an argument: it comes on stdin.
  const std::string nul_input("http://a/x\0y", 12);
  run_result n = run({"parse"}, nul_input + "\n");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == inputs.size());
  l.push_back(lines(n.out).at(0));
  inputs.push_back(nul_input);
  for (std::size_t i = 0; i < l.size(); ++i) {
    BOOST_TEST_CONTEXT("input " << i << ": " << l[i]) {
      const auto o = json_line(l[i]);
      BOOST_TEST(bytes_of(o, "input") == inputs[i]);
      const bool escaped = o.contains("percent_escaped");
      // Only an object with bytes that are not UTF-8 (here: a lone byte >= 0x80,
      // or the decoded %FF of http's path) is percent-escaped.
      if (!escaped) BOOST_TEST(str(o, "input") == inputs[i]);
      if (!o.at("ok").as_bool()) continue;
      const std::string path = bytes_of(o, "path");
      BOOST_TEST(inputs[i].find(path) == 9u);
      // scheme_data's strings follow the same contract (http's path runs on
      // over the parameters, RFC 1738 3.3).
      if (o.at("scheme_data").is_object())
        BOOST_TEST(bytes(o, str(o.at("scheme_data").as_object(), "path")).rfind(path, 0) == 0u);
    }
  }
  // A valid multi-byte character is written as it is.
  const auto o = json_line(lines(run({"parse", "http://a/caf\xc3\xa9"}).out).at(0));
  BOOST_TEST(!o.contains("percent_escaped"));
  BOOST_TEST(str(o, "path") == "caf\xc3\xa9");
}

BOOST_AUTO_TEST_CASE(json_escapes) {
  auto o = parse_one("http://a/\"\\", 1);  // rejected by the parser, but echoed in "input"
  BOOST_TEST(str(o, "input") == "http://a/\"\\");
}

// "endpoint": what a client connects to (endpoint_of, urlkit/endpoint.hpp),
// its members in this order, the port a number with the default filled in.
BOOST_AUTO_TEST_CASE(endpoint) {
  auto o = parse_one("HTTPS://u:p%40w@[fe80::1%25eth0]/a/b?q#f");
  const auto& e = o.at("endpoint").as_object();
  const std::vector<std::string> expected{"scheme", "host", "port",    "secure",
                                          "target", "user", "password"};
  BOOST_TEST(keys(e) == expected, boost::test_tools::per_element());
  BOOST_TEST(str(e, "scheme") == "https");
  BOOST_TEST(str(e, "host") == "fe80::1%eth0");
  BOOST_TEST(e.at("port").as_int64() == 443);
  BOOST_TEST(e.at("secure").as_bool());
  BOOST_TEST(str(e, "target") == "/a/b?q");
  BOOST_TEST(str(e, "user") == "u");
  BOOST_TEST(str(e, "password") == "p@w");  // decoded
  // The keys follow scheme_error.
  const auto k = keys(o);
  const auto at = std::find(k.begin(), k.end(), std::string("endpoint"));
  BOOST_TEST_REQUIRE((at != k.end() && at != k.begin()));
  BOOST_TEST(*(at - 1) == "scheme_error");

  auto gopher = parse_one("gopher://h:7070/7sel%09x").at("endpoint").as_object();
  BOOST_TEST(str(gopher, "target") == "sel\tx\r\n");
  BOOST_TEST(gopher.at("port").as_int64() == 7070);
  BOOST_TEST(is_null(gopher, "user"));
  BOOST_TEST(is_null(gopher, "password"));
  auto ftp = parse_one("ftp://@h/pub/f;type=a").at("endpoint").as_object();
  BOOST_TEST(str(ftp, "user") == "");  // empty, not absent
  BOOST_TEST(str(ftp, "target") == "pub/f");
  auto ldaps = parse_one("ldaps://dir.example/o=x").at("endpoint").as_object();
  BOOST_TEST(ldaps.at("port").as_int64() == 636);
  BOOST_TEST(ldaps.at("secure").as_bool());
  BOOST_TEST(str(ldaps, "target") == "");

  // No endpoint: no server, a scheme outside the table, a port above 65535,
  // a URL its scheme's grammar refuses (scheme_error says why), a relative
  // reference.
  for (const char* url : {"mailto:a@b.example", "news:comp.lang.c", "file:///etc/passwd", "data:,A",
                          "gemini://h/", "http://h:65536/", "http:g", "//h/x", "gopher://h/0a%0Db"})
    BOOST_TEST(is_null(parse_one(url), "endpoint"), url);
}

BOOST_AUTO_TEST_SUITE_END()
