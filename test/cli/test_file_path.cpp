// urlkit file-url and file-path: file names to file URLs and back, POSIX and
// (--windows) as RFC 8089 appendix E maps Windows names.
#include <string>

#include <boost/test/unit_test.hpp>

#include "process.hpp"

using namespace cli_test;

BOOST_AUTO_TEST_SUITE(file_path_cli)

BOOST_AUTO_TEST_CASE(posix_names_to_urls_and_back) {
  run_result r = run({"file-url", "/usr/share/doc/a b.html", "/a?b#c%d", "/"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "file:///usr/share/doc/a%20b.html\nfile:///a%3Fb%23c%25d\nfile:///\n");
  BOOST_TEST(r.err == "");
  r = run({"file-path", "file:///usr/share/doc/a%20b.html", "file://localhost/etc/motd"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "/usr/share/doc/a b.html\n/etc/motd\n");
}

BOOST_AUTO_TEST_CASE(windows_names_to_urls_and_back) {
  run_result r =
      run({"file-url", "--windows", "C:\\Program Files\\a#1.txt", "\\\\server\\share\\x", "C:\\"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "file:///C:/Program%20Files/a%231.txt\nfile://server/share/x\nfile:///C:/\n");
  r = run({"file-path", "--windows", "file:///C:/Program%20Files/a%231.txt",
           "file://server/share/x", "file:C:/y", "file:////server/share/z"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out ==
             "C:\\Program Files\\a#1.txt\n\\\\server\\share\\x\nC:\\y\n\\\\server\\share\\z\n");
}

// Without arguments, one input a line from stdin (LF or CRLF), as the other
// commands read them.
BOOST_AUTO_TEST_CASE(inputs_from_stdin) {
  run_result r = run({"file-url"}, "/a b\r\n/c\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "file:///a%20b\nfile:///c\n");
  r = run({"file-path", "--windows"}, "file:///D:/x\nfile://h/s/y\n");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "D:\\x\n\\\\h\\s\\y\n");
}

// A failed input: INPUT:OFFSET: error: MESSAGE on stderr, the others still
// converted, exit 1.
BOOST_AUTO_TEST_CASE(errors_name_the_input_and_offset) {
  run_result r = run({"file-url", "relative/x", "/ok"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "file:///ok\n");
  BOOST_TEST(r.err.rfind("relative/x:0: error: ", 0) == 0u, r.err);
  r = run({"file-url", "--windows", "C:x", "1:\\x", "\\\\server"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 3u, r.err);
  BOOST_TEST(err[0].rfind("C:x:2: error: ", 0) == 0u, err[0]);
  BOOST_TEST(err[1].rfind("1:\\x:0: error: ", 0) == 0u, err[1]);
  BOOST_TEST(err[2].rfind("\\\\server:8: error: ", 0) == 0u, err[2]);
  r = run({"file-path", "--windows", "file:///C:/a%2Fb", "file:///x", "file:///C:/ok"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "C:\\ok\n");
  err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0].rfind("file:///C:/a%2Fb:12: error: ", 0) == 0u, err[0]);
  BOOST_TEST(err[1].rfind("file:///x:8: error: ", 0) == 0u, err[1]);
  // POSIX reads no server: the same URL is another machine's file.
  r = run({"file-path", "file://server/share/x"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind("file://server/share/x:7: error: ", 0) == 0u, r.err);
}

// An echoed URL has its password hidden, the offset moved into the text shown.
BOOST_AUTO_TEST_CASE(passwords_hidden) {
  run_result r = run({"file-path", "file://u:secret@h/x"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.find("secret") == std::string::npos, r.err);
  BOOST_TEST(r.err.rfind("file://u:***@h/x:", 0) == 0u, r.err);
  r = run({"file-path", "--show-password", "file://u:secret@h/x"});
  BOOST_TEST(r.err.rfind("file://u:secret@h/x:", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(usage) {
  BOOST_TEST(run({"file-url", "--bogus"}).status == 2);
  BOOST_TEST(run({"file-path", "--jobs", "2", "file:///x"}).status == 2);
  for (const char* cmd : {"file-url", "file-path"}) {
    run_result r = run({cmd, "--help"});
    BOOST_TEST(r.status == 0, cmd);
    BOOST_TEST(r.out.find("--windows") != std::string::npos, r.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()
