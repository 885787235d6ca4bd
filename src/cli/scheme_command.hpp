// What the one-URL scheme commands (ftp-plan, gopher-line) share: parse the
// URL with the scheme's typed view, warnings on stderr, an error on stderr
// with exit status 1, else print what the view gives.
#pragma once

#include <string>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {

template <class Parse, class Print>
int run_scheme_command(const std::string& url, bool strict, Parse&& parse, Print&& print) {
  std_streams io;
  // Reports name the URL with its password hidden (docs/security.md), their
  // offsets in the text shown.
  const urlkit::masked_text shown = shown_url(url);
  // Lenient mode: what the scheme's RFC 1738 grammar would refuse is said on
  // stderr, and the output is still produced.
  auto warn = [&](const urlkit::warning& w) {
    io.err << shown.text << ':' << shown.map(w.offset) << ": warning: " << w.message();
    io.err.end_line();
  };
  urlkit::scheme_options o;
  o.mode = strict ? urlkit::mode::strict : urlkit::mode::lenient;
  o.on_warning = urlkit::make_warning_sink(warn);
  auto v = parse(url, o);
  if (!v) {
    io.err << error_line(shown, v.error());
    io.err.end_line();
    return io.finish(exit_failed);
  }
  print(io.out, *v);
  return io.finish(exit_ok);
}

}  // namespace urlkit::cli
