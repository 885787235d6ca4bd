// urlkit absolutize: an HTML document with every link made absolute, end to
// end; on real HTML (test/data/html, then /usr/share/doc's), each rewritten
// link is what `urlkit resolve` gives for it.  Built without gumbo
// (URLKIT_HTML off), there is no such command, and the suite says so.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../appendix_d.hpp"
#include "../html_documents.hpp"
#include "process.hpp"
#include "sanitizer.hpp"
#include "temp_file.hpp"

using namespace cli_test;
using urlkit_test::appendix_d;

#ifdef URLKIT_HAS_HTML

namespace {

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, from);
  return s.replace(at, from.size(), to);
}

// `s` with its octets above 0x7F written "%HH", as absolutize writes a URL
// back.
std::string non_ascii_escaped(const std::string& s) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      out += c;
    } else {
      out += '%';
      out += hex[b >> 4];
      out += hex[b & 15];
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(absolutize_cli)

BOOST_AUTO_TEST_CASE(appendix_d_example) {
  temp_file f(appendix_d);
  for (const char* outer : {"", "http://elsewhere/"}) {
    std::vector<std::string> args{"absolutize", f.path()};
    if (*outer) args.insert(args.begin() + 1, {"--base", outer});
    run_result r = run(args);
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.err == "");
    BOOST_TEST(r.out == replaced(appendix_d, "\"../x\"", "\"http://www.ics.uci.edu/Test/a/x\""));
  }
}

BOOST_AUTO_TEST_CASE(outer_base_and_quoting) {
  const std::string doc =
      "<html><body background=bg.png>\r\n"
      "<a href=\"a.html\">1</a> <A HREF='b.html'>2</A> <img src=c.png alt=\"c.png\">\r\n"
      "<form action=\"x.cgi?a=1&amp;b=2\"></form></body></html>";
  temp_file f(doc);
  run_result r = run({"absolutize", "--base", "http://h/dir/page.html", f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out ==
             "<html><body background=http://h/dir/bg.png>\r\n"
             "<a href=\"http://h/dir/a.html\">1</a> <A HREF='http://h/dir/b.html'>2</A> "
             "<img src=http://h/dir/c.png alt=\"c.png\">\r\n"
             "<form action=\"http://h/dir/x.cgi?a=1&amp;b=2\"></form></body></html>");
  // --retrieval is the same layer; the headers come before it.
  run_result same = run({"absolutize", "--retrieval", "http://h/dir/page.html", f.path()});
  BOOST_TEST(same.out == r.out);
  run_result cb = run({"absolutize", "--base", "http://elsewhere/", "--content-base",
                       "http://h/dir/\r\n page.html", f.path()});
  BOOST_TEST(cb.out == r.out);
}

BOOST_AUTO_TEST_CASE(relative_base_element) {
  temp_file f("<head><base href=\"../lib/\"></head><a href=x>x</a>");
  run_result r = run({"absolutize", "--base", "http://h/a/b/page.html", f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "<head><base href=\"http://h/a/lib/\"></head><a href=http://h/a/lib/x>x</a>");
  // Without an outer base the BASE cannot be used, and nothing resolves.
  r = run({"absolutize", f.path()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "<head><base href=\"../lib/\"></head><a href=x>x</a>");
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0].rfind(f.path() + ":1:19: warning: base href: ", 0) == 0, err[0]);
  BOOST_TEST(err[0].find("(BASE ignored; offset 0 in the URL)") != std::string::npos, err[0]);
  BOOST_TEST(err[1].rfind(f.path() + ":1:43: warning: a href: ", 0) == 0, err[1]);
}

BOOST_AUTO_TEST_CASE(links_that_do_not_parse_are_warnings) {
  const std::string doc =
      "<p>\n"
      "  <a href=\"http://host:8o/\">port</a>\n"
      "  <img src=\"a b.png\"> <a href=ok>ok</a>\n";
  temp_file f(doc);
  run_result r = run({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == replaced(doc, "href=ok", "href=http://h/ok"));
  const auto err = lines(r.err);
  BOOST_TEST_REQUIRE(err.size() == 2u, r.err);
  BOOST_TEST(err[0] == f.path() +
                           ":2:12: warning: a href: port must be digits (left as it is; offset 13 "
                           "in the URL)");
  BOOST_TEST(err[1].rfind(f.path() + ":3:13: warning: img src: path: space", 0) == 0, err[1]);
  BOOST_TEST(err[1].ends_with("(left as it is; offset 1 in the URL)"), err[1]);
}

BOOST_AUTO_TEST_CASE(same_document_references) {
  temp_file f("<a href=\"#top\">t</a><a href=\"\">here</a>");
  run_result r = run({"absolutize", "--base", "http://a/b/c/d;p?q", f.path()});
  BOOST_TEST(r.out ==
             "<a href=\"http://a/b/c/d;p?q#top\">t</a><a href=\"http://a/b/c/d;p?q\">here</a>");
  r = run({"absolutize", "--keep-same-document", "--base", "http://a/b/c/d;p?q", f.path()});
  BOOST_TEST(r.out == "<a href=\"#top\">t</a><a href=\"\">here</a>");
}

// A FILE that cannot be read, a directory or a missing file, is named, with
// why (not a stream library's message from the catch-all).
BOOST_AUTO_TEST_CASE(unreadable_files_are_named) {
  const temp_file f("<a href=x>x</a>");
  const std::string missing = f.dir() + "/missing.html";
  run_result r = run({"absolutize", "--base", "http://a/", f.dir()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + f.dir() + ": Is a directory\n");
  r = run({"absolutize", "--base", "http://a/", missing});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "urlkit: cannot read " + missing + ": No such file or directory\n");
}

BOOST_AUTO_TEST_CASE(standard_input_and_errors) {
  run_result r = run({"absolutize", "--base", "http://h/", "-"}, "<a href=x>x</a>");
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "<a href=http://h/x>x</a>");
  r = run({"absolutize", "-"}, "<a href=x>x</a>");
  BOOST_TEST(r.err.rfind("<stdin>:1:9: warning: a href: ", 0) == 0, r.err);

  r = run({"absolutize", "/nonexistent/urlkit/doc.html"});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find("cannot read /nonexistent/urlkit/doc.html") != std::string::npos, r.err);

  BOOST_TEST(run({"absolutize"}).status == 2);
  temp_file f("<a href=x>x</a>");
  // A bad base URL is invalid input (1), not a usage error.
  r = run({"absolutize", "--base", "http://host:8o/", f.path()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == "http://host:8o/:13: error: retrieval: port must be digits (bad base URL)\n");
  r = run({"absolutize", "--base", "relative/path", f.path()});
  BOOST_TEST(r.status == 1);
}

// 100,000 nested "<div>" (500 KB): gumbo took more than 24 GB for it (a
// parse error per unclosed element, each with a copy of the stack of open
// elements) and its time grows with the depth for every tag.  It is refused
// at the tag that opens the 513th element (html, body and 511 divs), before
// gumbo reads it, with the document's name and that offset, and nothing on
// stdout.
BOOST_AUTO_TEST_CASE(deep_document_is_refused, *boost::unit_test::timeout(120)) {
  std::string doc;
  for (int i = 0; i < 100000; ++i) doc += "<div>";
  temp_file f(doc);
  const run_result r = run_measured({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == f.path() +
                          ":2550: error: HTML elements nested more than 512 deep here (as "
                          "HTML's parsing nests them): beyond the HTML tools' limit\n");
  BOOST_TEST(r.max_rss_kib < document_rss_bound_kib(doc.size()),
             "peak " << r.max_rss_kib << " KiB");
}

// A document in ISO-8859-1: a link resolved from "caf&eacute;" is written
// "caf%C3%A9" (which its readers read as the writer meant), not the UTF-8
// bytes C3 A9 (which they would show as "cafÃ©"); the rest stays byte for byte.
BOOST_AUTO_TEST_CASE(latin1_document) {
  const std::string doc =
      "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; "
      "charset=iso-8859-1\"></head>\n<body><p>Caf\xE9</p><a href=\"caf&eacute;.html\">1</a> "
      "<a href=\"http://h/caf&eacute;.html\">2</a></body></html>\n";
  temp_file f(doc);
  run_result r = run({"absolutize", "--base", "http://h/d/", f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out == replaced(doc, "\"caf&eacute;.html\"", "\"http://h/d/caf%C3%A9.html\""));
  BOOST_TEST(r.out.find("\xC3") == std::string::npos);
}

// UTF-16 and UTF-32 documents are refused, not passed through: invalid input.
BOOST_AUTO_TEST_CASE(utf16_document_is_refused) {
  const std::string bom("\xFF\xFE<\0a\0 \0h\0r\0e\0f\0=\0x\0>\0", 18);
  temp_file f(bom);
  run_result r = run({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == f.path() +
                          ":0: error: an HTML document in UTF-16 (its byte order mark): the HTML "
                          "tools read and write an ASCII-compatible encoding (UTF-8, ISO-8859-1, "
                          "...) byte for byte; convert the document to UTF-8 first\n");
  temp_file g("<meta charset=utf-32><a href=x>1</a>");
  r = run({"absolutize", "--base", "http://h/", g.path()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find(":14: error: an HTML document in UTF-32 (declared by a META charset)") !=
                 std::string::npos,
             r.err);
}

// Real HTML: for the documents kept in test/data/html (../html_documents.hpp;
// a missing one fails), then the first (in sorted order) under
// /usr/share/doc where the machine has them, without a BASE, every
// double-quoted href or src value that absolutize changed is what `urlkit
// resolve` gives for the original value.
BOOST_AUTO_TEST_CASE(real_documents_agree_with_resolve) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (std::string_view name : urlkit_test::html_documents) {
    const fs::path p = fs::path(URLKIT_TEST_DATA_DIR) / name;
    BOOST_TEST_REQUIRE(fs::is_regular_file(p), p << " not found (test/data/README.md)");
    files.push_back(p);
  }
  const std::size_t kept = files.size();
  std::vector<fs::path> installed;
  std::error_code ec;
  if (fs::is_directory("/usr/share/doc", ec)) {
    for (auto it = fs::recursive_directory_iterator(
             "/usr/share/doc", fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->path().extension() == ".html" && it->is_regular_file(ec))
        installed.push_back(it->path());
  }
  if (installed.empty())
    BOOST_TEST_MESSAGE("no HTML under /usr/share/doc: the repository's documents only");
  std::sort(installed.begin(), installed.end());
  files.insert(files.end(), installed.begin(), installed.end());

  // The double-quoted values of href= and src= in order (any case).
  auto values = [](const std::string& doc) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < doc.size(); ++i) {
      std::size_t n = 0;
      for (const char* name : {"href=\"", "src=\""}) {
        const std::string_view want(name);
        if (i + want.size() <= doc.size() && i > 0 &&
            (doc[i - 1] == ' ' || doc[i - 1] == '\n' || doc[i - 1] == '\t') &&
            std::equal(want.begin(), want.end(), doc.begin() + static_cast<std::ptrdiff_t>(i),
                       [](char w, char c) { return w == (c >= 'A' && c <= 'Z' ? c + 32 : c); }))
          n = want.size();
      }
      if (n == 0) continue;
      const std::size_t end = doc.find('"', i + n);
      if (end == std::string::npos) break;
      out.push_back(doc.substr(i + n, end - i - n));
      i = end;
    }
    return out;
  };

  std::size_t documents = 0, checked = 0;
  std::size_t kept_checked = 0;
  for (std::size_t k = 0; k < files.size(); ++k) {
    const fs::path& p = files[k];
    if (documents == 20) break;
    std::ifstream in(p, std::ios::binary);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string lower = doc;
    for (char& c : lower)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
    if (lower.find("<base") != std::string::npos) continue;
    const std::string base = "http://localhost" + p.string();
    run_result r = run({"absolutize", "--base", base, p.string()});
    BOOST_TEST_REQUIRE(r.status == 0, p << ": " << r.err);
    const auto before = values(doc);
    const auto after = values(r.out);
    if (before.size() != after.size()) continue;  // an unquoted value became quoted
    std::string input, expected;
    for (std::size_t i = 0; i < before.size(); ++i) {
      if (before[i] == after[i] || before[i].find('&') != std::string::npos) continue;
      input += before[i] + "\n";
      expected += after[i] + "\n";
    }
    if (input.empty()) continue;
    ++documents;
    if (k < kept) ++kept_checked;
    run_result resolved = run({"resolve", base}, input);
    BOOST_TEST(resolved.status == 0, p << ": " << resolved.err);
    const auto got = lines(resolved.out);
    const auto want = lines(expected);
    BOOST_TEST_REQUIRE(got.size() == want.size(), p);
    // (Written back, a URL's non-ASCII octets are escaped.)
    for (std::size_t i = 0; i < got.size(); ++i)
      BOOST_TEST(non_ascii_escaped(got[i]) == want[i], p);
    checked += got.size();
  }
  BOOST_TEST_MESSAGE(documents << " documents, " << checked << " rewritten links checked");
  // Each kept document has links that absolutize rewrote and resolve agrees
  // with: it was read and compared, not passed over.
  BOOST_TEST(kept_checked == kept);
}

BOOST_AUTO_TEST_SUITE_END()

#else

// The same suite, so that its CTest test (one per suite) runs either way.
BOOST_AUTO_TEST_SUITE(absolutize_cli)

BOOST_AUTO_TEST_CASE(absolutize_not_built) {
  BOOST_WARN_MESSAGE(false,
                     "absolutize tests skipped: urlkit was configured without gumbo "
                     "(URLKIT_HTML=OFF)");
  BOOST_TEST(run({"absolutize", "-"}, appendix_d).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()

#endif
