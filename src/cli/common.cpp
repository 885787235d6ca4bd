// Helpers shared by the subcommands.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <utility>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {

void append_error_line(std::string& out, std::string_view input, const urlkit::error& e) {
  out += input;
  out += ':';
  out += std::to_string(e.offset);
  out += ": error: ";
  out += e.message();
}

std::string error_line(std::string_view input, const urlkit::error& e) {
  std::string out;
  append_error_line(out, input, e);
  return out;
}

std::string one_line(std::string_view text) {
  std::string s(text);
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return s;
}

namespace {
std::string layer_line(const urlkit::base_context& context, urlkit::established_base::layer l,
                       std::string_view severity, const urlkit::error& e) {
  const std::string* value = urlkit::layer_value(context, l);
  std::string out = value ? one_line(mask_password(*value).text) : std::string();
  out += ':';
  out += std::to_string(e.offset);
  out += ": ";
  out += severity;
  out += ": ";
  out += urlkit::layer_name(l);
  out += ": ";
  out += e.message();
  return out;
}
}  // namespace

std::string base_error_line(const urlkit::base_context& context, const urlkit::base_error& e) {
  return layer_line(context, e.layer, "error", e.error);
}

std::string base_warning_line(const urlkit::base_context& context, const urlkit::warning& w) {
  const auto l = urlkit::layer_named(w.source);
  return layer_line(context, l ? *l : urlkit::established_base::layer::undefined, "warning",
                    w.error());
}

bool for_each_input(const std::vector<std::string>& args, const output& out,
                    const std::function<void(std::string_view)>& f) {
  if (!args.empty()) {
    for (const std::string& a : args) {
      if (!out.ok()) break;
      f(a);
    }
    return true;
  }
  line_reader lines(STDIN_FILENO);
  std::string_view line;
  while (out.ok() && lines.next(line)) f(line);
  if (lines.failed()) {
    std::fprintf(stderr, "urlkit: cannot read standard input: %s\n", std::strerror(lines.error()));
    return false;
  }
  return true;
}

int print_result(std_streams& io, const urlkit::result<std::string>& r, std::string_view input) {
  if (!r) {
    io.err << error_line(input, r.error());
    io.err.end_line();
    return io.finish(exit_failed);
  }
  io.out << *r;
  io.out.end_line();
  return io.finish(exit_ok);
}

}  // namespace urlkit::cli
