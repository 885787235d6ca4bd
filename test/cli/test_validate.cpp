// urlkit validate
#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(validate)

BOOST_AUTO_TEST_CASE(valid_urls_print_nothing) {
  run_result r = run({"validate", "http://a/b", "ftp://@host.com/", "../g", ""});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "");
}

BOOST_AUTO_TEST_CASE(invalid_url_line) {
  run_result r = run({"validate", "http://a/", "http://host:8o/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u);
  const std::string prefix = "http://host:8o/:13: error: ";
  BOOST_TEST(l[0].rfind(prefix, 0) == 0, l[0]);
  BOOST_TEST(l[0].find("port") != std::string::npos, l[0]);
}

BOOST_AUTO_TEST_CASE(stdin_reports_each_invalid_line) {
  run_result r = run({"validate"}, "http://a/\r\na b\r\nhttp://host:8o/\r\n");
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 2u);
  BOOST_TEST(l[0].rfind("a b:1: error: ", 0) == 0, l[0]);
  BOOST_TEST(l[1].rfind("http://host:8o/:13: error: ", 0) == 0, l[1]);
}

BOOST_AUTO_TEST_CASE(lenient_warnings_are_not_errors) {
  BOOST_TEST(run({"validate", "http://a/b|c"}).status == 0);
  BOOST_TEST(run({"validate", "http://a/b|c"}).out == "");
  run_result strict = run({"validate", "--strict", "http://a/b|c"});
  BOOST_TEST(strict.status == 1);
  BOOST_TEST(strict.out.rfind("http://a/b|c:10: error: ", 0) == 0, strict.out);
}

BOOST_AUTO_TEST_CASE(caret_line_on_a_terminal) {
  run_result r = run_on_terminal({"validate", "http://host:8o/"});
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u, r.out);
  BOOST_TEST(l[0].rfind("http://host:8o/:13: error: ", 0) == 0, l[0]);
  BOOST_TEST(l[1] == "http://host:8o/");
  BOOST_TEST(l[2] == std::string(13, ' ') + "^");
}

BOOST_AUTO_TEST_CASE(no_caret_line_into_a_pipe) {
  run_result r = run({"validate", "http://host:8o/"});
  BOOST_TEST(lines(r.out).size() == 1u);
}

// --json: one object per input, valid or not, for programs that read the
// verdicts; the error and warnings written as `urlkit parse` writes them.
BOOST_AUTO_TEST_CASE(json_one_object_per_input) {
  run_result r = run({"validate", "--json", "http://a/b", "http://u:pw@host:8o/", "http:g"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u, r.out);

  auto valid = json_line(l[0]);
  BOOST_TEST(keys(valid) == (std::vector<std::string>{"input", "ok", "error", "warnings"}),
             boost::test_tools::per_element());
  BOOST_TEST(str(valid, "input") == "http://a/b");
  BOOST_TEST(valid.at("ok").as_bool());
  BOOST_TEST(is_null(valid, "error"));
  BOOST_TEST(valid.at("warnings").as_array().empty());

  // The password hidden in "input"; "offset" in the input as given,
  // "shown_offset" in "input".
  auto bad = json_line(l[1]);
  BOOST_TEST(str(bad, "input") == "http://u:***@host:8o/");
  BOOST_TEST(!bad.at("ok").as_bool());
  const auto& e = bad.at("error").as_object();
  BOOST_TEST(keys(e) == (std::vector<std::string>{"code", "offset", "shown_offset", "message"}),
             boost::test_tools::per_element());
  BOOST_TEST(str(e, "code") == "bad_port");
  BOOST_TEST(e.at("offset").to_number<int>() == 18);
  BOOST_TEST(e.at("shown_offset").to_number<int>() == 19);
  BOOST_TEST(str(e, "message") == "port must be digits");

  // A URL-reference its scheme's production refuses fails validate (RFC 1738 3.3).
  auto scheme = json_line(l[2]);
  BOOST_TEST(!scheme.at("ok").as_bool());
  BOOST_TEST(str(scheme.at("error").as_object(), "code") == "scheme_syntax");
}

BOOST_AUTO_TEST_CASE(json_lists_lenient_warnings) {
  // The plain form says nothing of them; --json lists each, in input order.
  run_result r = run({"validate", "--json"}, "http://a/b|c%zz\n");
  BOOST_TEST(r.status == 0);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u, r.out);
  auto o = json_line(l[0]);
  BOOST_TEST(o.at("ok").as_bool());
  BOOST_TEST(is_null(o, "error"));
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(w.size() == 2u);
  BOOST_TEST(keys(w[0].as_object()) ==
                 (std::vector<std::string>{"code", "offset", "shown_offset", "message"}),
             boost::test_tools::per_element());
  BOOST_TEST(str(w[0].as_object(), "code") == "unwise_character");
  BOOST_TEST(w[0].as_object().at("offset").to_number<int>() == 10);
  BOOST_TEST(str(w[1].as_object(), "code") == "bad_escape");
  BOOST_TEST(w[1].as_object().at("offset").to_number<int>() == 12);
}

BOOST_AUTO_TEST_CASE(json_strict_makes_them_errors) {
  run_result r = run({"validate", "--json", "--strict", "http://a/b|c"});
  BOOST_TEST(r.status == 1);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 1u, r.out);
  auto o = json_line(l[0]);
  BOOST_TEST(!o.at("ok").as_bool());
  const auto& e = o.at("error").as_object();
  BOOST_TEST(str(e, "code") == "unwise_character");
  BOOST_TEST(e.at("offset").to_number<int>() == 10);
  BOOST_TEST(o.at("warnings").as_array().empty());
}

// The same objects on N threads, and no caret line on a terminal.
BOOST_AUTO_TEST_CASE(json_jobs_and_terminal) {
  std::string input;
  for (int i = 0; i < 2000; ++i) input += i % 3 ? "http://a/b|c\n" : "http://host:8o/\n";
  run_result one = run({"validate", "--json"}, input);
  run_result four = run({"validate", "--json", "--jobs", "4"}, input);
  BOOST_TEST(one.status == 1);
  BOOST_TEST(four.status == 1);
  BOOST_TEST(lines(one.out).size() == 2000u);
  BOOST_TEST(one.out == four.out);
  run_result t = run_on_terminal({"validate", "--json", "http://host:8o/"});
  auto l = lines(t.out);
  BOOST_TEST_REQUIRE(l.size() == 1u, t.out);
  BOOST_TEST(str(json_line(l[0]), "input") == "http://host:8o/");
}

// --help names the schemes whose own grammar validate checks, from the
// registry that checks them: every standard one (ws among them), and each
// one it names is checked ("NAME:" alone satisfies no scheme's production,
// while a scheme no registry knows is only a URL-reference).
BOOST_AUTO_TEST_CASE(help_lists_the_schemes_it_checks) {
  for (const char* help : {"--help", "--help-all"}) {
    std::vector<std::string> args{"validate", help};
    if (std::string(help) == "--help-all") args = {help};
    run_result r = run(args);
    BOOST_TEST(r.status == 0);
    std::string text = r.out;
    for (char& c : text)
      if (c == '\n') c = ' ';
    const std::string::size_type at = text.find("Known schemes (");
    BOOST_TEST_REQUIRE(at != std::string::npos, r.out);
    const std::string::size_type end = text.find(')', at);
    std::string list = text.substr(at + 15, end - at - 15);
    BOOST_TEST(list ==
               "ftp, http, https, ws, wss, gopher, mailto, news, nntp, telnet, wais, file, "
               "prospero, data");
    std::vector<std::string> names;
    for (std::string::size_type from = 0; from <= list.size();) {
      std::string::size_type comma = std::min(list.find(", ", from), list.size());
      names.push_back(list.substr(from, comma - from));
      from = comma + 2;
    }
    BOOST_TEST(names.size() == 14u);
    for (const std::string& name : names) {
      run_result v = run({"validate", "--strict", name + ":"});
      BOOST_TEST(v.status == 1, name);
      BOOST_TEST(v.out.rfind(name + ":", 0) == 0, v.out);
    }
  }
  BOOST_TEST(run({"validate", "--strict", "x-unknown:"}).status == 0);
}

BOOST_AUTO_TEST_SUITE_END()
