// file URLs: RFC 1738 3.10 (grammar: src/grammar/file.cpp).
#include "urlkit/schemes/file.hpp"

#include <algorithm>
#include <ostream>
#include <span>

#include "ascii.hpp"
#include "error_at.hpp"
#include "grammar/file.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

namespace {

// "localhost" in any case: host names are case-insensitive (RFC 1034 3.1).
bool is_localhost(std::string_view h) noexcept {
  return ascii::iequals(h, "localhost");
}

// Whether `host` decodes to "localhost" in any case, decoded without
// allocating (lenient mode takes escapes in a host).
bool decodes_to_localhost(std::string_view host) noexcept {
  if (host.find('%') == std::string_view::npos) return is_localhost(host);
  char buf[9];
  if (decoded_size(host) != sizeof buf) return false;
  auto n = decode_to(host, buf);
  return n && is_localhost(std::string_view(buf, *n));
}

}  // namespace

std::optional<std::string> file_view::host() const {
  if (!url_.has_server()) return std::nullopt;
  return decode(url_.host()).value();
}

std::string file_view::path() const {
  // One allocation: "/" then the decoded fpath written after it.
  std::string p(1 + decoded_size(fpath_), '/');
  p.resize(1 + decode_to(fpath_, std::span<char>(p.data() + 1, p.size() - 1)).value());
  return p;
}

bool file_view::is_local() const noexcept {
  return !url_.has_server() || url_.host().empty() || decodes_to_localhost(url_.host());
}

std::optional<std::string> file_view::local_path() const {
  if (!is_local()) return std::nullopt;
  // An encoded NUL or "/" names no file (see the header); most paths hold
  // no escape at all, so one search for "%" answers both.
  if (const std::size_t pct = fpath_.find('%'); pct != std::string_view::npos) {
    const std::string_view rest = fpath_.substr(pct);
    if (schemes::has_escape(rest, '0', '0') || schemes::has_escape(rest, '2', 'F'))
      return std::nullopt;
  }
  return path();
}

std::ostream& operator<<(std::ostream& os, const file_view& v) {
  return os << v.buffer();
}

result<file_view> parse_file(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "file", "fileurl", "the scheme must be \"file\""))
    return *e;
  grammar::file_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_file(url, st, parts);
      }))
    return *e;
  return schemes::make_view<file_view>(url, schemes::just_stored(parts.fpath));
}

result<file_view> parse_file(std::string_view s, const scheme_options& options) {
  return schemes::parse_string(
      s, options, [](const url_view& u, const scheme_options& o) { return parse_file(u, o); });
}

namespace {

error file_error(std::string_view text, std::size_t offset, rule r, const char* production,
                 const char* detail) noexcept {
  error e = error_at(error_code::scheme_syntax, r, text, offset);
  e.production = production;
  e.detail = detail;
  return e;
}

}  // namespace

result<url> file_url_from_path(std::string_view path) {
  if (!path.starts_with('/'))
    return file_error(path, 0, rule::path, "file path",
                      "a file name must be absolute (start with \"/\") to make a file URL");
  if (const std::size_t nul = path.find('\0'); nul != std::string_view::npos)
    return file_error(path, nul, rule::path, "file path", "no file name holds a NUL byte");
  // path() escapes each segment's bytes that a path segment does not allow;
  // the leading "/" is the url-path's own (RFC 1738 3.1).
  return url_builder().scheme("file").server().path(path).build();
}

result<std::string> path_from_file_url(std::string_view text) {
  auto f = parse_file(text);
  if (!f) return f.error();
  const url_view& v = f->url();
  auto at = [&](std::string_view part) {
    return static_cast<std::size_t>(part.data() - text.data());
  };
  if (!f->is_local())
    return file_error(text, at(v.host()), rule::host, "file host",
                      "names another machine: a file URL gives no way to reach it (RFC 1738 "
                      "3.10); only \"\" and \"localhost\" are this machine");
  auto name = f->local_path();
  if (!name) {
    const std::string_view p = f->fpath();
    std::size_t i = 0;
    while (i + 3 <= p.size() &&
           !(p[i] == '%' && (p.substr(i + 1, 2) == "00" || p.substr(i + 1, 2) == "2F" ||
                             p.substr(i + 1, 2) == "2f")))
      ++i;
    return file_error(text, at(p) + std::min(i, p.size()), rule::path, "file path",
                      "an encoded NUL or \"/\" (%00, %2F) names no file on this machine");
  }
  return std::move(*name);
}

namespace schemes {
namespace {

class file_handler final : public basic_handler {
 public:
  // "[file] does not specify an Internet protocol or access method" (3.10): no port.
  file_handler() : basic_handler("file", std::nullopt) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    auto f = parse_file(url, options);
    if (!f) return f.error();
    return scheme_value(scheme_value::object{
        {"host", scheme_value::optional(f->host())},
        {"path", f->path()},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_file_handler() {
  return std::make_shared<file_handler>();
}

}  // namespace schemes
}  // namespace urlkit
