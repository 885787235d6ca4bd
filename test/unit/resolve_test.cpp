// resolve(): draft-fielding-uri-url-00 section 6, Steps 1-7, and Appendix C.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../appendix_c.hpp"
#include "alloc_counter.hpp"
#include "awkward_paths.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

namespace {

using appendix_c::example;
constexpr std::string_view appendix_c_base = appendix_c::base;  // also the steps' base below

std::string resolved(std::string_view base, std::string_view ref) {
  auto r = urlkit::resolve(base, ref);
  BOOST_TEST_INFO("base <" << base << "> reference <" << ref << ">");
  BOOST_REQUIRE_MESSAGE(r.has_value(), "resolve failed: " << r.error().to_string());
  return *r;
}

void check_all(std::string_view base, std::span<const example> examples) {
  for (const auto& e : examples) {
    BOOST_TEST_CONTEXT("base <" << base << "> reference <" << e.reference << ">") {
      BOOST_TEST(resolved(base, e.reference) == e.expected);
    }
  }
}

// For a table written in place.
void check_all(std::string_view base, std::initializer_list<example> examples) {
  check_all(base, std::span<const example>(examples.begin(), examples.size()));
}

urlkit::error resolve_error(std::string_view base, std::string_view ref) {
  auto r = urlkit::resolve(base, ref);
  BOOST_TEST_INFO("base <" << base << "> reference <" << ref << ">");
  BOOST_REQUIRE(!r.has_value());
  return r.error();
}

// Step 6 a)-d) applied literally, by string pattern matching, as the draft
// words it: the reference the linear pass is checked against.
bool segment_start(const std::string& s, std::size_t i) {
  return i == 0 || s[i - 1] == '/';
}

std::string literal_dot_removal(std::string s) {
  // a) every "./" where "." is a complete segment
  for (std::size_t i = 0; i < s.size();) {
    if (segment_start(s, i) && s.compare(i, 2, "./") == 0) {
      s.erase(i, 2);
    } else {
      ++i;
    }
  }
  // b) a last "." segment
  if (s == "." || (s.size() >= 2 && s.compare(s.size() - 2, 2, "/.") == 0)) s.pop_back();
  // c) the leftmost "<segment>/../" with <segment> != "..", until none is left
  for (bool again = true; again;) {
    again = false;
    for (std::size_t i = 0; i <= s.size(); ++i) {
      if (!segment_start(s, i)) continue;
      const std::size_t j = s.find('/', i);
      if (j == std::string::npos) break;
      if (s.compare(i, j - i, "..") != 0 && s.compare(j, 4, "/../") == 0) {
        s.erase(i, j + 4 - i);
        again = true;
        break;
      }
    }
  }
  // d) a last "<segment>/.." with <segment> != ".."
  if (s.size() >= 3 && s.compare(s.size() - 3, 3, "/..") == 0) {
    const std::size_t j = s.size() - 3;
    std::size_t i = j;
    while (i > 0 && s[i - 1] != '/') --i;
    if (s.compare(i, j - i, "..") != 0) s.erase(i);
  }
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(resolve)

// Appendix C.1, every line, against "Content-Base: http://a/b/c/d;p?q".
BOOST_AUTO_TEST_CASE(appendix_c1_normal_examples) {
  check_all(appendix_c_base, appendix_c::normal);
}

// Appendix C.2, every line.
BOOST_AUTO_TEST_CASE(appendix_c2_abnormal_examples) {
  check_all(appendix_c_base, appendix_c::abnormal);
}

// The url_view overload gives the same answers.
BOOST_AUTO_TEST_CASE(view_overload) {
  auto base = urlkit::parse_reference(appendix_c_base);
  BOOST_REQUIRE(base.has_value());
  for (std::string_view ref : {"g", "../../../g", "#s", "", "//g", "?y", ";x"}) {
    auto r = urlkit::parse_reference(ref);
    BOOST_REQUIRE(r.has_value());
    auto a = urlkit::resolve(*base, *r);
    auto b = urlkit::resolve(appendix_c_base, ref);
    BOOST_REQUIRE(a.has_value());
    BOOST_REQUIRE(b.has_value());
    BOOST_TEST(*a == *b);
  }
}

// resolve_into: the same results into a caller's string, which is reused:
// once it has grown to the longest result, a loop over every example of
// Appendix C allocates nothing.  An error leaves the string as it was.
BOOST_AUTO_TEST_CASE(resolve_into_reuses_the_callers_string) {
  auto base = urlkit::parse_reference(appendix_c_base);
  BOOST_REQUIRE(base.has_value());
  std::vector<urlkit::url_view> refs;
  for (const auto* set : {&appendix_c::normal, &appendix_c::abnormal})
    for (const example& e : *set) {
      auto r = urlkit::parse_reference(e.reference);
      BOOST_REQUIRE(r.has_value());
      refs.push_back(*r);
    }
  std::string out;
  out.reserve(256);
  for (const urlkit::url_view& r : refs) {
    BOOST_TEST_REQUIRE(urlkit::resolve_into(*base, r, out).has_value());
    BOOST_TEST(out == urlkit::resolve(*base, r).value());
  }
  const std::size_t n = urlkit_test::allocations_of([&] {
    for (const urlkit::url_view& r : refs) (void)urlkit::resolve_into(*base, r, out);
  });
  BOOST_TEST(n == 0u);
  out = "kept";
  auto relative = urlkit::parse_reference("rel/base");
  BOOST_TEST(!urlkit::resolve_into(*relative, refs[0], out).has_value());
  BOOST_TEST(out == "kept");
}

// Step 1: an empty (unknown) base; the reference must be absolute.
BOOST_AUTO_TEST_CASE(step1_empty_base) {
  BOOST_TEST(resolved("", "http://x/y;p?q#f") == "http://x/y;p?q#f");
  BOOST_TEST(resolved("", "mailto:a@b") == "mailto:a@b");
  for (std::string_view ref : {"g", "", "#f", "/g", "//g", "?y"}) {
    const auto e = resolve_error("", ref);
    BOOST_TEST((e.code == urlkit::error_code::base_undefined));
    BOOST_TEST((e.rule == urlkit::rule::base));
    BOOST_TEST(e.source == "base");
    BOOST_TEST(e.offset == 0u);
  }
  // A default url_view is the unknown base too.
  auto ref = urlkit::parse_reference("http:g");
  BOOST_REQUIRE(ref.has_value());
  auto r = urlkit::resolve(urlkit::url_view{}, *ref);
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(*r == "http:g");
}

// Section 5: a base is an absoluteURL.
BOOST_AUTO_TEST_CASE(relative_base_is_an_error) {
  // A reference that is itself bad ("a b") does not go first: the base is
  // read whole before the reference is.
  for (std::string_view base : {"a/b", "/a/b", "//a/b", "?q", "#f"}) {
    for (std::string_view ref : {"g", "", "http://x/", "a b", "http://h:8o/"}) {
      const auto e = resolve_error(base, ref);
      BOOST_TEST((e.code == urlkit::error_code::base_not_absolute));
      BOOST_TEST((e.rule == urlkit::rule::base));
      BOOST_TEST(e.source == "base");
      BOOST_TEST(e.source == "base");
      BOOST_TEST(e.offset == 0u);
    }
  }
}

// Draft 4.2: "relative URLs cannot be used within documents that have
// unsuitable base URLs".  Which bases are unsuitable is the scheme registry's
// word: mailto, news and data are opaque (RFC 1738 3.5, 3.6; RFC 2397), in any
// case and whatever follows the ":".  Same-document and absolute references
// still work.
BOOST_AUTO_TEST_CASE(opaque_base) {
  for (std::string_view base : {"mailto:a@b", "news:comp.infosystems.www", "NEWS:x",
                                "mailto:", "data:,A%20b", "news://h/x"}) {
    for (std::string_view ref : {"g", "./g", "/g", "//g", "?y", ";x", "..", "g#f"}) {
      const auto e = resolve_error(base, ref);
      BOOST_TEST((e.code == urlkit::error_code::base_not_generic));
      BOOST_TEST((e.rule == urlkit::rule::base));
      BOOST_TEST(e.source == "base");
      BOOST_TEST(e.source == "base");
      BOOST_TEST(e.offset == base.find(':') + 1);
      BOOST_TEST(e.message().find("opaque") != std::string::npos);
    }
  }
  BOOST_TEST(resolved("mailto:a@b", "") == "mailto:a@b");
  BOOST_TEST(resolved("mailto:a@b#x", "#f") == "mailto:a@b#f");
  BOOST_TEST(resolved("mailto:a@b", "http:g") == "http:g");
  BOOST_TEST(resolved("news:comp.x", "news:comp.y") == "news:comp.y");
}

// Draft 4.2: generic-URL = scheme ":" relativeURL, and relativeURL includes
// rel_path, so a base whose path is relative (no server, no "/") is generic
// unless its scheme is registered as opaque.  Step 6 merges as for any path.
BOOST_AUTO_TEST_CASE(base_with_relative_path) {
  check_all("foo:a/b/c", {
                             {"d", "foo:a/b/d"},
                             {"../d", "foo:a/d"},
                             {"../../d", "foo:d"},
                             {"../../../d", "foo:../d"},
                             {"./", "foo:a/b/"},
                             {"/d", "foo:/d"},
                             {"//h/d", "foo://h/d"},
                             {"?y", "foo:a/b/c?y"},
                             {";x", "foo:a/b/c;x"},
                             {"#f", "foo:a/b/c#f"},
                         });
  // Appendix C's own result "http:g" is a base too.
  check_all("http:g", {{"d", "http:d"}, {"../d", "http:../d"}, {"/d", "http:/d"}});
  // A scheme the registry does not know is generic: "urn:x:y" has the path "x:y".
  BOOST_TEST(resolved("urn:x:y", "g") == "urn:g");
}

// A scheme of the caller's own, registered as opaque, refuses relative
// references; the same base against the standard registry does not.
BOOST_AUTO_TEST_CASE(opaque_user_scheme) {
  struct opaque_handler final : urlkit::scheme_handler {
    std::string_view name() const noexcept override { return "x-tag"; }
    std::optional<std::uint16_t> default_port() const noexcept override { return std::nullopt; }
    bool opaque() const noexcept override { return true; }
    urlkit::result<void> check(const urlkit::url_view&,
                               const urlkit::scheme_options&) const override {
      return {};
    }
  };
  auto registry = urlkit::scheme_registry::with_standard_schemes();
  registry.add(std::make_shared<opaque_handler>());
  BOOST_TEST(registry.is_opaque("X-Tag"));
  BOOST_TEST(registry.is_opaque("mailto"));
  BOOST_TEST(!registry.is_opaque("http"));
  BOOST_TEST(!registry.is_opaque("unknown"));
  auto base = urlkit::parse_reference("x-tag:a/b");
  auto ref = urlkit::parse_reference("c");
  BOOST_REQUIRE(base.has_value());
  BOOST_REQUIRE(ref.has_value());
  auto mine = urlkit::resolve(*base, *ref, registry);
  BOOST_REQUIRE(!mine.has_value());
  BOOST_TEST((mine.error().code == urlkit::error_code::base_not_generic));
  auto standard = urlkit::resolve(*base, *ref);
  BOOST_REQUIRE(standard.has_value());
  BOOST_TEST(*standard == "x-tag:a/c");
  auto rel = urlkit::make_relative(*base, *urlkit::parse_reference("x-tag:a/d"), registry);
  BOOST_REQUIRE(rel.has_value());
  BOOST_TEST(*rel == "x-tag:a/d");
}

// A generic base without a server or "/": "http:" and "http:?q".
BOOST_AUTO_TEST_CASE(base_without_server_or_slash) {
  BOOST_TEST(resolved("http:", "g") == "http:g");
  BOOST_TEST(resolved("http:?q", "g") == "http:g");
  BOOST_TEST(resolved("http:?q", "?y") == "http:?y");
  BOOST_TEST(resolved("http:", "../g") == "http:../g");
  BOOST_TEST(resolved("http:", "/g") == "http:/g");
  BOOST_TEST(resolved("file:/x/y", "g") == "file:/x/g");
  BOOST_TEST(resolved("file:/x/y", "../g") == "file:/g");
  // Step 3: the server is inherited "if any": an empty server in the
  // reference against a base without one leaves none.
  BOOST_TEST(resolved("file:/x/y", "///g") == "file:/g");
}

// A base whose server has no "/" after it: the result needs one between
// server and path (draft 4.3.1, a server ends at "/").
BOOST_AUTO_TEST_CASE(base_with_server_and_no_path) {
  check_all("http://a", {
                            {"g", "http://a/g"},
                            {"g/h", "http://a/g/h"},
                            {"./g", "http://a/g"},
                            {"..", "http://a/.."},
                            {"../g", "http://a/../g"},
                            {".", "http://a"},
                            {"./", "http://a"},
                            {"", "http://a"},
                            {"#f", "http://a#f"},
                            {"?y", "http://a/?y"},
                            {";x", "http://a/;x"},
                            {"/g", "http://a/g"},
                            {"/", "http://a/"},
                            {"//b", "http://b"},
                        });
  check_all("http://a/", {
                             {"g", "http://a/g"},
                             {".", "http://a/"},
                             {"..", "http://a/.."},
                             {"", "http://a/"},
                         });
}

// Step 3: only a non-empty server stops inheritance.
BOOST_AUTO_TEST_CASE(step3_servers) {
  check_all(appendix_c_base, {
                                 {"///g", "http://a/g"},
                                 {"///", "http://a/"},
                                 {"//", "http://a/b/c/d;p?q"},
                                 {"//x", "http://x"},
                                 {"//x/", "http://x/"},
                                 {"//u:p@x:8/g/../h;x?y#z", "http://u:p@x:8/g/../h;x?y#z"},
                                 {"//x#f", "http://x#f"},
                             });
  BOOST_TEST(resolved("ftp://u:pw@h:21/a/b;type=d", "c") == "ftp://u:pw@h:21/a/c");
  BOOST_TEST(resolved("ftp://u:pw@h:21/a/b;type=d", "//h2/z") == "ftp://h2/z");
  BOOST_TEST(resolved("file:///x/y", "g") == "file:///x/g");
  BOOST_TEST(resolved("file:///x/y", "///g") == "file:///g");
}

// Step 4: an absolute path is taken as written, dot segments and all.
BOOST_AUTO_TEST_CASE(step4_absolute_paths) {
  check_all(appendix_c_base, {
                                 {"/", "http://a/"},
                                 {"/g/../h/./i", "http://a/g/../h/./i"},
                                 {"/g;x", "http://a/g;x"},
                                 {"/g?y", "http://a/g?y"},
                                 {"/;x", "http://a/;x"},
                                 {"//a//g", "http://a//g"},
                             });
}

// Step 5: the path, then parameters, then query are inherited until the
// reference has a non-empty one.
BOOST_AUTO_TEST_CASE(step5_parameters_and_query) {
  check_all(appendix_c_base, {
                                 {";", "http://a/b/c/d;p?q"},
                                 {"?", "http://a/b/c/d;p?q"},
                                 {";?", "http://a/b/c/d;p?q"},
                                 {";x?y", "http://a/b/c/d;x?y"},
                                 {";x?", "http://a/b/c/d;x?"},
                                 {";?y", "http://a/b/c/d;p?y"},
                                 {";x#f", "http://a/b/c/d;x#f"},
                                 {"?y#f", "http://a/b/c/d;p?y#f"},
                                 {";#f", "http://a/b/c/d;p?q#f"},
                                 {";x;z", "http://a/b/c/d;x;z"},
                                 {";x/y", "http://a/b/c/d;x/y"},
                             });
  // A base without parameters or query: there is nothing to inherit, and
  // the draft gives an empty one no existence of its own (4.3.3, 4.3.4).
  check_all("http://a/b", {
                              {";", "http://a/b"},
                              {"?", "http://a/b"},
                              {"?y", "http://a/b?y"},
                              {";x", "http://a/b;x"},
                          });
  // Step 6 takes the reference's parameters and query, never the base's.
  check_all(appendix_c_base, {
                                 {"d", "http://a/b/c/d"},
                                 {"d;", "http://a/b/c/d;"},
                                 {"d?", "http://a/b/c/d?"},
                                 {"g;x/y", "http://a/b/c/g;x/y"},
                             });
  // Parameters with "/" do not take part in the path (end of section 6).
  BOOST_TEST(resolved("ftp://h/a/b;type=d/x", "c") == "ftp://h/a/c");
}

// Step 6 a)-d): complete segments only; empty segments are segments.
BOOST_AUTO_TEST_CASE(step6_dot_segments) {
  check_all(appendix_c_base, {
                                 {"a//../b", "http://a/b/c/a/b"},
                                 {"g//..", "http://a/b/c/g/"},
                                 {"g//../h", "http://a/b/c/g/h"},
                                 {"./.", "http://a/b/c/"},
                                 {"././g", "http://a/b/c/g"},
                                 {".//g", "http://a/b/c//g"},
                                 {"g/./.", "http://a/b/c/g/"},
                                 {"..g/..", "http://a/b/c/"},
                                 {"g../..", "http://a/b/c/"},
                                 {"...", "http://a/b/c/..."},
                                 {"g/...", "http://a/b/c/g/..."},
                                 {"../../../..", "http://a/../.."},
                                 {"../../../g/..", "http://a/../"},
                                 {"../../../g/../h", "http://a/../h"},
                                 {"g/h/../../..", "http://a/b/"},
                                 {"g/h/../../../", "http://a/b/"},
                                 {"../../../../g/../..", "http://a/../../.."},
                                 {"g/./../h/.", "http://a/b/c/h/"},
                                 {"g/.../..", "http://a/b/c/g/"},
                                 {"g/.hidden/..", "http://a/b/c/g/"},
                             });
  // The base path's own dot segments go through Step 6 as well.
  BOOST_TEST(resolved("http://a/x/../y/d", "g") == "http://a/y/g");
  BOOST_TEST(resolved("http://a/x/./y/d", "g") == "http://a/x/y/g");
  BOOST_TEST(resolved("http://a/x/../y/d", "/x/../g") == "http://a/x/../g");
  // An empty first segment (RFC 1738's "ftp://host//etc/motd").
  BOOST_TEST(resolved("ftp://h//etc/motd", "passwd") == "ftp://h//etc/passwd");
  BOOST_TEST(resolved("ftp://h//etc/motd", "../x") == "ftp://h//x");
  BOOST_TEST(resolved("ftp://h//etc/motd", "../../x") == "ftp://h/x");
}

// Step 6 as a single pass agrees with the draft's wording applied literally,
// on many paths made of the awkward segments.
BOOST_AUTO_TEST_CASE(step6_matches_the_literal_algorithm) {
  // Each a relative path ("x" in front of one that would start with "/").
  for (const std::string& ref :
       urlkit_test::awkward_paths({"a", "b", ".", "..", "", "...", ".a", "a."}, 1808, 5000)) {
    // (Bases whose segments hold or start with "." that are no dot segments:
    // the pass begins at the first segment that starts with ".".)
    for (std::string_view base : {"http://h/b/c/d", "http://h/d", "http://h//d", "http://h/../d",
                                  "http://h/.a/d", "http://h/a.b/.c/d", "http://h/a./../d"}) {
      const std::string_view bp = base.substr(9);  // path after "http://h/"
      const std::string merged = std::string(bp.substr(0, bp.rfind('/') + 1)) + ref;
      const std::string expected = "http://h/" + literal_dot_removal(merged);
      BOOST_TEST_CONTEXT("base <" << base << "> reference <" << ref << ">") {
        BOOST_TEST(resolved(base, ref) == expected);
      }
    }
  }
}

// Draft 3: the base's fragment never reaches the result.
BOOST_AUTO_TEST_CASE(base_fragment_is_dropped) {
  check_all("http://a/b/c/d;p?q#f", {
                                        {"", "http://a/b/c/d;p?q"},
                                        {"#", "http://a/b/c/d;p?q#"},
                                        {"#s", "http://a/b/c/d;p?q#s"},
                                        {"g", "http://a/b/c/g"},
                                        {"?y", "http://a/b/c/d;p?y"},
                                        {";x", "http://a/b/c/d;x"},
                                        {"/g", "http://a/g"},
                                        {"//g", "http://g"},
                                    });
}

// Parse errors come back as they are, the base's with source "base": they say
// that the offset counts in the base, and keep the rule they were found in.
BOOST_AUTO_TEST_CASE(parse_errors) {
  const auto in_base = resolve_error("http://a b/", "g");
  BOOST_TEST((in_base.rule == urlkit::rule::host));
  BOOST_TEST(in_base.source == "base");
  BOOST_TEST((in_base.code == urlkit::error_code::invalid_character));
  BOOST_TEST(in_base.offset == 8u);
  const auto bad_port = resolve_error("http://a:8o/", "g");
  BOOST_TEST(bad_port.to_string() == "base: offset 10: port must be digits");
  std::ostringstream printed;
  printed << bad_port;
  BOOST_TEST(printed.str() == bad_port.to_string());

  const auto in_ref = resolve_error(appendix_c_base, "g h");
  BOOST_TEST(in_ref.source.empty());
  BOOST_TEST((in_ref.rule != urlkit::rule::base));
  BOOST_TEST((in_ref.code == urlkit::error_code::invalid_character));
  BOOST_TEST(in_ref.offset == 1u);
}

// Step 6 in linear time: 100,000 "../" (and 100,000 "a/" then as many "../").
// Thousands of "../" cost linear work: Step 6 is one pass (see
// remove_dot_segments).  Checked with counts the machine's load cannot move:
// the result is built in one allocation of about the input's size, for 10,000
// and 100,000 segments alike.  (The time it takes is measured by the
// benchmark resolve/dot_segments, bench/resolve_bench.cpp.)
BOOST_AUTO_TEST_CASE(linear_time) {
  for (std::size_t n : {10'000u, 100'000u}) {
    std::string ups;
    for (std::size_t i = 0; i < n; ++i) ups += "../";
    std::string downs_ups;
    for (std::size_t i = 0; i < n; ++i) downs_ups += "a/";
    downs_ups += ups;
    const std::string g1 = ups + "g";
    const std::string g2 = downs_ups + "g";
    const auto base = *urlkit::parse_reference(appendix_c_base);
    const auto ref1 = *urlkit::parse_reference(g1);
    const auto ref2 = *urlkit::parse_reference(g2);
    const auto ref3 = *urlkit::parse_reference(downs_ups);
    std::string r1, r2, r3;
    const auto stats = urlkit_test::allocation_stats_of([&] {
      r1 = urlkit::resolve(base, ref1).value();
      r2 = urlkit::resolve(base, ref2).value();
      r3 = urlkit::resolve(base, ref3).value();
    });
    // Two of the "../" climb out of "b/c/"; the rest stay (Appendix C.2).
    std::string expected1 = "http://a/";
    for (std::size_t i = 2; i < n; ++i) expected1 += "../";
    BOOST_TEST((r1 == expected1 + "g"));
    BOOST_TEST(r2 == "http://a/b/c/g");
    BOOST_TEST(r3 == "http://a/b/c/");
    // One allocation per result, each at most the merged path's size and a
    // little: linear memory, and no copy per segment.
    BOOST_TEST(stats.calls == 3u);
    BOOST_TEST(stats.bytes <=
               2 * (ref1.buffer().size() + ref2.buffer().size() + ref3.buffer().size()) + 3 * 64);
  }
}

// Found by fuzzing (fuzz/findings/): without a server, a result path that
// starts with an empty segment used to be recombined as "scheme://...", so a
// path segment came back as a server (or as something that does not parse).
// Step 7 now writes "./" in front of such a path.
BOOST_AUTO_TEST_CASE(a_path_never_becomes_a_server) {
  struct c_ {
    const char* base;
    const char* ref;
    const char* expected;
  };
  const c_ cases[] = {
      {"http:/b", ".//g", "http:/.//g"},            // fuzz/findings/resolve-server-from-path
      {"http:/b", ".//u@h:x/", "http:/.//u@h:x/"},  // fuzz/findings/resolve-unparsable-result
      {"a:/b", "////g", "a:/.//g"},  // fuzz/findings/resolve-server-from-empty-server
      {"http:/b/c", "..//g", "http:/.//g"},
      {"http:", ".//g", "http:.//g"},         // a relative path must not come back absolute
      {"http://a/b", ".//g", "http://a//g"},  // with a server, "//" in the path is harmless
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.base << " + " << c.ref) {
      const std::string r = resolved(c.base, c.ref);
      BOOST_TEST(r == c.expected);
      auto back = urlkit::parse_absolute(r);
      BOOST_REQUIRE(back);
      auto base = urlkit::parse_reference(c.base);
      BOOST_TEST(back->has_server() == base->has_server());
      // The result is absolute: resolving it again gives it back (Step 2b).
      BOOST_TEST(resolved(c.base, r) == r);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
