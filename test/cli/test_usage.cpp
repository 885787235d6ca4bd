// The command line itself: help, version, usage errors.
#include <string>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(usage)

BOOST_AUTO_TEST_CASE(help_for_the_tool_and_each_command) {
  run_result top = run({"--help"});
  BOOST_TEST(top.status == 0);
  for (const char* cmd : {"parse", "resolve", "relative", "validate", "file-url", "file-path",
                          "normalize", "equivalent"}) {
    BOOST_TEST(top.out.find(cmd) != std::string::npos, cmd);
    run_result r = run({cmd, "--help"});
    BOOST_TEST(r.status == 0, cmd);
    BOOST_TEST(r.out.find(cmd) != std::string::npos, cmd << ": " << r.out);
    BOOST_TEST(r.out.find("Usage") != std::string::npos, r.out);
  }
}

BOOST_AUTO_TEST_CASE(version) {
  run_result r = run({"--version"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.rfind("urlkit ", 0) == 0, r.out);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_2) {
  BOOST_TEST(run({}).status == 2);
  BOOST_TEST(run({"frobnicate"}).status == 2);
  BOOST_TEST(run({"parse", "--no-such-option"}).status == 2);
  BOOST_TEST(run({"validate", "--bogus", "http://a/"}).status == 2);
  BOOST_TEST(run({"ftp-plan", "ftp://a/b", "extra"}).status == 2);
  run_result r = run({"resolve"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit resolve: BASE is required (or --pairs)\n");
}

BOOST_AUTO_TEST_CASE(double_dash_ends_options) {
  run_result r = run({"validate", "--", "-x"});
  BOOST_TEST(r.status == 0, r.out << r.err);
}

BOOST_AUTO_TEST_SUITE_END()
