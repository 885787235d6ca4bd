// <urlkit/urlkit.hpp> alone gives the whole core API: one use of each header.
#include <urlkit/urlkit.hpp>

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(umbrella_header)

BOOST_AUTO_TEST_CASE(every_core_header_is_included) {
  BOOST_TEST(urlkit::parse_reference("http://a/b").has_value());                  // url_view
  BOOST_TEST(urlkit::url::parse("http://a/b").has_value());                       // url
  BOOST_TEST(urlkit::resolve("http://a/b/c", "d").has_value());                   // resolve
  BOOST_TEST(urlkit::encode("a b", urlkit::component::path_segment) == "a%20b");  // encoding
  BOOST_TEST(urlkit::parse_ftp("ftp://h/f").has_value());                         // schemes/
  BOOST_TEST(!urlkit::endpoint_of(urlkit::url_view{}));                           // endpoint
  BOOST_TEST(urlkit::parse_data("data:,x").has_value());                          // schemes/data
  BOOST_TEST(urlkit::parse_mime_type("text/plain").has_value());                  // mime_type
  BOOST_TEST(urlkit::decode_url_parameter("\"http://a/\"").has_value());          // mime
  BOOST_TEST(urlkit::extract("see <URL:http://a/>").size() == 1u);                // extract
  BOOST_TEST(urlkit::to_string(urlkit::established_base::layer::retrieval) == "retrieval");
  BOOST_TEST(urlkit::base64::max_decoded_size(4) >= 3u);                   // base64
  BOOST_TEST(urlkit::charset::is(urlkit::charset::digit, '7'));            // charset
  BOOST_TEST(urlkit::equivalent(urlkit::url_view{}, urlkit::url_view{}));  // normalize
}

BOOST_AUTO_TEST_SUITE_END()
