// The scheme registry, default ports and the security checks of RFC 1738 6.
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <string_view>

#include "core/standard_schemes.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(scheme)

// resolve, make_relative and extract know the standard schemes from constant
// tables (src/core/standard_schemes.hpp), without building the standard registry:
// the tables must say what it says.
BOOST_AUTO_TEST_CASE(the_standard_tables_are_the_standard_registry) {
  const auto& r = scheme_registry::standard();
  for (std::string_view name : detail::standard_schemes) {
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST_REQUIRE(r.find(name) != nullptr);
      BOOST_TEST(r.is_opaque(name) == detail::is_standard_opaque(name));
    }
  }
  std::size_t opaque = 0;
  for (std::string_view name : detail::standard_schemes) opaque += r.is_opaque(name) ? 1 : 0;
  BOOST_TEST(opaque == std::size(detail::standard_opaque_schemes));
  // Every scheme the registry holds is in the table.
  for (std::string_view name : {"ftp", "http", "https", "ws", "wss", "gopher", "mailto", "news",
                                "nntp", "telnet", "wais", "file", "prospero", "data"})
    BOOST_TEST(detail::is_standard_scheme(name), name);
  BOOST_TEST(std::size(detail::standard_schemes) == 14u);
  BOOST_TEST(detail::is_standard_opaque("MAILTO"));
  BOOST_TEST(!detail::is_standard_scheme("imap"));
}

BOOST_AUTO_TEST_CASE(registry_dispatches_ignoring_case) {
  const auto& r = scheme_registry::standard();
  for (const char* name : {"ftp", "http", "https", "ws", "wss", "gopher", "mailto", "news", "nntp",
                           "telnet", "wais", "file", "prospero"}) {
    BOOST_TEST_CONTEXT(name) {
      const scheme_handler* h = r.find(name);
      BOOST_REQUIRE(h);
      BOOST_TEST(h->name() == name);
      BOOST_TEST((h->default_port() == default_port(name)));
    }
  }
  BOOST_TEST(r.find("FtP") == r.find("ftp"));
  BOOST_TEST(r.find("HTTPS") == r.find("https"));
  BOOST_TEST(!r.find("imap"));  // a port in the table, no typed view
  // Unknown schemes, and references without one, have no grammar of their
  // own to refuse them.
  BOOST_TEST(r.check(*parse_reference("x-foo:bar")).has_value());
  BOOST_TEST(r.check(*parse_reference("//a/b")).has_value());
}

// A scheme of the user's own goes through the same interface: a check of its
// own grammar (here: a non-empty path) and its warnings through the sink.
class demo_handler final : public scheme_handler {
 public:
  std::string_view name() const noexcept override { return "x-demo"; }
  std::optional<std::uint16_t> default_port() const noexcept override { return 4242; }
  result<void> check(const url_view& url, const scheme_options& options) const override {
    if (url.encoded_path().empty()) {
      error e;
      e.code = error_code::scheme_syntax;
      e.offset = url.buffer().size();
      e.production = "x-demo";
      e.detail = "a path is required";
      return e;
    }
    if (url.encoded_path() == "old") options.on_warning(warning{});
    return {};
  }
};

BOOST_AUTO_TEST_CASE(user_schemes) {
  auto r = scheme_registry::with_standard_schemes();
  r.add(std::make_shared<demo_handler>());
  BOOST_TEST(r.check(*parse_reference("X-DEMO:hello")).has_value());
  auto refused = r.check(*parse_reference("x-demo:"));
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().production == "x-demo");
  BOOST_TEST(refused.error().offset == 7u);
  std::size_t warned = 0;
  auto count = [&warned](const warning&) { ++warned; };
  scheme_options o;
  o.on_warning = make_warning_sink(count);
  BOOST_TEST(r.check(*parse_reference("x-demo:old"), o).has_value());
  BOOST_TEST(warned == 1u);
  BOOST_TEST(check_port(*parse_reference("x-demo://h:4242/"), r)->non_default == false);
  BOOST_TEST(check_port(*parse_reference("x-demo://h:80/"), r)->non_default);
  // The standard registry is not changed.
  BOOST_TEST(!scheme_registry::standard().find("x-demo"));
  scheme_registry empty;
  BOOST_TEST(empty.check(*parse_reference("ftp://h/")).has_value());
  BOOST_TEST(!r.check(*parse_reference("ftp://h/a%0D")).has_value());
}

// RFC 1738 6 / draft 8: a port other than the scheme's default, above all a
// reserved one, deserves caution (gopher URLs once sent mail through SMTP).
BOOST_AUTO_TEST_CASE(port_checks) {
  auto c = check_port(*parse_reference("gopher://h:25/")).value();
  BOOST_TEST(c.non_default);
  BOOST_TEST(c.reserved);
  BOOST_TEST(c.unsafe());
  BOOST_TEST(c.port.value() == 25);
  BOOST_TEST(c.default_port.value() == 70);
  c = check_port(*parse_reference("http://h:8080/")).value();
  BOOST_TEST(c.non_default);
  BOOST_TEST(!c.reserved);
  c = check_port(*parse_reference("http://h:80/")).value();
  BOOST_TEST(!c.non_default);
  BOOST_TEST(!c.unsafe());
  c = check_port(*parse_reference("http://h/")).value();
  BOOST_TEST(!c.port);
  BOOST_TEST(!c.unsafe());
  // A port above 65535 is no port: nothing to connect to, an error.
  const auto none = check_port(*parse_reference("http://h:99999/"));
  BOOST_TEST_REQUIRE(!none.has_value());
  BOOST_TEST((none.error().code == error_code::port_out_of_range));
  BOOST_TEST(none.error().offset == 9u);
  c = check_port(*parse_reference("x-unknown://h:22/")).value();
  BOOST_TEST(c.non_default);
  BOOST_TEST(c.reserved);
}

BOOST_AUTO_TEST_CASE(display_form_hides_passwords) {
  BOOST_TEST(display_form(*parse_reference("ftp://user:secret@h/x")) == "ftp://user:***@h/x");
  BOOST_TEST(display_form(*parse_reference("ftp://user:@h/x")) == "ftp://user:***@h/x");
  BOOST_TEST(display_form(*parse_reference("ftp://user@h/x")) == "ftp://user@h/x");
  BOOST_TEST(display_form(*parse_reference("http://h/a:b@c")) == "http://h/a:b@c");
  BOOST_TEST(display_form(*parse_reference("telnet://u:p%40ss@h:23/")) == "telnet://u:***@h:23/");
}

BOOST_AUTO_TEST_SUITE_END()
