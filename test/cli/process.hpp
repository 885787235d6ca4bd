// Runs the urlkit binary as a child process for the end-to-end tests.
#pragma once

#include <string>
#include <vector>

namespace cli_test {

struct run_result {
  int status = -1;  // exit status, or 128 + signal number
  std::string out;
  std::string err;
};

/// Runs the built `urlkit` with `args`, feeding `input` on its stdin (closed
/// after), and collects stdout and stderr.  Stdin is written while the output
/// is read, so large inputs and outputs cannot deadlock.
run_result run(const std::vector<std::string>& args, const std::string& input = {});

/// The same, with stdout on a pseudo-terminal (stderr stays a pipe).  The
/// terminal's CRLF line ends are turned back into LF.
run_result run_on_terminal(const std::vector<std::string>& args, const std::string& input = {});

/// Splits output into lines (without the LFs).
std::vector<std::string> lines(const std::string& s);

}  // namespace cli_test
