// A temporary file without a name, in $TMPDIR or /tmp: what the CLI spools a
// pipe to and the HTML absolutizer holds a document in until its BASE is
// known.  POSIX (Linux's O_TMPFILE where the file system has it).
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace urlkit::detail {

/// A file open for reading and writing that has no name (gone when closed),
/// in the directory TMPDIR names, else /tmp, which `dir` is set to; -1 with
/// errno set when none can be made.
inline int unnamed_temp_file(std::string& dir) {
  const char* tmpdir = std::getenv("TMPDIR");
  dir = tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  // A file system without O_TMPFILE: a named file, unlinked at once.
  std::string path = dir + "/urlkit-XXXXXX";
  fd = ::mkostemp(path.data(), O_CLOEXEC);
  if (fd >= 0) ::unlink(path.c_str());
  return fd;
}

}  // namespace urlkit::detail
