// urlkit normalize: each URL in its normal form (urlkit/normalize.hpp), one a
// line.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct normalize_args {
  bool strict = false;
  bool ignore_fragment = false;
  std::vector<std::string> urls;
};

int run_normalize(const normalize_args& args) {
  const urlkit::mode m = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  const urlkit::equivalence_options options{args.ignore_fragment};
  return print_each(args.urls, shown_as::url, [&](std::string_view input) {
    const auto u = urlkit::parse_reference(input, m);
    return u ? urlkit::normalized(*u, options) : urlkit::result<urlkit::url>(u.error());
  });
}

}  // namespace

command add_normalize(CLI::App& parent) {
  auto args = std::make_shared<normalize_args>();
  CLI::App* app =
      parent.add_subcommand("normalize", "Print each URL in its normal form (one per line)");
  set_footer(*app,
             "The normal form: scheme and host in lower case (an IPv6 literal as RFC 5952\n"
             "writes it); escapes of letters, digits, \"-\", \".\", \"_\" and \"~\" decoded, the\n"
             "hex digits of other escapes in upper case; an empty or default port removed;\n"
             "http's absent path written \"/\"; a mailto domain in lower case. Reserved\n"
             "characters and their escapes, empty and absent components, dot segments and\n"
             "the fragment stay as written. Two URLs are equivalent (urlkit equivalent)\n"
             "exactly when their normal forms are the same. A URL that does not parse is\n"
             "reported on stderr.");
  app->add_flag("--strict", args->strict,
                "Exactly the grammar: unwise and non-ASCII characters and bad escapes are errors");
  app->add_flag("--ignore-fragment", args->ignore_fragment,
                "Leave the fragment out (it is not part of the URL, draft 3)");
  app->add_option("URL", args->urls, "URLs to normalize (default: one per line from stdin)");
  add_show_password_flag(*app);
  return {app, [args] { return run_normalize(*args); }};
}

}  // namespace urlkit::cli
