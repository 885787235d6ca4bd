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

std::size_t masked_input::map(std::size_t offset) const noexcept {
  if (at == std::string::npos || offset < at) return offset;
  if (offset < at + removed) return at;
  return offset - removed + 3;
}

namespace {

// The [first, last) of the password in `input`, or first == npos.
std::pair<std::size_t, std::size_t> password_range(std::string_view input) {
  constexpr auto none = std::pair{std::string_view::npos, std::string_view::npos};
  urlkit::parse_options o;
  o.accept_excluded = true;
  if (auto r = urlkit::parse_reference(input, o)) {
    if (!r->has_password()) return none;
    const auto first = static_cast<std::size_t>(r->password().data() - input.data());
    return {first, first + r->password().size()};
  }
  // The input does not parse: read the server as the parser would (from
  // "//" to the next "/" or "#", draft 4.3.1 and 3), userinfo to its last "@".
  std::size_t start = std::string_view::npos;
  if (input.starts_with("//")) {
    start = 2;
  } else if (const auto colon = input.find(':');
             colon != std::string_view::npos && colon > 0 &&
             input.substr(0, colon).find_first_of("/?#") == std::string_view::npos &&
             input.substr(colon + 1, 2) == "//") {
    start = colon + 3;
  }
  if (start == std::string_view::npos) return none;
  std::size_t server_end = input.find_first_of("/#", start);
  if (server_end == std::string_view::npos) server_end = input.size();
  const std::string_view server = input.substr(start, server_end - start);
  std::size_t at = server.rfind('@');
  if (at != std::string_view::npos) {
    at += start;
  } else if (server.find(':') != std::string_view::npos) {
    // "ftp://u:pa/ss@h/": a "/" in the password ends the server early.
    at = input.rfind('@');
    if (at == std::string_view::npos || at < server_end) return none;
  } else {
    return none;
  }
  const std::size_t colon = input.find(':', start);
  if (colon == std::string_view::npos || colon > at) return none;
  return {colon + 1, at};
}

}  // namespace

masked_input mask_password(std::string_view input) {
  masked_input m;
  const auto [first, last] = password_range(input);
  if (first == std::string_view::npos) {
    m.text = input;
    return m;
  }
  m.text.reserve(input.size() + 3);
  m.text.append(input.substr(0, first));
  m.text.append("***");
  m.text.append(input.substr(last));
  m.at = first;
  m.removed = last - first;
  return m;
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
