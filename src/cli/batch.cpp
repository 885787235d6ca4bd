#include "batch.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "command.hpp"
#include "io.hpp"

namespace urlkit::cli {

std::size_t cut_at_lines(std::string_view data, bool at_end) noexcept {
  if (at_end) return data.size();
  std::size_t lf = data.rfind('\n');
  return lf == std::string_view::npos ? 0 : lf + 1;
}

unsigned effective_jobs(unsigned requested) noexcept {
  if (requested > 0) return requested;
  unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? cores : 1;
}

// ---- the progress bar -------------------------------------------------------

namespace {

void write_all(int fd, std::string_view s) noexcept {
  while (!s.empty()) {
    ssize_t n = ::write(fd, s.data(), s.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a progress bar that cannot be drawn is not an error
    s.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

progress_meter::progress_meter(int input_fd, bool disabled) {
  // Output on the same terminal would scroll the bar away, and a file or a
  // pipe must never receive it.
  if (disabled || !is_terminal(STDERR_FILENO) || is_terminal(STDOUT_FILENO)) return;
  struct stat st {};
  if (::fstat(input_fd, &st) == 0 && S_ISREG(st.st_mode)) {
    const off_t at = ::lseek(input_fd, 0, SEEK_CUR);
    const off_t left = st.st_size - (at > 0 ? at : 0);
    if (left <= static_cast<off_t>(threshold)) return;  // a small file is done before a bar helps
    total_ = static_cast<std::uint64_t>(left);
  }
  enabled_ = true;
  start_ = std::chrono::steady_clock::now();
}

void progress_meter::draw(std::uint64_t done) {
  if (total_ == 0 && done < threshold) return;
  const auto now = std::chrono::steady_clock::now();
  // At most five drawings a second, also when other text blanked it out.
  if (drawn_ && now - last_ < std::chrono::milliseconds(200)) return;
  drawn_ = true;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double mb = static_cast<double>(done) / 1e6;
  const double rate = mb / std::max(seconds, 1e-3);
  char text[128];
  int n;
  if (total_ > 0) {
    const std::uint64_t percent = std::min<std::uint64_t>(done * 100 / total_, 100);
    n = std::snprintf(text, sizeof text, "urlkit: %.1f MB of %.1f MB (%u%%), %.1f MB/s", mb,
                      static_cast<double>(total_) / 1e6, static_cast<unsigned>(percent), rate);
  } else {
    n = std::snprintf(text, sizeof text, "urlkit: %.1f MB, %.1f MB/s", mb, rate);
  }
  if (n <= 0) return;
  const std::size_t len = std::min(static_cast<std::size_t>(n), sizeof text - 1);
  std::string line = "\r";
  line.append(text, len);
  // Blank out what is left of a longer previous line.
  if (shown_ > len) line.append(shown_ - len, ' ');
  write_all(STDERR_FILENO, line);
  shown_ = len;
}

void progress_meter::hide() noexcept {
  if (shown_ == 0) return;
  char blank[160];
  const std::size_t n = std::min(shown_, sizeof blank - 2);
  blank[0] = '\r';
  std::fill(blank + 1, blank + 1 + n, ' ');
  blank[n + 1] = '\r';
  write_all(STDERR_FILENO, std::string_view(blank, n + 2));
  shown_ = 0;
}

// ---- the batch driver -------------------------------------------------------

namespace {

struct slot {
  std::string data;
  std::uint64_t offset = 0;
  std::uint64_t end = 0;  // offset + the size of data (data is freed once processed)
  batch_result result;
  bool done = false;
};

// The state the reader, the workers and the writer share, under one mutex.
class pipeline {
 public:
  explicit pipeline(std::size_t capacity) : capacity_(capacity) {}

  // Reader: queues a batch (for a worker, or already `done`), in input
  // order.  Waits while `capacity` batches are in flight.  False when the
  // run is stopping.
  bool submit(std::unique_ptr<slot> s, bool done) {
    std::unique_lock lock(m_);
    space_.wait(lock, [&] { return stop_ || order_.size() < capacity_; });
    if (stop_) return false;
    slot* p = s.get();
    p->done = done;
    order_.push_back(std::move(s));
    if (done) {
      ready_.notify_all();
    } else {
      work_.push_back(p);
      work_ready_.notify_one();
    }
    return true;
  }

  // Reader: no more batches.
  void close() {
    std::lock_guard lock(m_);
    closed_ = true;
    work_ready_.notify_all();
    ready_.notify_all();
  }

  // Any thread: stop at once (write error, exception).
  void abort(std::exception_ptr e = nullptr) {
    std::lock_guard lock(m_);
    if (e && !error_) error_ = e;
    stop_ = true;
    work_ready_.notify_all();
    ready_.notify_all();
    space_.notify_all();
  }

  bool stopping() {
    std::lock_guard lock(m_);
    return stop_;
  }

  std::exception_ptr error() {
    std::lock_guard lock(m_);
    return error_;
  }

  // Worker: the next batch to process; null when there is none left.
  slot* take() {
    std::unique_lock lock(m_);
    work_ready_.wait(lock, [&] { return stop_ || closed_ || !work_.empty(); });
    if (stop_ || work_.empty()) return nullptr;
    slot* s = work_.front();
    work_.pop_front();
    return s;
  }

  // Worker: `s` is processed.
  void finished(slot* s) {
    std::lock_guard lock(m_);
    s->done = true;
    if (!order_.empty() && order_.front().get() == s) ready_.notify_all();
  }

  // Writer: the oldest batch, once processed; null at the end of the run.
  std::unique_ptr<slot> next_in_order() {
    std::unique_lock lock(m_);
    ready_.wait(lock, [&] {
      return stop_ || (!order_.empty() && order_.front()->done) || (closed_ && order_.empty());
    });
    if (stop_ || order_.empty()) return nullptr;
    std::unique_ptr<slot> s = std::move(order_.front());
    order_.pop_front();
    space_.notify_one();
    return s;
  }

 private:
  std::mutex m_;
  std::condition_variable work_ready_;       // workers: a batch is queued
  std::condition_variable ready_;            // writer: the oldest batch may be done
  std::condition_variable space_;            // reader: a batch has left
  std::deque<std::unique_ptr<slot>> order_;  // every batch in flight, in input order
  std::deque<slot*> work_;                   // those not yet taken by a worker
  std::size_t capacity_;
  bool closed_ = false;
  bool stop_ = false;
  std::exception_ptr error_;
};

void work(pipeline& p, const batch_job& job) {
  try {
    while (slot* s = p.take()) {
      job.process(s->data, s->offset, s->result);
      std::string().swap(s->data);  // the input is done with: free it now
      p.finished(s);
    }
  } catch (...) {
    p.abort(std::current_exception());
  }
}

void write_out(pipeline& p, std_streams& io, progress_meter* progress, bool& failed) {
  try {
    while (std::unique_ptr<slot> s = p.next_in_order()) {
      batch_result& r = s->result;
      failed = failed || r.failed;
      if (!r.out.empty()) {
        io.out << r.out;
        if (!io.out.flush()) {
          p.abort();
          return;
        }
      }
      if (!r.err.empty()) {
        if (progress) progress->hide();
        io.err << r.err;
        io.err.flush();
      }
      if (progress) progress->update(s->end);
    }
  } catch (...) {
    p.abort(std::current_exception());
  }
}

// Reads into `pending` until it holds `need` bytes or the input ends.
void fill(int fd, std::string& pending, std::size_t need, char* buf, std::size_t chunk, bool& eof,
          int& read_error) {
  while (!eof && pending.size() < need) {
    const ssize_t n = ::read(fd, buf, chunk);
    if (n > 0) {
      pending.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0) {
      eof = true;
    } else if (errno != EINTR) {
      read_error = errno;
      eof = true;  // what was read is still processed, as line_reader does
    }
  }
}

void read_in(int fd, batch_job& job, const batch_options& opts, pipeline& p,
             batch_outcome& outcome) {
  const std::size_t chunk = std::max<std::size_t>(opts.batch_size, 4096);
  auto buf = std::make_unique_for_overwrite<char[]>(chunk);
  std::string pending;       // read, not yet in a batch; starts where processing may start afresh
  std::uint64_t offset = 0;  // of pending[0] in the input
  std::size_t need = chunk;  // bytes to have before cutting
  bool eof = false;
  bool serial = false;  // in a stretch without boundaries, see batch_job::serial
  for (;;) {
    fill(fd, pending, need, buf.get(), chunk, eof, outcome.read_error);
    if (p.stopping()) return;
    if (serial) {
      auto s = std::make_unique<slot>();
      const batch_job::serial_step step = job.serial(pending, offset, eof, s->result);
      const std::size_t used = eof ? pending.size() : step.used;
      s->offset = offset;
      s->end = offset + used;
      offset += used;
      pending.erase(0, used);
      serial = !(step.clean || eof);
      need = chunk;
      if (!p.submit(std::move(s), true)) return;
      if (eof && pending.empty()) return;
      continue;
    }
    if (pending.empty()) {
      if (eof) return;
      continue;
    }
    const std::size_t cut = std::min(job.cut(pending, eof), pending.size());
    if (cut == 0) {
      if (eof) return;  // cannot happen: at the end, the whole is a batch
      if (pending.size() >= opts.max_batch && job.has_serial())
        serial = true;
      else  // cut() looks at all of `pending` again: read as much again as there
            // is, so that a long line is looked at O(1) times per byte, not once
            // per chunk (a 64 MB line took 256 scans of up to 64 MB)
        need = pending.size() + std::max(chunk, pending.size());
      continue;
    }
    auto s = std::make_unique<slot>();
    s->offset = offset;
    s->end = offset + cut;
    // The batch takes the buffer; what follows the cut (usually a line or
    // two) is copied back.
    s->data = std::move(pending);
    pending.assign(s->data, cut);
    s->data.resize(cut);
    offset += cut;
    need = chunk;
    if (!p.submit(std::move(s), false)) return;
    if (eof && pending.empty()) return;
  }
}

}  // namespace

batch_outcome run_batches(int fd, batch_job& job, const batch_options& opts, std_streams& io,
                          progress_meter* progress) {
  const unsigned jobs = std::max(opts.jobs, 1u);
  pipeline p(2 * std::size_t{jobs});
  batch_outcome outcome;
  bool failed = false;

  std::vector<std::thread> threads;
  try {
    threads.reserve(jobs + 1);
    threads.emplace_back(write_out, std::ref(p), std::ref(io), progress, std::ref(failed));
    for (unsigned i = 0; i < jobs; ++i) threads.emplace_back(work, std::ref(p), std::cref(job));
    read_in(fd, job, opts, p, outcome);
    p.close();
  } catch (...) {
    p.abort(std::current_exception());
  }
  for (std::thread& t : threads) t.join();
  if (std::exception_ptr e = p.error()) std::rethrow_exception(e);
  outcome.failed = failed;
  return outcome;
}

int run_stdin_batches(batch_job& job, unsigned jobs, std_streams& io, progress_meter& progress) {
  batch_options opts;
  opts.jobs = jobs;
  batch_outcome r = run_batches(STDIN_FILENO, job, opts, io, &progress);
  progress.hide();
  if (r.read_error) {
    io.err << "urlkit: cannot read standard input: " << std::strerror(r.read_error);
    io.err.end_line();
  }
  return io.finish(r.failed || r.read_error ? exit_failed : exit_ok);
}

bool for_each_input(const std::vector<std::string>& args, const output& out,
                    progress_meter& progress, const std::function<void(std::string_view)>& f) {
  std::uint64_t done = 0;
  std::size_t lines = 0;
  bool read_ok = for_each_input(args, out, [&](std::string_view input) {
    f(input);
    if (progress.enabled()) {
      done += input.size() + 1;
      if (++lines % 1024 == 0) progress.update(done);
    }
  });
  progress.hide();
  return read_ok;
}

}  // namespace urlkit::cli
