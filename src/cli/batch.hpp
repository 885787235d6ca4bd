// urlkit CLI — batch runs: input of any size on several threads, in bounded
// memory, with the output in input order; and the progress bar of long runs.
//
// The driver reads the input in large blocks and cuts it into batches at
// boundaries the command chooses (line ends for the commands that read one
// URL per line; for extract, line ends no URL can span).  Worker threads
// process the batches; a writer thread writes each batch's output once every
// batch before it has been written.  At most 2 x jobs batches are in flight
// (queued, being processed, or done and waiting for their turn), so memory
// stays a few batches per thread whatever the size of the input.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace urlkit::cli {

struct std_streams;
class output;

/// What one batch gave.
struct batch_result {
  std::string out;      // for standard output
  std::string err;      // for standard error
  bool failed = false;  // some record failed (exit status 1)
};

/// A command's way of cutting its input into batches and processing them.
class batch_job {
 public:
  virtual ~batch_job() = default;

  /// The length of the longest prefix of `data` after which processing can
  /// start afresh, as if a new input began there; 0 when there is none yet.
  /// `data` itself starts at such a point.  `at_end`: nothing follows `data`
  /// (the whole of it is then one such prefix).
  virtual std::size_t cut(std::string_view data, bool at_end) const = 0;

  /// Processes one batch: a prefix cut() gave, `offset` bytes into the
  /// input.  Called on several threads at once: it must not change anything
  /// shared.
  virtual void process(std::string_view data, std::uint64_t offset, batch_result& r) const = 0;

  /// What serial() did.
  struct serial_step {
    std::size_t used = 0;  // bytes of `data` consumed
    bool clean = false;    // processing may start afresh after them
  };

  /// Whether the job can process input in which cut() finds no boundary
  /// within batch_options::max_batch bytes, in order, carrying its state.
  /// Without, the batch grows until cut() finds a boundary (for line input:
  /// memory follows the longest line, as with line_reader).
  virtual bool has_serial() const { return false; }

  /// Processes the next bytes of such a stretch, on the reading thread and in
  /// order: `offset` is that of data[0]; the stretch starts at a point where
  /// processing may start afresh.  Consumes at least one byte when `data` is
  /// not empty; with `at_end` consumes all and ends the stretch.
  virtual serial_step serial(std::string_view data, std::uint64_t offset, bool at_end,
                             batch_result& r) {
    (void)data, (void)offset, (void)at_end, (void)r;
    return {};
  }
};

/// Calls f(line) for each line of `data` as line_reader splits lines: without
/// the LF and one CR before it; the last line may lack its LF.
template <class F>
void for_each_line(std::string_view data, F&& f) {
  std::size_t begin = 0;
  while (begin < data.size()) {
    std::size_t lf = data.find('\n', begin);
    if (lf == std::string_view::npos) {
      std::size_t len = data.size() - begin;
      if (data.back() == '\r') --len;
      f(data.substr(begin, len));
      return;
    }
    std::size_t len = lf - begin;
    if (len > 0 && data[lf - 1] == '\r') --len;
    f(data.substr(begin, len));
    begin = lf + 1;
  }
}

/// cut() for input of one record per line: after the last LF.
std::size_t cut_at_lines(std::string_view data, bool at_end) noexcept;

/// The progress bar: on standard error, when it is a terminal and standard
/// output is not (output on the terminal shows the progress itself), for
/// input that is a regular file of more than `threshold` bytes, or of unknown
/// size once that much has been read.  One line rewritten with '\r' at most
/// five times a second: bytes done (of the total, with a percentage, when
/// known) and the rate.  Used by one thread at a time.
class progress_meter {
 public:
  static constexpr std::uint64_t threshold = std::uint64_t{4} << 20;

  /// `input_fd`: where the input comes from (its size, when a regular file).
  progress_meter(int input_fd, bool disabled);
  progress_meter(const progress_meter&) = delete;
  progress_meter& operator=(const progress_meter&) = delete;
  ~progress_meter() { hide(); }

  bool enabled() const noexcept { return enabled_; }

  /// `done` bytes of the input are processed; draws when it is time to.
  void update(std::uint64_t done) {
    if (enabled_) draw(done);
  }
  /// Clears the line, before other text goes to standard error (and at the
  /// end); the next update() draws it again.
  void hide() noexcept;

 private:
  void draw(std::uint64_t done);

  bool enabled_ = false;
  std::uint64_t total_ = 0;  // 0: unknown
  std::chrono::steady_clock::time_point start_, last_;
  std::size_t shown_ = 0;  // length of the line on the terminal, 0 when none
  bool drawn_ = false;     // last_ is the time of the last drawing
};

struct batch_options {
  unsigned jobs = 2;                                // worker threads
  std::size_t batch_size = std::size_t{256} << 10;  // bytes read before a cut
  std::size_t max_batch = std::size_t{8} << 20;     // then serial(), if the job has it
};

/// How a batch run went.
struct batch_outcome {
  bool failed = false;  // some batch reported failed
  int read_error = 0;   // errno of a read that failed (the input then ended there)
};

/// Runs `job` over everything `fd` gives, on opts.jobs threads, writing each
/// batch's output and error text to `io` in input order, and updating
/// `progress` (may be null).  Output is byte for byte that of one pass over
/// the whole input, whatever the number of threads, provided cut() only
/// gives prefixes after which processing may start afresh.  Stops early when
/// standard output cannot be written (io.finish() reports it).  Exceptions
/// of the job (out of memory) come back here, once every thread has ended.
batch_outcome run_batches(int fd, batch_job& job, const batch_options& opts, std_streams& io,
                          progress_meter* progress);

/// The number of threads for --jobs N: N, or the number of cores for 0.
unsigned effective_jobs(unsigned requested) noexcept;

/// run_batches() over standard input on `jobs` threads for the one-URL-a-line
/// commands: hides `progress` at the end, says on stderr when standard input
/// could not be read, and returns io.finish() of the exit status (1 when
/// some batch failed or the input could not be read).
int run_stdin_batches(batch_job& job, unsigned jobs, std_streams& io, progress_meter& progress);

/// for_each_input() with `progress` updated every 1024 lines (by the bytes
/// read, a CR stripped before a LF not counted) and hidden at the end.
bool for_each_input(const std::vector<std::string>& args, const output& out,
                    progress_meter& progress, const std::function<void(std::string_view)>& f);

}  // namespace urlkit::cli
