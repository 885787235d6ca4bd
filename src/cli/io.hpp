// urlkit CLI — buffered line input and output for batch runs.
//
// Batches can be millions of lines, so input is read in large chunks with
// read(2) (which, unlike fread, returns as soon as a terminal line is typed)
// and output is collected in one big buffer written with write(2).  Nothing
// is flushed per line unless a terminal is involved.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace urlkit::cli {

/// Splits a file descriptor into lines.  A line is returned without its LF
/// and without one CR before it, so LF and CRLF input read alike.  There is
/// no line length limit: the buffer grows to hold the longest line and no
/// more (memory stays about twice the longest line plus one chunk).
class line_reader {
 public:
  static constexpr std::size_t default_chunk = std::size_t{1} << 20;

  explicit line_reader(int fd, std::size_t chunk = default_chunk);

  /// The next line; false at the end of input (or on a read error, see
  /// failed()).  `line` stays valid until the next call.
  bool next(std::string_view& line);

  /// True when reading stopped because of an I/O error (errno saved in error()).
  bool failed() const noexcept { return error_ != 0; }
  int error() const noexcept { return error_; }

 private:
  bool fill();  // reads more; false at end of input

  int fd_;
  std::size_t chunk_;
  std::unique_ptr<char[]> buf_;
  std::size_t cap_ = 0;
  std::size_t begin_ = 0;  // start of the unconsumed bytes
  std::size_t scan_ = 0;   // bytes before this were already searched for LF
  std::size_t end_ = 0;    // end of the bytes read
  bool eof_ = false;
  int error_ = 0;
};

/// Collects output and writes it to a file descriptor in large blocks.
class output {
 public:
  static constexpr std::size_t block = std::size_t{1} << 20;

  /// `line_buffered`: write out after every line (for terminals).
  output(int fd, bool line_buffered) : fd_(fd), line_buffered_(line_buffered) {
    buf_.reserve(block + block / 4);
  }
  output(const output&) = delete;
  output& operator=(const output&) = delete;
  ~output() { flush(); }

  /// The buffer to append to; call end_line() after each complete line.
  std::string& buffer() noexcept { return buf_; }
  output& operator<<(std::string_view s) {
    buf_.append(s);
    return *this;
  }
  output& operator<<(char c) {
    buf_.push_back(c);
    return *this;
  }
  output& operator<<(std::size_t n);

  /// Ends a line ('\n') and writes out when the buffer is full (or always,
  /// when line buffered).
  void end_line() {
    buf_.push_back('\n');
    if (line_buffered_ || buf_.size() >= block) flush();
  }

  /// Writes everything buffered; false once any write has failed.
  bool flush();
  bool ok() const noexcept { return error_ == 0; }
  int error() const noexcept { return error_; }

 private:
  int fd_;
  bool line_buffered_;
  int error_ = 0;
  std::string buf_;
};

/// A file a command reads, named on its command line; "-" is standard input.
/// Every command that reads a file (absolutize, base --html, data --file,
/// extract) opens and reads it through this class, so that one that cannot
/// be read, missing, unreadable or a directory (which opens, and fails its
/// first read with EISDIR), is reported one way: "urlkit: cannot read NAME:
/// REASON".
class input_file {
 public:
  /// Opens `path` ("-": standard input, which is not closed).  A failure is
  /// kept: is_open() is false and error() says why.
  explicit input_file(const std::string& path);
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;
  ~input_file();

  bool is_open() const noexcept { return fd_ >= 0; }
  /// The descriptor to read (for a reader of its own, such as run_batches);
  /// -1 when the file could not be opened.
  int fd() const noexcept { return fd_; }
  /// The name messages give: the path, or "standard input" for "-".
  const std::string& name() const noexcept { return name_; }

  /// read(2) of at most `size` bytes, EINTR retried: the count read, 0 at
  /// the end of the file or on an error (failed() then says so).
  std::size_t read(char* buf, std::size_t size);
  /// Appends the rest of the file to `out`; false on an error.
  bool read_all(std::string& out);

  /// Records a read error that a reader of fd() of its own met.
  void set_error(int error) noexcept { error_ = error; }
  bool failed() const noexcept { return error_ != 0; }
  int error() const noexcept { return error_; }

  /// "urlkit: cannot read NAME: REASON" (REASON that of error()), without a
  /// line end: what ends a command on this file (std_streams::fail).
  std::string error_message() const;
  /// error_message() as a line on `err`.
  void report(output& err) const;

 private:
  int fd_ = -1;
  bool owned_ = false;  // fd_ is closed at the end (not standard input)
  int error_ = 0;
  std::string name_;
};

/// True when the file descriptor is a terminal.
bool is_terminal(int fd) noexcept;

/// The standard output and standard error of a command.  Both are line
/// buffered when a terminal is involved, so that typing URLs at `urlkit
/// parse` shows each answer at once; otherwise they are block buffered.
struct std_streams {
  std_streams();
  /// Flushes both; gives `status`, or 1 if anything could not be written.
  int finish(int status);
  /// How a command ends on what went wrong: `line` (its parts, each written
  /// with <<) and a line end on stderr, then finish(status).
  template <class... Parts>
  int fail(int status, const Parts&... line) {
    (err << ... << line);
    err.end_line();
    return finish(status);
  }

  output out;
  output err;
};

}  // namespace urlkit::cli
