// make_relative(): the shortest reference that section 6 resolves back to the target.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace {

using urlkit::specification;

std::string relative(std::string_view base, std::string_view target,
                     specification spec = specification::rfc1808) {
  auto r = urlkit::make_relative(base, target, spec);
  BOOST_TEST_INFO("base <" << base << "> target <" << target << ">");
  BOOST_REQUIRE_MESSAGE(r.has_value(), "make_relative failed: " << r.error().to_string());
  return *r;
}

// resolve(base, make_relative(base, target)) is the target, and never longer.
// The target as Step 7 writes it, that is: a "?" or ";" right after a host
// (lenient mode) gets the "/" that parsing back needs ("http://a?q" is
// "http://a/?q"); every other target comes back byte for byte.  Under RFC
// 3986 the target as its resolver writes it: without dot segments (5.2.2
// removes them from an absolute reference too).
void check_round_trip(std::string_view base, std::string_view target,
                      specification spec = specification::rfc1808) {
  BOOST_TEST_CONTEXT("base <" << base << "> target <" << target << "> " << spec) {
    const std::string rel = relative(base, target, spec);
    BOOST_TEST_INFO("relative <" << rel << ">");
    auto back = urlkit::resolve(base, rel, spec);
    BOOST_REQUIRE(back.has_value());
    const std::string written = urlkit::resolve(base, target, spec).value();
    BOOST_TEST(*back == written);
    const auto t = urlkit::parse_reference(target);
    const bool after_host =
        t->has_server() && !t->absolute_path() && (t->has_params() || t->has_query());
    const bool dots = spec == specification::rfc3986 &&
                      (target.find("/.") != std::string_view::npos || target.ends_with(":."));
    if (!after_host && !dots) BOOST_TEST(written == target);
    BOOST_TEST(rel.size() <= written.size());
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(make_relative)

BOOST_AUTO_TEST_CASE(simple_cases) {
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/g") == "g");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/x/y") == "../x/y");
  BOOST_TEST(relative("http://a/b/c/d#e", "http://a/b/c/d#f") == "#f");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/d#f") == "#f");
  BOOST_TEST(relative("http://a/b/c/d#f", "http://a/b/c/d") == "");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/d") == "");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/g") == "/g");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/") == "/");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/") == ".");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/") == "..");
  BOOST_TEST(relative("http://a/b/c/d", "http://b/c") == "//b/c");
  BOOST_TEST(relative("http://a/b/c/d", "ftp://a/b/c/d") == "ftp://a/b/c/d");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/d/e") == "d/e");
}

// The inverse of Appendix C's examples, where they have a shortest form.
BOOST_AUTO_TEST_CASE(appendix_c_inverse) {
  const std::string_view base = "http://a/b/c/d;p?q";
  BOOST_TEST(relative(base, "http://a/b/c/d;p?y") == "?y");
  BOOST_TEST(relative(base, "http://a/b/c/d;x") == ";x");
  BOOST_TEST(relative(base, "http://a/b/c/d;x?y") == ";x?y");
  BOOST_TEST(relative(base, "http://a/b/c/d;p?q#s") == "#s");
  BOOST_TEST(relative(base, "http://a/b/c/d;p?q") == "");
  BOOST_TEST(relative(base, "http://a/b/c/d;p") == ";p");  // Step 5 a): no query inherited
  BOOST_TEST(relative(base, "http://a/b/c/d") == "d");
  BOOST_TEST(relative(base, "http://a/b/c/g;x?y#s") == "g;x?y#s");
  BOOST_TEST(relative(base, "http://a/b/c/g/") == "g/");
  BOOST_TEST(relative(base, "http://g") == "//g");
  BOOST_TEST(relative(base, "http://a/../g") == "/../g");
  BOOST_TEST(relative(base, "http://a/./g") == "/./g");
  BOOST_TEST(relative(base, "g:h") == "g:h");
}

// Draft 4.3.2: a first segment with ":" needs "./" in front.
BOOST_AUTO_TEST_CASE(colon_in_first_segment) {
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/c/this:that") == "./this:that");
  BOOST_TEST(relative("http://a/b/c/d", "http://a/b/x:y/z") == "../x:y/z");
  check_round_trip("http://a/b/c/d", "http://a/b/c/a:b/c");
}

BOOST_AUTO_TEST_CASE(errors) {
  const auto relative_target = urlkit::make_relative("http://a/b", "g");
  BOOST_REQUIRE(!relative_target.has_value());
  BOOST_TEST((relative_target.error().code == urlkit::error_code::target_not_absolute));
  BOOST_TEST((relative_target.error().rule == urlkit::rule::target));
  BOOST_TEST(relative_target.error().source == "target");

  const auto relative_base = urlkit::make_relative("a/b", "http://a/b");
  BOOST_REQUIRE(!relative_base.has_value());
  BOOST_TEST((relative_base.error().code == urlkit::error_code::base_not_absolute));
  BOOST_TEST(relative_base.error().source == "base");

  const auto bad_target = urlkit::make_relative("http://a/b", "http://a/b c");
  BOOST_REQUIRE(!bad_target.has_value());
  BOOST_TEST(bad_target.error().source == "target");
  BOOST_TEST(bad_target.error().to_string() ==
             "target: offset 10: path: space is not allowed in a URL (escape it as %20)");
}

// An empty or opaque base leaves only the target, or a fragment.
BOOST_AUTO_TEST_CASE(empty_and_opaque_bases) {
  BOOST_TEST(relative("", "http://a/b") == "http://a/b");
  BOOST_TEST(relative("mailto:a@b", "mailto:c@d") == "mailto:c@d");
  BOOST_TEST(relative("mailto:a@b", "mailto:a@b#x") == "#x");
  BOOST_TEST(relative("news:comp.x", "news:comp.y") == "news:comp.y");
}

// A base whose path is relative is generic (draft 4.2): references to it
// climb and descend like any other.
BOOST_AUTO_TEST_CASE(base_with_relative_path) {
  BOOST_TEST(relative("foo:a/b/c", "foo:a/b/d") == "d");
  BOOST_TEST(relative("foo:a/b/c", "foo:a/x") == "../x");
  BOOST_TEST(relative("http:g", "http:h") == "h");
}

BOOST_AUTO_TEST_CASE(view_overload) {
  auto base = urlkit::parse_reference("http://a/b/c/d;p?q");
  auto target = urlkit::parse_reference("http://a/b/x/y#f");
  BOOST_REQUIRE(base.has_value());
  BOOST_REQUIRE(target.has_value());
  auto r = urlkit::make_relative(*base, *target);
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(*r == "../x/y#f");
}

// Round trips over a grid of bases and targets: servers, depths, parameters,
// queries, fragments, colons, empty and dot segments.
BOOST_AUTO_TEST_CASE(round_trip_grid) {
  const std::vector<std::string_view> bases = {
      "http://a/b/c/d;p?q",
      "http://a/b/c/d",
      "http://a/b/c/",
      "http://a/",
      "http://a",
      "http://a/b",
      "http://a/b/c/d#f",
      "http://a//x/y",
      "http://a/x/../y/d",
      "http://a/./d",
      "http://a/b;p/c",
      "ftp://a/b/c/d",
      "http://b/b/c/d",
      "http:",
      "http:/b/c",
      "http:?q",
      "mailto:a@b",
      "http:///b/c",
      "http://a/b/c/a:b",
      "http://a/../../d",
      "http://a/b/c/d/e/f",
      "http://u@a:80/b/c",
      "http://a/b/c/d;p",
      "http://a/b/c/d?q",
      "",
  };
  const std::vector<std::string_view> schemes = {"http:", "ftp:"};
  const std::vector<std::string_view> servers = {"//a", "//b", "//", ""};
  const std::vector<std::string_view> paths = {
      "",           "/",       "/b",     "/b/c/d",   "/b/c/",   "/b/x/y",  "//x",
      "/b/./c",     "/../g",   "/a:b/c", "/b/c/a:b", "/b//c",   "/.",      "/..",
      "/b/c/d/e/f", "/b/c/g/", "/x/y/z", "/b/c/.",   "/b/c/..", "/b/c/d/", "/b/../c"};
  const std::vector<std::string_view> tails = {"",  ";p", ";x", "?q",     "?y",   ";p?q",
                                               ";", "?",  "#f", ";p?q#f", "?y#g", ";x?#"};
  std::size_t checked = 0;
  for (specification spec : {specification::rfc1808, specification::rfc3986})
    for (std::string_view base : bases) {
      for (std::string_view scheme : schemes) {
        for (std::string_view server : servers) {
          for (std::string_view path : paths) {
            for (std::string_view tail : tails) {
              std::string target(scheme);
              target += server;
              target += path;
              target += tail;
              // Only targets that are URLs, and that read back as written.
              auto parsed = urlkit::parse_reference(target);
              if (!parsed || parsed->recompose() != target) continue;
              if (server.empty() && path.substr(0, 2) == "//") continue;
              check_round_trip(base, target, spec);
              ++checked;
            }
          }
        }
      }
    }
  BOOST_TEST(checked > 20'000u);
}

BOOST_AUTO_TEST_SUITE_END()
