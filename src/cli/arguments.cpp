#include "arguments.hpp"

#include <algorithm>

#include <CLI/CLI.hpp>

namespace urlkit::cli {
namespace {

constexpr char marker = '\x1f';

bool needs_marker(std::string_view arg) {
  if (arg == "++") return true;
  if (arg.empty()) return false;
  const char last = arg.back();
  return last == ']' || last == '=' || last == marker;
}

void restore_options(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    // Flags take no value (--help, --strict): nothing of theirs is protected.
    if (opt->get_items_expected_max() == 0) continue;
    // transform() puts it before the option's own checks (--jobs' range).
    opt->transform([](std::string value) {
      if (!value.empty() && value.back() == marker) value.pop_back();
      return value;
    });
  }
  for (CLI::App* sub : app.get_subcommands({})) restore_options(*sub);
}

}  // namespace

std::vector<std::string> protect_arguments(int argc, const char* const* argv) {
  std::vector<std::string> args;
  args.reserve(argc > 1 ? static_cast<std::size_t>(argc - 1) : 0);
  for (int i = argc - 1; i > 0; --i) {
    std::string& arg = args.emplace_back(argv[i]);
    if (needs_marker(arg)) arg.push_back(marker);
  }
  return args;
}

void restore_arguments(CLI::App& app) {
  restore_options(app);
}

std::string without_markers(std::string_view message) {
  std::string s(message);
  s.erase(std::remove(s.begin(), s.end(), marker), s.end());
  return s;
}

}  // namespace urlkit::cli
