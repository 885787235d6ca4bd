// urlkit absolutize over many documents in one process (--root, --output-dir,
// --jobs), end to end: each document's output is the bytes a run of its own
// gives with the base its path below the root names; one that fails leaves
// no file and stops no other; and a file's reading (a first look for
// "<base", its BASE, then through) gives what a pipe's gives.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "process.hpp"
#include "temp_file.hpp"

using namespace cli_test;
namespace fs = std::filesystem;

#ifdef URLKIT_HAS_HTML

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write(const fs::path& p, const std::string& content) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << content;
}

// The files under `dir`, as paths below it, sorted.
std::vector<std::string> files_below(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (!e.is_directory()) out.push_back(e.path().lexically_relative(dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

// A site to rewrite: documents under site/, written under out/.
struct site {
  temp_file holder{""};
  fs::path dir = holder.dir();
  fs::path root = dir / "site";
  fs::path out = dir / "out";

  std::string add(const std::string& below, const std::string& content) {
    write(root / below, content);
    return (root / below).string();
  }
};

const std::string relative_links =
    "<html><head><link rel=stylesheet href=\"../style.css\"></head>\n<body><a "
    "href=\"page.html#s\">p</a> <img src='img/a.png' srcset=\"a.png 1x, b.png 2x\"> <a "
    "href=\"http://host:8o/\">bad</a></body></html>\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(absolutize_batch)

// Each document's output is what `absolutize --base URL FILE` writes for it,
// URL the root's resolved with its path below the root, each name escaped as
// a path segment: a space, a "%", a name with a ":" (no scheme), a
// subdirectory.  The warnings name each FILE, in the order of the FILEs.
BOOST_AUTO_TEST_CASE(same_bytes_as_single_runs) {
  site s;
  struct doc {
    std::string below, base;
  };
  const std::vector<doc> docs = {
      {"index.html", "http://h/s/index.html"},
      {"sub/dir/page.html", "http://h/s/sub/dir/page.html"},
      {"a b/c d.html", "http://h/s/a%20b/c%20d.html"},
      {"100%.html", "http://h/s/100%25.html"},
      {"a:b.html", "http://h/s/a:b.html"},
      {"q?;#.html", "http://h/s/q%3F%3B%23.html"},
      {"caf\xC3\xA9/x.html", "http://h/s/caf%C3%A9/x.html"},
  };
  std::vector<std::string> args{"absolutize",  "--root",       s.root.string(), "--base",
                                "http://h/s/", "--output-dir", s.out.string()};
  std::string expected_err;
  for (const doc& d : docs) {
    const std::string path = s.add(d.below, relative_links);
    args.push_back(path);
    const run_result single = run({"absolutize", "--base", d.base, path});
    BOOST_TEST(single.status == 0, single.err);
    expected_err += single.err;
  }
  const run_result r = run(args);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err == expected_err);
  for (const doc& d : docs) {
    const std::string single =
        run({"absolutize", "--base", d.base, (s.root / d.below).string()}).out;
    BOOST_TEST(read(s.out / d.below) == single, d.below);
    // The base is the one the name gives: "page.html" is its sibling.
    const std::string sibling = d.base.substr(0, d.base.rfind('/') + 1) + "page.html#s";
    BOOST_TEST(single.find("href=\"" + sibling + "\"") != std::string::npos, single);
  }
  std::vector<std::string> want;
  for (const doc& d : docs) want.push_back(d.below);
  std::sort(want.begin(), want.end());
  BOOST_TEST(files_below(s.out) == want, "only the documents, no temporary file");

  // --jobs: the same files, the same messages in the same order.
  fs::remove_all(s.out);
  std::vector<std::string> threaded = args;
  threaded.insert(threaded.begin() + 1, {"--jobs", "3"});
  const run_result t = run(threaded);
  BOOST_TEST(t.status == 0, t.err);
  BOOST_TEST(t.err == expected_err);
  for (const doc& d : docs)
    BOOST_TEST(read(s.out / d.below) ==
               run({"absolutize", "--base", d.base, (s.root / d.below).string()}).out);
}

// The batch writes a document's file in whole pages, holding back each
// piece's last partial page for the next (file_output): every length of
// output comes out whole, around a page's size and across the rewriter's
// 64 KiB pieces, with links that lengthen the output at every offset.
BOOST_AUTO_TEST_CASE(outputs_of_every_length) {
  site s;
  std::vector<std::string> args{"absolutize",  "--root",       s.root.string(), "--base",
                                "http://h/s/", "--output-dir", s.out.string()};
  std::vector<std::string> names;
  for (const std::size_t size : {0, 1, 4095, 4096, 4097, 8191, 8193, 65536, 65537}) {
    names.push_back("plain-" + std::to_string(size) + ".html");
    args.push_back(s.add(names.back(), std::string(size, 'x')));
  }
  std::string links;
  for (std::size_t i = 0; links.size() < 400 * 1024; ++i)
    links += std::string(i % 4099, 't') + "<a href=p" + std::to_string(i) + ">";
  names.push_back("links.html");
  args.push_back(s.add(names.back(), links));
  const run_result r = run(args);
  BOOST_TEST(r.status == 0, r.err);
  for (const std::string& name : names) {
    const std::string single =
        run({"absolutize", "--base", "http://h/s/" + name, (s.root / name).string()}).out;
    BOOST_TEST(read(s.out / name) == single, name);
  }
  BOOST_TEST(read(s.out / "links.html").size() > links.size());
}

// --root is compared with each FILE lexically ("./" and ".." normalized,
// symbolic links not followed); it defaults to the current directory, and
// one FILE with --root goes to stdout with its own base.
BOOST_AUTO_TEST_CASE(root_and_paths) {
  site s;
  const std::string index = s.add("index.html", "<a href=x>x</a>");
  s.add("sub/p.html", "<a href=x>x</a>");
  run_result r = run({"absolutize", "--root", s.root.string(), "--base", "http://h/",
                      (s.root / "sub/../sub/./p.html").string()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "<a href=http://h/sub/x>x</a>");
  r = run(
      {"absolutize", "--root", (s.root / "sub/..").string() + "/", "--base", "http://h/", index});
  BOOST_TEST(r.out == "<a href=http://h/x>x</a>");

  // A symbolic link below the root is a name below it, whatever it points at.
  fs::create_symlink(s.root / "sub/p.html", s.root / "link.html");
  r = run({"absolutize", "--root", s.root.string(), "--base", "http://h/",
           (s.root / "link.html").string()});
  BOOST_TEST(r.out == "<a href=http://h/x>x</a>");

  // The current directory, and FILEs relative to it.
  const fs::path saved = fs::current_path();
  fs::current_path(s.root);
  r = run({"absolutize", "--base", "http://h/d/", "--output-dir", s.out.string(), "index.html",
           "./sub/p.html"});
  fs::current_path(saved);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(read(s.out / "index.html") == "<a href=http://h/d/x>x</a>");
  BOOST_TEST(read(s.out / "sub/p.html") == "<a href=http://h/d/sub/x>x</a>");
  // Relative FILEs whose root is below the current directory, or above it,
  // and one beside the root (not below it): placed as their absolute paths.
  write((s.dir / "beside.html").string(), "<a href=x>x</a>");
  const fs::path out2 = s.dir / "out2";
  fs::current_path(s.dir);
  const std::string below_cwd = s.root.filename().string();  // the root's name in s.dir
  r = run({"absolutize", "--root", below_cwd, "--base", "http://h/", "--output-dir", out2.string(),
           below_cwd + "/sub/p.html", below_cwd + "/index.html", "beside.html"});
  fs::current_path(s.root / "sub");
  const run_result above = run({"absolutize", "--root", "..", "--base", "http://h/", "--output-dir",
                                (s.dir / "out3").string(), "p.html"});
  fs::current_path(saved);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "urlkit: beside.html: not below --root " + s.root.string() +
                          " (its base URL and its output are its path below it)\n");
  BOOST_TEST(read(out2 / "sub/p.html") == "<a href=http://h/sub/x>x</a>");
  BOOST_TEST(read(out2 / "index.html") == "<a href=http://h/x>x</a>");
  BOOST_TEST(above.status == 0, above.err);
  BOOST_TEST(read(s.dir / "out3/sub/p.html") == "<a href=http://h/sub/x>x</a>");

  // Without --base, the documents have the other layers' base, the same
  // for each.
  r = run({"absolutize", "--root", s.root.string(), "--content-base", "http://cb/", "--output-dir",
           s.out.string(), index, (s.root / "sub/p.html").string()});
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(read(s.out / "sub/p.html") == "<a href=http://cb/x>x</a>");
  // With it, Content-Base still comes first (draft 5.1 before 5.3).
  r = run({"absolutize", "--root", s.root.string(), "--base", "http://h/", "--content-base",
           "http://cb/", "--output-dir", s.out.string(), index, (s.root / "sub/p.html").string()});
  BOOST_TEST(read(s.out / "sub/p.html") == "<a href=http://cb/x>x</a>");
  // A relative Content-Location is resolved against each document's URL.
  r = run({"absolutize", "--root", s.root.string(), "--base", "http://h/", "--content-location",
           "moved/", "--output-dir", s.out.string(), index, (s.root / "sub/p.html").string()});
  BOOST_TEST(read(s.out / "index.html") == "<a href=http://h/moved/x>x</a>");
  BOOST_TEST(read(s.out / "sub/p.html") == "<a href=http://h/sub/moved/x>x</a>");
}

// A FILE outside the root is an error of its own: the others are written.
BOOST_AUTO_TEST_CASE(file_outside_root) {
  site s;
  const std::string inside = s.add("in.html", "<a href=x>x</a>");
  const std::string outside = (s.dir / "outside.html").string();
  write(outside, "<a href=x>x</a>");
  for (const std::string& bad :
       {outside, (s.root / "../outside.html").string(), s.root.string(), (s.root / ".").string()}) {
    const run_result r = run({"absolutize", "--root", s.root.string(), "--base", "http://h/",
                              "--output-dir", s.out.string(), bad, inside});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.err == "urlkit: " + bad + ": not below --root " + s.root.string() +
                            " (its base URL and its output are its path below it)\n");
    BOOST_TEST(files_below(s.out) == std::vector<std::string>{"in.html"});
  }
  const run_result r =
      run({"absolutize", "--root", s.root.string(), "--base", "http://h/", outside});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err.find(": not below --root ") != std::string::npos, r.err);
}

// A document that fails (UTF-16, missing, a directory, its output's place
// taken by a file) is reported naming it, leaves no file, not even a
// temporary one, and the others are written; the exit status is 1.
BOOST_AUTO_TEST_CASE(failing_documents, *boost::unit_test::timeout(120)) {
  site s;
  const std::string good1 = s.add("a.html", "<a href=x>x</a>");
  const std::string utf16 = s.add("u.html", std::string("\xFF\xFE<\0a\0 \0h\0r\0e\0f\0", 14));
  const std::string missing = (s.root / "missing.html").string();
  const std::string directory = (s.root / "dir.html").string();
  fs::create_directories(directory);
  const std::string blocked = s.add("blocked/b.html", "<a href=x>x</a>");
  write(s.out / "blocked", "a file where a directory is wanted");
  // A start tag past 64 MiB, after links that have been rewritten: no part
  // of it is left.
  const std::string too_long = s.add(
      "long.html", "<a href=x>x</a>\n<a href=\"" + std::string((std::size_t{64} << 20) + 1, 'x'));
  const std::string good2 = s.add("z/z.html", "<a href=x>x</a>");
  for (const char* jobs : {"1", "2"}) {
    const run_result r = run({"absolutize", "--jobs", jobs, "--root", s.root.string(), "--base",
                              "http://h/", "--output-dir", s.out.string(), good1, utf16, missing,
                              directory, blocked, too_long, good2});
    BOOST_TEST(r.status == 1);
    const auto err = lines(r.err);
    BOOST_TEST_REQUIRE(err.size() == 5u, r.err);
    BOOST_TEST(err[0].rfind(utf16 + ":0: error: an HTML document in UTF-16", 0) == 0, err[0]);
    BOOST_TEST(err[1] == "urlkit: cannot read " + missing + ": No such file or directory");
    BOOST_TEST(err[2] == "urlkit: cannot read " + directory + ": Is a directory");
    BOOST_TEST(
        err[3].rfind("urlkit: cannot write " + (s.out / "blocked/b.html").string() + ": ", 0) == 0,
        err[3]);
    BOOST_TEST(err[4] == too_long +
                             ":16: error: an HTML start tag longer than 67108864 bytes: the HTML "
                             "tools hold a start tag whole (docs/html.md, \"Limits\")");
    BOOST_TEST(files_below(s.out) == (std::vector<std::string>{"a.html", "blocked", "z/z.html"}));
    BOOST_TEST(read(s.out / "a.html") == "<a href=http://h/x>x</a>");
    BOOST_TEST(read(s.out / "z/z.html") == "<a href=http://h/z/x>x</a>");
    fs::remove(s.out / "a.html");
    fs::remove_all(s.out / "z");
  }
}

BOOST_AUTO_TEST_CASE(command_lines_refused) {
  site s;
  const std::string a = s.add("a.html", "<a href=x>x</a>");
  const std::string b = s.add("b.html", "<a href=x>x</a>");
  // Several FILEs need a place each.
  run_result r = run({"absolutize", "--base", "http://h/", a, b});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.out == "");
  BOOST_TEST(r.err ==
             "urlkit absolutize: several FILEs need --output-dir (each document is written to "
             "its own file there)\n");
  // Standard input alone, to stdout.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"absolutize", "--output-dir", s.out.string(), "-", a},
        std::vector<std::string>{"absolutize", "--output-dir", s.out.string(), "-"},
        std::vector<std::string>{"absolutize", "--root", s.root.string(), "-"}}) {
    r = run(args, "<a href=x>x</a>");
    BOOST_TEST(r.status == 2);
    BOOST_TEST(r.err.find("'-' (standard input) is a FILE only alone") != std::string::npos, r.err);
  }
  // Below a root, --base names the root: a directory.
  for (const char* base : {"http://h/s", "http://h/s/index.html", "http://h/s/#f"}) {
    r = run({"absolutize", "--root", s.root.string(), "--base", base, a});
    BOOST_TEST(r.status == 2);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err == std::string("urlkit absolutize: --base ") + base +
                            " is not a directory's URL: with --root or --output-dir it is the URL "
                            "of the root (--root, else the current directory) and ends with "
                            "\"/\"\n");
    r = run({"absolutize", "--base", base, "--output-dir", s.out.string(), a});
    BOOST_TEST(r.status == 2);
  }
  BOOST_TEST(!fs::exists(s.out));
  // A bad base is bad input, said once; so is an opaque one, which no path
  // resolves against.
  r = run({"absolutize", "--root", s.root.string(), "--base", "http://host:8o/", "--output-dir",
           s.out.string(), a, b});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "http://host:8o/:13: error: retrieval: port must be digits (bad base URL)\n");
  r = run({"absolutize", "--root", s.root.string(), "--base", "mailto:a@b/", "--output-dir",
           s.out.string(), a, b});
  BOOST_TEST(r.status == 1);
  BOOST_TEST(lines(r.err).size() == 1u, r.err);
  BOOST_TEST(r.err.find("(bad base URL)") != std::string::npos, r.err);
  BOOST_TEST(!fs::exists(s.out));
}

// One FILE to stdout, without --root: the base as given, as it always was.
BOOST_AUTO_TEST_CASE(single_document_unchanged) {
  temp_file f("<p>\n<a href=\"a.html\">1</a> <a href=\"http://host:8o/\">2</a>\n");
  const run_result r = run({"absolutize", "--base", "http://h/dir/page.html", f.path()});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out ==
             "<p>\n<a href=\"http://h/dir/a.html\">1</a> <a href=\"http://host:8o/\">2</a>\n");
  BOOST_TEST(r.err == f.path() +
                          ":2:33: warning: a href: port must be digits (left as it is; offset 13 "
                          "in the URL)\n");
}

// A file is first looked through for "<base": one with it in a comment is
// read for its BASE, which it has not; one with a BASE after its links has
// them resolved against it.  Short (read once, in memory) and past 1 MiB
// (read in pieces, again for the BASE, again through), from a file, from a
// pipe and into an output directory, the same bytes and warnings.
BOOST_AUTO_TEST_CASE(base_after_links_and_in_comments, *boost::unit_test::timeout(120)) {
  site s;
  std::string filler;
  while (filler.size() <= (std::size_t{1} << 20) + 100) filler += "<p><a href=f>f</a></p>\n";
  struct doc {
    std::string name, content, expected_start, expected_end;
  };
  const std::vector<doc> docs = {
      {"comment.html", "<a href=x>x</a><!-- <BASE href=http://b/> -->\n<a href=y>y",
       "<a href=http://h/x>x</a>", "<a href=http://h/y>y"},
      {"base.html", "<a href=x>x</a>\n<base href=\"http://b/d/\"><a href=y>y",
       "<a href=http://b/d/x>x</a>", "<base href=\"http://b/d/\"><a href=http://b/d/y>y"},
      {"big-comment.html", filler + "<!-- <base href=http://b/> --><a href=y>y",
       "<p><a href=http://h/f>", "<!-- <base href=http://b/> --><a href=http://h/y>y"},
      {"big-base.html", filler + "<base href=http://b/><a href=y>y", "<p><a href=http://b/f>",
       "<base href=http://b/><a href=http://b/y>y"},
      {"big-none.html", filler + "<a href=y>y", "<p><a href=http://h/f>", "<a href=http://h/y>y"},
      {"big-late.html", "<!-- <base href=http://b/> -->" + filler + "<base href=x/><a href=y>",
       "<!-- <base href=http://b/> --><p><a href=http://h/x/f>",
       "<base href=http://h/x/><a href=http://h/x/y>"},
  };
  std::vector<std::string> args{"absolutize", "--root",       s.root.string(), "--base",
                                "http://h/",  "--output-dir", s.out.string()};
  for (const doc& d : docs) {
    const std::string path = s.add(d.name, d.content);
    args.push_back(path);
    const run_result file = run({"absolutize", "--base", "http://h/" + d.name, path});
    const run_result pipe = run({"absolutize", "--base", "http://h/" + d.name, "-"}, d.content);
    BOOST_TEST(file.status == 0, file.err);
    BOOST_TEST(file.err == "");
    BOOST_TEST((file.out == pipe.out), d.name);
    BOOST_TEST(file.out.starts_with(d.expected_start), d.name);
    BOOST_TEST(file.out.ends_with(d.expected_end), d.name);
  }
  const run_result r = run(args);
  BOOST_TEST(r.status == 0, r.err);
  for (const doc& d : docs)
    BOOST_TEST(
        (read(s.out / d.name) ==
         run({"absolutize", "--base", "http://h/" + d.name, (s.root / d.name).string()}).out),
        d.name);
}

BOOST_AUTO_TEST_SUITE_END()

#else

BOOST_AUTO_TEST_SUITE(absolutize_batch)

BOOST_AUTO_TEST_CASE(absolutize_not_built) {
  BOOST_WARN_MESSAGE(false, "absolutize batch tests skipped: URLKIT_HTML=OFF");
  BOOST_TEST(run({"absolutize", "--output-dir", "out", "-"}).status == 2);
}

BOOST_AUTO_TEST_SUITE_END()

#endif
