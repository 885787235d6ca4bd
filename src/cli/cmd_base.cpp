// urlkit base: the base URL of a document, established by draft section 5
// from what the command line says of each layer.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/base.hpp"
#ifdef URLKIT_HAS_HTML
#include "urlkit/html.hpp"
#endif

namespace urlkit::cli {
namespace {

struct base_args {
  base_context context;  // the layers, as the options give them
  std::vector<std::string> headers;
  std::optional<std::string> html;
};

/// "Content-Location (draft 5.1), resolved against retrieval (draft 5.3)".
std::string describe_layer(const established_base& b) {
  std::string s(urlkit::layer_source(b.from));
  s += " (draft ";
  s += layer_section(b.from);
  s += ')';
  if (b.resolved_against) {
    s += ", resolved against ";
    s += urlkit::layer_source(*b.resolved_against);
    s += " (draft ";
    s += layer_section(*b.resolved_against);
    s += ')';
  }
  return s;
}

int run_base(const base_args& args) {
  std_streams io;
  base_context context = args.context;  // --header and --html add to it
  for (const std::string& h : args.headers) {
    const auto colon = h.find(':');
    if (colon == std::string::npos ||
        !context.set_header(h.substr(0, colon), h.substr(colon + 1))) {
      return io.fail(exit_usage, "urlkit: --header: '", shown_field(h).text,
                     "' is not a Content-Base or Content-Location field");
    }
  }

#ifdef URLKIT_HAS_HTML
  std::optional<html::base_href> found;
  if (args.html) {
    // Read in pieces, and no further than the BASE.
    input_file in(*args.html);
    if (!in.is_open()) return io.fail(exit_failed, in.error_message());
    html::base_finder finder;
    std::string buffer(std::size_t{1} << 16, '\0');
    while (!finder.found()) {
      const std::size_t n = in.read(buffer.data(), buffer.size());
      if (n == 0) break;
      if (auto w = finder.write(std::string_view(buffer.data(), n)); !w)
        return io.fail(exit_failed, error_line(*args.html, w.error()));
    }
    if (in.failed()) return io.fail(exit_failed, in.error_message());
    auto href = finder.finish();
    if (!href) return io.fail(exit_failed, error_line(*args.html, href.error()));
    found = std::move(*href);
    if (found && !found->href) {
      // As absolutize does: the decoded href is not the URL the document wrote
      // (the error's source is "base href").
      io.err << *args.html << ':' << found->where.line << ':' << found->where.column
             << ": warning: " << found->href.error().to_string() << " (ignored)";
      io.err.end_line();
    } else if (found && !context.embedded) {
      context.embedded = *found->href;
    }
  }
#endif

  json::warning_list warnings;
  result<established_base> r = establish_base(context, make_warning_sink(warnings));
#ifdef URLKIT_HAS_HTML
  if (!r && found && layer_named(r.error().source) == established_base::layer::embedded) {
    // As a browser does: a BASE href that cannot be used is passed over.
    io.err << *args.html << ':' << found->where.line << ':' << found->where.column
           << ": warning: base href: offset " << r.error().offset << ": " << r.error().message()
           << " (ignored)";
    io.err.end_line();
    context.embedded.reset();
    warnings.clear();
    r = establish_base(context, make_warning_sink(warnings));
  }
#endif
  if (!r) return io.fail(exit_failed, base_error_line(context, r.error()));
  // Undefined (5.4): the base is the empty string; nothing on stdout, so
  // that $(urlkit base ...) is that empty string.
  if (r->defined()) {
    io.out << r->url;
    io.out.end_line();
  }
  // Draft 5 is an order of precedence: a layer that did not win is no
  // failure, whatever is wrong with it.
  for (const warning& w : warnings.items) {
    io.err << base_warning_line(context, w) << " (not used: " << urlkit::layer_source(r->from)
           << " gives the base)";
    io.err.end_line();
  }
  io.err << describe_layer(*r);
  io.err.end_line();
  return io.finish(exit_ok);
}

}  // namespace

command add_base(CLI::App& parent) {
  auto args = std::make_shared<base_args>();
  CLI::App* app = parent.add_subcommand(
      "base", "Establish a document's base URL (draft section 5) and say which layer gave it");
  set_footer(
      *app,
      "Layers, innermost first: the base embedded in the content (--embedded, or the first\n"
      "BASE href of --html FILE), Content-Base, Content-Location (5.1), the encapsulating\n"
      "entity's base (5.2), the retrieval URL (5.3). Header values may be folded: their\n"
      "white space is ignored. A relative Content-Location is resolved against 5.2, else\n"
      "5.3; a relative embedded base against the headers' base, else 5.2, else 5.3, by\n"
      "draft section 6 (--spec 3986: by RFC 3986 section 5.2).\n"
      "Prints the base URL on stdout and the layer on stderr, e.g. 'Content-Base (draft\n"
      "5.1)'; when no layer gives one the base is undefined (5.4): nothing is printed on\n"
      "stdout and stderr says 'undefined (draft 5.4)'.\n"
      "The innermost layer given wins, and must be a URL (or resolve to one); a layer that\n"
      "does not win and is not a URL is a warning on stderr, not a failure.\n"
      "An undefined base is a success. Invalid input: the winning value (or one it is\n"
      "resolved against) is not a URL (stderr names the layer), or FILE cannot be read, is in\n"
      "UTF-16 or UTF-32, or has a start tag longer than 64 MiB (docs/html.md, Limits);\n"
      "FILE is read in pieces, up to its first BASE.\n"
      "A --header that is not Content-Base or Content-Location is a usage error.");
  app->add_option("--content-base", args->context.content_base, "Value of the Content-Base header");
  app->add_option("--content-location", args->context.content_location,
                  "Value of the Content-Location header");
  app->add_option("--header", args->headers,
                  "A header field 'Name: value' (Content-Base or Content-Location, any case)");
  app->add_option("--encapsulating", args->context.encapsulating,
                  "Base URL of the encapsulating entity (draft 5.2)");
  app->add_option("--retrieval", args->context.retrieval,
                  "URL the document was retrieved with, the last after redirects (draft 5.3)");
  app->add_option("--embedded", args->context.embedded,
                  "Base URL embedded in the content (draft 5.1)");
#ifdef URLKIT_HAS_HTML  // built with urlkit::html (URLKIT_HTML)
  app->add_option("--html", args->html, "An HTML document: its first BASE href is embedded")
      ->excludes("--embedded");
#endif
  add_spec_option(*app, args->context.spec);
  add_show_password_flag(*app);
  return {app, [args] { return run_base(*args); }};
}

}  // namespace urlkit::cli
