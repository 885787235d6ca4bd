// resolve() and make_relative() by RFC 3986 section 5.2 (specification::rfc3986):
// its 5.4 examples, where it parts from the draft's section 6, and 5.2.4's
// remove_dot_segments against the RFC's own wording.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../appendix_c.hpp"
#include "alloc_counter.hpp"
#include "awkward_paths.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace {

using urlkit::specification;

struct example {
  std::string reference, expected;
};

// test/data/rfc3986/resolution-examples.json: RFC 3986 5.4.1 and 5.4.2.
struct examples {
  std::string base;
  std::vector<example> normal, abnormal;
};

examples read_examples() {
  const std::string path = URLKIT_TEST_DATA_DIR "/rfc3986/resolution-examples.json";
  std::ifstream in(path, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "missing test data: " << path);
  std::stringstream text;
  text << in.rdbuf();
  const boost::json::object doc = boost::json::parse(text.str()).as_object();
  examples e;
  e.base = std::string(doc.at("base").as_string());
  for (const char* part : {"normal", "abnormal"}) {
    auto& list = std::string_view(part) == "normal" ? e.normal : e.abnormal;
    for (const auto& row : doc.at(part).as_array()) {
      const auto& pair = row.as_array();
      list.push_back({std::string(pair.at(0).as_string()), std::string(pair.at(1).as_string())});
    }
  }
  return e;
}

std::string resolved(std::string_view base, std::string_view ref,
                     specification spec = specification::rfc3986) {
  auto r = urlkit::resolve(base, ref, spec);
  BOOST_TEST_INFO("base <" << base << "> reference <" << ref << "> " << spec);
  BOOST_REQUIRE_MESSAGE(r.has_value(), "resolve failed: " << r.error().to_string());
  return *r;
}

void check_examples(const std::string& base, const std::vector<example>& list) {
  const auto b = urlkit::parse_reference(base).value();
  std::string reused;
  for (const example& e : list) {
    BOOST_TEST_CONTEXT("base <" << base << "> reference <" << e.reference << ">") {
      BOOST_TEST(resolved(base, e.reference) == e.expected);
      // The view overloads give the same.
      const auto r = urlkit::parse_reference(e.reference).value();
      BOOST_TEST(urlkit::resolve(b, r, specification::rfc3986).value() == e.expected);
      BOOST_TEST(urlkit::resolve_into(b, r, specification::rfc3986, reused).has_value());
      BOOST_TEST(reused == e.expected);
      // And make_relative is their inverse.
      const std::string rel =
          urlkit::make_relative(base, e.expected, specification::rfc3986).value();
      BOOST_TEST_INFO("relative <" << rel << ">");
      BOOST_TEST(resolved(base, rel) == e.expected);
      BOOST_TEST(rel.size() <= e.expected.size());
    }
  }
}

// RFC 3986 5.2.4 as the RFC words it, on strings: the reference the in-place
// pass is checked against.
std::string literal_remove_dot_segments(std::string in) {
  std::string out;
  auto starts = [&](std::string_view p) { return in.compare(0, p.size(), p) == 0; };
  while (!in.empty()) {
    if (starts("../")) {
      in.erase(0, 3);  // A
    } else if (starts("./")) {
      in.erase(0, 2);  // A
    } else if (starts("/./")) {
      in.replace(0, 3, "/");  // B
    } else if (in == "/.") {
      in = "/";  // B
    } else if (starts("/../") || in == "/..") {
      in.replace(0, in == "/.." ? 3 : 4, "/");  // C
      const std::size_t last = out.rfind('/');
      out.erase(last == std::string::npos ? 0 : last);
    } else if (in == "." || in == "..") {
      in.clear();  // D
    } else {
      // E
      const std::size_t end = in.find('/', in[0] == '/' ? 1 : 0);
      const std::size_t n = end == std::string::npos ? in.size() : end;
      out += in.substr(0, n);
      in.erase(0, n);
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(resolve_rfc3986)

BOOST_AUTO_TEST_CASE(section_5_4_1_normal_examples) {
  const examples e = read_examples();
  BOOST_TEST(e.normal.size() == 23u);
  check_examples(e.base, e.normal);
}

// 5.4.2; "http:g" by the strict parser's rule, as 5.2.2 is written.
BOOST_AUTO_TEST_CASE(section_5_4_2_abnormal_examples) {
  const examples e = read_examples();
  BOOST_TEST(e.abnormal.size() == 19u);
  check_examples(e.base, e.abnormal);
}

// Where the two texts part ways, on the same base (docs/guide.md, "RFC 1808
// and RFC 3986", says why for each); every other line of Appendix C and of
// 5.4 resolves alike.
BOOST_AUTO_TEST_CASE(where_the_specifications_differ) {
  struct row {
    std::string_view reference, rfc1808, rfc3986;
  };
  const row rows[] = {
      {";x", "http://a/b/c/d;x", "http://a/b/c/;x"},                    // parameters or a segment
      {"../../../g", "http://a/../g", "http://a/g"},                    // ".." above the root
      {"../../../../g", "http://a/../../g", "http://a/g"},              //
      {"/./g", "http://a/./g", "http://a/g"},                           // dots in an absolute path
      {"/../g", "http://a/../g", "http://a/g"},                         //
      {"g;x=1/./y", "http://a/b/c/g;x=1/./y", "http://a/b/c/g;x=1/y"},  // dots in parameters
      {"g;x=1/../y", "http://a/b/c/g;x=1/../y", "http://a/b/c/y"},      //
      {"?", "http://a/b/c/d;p?q", "http://a/b/c/d;p?"},                 // an empty query
      {";", "http://a/b/c/d;p?q", "http://a/b/c/;"},                    // an empty parameter
      {"//g/./h", "http://g/./h", "http://g/h"},                        // dots after a server
      {"http://h/a/../b", "http://h/a/../b", "http://h/b"},             // dots in an absolute URL
  };
  const std::string_view base = appendix_c::base;
  for (const row& r : rows) {
    BOOST_TEST_CONTEXT("reference <" << r.reference << ">") {
      BOOST_TEST(resolved(base, r.reference, specification::rfc1808) == r.rfc1808);
      BOOST_TEST(resolved(base, r.reference, specification::rfc3986) == r.rfc3986);
    }
  }
  std::size_t same = 0;
  for (const auto& e : appendix_c::examples) {
    bool listed = false;
    for (const row& r : rows) listed = listed || r.reference == e.reference;
    if (listed) continue;
    BOOST_TEST_CONTEXT("Appendix C <" << e.reference << ">") {
      BOOST_TEST(resolved(base, e.reference, specification::rfc3986) == e.expected);
      ++same;
    }
  }
  BOOST_TEST(same > 30u);
  // The default is the draft's.
  BOOST_TEST(urlkit::resolve(base, "../../../g").value() == "http://a/../g");
}

// 5.2.1 asks only for a scheme: RFC 3986 has no opaque URLs, so a mailto:
// base takes a relative reference as any other (the draft refuses it, 4.2).
BOOST_AUTO_TEST_CASE(every_base_with_a_scheme_is_used) {
  BOOST_TEST(resolved("mailto:a@b", "g") == "mailto:g");
  BOOST_TEST(!urlkit::resolve("mailto:a@b", "g", specification::rfc1808).has_value());
  BOOST_TEST(resolved("foo:a/b/c", "../../g") == "foo:/g");
  BOOST_TEST(resolved("foo:", "g") == "foo:g");
  BOOST_TEST(resolved("http://a", "g") == "http://a/g");  // 5.2.3: "/" and the path
  BOOST_TEST(resolved("http://a", ".") == "http://a/");
  BOOST_TEST(resolved("http://a?q", "") == "http://a/?q");  // recombined (5.3) with its "/"
  BOOST_TEST(resolved("http://a/b/../c", "?y") == "http://a/b/../c?y");  // the base path as it is
  BOOST_TEST(resolved("http://a/b", "///g") == "http:///g");             // an empty authority
  // A path that would start with "//" without an authority keeps a "/." in
  // front (3.3), which resolving again removes.
  BOOST_TEST(resolved("a:/b", "..//g") == "a:/.//g");
  BOOST_TEST(resolved("a:/b", "a:/.//g") == "a:/.//g");
}

BOOST_AUTO_TEST_CASE(errors_are_the_drafts) {
  for (const auto& [base, ref, code] :
       {std::tuple{"", "g", urlkit::error_code::base_undefined},
        std::tuple{"a/b", "g", urlkit::error_code::base_not_absolute}}) {
    const auto r = urlkit::resolve(base, ref, specification::rfc3986);
    BOOST_REQUIRE(!r.has_value());
    BOOST_TEST((r.error().code == code));
    BOOST_TEST(r.error().source == "base");
  }
  BOOST_TEST(resolved("", "http://a/./b") == "http://a/b");  // an absolute reference alone
  const auto bad = urlkit::resolve("http://a/", "g h", specification::rfc3986);
  BOOST_REQUIRE(!bad.has_value());
  BOOST_TEST(bad.error().offset == 1u);
}

// The in-place pass agrees with 5.2.4 applied literally, on many paths of
// the awkward segments, merged (5.2.3) and absolute.
BOOST_AUTO_TEST_CASE(remove_dot_segments_matches_the_rfc) {
  for (const std::string& ref : urlkit_test::awkward_paths(
           {"a", "b", ".", "..", "", "...", ".a", "a.", ";p"}, 3986, 5000, ';')) {
    for (std::string_view base : {"http://h/b/c/d", "http://h/d", "http://h//d", "http://h/../d"}) {
      const std::string_view bp = base.substr(8);  // the path, its "/" included
      const std::string merged = std::string(bp.substr(0, bp.rfind('/') + 1)) + ref;
      BOOST_TEST_CONTEXT("base <" << base << "> reference <" << ref << ">") {
        BOOST_TEST(resolved(base, ref) == "http://h" + literal_remove_dot_segments(merged));
        BOOST_TEST(resolved(base, "/" + ref) ==
                   "http://h" + literal_remove_dot_segments("/" + ref));
      }
    }
  }
}

// Linear time and one allocation, as the draft's resolver: counted, not timed.
BOOST_AUTO_TEST_CASE(linear_time) {
  for (std::size_t n : {10'000u, 100'000u}) {
    std::string ups;
    for (std::size_t i = 0; i < n; ++i) ups += "../";
    std::string downs;
    for (std::size_t i = 0; i < n; ++i) downs += "a/";
    const std::string g1 = ups + "g";
    const std::string g2 = downs + ups + "g";
    const auto base = *urlkit::parse_reference(appendix_c::base);
    const auto ref1 = *urlkit::parse_reference(g1);
    const auto ref2 = *urlkit::parse_reference(g2);
    std::string r1, r2;
    const auto stats = urlkit_test::allocation_stats_of([&] {
      r1 = urlkit::resolve(base, ref1, specification::rfc3986).value();
      r2 = urlkit::resolve(base, ref2, specification::rfc3986).value();
    });
    BOOST_TEST(r1 == "http://a/g");
    BOOST_TEST(r2 == "http://a/b/c/g");
    BOOST_TEST(stats.calls == 2u);
    BOOST_TEST(stats.bytes <= 2 * (g1.size() + g2.size()) + 2 * 64);
  }
}

BOOST_AUTO_TEST_CASE(names) {
  BOOST_TEST(urlkit::to_string(specification::rfc1808) == "rfc1808");
  BOOST_TEST(urlkit::to_string(specification::rfc3986) == "rfc3986");
  std::ostringstream os;
  os << specification::rfc3986;
  BOOST_TEST(os.str() == "rfc3986");
}

BOOST_AUTO_TEST_SUITE_END()
