// urlkit base: the base URL of a document (draft section 5), end to end.
// Built without urlkit::html (URLKIT_HTML off), `base --html` is not there:
// the parts that use it are left out, and a case says so.
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../appendix_d.hpp"
#include "process.hpp"
#include "sanitizer.hpp"
#include "temp_file.hpp"

using namespace cli_test;
using urlkit_test::appendix_d;

BOOST_AUTO_TEST_SUITE(base_cli)

// --spec 3986: a relative layer resolves by RFC 3986 5.2.
BOOST_AUTO_TEST_CASE(spec) {
  const std::vector<std::string> layers = {"--retrieval", "http://a/b/c/d;p?q",
                                           "--content-location", "../../../g"};
  std::vector<std::string> args = {"base"};
  args.insert(args.end(), layers.begin(), layers.end());
  BOOST_TEST(run(args).out == "http://a/../g\n");
  args.insert(args.end(), {"--spec", "3986"});
  BOOST_TEST(run(args).out == "http://a/g\n");
}

BOOST_AUTO_TEST_CASE(each_layer) {
  run_result r = run({"base", "--content-base", "http://www.ics.uci.edu/Test/a/b/c"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://www.ics.uci.edu/Test/a/b/c\n");
  BOOST_TEST(r.err == "Content-Base (draft 5.1)\n");

  r = run({"base", "--content-location", "http://l/x"});
  BOOST_TEST(r.out == "http://l/x\n");
  BOOST_TEST(r.err == "Content-Location (draft 5.1)\n");

  r = run({"base", "--encapsulating", "http://en/x"});
  BOOST_TEST(r.out == "http://en/x\n");
  BOOST_TEST(r.err == "encapsulating (draft 5.2)\n");

  r = run({"base", "--retrieval", "http://r/x"});
  BOOST_TEST(r.out == "http://r/x\n");
  BOOST_TEST(r.err == "retrieval (draft 5.3)\n");

  r = run({"base", "--embedded", "http://e/x"});
  BOOST_TEST(r.out == "http://e/x\n");
  BOOST_TEST(r.err == "embedded (draft 5.1)\n");
}

BOOST_AUTO_TEST_CASE(precedence) {
  const std::vector<std::string> all{
      "base",       "--content-base",  "http://cb/", "--content-location",
      "http://cl/", "--encapsulating", "http://en/", "--retrieval",
      "http://r/"};
  run_result r = run(all);
  BOOST_TEST(r.out == "http://cb/\n");
  BOOST_TEST(r.err == "Content-Base (draft 5.1)\n");
  std::vector<std::string> no_cb = all;
  no_cb.erase(no_cb.begin() + 1, no_cb.begin() + 3);
  r = run(no_cb);
  BOOST_TEST(r.out == "http://cl/\n");
  std::vector<std::string> outer_only{"base", "--encapsulating", "http://en/", "--retrieval",
                                      "http://r/"};
  r = run(outer_only);
  BOOST_TEST(r.out == "http://en/\n");
#ifdef URLKIT_HAS_HTML
  // The HTML's BASE is innermost.
  temp_file html(appendix_d);
  std::vector<std::string> with_html = all;
  with_html.insert(with_html.end(), {"--html", html.path()});
  r = run(with_html);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://www.ics.uci.edu/Test/a/b/c\n");
  BOOST_TEST(r.err == "embedded (draft 5.1)\n");
#endif
}

BOOST_AUTO_TEST_CASE(undefined_prints_nothing) {
  run_result r = run({"base"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "undefined (draft 5.4)\n");
#ifdef URLKIT_HAS_HTML
  temp_file html("<p>no base here</p>");
  r = run({"base", "--html", html.path()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "undefined (draft 5.4)\n");
#endif
}

BOOST_AUTO_TEST_CASE(header_names_in_any_case_and_folded_values) {
  run_result r = run({"base", "--header", "CONTENT-BASE: http://www.ics.uci.edu/\r\n Test/a/b/c",
                      "--header", "content-location: http://other/"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://www.ics.uci.edu/Test/a/b/c\n");
  BOOST_TEST(r.err == "Content-Base (draft 5.1)\n");
  r = run({"base", "--content-location", "\thttp://a/b\r\n  /c \r\n\t/d"});
  BOOST_TEST(r.out == "http://a/b/c/d\n");
  r = run({"base", "--header", "Content-Type: text/html"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err ==
             "urlkit: --header: 'Content-Type: text/html' is not a Content-Base or "
             "Content-Location field\n");
}

BOOST_AUTO_TEST_CASE(relative_values) {
  run_result r = run({"base", "--content-location", "../g", "--retrieval", "http://a/b/c/d;p?q"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://a/b/g\n");
  BOOST_TEST(r.err == "Content-Location (draft 5.1), resolved against retrieval (draft 5.3)\n");
  r = run({"base", "--content-location", "../g", "--encapsulating", "http://en/x/y", "--retrieval",
           "http://a/b/c/d"});
  BOOST_TEST(r.out == "http://en/g\n");
#ifdef URLKIT_HAS_HTML
  // A relative BASE href is resolved against the headers' base.
  temp_file html("<base href=\"../lib/\"><a href=x>x</a>");
  r = run({"base", "--html", html.path(), "--content-base", "http://h/a/b/c"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://h/a/lib/\n");
  BOOST_TEST(r.err == "embedded (draft 5.1), resolved against Content-Base (draft 5.1)\n");
  // With nothing to resolve it against, it is passed over.
  r = run({"base", "--html", html.path()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0].rfind(html.path() + ":1:13: warning: base href: ", 0) == 0, err[0]);
  BOOST_TEST(err[1] == "undefined (draft 5.4)");
#endif
  // Relative Content-Location without an outer base: an error naming it.
  r = run({"base", "--content-location", "../g"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.rfind("../g:0: error: Content-Location: ", 0) == 0, r.err);
}

#ifdef URLKIT_HAS_HTML
// A BASE href whose value HTML's decoding reads with a byte it replaced (here
// a byte that is not UTF-8 next to "&amp;") is not the URL the document
// wrote: like absolutize, `base --html` passes it over, with a warning.  It
// once took that reading, with U+FFFD, as the base.
BOOST_AUTO_TEST_CASE(base_href_with_a_replaced_byte_is_passed_over) {
  temp_file html("<base href=\"http://h/\xE9&amp;/\"><a href=x>x</a>");
  run_result r = run({"base", "--html", html.path(), "--retrieval", "http://r/d"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://r/d\n");
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0].rfind(html.path() + ":1:13: warning: base href: ", 0) == 0, err[0]);
  BOOST_TEST(err[0].find("(ignored)") != std::string::npos, err[0]);
  BOOST_TEST(err[1] == "retrieval (draft 5.3)");
}
#endif

BOOST_AUTO_TEST_CASE(errors_name_the_header) {
  run_result r = run({"base", "--content-base", "http://host:8o/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "http://host:8o/:13: error: Content-Base: port must be digits\n");
  r = run({"base", "--content-base", "relative/path"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind("relative/path:0: error: Content-Base: ", 0) == 0, r.err);
  r = run({"base", "--retrieval", "nope"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind("nope:0: error: retrieval: ", 0) == 0, r.err);
}

// Draft 5 is an order of precedence: a malformed layer that does not win is
// a warning, and the command succeeds with the base of the layer that does.
BOOST_AUTO_TEST_CASE(layers_that_do_not_win_are_warnings) {
  run_result r = run({"base", "--content-base", "http://a/", "--retrieval", "http://h:x/",
                      "--content-location", "http://a<b/"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "http://a/\n");
  BOOST_TEST(r.err ==
             "http://a<b/:8: warning: Content-Location: host: '<' is not allowed in a host, "
             "escaped or not (not used: Content-Base gives the base)\n"
             "http://h:x/:9: warning: retrieval: port must be digits (not used: Content-Base "
             "gives the base)\n"
             "Content-Base (draft 5.1)\n");
  // The winner itself must be usable.
  r = run({"base", "--content-base", "http://h:x/", "--retrieval", "http://a/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.rfind("http://h:x/:9: error: Content-Base: ", 0) == 0, r.err);
}

#ifdef URLKIT_HAS_HTML
// A --html FILE that cannot be read, a directory or a missing file, is named,
// with why.
BOOST_AUTO_TEST_CASE(unreadable_files_are_named) {
  const temp_file f("<base href=http://a/>");
  const std::string missing = f.dir() + "/missing.html";
  run_result r = run({"base", "--html", f.dir()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + f.dir() + ": Is a directory\n");
  r = run({"base", "--html", missing});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + missing + ": No such file or directory\n");
}

// 100,000 nested "<div>" (500 KB), which the gumbo-based engine took more
// than 24 GB for and then refused past 512 elements deep: the BASE after them
// is found, in a few MB.
BOOST_AUTO_TEST_CASE(deep_html_finds_its_base, *boost::unit_test::timeout(120)) {
  std::string doc;
  for (int i = 0; i < 100000; ++i) doc += "<div>";
  doc += "<base href=\"http://h/\">";
  temp_file html(doc);
  const run_result r = run_measured({"base", "--html", html.path(), "--retrieval", "http://r/"});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://h/\n");
  BOOST_TEST(r.err == "embedded (draft 5.1)\n");
  BOOST_TEST(r.max_rss_kib < sanitized_kib(16.0 * mib), "peak " << r.max_rss_kib << " KiB");
}

// A start tag longer than html::max_tag_size (64 MiB), here an unclosed
// quote that runs to the end: invalid input, named with the offset of its
// "<", exit status 1, as absolutize fails it.
BOOST_AUTO_TEST_CASE(tag_too_large, *boost::unit_test::timeout(120)) {
  temp_file html("<p>x</p>\n<a href=\"" + std::string((std::size_t{64} << 20) + 1, 'x'));
  const run_result r = run({"base", "--html", html.path(), "--retrieval", "http://r/"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == html.path() +
                          ":9: error: an HTML start tag longer than 67108864 bytes: the HTML "
                          "tools hold a start tag whole (docs/html.md, \"Limits\")\n");
}

BOOST_AUTO_TEST_CASE(html_file_problems) {
  run_result r = run({"base", "--html", "/nonexistent/urlkit/doc.html"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find("cannot read /nonexistent/urlkit/doc.html") != std::string::npos, r.err);
  // From standard input.
  r = run({"base", "--html", "-"}, appendix_d);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "http://www.ics.uci.edu/Test/a/b/c\n");
  BOOST_TEST(run({"base", "--bogus"}).status == 2);
}
#else
BOOST_AUTO_TEST_CASE(html_not_built) {
  BOOST_WARN_MESSAGE(false,
                     "base --html tests skipped: urlkit was configured without urlkit::html "
                     "(URLKIT_HTML=OFF)");
  BOOST_TEST(run({"base", "--html", "-"}, appendix_d).status == 2);
}
#endif

BOOST_AUTO_TEST_SUITE_END()
