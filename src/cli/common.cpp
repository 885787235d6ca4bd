// Helpers shared by the subcommands.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/security.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {

namespace {

// --show-password; set while the command line is read, before any input.
bool show_passwords = false;

masked_text unmasked(std::string_view text) {
  masked_text m;
  m.text = text;
  return m;
}

void append_line(std::string& out, std::string_view text, std::size_t offset,
                 const urlkit::error& e) {
  out += text;
  out += ':';
  out += std::to_string(offset);
  out += ": error: ";
  out += e.message();
}

}  // namespace

void add_batch_options(CLI::App& app, unsigned& jobs, bool& no_progress, const char* jobs_help) {
  app.add_option("--jobs", jobs, jobs_help)->check(CLI::Range(0u, 1024u));
  app.add_flag("--no-progress", no_progress, "No progress bar, even on a terminal");
}

void add_spec_option(CLI::App& app, urlkit::specification& spec) {
  app.add_option_function<std::string>(
         "--spec",
         [&spec](const std::string& name) {
           spec = name.ends_with("3986") ? urlkit::specification::rfc3986
                                         : urlkit::specification::rfc1808;
         },
         "How references resolve: 1808, draft-fielding-uri-url-00 section 6 (RFC 1808's "
         "algorithm, the default), or 3986, RFC 3986 section 5.2 (docs/guide.md, \"RFC 1808 "
         "and RFC 3986\")")
      ->check(CLI::IsMember({"1808", "3986", "rfc1808", "rfc3986"}, CLI::ignore_case))
      ->option_text("1808|3986");
}

void add_show_password_flag(CLI::App& app) {
  app.add_flag("--show-password", show_passwords,
               "Echo input URLs with their passwords (by default a password is shown as ***, "
               "RFC 1738 6)");
}

masked_text shown_url(std::string_view url) {
  return show_passwords ? unmasked(url) : mask_password(url);
}

masked_text shown_url(std::string_view url, const urlkit::url_view& view) {
  if (show_passwords || !view.has_password()) return unmasked(url);
  // The password is where the view says, in `url` (views borrow their input).
  const auto first = static_cast<std::size_t>(view.encoded_password().data() - url.data());
  masked_text m;
  m.text.reserve(url.size() + 3);
  m.text.append(url.substr(0, first));
  m.text.append("***");
  m.text.append(url.substr(first + view.encoded_password().size()));
  m.at = first;
  m.removed = view.encoded_password().size();
  return m;
}

masked_text shown_field(std::string_view text) {
  if (!show_passwords) {
    // The URL starts before its "//"; mask_password reads a server from "//".
    for (std::size_t at = text.find("//"); at != std::string_view::npos;
         at = text.find("//", at + 2)) {
      masked_text m = mask_password(text.substr(at));
      if (m.at == std::string::npos) continue;
      m.text.insert(0, text.substr(0, at));
      m.at += at;
      return m;
    }
  }
  return unmasked(text);
}

void append_error_line(std::string& out, const masked_text& shown, const urlkit::error& e) {
  append_line(out, shown.text, shown.map(e.offset), e);
}

std::string error_line(const masked_text& shown, const urlkit::error& e) {
  std::string out;
  append_error_line(out, shown, e);
  return out;
}

std::string error_line(std::string_view text, const urlkit::error& e) {
  std::string out;
  append_line(out, text, e.offset, e);
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
  const masked_text shown = value ? shown_url(*value) : masked_text();
  std::string out = one_line(shown.text);
  out += ':';
  out += std::to_string(shown.map(e.offset));
  out += ": ";
  out += severity;
  out += ": ";
  out += urlkit::layer_source(l);
  out += ": ";
  out += e.message();
  return out;
}
}  // namespace

std::string base_error_line(const urlkit::base_context& context, const urlkit::error& e) {
  const auto l = urlkit::layer_named(e.source);
  return layer_line(context, l ? *l : urlkit::established_base::layer::undefined, "error", e);
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

int print_result(std_streams& io, const urlkit::result<std::string>& r, const masked_text& shown) {
  if (!r) return io.fail(exit_failed, error_line(shown, r.error()));
  io.out << *r;
  io.out.end_line();
  return io.finish(exit_ok);
}

}  // namespace urlkit::cli
