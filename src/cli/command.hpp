// urlkit CLI — the subcommand registry.
//
// Each subcommand lives in its own cmd_<name>.cpp and exposes one function
// that adds its CLI11 subcommand (options, help) and returns what runs it.
// Adding a command: write cmd_<name>.cpp, declare its add_ function below and
// list it in `commands`.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "io.hpp"
#include "urlkit/base.hpp"
#include "urlkit/error.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme.hpp"  // mask_password
#include "urlkit/security.hpp"
#include "urlkit/url_view.hpp"

namespace CLI {
class App;
}

namespace urlkit::cli {

/// Exit statuses shared by all commands, one table (exit_status_table) in
/// every command's --help and in the man page.  A value the run depends on
/// (a base URL, a file, a media type) is input data like any other: when it
/// is bad, that is exit_failed; exit_usage is for a malformed command line
/// only (docs/guide.md).  equivalent, which compares URLs, follows cmp and
/// diff instead (compare_status).
enum exit_status : int {
  exit_ok = 0,      // every input valid, every output written
  exit_failed = 1,  // some input invalid or unreadable, or output could not be written
  exit_usage = 2,   // a malformed command line, or a command this build lacks
};

/// The exit statuses of `urlkit equivalent`, which compares URLs: those of
/// cmp and diff (docs/guide.md).
enum compare_status : int {
  compare_same = 0,       // the URLs are equivalent
  compare_different = 1,  // they are not
  compare_trouble = 2,    // a URL that does not parse, or a malformed command line
};

/// The table of exit statuses: "  0  MEANING" lines, continuations
/// indented to the meaning.
std::string exit_status_table();

/// set_footer() for a command that compares URLs: `text`, then the table of
/// compare_status in place of the common one.
void set_compare_footer(CLI::App& app, std::string_view text);

/// `text` broken into lines of at most `width` columns at its spaces (a
/// word longer than that stays whole), each ended by a line end.
std::string wrapped(std::string_view text, std::size_t width = 86);

/// Sets a command's --help footer: `text` (may be empty), then the table
/// of exit statuses, the same for every command.
void set_footer(CLI::App& app, std::string_view text);

/// What --help-all prints, and what the man page is made of (help2man,
/// packaging/urlkit.h2m): the main help, then each command's description,
/// usage, options and footer, all from the commands' own help, so that the
/// page cannot drift from the program; the table of exit statuses once, as a
/// section of its own.
std::string help_all(const CLI::App& app);

/// A registered subcommand: its CLI11 app, and what to run once parsed.
struct command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

using add_command_fn = command (*)(CLI::App& parent);

command add_parse(CLI::App& parent);
command add_resolve(CLI::App& parent);
command add_relative(CLI::App& parent);
command add_validate(CLI::App& parent);
command add_ftp_plan(CLI::App& parent);
command add_gopher_line(CLI::App& parent);
command add_data(CLI::App& parent);
command add_mime(CLI::App& parent);
command add_extract(CLI::App& parent);
command add_base(CLI::App& parent);
command add_absolutize(CLI::App& parent);
command add_idna(CLI::App& parent);
command add_file_url(CLI::App& parent);
command add_file_path(CLI::App& parent);
command add_normalize(CLI::App& parent);
command add_equivalent(CLI::App& parent);

// absolutize needs urlkit::html: URLKIT_HAS_HTML is set on every CLI source
// when it is built (URLKIT_HTML), so that all of them see one `commands`.
inline constexpr add_command_fn commands[] = {
    &add_parse,       &add_resolve,  &add_relative,  &add_validate,  &add_ftp_plan,
    &add_gopher_line, &add_data,     &add_mime,      &add_extract,   &add_base,
#ifdef URLKIT_HAS_HTML
    &add_absolutize,
#endif
    &add_idna,        &add_file_url, &add_file_path, &add_normalize, &add_equivalent,
};

/// Adds --jobs (`jobs_help` says what its threads work on) and
/// --no-progress: the options of a command that reads its inputs in batches
/// (batch.hpp), the same on every such command.
void add_batch_options(CLI::App& app, unsigned& jobs, bool& no_progress, const char* jobs_help);

/// Adds --spec 1808|3986 (also "rfc1808", "rfc3986"): the algorithm that
/// resolves references (urlkit::specification; default the draft's, RFC
/// 1808's).  The same option on every command that resolves.
void add_spec_option(CLI::App& app, urlkit::specification& spec);

/// Adds --show-password to a command that echoes input URLs: without it,
/// every echo of an input URL hides its password (shown_url); with it, inputs
/// are echoed as given.  RFC 1738 6; docs/security.md.
void add_show_password_flag(CLI::App& app);

/// An input URL as the reports and objects of every command echo it: its
/// password, valid URL or not, replaced by "***" (mask_password), unless
/// --show-password was given.  Offsets in the input are moved into the text
/// shown with map().
urlkit::masked_text shown_url(std::string_view url);

/// shown_url() for a URL whose view is at hand (a valid one): where its
/// password is is known, nothing is parsed again.  `view` views `url`.
urlkit::masked_text shown_url(std::string_view url, const urlkit::url_view& view);

/// shown_url() for text that holds a URL (a MIME header field, a quoted
/// URL-parameter, a "Name: value" header): the password of the first URL in
/// it with "//" is hidden.
urlkit::masked_text shown_field(std::string_view text);

/// "INPUT:OFFSET: error: MESSAGE": the one form of an error line, on every
/// command (as compilers write it, which editors and grep -n style tools
/// read); no line end.  INPUT is the input as shown (shown_url), and OFFSET
/// the error's offset moved into it, so that the offset always points into
/// the text beside it.
std::string error_line(const urlkit::masked_text& shown, const urlkit::error& e);
void append_error_line(std::string& out, const urlkit::masked_text& shown, const urlkit::error& e);
/// The same for text shown as it is (a host name, a media type, a file name
/// whose contents the offset counts in).
std::string error_line(std::string_view text, const urlkit::error& e);

/// `text` on one line: each control byte (a header's fold, a TAB) shown as a
/// space, so that an error line stays one line and its offsets still count.
std::string one_line(std::string_view text);

/// A base layer's error as one error line: "VALUE:OFFSET: error: LAYER:
/// MESSAGE", VALUE the layer's value in `context` as shown_url() shows it
/// (control bytes as spaces), OFFSET in it.
std::string base_error_line(const urlkit::base_context& context, const urlkit::error& e);
/// A layer that did not win (a warning of establish_base) the same way:
/// "VALUE:OFFSET: warning: LAYER: MESSAGE".
std::string base_warning_line(const urlkit::base_context& context, const urlkit::warning& w);

/// Calls f(std::string_view) for each URL: the arguments if there are any,
/// else each line of stdin, until `out` (where f writes) has failed a write:
/// the rest would be read and processed for nothing (io.finish() reports the
/// failure).  Returns false when stdin could not be read (after reporting it).
bool for_each_input(const std::vector<std::string>& args, const output& out,
                    const std::function<void(std::string_view)>& f);

/// The result and a newline on stdout, or error_line(shown, error) on
/// stderr; returns io.finish() of exit_ok or exit_failed.
int print_result(std_streams& io, const urlkit::result<std::string>& r,
                 const urlkit::masked_text& shown);

/// How an error line shows its input: as a URL (shown_url, its password
/// hidden) or as given (a file name, a host name: no URL).
enum class shown_as { url, given };

/// The run of a command that converts each input on its own (file-url,
/// file-path, idna, normalize): for each input (for_each_input), the value of
/// `convert(input)` (a result: a string, or a url written as its buffer())
/// and a line end on stdout, or error_line() of the input and the error on
/// stderr, the run going on.  Returns io.finish() of exit_ok, or exit_failed
/// when an input failed or stdin could not be read.
template <class Convert>
int print_each(const std::vector<std::string>& inputs, shown_as shown, Convert&& convert) {
  std_streams io;
  int status = exit_ok;
  const bool read_ok = for_each_input(inputs, io.out, [&](std::string_view input) {
    const auto r = convert(input);
    if (r) {
      if constexpr (requires { r->buffer(); })
        io.out << r->buffer();
      else
        io.out << *r;
      io.out.end_line();
      return;
    }
    io.err << (shown == shown_as::url ? error_line(shown_url(input), r.error())
                                      : error_line(input, r.error()));
    io.err.end_line();
    status = exit_failed;
  });
  return io.finish(read_ok ? status : exit_failed);
}

}  // namespace urlkit::cli
