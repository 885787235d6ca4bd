// File names and file URLs, both ways (RFC 1738 3.10), POSIX and Windows
// (RFC 8089 appendix E).
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

// The posix style is the default: the calls above, with it named.
BOOST_AUTO_TEST_CASE(posix_is_the_default_style) {
  for (const char* name : {"/usr/share/doc/a b.html", "/a?b;c#d%e", "/", "/a\\b", "/C:/x"}) {
    BOOST_TEST(file_url_from_path(name, path_style::posix)->buffer() ==
               file_url_from_path(name)->buffer());
  }
  BOOST_TEST(path_from_file_url("file:///C:/x", path_style::posix).value() == "/C:/x");
  BOOST_TEST(!path_from_file_url("file://server/share/x", path_style::posix).has_value());
  BOOST_TEST(to_string(path_style::posix) == "posix");
  BOOST_TEST(to_string(path_style::windows) == "windows");
  std::ostringstream os;
  os << path_style::windows;
  BOOST_TEST(os.str() == "windows");
}

namespace {

struct windows_case {
  std::string_view path;
  std::string_view url;
};

// RFC 8089 E.2 (drive letters) and E.3.1 (UNC, the server as the host): each
// path, its URL, and back.
const std::vector<windows_case> windows_table = {
    {"C:\\x\\y", "file:///C:/x/y"},
    {"C:\\", "file:///C:/"},
    {"c:\\Program Files\\a b.txt", "file:///c:/Program%20Files/a%20b.txt"},
    {"D:\\100%\\#1?\\x;y", "file:///D:/100%25/%231%3F/x%3By"},
    {"C:\\caf\xc3\xa9\\\xe6\x97\xa5\xe6\x9c\xac.txt",
     "file:///C:/caf%C3%A9/%E6%97%A5%E6%9C%AC.txt"},
    {"C:\\dir\\", "file:///C:/dir/"},
    {"C:\\a\\\\b", "file:///C:/a//b"},
    {"C:\\x:stream", "file:///C:/x:stream"},
    {"\\\\server\\share\\x", "file://server/share/x"},
    {"\\\\server\\share", "file://server/share"},
    {"\\\\server\\share\\", "file://server/share/"},
    {"\\\\host.example.com\\Share\\path\\to\\file.txt",
     "file://host.example.com/Share/path/to/file.txt"},
    {"\\\\server\\my share\\50% #off?.txt", "file://server/my%20share/50%25%20%23off%3F.txt"},
    {"\\\\localhost\\share\\x", "file://localhost/share/x"},
    {"\\\\10.0.0.1\\c$\\x", "file://10.0.0.1/c$/x"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(windows_paths_to_urls_and_back) {
  for (const windows_case& c : windows_table) {
    auto u = file_url_from_path(c.path, path_style::windows);
    BOOST_TEST_REQUIRE(u.has_value(), c.path << ": " << u.error().message());
    BOOST_TEST(u->buffer() == c.url, c.path);
    // The round trip is the identity.
    auto p = path_from_file_url(u->buffer(), path_style::windows);
    BOOST_TEST_REQUIRE(p.has_value(), c.url << ": " << p.error().message());
    BOOST_TEST(*p == c.path, c.url);
  }
  // "/" separates names as "\" does; the path read back has "\".
  BOOST_TEST(file_url_from_path("C:/x/y", path_style::windows)->buffer() == "file:///C:/x/y");
  BOOST_TEST(file_url_from_path("//server/share/x", path_style::windows)->buffer() ==
             "file://server/share/x");
}

// Every byte a Windows name may hold (not NUL, "\" or "/"), in a drive path
// and a UNC path.
BOOST_AUTO_TEST_CASE(windows_round_trip_of_every_byte) {
  std::string name;
  for (int b = 1; b < 256; ++b)
    if (b != '/' && b != '\\') name.push_back(static_cast<char>(b));
  for (const std::string& path : {"C:\\" + name, "\\\\server\\share\\" + name + "\\" + name}) {
    auto u = file_url_from_path(path, path_style::windows);
    BOOST_REQUIRE(u.has_value());
    BOOST_TEST(path_from_file_url(u->buffer(), path_style::windows).value() == path);
  }
}

// What appendix E lists for reading besides the forms written above.
BOOST_AUTO_TEST_CASE(windows_forms_read) {
  auto path = [](std::string_view url) {
    auto p = path_from_file_url(url, path_style::windows);
    return p ? *p : "error: " + p.error().message();
  };
  BOOST_TEST(path("file://localhost/C:/x") == "C:\\x");
  BOOST_TEST(path("FILE://LocalHost/c:/x") == "c:\\x");
  BOOST_TEST(path("file:/C:/x/y") == "C:\\x\\y");  // no host (lenient mode)
  BOOST_TEST(path("file:C:/x/y") == "C:\\x\\y");   // E.2: file:c:/path/to/file
  BOOST_TEST(path("file:c:/") == "c:\\");
  BOOST_TEST(path("file:///C|/x") == "C:\\x");  // E.2.2, the vertical line
  BOOST_TEST(path("file:C|/x") == "C:\\x");
  BOOST_TEST(path("file:////server/share/x") == "\\\\server\\share\\x");   // E.3.2
  BOOST_TEST(path("file://///server/share/x") == "\\\\server\\share\\x");  // E.3.2
  BOOST_TEST(path("file://server/share/a%20b") == "\\\\server\\share\\a b");
  BOOST_TEST(path("file:///C:/a%3Ab") == "C:\\a:b");
}

namespace {

void windows_error(std::string_view url, std::size_t offset, std::string_view words) {
  auto p = path_from_file_url(url, path_style::windows);
  BOOST_TEST_REQUIRE(!p.has_value(), url << " gives " << (p ? *p : std::string()));
  BOOST_TEST(p.error().offset == offset, url << ": " << p.error().message());
  BOOST_TEST(p.error().message().find(words) != std::string::npos,
             url << ": " << p.error().message());
}

void windows_path_error(std::string_view path, std::size_t offset, std::string_view words) {
  auto u = file_url_from_path(path, path_style::windows);
  BOOST_TEST_REQUIRE(!u.has_value(), path << " gives " << (u ? u->buffer() : std::string_view()));
  BOOST_TEST(u.error().offset == offset, path << ": " << u.error().message());
  BOOST_TEST(u.error().message().find(words) != std::string::npos,
             path << ": " << u.error().message());
}

}  // namespace

// Decoding is exact: what would name another file, or none, is an error at
// its offset.
BOOST_AUTO_TEST_CASE(windows_urls_refused) {
  windows_error("file:///C:/a%2Fb", 12, "inside a segment");
  windows_error("file:///C:/a%5cb", 12, "inside a segment");
  windows_error("file:///C:/a\\b", 12, "inside a segment");
  windows_error("file://server/share/a%2Fb", 21, "inside a segment");
  windows_error("file:///C:/a/%00", 13, "NUL");
  windows_error("file:///1:/x", 8, "A-Z");
  windows_error("file:///%:/x", 8, "A-Z");
  windows_error("file:///C:", 10, "root");
  windows_error("file:///x/y", 8, "drive letter");
  windows_error("file:///", 8, "drive letter");
  windows_error("file://server/", 14, "share");
  windows_error("file://server/C:/x", 14, "drive");
  windows_error("file:////", 9, "server");
  windows_error("file:////server", 15, "share");
  windows_error("file:////%3F/share", 9, "device");
  windows_error("file:C:/a%2Fb", 9, "inside a segment");  // offsets in the text given
  windows_error("file:C:/a b", 9, "space");
  windows_error("http://h/C:/x", 0, "file");
}

BOOST_AUTO_TEST_CASE(windows_paths_refused) {
  windows_path_error("x\\y", 0, "absolute");
  windows_path_error("\\x\\y", 0, "absolute");  // the current drive's root
  windows_path_error("", 0, "absolute");
  windows_path_error("C:x", 2, "root");
  windows_path_error("C:", 2, "root");
  windows_path_error("1:\\x", 0, "A-Z");
  windows_path_error("\\\\\\share", 2, "server");
  windows_path_error("\\\\server", 8, "share");
  windows_path_error("\\\\server\\", 9, "share");
  windows_path_error("\\\\server\\C:\\x", 9, "drive");
  windows_path_error("\\\\?\\C:\\x", 2, "device");
  windows_path_error("\\\\.\\pipe\\x", 2, "device");
  windows_path_error("\\\\a b\\share", 3, "");
  windows_path_error(std::string_view("C:\\a\0b", 6), 4, "NUL");
}

BOOST_AUTO_TEST_SUITE_END()
