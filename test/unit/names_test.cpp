// One spelling for the names of enumerators: to_string(e) for every enum of
// the library that has names, operator<< printing the same.  The codes'
// names are stable: machine-readable output (the CLI's JSON "code") carries
// them.
#include <concepts>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "urlkit/base.hpp"
#include "urlkit/error.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/url_view.hpp"

using urlkit::error_code;
using urlkit::warning_code;

BOOST_AUTO_TEST_SUITE(names)

// Every value up to `last` has a name of its own, which operator<< prints.
template <class Enum>
void check_all(Enum last) {
  std::set<std::string> seen;
  for (int i = 0; i <= static_cast<int>(last); ++i) {
    const auto c = static_cast<Enum>(i);
    const std::string name(urlkit::to_string(c));
    std::ostringstream printed;
    printed << c;
    BOOST_TEST(!name.empty(), "value " << i << " has no name");
    BOOST_TEST(name == printed.str(), "value " << i);
    BOOST_TEST(seen.insert(name).second, name << " twice");
  }
}

BOOST_AUTO_TEST_CASE(every_code_has_the_name_operator_shift_prints) {
  check_all(error_code::document_encoding);  // the last error code
  check_all(warning_code::host_too_long);    // the last warning code
  // Past the enumeration: no name (operator<< prints the number).
  BOOST_TEST(urlkit::to_string(
                 static_cast<error_code>(static_cast<int>(error_code::document_encoding) + 1))
                 .empty());
  BOOST_TEST(urlkit::to_string(error_code::bad_port) == "bad_port");
  BOOST_TEST(urlkit::to_string(warning_code::unwise_character) == "unwise_character");
}

BOOST_AUTO_TEST_CASE(rules_layers_and_delimitings_are_named_the_same_way) {
  check_all(urlkit::rule::mime);  // the last rule
  BOOST_TEST(urlkit::to_string(urlkit::rule::port) == "port");
  check_all(urlkit::established_base::layer::undefined);
  BOOST_TEST(urlkit::to_string(urlkit::established_base::layer::content_base) == "Content-Base");
  check_all(urlkit::extracted::how_found::bare);
  BOOST_TEST(urlkit::to_string(urlkit::extracted::how_found::wrapped) == "wrapped");
  check_all(urlkit::news_kind::article);
  BOOST_TEST(urlkit::to_string(urlkit::news_kind::group) == "group");
  check_all(urlkit::path_style::windows);
  BOOST_TEST(urlkit::to_string(urlkit::path_style::posix) == "posix");
}

// One meaning per name (docs/guide.md, "Names"): port() is the digits as
// written, wherever it is; a number has a name of its own (port_number(),
// effective_port()); path() and segments() are the generic path's, and a
// scheme whose production cuts the path otherwise names it by that
// production (hpath(), fpath()).  A member of the same name with another
// meaning stops this test compiling.
template <class V>
concept has_port = requires(const V& v) {
  v.port();
};
template <class V>
concept has_path = requires(const V& v) {
  v.path();
};
template <class V>
concept has_encoded_path = requires(const V& v) {
  v.encoded_path();
};
template <class V>
concept has_segments = requires(const V& v) {
  v.segments();
};
template <class V>
concept has_effective_port = requires(const V& v) {
  { v.effective_port() } -> std::same_as<std::uint16_t>;
};
template <class... V>
constexpr bool none_has_generic_names = ((!has_port<V> && !has_path<V> && !has_encoded_path<V> &&
                                          !has_segments<V>)&&...);
static_assert(std::same_as<decltype(urlkit::url_view().port()), std::string_view>);
static_assert(std::same_as<decltype(urlkit::url_view().path()), urlkit::decode_view>);
static_assert(none_has_generic_names<urlkit::server_view, urlkit::http_view, urlkit::ftp_view,
                                     urlkit::gopher_view, urlkit::nntp_view, urlkit::telnet_view,
                                     urlkit::wais_view, urlkit::prospero_view, urlkit::file_view,
                                     urlkit::news_view, urlkit::data_view, urlkit::mailto_view>);
static_assert(has_effective_port<urlkit::http_view> && has_effective_port<urlkit::ftp_view> &&
              has_effective_port<urlkit::gopher_view> && has_effective_port<urlkit::nntp_view> &&
              has_effective_port<urlkit::telnet_view> && has_effective_port<urlkit::wais_view> &&
              has_effective_port<urlkit::prospero_view>);

// Why the names differ: the same URL, read by the generic syntax and by the
// scheme's production.
BOOST_AUTO_TEST_CASE(a_name_means_one_thing_on_every_type) {
  const std::string s = "http://a:/b;p?q";
  const auto h = urlkit::parse_http(s);
  BOOST_TEST_REQUIRE(h.has_value());
  BOOST_TEST(h->url().port() == "");                        // the digits as written: none
  BOOST_TEST(!h->url().port_number().value().has_value());  // no number written
  BOOST_TEST(h->effective_port() == 80);                    // the port to connect to
  BOOST_TEST(h->url().path() == "b");                       // draft 4.3.2: params apart
  BOOST_TEST(h->hpath() == "b;p");                          // RFC 1738's hpath: params in
  BOOST_TEST(h->hsegments().size() == 1u);
  const std::string f = "ftp://h/a?b";
  const auto fv = urlkit::parse_ftp(f);
  BOOST_TEST_REQUIRE(fv.has_value());
  BOOST_TEST(fv->url().path() == "a");  // the generic query starts at "?"
  BOOST_TEST(fv->fpath() == "a?b");     // "?" is an fsegment character
}

BOOST_AUTO_TEST_SUITE_END()
