// Helpers shared by the subcommands.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <utility>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {

std::string describe(const urlkit::error& e) {
  return e.to_string();
}

bool for_each_input(const std::vector<std::string>& args,
                    const std::function<void(std::string_view)>& f) {
  if (!args.empty()) {
    for (const std::string& a : args) f(a);
    return true;
  }
  line_reader lines(STDIN_FILENO);
  std::string_view line;
  while (lines.next(line)) f(line);
  if (lines.failed()) {
    std::fprintf(stderr, "urlkit: cannot read standard input: %s\n", std::strerror(lines.error()));
    return false;
  }
  return true;
}

bool read_whole_file(const std::string& path, std::string& out) {
  if (path == "-") {
    char buf[1 << 16];
    for (;;) {
      ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
      if (n > 0) {
        out.append(buf, static_cast<std::size_t>(n));
      } else if (n == 0) {
        return true;
      } else if (errno != EINTR) {
        return false;
      }
    }
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

int print_result(std_streams& io, const urlkit::result<std::string>& r,
                 std::string_view error_prefix) {
  if (!r) {
    io.err << error_prefix << "error: " << describe(r.error());
    io.err.end_line();
    return io.finish(exit_failed);
  }
  io.out << *r;
  io.out.end_line();
  return io.finish(exit_ok);
}

}  // namespace urlkit::cli
