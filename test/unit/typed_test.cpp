// parse_typed (urlkit/schemes/typed.hpp): which typed view reads which scheme.
#include <boost/test/unit_test.hpp>

#include <string_view>
#include <variant>

#include "urlkit/schemes/typed.hpp"

namespace {

urlkit::typed_view read(std::string_view text, urlkit::mode m = urlkit::mode::lenient) {
  auto u = urlkit::parse_reference(text, m);
  BOOST_REQUIRE(u.has_value());
  auto r = urlkit::parse_typed(*u, {m, {}});
  BOOST_REQUIRE_MESSAGE(r.has_value(), text << ": " << r.error().to_string());
  return *r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(typed)

BOOST_AUTO_TEST_CASE(each_scheme_its_view_the_name_ignoring_case) {
  BOOST_TEST(std::holds_alternative<urlkit::http_view>(read("HTTPS://h/p")));
  BOOST_TEST(std::holds_alternative<urlkit::http_view>(read("ws://h/")));
  BOOST_TEST(std::holds_alternative<urlkit::ftp_view>(read("ftp://h/f;type=a")));
  BOOST_TEST(std::holds_alternative<urlkit::gopher_view>(read("gopher://h/1x")));
  BOOST_TEST(std::holds_alternative<urlkit::mailto_view>(read("mailto:a@b")));
  BOOST_TEST(std::holds_alternative<urlkit::news_view>(read("news:comp.x")));
  BOOST_TEST(std::holds_alternative<urlkit::nntp_view>(read("nntp://h/g/1")));
  BOOST_TEST(std::holds_alternative<urlkit::telnet_view>(read("telnet://h/")));
  BOOST_TEST(std::holds_alternative<urlkit::wais_view>(read("wais://h/db")));
  BOOST_TEST(std::holds_alternative<urlkit::file_view>(read("file:///etc/motd")));
  BOOST_TEST(std::holds_alternative<urlkit::prospero_view>(read("prospero://h/x")));
  BOOST_TEST(std::holds_alternative<urlkit::data_view>(read("data:,x")));
  const auto h = std::get<urlkit::http_view>(read("http://h:8080/p?q"));
  BOOST_TEST(h.effective_port() == 8080u);
}

// No typed view: monostate, nothing checked.
BOOST_AUTO_TEST_CASE(other_schemes_and_none) {
  BOOST_TEST(std::holds_alternative<std::monostate>(read("urn:x:y")));
  BOOST_TEST(std::holds_alternative<std::monostate>(read("a/b")));
}

// The view's grammar refuses: its error, as its own parser gives it.
BOOST_AUTO_TEST_CASE(a_refusal_is_the_views_error) {
  auto u = urlkit::parse_reference("mailto:a@b@c", urlkit::mode::strict);
  BOOST_REQUIRE(u.has_value());
  auto r = urlkit::parse_typed(*u, {urlkit::mode::strict, {}});
  auto direct = urlkit::parse_mailto(*u, {urlkit::mode::strict, {}});
  BOOST_REQUIRE(!r.has_value());
  BOOST_REQUIRE(!direct.has_value());
  BOOST_TEST(r.error().to_string() == direct.error().to_string());
}

BOOST_AUTO_TEST_SUITE_END()
