// urlkit absolutize: HTML documents with every link made absolute (draft
// sections 5 and 6), the rest of them byte for byte as they were: one to
// stdout, or many (a mirrored site) into a directory, in one process.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/base.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/html.hpp"
#include "urlkit/resolve.hpp"

namespace urlkit::cli {
namespace {

namespace fs = std::filesystem;

struct absolutize_args {
  base_context context;  // the outer layers, as the options give them
  bool keep_same_document = false;
  bool compare = false;  // --compare: the links whose resolution differs, as JSON
  std::vector<std::string> files;
  std::optional<std::string> root;  // --root: the directory --base names
  std::optional<std::string> output_dir;
  unsigned jobs = 1;
};

// A file up to this size is taken whole, once (mapped, or read): its first
// look for "<base", its BASE (when it may have one) and its rewriting all
// read it in memory.  A longer one is taken in windows of this size (or read
// in pieces of `chunk`), twice or three times (file_pieces, below).
constexpr std::size_t whole_file = std::size_t{1} << 20;
constexpr std::size_t chunk = std::size_t{1} << 16;

// Whether `fd` is a regular file, which can be read again.
bool rereadable(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && lseek(fd, 0, SEEK_CUR) == 0;
}

// Reads from `in` until `size` bytes or the end: the count read.
std::size_t read_up_to(input_file& in, char* buffer, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const std::size_t n = in.read(buffer + got, size - got);
    if (n == 0) break;
    got += n;
  }
  return got;
}

// A regular file's bytes from its start, a piece at a time: windows of
// whole_file bytes mapped into memory, else (a file that cannot be mapped)
// read into the reader's buffer.  Mapped, the bytes are read where the page
// cache has them: read(2) copied each (a tenth of a batch's time, in the
// kernel), and those of a file past whole_file twice, once for "<base" and
// once to rewrite it.  A window is unmapped before the next is mapped, so
// that the resident set stays what it was.  The size read is the file's
// when it was opened; a file cut shorter while it is read ends the process
// (SIGBUS), as with any reader that maps files.  A file of less than
// map_from bytes is read: mapping and unmapping it cost more than its copy.
class file_pieces {
 public:
  file_pieces(input_file& in, char* buffer) : in_(in), buffer_(buffer) {
    struct stat st {};
    if (::fstat(in.fd(), &st) == 0 && S_ISREG(st.st_mode))
      size_ = static_cast<std::uint64_t>(st.st_size);
    mapped_ = size_ >= map_from;
  }
  ~file_pieces() { unmap(); }
  file_pieces(const file_pieces&) = delete;
  file_pieces& operator=(const file_pieces&) = delete;

  // Whether the first piece is the whole file.
  bool whole() const noexcept { return whole_; }

  // The next piece; empty at the end (or on a read error: in.failed()).
  // It stays valid until the next call.
  std::string_view next() {
    unmap();
    if (mapped_) {
      if (at_ >= size_) return {};
      const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(window, size_ - at_));
      void* p = ::mmap(nullptr, n, PROT_READ, MAP_PRIVATE | MAP_POPULATE, in_.fd(),
                       static_cast<off_t>(at_));
      if (p != MAP_FAILED) {
        if (at_ == 0) whole_ = n == size_;
        map_ = p;
        map_size_ = n;
        at_ += n;
        return {static_cast<const char*>(p), n};
      }
      mapped_ = false;  // read from here
      if (at_ != 0 && ::lseek(in_.fd(), static_cast<off_t>(at_), SEEK_SET) < 0) {
        in_.set_error(errno);
        return {};
      }
    }
    if (at_ == 0) {
      const std::size_t n = read_up_to(in_, buffer_, whole_file);
      whole_ = n < whole_file;
      at_ += n;
      return {buffer_, n};
    }
    const std::size_t n = in_.read(buffer_, chunk);
    at_ += n;
    return {buffer_, n};
  }

  // Back to the file's start; false (in.failed()) when it cannot be.
  bool rewind() {
    unmap();
    at_ = 0;
    if (::lseek(in_.fd(), 0, SEEK_SET) == 0) return true;
    in_.set_error(errno);
    return false;
  }

 private:
  static constexpr std::size_t window = whole_file;
  static constexpr std::uint64_t map_from = 64 * 1024;
  void unmap() noexcept {
    if (map_ != nullptr) ::munmap(map_, map_size_);
    map_ = nullptr;
  }
  input_file& in_;
  char* buffer_;
  std::uint64_t size_ = 0;
  std::uint64_t at_ = 0;
  bool mapped_ = false;
  bool whole_ = false;
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
};

// Where a document's output goes: standard output, or its file.
class document_output {
 public:
  virtual ~document_output() = default;
  virtual bool write(std::string_view bytes) = 0;
  // False once a write has failed.
  virtual bool ok() const = 0;
};

class stdout_output final : public document_output {
 public:
  explicit stdout_output(output& out) : out_(out) {}
  bool write(std::string_view bytes) override {
    out_ << bytes;
    if (out_.buffer().size() >= output::block) out_.flush();
    return out_.ok();
  }
  bool ok() const override { return out_.ok(); }

 private:
  output& out_;
};

// A file, written as the absolutizer hands its output over (in pieces of
// about 64 KiB, gathered by it), in whole pages: every write but the last
// ends at a multiple of `page` bytes of the file, the piece's last partial
// page held back (copied, at most page - 1 bytes) and written with the next.
// A page written by two calls costs the file system's per-page work twice
// (ext4's block reservation and its page cache lookup): a sixth of a
// batch run's system time.
class file_output final : public document_output {
 public:
  explicit file_output(int fd) : fd_(fd) {}
  bool write(std::string_view bytes) override {
    if (error_ != 0) return false;
    const std::size_t whole = (held_ + bytes.size()) / page * page;
    if (whole == 0) {
      std::memcpy(page_ + held_, bytes.data(), bytes.size());
      held_ += bytes.size();
      return true;
    }
    const std::size_t taken = whole - held_;  // held_ < page <= whole
    if (!write_all(std::string_view(page_, held_), bytes.substr(0, taken))) return false;
    held_ = bytes.size() - taken;
    std::memcpy(page_, bytes.data() + taken, held_);
    return true;
  }
  // Writes the last partial page: false when a write failed.
  bool finish() {
    if (error_ != 0) return false;
    const bool ok = write_all(std::string_view(page_, held_), {});
    held_ = 0;
    return ok;
  }
  bool ok() const override { return error_ == 0; }
  int error() const noexcept { return error_; }

 private:
  static constexpr std::size_t page = 4096;

  // Writes `first` then `second`, in one call where the system takes both.
  bool write_all(std::string_view first, std::string_view second) {
    iovec v[2] = {{const_cast<char*>(first.data()), first.size()},
                  {const_cast<char*>(second.data()), second.size()}};
    iovec* next = v;
    int count = 2;
    while (count > 0 && next->iov_len == 0) ++next, --count;
    while (count > 0) {
      const ssize_t n = ::writev(fd_, next, count);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;  // nothing written: no progress
        return false;
      }
      auto left = static_cast<std::size_t>(n);
      while (count > 0 && left >= next->iov_len) left -= next->iov_len, ++next, --count;
      if (count > 0) {
        next->iov_base = static_cast<char*>(next->iov_base) + left;
        next->iov_len -= left;
      }
    }
    return true;
  }

  int fd_;
  int error_ = 0;
  std::size_t held_ = 0;
  char page_[page];
};

// How a document ended.
enum class ending {
  done,
  failed,          // its error is the last line of its messages
  output_stopped,  // its output could not be written (the output says why)
};

// What a thread keeps from document to document.
struct reader {
  std::unique_ptr<char[]> buffer = std::make_unique_for_overwrite<char[]>(whole_file);
  std::string made_dir;  // the output directory made last
};

// Rewrites the document `in` (open) into `out`.  Its messages (a warning for
// each link left as it is, the error that ended it), a line each naming it
// `name`, go to `direct` as they come, or without it are appended to `msgs`.
ending absolutize_document(input_file& in, const std::string& name, const established_base& outer,
                           bool keep_same_document, specification spec, reader& r,
                           document_output& out, std::string& msgs, output* direct) {
  const auto line = [&](std::string_view text) {
    if (direct != nullptr) {
      *direct << text;
      direct->end_line();
    } else {
      msgs += text;
      msgs += '\n';
    }
  };
  html::absolutize_options options;
  options.keep_same_document = keep_same_document;
  options.spec = spec;
  // Each link left as it is, as it is read: where it is, and why.  The
  // others are not reported, and cost no link record.
  options.only_left_as_is = true;
  std::string warning;
  options.on_link = [&](const html::link& l) {
    if (l.resolved) return;
    const error& e = l.resolved.error();
    warning = name;
    warning += ':';
    warning += std::to_string(l.where.line);
    warning += ':';
    warning += std::to_string(l.where.column);
    warning += ": warning: ";
    warning += l.element;
    warning += ' ';
    warning += l.attribute;
    warning += ": ";
    warning += e.message();
    warning += l.element == "base" ? " (BASE ignored" : " (left as it is";
    warning += "; offset ";
    warning += std::to_string(e.offset);
    warning += " in the URL)";
    line(warning);
  };
  const auto fail = [&](const std::string& text) {
    line(text);
    return ending::failed;
  };
  const byte_sink sink = [&out](std::string_view bytes) { return out.write(bytes); };
  const auto stopped = [&](const error& e) {
    // The output's own failure is the caller's to report; any other (the
    // temporary file that holds a pipe failed, ...) is this document's.
    return e.code == error_code::output_stopped && !out.ok() ? ending::output_stopped
                                                             : fail(error_line(name, e));
  };
  char* const buffer = r.buffer.get();

  // The document's BASE may follow the links it applies to.  A regular
  // file is first read for "<base" alone (base_tag_scan), far cheaper than
  // reading it as HTML: a document without it has no BASE.  One with it is
  // read again up to its BASE (base_finder: "<base" may be in a comment or
  // a script), then through, written as it is read.  A file of up to
  // whole_file bytes is taken once, and all of this done in memory.  A pipe
  // is read once, the absolutizer holding it until the BASE is found (in a
  // temporary file past a bound: docs/html.md, "Streaming").
  std::optional<html::absolutizer> absolutizer;
  if (rereadable(in.fd())) {
    file_pieces pieces(in, buffer);
    std::string_view piece = pieces.next();
    if (in.failed()) return fail(in.error_message());
    html::base_tag_scan scan;
    scan.write(piece);
    if (pieces.whole()) {
      const std::string_view document = piece;
      std::optional<html::base_href> found;
      if (scan.seen()) {
        auto base = html::find_base_href(document);
        if (!base) return fail(error_line(name, base.error()));
        found = std::move(*base);
      }
      absolutizer.emplace(outer, found, std::move(options));
      if (auto w = absolutizer->write(document, sink); !w) return stopped(w.error());
      if (auto f = absolutizer->finish(sink); !f) return stopped(f.error());
      return ending::done;
    }
    while (!scan.seen()) {
      piece = pieces.next();
      if (piece.empty()) break;
      scan.write(piece);
    }
    if (in.failed() || !pieces.rewind()) return fail(in.error_message());
    std::optional<html::base_href> found;
    if (scan.seen()) {
      html::base_finder finder;
      while (!finder.found()) {
        piece = pieces.next();
        if (piece.empty()) break;
        if (auto w = finder.write(piece); !w) return fail(error_line(name, w.error()));
      }
      if (in.failed() || !pieces.rewind()) return fail(in.error_message());
      auto base = finder.finish();
      if (!base) return fail(error_line(name, base.error()));
      found = std::move(*base);
    }
    absolutizer.emplace(outer, found, std::move(options));
    for (;;) {
      piece = pieces.next();
      if (piece.empty()) break;
      if (auto w = absolutizer->write(piece, sink); !w) return stopped(w.error());
    }
    if (in.failed()) return fail(in.error_message());
    if (auto f = absolutizer->finish(sink); !f) return stopped(f.error());
    return ending::done;
  } else {
    absolutizer.emplace(outer, std::move(options));
  }

  for (;;) {
    const std::size_t n = in.read(buffer, chunk);
    if (n == 0) break;
    if (auto w = absolutizer->write(std::string_view(buffer, n), sink); !w)
      return stopped(w.error());
  }
  if (in.failed()) return fail(in.error_message());
  if (auto f = absolutizer->finish(sink); !f) return stopped(f.error());
  return ending::done;
}

// --compare: the document read once, by two absolutizers, one for each
// specification, whose links (every one, in document order, the same list
// for both: resolution does not change what is a link) are paired as they
// come; a pair that resolved differently is one JSON object on `out`:
// {"file", "line", "column", "element", "attribute", "reference",
// "rfc1808", "rfc3986"}, each result the URL or the error object of every
// command's JSON.  Nothing else is written.  False, its message on `err`,
// when the document cannot be read or fails (a tag too long, UTF-16).
bool compare_document(input_file& in, const std::string& name, const established_base (&outer)[2],
                      bool keep_same_document, reader& r, output& out, output& err) {
  std::deque<html::link> pending[2];
  std::optional<html::absolutizer> engines[2];
  const byte_sink discard = [](std::string_view) { return true; };
  auto pair_off = [&] {
    while (!pending[0].empty() && !pending[1].empty()) {
      const html::link& a = pending[0].front();
      const html::link& b = pending[1].front();
      const bool same =
          a.resolved.has_value() == b.resolved.has_value() &&
          (a.resolved ? *a.resolved == *b.resolved
                      : a.resolved.error().to_string() == b.resolved.error().to_string());
      if (!same) {
        json::write_lossless(out.buffer(), [&](std::string& o) {
          json::object_writer w(o);
          w.string("file", name);
          w.number("line", a.where.line);
          w.number("column", a.where.column);
          w.string("element", a.element);
          w.string("attribute", a.attribute);
          w.string("reference", shown_url(a.reference).text);
          for (int i = 0; i < 2; ++i) {
            const html::link& l = i == 0 ? a : b;
            const std::string_view key = i == 0 ? "rfc1808" : "rfc3986";
            if (l.resolved)
              w.string(key, *l.resolved);  // a result, as absolutize writes it
            else
              json::write_error(w.raw(key), l.resolved.error(), shown_url(l.reference));
          }
          w.close();
        });
        out.end_line();
      }
      pending[0].pop_front();
      pending[1].pop_front();
    }
  };
  for (int i = 0; i < 2; ++i) {
    html::absolutize_options o;
    o.keep_same_document = keep_same_document;
    o.spec = i == 0 ? specification::rfc1808 : specification::rfc3986;
    o.on_link = [&pending, i](const html::link& l) { pending[i].push_back(l); };
    engines[i].emplace(outer[i], std::move(o));
  }
  const auto failed = [&](const error& e) {
    err << error_line(name, e);
    err.end_line();
    return false;
  };
  char* const buffer = r.buffer.get();
  for (;;) {
    const std::size_t n = in.read(buffer, chunk);
    if (n == 0) break;
    for (auto& e : engines)
      if (auto w = e->write(std::string_view(buffer, n), discard); !w) return failed(w.error());
    pair_off();
  }
  if (in.failed()) {
    err << in.error_message();
    err.end_line();
    return false;
  }
  for (auto& e : engines)
    if (auto f = e->finish(discard); !f) return failed(f.error());
  pair_off();
  return true;
}

// The outer base of a document: `context` as given, or, below --root, with
// its retrieval URL that of the document's path below the root.
struct base_maker {
  const base_context& context;
  // The root's URL (--base with --root): each document's retrieval URL is
  // it resolved with the document's path below the root; empty: none.
  std::string root_url;

  result<established_base> operator()(const fs::path& below) const {
    if (root_url.empty()) return establish_base(context);
    // Each name a path segment, its "/", ";", "?", "%" and the rest
    // escaped; "./" first, so that a first name with a ":" is no scheme.
    std::string reference = ".";
    for (const fs::path& name : below) {
      reference += '/';
      reference += encode(name.native(), component::path_segment);
    }
    base_context c = context;
    result<std::string> url = resolve(root_url, reference);
    if (!url) return url.error();
    c.retrieval = std::move(*url);
    return establish_base(c);
  }
};

// `path` made absolute (against the current directory) and normal, without
// a trailing "/", symbolic links not followed: what --root and FILE are
// compared as.
fs::path lexical_absolute(const std::string& path, std::error_code& ec) {
  fs::path p = fs::absolute(fs::path(path), ec).lexically_normal();
  if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
  return p;
}

// Many documents: each FILE into OUTPUT_DIR at its path below the root.
class batch_run {
 public:
  batch_run(const absolutize_args& args, const fs::path& root, base_maker bases, std_streams& io)
      : args_(args), root_(root), bases_(std::move(bases)), io_(io) {}

  int run() {
    const std::size_t count = args_.files.size();
    messages_.resize(count);
    done_.assign(count, 0);
    const unsigned jobs =
        static_cast<unsigned>(std::min<std::size_t>(effective_jobs(args_.jobs), count));
    if (jobs <= 1) {
      work();
    } else {
      std::vector<std::thread> threads;
      threads.reserve(jobs);
      for (unsigned t = 0; t < jobs; ++t) threads.emplace_back([this] { work(); });
      for (std::thread& t : threads) t.join();
    }
    if (error_) std::rethrow_exception(error_);
    return io_.finish(failed_ ? exit_failed : exit_ok);
  }

 private:
  // A thread's part: the next document not taken, until none is left.
  void work() {
    reader r;
    for (;;) {
      const std::size_t i = next_.fetch_add(1);
      if (i >= args_.files.size()) return;
      std::string msgs;
      bool ok = false;
      try {
        ok = one(args_.files[i], r, msgs);
      } catch (...) {
        // Out of memory: the others stop, and main() says so.
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        next_ = args_.files.size();
        return;
      }
      report(i, std::move(msgs), ok);
    }
  }

  // Each document's messages together, in the order of the FILEs.
  void report(std::size_t i, std::string msgs, bool ok) {
    std::lock_guard lock(mutex_);
    if (!ok) failed_ = true;
    messages_[i] = std::move(msgs);
    done_[i] = 1;
    while (printed_ < done_.size() && done_[printed_]) {
      std::string& m = messages_[printed_++];
      io_.err << m;
      if (io_.err.buffer().size() >= output::block) io_.err.flush();
      std::string().swap(m);
    }
  }

  // One document: false when it failed (its messages say why).
  bool one(const std::string& file, reader& r, std::string& msgs) {
    const auto fail = [&](std::string_view what, const std::string& path, int error) {
      msgs += "urlkit: ";
      msgs += what;
      msgs += ' ';
      msgs += path;
      msgs += ": ";
      msgs += std::strerror(error);
      msgs += '\n';
      return false;
    };
    std::error_code ec;
    const fs::path below = below_root(file, ec);
    if (ec) return fail("cannot place", file, ec.value());
    if (below.empty() || *below.begin() == ".." || below == "." || !below.has_filename()) {
      msgs += "urlkit: " + file + ": not below --root " + root_.string() +
              " (its base URL and its output are its path below it)\n";
      return false;
    }
    result<established_base> outer = bases_(below);
    if (!outer) {
      msgs += base_error_line(args_.context, outer.error()) + " (bad base URL)\n";
      return false;
    }
    input_file in(file);
    if (!in.is_open()) {
      msgs += in.error_message() + '\n';
      return false;
    }

    // Written to a temporary name beside its place, renamed there once
    // whole: a document that fails leaves no part of itself.
    const fs::path target = fs::path(*args_.output_dir) / below;
    const std::string dir = target.parent_path().string();
    if (dir != r.made_dir) {
      fs::create_directories(target.parent_path(), ec);
      if (ec) return fail("cannot write", target.string(), ec.value());
      r.made_dir = dir;
    }
    std::string temporary;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
      // Hidden, and short whatever the document's name.
      temporary = (target.parent_path() /
                   (".urlkit-" + pid_ + "-" + std::to_string(temporaries_.fetch_add(1))))
                      .string();
      fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) return fail("cannot write", target.string(), errno);

    file_output out(fd);
    ending end = absolutize_document(in, file, *outer, args_.keep_same_document, args_.context.spec,
                                     r, out, msgs, nullptr);
    if (end == ending::done && !out.finish()) end = ending::output_stopped;
    int error = out.error();
    if (::close(fd) != 0 && end == ending::done) {
      end = ending::output_stopped;
      error = errno;
    }
    if (end == ending::done && ::rename(temporary.c_str(), target.c_str()) != 0) {
      end = ending::output_stopped;
      error = errno;
    }
    if (end == ending::done) return true;
    ::unlink(temporary.c_str());
    if (end == ending::output_stopped) fail("cannot write", target.string(), error);
    return false;
  }

  // FILE's path below the root: lexical_absolute(FILE).lexically_relative(root_),
  // read off the names where FILE is relative and plain (no "." or ".."
  // name, no empty one) and the root holds the current directory joined
  // with it, which is then normal; computed so otherwise.  (A document's
  // place was 45,000 instructions and a getcwd call; most of a batch's
  // names are such.)
  fs::path below_root(const std::string& file, std::error_code& ec) const {
    const std::string& root = root_.native();
    const auto plain = [](std::string_view f) {
      if (f.empty() || f.front() == '/' || f.back() == '/') return false;
      for (std::size_t at = 0; at <= f.size();) {
        const std::size_t end = std::min(f.find('/', at), f.size());
        const std::string_view name = f.substr(at, end - at);
        if (name.empty() || name == "." || name == "..") return false;
        at = end + 1;
      }
      return true;
    };
    if (!cwd_.empty() && plain(file)) {
      std::string joined = cwd_ == "/" ? cwd_ + file : cwd_ + '/' + file;
      const std::size_t cut = root == "/" ? 1 : root.size() + 1;
      if (joined.size() > cut && joined.compare(0, root.size(), root) == 0 &&
          joined[cut - 1] == '/')
        return fs::path(joined.substr(cut));
    }
    return lexical_absolute(file, ec).lexically_relative(root_);
  }

  // The current directory, normal (getcwd's), once; empty when unknown.
  static std::string current_directory() {
    std::error_code ec;
    fs::path p = fs::current_path(ec);
    return ec || !p.is_absolute() ? std::string() : p.lexically_normal().native();
  }

  const absolutize_args& args_;
  const fs::path& root_;
  const std::string cwd_ = current_directory();
  const base_maker bases_;
  std_streams& io_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::size_t> temporaries_{0};
  const std::string pid_ = std::to_string(::getpid());  // in the temporary names
  std::mutex mutex_;                                    // guards what follows, and io_.err
  std::vector<std::string> messages_;
  std::vector<char> done_;
  std::size_t printed_ = 0;
  bool failed_ = false;
  std::exception_ptr error_;
};

// --compare over every FILE, in order: each one's outer base by both
// specifications (a relative Content-Location resolves by each), below
// --root from its path.  Exit status 1 when a document could not be read.
int compare_run(const absolutize_args& args, const fs::path& root, const std::string& root_url,
                std_streams& io) {
  base_context contexts[2] = {args.context, args.context};
  contexts[0].spec = specification::rfc1808;
  contexts[1].spec = specification::rfc3986;
  const base_maker makers[2] = {{contexts[0], root_url}, {contexts[1], root_url}};
  reader r;
  bool ok = true;
  for (const std::string& file : args.files) {
    fs::path below;
    if (args.root) {
      std::error_code ec;
      below = lexical_absolute(file, ec).lexically_relative(root);
      if (ec || below.empty() || *below.begin() == ".." || below == "." || !below.has_filename()) {
        io.err << "urlkit: " << file << ": not below --root " << root.string()
               << " (its base URL is its path below it)";
        io.err.end_line();
        ok = false;
        continue;
      }
    }
    established_base outer[2];
    bool based = true;
    for (int i = 0; i < 2; ++i) {
      result<established_base> b = args.root ? makers[i](below) : establish_base(contexts[i]);
      if (!b) {
        io.err << base_error_line(args.context, b.error()) << " (bad base URL)";
        io.err.end_line();
        based = false;
        break;
      }
      outer[i] = *b;
    }
    if (!based) {
      ok = false;
      continue;
    }
    input_file in(file);
    if (!in.is_open()) {
      io.err << in.error_message();
      io.err.end_line();
      ok = false;
      continue;
    }
    const std::string name = file == "-" ? std::string("<stdin>") : file;
    if (!compare_document(in, name, outer, args.keep_same_document, r, io.out, io.err)) ok = false;
  }
  return io.finish(ok ? exit_ok : exit_failed);
}

int run_absolutize(const absolutize_args& args) {
  std_streams io;
  const std::vector<std::string>& files = args.files;
  const bool batch = args.output_dir.has_value();
  const bool stdin_given = std::find(files.begin(), files.end(), "-") != files.end();
  if (files.size() > 1 && !batch && !args.compare)
    return io.fail(exit_usage,
                   "urlkit absolutize: several FILEs need --output-dir (each document is written "
                   "to its own file there)");
  if (stdin_given && (files.size() > 1 || batch || args.root) && !args.compare)
    return io.fail(exit_usage,
                   "urlkit absolutize: '-' (standard input) is a FILE only alone, without "
                   "--root and --output-dir");

  // Below a root (--root, or the current directory for --output-dir),
  // --base is the root's URL, and each document's is its path below it.
  const bool placed = batch || args.root;
  base_maker bases{args.context, {}};
  const std::string* retrieval = args.context.retrieval && !args.context.retrieval->empty()
                                     ? &*args.context.retrieval
                                     : nullptr;
  if (placed && retrieval != nullptr) {
    if (!retrieval->ends_with('/'))
      return io.fail(exit_usage, "urlkit absolutize: --base ", shown_url(*retrieval).text,
                     " is not a directory's URL: with --root or --output-dir it is the URL of the "
                     "root (--root, else the current directory) and ends with \"/\"");
    bases.root_url = *retrieval;
  }

  // The outer layers (5.1 headers, 5.2, 5.3); the document may add its own
  // BASE (5.1).  Every link depends on them: a bad one ends the run, as bad
  // input (the command line is well formed).
  const base_context& context = args.context;
  result<established_base> outer = establish_base(context);
  if (!outer) {
    return io.fail(exit_failed, base_error_line(context, outer.error()), " (bad base URL)");
  }
  if (!bases.root_url.empty()) {
    // A root URL that takes no path (an opaque one): said once, not for
    // each document.
    if (auto r = resolve(bases.root_url, "./"); !r)
      return io.fail(exit_failed, base_error_line(context, r.error()), " (bad base URL)");
  }

  std::error_code ec;
  const fs::path root = lexical_absolute(args.root.value_or("."), ec);
  if (ec)
    return io.fail(exit_failed, "urlkit: cannot read --root ", *args.root, ": ", ec.message());

  if (args.compare) return compare_run(args, root, bases.root_url, io);
  if (batch) return batch_run(args, root, bases, io).run();

  // One document, to stdout.
  const std::string& file = files.front();
  if (args.root) {
    const fs::path below = lexical_absolute(file, ec).lexically_relative(root);
    if (ec || below.empty() || *below.begin() == ".." || below == "." || !below.has_filename())
      return io.fail(exit_failed, "urlkit: ", file, ": not below --root ", root.string(),
                     " (its base URL is its path below it)");
    outer = bases(below);
    if (!outer)
      return io.fail(exit_failed, base_error_line(context, outer.error()), " (bad base URL)");
  }
  input_file in(file);
  if (!in.is_open()) return io.fail(exit_failed, in.error_message());
  const std::string name = file == "-" ? std::string("<stdin>") : file;
  reader r;
  stdout_output out(io.out);
  std::string unused;
  const ending end = absolutize_document(in, name, *outer, args.keep_same_document,
                                         args.context.spec, r, out, unused, &io.err);
  // A document that fails part-way (a start tag too long) writes no more
  // than had been written out by then.
  if (end == ending::failed) io.out.buffer().clear();
  return io.finish(end == ending::failed ? exit_failed : exit_ok);
}

}  // namespace

command add_absolutize(CLI::App& parent) {
  auto args = std::make_shared<absolutize_args>();
  CLI::App* app = parent.add_subcommand(
      "absolutize",
      "Write HTML documents with every link made absolute (one to stdout, or many into a "
      "directory)");
  set_footer(
      *app,
      "The base is the document's first BASE href (resolved against the outer base when\n"
      "relative, and then written back absolute), else the outer base: Content-Base,\n"
      "Content-Location, --encapsulating, --base (draft section 5). Every URL-valued\n"
      "attribute (docs/html.md lists them) is resolved by draft section 6 and rewritten\n"
      "in place, in its own quoting, its non-ASCII octets escaped (%C3%A9: read alike\n"
      "in any ASCII-compatible encoding); every other byte is left as it was. A link that\n"
      "does not parse or resolve is left as it is and reported on stderr as\n"
      "FILE:LINE:COLUMN: warning: ELEMENT ATTRIBUTE: offset N: message: a warning, not a\n"
      "failure. A bad base URL, a FILE that cannot be read, one in UTF-16 or UTF-32 (a\n"
      "byte order mark, a META charset) and one with a start tag longer than 64 MiB\n"
      "(docs/html.md, Limits) are invalid input. The document streams: FILE is read in\n"
      "pieces and written as it is read (a file first looked through for \"<base\", then\n"
      "read up to its BASE if it may have one, then through; one of up to 1 MiB is read\n"
      "once; a pipe once, held until its BASE is found, in a temporary file past 4 MiB),\n"
      "so memory does not grow with it; a start tag too long fails it part-way.\n"
      "\n"
      "Many documents (a mirrored site), in one process: --output-dir OUT writes each\n"
      "FILE to OUT/PATH, PATH its path below --root DIR (default: the current directory),\n"
      "through a temporary file renamed once the document is whole; several FILEs need\n"
      "it. --base is then the URL of DIR, ending with \"/\", and each document's own\n"
      "retrieval URL is it resolved with PATH, each name escaped as a path segment\n"
      "(\"a b.html\": a%20b.html). The other layers (Content-Base, Content-Location,\n"
      "--encapsulating) apply to every document as given. A document that fails (not\n"
      "below DIR, unreadable, in UTF-16, a tag too long, its output not writable) is\n"
      "reported, naming it, and leaves no output; the others go on, and the exit status\n"
      "is 1. --jobs N rewrites N documents at a time, each one's messages together, in\n"
      "the order of the FILEs.\n"
      "\n"
      "--spec 3986 resolves by RFC 3986 section 5.2 instead. --compare writes no document:\n"
      "for each FILE, the links RFC 1808 and RFC 3986 resolve differently, one JSON\n"
      "object a line: {\"file\", \"line\", \"column\", \"element\", \"attribute\",\n"
      "\"reference\", \"rfc1808\", \"rfc3986\"} (docs/guide.md, \"RFC 1808 and RFC 3986\").");
  app->add_option("--base,--retrieval", args->context.retrieval,
                  "URL the document was retrieved with (draft 5.3); with --root or "
                  "--output-dir, the URL of the root directory");
  app->add_option("--encapsulating", args->context.encapsulating,
                  "Base URL of the encapsulating entity (draft 5.2)");
  app->add_option("--content-base", args->context.content_base, "Value of the Content-Base header");
  app->add_option("--content-location", args->context.content_location,
                  "Value of the Content-Location header");
  app->add_flag("--keep-same-document", args->keep_same_document,
                "Leave references to the document itself (\"\", \"#name\") as they are");
  app->add_option("--root", args->root,
                  "The directory --base names: each FILE's URL is its path below it (default: "
                  "the current directory)");
  app->add_option("--output-dir", args->output_dir,
                  "Write each FILE to its path below --root in this directory (made as needed)");
  add_spec_option(*app, args->context.spec);
  CLI::Option* compare = app->add_flag(
      "--compare", args->compare,
      "Write no document: list, one JSON object a line, the links of each FILE that RFC "
      "1808 and RFC 3986 resolve differently, with their line and column");
  compare->excludes("--spec")->excludes("--output-dir");
  app->add_option("--jobs", args->jobs,
                  "Documents rewritten at a time, with --output-dir (default 1; 0: one per core)")
      ->check(CLI::Range(0u, 1024u));
  app->add_option("FILE", args->files,
                  "The HTML documents ('-': standard input, alone); several need --output-dir")
      ->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_absolutize(*args); }};
}

}  // namespace urlkit::cli
