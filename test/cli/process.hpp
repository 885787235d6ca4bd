// Runs the urlkit binary as a child process for the end-to-end tests.
#pragma once

#include <string>
#include <vector>

namespace cli_test {

struct run_result {
  int status = -1;  // exit status, or 128 + signal number
  std::string out;
  std::string err;
  long max_rss_kib = 0;       // run_measured() only: the child's peak resident set size
  long long input_read = -1;  // run_to_full() only: how far the child read its stdin
};

/// Runs the built `urlkit` with `args`, feeding `input` on its stdin (closed
/// after), and collects stdout and stderr.  Stdin is written while the output
/// is read, so large inputs and outputs cannot deadlock.
run_result run(const std::vector<std::string>& args, const std::string& input = {});

/// The same, with stdout on a pseudo-terminal (stderr stays a pipe).  The
/// terminal's CRLF line ends are turned back into LF.
run_result run_on_terminal(const std::vector<std::string>& args, const std::string& input = {});

/// The same, with stderr on a pseudo-terminal (stdout stays a pipe), as when
/// a run's output goes to a file while its progress shows on the terminal.
/// CRLF line ends on stderr are turned back into LF; a lone CR stays.
run_result run_with_terminal_stderr(const std::vector<std::string>& args,
                                    const std::string& input = {});

/// run(), and the child's peak resident set size.  The child is started by
/// a copy of the test program that forks it while still small: a child
/// started straight from the test program (vfork and exec) would report the
/// test program's own peak too, which Linux carries over into ru_maxrss at
/// exec, and the test program holds the whole input and output.
run_result run_measured(const std::vector<std::string>& args, const std::string& input = {});

/// Runs the built `urlkit` with `args`, its stdin the file `input_path` and
/// its stdout /dev/full, where every write fails (ENOSPC); collects stderr.
/// The child's stdin shares its file offset with this process, so
/// `input_read` says how many bytes of the file the child read in all.
run_result run_to_full(const std::vector<std::string>& args, const std::string& input_path);

/// Splits output into lines (without the LFs).
std::vector<std::string> lines(const std::string& s);

}  // namespace cli_test
