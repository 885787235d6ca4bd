// src/resolve/resolve_with.hpp: resolution's shortcut for parsed views
// (the inputs' bytes copied as written) against the plan it stands in for
// (detail::resolve_planned).  An internal of the library: a shared build
// does not export it, and the static presets run this file
// (test/CMakeLists.txt).
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "awkward_paths.hpp"
#include "resolve/resolve_with.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

BOOST_AUTO_TEST_SUITE(resolve_with)

// The shortcut for parsed views (the inputs' bytes copied as written, Step
// 6's dot segments removed in the copy) gives what planning the components
// gives: the same result or the same error, for every step, into a new
// string and into a reused one, with and without a registry, by both
// algorithms.  The references' suffixes move what follows a path whose dot
// segments go; the bases are those the shortcut must leave to the plan (no
// server, no "/" before the path, "?" right after the server, opaque) and
// those it takes.
BOOST_AUTO_TEST_CASE(as_written_equals_planned) {
  const std::string_view bases[] = {"http://a/b/c/d;p?q",
                                    "http://a/b/c/d;p?q#f",
                                    "http://a",
                                    "http://a/",
                                    "http://a?q",
                                    "http://a;p",
                                    "http://a#f",
                                    "file:///x/y",
                                    "ftp://u:p@h:21//etc/motd",
                                    "http://h/../d",
                                    "http://h/a./../d",
                                    "http://a/b/c/",
                                    "HTTP://A/B",
                                    "http:/b/c",
                                    "http:g",
                                    "http:",
                                    "foo:a/b/c",
                                    "mailto:a@b",
                                    "http://[::1]:8/a/b",
                                    "http://%41/a%2F/b",
                                    ""};
  std::vector<std::string> refs = {"",    "#",      "#s",   "?",   "?y",     ";",
                                   ";x",  ";x?y#s", "/",    "/g",  "/./g",   "/../g",
                                   "//g", "//g/h",  "///g", "g:h", "http:g", "http://x/./y",
                                   ".",   "..",     "./",   "../", "g",      "g/"};
  for (const std::string& path :
       urlkit_test::awkward_paths({"a", ".", "..", "", "%2E", ".b"}, 43, 300))
    for (std::string_view suffix : {"", ";x", "?y", "#s", ";x?y#s", "?", "#", ";"}) {
      refs.push_back(path + std::string(suffix));
      refs.push_back("/" + path + std::string(suffix));
    }
  const urlkit::scheme_registry& registry = urlkit::scheme_registry::standard();
  const auto same = [](const urlkit::result<std::string>& a, const urlkit::result<std::string>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (a.has_value()) return *a == *b;
    return a.error().code == b.error().code && a.error().offset == b.error().offset;
  };
  std::string out;
  std::size_t compared = 0;
  for (std::string_view base_text : bases) {
    const auto base = urlkit::parse_reference(base_text);
    BOOST_REQUIRE(base.has_value());
    for (const std::string& ref_text : refs) {
      const auto ref = urlkit::parse_reference(ref_text);
      BOOST_REQUIRE(ref.has_value());
      BOOST_TEST_CONTEXT("base <" << base_text << "> reference <" << ref_text << ">") {
        for (auto spec : {urlkit::specification::rfc1808, urlkit::specification::rfc3986}) {
          const auto planned = urlkit::detail::resolve_planned(*base, *ref, nullptr, spec);
          BOOST_TEST(same(urlkit::resolve(*base, *ref, spec), planned));
          const auto into = urlkit::resolve_into(*base, *ref, spec, out);
          BOOST_TEST(into.has_value() == planned.has_value());
          if (into && planned) BOOST_TEST(out == *planned);
        }
        const auto planned =
            urlkit::detail::resolve_planned(*base, *ref, &registry, urlkit::specification::rfc1808);
        BOOST_TEST(same(urlkit::resolve(*base, *ref, registry), planned));
        const auto into = urlkit::resolve_into(*base, *ref, registry, out);
        BOOST_TEST(into.has_value() == planned.has_value());
        if (into && planned) BOOST_TEST(out == *planned);
        ++compared;
      }
    }
  }
  BOOST_TEST(compared == std::size(bases) * refs.size());
}

BOOST_AUTO_TEST_SUITE_END()
