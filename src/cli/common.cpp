// Helpers shared by the subcommands.
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "command.hpp"
#include "io.hpp"

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

}  // namespace urlkit::cli
