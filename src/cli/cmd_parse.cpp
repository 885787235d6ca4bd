// urlkit parse: one JSON object per URL, with its raw components.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "scheme_data.hpp"
#include "urlkit/endpoint.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#include "urlkit/security.hpp"
#endif

namespace urlkit::cli {
namespace {

struct parse_args {
  bool strict = false;
  std::vector<std::string> urls;
  unsigned jobs = 1;
  bool no_progress = false;
};

using json::warning_list;

// "host_ascii" (urlkit/idna.hpp): written only for a host that IDNA
// converted, never without IDNA support.
std::optional<std::string> host_ascii_of(const urlkit::url_view& v) {
#ifdef URLKIT_HAS_IDNA
  auto h = urlkit::connect_ascii_host(v);
  if (!h || !h->converted) return std::nullopt;
  return std::move(h->host);
#else
  (void)v;
  return std::nullopt;
#endif
}

// "endpoint" (urlkit/endpoint.hpp): where a client connects for the URL, the
// host in its A-label form when IDNA is built; nullopt when there is none
// (no server, a scheme outside the port table, or one its grammar refuses:
// "scheme_error" then says why).  Its scheme's warnings are listed already.
std::optional<urlkit::endpoint> endpoint_for(const urlkit::url_view& v, urlkit::mode mode) {
  const urlkit::scheme_options o{mode, {}};
#ifdef URLKIT_HAS_IDNA
  auto e = urlkit::idna::endpoint_of(v, o);
#else
  auto e = urlkit::endpoint_of(v, o);
#endif
  if (!e) return std::nullopt;
  return std::move(*e);
}

// {"scheme", "host", "port", "secure", "target", "user", "password"}: the
// endpoint's members, the login decoded and null when absent.
void write_endpoint(std::string& out, const urlkit::endpoint& e) {
  json::object_writer o(out);
  o.string("scheme", e.scheme);
  o.string("host", e.host);
  o.number("port", e.port);
  o.boolean("secure", e.secure);
  o.string("target", e.target);
  o.string_or_null("user", e.user.has_value(), e.user.value_or(std::string()));
  o.string_or_null("password", e.password.has_value(), e.password.value_or(std::string()));
  o.close();
}

// `scheme` is the scheme's own verdict (RFC 1738 5): its typed view's reading,
// or the error of its production, which does not make the URL-reference invalid.
void write_parsed(std::string& out, const urlkit::masked_text& shown, const urlkit::url_view& v,
                  const std::optional<std::string>& host_ascii,
                  const urlkit::result<scheme_reading>& scheme,
                  const std::optional<urlkit::endpoint>& endpoint, std::size_t shift,
                  const warning_list& list) {
  const std::vector<urlkit::warning>& warnings = list.items;
  json::object_writer o(out);
  o.string("input", shown.text);
  o.boolean("ok", true);
  o.string_or_null("scheme", v.has_scheme(), v.scheme());
  o.string_or_null("user", v.has_user(), v.encoded_user());
  o.string_or_null("password", v.has_password(), v.encoded_password());
  o.string_or_null("host", v.has_host(), v.encoded_host());
  if (host_ascii) o.string("host_ascii", *host_ascii);
  if (v.has_host()) o.string("host_kind", urlkit::to_string(v.host_kind()));
  o.string_or_null("port", v.has_port(), v.port());
  o.boolean("absolute_path", v.absolute_path());
  o.string("path", v.encoded_path());
  o.string_or_null("params", v.has_params(), v.encoded_params());
  o.string_or_null("query", v.has_query(), v.encoded_query());
  o.string_or_null("fragment", v.has_fragment(), v.encoded_fragment());
  // The scheme's own reading (RFC 1738 3): null for schemes without a typed
  // view, and for a URL its scheme's production refuses, which scheme_error
  // names.
  if (scheme) {
    write_scheme_data(o.raw("scheme_data"), *scheme);
    o.null("scheme_error");
  } else {
    o.null("scheme_data");
    urlkit::error e = scheme.error();
    e.offset += shift;
    json::write_error(o.raw("scheme_error"), e, shown);
  }
  if (endpoint)
    write_endpoint(o.raw("endpoint"), *endpoint);
  else
    o.null("endpoint");
  json::write_warnings(o, warnings, list.not_listed, &shown);
  o.close();
}

// The text of a data: URL: what is left once a URL parser has stripped the C0
// controls and spaces at both ends, when its scheme is "data" (any case);
// else nullopt.  The data: URL processing takes spaces and controls inside
// as data (docs/schemes/data.md), so the generic parse must accept them too.
std::optional<std::string_view> data_url_text(std::string_view input) {
  auto c0_or_space = [](char c) { return static_cast<unsigned char>(c) <= 0x20; };
  while (!input.empty() && c0_or_space(input.front())) input.remove_prefix(1);
  while (!input.empty() && c0_or_space(input.back())) input.remove_suffix(1);
  constexpr std::string_view scheme = "data";
  if (input.size() <= scheme.size() || input[scheme.size()] != ':') return std::nullopt;
  for (std::size_t i = 0; i < scheme.size(); ++i)
    if ((input[i] | 0x20) != scheme[i]) return std::nullopt;  // ASCII letters, any case
  return input;
}

// Appends the JSON object of one input (without a line end); false when it
// is not a URL-reference (draft 3).  A URL-reference that its scheme's own
// production refuses is one: its object says so in "scheme_error" (`urlkit
// validate` fails it).  `warnings` is scratch space, reused between calls.
bool parse_one(std::string_view input, urlkit::mode mode, warning_list& warnings,
               std::string& out) {
  warnings.clear();
  urlkit::parse_options options;
  options.mode = mode;
  options.on_warning = urlkit::make_warning_sink(warnings);
  urlkit::parse_options url_options = options;
  std::string_view text = input;
  if (auto d = data_url_text(input)) {
    text = *d;
    url_options.accept_excluded = true;
  }
  // Offsets count from the start of the input as given.
  const auto shift = static_cast<std::size_t>(text.data() - input.data());
  auto r = urlkit::parse_reference(text, url_options);
  if (r) {
    // The scheme's production (RFC 1738 5) is a verdict of its own.  Its
    // warnings come after the generic ones: listed in input order.
    const auto scheme = read_scheme(*r, {options.mode, options.on_warning});
    warnings.settle(shift);
    const std::optional<std::string> host_ascii = host_ascii_of(*r);
    // A URL its scheme's grammar refuses has no endpoint: not checked twice.
    const std::optional<urlkit::endpoint> endpoint = scheme ? endpoint_for(*r, mode) : std::nullopt;
    // The input is echoed with its password hidden, valid or not
    // (docs/security.md); the components are what was asked for.
    const urlkit::masked_text shown = shown_url(input, *r);
    // Room for the object at once: the input, its components and its
    // scheme_data hold it up to three times, and the target once more.
    // Grown by doubling, the buffer of a 64 MB URL's object would be copied
    // at 128 MB into 256 MB, both held (test_hostile bounds the peak).
    const std::size_t room =
        out.size() + 3 * shown.text.size() + (endpoint ? endpoint->target.size() : 0) + 4096;
    if (room > out.capacity()) out.reserve(std::max(room, 2 * out.capacity()));
    json::write_lossless(out, [&](std::string& o) {
      write_parsed(o, shown, *r, host_ascii, scheme, endpoint, shift, warnings);
    });
    return true;
  }
  // An error object is meant to be pasted into a bug report as well.
  urlkit::error e = r.error();
  e.offset += shift;
  const urlkit::masked_text shown = shown_url(input);
  json::write_lossless(out, [&](std::string& s) {
    json::object_writer o(s);
    o.string("input", shown.text);
    o.boolean("ok", false);
    json::write_error(o.raw("error"), e, shown);
    o.close();
  });
  return false;
}

class parse_job final : public batch_job {
 public:
  explicit parse_job(urlkit::mode mode) : mode_(mode) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return cut_at_lines(data, at_end);
  }

  void process(std::string_view data, std::uint64_t, batch_result& r) const override {
    warning_list warnings;
    for_each_line(data, [&](std::string_view input) {
      if (!parse_one(input, mode_, warnings, r.out)) r.failed = true;
      r.out += '\n';
    });
  }

 private:
  urlkit::mode mode_;
};

int run_parse(const parse_args& args) {
  std_streams io;
  const urlkit::mode mode = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  const unsigned jobs = effective_jobs(args.jobs);
  progress_meter progress(STDIN_FILENO, args.no_progress || !args.urls.empty());
  if (jobs > 1 && args.urls.empty()) {
    parse_job job(mode);
    return run_stdin_batches(job, jobs, io, progress);
  }

  warning_list warnings;
  int status = exit_ok;
  bool read_ok = for_each_input(args.urls, io.out, progress, [&](std::string_view input) {
    if (!parse_one(input, mode, warnings, io.out.buffer())) status = exit_failed;
    io.out.end_line();
  });
  return io.finish(read_ok ? status : exit_failed);
}

}  // namespace

command add_parse(CLI::App& parent) {
  auto args = std::make_shared<parse_args>();
  CLI::App* app = parent.add_subcommand(
      "parse", "Split URLs into their components, as JSON (one object per line)");
  set_footer(
      *app,
      "\"input\" is the input with its password shown as *** (--show-password: as given);\n"
      "each error and warning has \"code\" (the error_code or warning_code name, stable),\n"
      "\"offset\", in the input as given, \"shown_offset\", in \"input\", and \"message\".\n"
      "Components are the raw substrings, still %-escaped: absent is null, present\n"
      "but empty is \"\". A host holding octets >= 0x80 that IDNA converts (urlkit idna) is\n"
      "followed by \"host_ascii\", its A-label form. \"ok\" is the generic verdict (a\n"
      "URL-reference, draft 3); a known scheme's own grammar (RFC 1738 5) gives\n"
      "\"scheme_data\", or null and \"scheme_error\" when it refuses the URL (validate then\n"
      "fails it). \"endpoint\" is what a client connects to (endpoint_of): scheme, host\n"
      "(the A-label form with IDNA), port (the default filled in), secure (TLS), target\n"
      "(what is sent once connected), user and password (decoded); null for a URL with no\n"
      "server or a scheme outside the port table. Lenient parsing lists a warning for\n"
      "each character the grammar does not allow (the first 1000; then\n"
      "\"warnings_not_listed\" counts the others). An object\n"
      "holding bytes that are not UTF-8 starts with \"percent_escaped\": true: its strings\n"
      "then have such bytes as %XX and \"%\" as %25 (decode them).\n"
      "URLs from stdin are read in blocks; with --jobs N they are parsed on N threads, the\n"
      "output in input order and byte for byte that of --jobs 1. When stderr is a terminal\n"
      "and stdout is not, more than 4 MiB of stdin shows a progress bar on stderr.\n"
      "An input is invalid when it is not a URL-reference (\"ok\": false); a scheme_error\n"
      "alone is not a failure.");
  app->add_flag("--strict", args->strict,
                "Exactly the grammar: unwise and non-ASCII characters and bad escapes are errors "
                "(by default they are accepted with a warning)");
  app->add_option("URL", args->urls, "URLs to parse (default: one per line from stdin)");
  add_batch_options(*app, args->jobs, args->no_progress,
                    "Threads for URLs from stdin (default 1; 0: one per core)");
  add_show_password_flag(*app);
  return {app, [args] { return run_parse(*args); }};
}

}  // namespace urlkit::cli
