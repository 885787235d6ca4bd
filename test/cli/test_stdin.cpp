// Batch mode: URLs read from stdin, one per line.
#include <string>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(stdin_batches)

BOOST_AUTO_TEST_CASE(lf_and_crlf_read_alike) {
  run_result lf = run({"parse"}, "http://a/b?\nhttp://a/b\n");
  run_result crlf = run({"parse"}, "http://a/b?\r\nhttp://a/b\r\n");
  BOOST_TEST(lf.status == 0);
  BOOST_TEST(crlf.status == 0);
  BOOST_TEST(lf.out == crlf.out);
  auto l = lines(crlf.out);
  BOOST_TEST_REQUIRE(l.size() == 2u);
  BOOST_TEST(str(json_line(l[0]), "input") == "http://a/b?");
  BOOST_TEST(str(json_line(l[0]), "query") == "");
  BOOST_TEST(is_null(json_line(l[1]), "query"));
}

BOOST_AUTO_TEST_CASE(only_one_cr_is_stripped) {
  // "\r\r\n": the first CR belongs to the line (and makes it invalid).
  run_result r = run({"parse"}, "http://a/\r\r\n");
  BOOST_TEST(r.status == 1);
  auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "input") == "http://a/\r");
}

BOOST_AUTO_TEST_CASE(last_line_without_lf_and_empty_lines) {
  run_result r = run({"parse"}, "g\n\nh");
  BOOST_TEST(r.status == 0);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u);
  BOOST_TEST(str(json_line(l[0]), "input") == "g");
  BOOST_TEST(str(json_line(l[1]), "input") == "");
  BOOST_TEST(str(json_line(l[2]), "input") == "h");
}

BOOST_AUTO_TEST_CASE(empty_input) {
  run_result r = run({"parse"}, "");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
}

BOOST_AUTO_TEST_CASE(hundred_thousand_lines) {
  std::string in;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    in += "http://host";
    in += std::to_string(i);
    in += ".example/p?";
    in += (i % 1000 == 999) ? "q r\n" : "q\n";  // every 1000th is invalid (a space)
  }
  run_result r = run({"parse"}, in);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "");
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == static_cast<std::size_t>(n));
  int failed = 0;
  for (int i = 0; i < n; i += 1) {
    if (i % 997 != 0 && i % 1000 != 999) continue;  // spot checks keep the test fast
    auto o = json_line(l[static_cast<std::size_t>(i)]);
    BOOST_TEST(str(o, "host") ==
               (o.at("ok").as_bool() ? "host" + std::to_string(i) + ".example" : "<missing>"));
    if (!o.at("ok").as_bool()) ++failed;
  }
  BOOST_TEST(failed == n / 1000);

  run_result v = run({"validate"}, in);
  BOOST_TEST(v.status == 1);
  BOOST_TEST(lines(v.out).size() == static_cast<std::size_t>(n / 1000));
}

BOOST_AUTO_TEST_CASE(ten_megabyte_line) {
  std::string path(10 * 1024 * 1024, 'a');
  std::string url = "http://host/" + path + "?q";
  run_result r = run({"parse"}, "g\n" + url + "\nh\n");
  BOOST_TEST(r.status == 0);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u);
  auto o = json_line(l[1]);
  BOOST_TEST(str(o, "input").size() == url.size());
  BOOST_TEST((str(o, "path") == path));
  BOOST_TEST(str(o, "query") == "q");
  BOOST_TEST(str(json_line(l[2]), "input") == "h");

  run_result res = run({"resolve", "http://a/b/c"}, "x" + path + "\n");
  BOOST_TEST(res.status == 0);
  BOOST_TEST((res.out == "http://a/b/x" + path + "\n"));
}

BOOST_AUTO_TEST_CASE(invalid_utf8_and_nul_give_valid_json) {
  const std::string inputs[] = {
      std::string("http://a/\xff\xfe", 11),          // bytes that never occur in UTF-8
      std::string("http://a/\xc3", 10),              // truncated sequence at the end
      std::string("http://a/\xc0\xaf", 11),          // overlong "/"
      std::string("http://a/\xed\xa0\x80", 12),      // a surrogate
      std::string("http://a/\xe2\x82", 11),          // truncated 3-byte sequence
      std::string("http://a/\0b", 11),               // NUL
      std::string("http://a/\x01\x1f\x7f", 12),      // controls
      std::string("http://a/caf\xc3\xa9", 14),       // valid UTF-8: passes through
      std::string("http://a/\xf0\x9f\x98\x80", 13),  // valid 4-byte sequence
      std::string("\xff:\xff//\xff", 6),             // everywhere
  };
  std::string in;
  for (const auto& s : inputs) in += s + "\n";
  run_result r = run({"parse"}, in);
  BOOST_TEST(r.status == 1);  // NUL and controls are errors
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == std::size(inputs));
  for (const auto& line : l) json_line(line);  // each one parses as JSON

  // Invalid bytes are written as %XX, one escape per byte, in an object
  // that says so; each comes back exactly.
  BOOST_TEST(l[0].find("%FF%FE") != std::string::npos, l[0]);
  BOOST_TEST(l[2].find("%C0%AF") != std::string::npos, l[2]);
  BOOST_TEST(l[3].find("%ED%A0%80") != std::string::npos, l[3]);
  for (std::size_t i : {0u, 1u, 2u, 3u, 4u, 9u}) {
    const auto o = json_line(l[i]);
    BOOST_TEST(o.at("percent_escaped").as_bool());
    BOOST_TEST(bytes_of(o, "input") == inputs[i]);
  }
  // NUL and controls are escaped and come back exactly.
  BOOST_TEST(str(json_line(l[5]), "input") == inputs[5]);
  BOOST_TEST(str(json_line(l[6]), "input") == inputs[6]);
  // Valid UTF-8 comes back exactly, unescaped.
  BOOST_TEST(str(json_line(l[7]), "input") == inputs[7]);
  BOOST_TEST(l[7].find("caf\xc3\xa9") != std::string::npos);
  BOOST_TEST(str(json_line(l[8]), "input") == inputs[8]);
}

BOOST_AUTO_TEST_CASE(nul_in_validate_and_resolve_does_not_stop_the_run) {
  std::string in = std::string("a\0b\n", 4) + "g\n";
  run_result v = run({"validate"}, in);
  BOOST_TEST(v.status == 1);
  BOOST_TEST(lines(v.out).size() == 1u);

  run_result r = run({"resolve", "http://a/b/c/d;p?q"}, in);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "http://a/b/c/g\n");
  BOOST_TEST(lines(r.err).size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
