// urlkit extract [--json] [FILE]: URLs in free text (RFC 1738 appendix, draft
// Appendix B), from stdin or a file, plain or as JSON, and a large input.
#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "json_check.hpp"
#include "process.hpp"
#include "temp_file.hpp"

using namespace cli_test;

namespace {

const std::string rfc1738_paragraph =
    "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc; type=d> but you can "
    "probably pick it up from <URL:ftp://ds.in ternic.net/rfc>. Note the warning in "
    "<URL:http://ds.internic. net/instructions/overview.html#WARNING>.";

const std::string draft_paragraph =
    "Yes, Jim, I found it under <ftp://info.cern.ch/pub/www/doc;\n"
    "      type=d> but you can probably pick it up from <ftp://ds.in\n"
    "      ternic.net/rfc>.  Note the warning in <http://ds.internic.\n"
    "      net/instructions/overview.html#WARNING>.";

const std::string paragraph_urls =
    "ftp://info.cern.ch/pub/www/doc;type=d\n"
    "ftp://ds.internic.net/rfc\n"
    "http://ds.internic.net/instructions/overview.html#WARNING\n";

std::uint64_t num(const boost::json::object& o, const char* key) {
  auto it = o.find(key);
  BOOST_TEST_REQUIRE((it != o.end() && it->value().is_number()), "no number " << key);
  return it->value().to_number<std::uint64_t>();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(extract_cli)

BOOST_AUTO_TEST_CASE(extract_plain_from_stdin) {
  for (const std::string* p : {&rfc1738_paragraph, &draft_paragraph}) {
    run_result r = run({"extract"}, *p);
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out == paragraph_urls);
    BOOST_TEST(r.err == "");
  }
  run_result r = run({"extract"}, "");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
  r = run({"extract"}, "no URLs here: a < b, <b>bold</b>, mailto: nobody\n");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out == "");
}

// Changelog and copyright lines: names of code and markup that have a
// scheme's name and a ":" are not URLs (extract.hpp, docs/extract.md); what
// extract prints, validate accepts.
BOOST_AUTO_TEST_CASE(extract_not_code_or_markup) {
  const std::string text =
      "  * Use File::Spec; http::geturl follows redirects; report FILE:LINE.\n"
      "  * Fix audit_rule_data::buf; Data::Dumper output.\n"
      "    error: in 'hb_sorted_array_t<const OT::VertOriginMetric>'\n"
      "    <xs:all> fix (see <http://example.org/bug/1>)\n"
      "Source: https://example.org/pkg; mirror ftp://ftp.example.org/pub/, <mailto:a@example.org>\n"
      "  news:comp.lang.c and file:///usr/share/common-licenses/GPL-2.\n";
  const std::string urls =
      "http://example.org/bug/1\nhttps://example.org/pkg\nftp://ftp.example.org/pub/\n"
      "mailto:a@example.org\nnews:comp.lang.c\nfile:///usr/share/common-licenses/GPL-2\n";
  run_result r = run({"extract"}, text);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out == urls);
  r = run({"validate"}, r.out);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.err == "");
}

BOOST_AUTO_TEST_CASE(extract_json) {
  run_result r = run({"extract", "--json"}, rfc1738_paragraph);
  BOOST_TEST(r.status == 0, r.err);
  auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u);
  const std::uint64_t ranges[3][2] = {{32, 70}, {114, 140}, {168, 226}};
  for (std::size_t i = 0; i < 3; ++i) {
    auto o = json_line(l[i]);
    BOOST_TEST(keys(o) == (std::vector<std::string>{"url", "start", "end", "how", "warnings"}),
               boost::test_tools::per_element());
    BOOST_TEST(str(o, "how") == "wrapped");
    BOOST_TEST(num(o, "start") == ranges[i][0]);
    BOOST_TEST(num(o, "end") == ranges[i][1]);
    BOOST_TEST(o.at("warnings").as_array().empty());
  }
  BOOST_TEST(str(json_line(l[0]), "url") == "ftp://info.cern.ch/pub/www/doc;type=d");

  r = run({"extract", "--json"}, draft_paragraph);
  l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 3u);
  auto o = json_line(l[2]);
  BOOST_TEST(str(o, "url") == "http://ds.internic.net/instructions/overview.html#WARNING");
  BOOST_TEST(str(o, "how") == "bracketed");
  BOOST_TEST(num(o, "start") == 169u);
  BOOST_TEST(num(o, "end") == 233u);

  // The hyphen rule's warning, a bare URL, and bytes that are not UTF-8.
  r = run({"extract", "--json"},
          "<URL:http://a.example/some-\r\n   thing> and http://b.example/\xE9t\xE9.\n");
  BOOST_TEST(r.status == 0, r.err);
  l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 2u);
  o = json_line(l[0]);
  BOOST_TEST(str(o, "url") == "http://a.example/some-thing");
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(w.size() == 1u);
  // One warning type everywhere: {"code", "offset", "message"}, as `urlkit parse`
  // writes it.
  BOOST_TEST(keys(w[0].as_object()) == (std::vector<std::string>{"code", "offset", "message"}),
             boost::test_tools::per_element());
  BOOST_TEST(str(w[0].as_object(), "code") == "hyphen_line_break");
  BOOST_TEST(num(w[0].as_object(), "offset") == 26u);
  BOOST_TEST(str(w[0].as_object(), "message").rfind("line break after '-'", 0) == 0u);
  o = json_line(l[1]);
  BOOST_TEST(str(o, "how") == "bare");
  // Latin-1 bytes, not UTF-8: the object is percent-escaped and gives them back.
  BOOST_TEST(o.at("percent_escaped").as_bool());
  BOOST_TEST(bytes_of(o, "url") == "http://b.example/\xE9t\xE9");
  BOOST_TEST(o.at("warnings").as_array().size() == 2u);
}

// Inside "<URL:...>" all white space goes, empty lines too (RFC 1738 appendix,
// draft Appendix B); a "<URL:" never closed leaves the URL in it bare, with a
// warning that it may be cut short.
BOOST_AUTO_TEST_CASE(extract_url_wrapper_with_empty_lines) {
  const std::string in =
      "Yes, <URL:ftp://ds.in\n\nternic.net/rfc>.\n\nSee <URL:http://a.example/b\n";
  run_result r = run({"extract"}, in);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out == "ftp://ds.internic.net/rfc\nhttp://a.example/b\n");
  BOOST_TEST(r.err == "");

  r = run({"extract", "--json"}, in);
  BOOST_TEST(r.status == 0, r.err);
  const auto l = lines(r.out);
  BOOST_TEST_REQUIRE(l.size() == 2u);
  auto o = json_line(l[0]);
  BOOST_TEST(str(o, "url") == "ftp://ds.internic.net/rfc");
  BOOST_TEST(str(o, "how") == "wrapped");
  BOOST_TEST(num(o, "start") == 10u);
  BOOST_TEST(num(o, "end") == 37u);
  BOOST_TEST(o.at("warnings").as_array().empty());
  o = json_line(l[1]);
  BOOST_TEST(str(o, "url") == "http://a.example/b");
  BOOST_TEST(str(o, "how") == "bare");
  BOOST_TEST(num(o, "start") == 50u);
  const auto& w = o.at("warnings").as_array();
  BOOST_TEST_REQUIRE(w.size() == 1u);
  BOOST_TEST(num(w[0].as_object(), "offset") == 50u);
  BOOST_TEST(str(w[0].as_object(), "message") ==
             "in a <URL: wrapper that was given up (the input ends before its '>'): "
             "the URL may be cut short");
}

BOOST_AUTO_TEST_CASE(extract_file) {
  const std::string text = draft_paragraph + "\nand http://e.example/f, <mailto:g@h.example>.\n";
  temp_file f(text);
  run_result from_file = run({"extract", f.path()});
  BOOST_TEST(from_file.status == 0, from_file.err);
  BOOST_TEST(from_file.out == paragraph_urls + "http://e.example/f\nmailto:g@h.example\n");
  BOOST_TEST(run({"extract"}, text).out == from_file.out);
  BOOST_TEST(run({"extract", "-"}, text).out == from_file.out);

  run_result json = run({"extract", "--json", f.path()});
  BOOST_TEST(json.status == 0);
  BOOST_TEST(json.out == run({"extract", "--json"}, text).out);
}

// A FILE that cannot be read is named, with why, on one thread or more: one
// that cannot be opened and a directory (it opens and fails its first read)
// are both an input that cannot be read (1).
BOOST_AUTO_TEST_CASE(unreadable_files_are_named) {
  const temp_file f("http://a.example/\n");
  const std::string missing = f.path() + ".missing";
  for (const char* jobs : {"1", "2"}) {
    run_result r = run({"extract", "--jobs", jobs, missing});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err == "urlkit: cannot read " + missing + ": No such file or directory\n");
    r = run({"extract", "--jobs", jobs, f.dir()});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out == "");
    BOOST_TEST(r.err == "urlkit: cannot read " + f.dir() + ": Is a directory\n");
  }
}

// About 50 MB in many chunks: every URL comes out, in order, with its offsets,
// including those that straddle a chunk boundary.
BOOST_AUTO_TEST_CASE(extract_large_input) {
  std::string in;
  std::string expected;
  std::vector<std::size_t> starts;
  const std::string filler(900, 'x');
  std::size_t i = 0;
  while (in.size() < (std::size_t{50} << 20)) {
    const std::string n = std::to_string(i++);
    in += "Paragraph " + n + ": see <URL:http://host.example/" + n + "/some-\n      path>";
    starts.push_back(in.find("http://host.example/" + n + "/", in.size() - 60));
    expected += "http://host.example/" + n + "/some-path\n";
    in += " or (ftp://ftp.example/pub/" + n + ").\n";
    starts.push_back(in.size() - 3 - 22 - n.size());
    expected += "ftp://ftp.example/pub/" + n + "\n";
    in += filler.substr(0, 100 + (i * 37) % 800) + "\n";
  }
  run_result r = run({"extract"}, in);
  BOOST_TEST(r.status == 0, r.err);
  BOOST_TEST(r.out.size() == expected.size());
  BOOST_TEST((r.out == expected));

  temp_file f(in);
  run_result j = run({"extract", "--json", f.path()});
  BOOST_TEST(j.status == 0, j.err);
  const auto l = lines(j.out);
  BOOST_TEST_REQUIRE(l.size() == starts.size());
  for (std::size_t k = 0; k < l.size(); k += 997) {
    auto o = json_line(l[k]);
    BOOST_TEST(num(o, "start") == starts[k], "URL " << k);
    BOOST_TEST(str(o, "how") == (k % 2 ? "bare" : "wrapped"));
  }
  auto last = json_line(l.back());
  BOOST_TEST(num(last, "start") == starts.back());
  BOOST_TEST(in.substr(num(last, "start"), num(last, "end") - num(last, "start")) ==
             str(last, "url"));
}

BOOST_AUTO_TEST_SUITE_END()
