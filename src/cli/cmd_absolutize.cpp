// urlkit absolutize: an HTML document with every link made absolute (draft
// sections 5 and 6), the rest of it byte for byte as it was.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/base.hpp"
#include "urlkit/html.hpp"

namespace urlkit::cli {
namespace {

struct absolutize_args {
  base_context context;  // the outer layers, as the options give them
  bool keep_same_document = false;
  std::string file;
};

int run_absolutize(const absolutize_args& args) {
  std_streams io;
  // The outer layers (5.1 headers, 5.2, 5.3); the document may add its own
  // BASE (5.1).  Every link depends on them: a bad one ends the run, as bad
  // input (the command line is well formed).
  const base_context& context = args.context;
  result<established_base> outer = establish_base(context);
  if (!outer) {
    return io.fail(exit_failed, base_error_line(context, outer.error()), " (bad base URL)");
  }

  std::string document;
  input_file in(args.file);
  if (!in.read_all(document)) return io.fail(exit_failed, in.error_message());

  html::absolutize_options options;
  options.keep_same_document = args.keep_same_document;
  const std::string name = args.file == "-" ? std::string("<stdin>") : args.file;
  auto done = html::absolutize(document, *outer, options);
  if (!done) return io.fail(exit_failed, error_line(name, done.error()));
  const html::absolutized& result = *done;
  io.out << result.html;

  // Each link left as it is holds the error the sink was given as a warning
  // (in the same order); the link also says where it is.
  for (const html::link& l : result.links) {
    if (l.resolved) continue;
    const error& e = l.resolved.error();
    io.err << name << ':' << l.where.line << ':' << l.where.column << ": warning: " << l.element
           << ' ' << l.attribute << ": " << e.message()
           << (l.element == "base" ? " (BASE ignored" : " (left as it is") << "; offset "
           << e.offset << " in the URL)";
    io.err.end_line();
  }
  return io.finish(exit_ok);
}

}  // namespace

command add_absolutize(CLI::App& parent) {
  auto args = std::make_shared<absolutize_args>();
  CLI::App* app = parent.add_subcommand(
      "absolutize", "Write an HTML document with every link made absolute (to stdout)");
  set_footer(*app,
             "The base is the document's first BASE href (resolved against the outer base when\n"
             "relative, and then written back absolute), else the outer base: Content-Base,\n"
             "Content-Location, --encapsulating, --base (draft section 5). Every URL-valued\n"
             "attribute (docs/html.md lists them) is resolved by draft section 6 and rewritten\n"
             "in place, in its own quoting, its non-ASCII octets escaped (%C3%A9: read alike\n"
             "in any ASCII-compatible encoding); every other byte is left as it was. A link that\n"
             "does not parse or resolve is left as it is and reported on stderr as\n"
             "FILE:LINE:COLUMN: warning: ELEMENT ATTRIBUTE: offset N: message: a warning, not a\n"
             "failure. A bad base URL, a FILE that cannot be read, one beyond the HTML limits\n"
             "(nested too deep: docs/html.md) and one in UTF-16 or UTF-32 (a byte order mark, a\n"
             "META charset) are invalid input.");
  app->add_option("--base,--retrieval", args->context.retrieval,
                  "URL the document was retrieved with (draft 5.3)");
  app->add_option("--encapsulating", args->context.encapsulating,
                  "Base URL of the encapsulating entity (draft 5.2)");
  app->add_option("--content-base", args->context.content_base, "Value of the Content-Base header");
  app->add_option("--content-location", args->context.content_location,
                  "Value of the Content-Location header");
  app->add_flag("--keep-same-document", args->keep_same_document,
                "Leave references to the document itself (\"\", \"#name\") as they are");
  app->add_option("FILE", args->file, "The HTML document ('-': standard input)")->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_absolutize(*args); }};
}

}  // namespace urlkit::cli
