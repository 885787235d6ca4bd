// urlkit/detail/temp_file.hpp: a temporary file without a name, in $TMPDIR
// or /tmp.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "urlkit/detail/temp_file.hpp"

BOOST_AUTO_TEST_SUITE(temp_file)

// Written, read back; in the directory TMPDIR names; an error (-1, errno)
// for a directory that does not exist.
BOOST_AUTO_TEST_CASE(in_tmpdir_or_tmp) {
  const char* old = std::getenv("TMPDIR");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("TMPDIR", "/tmp", 1);
  std::string dir;
  const int fd = urlkit::detail::unnamed_temp_file(dir);
  BOOST_TEST_REQUIRE(fd >= 0);
  BOOST_TEST(dir == "/tmp");
  BOOST_TEST(::write(fd, "abc", 3) == 3);
  char back[4] = {};
  BOOST_TEST(::pread(fd, back, 3, 0) == 3);
  BOOST_TEST(std::string(back) == "abc");
  ::close(fd);

  ::setenv("TMPDIR", "/nonexistent-directory-of-urlkit", 1);
  errno = 0;
  BOOST_TEST(urlkit::detail::unnamed_temp_file(dir) == -1);
  BOOST_TEST(dir == "/nonexistent-directory-of-urlkit");
  BOOST_TEST(errno != 0);

  ::unsetenv("TMPDIR");
  const int fd2 = urlkit::detail::unnamed_temp_file(dir);
  BOOST_TEST(dir == "/tmp");
  BOOST_TEST(fd2 >= 0);
  if (fd2 >= 0) ::close(fd2);
  if (old != nullptr) ::setenv("TMPDIR", saved.c_str(), 1);
}

BOOST_AUTO_TEST_SUITE_END()
