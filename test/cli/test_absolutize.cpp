// urlkit absolutize: an HTML document with every link made absolute, end to
// end; on real HTML (test/data/html, then /usr/share/doc's), each rewritten
// link is what `urlkit resolve` gives for it; a file and a pipe give the
// same bytes; and memory stays bounded however long or deep the document is
// (the absolutize_memory suite).  Built without urlkit::html (URLKIT_HTML
// off), there is no such command, and the suites say so.
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

// --spec 3986 resolves by RFC 3986 5.2; --compare writes no document, only
// the links the two specifications resolve differently, a JSON object each.
BOOST_AUTO_TEST_CASE(spec_and_compare) {
  const std::string doc =
      "<base href=\"../x/\"><a href=\"../../../g\">a</a>\n<a href=g>b</a><img src=\"/./i\">";
  temp_file f(doc);
  const std::string base = "http://a/b/c/d;p?q";
  run_result r = run({"absolutize", "--spec", "3986", "--base", base, f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out ==
             "<base href=\"http://a/b/x/\"><a href=\"http://a/g\">a</a>\n<a "
             "href=http://a/b/x/g>b</a><img src=\"http://a/i\">");
  r = run({"absolutize", "--base", base, f.path()});
  BOOST_TEST(r.out.find("\"http://a/../g\"") != std::string::npos, r.out);
  r = run({"absolutize", "--compare", "--base", base, f.path(), f.path()});
  BOOST_TEST(r.status == 0, r.err);
  const auto out = lines(r.out);
  BOOST_TEST_REQUIRE(out.size() == 4u, r.out);
  BOOST_TEST(out[0] == "{\"file\":\"" + f.path() +
                           "\",\"line\":1,\"column\":29,\"element\":\"a\",\"attribute\":"
                           "\"href\",\"reference\":\"../../../g\",\"rfc1808\":\"http://a/../"
                           "g\",\"rfc3986\":\"http://a/g\"}");
  BOOST_TEST(out[1].find("\"line\":2,\"column\":26,\"element\":\"img\"") != std::string::npos,
             out[1]);
  BOOST_TEST(out[2] == out[0]);
  // A pipe, as a file.
  r = run({"absolutize", "--compare", "--base", base, "-"}, doc);
  BOOST_TEST(lines(r.out).size() == 2u, r.out);
  // --compare chooses both: not with --spec, and it writes no document.
  BOOST_TEST(run({"absolutize", "--compare", "--spec", "3986", f.path()}).status == 2);
  BOOST_TEST(run({"absolutize", "--compare", "--output-dir", "o", f.path()}).status == 2);
  BOOST_TEST(run({"absolutize", "--spec", "2396", f.path()}).status == 2);
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

// 100,000 nested "<div>" (500 KB), which the gumbo-based engine took more
// than 24 GB for and then refused past 512 elements deep, is read as any
// other 500 KB: the link after the divs is rewritten, in a few MB.
BOOST_AUTO_TEST_CASE(deep_document_is_absolutized, *boost::unit_test::timeout(120)) {
  std::string doc;
  for (int i = 0; i < 100000; ++i) doc += "<div>";
  const std::string divs = doc;
  doc += "<a href=\"x.html\">x</a>";
  temp_file f(doc);
  const run_result r = run_measured({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST((r.out == divs + "<a href=\"http://h/x.html\">x</a>"));
  BOOST_TEST(r.max_rss_kib < sanitized_kib(16.0 * mib), "peak " << r.max_rss_kib << " KiB");
}

// A file is read twice (up to its BASE, then through, written as it is
// read); a pipe once, held until its BASE is found, in memory up to 4 MiB
// (html::absolutizer::hold_in_memory), then in a temporary file.  Either way
// the output is the same bytes, and so are the warnings: for a BASE after
// the links it applies to, and for a document past 4 MiB without a BASE and
// with one at its very end.
// A pipe without a BASE is held, past 4 MiB in a temporary file in TMPDIR:
// one that cannot be made fails the run (status 1, the error on stderr),
// not a silent success.
BOOST_AUTO_TEST_CASE(a_temporary_file_that_cannot_be_made, *boost::unit_test::timeout(120)) {
  std::string doc;
  while (doc.size() <= (std::size_t{5} << 20)) doc += "<p><a href=x>y</a></p>\n";
  const char* old = std::getenv("TMPDIR");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("TMPDIR", "/nonexistent-directory-of-urlkit", 1);
  const run_result r = run({"absolutize", "--base", "http://h/", "-"}, doc);
  if (old != nullptr)
    ::setenv("TMPDIR", saved.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.find("error: the temporary file that holds the document until its BASE is "
                        "known could not be made") != std::string::npos,
             r.err);
}

BOOST_AUTO_TEST_CASE(file_and_pipe_agree, *boost::unit_test::timeout(120)) {
  auto both = [](const std::string& doc) {
    temp_file f(doc);
    const run_result file = run({"absolutize", "--base", "http://h/", f.path()});
    const run_result pipe = run({"absolutize", "--base", "http://h/", "-"}, doc);
    BOOST_TEST(file.status == 0, file.err);
    BOOST_TEST(pipe.status == 0, pipe.err);
    BOOST_TEST((file.out == pipe.out));
    std::string err = file.err;
    for (std::size_t at = 0; (at = err.find(f.path(), at)) != std::string::npos;)
      err.replace(at, f.path().size(), "<stdin>");
    BOOST_TEST(err == pipe.err);
    return file;
  };

  run_result r = both(
      "<a href=x>1</a> <img src=\"y.png\" srcset=\"y.png 1x, y2.png 2x\"> <a "
      "href=\"http://host:8o/\">bad</a>\n<base href=\"http://b/dir/\">\n<a href='../z'>z</a>");
  BOOST_TEST(r.out ==
             "<a href=http://b/dir/x>1</a> <img src=\"http://b/dir/y.png\" srcset=\"http://b/dir/"
             "y.png 1x, http://b/dir/y2.png 2x\"> <a href=\"http://host:8o/\">bad</a>\n<base "
             "href=\"http://b/dir/\">\n<a href='http://b/z'>z</a>");
  BOOST_TEST(r.err.find(":1:73: warning: a href: port must be digits") != std::string::npos, r.err);

  // A real document repeated past 4 MiB: the pipe's input goes to the
  // temporary file.
  const std::string name = "html/libexpat1-dev/reference.html";
  std::ifstream in(std::filesystem::path(URLKIT_TEST_DATA_DIR) / name, std::ios::binary);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  BOOST_TEST_REQUIRE(page.size() > 50000u, name << " not found (test/data/README.md)");
  std::string big;
  while (big.size() <= (std::size_t{4} << 20) + page.size()) big += page;
  r = both(big);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out.size() > big.size());
  BOOST_TEST(r.out.find("\"http://h/") != std::string::npos);

  // And with a BASE at its end, which every link before it resolves against.
  big += "<base href=\"http://b/\"><a href=last>";
  r = both(big);
  BOOST_TEST(r.out.find("\"http://h/") == std::string::npos);
  BOOST_TEST(r.out.find("\"http://b/") < page.size());
  BOOST_TEST(r.out.ends_with("<base href=\"http://b/\"><a href=http://b/last>"));
}

// A start tag longer than html::max_tag_size (64 MiB), here an unclosed
// quote that runs to the end (HTML's tag goes on to the document's end), is
// invalid input: the message of error_code::tag_too_large at the offset of
// its "<", exit status 1, from a file and from a pipe.  Nothing is written:
// a file's first reading (for its BASE) meets the tag before the second
// writes a byte, and a pipe's input is held until its BASE could come.
BOOST_AUTO_TEST_CASE(tag_too_large, *boost::unit_test::timeout(120)) {
  const std::string doc = "<p>x</p>\n<a href=\"" + std::string((std::size_t{64} << 20) + 1, 'x');
  temp_file f(doc);
  const std::string message =
      ":9: error: an HTML start tag longer than 67108864 bytes: the HTML tools hold a start tag "
      "whole (docs/html.md, \"Limits\")\n";
  run_result r = run({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == f.path() + message);
  BOOST_TEST(r.out == "");
  r = run({"absolutize", "--base", "http://h/", "-"}, doc);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "<stdin>" + message);
  BOOST_TEST(r.out == "");
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
  const urlkit_test::html_corpus corpus = urlkit_test::html_corpus_of(URLKIT_TEST_DATA_DIR);
  for (const fs::path& p : corpus.missing) BOOST_ERROR(p << " not found (test/data/README.md)");
  BOOST_TEST_REQUIRE(corpus.missing.empty());
  if (corpus.files.size() == corpus.kept)
    BOOST_TEST_MESSAGE("no HTML under /usr/share/doc: the repository's documents only");
  const std::vector<fs::path>& files = corpus.files;
  const std::size_t kept = corpus.kept;

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

namespace {

// Whether `out` is `head`, `count` times `block`, then `tail`.
bool is_repeated(const std::string& out, const std::string& head, const std::string& block,
                 std::size_t count, const std::string& tail) {
  if (out.size() != head.size() + count * block.size() + tail.size()) return false;
  if (out.compare(0, head.size(), head) != 0) return false;
  std::size_t at = head.size();
  for (std::size_t i = 0; i < count; ++i, at += block.size())
    if (out.compare(at, block.size(), block) != 0) return false;
  return out.compare(at, tail.size(), tail) == 0;
}

}  // namespace

// The memory of `urlkit absolutize`, in bytes (the child's peak resident set,
// ru_maxrss), on a generated 100 MB document, from a file (read twice) and
// from a pipe (held in a temporary file: it has no BASE), and on "<div>"
// 10^7 times (50 MB, 10^7 elements deep): under 16 MiB each, the target of
// the streaming engine (docs/performance.md, "HTML: absolutize"); the
// gumbo-based engine took the document several times over.  Measured on the
// release build: 6.2 MiB (file), 9.0 MiB (pipe: the 4 MiB held before it
// spills, and the 64 KiB pieces), 6.3 MiB ("<div>").  Each output is checked
// whole.  Under a sanitizer, whose runtime alone passes 16 MiB and which is
// ten times slower, the documents are a tenth as long and the bound is
// sanitized_kib()'s.
BOOST_AUTO_TEST_SUITE(absolutize_memory)

BOOST_AUTO_TEST_CASE(hundred_megabytes_in_bounded_memory, *boost::unit_test::timeout(300)) {
  const std::size_t scale = built_with == sanitizer::none ? 1 : 10;
  BOOST_WARN_MESSAGE(scale == 1, "a sanitizer build: documents of a tenth the size");
  const long bound = sanitized_kib(16.0 * mib);

  const std::string head =
      "<!DOCTYPE html>\n<html><head><title>Generated</title><link rel=stylesheet "
      "href=\"style.css\"></head><body>\n";
  const std::string block =
      "<div class=\"entry\"><h2 id=\"s\">Section</h2>\n<p>Text with <a "
      "href=\"page.html#s\">a link</a>, <img src='img/a.png' srcset='img/a.png 1x, img/a@2x.png "
      "2x' alt=\"a &amp; b\">, <a href=../up/>up</a> and <a href=\"#top\">top</a>.</p>\n<!-- a "
      "comment: <a href=c.html> is no link -->\n<script>var s = \"<a "
      "href=s.html>\";</script>\n<table><tr><td background=bg.gif><form "
      "action=\"cgi?a=1&amp;b=2\"><input type=image src=go.png></form></td></tr></table></div>\n";
  const std::string tail = "</body></html>\n";
  const std::string head_out =
      "<!DOCTYPE html>\n<html><head><title>Generated</title><link rel=stylesheet "
      "href=\"http://h/dir/style.css\"></head><body>\n";
  const std::string block_out =
      "<div class=\"entry\"><h2 id=\"s\">Section</h2>\n<p>Text with <a "
      "href=\"http://h/dir/page.html#s\">a link</a>, <img src='http://h/dir/img/a.png' "
      "srcset='http://h/dir/img/a.png 1x, http://h/dir/img/a@2x.png 2x' alt=\"a &amp; b\">, <a "
      "href=http://h/up/>up</a> and <a href=\"http://h/dir/doc.html#top\">top</a>.</p>\n<!-- a "
      "comment: <a href=c.html> is no link -->\n<script>var s = \"<a "
      "href=s.html>\";</script>\n<table><tr><td background=http://h/dir/bg.gif><form "
      "action=\"http://h/dir/cgi?a=1&amp;b=2\"><input type=image "
      "src=http://h/dir/go.png></form></td></tr></table></div>\n";
  const std::size_t count = 100'000'000 / scale / block.size() + 1;
  std::string doc = head;
  doc.reserve(head.size() + count * block.size() + tail.size());
  for (std::size_t i = 0; i < count; ++i) doc += block;
  doc += tail;

  const std::vector<std::string> args{"absolutize", "--base", "http://h/dir/doc.html"};
  {
    temp_file f(doc);
    std::vector<std::string> file_args = args;
    file_args.push_back(f.path());
    const run_result r = run_measured(file_args);
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.err == "");
    BOOST_TEST(is_repeated(r.out, head_out, block_out, count, tail));
    BOOST_TEST(r.max_rss_kib < bound, "file: peak " << r.max_rss_kib << " KiB");
    BOOST_TEST_MESSAGE(doc.size() << " bytes from a file: peak " << r.max_rss_kib << " KiB");
  }
  std::vector<std::string> pipe_args = args;
  pipe_args.push_back("-");
  const run_result r = run_measured(pipe_args, doc);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST(is_repeated(r.out, head_out, block_out, count, tail));
  BOOST_TEST(r.max_rss_kib < bound, "pipe: peak " << r.max_rss_kib << " KiB");
  BOOST_TEST_MESSAGE(doc.size() << " bytes from a pipe: peak " << r.max_rss_kib << " KiB");
}

BOOST_AUTO_TEST_CASE(ten_million_divs_in_bounded_memory, *boost::unit_test::timeout(300)) {
  const std::size_t scale = built_with == sanitizer::none ? 1 : 10;
  BOOST_WARN_MESSAGE(scale == 1, "a sanitizer build: documents of a tenth the size");
  const std::size_t divs = 10'000'000 / scale;
  std::string doc;
  doc.reserve(divs * 5 + 32);
  for (std::size_t i = 0; i < divs; ++i) doc += "<div>";
  doc += "<a href=x.html>x</a>";
  temp_file f(doc);
  const run_result r = run_measured({"absolutize", "--base", "http://h/", f.path()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST(is_repeated(r.out, "", "<div>", divs, "<a href=http://h/x.html>x</a>"));
  BOOST_TEST(r.max_rss_kib < sanitized_kib(16.0 * mib), "peak " << r.max_rss_kib << " KiB");
  BOOST_TEST_MESSAGE(doc.size() << " bytes of <div>: peak " << r.max_rss_kib << " KiB");
}

BOOST_AUTO_TEST_SUITE_END()

#else

// The same suites, so that their CTest tests (one per suite) run either way.
BOOST_AUTO_TEST_SUITE(absolutize_cli)

BOOST_AUTO_TEST_CASE(absolutize_not_built) {
  BOOST_WARN_MESSAGE(false,
                     "absolutize tests skipped: urlkit was configured without urlkit::html "
                     "(URLKIT_HTML=OFF)");
  BOOST_TEST(run({"absolutize", "-"}, appendix_d).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(absolutize_memory)

BOOST_AUTO_TEST_CASE(absolutize_not_built) {
  BOOST_WARN_MESSAGE(false, "absolutize memory tests skipped: URLKIT_HTML=OFF");
  BOOST_TEST(run({"absolutize", "-"}, appendix_d).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()

#endif
