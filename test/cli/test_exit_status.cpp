// The exit statuses, one table for every command but equivalent
// (docs/guide.md): 0 success, 1 an invalid or unreadable input (a bad base URL
// included) or a failed write, 2 a malformed command line; equivalent's are
// cmp's.  Each command is run for each status.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "process.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

using args = std::vector<std::string>;

struct exit_case {
  args command;
  std::string input;  // stdin
  int status;
};

void check(const std::vector<exit_case>& cases) {
  for (const exit_case& c : cases) {
    std::string line;
    for (const std::string& a : c.command) line += a + ' ';
    const run_result r = run(c.command, c.input);
    BOOST_TEST(r.status == c.status, line << "exits " << r.status << ": " << r.err);
  }
}

// The table of exit statuses at the end of `urlkit --help`.
std::string table_of(const std::string& help) {
  const auto at = help.find("Exit status");
  return at == std::string::npos ? std::string() : help.substr(at);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exit_status)

BOOST_AUTO_TEST_CASE(url_commands) {
  check({
      {{"parse", "http://a/"}, "", 0},
      {{"parse", "a b"}, "", 1},
      {{"parse", "--bogus"}, "", 2},
      {{"validate", "http://a/"}, "", 0},
      {{"validate", "http://host:8o/"}, "", 1},
      {{"validate", "--json", "http:g"}, "", 1},
      {{"validate", "--jobs", "x"}, "", 2},
      {{"resolve", "http://a/b/c", "g"}, "", 0},
      {{"resolve", "http://a/b/c", "a b"}, "", 1},
      {{"resolve", "--pairs"}, "http://a/\tg\nno tab\n", 1},
      {{"resolve"}, "", 2},
      {{"resolve", "--pairs", "http://a/"}, "", 2},
      {{"relative", "http://a/b/c", "http://a/b/d"}, "", 0},
      {{"relative", "http://a/b/c", "http://host:8o/"}, "", 1},
      {{"relative", "http://a/b/c"}, "http://a/b/d\n", 0},  // the targets from stdin
      {{"relative"}, "", 2},
  });
}

// A bad base is bad input data (1), as a bad reference is: the command line
// is well formed.  Usage (2) is for malformed command lines only.
BOOST_AUTO_TEST_CASE(a_bad_base_is_an_invalid_input) {
  check({
      {{"resolve", "http://host:8o/", "g"}, "", 1},
      {{"resolve", "relative/path", "g"}, "", 1},
      {{"resolve", "--pairs"}, "http://host:8o/\tg\n", 1},
      {{"relative", "g", "http://a/b"}, "", 1},
      {{"base", "--retrieval", "http://host:8o/"}, "", 1},
  });
}

BOOST_AUTO_TEST_CASE(scheme_commands) {
  check({
      {{"ftp-plan", "ftp://h/d/f"}, "", 0},
      {{"ftp-plan", "ftp://h:x/f"}, "", 1},
      {{"ftp-plan"}, "", 2},
      {{"gopher-line", "gopher://h/1x"}, "", 0},
      {{"gopher-line", "gopher://h:x/"}, "", 1},
      {{"gopher-line"}, "", 2},
      {{"data", "data:,x"}, "", 0},
      {{"data", "data:x"}, "", 1},
      {{"data", "--encode", "--type", "not a type"}, "x", 1},
      {{"data"}, "", 2},
      {{"mime", "encode", "http://h/"}, "", 0},
      {{"mime", "encode", "h"}, "", 1},
      {{"mime", "encode"}, "", 2},
      {{"mime", "decode", "\"http://h/\""}, "", 0},
      {{"mime", "decode", "http://h/"}, "", 1},
      {{"mime", "header", "message/external-body; access-type=URL; URL=\"ftp://h/f\""}, "", 0},
      {{"mime", "header", "text/plain"}, "", 1},
      {{"mime"}, "", 2},
  });
}

BOOST_AUTO_TEST_CASE(document_commands) {
  const temp_file f("see <URL:http://a.example/>\n");
  const std::string missing = f.path() + ".missing";
  check({
      {{"extract", f.path()}, "", 0},
      {{"extract"}, "no URL here\n", 0},
      {{"extract", missing}, "", 1},
      {{"extract", "--jobs", "2", missing}, "", 1},
      {{"extract", "--jobs", "x"}, "", 2},
      {{"base", "--retrieval", "http://a/"}, "", 0},
      {{"base"}, "", 0},  // undefined (draft 5.4) is an answer
      {{"base", "--content-base", "relative"}, "", 1},
      {{"base", "--header", "Content-Type: text/html"}, "", 2},
      {{"base", "--bogus"}, "", 2},
  });
#ifdef URLKIT_HAS_HTML
  check({
      {{"absolutize", "--base", "http://a/", "-"}, "<a href=x>x</a>", 0},
      {{"absolutize", "--base", "http://host:8o/", "-"}, "<a href=x>x</a>", 1},
      {{"absolutize", "--base", "relative", "-"}, "<a href=x>x</a>", 1},
      {{"absolutize", "--base", "http://a/", missing}, "", 1},
      {{"absolutize"}, "", 2},
      {{"base", "--html", missing}, "", 1},
  });
#endif
}

BOOST_AUTO_TEST_CASE(idna) {
#ifdef URLKIT_HAS_IDNA
  check({
      {{"idna", "to-ascii", "example.com"}, "", 0},
      {{"idna", "to-ascii", "a_b.example"}, "", 1},
      {{"idna", "to-unicode", "xn--a"}, "", 1},
  });
#else
  // A command this build lacks: usage.
  check({{{"idna", "to-ascii", "example.com"}, "", 2}});
#endif
  check({{{"idna"}, "", 2}, {{"idna", "to-latin1", "x"}, "", 2}});
}

BOOST_AUTO_TEST_CASE(normalize) {
  check({
      {{"normalize", "HTTP://a"}, "", 0},
      {{"normalize"}, "http://a/\n", 0},
      {{"normalize", "http://host:8o/"}, "", 1},
      {{"normalize", "--bogus"}, "", 2},
  });
}

// equivalent compares URLs: cmp's statuses, 0 the same, 1 different, 2 trouble.
BOOST_AUTO_TEST_CASE(equivalent_as_cmp) {
  check({
      {{"equivalent", "HTTP://a", "http://a/"}, "", 0},
      {{"equivalent", "http://a/", "http://b/"}, "", 1},
      {{"equivalent", "http://host:8o/", "http://a/"}, "", 2},
      {{"equivalent", "http://a/"}, "", 2},
      {{"equivalent", "--bogus", "http://a/", "http://a/"}, "", 2},
  });
  const run_result r = run({"equivalent", "--help"});
  BOOST_TEST(r.status == 0);
  const std::string table = table_of(r.out);
  BOOST_TEST(table.rfind("Exit status (as cmp):\n  0  the URLs are equivalent\n  1  they are not\n"
                         "  2  trouble: ",
                         0) == 0u,
             r.out);
  BOOST_TEST(r.out.find("Exit status") == r.out.rfind("Exit status"));
}

BOOST_AUTO_TEST_CASE(file_commands) {
  check({
      {{"file-url", "/a b"}, "", 0},
      {{"file-url"}, "/a\n/b\n", 0},
      {{"file-url", "a"}, "", 1},
      {{"file-url", "--windows", "C:\\x"}, "", 0},
      {{"file-url", "--windows", "/x"}, "", 1},
      {{"file-url", "--bogus"}, "", 2},
      {{"file-path", "file:///x"}, "", 0},
      {{"file-path", "file://h/x"}, "", 1},
      {{"file-path", "--windows", "file://h/s/x"}, "", 0},
      {{"file-path", "--windows", "file:///x"}, "", 1},
      {{"file-path", "--bogus"}, "", 2},
  });
}

// Every command's --help ends with the one table `urlkit --help` has.
BOOST_AUTO_TEST_CASE(one_table_in_every_help) {
  const run_result top = run({"--help"});
  const std::string table = table_of(top.out);
  BOOST_TEST_REQUIRE(!table.empty(), top.out);
  for (const char* status : {"\n  0  ", "\n  1  ", "\n  2  "})
    BOOST_TEST(table.find(status) != std::string::npos, status);
  std::vector<args> commands = {{"parse"},
                                {"resolve"},
                                {"relative"},
                                {"validate"},
                                {"ftp-plan"},
                                {"gopher-line"},
                                {"data"},
                                {"mime"},
                                {"mime", "encode"},
                                {"mime", "decode"},
                                {"mime", "header"},
                                {"extract"},
                                {"base"},
                                {"idna"},
                                {"idna", "to-ascii"},
                                {"idna", "to-unicode"},
                                {"file-url"},
                                {"file-path"},
                                {"normalize"}};
#ifdef URLKIT_HAS_HTML
  commands.push_back({"absolutize"});
#endif
  for (args a : commands) {
    const std::string name = a.size() == 1 ? a[0] : a[0] + ' ' + a[1];
    a.push_back("--help");
    const run_result r = run(a);
    BOOST_TEST(r.status == 0, name);
    BOOST_TEST(table_of(r.out) == table, name << ":\n" << r.out);
    // No second, older statement of the statuses.
    BOOST_TEST(r.out.find("Exit status") == r.out.rfind("Exit status"), name);
  }
}

BOOST_AUTO_TEST_SUITE_END()
