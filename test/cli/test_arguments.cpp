// Every argument reaches the library byte for byte, whatever the option
// parser would make of it (src/cli/arguments.hpp): "[fe80::1]" is not the
// list "fe80::1", "[]" is not an empty list, "[a,b]" is not two arguments,
// "++" does not end a command, "--name=" gives the empty value.  Each command
// is checked against what it does with the same text from stdin or a file,
// or against the text it echoes in its report.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

// Texts the option parser has a syntax for, and bytes that are not UTF-8.
// "-x" and "--" are given after "--" (or as the value of an option).
const std::vector<std::string> awkward = {"[x]",
                                          "[fe80::1]",
                                          "[]",
                                          "a,b",
                                          "[a,b]",
                                          "[[x]]",
                                          "-x",
                                          "--",
                                          "",
                                          "++",
                                          "q=",
                                          "x\x1f",
                                          "x]\x1f",
                                          "\xff\xfe",
                                          "[\xff]",
                                          "http://[::1]/",
                                          "http://h/?a[]=1,2&b="};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string as_lines(const std::vector<std::string>& texts) {
  std::string s;
  for (const std::string& t : texts) s += t + "\n";
  return s;
}

// The report of a command names `text` first: "TEXT:OFFSET: ...".
void names_first(const run_result& r, const std::string& text) {
  BOOST_TEST(r.err.rfind(text + ":", 0) == 0u, "[" << text << "] " << r.err);
}

// Control bytes shown as spaces, as the reports of header values and base
// layers show them.
std::string one_line(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return s;
}

void same(const run_result& a, const run_result& b) {
  BOOST_TEST(a.status == b.status);
  BOOST_TEST(a.out == b.out);
  BOOST_TEST(a.err == b.err);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(arguments)

// The cases, as they were reported.
BOOST_AUTO_TEST_CASE(brackets_are_not_lists) {
  run_result r = run({"parse", "--", "[fe80::1]"});
  BOOST_TEST(r.status == 0);
  auto o = json_line(lines(r.out).at(0));
  BOOST_TEST(str(o, "input") == "[fe80::1]");
  BOOST_TEST(is_null(o, "scheme"));
  BOOST_TEST(str(o, "path") == "[fe80::1]");

  r = run({"resolve", "--", "http://h/x/y", "[fe80::1]"});
  BOOST_TEST(r.out == "http://h/x/[fe80::1]\n");

  r = run({"validate", "--strict", "[fe80::1]"});
  BOOST_TEST(r.status == 1);
  same(r, run({"validate", "--strict"}, "[fe80::1]\n"));

  r = run({"parse", "[]", "[a,b]"});
  const auto out = lines(r.out);
  BOOST_TEST_REQUIRE(out.size() == 2u, r.out);
  BOOST_TEST(str(json_line(out[0]), "input") == "[]");
  BOOST_TEST(str(json_line(out[1]), "input") == "[a,b]");
}

// The URL-list commands: the arguments give what the same lines on stdin give.
BOOST_AUTO_TEST_CASE(url_lists_as_on_stdin) {
  const std::string in = as_lines(awkward);
  run_result r = run(with({"parse", "--"}, awkward));
  same(r, run({"parse"}, in));
  const auto out = lines(r.out);
  BOOST_TEST_REQUIRE(out.size() == awkward.size(), r.out);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto o = json_line(out[i]);
    BOOST_TEST(bytes_of(o, "input") == awkward[i], out[i]);
  }
  for (const char* mode : {"--strict", "--jobs=1"}) {
    same(run(with({"validate", mode, "--"}, awkward)), run({"validate", mode}, in));
    same(run(with({"parse", mode, "--"}, awkward)), run({"parse", mode}, in));
  }
  r = run(with({"resolve", "--", "http://h/x/y"}, awkward));
  same(r, run({"resolve", "http://h/x/y"}, in));
  BOOST_TEST(r.out.find("http://h/x/[a,b]\n") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("http://h/x/[]\n") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("http://h/x/++\n") != std::string::npos, r.out);
  // A "++" without "--" is a URL too.
  same(run({"parse", "++"}), run({"parse"}, "++\n"));
}

// The base of resolve, the base and target of relative.
BOOST_AUTO_TEST_CASE(resolve_and_relative) {
  for (const std::string& t : awkward) {
    if (t.rfind("http:", 0) == 0) continue;  // valid bases and targets
    run_result r = run({"resolve", "--", t, "http://h/"});
    if (t.empty()) {
      // An empty base: the reference must be absolute (draft 6 step 1).
      BOOST_TEST(r.status == 0);
      BOOST_TEST(r.out == "http://h/\n");
    } else {
      BOOST_TEST(r.status == 1, t);  // a bad base is invalid input
      names_first(r, t);
    }
    r = run({"relative", "--", t, "http://h/"});
    BOOST_TEST(r.status == 1, t);
    names_first(r, t);
    r = run({"relative", "--", "http://h/", t});
    BOOST_TEST(r.status == 1, t);
    names_first(r, t);
  }
  run_result r = run({"relative", "http://h/a/b", "http://h/a/[a,b]"});
  BOOST_TEST(r.out == "[a,b]\n");
}

BOOST_AUTO_TEST_CASE(scheme_commands) {
  for (const std::string& t : awkward) {
    if (t.rfind("http:", 0) == 0) continue;
    for (const char* cmd : {"ftp-plan", "gopher-line"}) {
      run_result r = run({cmd, "--", t});
      BOOST_TEST(r.status == 1, cmd << " " << t);
      // Warnings (lenient mode) or the error, each naming the URL.
      for (const std::string& line : lines(r.err))
        BOOST_TEST(line.rfind(t + ":", 0) == 0u, "[" << t << "] " << line);
    }
  }
  BOOST_TEST(run({"ftp-plan", "ftp://h/a,b"}).out == "RETR a,b\n");
  BOOST_TEST(run({"ftp-plan", "ftp://h/d/f="}).out == "CWD d\nRETR f=\n");
  BOOST_TEST(run({"gopher-line", "gopher://h/0[a,b]"}).out == "[a,b]\r\n");
}

BOOST_AUTO_TEST_CASE(mime) {
  for (const std::string& t : awkward) {
    for (const char* sub : {"encode", "decode", "header"}) {
      run_result r = run({"mime", sub, "--", t});
      if (r.status == 0) continue;  // "http://[::1]/" encodes
      BOOST_TEST(r.status == 1, sub << " " << t);
      names_first(r, one_line(t));
    }
  }
  BOOST_TEST(run({"mime", "encode", "http://h/?a[]=1,2&b="}).out == "\"http://h/?a[]=1,2&b=\"\n");
  BOOST_TEST(run({"mime", "decode", "\"http://h/?[a,b]\""}).out == "http://h/?[a,b]\n");
  BOOST_TEST(run({"mime", "encode", "--first-line-used=74", "http://h/x="}).out ==
             "\r\n \"http://h/x=\"\n");
}

BOOST_AUTO_TEST_CASE(data) {
  for (const std::string& t : awkward) {
    if (t == "-") continue;  // stdin
    run_result r = run({"data", "--", t});
    BOOST_TEST(r.status == 1, t);
    names_first(r, t);
    r = run({"data", "--file", t});
    BOOST_TEST(r.status == 1, t);
    BOOST_TEST(r.err.rfind("urlkit: cannot read " + t + ":", 0) == 0u, r.err);
  }
  // The body, from the argument as from stdin.
  for (const char* url : {"data:,[a,b]", "data:,q=", "data:,\xff]", "data:,x\x1f"}) {
    run_result r = run({"data", "--", url});
    same(r, run({"data", "-"}, url));
  }
  BOOST_TEST(run({"data", "data:,[a,b]"}).out == "[a,b]");
  // --refuse names a type as typed: "[text/plain]" is not text/plain.
  BOOST_TEST(run({"data", "--refuse", "[text/plain]", "data:,x"}).status == 0);
  BOOST_TEST(run({"data", "--refuse", "text/plain", "data:,x"}).status == 1);
  // --type: an empty one is none; one in brackets does not parse.
  BOOST_TEST(run({"data", "--encode", "--type="}, "hi").out == "data:,hi\n");
  run_result r = run({"data", "--encode", "--type", "[text/plain]"}, "hi");
  BOOST_TEST(r.status == 1);
  names_first(r, "[text/plain]");
}

BOOST_AUTO_TEST_CASE(file_arguments) {
  for (const std::string& t : awkward) {
    run_result r = run({"extract", "--", t});
    BOOST_TEST(r.status == 1, t);  // an input that cannot be read, as for absolutize
    BOOST_TEST(r.err.rfind("urlkit: cannot read " + t + ":", 0) == 0u, r.err);
#ifdef URLKIT_HAS_HTML
    r = run({"absolutize", "--", t});
    BOOST_TEST(r.status == 1, t);
    BOOST_TEST(r.err.rfind("urlkit: cannot read " + t + ":", 0) == 0u, r.err);
    r = run({"base", "--html", t});
    BOOST_TEST(r.status == 1, t);
    BOOST_TEST(r.err.rfind("urlkit: cannot read " + t + ":", 0) == 0u, r.err);
#endif
  }
  // A file whose name the option parser would read as a list.
  temp_file f("see <http://h/[a,b]>\n", "[a,b]");
  run_result r = run({"extract", f.path()});
  BOOST_TEST(r.out == "http://h/[a,b]\n");
}

// The value of each option of `base` (and `absolutize`), as the next
// argument or after "=".
BOOST_AUTO_TEST_CASE(option_values) {
  for (const std::string& t : awkward) {
    if (t.rfind("http:", 0) == 0) continue;
    for (const char* opt : {"--content-base", "--encapsulating", "--retrieval"}) {
      for (const bool joined : {false, true}) {
        run_result r = joined ? run({"base", std::string(opt) + "=" + t}) : run({"base", opt, t});
        if (t.empty() && std::string(opt) != "--content-base") {
          // An empty retrieval or encapsulating base is none (draft 5.4).
          BOOST_TEST(r.err == "undefined (draft 5.4)\n", opt << ": " << r.err);
          continue;
        }
        BOOST_TEST(r.status == 1, opt << " " << t);
        names_first(r, one_line(t));
      }
    }
    // Relative layers are resolved against the retrieval URL, as resolve does.
    const run_result resolved = run({"resolve", "--", "http://h/x/y", t});
    for (const char* opt : {"--content-location", "--embedded"}) {
      run_result r = run({"base", "--retrieval", "http://h/x/y", opt, t});
      BOOST_TEST(r.out == resolved.out, opt << " " << t);
    }
    run_result r = run({"base", "--header", t});
    BOOST_TEST(r.status == 2, t);
    BOOST_TEST(r.err.find("'" + t + "'") != std::string::npos, r.err);
    r = run({"base", "--header", "Content-Location: " + t, "--retrieval", "http://h/x/y"});
    BOOST_TEST(r.out == resolved.out, t);
#ifdef URLKIT_HAS_HTML
    temp_file doc("<a href=\"?q\">q</a>\n", "doc.html");
    for (const char* opt : {"--base", "--content-base", "--encapsulating"}) {
      if (t.empty() && std::string(opt) != "--content-base") continue;
      r = run({"absolutize", opt, t, doc.path()});
      BOOST_TEST(r.status == 1, opt << " " << t);  // a bad base URL is invalid input
      names_first(r, one_line(t));
    }
#endif
  }
}

#ifdef URLKIT_HAS_IDNA
BOOST_AUTO_TEST_CASE(idna_names) {
  for (const char* sub : {"to-ascii", "to-unicode"})
    same(run(with({"idna", sub, "--"}, awkward)), run({"idna", sub}, as_lines(awkward)));
}
#endif

// File names and file URLs, POSIX and Windows: the arguments give what the
// same lines on stdin give, and each failed one is named first.
BOOST_AUTO_TEST_CASE(file_names_and_file_urls) {
  for (const char* cmd : {"file-url", "file-path"})
    for (const bool windows : {false, true}) {
      std::vector<std::string> args = {cmd};
      if (windows) args.push_back("--windows");
      args.push_back("--");
      const run_result r = run(with(args, awkward));
      args.pop_back();
      same(r, run(args, as_lines(awkward)));
      BOOST_TEST(r.status == 1, cmd);
      for (const std::string& t : awkward) {
        const run_result one = run(with(args, {"--", t}));
        BOOST_TEST(one.status == 1, cmd << " " << t);
        names_first(one, t);
      }
    }
  BOOST_TEST(run({"file-url", "/[a,b]"}).out == "file:///%5Ba,b%5D\n");
  BOOST_TEST(run({"file-path", "file:///[a,b]"}).out == "/[a,b]\n");
  BOOST_TEST(run({"file-url", "--windows", "C:\\[a,b]"}).out == "file:///C:/%5Ba,b%5D\n");
}

// The option parser's own messages quote arguments as typed.
BOOST_AUTO_TEST_CASE(usage_errors_quote_arguments_as_typed) {
  run_result r = run({"ftp-plan", "ftp://h/a", "[a,b]"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err.find("[a,b]") != std::string::npos, r.err);
  BOOST_TEST(r.err.find('\x1f') == std::string::npos, r.err);
  r = run({"parse", "--jobs", "4]"});
  BOOST_TEST(r.status == 2);
  BOOST_TEST(r.err.find('\x1f') == std::string::npos, r.err);
}

BOOST_AUTO_TEST_SUITE_END()
