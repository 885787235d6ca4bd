// One way warnings arrive (docs/guide.md, "Modes, errors, warnings"): a
// warning_sink, called during the call, in the order the guide states; no
// result carries a vector of warnings.  The sinks of establish_base, extract
// and absolutize are tested with them (base_test, extract_test, html_test).
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "urlkit/base.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url.hpp"
#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif

using namespace urlkit;

namespace {

struct collected {
  std::vector<warning> all;
  void operator()(const warning& w) noexcept { all.push_back(w); }
  warning_sink sink() noexcept { return make_warning_sink(*this); }
};

// No result or report type holds warnings of its own: they went to the sink.
template <class T>
concept holds_warnings = requires(T t) {
  t.warnings;
};
static_assert(!holds_warnings<established_base>);
static_assert(!holds_warnings<extracted>);
static_assert(!holds_warnings<url_view>);
#ifdef URLKIT_HAS_HTML
template <class T>
concept holds_problems = requires(T t) {
  t.problems;
};
static_assert(!holds_problems<html::absolutized>);
#endif

}  // namespace

BOOST_AUTO_TEST_SUITE(warning_delivery)

// Two layers: the generic grammar reports first, in input order, then the
// scheme's own production, in input order.
BOOST_AUTO_TEST_CASE(the_inner_layer_reports_first) {
  collected c;
  scheme_options o;
  o.on_warning = c.sink();
  const std::string u = "http://u@h/x|y";
  BOOST_REQUIRE(parse_http(u, o).has_value());
  BOOST_REQUIRE(c.all.size() == 2u);
  BOOST_TEST(c.all[0].offset == u.find('|'));  // generic: unwise character
  BOOST_TEST(c.all[0].code == warning_code::unwise_character);
  BOOST_TEST(c.all[1].offset == u.find('u', 4));  // http: no user in hostport
  BOOST_TEST(c.all[1].code == warning_code::scheme_syntax);
}

// A lenient url's setters report the warnings of the value set, each offset
// in that value; what other components hold is not reported again.
BOOST_AUTO_TEST_CASE(setters_deliver_the_warnings_of_the_component_set) {
  auto u = url::parse("http://h/a?q|r");
  BOOST_REQUIRE(u.has_value());
  collected c;
  BOOST_REQUIRE(u->set_encoded_path("/x{y}", c.sink()).has_value());
  BOOST_TEST(u->buffer() == "http://h/x{y}?q|r");
  BOOST_REQUIRE(c.all.size() == 2u);
  BOOST_TEST((c.all[0].rule == rule::path));
  BOOST_TEST(c.all[0].offset == 2u);  // in "/x{y}", the value given
  BOOST_TEST(c.all[1].offset == 4u);
  // The decoded setters escape what the component does not allow: nothing to report.
  c.all.clear();
  BOOST_REQUIRE(u->set_path("/x{y}", c.sink()).has_value());
  BOOST_TEST(u->buffer() == "http://h/x%7By%7D?q|r");
  BOOST_TEST(c.all.empty());
  // A query with a warning of its own.
  BOOST_REQUIRE(u->set_encoded_query("a|b", c.sink()).has_value());
  BOOST_REQUIRE(c.all.size() == 1u);
  BOOST_TEST((c.all[0].rule == rule::query));
  BOOST_TEST(c.all[0].offset == 1u);
  // A strict url refuses instead: the error, offset in the value given.
  auto s = url::parse("http://h/a", {.mode = mode::strict});
  BOOST_REQUIRE(s.has_value());
  c.all.clear();
  const auto r = s->set_encoded_query("a|b", c.sink());
  BOOST_REQUIRE(!r.has_value());
  BOOST_TEST(r.error().offset == 1u);
  BOOST_TEST(c.all.empty());
}

// The builder takes its mode at its start; build(), the call that returns
// the result, delivers the warnings of the values set, in the URL's order,
// each offset in its value, as url's setters do.
BOOST_AUTO_TEST_CASE(the_builder_delivers_on_build) {
  collected c;
  url_builder b(mode::lenient);
  b.scheme("http").encoded_host("h").encoded_query("q|r").encoded_path("a|b");
  BOOST_TEST(c.all.empty());
  const auto r = b.build(c.sink());
  BOOST_REQUIRE(c.all.size() == 2u);
  BOOST_TEST((c.all[0].rule == rule::path));  // the path first, set last
  BOOST_TEST(c.all[0].offset == 1u);          // in "a|b"
  BOOST_TEST((c.all[1].rule == rule::query));
  BOOST_TEST(c.all[1].offset == 1u);  // in "q|r"
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(r->buffer() == "http://h/a|b?q|r");
  BOOST_TEST(r->view().warning_count() == 2u);
  // A value set again takes its warnings with it.
  c.all.clear();
  b.encoded_query("q");
  const auto again = b.build(c.sink());
  BOOST_REQUIRE(again.has_value());
  BOOST_REQUIRE(c.all.size() == 1u);
  BOOST_TEST((c.all[0].rule == rule::path));
  BOOST_TEST(again->buffer() == "http://h/a|b?q");
  BOOST_TEST((again->view().parsed_mode() == mode::lenient));
  BOOST_TEST(again->view().warning_count() == 1u);
  // A builder started from a lenient view keeps its mode and its components.
  const auto from = parse_reference("http://h/a|b");
  BOOST_REQUIRE(from.has_value());
  BOOST_TEST((url_builder(*from).mode() == mode::lenient));
  BOOST_TEST(url_builder(*from).encoded_query("x|y").build().has_value());
  // A strict builder refuses the same value, at its offset.
  url_builder strict;
  strict.encoded_path("a|b");
  BOOST_TEST(strict.build().error().offset == 1u);
  // build() is the one way the builder says a value was refused.
  b.port("8o");
  const auto refused = b.build();
  BOOST_REQUIRE(!refused.has_value());
  BOOST_TEST((refused.error().code == error_code::bad_port));
}

// A sink given nothing to report is never called; no sink costs nothing.
BOOST_AUTO_TEST_CASE(no_warning_no_call) {
  collected c;
  parse_options o;
  o.on_warning = c.sink();
  BOOST_REQUIRE(parse_reference("http://h/a", o).has_value());
  BOOST_TEST(c.all.empty());
  BOOST_TEST(!warning_sink{});
  BOOST_TEST(static_cast<bool>(c.sink()));
}

BOOST_AUTO_TEST_SUITE_END()
