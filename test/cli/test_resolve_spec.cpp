// urlkit resolve --spec, urlkit relative --spec and urlkit resolve --compare:
// RFC 3986 5.2 beside the draft's section 6 (RFC 1808's algorithm).
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include "../appendix_c.hpp"
#include "json_check.hpp"
#include "process.hpp"

using namespace cli_test;

namespace {

const std::string base(appendix_c::base);

// test/data/rfc3986/resolution-examples.json: RFC 3986 5.4.1 and 5.4.2, as
// (reference, expected) pairs, normal then abnormal.
std::vector<std::pair<std::string, std::string>> rfc3986_examples(std::string* base_out) {
  std::ifstream in(URLKIT_TEST_DATA_DIR "/rfc3986/resolution-examples.json", std::ios::binary);
  BOOST_TEST_REQUIRE(static_cast<bool>(in));
  std::stringstream text;
  text << in.rdbuf();
  const boost::json::object doc = boost::json::parse(text.str()).as_object();
  *base_out = std::string(doc.at("base").as_string());
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* part : {"normal", "abnormal"})
    for (const auto& row : doc.at(part).as_array())
      out.emplace_back(std::string(row.as_array().at(0).as_string()),
                       std::string(row.as_array().at(1).as_string()));
  BOOST_TEST_REQUIRE(out.size() >= 40u);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(resolve_spec)

BOOST_AUTO_TEST_CASE(rfc3986_examples_through_stdin) {
  std::string b;
  const auto examples = rfc3986_examples(&b);
  std::string in, expected;
  for (const auto& [ref, want] : examples) {
    in += ref + "\n";
    expected += want + "\n";
  }
  for (const char* spec : {"3986", "rfc3986", "RFC3986"}) {
    run_result r = run({"resolve", "--spec", spec, b}, in);
    BOOST_TEST(r.status == 0, spec);
    BOOST_TEST(r.err == "");
    BOOST_TEST(r.out == expected, spec);
  }
  // The same on threads, in input order.
  run_result r = run({"resolve", "--spec", "3986", "--jobs", "3", b}, in);
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == expected);
}

BOOST_AUTO_TEST_CASE(the_default_is_rfc1808) {
  std::string in, expected;
  for (const auto& [ref, want] : appendix_c::examples) {
    in += std::string(ref) + "\n";
    expected += std::string(want) + "\n";
  }
  BOOST_TEST(run({"resolve", base}, in).out == expected);
  BOOST_TEST(run({"resolve", "--spec", "1808", base}, in).out == expected);
  BOOST_TEST(run({"resolve", "--spec", "rfc1808", base}, in).out == expected);
}

BOOST_AUTO_TEST_CASE(where_the_two_differ) {
  const std::vector<std::string> refs = {"../../../g", "/./g", "?", "g;x=1/../y"};
  run_result a = run({"resolve", base, refs[0], refs[1], refs[2], refs[3]});
  run_result b = run({"resolve", "--spec", "3986", base, refs[0], refs[1], refs[2], refs[3]});
  // ";x=1/../y" is params to the draft (2.1), part of the path to RFC 3986 (3.3).
  BOOST_TEST(a.out == "http://a/../g\nhttp://a/./g\nhttp://a/b/c/d;p?q\nhttp://a/b/c/g;x=1/../y\n");
  BOOST_TEST(b.out == "http://a/g\nhttp://a/g\nhttp://a/b/c/d;p?\nhttp://a/b/c/y\n");
  // An opaque base: refused by the draft (4.2), used by RFC 3986 (5.2.1).
  run_result refused = run({"resolve", "mailto:a@b", "g"});
  BOOST_TEST(refused.status == 1);
  BOOST_TEST(refused.err.find("base URL is opaque") != std::string::npos, refused.err);
  run_result used = run({"resolve", "--spec", "3986", "mailto:a@b", "g"});
  BOOST_TEST(used.status == 0);
  BOOST_TEST(used.out == "mailto:g\n");
}

BOOST_AUTO_TEST_CASE(a_bad_spec_is_a_usage_error) {
  for (const char* bad : {"2396", "", "whatwg"}) {
    run_result r = run({"resolve", "--spec", bad, base, "g"});
    BOOST_TEST(r.status == 2, bad);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err != "");
  }
  BOOST_TEST(run({"relative", "--spec", "2396", base, "http://a/"}).status == 2);
  // --compare resolves by both: a --spec beside it is a contradiction.
  BOOST_TEST(run({"resolve", "--compare", "--spec", "3986", base, "g"}).status == 2);
}

BOOST_AUTO_TEST_CASE(relative_under_each_resolves_back) {
  std::string b;
  const auto examples = rfc3986_examples(&b);
  for (const char* spec : {"1808", "3986"}) {
    std::string targets;
    for (const auto& e : examples) targets += e.second + "\n";
    run_result rel = run({"relative", "--spec", spec, b}, targets);
    BOOST_TEST_REQUIRE(rel.status == 0, spec << ": " << rel.err);
    const auto refs = lines(rel.out);
    BOOST_TEST_REQUIRE(refs.size() == examples.size());
    std::string in;
    for (const auto& ref : refs) in += ref + "\n";
    run_result back = run({"resolve", "--spec", spec, b}, in);
    run_result goal = run({"resolve", "--spec", spec, b}, targets);
    BOOST_TEST(back.out == goal.out, spec);
    // The same on threads.
    BOOST_TEST(run({"relative", "--spec", spec, "--jobs", "2", b}, targets).out == rel.out);
  }
  BOOST_TEST(run({"relative", base, "http://a/b/c/d;p?"}).out == ";p?\n");
  BOOST_TEST(run({"relative", "--spec", "3986", base, "http://a/b/c/d;p?"}).out == "?\n");
}

BOOST_AUTO_TEST_CASE(compare_writes_one_object_a_reference) {
  run_result r = run({"resolve", "--compare", base, "g", "../../../g", "?"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  const auto got = lines(r.out);
  BOOST_TEST_REQUIRE(got.size() == 3u);
  BOOST_TEST(got[0] == R"({"base":"http://a/b/c/d;p?q","reference":"g","rfc1808":"http://a/b/c/g",)"
                       R"("rfc3986":"http://a/b/c/g","differ":false})");
  const boost::json::object o = json_line(got[1]);
  BOOST_TEST(
      (keys(o) == std::vector<std::string>{"base", "reference", "rfc1808", "rfc3986", "differ"}));
  BOOST_TEST(str(o, "rfc1808") == "http://a/../g");
  BOOST_TEST(str(o, "rfc3986") == "http://a/g");
  BOOST_TEST(o.at("differ").as_bool());
  BOOST_TEST(json_line(got[2]).at("differ").as_bool());
}

BOOST_AUTO_TEST_CASE(compare_gives_an_error_object_where_one_fails) {
  // mailto: is opaque to the draft (4.2), not to RFC 3986 (5.2.1).
  run_result r = run({"resolve", "--compare", "mailto:a@b", "g"});
  const boost::json::object o = json_line(lines(r.out).at(0));
  BOOST_TEST(o.at("rfc1808").is_object());
  const boost::json::object& e = o.at("rfc1808").as_object();
  BOOST_TEST((keys(e) == std::vector<std::string>{"code", "offset", "shown_offset", "message"}));
  BOOST_TEST(str(e, "code") == "base_not_generic");
  BOOST_TEST(str(o, "rfc3986") == "mailto:g");
  BOOST_TEST(o.at("differ").as_bool());
  // A reference that does not parse fails both the same way: no difference.
  r = run({"resolve", "--compare", base, "http://h:8o/"});
  const boost::json::object bad = json_line(lines(r.out).at(0));
  BOOST_TEST(str(bad.at("rfc1808").as_object(), "code") == "bad_port");
  BOOST_TEST(bad.at("rfc1808").as_object().at("offset").as_int64() == 10);
  BOOST_TEST(str(bad.at("rfc3986").as_object(), "code") == "bad_port");
  BOOST_TEST(!bad.at("differ").as_bool());
}

BOOST_AUTO_TEST_CASE(compare_with_pairs_and_jobs) {
  std::string in;
  for (const auto& [ref, want] : appendix_c::examples) in += base + "\t" + std::string(ref) + "\n";
  in += "mailto:a@b\tg\n";
  in += "http://h:8o/\tg\n";  // a bad base fails its own line only
  run_result one = run({"resolve", "--compare", "--pairs"}, in);
  const auto got = lines(one.out);
  BOOST_TEST_REQUIRE(got.size() == std::size(appendix_c::examples) + 2);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < std::size(appendix_c::examples); ++i) {
    const boost::json::object o = json_line(got[i]);
    BOOST_TEST(str(o, "reference") == appendix_c::examples[i].reference);
    BOOST_TEST(str(o, "rfc1808") == appendix_c::examples[i].expected);
    differ += o.at("differ").as_bool() ? 1 : 0;
  }
  BOOST_TEST(differ > 0u);  // C.2's ".." above the root, "/./g", ...
  const boost::json::object bad_base = json_line(got.back());
  BOOST_TEST(str(bad_base.at("rfc1808").as_object(), "code") == "bad_port");
  BOOST_TEST(str(bad_base.at("rfc3986").as_object(), "code") == "bad_port");
  for (const char* jobs : {"2", "4"}) {
    run_result many = run({"resolve", "--compare", "--pairs", "--jobs", jobs}, in);
    BOOST_TEST((many.out == one.out), "--jobs " << jobs);
    BOOST_TEST(many.status == one.status);
  }
  // One base, references from stdin on threads.
  std::string refs;
  for (const auto& [ref, want] : appendix_c::examples) refs += std::string(ref) + "\n";
  run_result serial = run({"resolve", "--compare", base}, refs);
  BOOST_TEST(run({"resolve", "--compare", "--jobs", "3", base}, refs).out == serial.out);
  BOOST_TEST(lines(serial.out).size() == std::size(appendix_c::examples));
}

BOOST_AUTO_TEST_CASE(compare_hides_passwords_it_echoes) {
  run_result r = run({"resolve", "--compare", "http://u:s3cr3tPw9z@h/a/b", "http://v:0th3rPw@k/"});
  BOOST_TEST(r.out.find("s3cr3tPw9z") == std::string::npos, r.out);
  const boost::json::object o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "base") == "http://u:***@h/a/b");
  BOOST_TEST(str(o, "reference") == "http://v:***@k/");
  // The results are what was asked for, as resolve writes them.
  BOOST_TEST(str(o, "rfc1808") == "http://v:0th3rPw@k/");
}

BOOST_AUTO_TEST_CASE(help_names_the_options) {
  const std::string help = run({"resolve", "--help"}).out;
  BOOST_TEST(help.find("--spec") != std::string::npos);
  BOOST_TEST(help.find("--compare") != std::string::npos);
  BOOST_TEST(help.find("RFC 3986") != std::string::npos);
  BOOST_TEST(run({"relative", "--help"}).out.find("--spec") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
