// File names and file URLs, both ways (RFC 1738 3.10).
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "urlkit/schemes/file.hpp"

using namespace urlkit;

BOOST_AUTO_TEST_SUITE(file_paths)

BOOST_AUTO_TEST_CASE(file_url_from_a_path) {
  auto u = file_url_from_path("/usr/share/doc/a b.html");
  BOOST_REQUIRE(u.has_value());
  BOOST_TEST(u->buffer() == "file:///usr/share/doc/a%20b.html");
  // Bytes that would end the path or start an escape are data.
  BOOST_TEST(file_url_from_path("/a?b;c#d%e")->buffer() == "file:///a%3Fb%3Bc%23d%25e");
  BOOST_TEST(file_url_from_path("/")->buffer() == "file:///");
  BOOST_TEST(file_url_from_path("/dir/")->buffer() == "file:///dir/");
  BOOST_TEST(file_url_from_path("/caf\xc3\xa9")->buffer() == "file:///caf%C3%A9");
}

BOOST_AUTO_TEST_CASE(refused_paths) {
  auto rel = file_url_from_path("doc/a.html");
  BOOST_REQUIRE(!rel.has_value());
  BOOST_TEST(rel.error().offset == 0u);
  BOOST_TEST(rel.error().message().find("absolute") != std::string::npos, rel.error().message());
  auto nul = file_url_from_path(std::string_view("/a\0b", 4));
  BOOST_REQUIRE(!nul.has_value());
  BOOST_TEST(nul.error().offset == 2u);
}

BOOST_AUTO_TEST_CASE(path_from_a_file_url) {
  BOOST_TEST(path_from_file_url("file:///usr/share/doc/a%20b.html").value() ==
             "/usr/share/doc/a b.html");
  BOOST_TEST(path_from_file_url("file://localhost/etc/motd").value() == "/etc/motd");
  BOOST_TEST(path_from_file_url("FILE://LocalHost/x").value() == "/x");
  // The round trip, for every byte a file name may hold.
  std::string name = "/";
  for (int b = 1; b < 256; ++b)
    if (b != '/') name.push_back(static_cast<char>(b));
  auto u = file_url_from_path(name);
  BOOST_REQUIRE(u.has_value());
  BOOST_TEST(path_from_file_url(u->buffer()).value() == name);
}

BOOST_AUTO_TEST_CASE(remote_and_unnameable_files) {
  auto remote = path_from_file_url("file://vms.host.edu/disk$user/my/notes/note12345.txt");
  BOOST_REQUIRE(!remote.has_value());
  BOOST_TEST(remote.error().offset == 7u);  // the host
  BOOST_TEST(remote.error().rule == rule::host);
  BOOST_TEST(remote.error().message().find("another machine") != std::string::npos,
             remote.error().message());
  auto slash = path_from_file_url("file:///a%2Fb");
  BOOST_REQUIRE(!slash.has_value());
  BOOST_TEST(slash.error().offset == 9u);
  auto nul = path_from_file_url("file:///a/%00");
  BOOST_REQUIRE(!nul.has_value());
  BOOST_TEST(nul.error().offset == 10u);
  BOOST_TEST(!path_from_file_url("http://h/x").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
