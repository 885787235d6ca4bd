// The parts of the help every command shares: the table of exit statuses, and
// --help-all, the help of every command at once (what the man page is made of).
#include <algorithm>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "command.hpp"

namespace urlkit::cli {
namespace {

struct exit_status_row {
  int status;                // an exit_status, or a compare_status
  std::string_view meaning;  // lines joined by '\n'
};

// The one definition of what the statuses mean, for every command but
// equivalent (compare_statuses).
constexpr exit_status_row exit_statuses[] = {
    {exit_ok, "success: every input valid, every output written"},
    {exit_failed,
     "some input is invalid or cannot be read (a URL, a base URL, a host name, a media\n"
     "type, a file), or output could not be written"},
    {exit_usage,
     "usage: a malformed command line (an unknown command or option, an argument\n"
     "missing or too many, a value an option does not take), or a command this build\n"
     "lacks (idna without libidn2)"},
};

constexpr std::string_view table_heading =
    "Exit status (the same for every command but equivalent):\n";

// equivalent answers a question, as cmp and diff do, with their statuses.
constexpr exit_status_row compare_statuses[] = {
    {compare_same, "the URLs are equivalent"},
    {compare_different, "they are not"},
    {compare_trouble,
     "trouble: a URL that does not parse, or a malformed command line (an unknown\n"
     "option, an argument missing or too many)"},
};

constexpr std::string_view compare_heading = "Exit status (as cmp):\n";

template <std::size_t N>
std::string table_of(const exit_status_row (&rows)[N]) {
  std::string out;
  for (const exit_status_row& row : rows) {
    out += "  ";
    out += std::to_string(row.status);
    out += "  ";
    for (char c : row.meaning) {
      out += c;
      if (c == '\n') out += "     ";
    }
    out += '\n';
  }
  return out;
}

// "  NAME TYPE     DESCRIPTION" as --help has it, without CLI11's notes
// ("Excludes: ...", "REQUIRED"), which the usage line and the description
// say: help2man takes two spaces for the end of the tag.
std::string option_line(const CLI::Formatter& f, const CLI::Option& opt, bool positional) {
  constexpr std::size_t column = 30;
  std::string line = "  " + f.make_option_name(&opt, positional);
  if (opt.get_type_size() != 0 && !opt.get_type_name().empty()) line += " " + opt.get_type_name();
  if (opt.get_expected_max() > 1) line += " ...";
  if (line.size() + 2 > column)
    line += "\n" + std::string(column, ' ');
  else
    line.append(column - line.size(), ' ');
  line += opt.get_description();
  line += '\n';
  return line;
}

// The help of one command (a leaf: mime and idna give one per subcommand):
// for help2man a sub-section headed by its usage, its description, its options
// as tagged paragraphs, its own footer text (the table of exit statuses left
// out: the page has it once).
void append_command(std::string& out, const CLI::App& app, const std::string& name) {
  const CLI::Formatter f;
  std::string usage = f.make_usage(&app, name);
  usage.erase(0, usage.find(':') + 2);  // "Usage: "
  while (!usage.empty() && usage.back() == '\n') usage.pop_back();
  out += usage;
  out += ":\n  ";
  out += app.get_description();
  out += "\n\n";
  // As --help lists them: the positionals, then the options.
  for (const bool positional : {true, false})
    for (const CLI::Option* opt : app.get_options()) {
      if (opt == app.get_help_ptr() || opt->get_positional() != positional) continue;
      out += option_line(f, *opt, positional);
    }
  std::string footer = app.get_footer();
  std::string table = std::string(table_heading) + exit_status_table();
  table.pop_back();  // as set_footer() leaves it
  if (footer.size() >= table.size() && footer.ends_with(table))
    footer.resize(footer.size() - table.size());
  while (!footer.empty() && footer.back() == '\n') footer.pop_back();
  if (!footer.empty()) {
    out += '\n';
    out += footer;
    out += '\n';
  }
  out += '\n';
}

}  // namespace

std::string exit_status_table() {
  return table_of(exit_statuses);
}

std::string wrapped(std::string_view text, std::size_t width) {
  std::string out;
  std::size_t line = 0;  // columns on the current line
  while (!text.empty()) {
    const std::size_t end = std::min(text.find(' '), text.size());
    const std::string_view word = text.substr(0, end);
    text.remove_prefix(end == text.size() ? end : end + 1);
    if (line != 0 && line + 1 + word.size() > width) {
      out += '\n';
      line = 0;
    }
    if (line != 0) {
      out += ' ';
      ++line;
    }
    out += word;
    line += word.size();
  }
  out += '\n';
  return out;
}

void set_footer(CLI::App& app, std::string_view text) {
  std::string footer(text);
  if (!footer.empty()) footer += footer.back() == '\n' ? "\n" : "\n\n";
  footer += table_heading;
  footer += exit_status_table();
  // CLI11 ends the help with the footer and a line end of its own.
  footer.pop_back();
  app.footer(footer);
}

void set_compare_footer(CLI::App& app, std::string_view text) {
  std::string footer(text);
  if (!footer.empty()) footer += footer.back() == '\n' ? "\n" : "\n\n";
  footer += compare_heading;
  footer += table_of(compare_statuses);
  footer.pop_back();
  app.footer(footer);
}

std::string help_all(const CLI::App& app) {
  const CLI::Formatter f;
  std::string out = f.make_description(&app);
  out += f.make_usage(&app, app.get_name());
  out += f.make_groups(&app, CLI::AppFormatMode::Normal);
  // The commands once, each with its options ("*Commands*" is help2man's
  // mark of a section of its own).
  out += "\n*Commands*\n";
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string name = app.get_name() + " " + sub->get_name();
    const auto leaves = sub->get_subcommands({});
    if (leaves.empty()) {
      append_command(out, *sub, name);
      continue;
    }
    // The parent first: its footer says what its subcommands share.
    append_command(out, *sub, name);
    for (const CLI::App* leaf : leaves) append_command(out, *leaf, name + " " + leaf->get_name());
  }
  out += "*Exit status*\n";
  out += exit_status_table();
  return out;
}

}  // namespace urlkit::cli
