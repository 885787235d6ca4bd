// Typed scheme views allocate nothing beyond what decoding needs: with short
// parts (which std::string keeps inline) they allocate nothing at all, but
// for the lists some views return (ftp's <cwd>s, prospero's fields).
#include <boost/test/unit_test.hpp>

#include <string>

#include "alloc_counter.hpp"
#include "urlkit/urlkit.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(scheme_allocation)

BOOST_AUTO_TEST_CASE(typed_views_allocate_only_to_decode) {
  struct c_ {
    const char* url;
    std::size_t at_most;  // the containers the view fills
  };
  const c_ cases[] = {
      {"ftp://u:p@h/a/b;type=i", 1},  // the vector of <cwd>s
      {"ftp://h/name", 0},
      {"http://h:8080/a;b?c", 0},
      {"gopher://h/0a%09b", 0},
      {"mailto:a@b.c", 0},
      {"news:comp.x", 0},
      {"news:1@h.c", 0},
      {"nntp://h/g/1", 0},
      {"telnet://u:p@h/", 0},
      {"wais://h/db/t/p", 0},
      {"file:///a/b", 0},
      {"prospero://h/x;a=b", 1},  // the vector of fields
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.url) {
      auto u = parse_reference(c.url);
      BOOST_REQUIRE(u);
      bool ok = false;
      const auto n = urlkit_test::allocations_of([&] {
        ok = static_cast<bool>(parse_ftp(*u)) || static_cast<bool>(parse_http(*u)) ||
             static_cast<bool>(parse_gopher(*u)) || static_cast<bool>(parse_mailto(*u)) ||
             static_cast<bool>(parse_news(*u)) || static_cast<bool>(parse_nntp(*u)) ||
             static_cast<bool>(parse_telnet(*u)) || static_cast<bool>(parse_wais(*u)) ||
             static_cast<bool>(parse_file(*u)) || static_cast<bool>(parse_prospero(*u));
      });
      BOOST_TEST(ok);
      BOOST_TEST(n <= c.at_most);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
