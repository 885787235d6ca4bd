#include "io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

namespace urlkit::cli {

line_reader::line_reader(int fd, std::size_t chunk) : fd_(fd), chunk_(chunk ? chunk : 1) {}

bool line_reader::fill() {
  if (eof_) return false;
  // Keep only the unfinished line, at the front, then make room for a chunk.
  if (begin_ > 0) {
    std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    scan_ -= begin_;
    begin_ = 0;
  }
  if (cap_ - end_ < chunk_) {
    std::size_t cap = cap_ ? cap_ : chunk_;
    while (cap - end_ < chunk_) cap *= 2;
    auto bigger = std::make_unique_for_overwrite<char[]>(cap);
    if (end_) std::memcpy(bigger.get(), buf_.get(), end_);
    buf_ = std::move(bigger);
    cap_ = cap;
  }
  for (;;) {
    ssize_t n = ::read(fd_, buf_.get() + end_, cap_ - end_);
    if (n > 0) {
      end_ += static_cast<std::size_t>(n);
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error_ = errno;
    eof_ = true;
    return false;
  }
}

bool line_reader::next(std::string_view& line) {
  for (;;) {
    if (scan_ < end_) {
      const char* base = buf_.get();
      if (auto* lf = static_cast<const char*>(std::memchr(base + scan_, '\n', end_ - scan_))) {
        std::size_t stop = static_cast<std::size_t>(lf - base);
        std::size_t len = stop - begin_;
        if (len > 0 && base[stop - 1] == '\r') --len;
        line = std::string_view(base + begin_, len);
        begin_ = scan_ = stop + 1;
        return true;
      }
      scan_ = end_;
    }
    if (!fill()) break;
  }
  // The last line may lack its LF.
  if (begin_ < end_) {
    std::size_t len = end_ - begin_;
    if (buf_[end_ - 1] == '\r') --len;
    line = std::string_view(buf_.get() + begin_, len);
    begin_ = scan_ = end_;
    return true;
  }
  return false;
}

output& output::operator<<(std::size_t n) {
  char tmp[24];
  auto r = std::to_chars(tmp, tmp + sizeof tmp, n);
  buf_.append(tmp, r.ptr);
  return *this;
}

bool output::flush() {
  const char* p = buf_.data();
  std::size_t left = buf_.size();
  while (left > 0 && error_ == 0) {
    ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
      break;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  buf_.clear();
  // Give the memory of a huge line back instead of keeping it for the run.
  if (buf_.capacity() > 4 * block) {
    buf_.shrink_to_fit();
    buf_.reserve(block + block / 4);
  }
  return error_ == 0;
}

input_file::input_file(const std::string& path)
    : name_(path == "-" ? std::string("standard input") : path) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
    return;
  }
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    error_ = errno;
  else
    owned_ = true;
}

input_file::~input_file() {
  if (owned_) ::close(fd_);
}

std::size_t input_file::read(char* buf, std::size_t size) {
  if (fd_ < 0 || error_ != 0) return 0;
  for (;;) {
    const ssize_t n = ::read(fd_, buf, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) {
      error_ = errno;
      return 0;
    }
  }
}

bool input_file::read_all(std::string& out) {
  if (fd_ < 0) return false;
  // A regular file's size is known: one allocation.
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    out.reserve(out.size() + static_cast<std::size_t>(st.st_size));
  constexpr std::size_t piece = std::size_t{1} << 16;
  auto buf = std::make_unique_for_overwrite<char[]>(piece);
  while (const std::size_t n = read(buf.get(), piece)) out.append(buf.get(), n);
  return !failed();
}

std::string input_file::error_message() const {
  std::string s = "urlkit: cannot read ";
  s += name_;
  s += ": ";
  s += std::strerror(error_);
  return s;
}

void input_file::report(output& err) const {
  err << error_message();
  err.end_line();
}

bool is_terminal(int fd) noexcept {
  return ::isatty(fd) == 1;
}

std_streams::std_streams()
    : out(STDOUT_FILENO, is_terminal(STDIN_FILENO) || is_terminal(STDOUT_FILENO)),
      err(STDERR_FILENO, is_terminal(STDIN_FILENO) || is_terminal(STDERR_FILENO)) {}

int std_streams::finish(int status) {
  bool written = out.flush();
  err.flush();
  if (!written) {
    std::string msg = "urlkit: cannot write standard output: ";
    msg += std::strerror(out.error());
    msg += '\n';
    err << msg;
    err.flush();
    return 1;
  }
  return status;
}

}  // namespace urlkit::cli
