// urlkit CLI — one base URL and many inputs, each giving one line of output:
// resolve's references, relative's targets.  The base is parsed once; the
// inputs come from the command line or, one per line, from standard input
// (on --jobs threads, with the progress bar of long runs).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "urlkit/resolve.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {

/// What one input gives against the parsed base: the line to print, or an
/// error.  An error whose `source` is "base" is the base's (resolve's
/// base_not_generic, ...): its offset counts in the base.
using against_base_fn = urlkit::result<std::string> (*)(const urlkit::url_view& base,
                                                        std::string_view input,
                                                        urlkit::specification spec);

/// What the command line of such a command gives: the base, the inputs and
/// the batch options (add_batch_options).
struct against_base_args {
  std::string base;
  std::vector<std::string> inputs;  // empty: one per line from standard input
  unsigned jobs = 1;                // for standard input
  bool no_progress = false;
  urlkit::specification spec = urlkit::specification::rfc1808;  // --spec
};

/// A run: the command line's, and what the command does with each input.
struct against_base_run {
  const against_base_args& args;
  bool empty_base = false;      // "" is a base (draft 6 step 1: only absolute inputs resolve)
  std::string_view input_name;  // what an input is: "reference", "target"
  against_base_fn each = nullptr;
};

/// The base as the inputs need it: a URL with a scheme, or, when
/// `empty_allowed`, empty.
urlkit::result<urlkit::url_view> parse_base(std::string_view base, bool empty_allowed);

/// Runs `run`: each input's line on standard output; each failure on
/// standard error as INPUT:OFFSET: error: MESSAGE, or, when the base is at
/// fault, BASE:OFFSET: error: MESSAGE (INPUT_NAME: INPUT), OFFSET in the text
/// shown (passwords hidden).  A bad base ends the run before any input is
/// read: BASE:OFFSET: error: bad base URL: MESSAGE.  Returns the exit status.
int run_against_base(const against_base_run& run);

}  // namespace urlkit::cli
