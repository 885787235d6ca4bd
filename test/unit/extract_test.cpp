// URLs in free text (RFC 1738 appendix "Recommendations for URLs in Context",
// draft-fielding-uri-url-00 Appendix B): both example paragraphs, every
// wrapper form, folding, the hyphen rule, trailing punctuation, and streaming
// in chunks of every size giving what one call over the whole text gives.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../extract_found.hpp"
#include "conformance.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;
using how = extracted::how_found;
using urlkit_test::catcher;
using urlkit_test::found;

namespace {

std::string without_ws(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') out += c;
  return out;
}

// Every URL of `text`, with its warnings, by one extractor.  urlkit::extract
// gives the same URLs and delivers the same warnings.
std::vector<found> extract_all(std::string_view text, const extract_options& o = {}) {
  std::vector<found> all = urlkit_test::extract_found(text, o);
  catcher again;
  const std::vector<extracted> plain = urlkit::extract(text, again.options(o));
  BOOST_TEST(plain.size() == all.size());
  std::size_t warnings = 0;
  for (const found& f : all) warnings += f.warnings.size();
  BOOST_TEST(again.pending.size() == warnings);
  return all;
}

// The range invariant: inside the input, and its bytes (white space removed)
// are the URL; the wrapper range holds the URL range.
template <class Found>
void check_ranges(std::string_view text, const std::vector<Found>& all) {
  std::size_t last = 0;
  for (const extracted& e : all) {
    BOOST_TEST(e.start < e.end);
    BOOST_TEST(e.end <= text.size());
    BOOST_TEST(e.outer_start <= e.start);
    BOOST_TEST(e.end <= e.outer_end);
    BOOST_TEST(e.outer_end <= text.size());
    BOOST_TEST(e.start >= last, "in order of appearance");
    last = e.start;
    if (e.end <= text.size())
      BOOST_TEST(without_ws(text.substr(e.start, e.end - e.start)) == e.url);
    if (e.how == how::bare) {
      BOOST_TEST(e.outer_start == e.start);
      BOOST_TEST(e.outer_end == e.end);
    } else {
      BOOST_TEST(text[e.outer_start] == '<');
      BOOST_TEST(text[e.outer_end - 1] == '>');
    }
  }
}

std::vector<std::string> urls_of(std::string_view text) {
  std::vector<std::string> out;
  for (const extracted& e : extract_all(text)) out.push_back(e.url);
  return out;
}

std::vector<std::string> urls_of_with(std::string_view text, const extract_options& o) {
  std::vector<std::string> out;
  for (const extracted& e : extract_all(text, o)) out.push_back(e.url);
  return out;
}

// The one URL of `text` (fails the test when there is not exactly one).
found only(std::string_view text) {
  auto all = extract_all(text);
  BOOST_TEST_REQUIRE(all.size() == 1u, "in " << text << ": " << all.size() << " URLs");
  check_ranges(text, all);
  return all[0];
}

using strings = std::vector<std::string>;

// The warnings as "offset N: message" lines, and "K more warnings not listed"
// after them when the list was cut short: what `urlkit extract` used to print.
strings texts(const found& e) {
  strings out;
  for (const warning& w : e.warnings) out.push_back(w.to_string());
  if (e.warnings_not_delivered > 0)
    out.push_back(std::to_string(e.warnings_not_delivered) + " more warnings not listed");
  return out;
}

// The warning of a bare URL found inside a "<URL:" wrapper that was given up.
std::string given_up(std::string_view why) {
  return "in a <URL: wrapper that was given up (" + std::string(why) +
         "): the URL may be cut short";
}

// Streaming gives what one call gives: `text` cut in two at every offset,
// and fed a byte at a time.
void check_streaming(std::string_view text, const extract_options& o = {}) {
  const auto whole = extract_all(text, o);
  catcher c;
  std::vector<found>& got = c.all;
  const extractor::sink keep = c.sink();
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    got.clear();
    extractor x(c.options(o));
    x.feed(text.substr(0, cut), keep);
    x.feed(text.substr(cut), keep);
    x.finish(keep);
    BOOST_TEST((got == whole), "cut at " << cut << " of " << text);
  }
  got.clear();
  extractor x(c.options(o));
  for (char ch : text) x.feed(std::string_view(&ch, 1), keep);
  x.finish(keep);
  BOOST_TEST((got == whole), "a byte at a time: " << text);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(extract_suite)

// RFC 1738, APPENDIX: the example paragraph as the seed copy has it, with a
// space where each line break was.
BOOST_AUTO_TEST_CASE(extract_rfc1738_example) {
  const std::string p =
      "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc; type=d> but you can "
      "probably pick it up from <URL:ftp://ds.in ternic.net/rfc>. Note the warning in "
      "<URL:http://ds.internic. net/instructions/overview.html#WARNING>.";
  const auto all = extract_all(p);
  BOOST_TEST_REQUIRE(all.size() == 3u);
  check_ranges(p, all);
  BOOST_TEST(all[0].url == "ftp://info.cern.ch/pub/www/doc;type=d");
  BOOST_TEST(all[1].url == "ftp://ds.internic.net/rfc");
  BOOST_TEST(all[2].url == "http://ds.internic.net/instructions/overview.html#WARNING");
  const std::size_t ranges[3][4] = {{32, 70, 27, 71}, {114, 140, 109, 141}, {168, 226, 163, 227}};
  for (std::size_t i = 0; i < 3; ++i) {
    BOOST_TEST((all[i].how == how::wrapped));
    BOOST_TEST(all[i].start == ranges[i][0]);
    BOOST_TEST(all[i].end == ranges[i][1]);
    BOOST_TEST(all[i].outer_start == ranges[i][2]);
    BOOST_TEST(all[i].outer_end == ranges[i][3]);
    BOOST_TEST(all[i].warnings.empty());
  }
}

// Draft Appendix B: the same paragraph without "URL:", laid out as printed.
BOOST_AUTO_TEST_CASE(extract_draft_example) {
  const std::string p =
      "Yes, Jim, I found it under <ftp://info.cern.ch/pub/www/doc;\n"
      "      type=d> but you can probably pick it up from <ftp://ds.in\n"
      "      ternic.net/rfc>.  Note the warning in <http://ds.internic.\n"
      "      net/instructions/overview.html#WARNING>.";
  const auto all = extract_all(p);
  BOOST_TEST_REQUIRE(all.size() == 3u);
  check_ranges(p, all);
  BOOST_TEST(all[0].url == "ftp://info.cern.ch/pub/www/doc;type=d");
  BOOST_TEST(all[1].url == "ftp://ds.internic.net/rfc");
  BOOST_TEST(all[2].url == "http://ds.internic.net/instructions/overview.html#WARNING");
  const std::size_t ranges[3][4] = {{28, 72, 27, 73}, {112, 144, 111, 145}, {169, 233, 168, 234}};
  for (std::size_t i = 0; i < 3; ++i) {
    BOOST_TEST((all[i].how == how::bracketed));
    BOOST_TEST(all[i].start == ranges[i][0]);
    BOOST_TEST(all[i].end == ranges[i][1]);
    BOOST_TEST(all[i].outer_start == ranges[i][2]);
    BOOST_TEST(all[i].outer_end == ranges[i][3]);
    BOOST_TEST(all[i].warnings.empty());
  }
}

// The same paragraphs inside the whole seed documents, at their offsets there.
BOOST_AUTO_TEST_CASE(extract_seed_documents) {
  const auto rfc1738 = urlkit_test::load_test_data("seeds/rfc1738-url.txt");
  const auto draft = urlkit_test::load_test_data("seeds/draft-fielding-uri-url-00.txt");
  for (const std::optional<std::string>* seed : {&rfc1738, &draft}) {
    if (!*seed) continue;  // load_test_data reported the failure
    const std::string& doc = **seed;
    const std::size_t at = doc.find("Yes, Jim, I found it under");
    BOOST_TEST_REQUIRE(at != std::string::npos);
    const auto all = extract_all(doc);
    check_ranges(doc, all);
    std::vector<std::string> in_paragraph;
    for (const extracted& e : all)
      if (e.start > at && e.start < at + 240) in_paragraph.push_back(e.url);
    BOOST_TEST(in_paragraph ==
                   (strings{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc",
                            "http://ds.internic.net/instructions/overview.html#WARNING"}),
               boost::test_tools::per_element());
  }
  // RFC 1738's references wrap theirs, some broken across lines.
  if (!rfc1738) return;
  const auto refs = urls_of(*rfc1738);
  BOOST_TEST((std::find(refs.begin(), refs.end(),
                        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/"
                        "Gopher+.txt") != refs.end()));
  BOOST_TEST((std::find(refs.begin(), refs.end(), "ftp://uu.psi.com/wp/nir.txt") != refs.end()));
}

BOOST_AUTO_TEST_CASE(extract_wrapper_forms) {
  found e = only("see <URL:http://a.example/b> now");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::wrapped));
  BOOST_TEST(e.start == 9u);
  BOOST_TEST(e.end == 27u);
  BOOST_TEST(e.outer_start == 4u);
  BOOST_TEST(e.outer_end == 28u);

  // "URL:" in any case, white space after it and before the ">".
  for (const char* t : {"<url: http://a.example/b>", "<Url:\n   http://a.example/b >",
                        "<uRL:\thttp://a.example/b\r\n>"}) {
    e = only(t);
    BOOST_TEST(e.url == "http://a.example/b", t);
    BOOST_TEST((e.how == how::wrapped), t);
    BOOST_TEST(std::string_view(t).substr(e.start, e.end - e.start) == "http://a.example/b", t);
  }

  e = only("<mailto:me@host.example>");
  BOOST_TEST(e.url == "mailto:me@host.example");
  BOOST_TEST((e.how == how::bracketed));
  BOOST_TEST(e.start == 1u);

  // Any scheme inside a wrapper; only known ones bare.
  BOOST_TEST(only("<foo://a/b>").url == "foo://a/b");
  BOOST_TEST(urls_of("foo://a/b").empty());
  // "URL:" says it is a URL, so a relative one counts; "<...>" needs a scheme.
  e = only("<URL:../g;p?q>");
  BOOST_TEST(e.url == "../g;p?q");
  BOOST_TEST((e.how == how::wrapped));
  BOOST_TEST(urls_of("<b>bold</b> <me@host> <../g> <> <URL:> <URL: >").empty());
  // Not URLs: a "<" used as "less than", text with a quote in it.
  BOOST_TEST(urls_of("a < b and c > d; if x<y then y>x").empty());
  BOOST_TEST(urls_of("<a title=\"x:y\">").empty());
}

BOOST_AUTO_TEST_CASE(extract_not_a_wrapper_is_text) {
  // White space after "<": not a wrapper, but the URL is still found bare.
  found e = only("< http://a.example/b >");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::bare));
  // HTML: the tags are not URLs; the text between them is searched.
  e = only("<b>http://a.example/b</b>");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::bare));
  BOOST_TEST(e.start == 3u);
  e = only("<a href=\"http://a.example/b\">here</a>");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::bare));
  // An unclosed "<", and one closed only after an empty line: a bare "<...>"
  // is given up at an empty line (a "<URL:" wrapper is not: see
  // extract_url_wrapper_ignores_empty_lines).
  BOOST_TEST(urls_of("<http://a.example/b and more") == strings{"http://a.example/b"});
  e = only("<http://a.example/b\n\nc>");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::bare));
  BOOST_TEST(e.warnings.empty());
  // Doubled brackets: the inner pair is the wrapper.
  e = only("<<URL:http://a.example/b>>");
  BOOST_TEST(e.url == "http://a.example/b");
  BOOST_TEST((e.how == how::wrapped));
  BOOST_TEST(e.outer_start == 1u);
  // A bare URL ends at "<", where a wrapper may start.
  BOOST_TEST(urls_of("http://a.example/b<URL:ftp://c.example/d>") ==
             (strings{"http://a.example/b", "ftp://c.example/d"}));
}

// RFC 1738 appendix, draft Appendix B: "extra whitespace (spaces,
// linebreaks, tabs, etc.) may need to be added to break long URLs across
// lines.  The whitespace should be ignored when extracting the URL."  Inside
// "<URL:...>" that holds for empty lines too.  The wrapper used to be given up
// at an empty line, and the part before it reported as a whole bare URL
// ("ftp://ds.in").
BOOST_AUTO_TEST_CASE(extract_url_wrapper_ignores_empty_lines) {
  const std::string t = "Yes, <URL:ftp://ds.in\n\nternic.net/rfc>.";
  found e = only(t);
  BOOST_TEST(e.url == "ftp://ds.internic.net/rfc");
  BOOST_TEST((e.how == how::wrapped));
  BOOST_TEST(e.start == 10u);
  BOOST_TEST(e.end == t.find('>'));
  BOOST_TEST(e.outer_start == 5u);
  BOOST_TEST(e.outer_end == t.find('>') + 1);
  BOOST_TEST(e.warnings.empty());

  // Any layout of white space: several empty lines, CRLF, lines of spaces,
  // tabs, form feeds and vertical tabs, after "URL:" and before the ">".
  for (const char* w :
       {"<URL:\n\nhttp://a.example/b\n\n>", "<url:http://a.example/\r\n\r\n\r\nb>",
        "<URL:http://a.example/ \t\n \f\v\n b>", "<URL:http://a.example/\n\n\n\n\n\n\n\nb>",
        "<URL:http://a.\r\rexample/b>", "<URL:ht\n\ntp://a.example/b>"}) {
    e = only(w);
    BOOST_TEST(e.url == "http://a.example/b", w);
    BOOST_TEST((e.how == how::wrapped), w);
    BOOST_TEST(e.warnings.empty(), w);
  }
  // The hyphen rule still applies to a line break followed by an empty line.
  const std::string h = "<URL:http://a.example/some-\n\n   thing>";
  e = only(h);
  BOOST_TEST(e.url == "http://a.example/some-thing");
  BOOST_TEST(texts(e) == strings{"offset " + std::to_string(h.find('-')) +
                                 ": line break after '-': the hyphen may or may not be part "
                                 "of the URL"},
             boost::test_tools::per_element());
  // Text after the wrapper is read as before.
  BOOST_TEST(urls_of("<URL:http://a.example/\n\nb> and\n\nhttp://c.example/d.") ==
             (strings{"http://a.example/b", "http://c.example/d"}));

  // A bare "<...>" keeps its rule: an empty line gives it up (in prose it
  // means the "<" opened nothing), and the URL in it is found bare.
  e = only("<ftp://ds.in\n\nternic.net/rfc>");
  BOOST_TEST(e.url == "ftp://ds.in");
  BOOST_TEST((e.how == how::bare));
  BOOST_TEST(e.warnings.empty());
  // "URL:" must follow the "<" at once to make a wrapper of it.
  BOOST_TEST(urls_of("<URL :http://a.example/\n\nb>") == strings{"http://a.example/"});

  for (std::string_view s :
       {std::string_view(t), std::string_view(h),
        std::string_view("<URL:\r\n\r\nhttp://a/\r\n\r\nb>"),
        std::string_view("<ftp://ds.in\n\nternic.net/rfc> <URL:x\n\ny> <Url:\n\n>")})
    check_streaming(s);
}

// A "<URL:" wrapper is given up only when no ">" closes it within max_length
// bytes, or a character that no URL holds comes first (draft 2.3.3: "<" and <">
// are "used as the delimiters around URLs", controls are excluded), or the
// input ends, or what it holds is not a URL.  Its end is then unknown: the text
// after any white space in it may be the rest of the URL ("The whitespace
// should be ignored").  So a bare URL found inside it is reported with a
// warning, at the URL's start, that it may be cut short.
BOOST_AUTO_TEST_CASE(extract_url_wrapper_given_up_warns) {
  struct row {
    const char* text;
    const char* url;
    std::size_t start;
    const char* why;
  };
  const row rows[] = {
      {"Yes, <URL:ftp://ds.in\n\nternic.net/rfc", "ftp://ds.in", 10,
       "the input ends before its '>'"},
      {"see <URL:http://a.example/b <b>x</b>", "http://a.example/b", 9, "'<' before its '>'"},
      {"see <URL:http://a.example/b\n\n\"x\">", "http://a.example/b", 9,
       "a double quote before its '>'"},
      {"see <URL:http://a.example/b \x01>", "http://a.example/b", 9,
       "a control character before its '>'"},
      {"see <URL:http://a:8o/ http://b.example/c>", "http://b.example/c", 22,
       "what it holds is not a URL"},
  };
  for (const row& r : rows) {
    const auto all = extract_all(r.text);
    BOOST_TEST_REQUIRE(all.size() == 1u, r.text);
    check_ranges(r.text, all);
    BOOST_TEST(all[0].url == r.url, r.text);
    BOOST_TEST((all[0].how == how::bare), r.text);
    BOOST_TEST(all[0].start == r.start, r.text);
    BOOST_TEST(
        texts(all[0]) == strings{"offset " + std::to_string(r.start) + ": " + given_up(r.why)},
        boost::test_tools::per_element());
    check_streaming(r.text);
  }

  // Every bare URL inside the wrapper gets it, none after it.
  auto all = extract_all("<URL:http://a/b\n\nsee http://c/d \"x\" http://e/f");
  BOOST_TEST_REQUIRE(all.size() == 3u);
  BOOST_TEST(all[0].warnings.size() == 1u);
  BOOST_TEST(all[1].warnings.size() == 1u);
  BOOST_TEST(all[2].warnings.empty());

  // Longer than max_length: the wrapper is bounded there.  A URL starting in
  // its first max_length bytes may be cut; one after them is read as text.
  extract_options o;
  o.max_length = 32;
  const std::string spaces(40, ' ');
  const std::string cut = "<URL:http://a.example/b" + spaces + "c>";
  all = extract_all(cut, o);
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST(all[0].url == "http://a.example/b");
  BOOST_TEST(texts(all[0]) == strings{"offset 5: " + given_up("no '>' within max_length bytes")},
             boost::test_tools::per_element());
  const std::string after = "<URL:" + spaces + "http://a.example/b>";
  all = extract_all(after, o);
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST(all[0].url == "http://a.example/b");
  BOOST_TEST(all[0].warnings.empty());
  check_streaming(cut, o);
  check_streaming(after, o);

  // The warning comes first, so that max_warnings never hides it behind the
  // parser's (here two "unwise" characters).
  o = {};
  o.max_warnings = 1;
  all = extract_all("<URL:http://a.example/{b}", o);
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST(texts(all[0]) == (strings{"offset 5: " + given_up("the input ends before its '>'"),
                                       "2 more warnings not listed"}),
             boost::test_tools::per_element());

  // A bare "<" given up is not a "<URL:" wrapper: no warning, as before.
  BOOST_TEST(only("<http://a.example/b and more").warnings.empty());
  BOOST_TEST(only("<http://a.example/b\n\nmore>").warnings.empty());
}

BOOST_AUTO_TEST_CASE(extract_folding) {
  const std::string lf = "<URL:http://host.example/a/very/\n     long/path.html>";
  const std::string crlf = "<URL:http://host.example/a/very/\r\n     long/path.html>";
  const std::string tabs = "<URL:http://host.example/a/very/\t\r\n\t\tlong/path.html\t>";
  for (const std::string& t : {lf, crlf, tabs}) {
    found e = only(t);
    BOOST_TEST(e.url == "http://host.example/a/very/long/path.html");
    BOOST_TEST(e.warnings.empty());
    BOOST_TEST(e.start == 5u);
    BOOST_TEST(e.end == t.find(".html") + 5);
  }
  // Spaces anywhere inside a "<URL:" wrapper, even in the scheme; in a bare
  // "<...>" not before the ":" (extract_not_code_or_markup).
  BOOST_TEST(only("<URL:ht tp : //a . example/ b>").url == "http://a.example/b");
  BOOST_TEST(only("<http: //a . example/ b>").url == "http://a.example/b");
  BOOST_TEST(extract_all("<http : //a . example/ b>").empty());
}

// Text holds "name:" and "<...>" for many things that are not URLs: Perl and
// C++ names, compiler messages, XML and C++ in changelogs.  A bare or
// bracketed candidate is a URL when "//" follows its scheme, or when its
// scheme is known and the scheme's own check accepts it; in a bracketed one,
// white space before the ":" means no scheme (extract.hpp, docs/extract.md).
// Lines as Debian changelogs and copyright files have them.
BOOST_AUTO_TEST_CASE(extract_not_code_or_markup) {
  const std::string text =
      "  * Use File::Spec to build paths; http::geturl now follows redirects.\n"
      "    src/foo.c: report FILE:LINE in messages (closes: #123456)\n"
      "  * Fix overflow in audit_rule_data::buf handling.\n"
      "    hb-ot-vorg-table.hh:87:34: error: in 'hb_sorted_array_t<const OT::VertOriginMetric>'\n"
      "    <xs:all> fix (Alexey Sarytchev); Data::Dumper output, ftp:// mirror list\n"
      "    <ht tp://a.example/> and <std::vector<int>> are no URLs either\n"
      "Source: https://example.org/pkg/releases\n"
      "  * New upstream release, see <http://example.org/news.html#v2>.\n"
      "Files: debian/* -- ftp://ftp.example.org/pub/x.tar.gz (mirror: "
      "http://mirror.example.net/x)\n"
      "  Contact <mailto:pkg@example.org>, or read <URL:xs:all> and\n"
      "  news:comp.lang.c; file:///usr/share/common-licenses/GPL-2 and data:,hello\n";
  const strings expected = {
      "https://example.org/pkg/releases",
      "http://example.org/news.html#v2",
      "ftp://ftp.example.org/pub/x.tar.gz",
      "http://mirror.example.net/x",
      "mailto:pkg@example.org",
      "xs:all",  // "URL:" says so
      "news:comp.lang.c",
      "file:///usr/share/common-licenses/GPL-2",
      "data:,hello",
  };
  // Without a registry (the standard schemes, their grammars not linked:
  // what every URL of each holds) and with the standard registry (each
  // scheme's own check): the same URLs.
  BOOST_TEST(urls_of(text) == expected, boost::test_tools::per_element());
  extract_options with_registry;
  with_registry.registry = &scheme_registry::standard();
  BOOST_TEST(urls_of_with(text, with_registry) == expected, boost::test_tools::per_element());
  check_ranges(text, extract_all(text));

  // The issue's candidates one by one: none is a URL, in either setting.
  for (const char* t : {"File::Spec", "http::geturl", "FILE:LINE", "audit_rule_data::buf",
                        "Data::Dumper", "<const OT::VertOriginMetric>", "<xs:all>", "file::ext",
                        "http:/x", "news::", "<foo:bar>", "<a\nb:c>"}) {
    BOOST_TEST_CONTEXT(t) {
      BOOST_TEST(urls_of(t).empty());
      BOOST_TEST(urls_of_with(t, with_registry).empty());
    }
  }
  // What only the scheme's own grammar refuses: the light check takes it.
  BOOST_TEST(urls_of("mailto:a@b%0D").size() == 1u);
  BOOST_TEST(urls_of_with("mailto:a@b%0D", with_registry).empty());
  // "//" after the scheme: a URL of any scheme, bare (when known) or
  // bracketed; a scheme of extra_schemes has the generic syntax for check.
  BOOST_TEST(urls_of("<foo://bar/x>") == strings{"foo://bar/x"});
  BOOST_TEST(urls_of("<file:/etc/hosts>") == strings{"file:/etc/hosts"});
  extract_options extra;
  extra.extra_schemes = {"urn"};
  BOOST_TEST(urls_of_with("see urn:isbn:0451450523 and <urn:x:y>", extra) ==
                 (strings{"urn:isbn:0451450523", "urn:x:y"}),
             boost::test_tools::per_element());
}

// Without a registry, extract knows of each standard scheme what every URL
// of it holds (src/core/standard_schemes.hpp): each mark is one the scheme's own
// check needs, which the standard registry shows by refusing URLs without it.
BOOST_AUTO_TEST_CASE(extract_standard_marks_are_needed) {
  const scheme_registry& r = scheme_registry::standard();
  struct c_ {
    const char* url;
    bool light;  // the light check takes it (the grammar then refuses it, or takes it)
  };
  const c_ cases[] = {
      {"http:/x", false},     {"http:x", false},  {"https:x", false},   {"ftp:/x", false},
      {"gopher:x", false},    {"nntp:/x", false}, {"telnet:x", false},  {"wais:/x", false},
      {"prospero:/x", false}, {"ws:/x", false},   {"wss:x", false},     {"file:x", false},
      {"file::x", false},     {"data:x", false},  {"data::buf", false}, {"data:text/plain", false},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto u = parse_reference(c.url);
      BOOST_REQUIRE(u);
      BOOST_TEST(!r.check(*u));  // the grammar refuses it
      BOOST_TEST(urls_of(c.url).size() == (c.light ? 1u : 0u));
    }
  }
  // And takes these, which the light check takes too.
  for (const char* url : {"file:/etc/x", "data:,x", "news:comp.lang.c", "mailto:a@b.org"}) {
    BOOST_TEST_CONTEXT(url) {
      BOOST_TEST(static_cast<bool>(r.check(*parse_reference(url))));
      BOOST_TEST(urls_of(url).size() == 1u);
    }
  }
}

// RFC 1738 appendix, draft Appendix B: "the interpreter of a URL containing a
// line break immediately after a hyphen should ignore all unencoded whitespace
// around the line break, and should be aware that the hyphen may or may not
// actually be part of the URL."
BOOST_AUTO_TEST_CASE(extract_hyphen_rule) {
  // The hyphen belongs ("some-thing") or was added by a typesetter
  // ("hyphen-ation"): either way it is kept, with a warning.
  const std::string belongs = "<URL:http://host.example/some-\n      thing.html>";
  found e = only(belongs);
  BOOST_TEST(e.url == "http://host.example/some-thing.html");
  BOOST_TEST_REQUIRE(e.warnings.size() == 1u);
  BOOST_TEST(texts(e)[0] == "offset " + std::to_string(belongs.find('-')) +
                                ": line break after '-': the hyphen may or may not be part "
                                "of the URL");

  e = only("<http://host.example/hyphen-  \r\n  ation.html>");
  BOOST_TEST(e.url == "http://host.example/hyphen-ation.html");
  BOOST_TEST(e.warnings.size() == 1u);

  // A space after a "-" without a line break is only white space.
  e = only("<URL:http://host.example/a- b>");
  BOOST_TEST(e.url == "http://host.example/a-b");
  BOOST_TEST(e.warnings.empty());

  // Bare URLs go on across such a break too (and only such a break).
  const std::string bare = "see http://host.example/long-\n    name.html for it";
  e = only(bare);
  BOOST_TEST(e.url == "http://host.example/long-name.html");
  BOOST_TEST((e.how == how::bare));
  BOOST_TEST(e.start == 4u);
  BOOST_TEST(e.end == bare.find(" for"));
  BOOST_TEST(e.warnings.size() == 1u);
  BOOST_TEST(urls_of("see http://host.example/long\n    name.html") ==
             strings{"http://host.example/long"});
  BOOST_TEST(urls_of("http://host.example/a- b") == strings{"http://host.example/a-"});
  BOOST_TEST(urls_of("http://host.example/a-\n\nb") == strings{"http://host.example/a-"});
  BOOST_TEST(urls_of("http://host.example/a-\n<b>") == strings{"http://host.example/a-"});
  e = only("http://host.example/a-\n");
  BOOST_TEST(e.url == "http://host.example/a-");
  BOOST_TEST(e.warnings.empty());
  // What the next line adds may be trimmed away again; then no warning.
  e = only("(http://host.example/a-\n).");
  BOOST_TEST(e.url == "http://host.example/a-");
  BOOST_TEST(e.end == 23u);
  BOOST_TEST(e.warnings.empty());
}

BOOST_AUTO_TEST_CASE(extract_trailing_punctuation) {
  struct row {
    const char* text;
    const char* url;
  };
  const row rows[] = {
      {"(see http://a/b).", "http://a/b"},
      {"http://a/b),", "http://a/b"},
      {"\"http://a/b\"", "http://a/b"},
      {"'http://a/b'", "http://a/b"},
      {"http://a/(b)", "http://a/(b)"},
      {"(http://a/(b))", "http://a/(b)"},
      {"http://a/b.", "http://a/b"},
      {"http://a/b...", "http://a/b"},
      {"http://a/b.html.", "http://a/b.html"},
      {"Is it http://a/b?", "http://a/b"},
      {"http://a/b?q", "http://a/b?q"},
      {"http://a/b;", "http://a/b"},
      {"http://a/b;type=d", "http://a/b;type=d"},
      {"http://a/b:", "http://a/b"},
      {"http://a/b!", "http://a/b"},
      {"http://a/b#", "http://a/b#"},
      {"http://a/b>", "http://a/b"},
      {"[http://a/b]", "http://a/b"},
      {"{http://a/b}", "http://a/b"},
      {"`http://a/b`", "http://a/b"},
      {"\xE2\x80\x9Chttp://a/b\xE2\x80\x9D.", "http://a/b"},
      {"\xC2\xABhttp://a/b\xC2\xBB", "http://a/b"},
      {"mailto:me@host.example.", "mailto:me@host.example"},
      {"ftp://a/b),;:!?'.", "ftp://a/b"},
  };
  for (const row& r : rows) {
    found e = only(r.text);
    BOOST_TEST(e.url == r.url, r.text);
    BOOST_TEST((e.how == how::bare), r.text);
    BOOST_TEST(std::string_view(r.text).substr(e.start, e.end - e.start) == r.url, r.text);
  }
  // Nothing left after the scheme: not a URL.
  BOOST_TEST(urls_of("the http: scheme, mailto:, and news:.").empty());
  BOOST_TEST(
      urls_of("An HTTP URL takes the form:\nhttp://<host>:<port>/<path>?<searchpart>").empty());
  BOOST_TEST(urls_of("file:///") == strings{"file:///"});
}

BOOST_AUTO_TEST_CASE(extract_bare_schemes) {
  // The standard schemes, https and data, in any case.
  BOOST_TEST(urls_of("ftp://a/b gopher://a/1 mailto:a@b news:comp.x nntp://a/g/1 telnet://a "
                     "wais://a/d file://a/b prospero://a/b HTTP://A/B https://a/b data:,A") ==
             (strings{"ftp://a/b", "gopher://a/1", "mailto:a@b", "news:comp.x", "nntp://a/g/1",
                      "telnet://a", "wais://a/d", "file://a/b", "prospero://a/b", "HTTP://A/B",
                      "https://a/b", "data:,A"}));
  // A scheme name must not continue a word; "URL:" before one is not part of it.
  BOOST_TEST(urls_of("xhttp://a/b 2http://a/b").empty());
  BOOST_TEST(urls_of("URL:http://a/b") == strings{"http://a/b"});
  BOOST_TEST(urls_of("(http://a/b)") == strings{"http://a/b"});
  // Another scheme list.
  extract_options o;
  o.extra_schemes = {"foo"};
  const auto all = extract_all("foo:bar imap://a/b https://c/d", o);
  BOOST_TEST_REQUIRE(all.size() == 2u);
  BOOST_TEST(all[0].url == "foo:bar");
  BOOST_TEST(all[1].url == "https://c/d");  // the standard registry knows https
  BOOST_TEST(urls_of("ws://a/b wss://c/d imap://e/f") == (strings{"ws://a/b", "wss://c/d"}));
  // A candidate the parser refuses is skipped.
  BOOST_TEST(urls_of("http://a:8o/ and <http://b:x/>").empty());
}

// A scheme name may hold "+", "-" and "." (RFC 1738 2.1): a known one such as
// "svn+ssh" is found whole, and a known name after one of them still starts
// a URL, as it did when only letters and digits were read.  The scanner used
// to stop a name at its first "+", so "svn+ssh:" was never found.
BOOST_AUTO_TEST_CASE(extract_scheme_names_with_plus_minus_dot) {
  extract_options o;
  o.extra_schemes = {"svn+ssh", "x-y.z"};
  BOOST_TEST(urls_of_with("see svn+ssh://h/r, x-y.z:q.", o) ==
             (strings{"svn+ssh://h/r", "x-y.z:q"}));
  BOOST_TEST(urls_of_with("a.http://h/ b+ftp://h/ c-svn+ssh://h/", o) ==
             (strings{"http://h/", "ftp://h/", "svn+ssh://h/"}));
  // Not known as a whole, and nothing known after a separator.
  BOOST_TEST(urls_of_with("svn+git://h/ x.y:z", o).empty());
  // Split across chunks in the middle of the name.
  extractor x(o);
  std::vector<std::string> got;
  const auto keep = [&got](const extracted& e) { got.push_back(e.url); };
  x.feed("go svn+", keep);
  x.feed("ssh://h/r now", keep);
  x.finish(keep);
  BOOST_TEST(got == (strings{"svn+ssh://h/r"}));
}

BOOST_AUTO_TEST_CASE(extract_parse_warnings) {
  // Lenient parsing (draft 2.3.3): offsets are input offsets, across folds.
  const std::string t = "x <URL:http://a.example/\n  {b}>";
  found e = only(t);
  BOOST_TEST(e.url == "http://a.example/{b}");
  BOOST_TEST_REQUIRE(e.warnings.size() == 2u);
  BOOST_TEST(texts(e)[0].rfind("offset " + std::to_string(t.find('{')) + ": unwise", 0) == 0u,
             texts(e)[0]);
  BOOST_TEST(texts(e)[1].rfind("offset " + std::to_string(t.find('}')) + ": unwise", 0) == 0u,
             texts(e)[1]);

  // At most max_warnings listed, then how many more there were.
  extract_options o;
  o.max_warnings = 3;
  const auto all = extract_all("http://a/||||||||||", o);
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST_REQUIRE(texts(all[0]).size() == 4u);
  BOOST_TEST(all[0].warnings_not_delivered == 7u);
  BOOST_TEST(texts(all[0])[3] == "7 more warnings not listed");
}

namespace {

const std::string mixed =
    "From: jim@host.example\r\n"
    "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\r\n"
    "\ttype=d> but (see http://a.example/b), or \"https://c.example/d?e=f\".\n"
    "<b>bold</b> <mailto:x@y.example> <url:\n   http://h.example/some-\n   thing>\n"
    "a < b > c; ftp://x.example/long-\n  name.txt, <http://z.example/\xC3\xA9t\xC3\xA9>!\n"
    "news:comp.infosystems.www xnews:no <URL:../rel> data:,Hello%2C%20World! "
    "http://h/{x}.\n\n<http://unclosed.example/ and then http://last.example/end";

std::vector<found> streamed(std::string_view text, std::size_t chunk) {
  catcher c;
  extractor x(c.options());
  const extractor::sink keep = c.sink();
  for (std::size_t i = 0; i < text.size(); i += chunk) x.feed(text.substr(i, chunk), keep);
  x.finish(keep);
  return std::move(c.all);
}

}  // namespace

BOOST_AUTO_TEST_CASE(extract_mixed_text) {
  const auto all = extract_all(mixed);
  check_ranges(mixed, all);
  strings urls;
  for (const auto& e : all) urls.push_back(std::string(to_string(e.how)) + " " + e.url);
  BOOST_TEST(urls == (strings{
                         "wrapped ftp://info.cern.ch/pub/www/doc;type=d",
                         "bare http://a.example/b",
                         "bare https://c.example/d?e=f",
                         "bracketed mailto:x@y.example",
                         "wrapped http://h.example/some-thing",
                         "bare ftp://x.example/long-name.txt",
                         "bracketed http://z.example/\xC3\xA9t\xC3\xA9",
                         "bare news:comp.infosystems.www",
                         "wrapped ../rel",
                         "bare data:,Hello%2C%20World",
                         "bare http://h/{x}",
                         "bare http://unclosed.example/",
                         "bare http://last.example/end",
                     }),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(extract_streaming_equals_whole) {
  const auto whole = extract_all(mixed);
  BOOST_TEST_REQUIRE(whole.size() == 13u);
  for (std::size_t chunk = 1; chunk <= 64; ++chunk) {
    const auto parts = streamed(mixed, chunk);
    BOOST_TEST(parts.size() == whole.size(), "chunk " << chunk);
    for (std::size_t i = 0; i < parts.size() && i < whole.size(); ++i)
      BOOST_TEST((parts[i] == whole[i]), "chunk " << chunk << ", URL " << i << ": " << parts[i].url
                                                  << " [" << parts[i].start << "," << parts[i].end
                                                  << ")");
  }
  // The seed documents, in odd-sized chunks.
  const auto seed = urlkit_test::load_test_data("seeds/rfc1738-url.txt");
  if (!seed) return;  // load_test_data reported the failure
  const std::string& doc = *seed;
  const auto doc_whole = extract_all(doc);
  BOOST_TEST(doc_whole.size() > 20u);
  for (std::size_t chunk : {1u, 7u, 4096u}) BOOST_TEST((streamed(doc, chunk) == doc_whole));
}

// Each URL comes out once the byte after it is read, not at the end.
BOOST_AUTO_TEST_CASE(extract_reports_as_soon_as_complete) {
  std::vector<std::string> got;
  extractor x;
  const extractor::sink keep = [&](extracted& e) { got.push_back(e.url); };
  x.feed("a <URL:http://a.example/", keep);
  BOOST_TEST(got.empty());
  x.feed("b> and http://c.example/d", keep);
  BOOST_TEST(got == strings{"http://a.example/b"});
  x.feed(" then", keep);
  BOOST_TEST(got == (strings{"http://a.example/b", "http://c.example/d"}));
  x.feed(" http://e.example/f", keep);
  BOOST_TEST(got.size() == 2u);
  x.finish(keep);
  BOOST_TEST(got.size() == 3u);

  // After finish() a new stream starts, offsets from 0.
  std::vector<extracted> again;
  const extractor::sink keep2 = [&](extracted& e) { again.push_back(e); };
  x.feed("http://g.example/", keep2);
  x.finish(keep2);
  BOOST_TEST_REQUIRE(again.size() == 1u);
  BOOST_TEST(again[0].start == 0u);
}

// Memory is bounded by max_length, not by the input: an unclosed "<" or an
// endless token is given up once longer than that, and its text still searched.
BOOST_AUTO_TEST_CASE(extract_bounded) {
  extract_options o;
  o.max_length = 1000;
  extractor x(o);
  std::vector<std::string> got;
  const extractor::sink keep = [&](extracted& e) { got.push_back(e.url); };
  x.feed("<URL:", keep);
  const std::string filler(100, 'a');
  std::size_t most = 0;
  for (int i = 0; i < 200; ++i) {
    x.feed(filler, keep);
    most = std::max(most, x.pending());
  }
  x.feed(" http://a.example/b> http://", keep);
  for (int i = 0; i < 200; ++i) {
    x.feed(filler, keep);
    most = std::max(most, x.pending());
  }
  x.feed(" <http://c.example/d>", keep);
  x.finish(keep);
  BOOST_TEST(most <= 1100u);
  BOOST_TEST(got == (strings{"http://a.example/b", "http://c.example/d"}));

  // Within the limit, a long one is reported.
  const std::string long_url = "http://a.example/" + std::string(5000, 'x');
  BOOST_TEST(urls_of("<URL:" + long_url + ">") == strings{long_url});
}

// max_length counts the whole wrapper, "<" to ">": one of max_length bytes is
// reported, one byte more is not (its text is still searched, so the URL in
// it comes out bare).  Fuzzing found the wrapper of max_length + 1 bytes
// reported as wrapped.
BOOST_AUTO_TEST_CASE(extract_max_length_counts_the_wrapper) {
  extract_options o;
  o.max_length = 16;
  auto all = extract_all("<URL:http://a/b>", o);  // 16 bytes
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST((all[0].how == how::wrapped));
  all = extract_all("<URL:http://a/bc>", o);  // 17 bytes
  BOOST_TEST_REQUIRE(all.size() == 1u);
  BOOST_TEST((all[0].how == how::bare));
  BOOST_TEST(all[0].url == "http://a/bc");
  // ... with the warning that the wrapper was given up, so the URL may be cut.
  BOOST_TEST(texts(all[0]) == strings{"offset 5: " + given_up("no '>' within max_length bytes")},
             boost::test_tools::per_element());
  // The same bound for a bare URL: 16 bytes reported, 17 not.
  BOOST_TEST(urls_of_with("http://a/bcdefgh", o) == strings{"http://a/bcdefgh"});
  BOOST_TEST(urls_of_with("http://a/bcdefghi", o).empty());
}

// extract_cut (the parallel runs' cut, now in the library): at every prefix
// of texts made to trouble it (hyphens at line ends, wrappers over empty
// lines, "<" that open nothing), the parts it makes, scanned on their own and
// shifted, give exactly the URLs of one pass over the whole.
BOOST_AUTO_TEST_CASE(extract_cut_gives_the_urls_of_one_pass) {
  const std::vector<std::string> texts = {
      "see http://a.example/x-\n  y and\n\nftp://b.example/c\n",
      "Yes, <URL:ftp://ds.in\n\nternic.net/rfc>.\n\nSee <URL:http://a.example/b\nmore\n",
      "<not a wrapper\n\n<http://c.example/d>\nx < y\nhttp://e.example/\n",
      "a-\nb-\nhttp://f.example/g-\nh\n\n<URL:\nhttp://i.example/\n>\n",
      "<URL:http://j.example/\"quote\"\nhttp://k.example/\n",
      "x\n\nz> <URL:\nz> <URL:\nz> <URL:http://l.example/\n"};
  extract_options small, below_floor;
  small.max_length = 24;
  below_floor.max_length = 3;  // the scanner keeps at least 8: so must the cut
  for (const extract_options& o : {extract_options{}, small, below_floor})
    for (const std::string& t : texts) {
      const std::vector<found> whole = extract_all(t, o);
      for (std::size_t n = 0; n <= t.size(); ++n) {
        const std::size_t cut = extract_cut(std::string_view(t).substr(0, n), false, o);
        BOOST_TEST_REQUIRE(cut <= n);
        BOOST_TEST((cut == 0 || t[cut - 1] == '\n'));
        std::vector<found> parts = extract_all(std::string_view(t).substr(0, cut), o);
        for (found e : extract_all(std::string_view(t).substr(cut), o)) {
          e.shift(cut);
          parts.push_back(std::move(e));
        }
        BOOST_TEST((parts == whole), "cut " << cut << " of " << n << " in: " << t);
      }
      BOOST_TEST(extract_cut(t, true, o) == t.size());
    }
}

BOOST_AUTO_TEST_SUITE_END()
