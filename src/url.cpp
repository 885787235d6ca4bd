// urlkit — url (an owning URL reference) and url_builder (draft-fielding-uri-url-00
// sections 2.3.2, 3 and 4: a URL is escaped component by component while it is
// composed, then parsed back in strict mode).
#include "urlkit/url.hpp"
#include "urlkit/security.hpp"

#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "detail_access.hpp"
#include "error_at.hpp"

namespace urlkit {

// ---- url --------------------------------------------------------------------

namespace {

// A copy of `v` over the same text at `to` instead of `from`.  Exact
// (warnings and mode are kept) and cheaper than parsing again: the components
// are offsets into the text, so only where the text starts changes.
url_view rebased(const url_view& v, const char* from, const char* to) noexcept {
  url_view r = v;
  const char* text = v.buffer().data();
  if (text != nullptr) detail_access::rebase(r, to + (text - from));
  return r;
}

}  // namespace

url::url(const url& other)
    : buffer_(other.buffer_), view_(rebased(other.view_, other.buffer_.data(), buffer_.data())) {}

// A moved std::string may keep its characters (heap) or not (short-string
// buffer): the view is re-seated either way.
url::url(url&& other) noexcept {
  const char* from = other.buffer_.data();
  buffer_ = std::move(other.buffer_);
  view_ = rebased(other.view_, from, buffer_.data());
  other.buffer_.clear();
  other.view_ = url_view{};
}

url& url::operator=(const url& other) {
  if (this != &other) {
    buffer_ = other.buffer_;
    view_ = rebased(other.view_, other.buffer_.data(), buffer_.data());
  }
  return *this;
}

url& url::operator=(url&& other) noexcept {
  if (this != &other) {
    const char* from = other.buffer_.data();
    buffer_ = std::move(other.buffer_);
    view_ = rebased(other.view_, from, buffer_.data());
    other.buffer_.clear();
    other.view_ = url_view{};
  }
  return *this;
}

std::ostream& operator<<(std::ostream& os, const url& u) {
  return os << u.buffer();
}

result<url> url::parse(std::string_view s, parse_options options) {
  url u;
  u.buffer_.assign(s.data(), s.size());
  const auto r = parse_reference(u.buffer_, options);
  if (!r) return r.error();
  u.view_ = *r;
  return u;
}

namespace {

// The component of rule `r` in `v` (absent: null data).
std::string_view component_of(const url_view& v, rule r) noexcept {
  switch (r) {
    case rule::scheme:
      return v.scheme();
    case rule::user:
      return v.encoded_user();
    case rule::password:
      return v.encoded_password();
    case rule::host:
      return v.encoded_host();
    case rule::port:
      return v.port();
    case rule::path:
      return v.encoded_path();
    case rule::params:
      return v.encoded_params();
    case rule::query:
      return v.encoded_query();
    case rule::fragment:
      return v.encoded_fragment();
    default:
      return {};
  }
}

// Passes on the warnings of component `r` of the edited url, each offset
// counted in that component.
struct component_warnings {
  const url_view* view = nullptr;
  rule r = rule::reference;
  warning_sink out;
  void operator()(const warning& w) const noexcept {
    const std::string_view c = component_of(*view, r);
    if (w.rule != r || c.data() == nullptr) return;
    const auto begin = static_cast<std::size_t>(c.data() - view->buffer().data());
    if (w.offset < begin || w.offset > begin + c.size()) return;
    warning moved = w;
    moved.offset -= begin;
    out(moved);
  }
};

}  // namespace

// One component changed, composed again and parsed in the url's own mode.
// Warnings (lenient mode) are those the parse raises in the component set.
template <class Edit>
result<void> url::edit(Edit&& change, rule r, warning_sink on_warning) {
  url_builder b(view_);
  b.check_mode_ = view_.parsed_mode();
  change(b);
  if (auto s = b.status(); !s) return s.error();
  auto built = b.build(view_.parsed_mode());
  if (!built) return built.error();
  *this = std::move(*built);
  if (on_warning && view_.parsed_mode() == mode::lenient) {
    // Read again, for its warnings: only when someone listens.
    component_warnings filter{&view_, r, on_warning};
    parse_options o;
    o.on_warning = make_warning_sink(filter);
    (void)parse_reference(buffer_, o);
  }
  return {};
}

#define URLKIT_URL_SETTER(NAME, BUILDER_CALL, RULE)                                \
  result<void> url::NAME(std::string_view value, warning_sink on_warning) {        \
    return edit([&](url_builder& b) { b.BUILDER_CALL(value); }, RULE, on_warning); \
  }
URLKIT_URL_SETTER(set_scheme, scheme, rule::scheme)
URLKIT_URL_SETTER(set_user, user, rule::user)
URLKIT_URL_SETTER(set_encoded_user, encoded_user, rule::user)
URLKIT_URL_SETTER(set_password, password, rule::password)
URLKIT_URL_SETTER(set_encoded_password, encoded_password, rule::password)
URLKIT_URL_SETTER(set_host, host, rule::host)
URLKIT_URL_SETTER(set_encoded_host, encoded_host, rule::host)
URLKIT_URL_SETTER(set_port, port, rule::port)
URLKIT_URL_SETTER(set_params, params, rule::params)
URLKIT_URL_SETTER(set_encoded_params, encoded_params, rule::params)
URLKIT_URL_SETTER(set_query, query, rule::query)
URLKIT_URL_SETTER(set_encoded_query, encoded_query, rule::query)
URLKIT_URL_SETTER(set_fragment, fragment, rule::fragment)
URLKIT_URL_SETTER(set_encoded_fragment, encoded_fragment, rule::fragment)
#undef URLKIT_URL_SETTER

result<void> url::set_port(std::uint16_t port) {
  return edit([&](url_builder& b) { b.port(port); }, rule::port, {});
}

// A leading "/" is the absolute-path flag (draft 4.3.2); without one the path
// is relative (written after a "/" all the same when a server precedes it).
result<void> url::set_path(std::string_view decoded, warning_sink on_warning) {
  return edit([&](url_builder& b) { b.path(decoded, decoded.starts_with('/')); }, rule::path,
              on_warning);
}

result<void> url::set_encoded_path(std::string_view encoded, warning_sink on_warning) {
  return edit([&](url_builder& b) { b.encoded_path(encoded, encoded.starts_with('/')); },
              rule::path, on_warning);
}

result<void> url::remove_user() {
  return edit([](url_builder& b) { b.clear_user(); });
}
result<void> url::remove_password() {
  return edit([](url_builder& b) { b.clear_password(); });
}
result<void> url::remove_port() {
  return edit([](url_builder& b) { b.clear_port(); });
}
result<void> url::remove_params() {
  return edit([](url_builder& b) { b.clear_params(); });
}
result<void> url::remove_query() {
  return edit([](url_builder& b) { b.clear_query(); });
}
result<void> url::remove_fragment() {
  return edit([](url_builder& b) { b.clear_fragment(); });
}

// ---- path segments and query parameters --------------------------------------

namespace {

error index_error(std::size_t i) noexcept {
  error e;
  e.code = error_code::unexpected_character;
  e.rule = rule::path;
  e.offset = i;
  e.detail = "no segment at that index";
  return e;
}

// The path rewritten segment by segment: `f(i, segment, out)` sets what
// becomes of segment i, or returns false to drop it (with its separator).
template <class F>
std::string rewrite_segments(const url_view& v, F&& f) {
  std::string out;
  std::size_t i = 0;
  bool first = true;
  for (const decode_view d : v.segments()) {
    const std::string_view seg = d.encoded();
    std::string piece;
    if (!f(i++, seg, piece)) continue;
    if (!first) out.push_back('/');
    first = false;
    out += piece;
  }
  return out;
}

}  // namespace

result<void> url::append_segment(std::string_view decoded) {
  std::string path(view_.encoded_path());
  if (!path.empty()) path.push_back('/');
  path += encode(decoded, component::path_segment);
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

result<void> url::replace_segment(std::size_t i, std::string_view decoded) {
  if (i >= view_.segments().size()) return index_error(i);
  const std::string path =
      rewrite_segments(view_, [&](std::size_t k, std::string_view seg, std::string& out) {
        out = k == i ? encode(decoded, component::path_segment) : std::string(seg);
        return true;
      });
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

result<void> url::erase_segment(std::size_t i) {
  if (i >= view_.segments().size()) return index_error(i);
  const std::string path =
      rewrite_segments(view_, [&](std::size_t k, std::string_view seg, std::string& out) {
        out = std::string(seg);
        return k != i;
      });
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

namespace {

std::string param_text(std::string_view name, std::string_view value) {
  std::string s = encode(name, component::query_param);
  s.push_back('=');
  s += encode(value, component::query_param);
  return s;
}

}  // namespace

result<void> url::append_query_param(std::string_view name, std::string_view value) {
  std::string q(view_.encoded_query());
  if (!q.empty()) q.push_back('&');
  q += param_text(name, value);
  return set_encoded_query(q);
}

result<void> url::set_query_param(std::string_view name, std::string_view value) {
  std::string q;
  bool found = false;
  for (const query_param_view p : view_.query_params()) {
    const bool match = (p.name() == name);
    if (match && found) continue;  // the others of that name go
    if (!q.empty()) q.push_back('&');
    if (match) {
      found = true;
      q.append(p.encoded_name);  // the name as it was written
      q.push_back('=');
      q += encode(value, component::query_param);
    } else {
      q.append(p.encoded_name);
      if (p.has_value) {
        q.push_back('=');
        q.append(p.encoded_value);
      }
    }
  }
  if (!found) {
    if (!q.empty()) q.push_back('&');
    q += param_text(name, value);
  }
  return set_encoded_query(q);
}

result<void> url::erase_query_param(std::string_view name) {
  std::string q;
  bool kept = false;
  for (const query_param_view p : view_.query_params()) {
    if ((p.name() == name)) continue;
    if (kept) q.push_back('&');
    kept = true;
    q.append(p.encoded_name);
    if (p.has_value) {
      q.push_back('=');
      q.append(p.encoded_value);
    }
  }
  if (!kept && !view_.query_params().empty()) return remove_query();
  return set_encoded_query(q);
}

// ---- url_builder ------------------------------------------------------------

namespace {

constexpr std::size_t absent = std::string_view::npos;

// The builder's fields, as compose() reads them.
struct parts {
  const std::optional<std::string>& scheme;
  const std::optional<std::string>& user;
  const std::optional<std::string>& password;
  const std::optional<std::string>& host;
  const std::optional<std::string>& port;
  const std::string& path;
  const std::optional<std::string>& params;
  const std::optional<std::string>& query;
  const std::optional<std::string>& fragment;
  bool has_server;
  bool absolute;
};

// The composed reference, and where each component landed in it.
struct composed {
  std::string text;
  std::size_t scheme = absent, user = absent, password = absent, host = absent, port = absent;
  std::size_t path = 0, params = absent, query = absent, fragment = absent;
  bool server = false;    // "//" written
  bool absolute = false;  // "/" written before the path
  std::string path_written;
};

void append(composed& c, std::size_t& at, std::string_view s) {
  at = c.text.size();
  c.text.append(s);
}

// draft 4.3.2: without a scheme or a server, a ":" in the first segment of a
// relative path would be read as the end of a scheme ("this:that").  ":" is
// data in a segment (pchar), so escaping it there keeps the meaning.
std::string guard_first_segment(std::string_view path) {
  std::string out;
  const std::size_t end = path.find('/');
  const std::string_view first = path.substr(0, end);
  for (const char ch : first) {
    if (ch == ':')
      out += "%3A";
    else
      out += ch;
  }
  if (end != std::string_view::npos) out.append(path.substr(end));
  return out;
}

composed compose(const parts& p) {
  composed c;
  // <scheme>://<user>:<password>@<host>:<port>/<path>;<params>?<query>#<fragment>
  if (p.scheme) {
    append(c, c.scheme, *p.scheme);
    c.text += ':';
  }
  // A user, password or port implies the server they belong to (4.3.1),
  // written even when there is no host.
  c.server = p.has_server || p.host || p.user || p.password || p.port;
  if (c.server) {
    c.text += "//";
    // There is no password without a user name (4.3.1): a lone password gets an empty one.
    if (p.user || p.password) {
      append(c, c.user, p.user ? std::string_view(*p.user) : std::string_view());
      if (p.password) {
        c.text += ':';
        append(c, c.password, *p.password);
      }
      c.text += '@';
    }
    append(c, c.host, p.host ? std::string_view(*p.host) : std::string_view());
    if (p.port) {
      c.text += ':';
      append(c, c.port, *p.port);
    }
  }
  // net_path = "//" server [ abs_path ] (4.2): after a server, whatever follows
  // starts with "/", or it would be read as part of the server.
  c.absolute = p.absolute || (c.server && (!p.path.empty() || p.params || p.query));
  if (c.absolute) c.text += '/';
  c.path_written = (!p.scheme && !c.server && !c.absolute) ? guard_first_segment(p.path) : p.path;
  append(c, c.path, c.path_written);
  if (p.params) {
    c.text += ';';
    append(c, c.params, *p.params);
  }
  if (p.query) {
    c.text += '?';
    append(c, c.query, *p.query);
  }
  if (p.fragment) {
    c.text += '#';
    append(c, c.fragment, *p.fragment);
  }
  return c;
}

// The first byte of a component, as written, that would end it early or move
// it into another component when the reference is parsed again (draft 3 and
// 4.3: "#" ends everything, "?" the path and params, ";" the path, "/" the
// server, "@" and ":" the user and host).  Only raw text (encoded_path,
// encoded_query, a view's components) can hold one.
std::optional<error> check_delimiters(const composed& c, std::size_t at, std::size_t size,
                                      std::string_view stops, rule r) {
  if (at == absent) return std::nullopt;
  const std::string_view s = std::string_view(c.text).substr(at, size);
  const std::size_t i = s.find_first_of(stops);
  if (i == std::string_view::npos) return std::nullopt;
  return error_at(error_code::unexpected_character, r, c.text, at + i);
}

std::optional<error> check(const composed& c, const parts& p) {
  // 4.1 scheme = 1*( alpha | digit | "+" | "-" | "." ): a scheme cannot be
  // escaped, so it is checked here (the parser would read a bad one as a path).
  if (p.scheme) {
    if (p.scheme->empty()) return error_at(error_code::scheme_expected, rule::scheme, c.text, 0);
    for (std::size_t i = 0; i < p.scheme->size(); ++i)
      if (!charset::is(charset::scheme, (*p.scheme)[i]))
        return error_at(error_code::unexpected_character, rule::scheme, c.text, i);
  }
  const auto size = [](const std::optional<std::string>& s) { return s ? s->size() : 0; };
  if (auto e = check_delimiters(c, c.user, size(p.user), ":@/#", rule::user)) return e;
  if (auto e = check_delimiters(c, c.password, size(p.password), "@/#", rule::password)) return e;
  if (auto e = check_delimiters(c, c.host, size(p.host), ":@/#", rule::host)) return e;
  // 4.3.1 port = *digit
  if (p.port)
    for (std::size_t i = 0; i < p.port->size(); ++i)
      if (!charset::is(charset::digit, (*p.port)[i]))
        return error_at(error_code::bad_port, rule::port, c.text, c.port + i);
  // Without a server, a path that starts with "/" would be read as one ("//x")
  // or as an absolute path: the builder cannot write it.
  if (!c.server && !c.path_written.empty() && c.path_written.front() == '/')
    return error_at(error_code::unexpected_character, rule::path, c.text, c.path);
  if (auto e = check_delimiters(c, c.path, c.path_written.size(), ";?#", rule::path)) return e;
  if (auto e = check_delimiters(c, c.params, size(p.params), "?#", rule::params)) return e;
  if (auto e = check_delimiters(c, c.query, size(p.query), "#", rule::query)) return e;
  return std::nullopt;
}

// Last guard: the parsed components are those that were set.  The checks above
// should make this always true; if not, the reference is refused rather than
// returned with components that differ from the builder's.
std::optional<error> verify(const composed& c, const parts& p, const url_view& v) {
  const auto same = [](bool has, std::string_view got, const std::optional<std::string>& want) {
    return has == want.has_value() && (!has || got == *want);
  };
  const auto fail = [&](std::size_t at, rule r) {
    return error_at(error_code::unexpected_character, r, c.text, at == absent ? 0 : at);
  };
  if (!same(v.has_scheme(), v.scheme(), p.scheme)) return fail(c.scheme, rule::scheme);
  if (v.has_server() != c.server) return fail(0, rule::server);
  if (c.server) {
    const std::optional<std::string> user =
        p.user || p.password ? std::optional<std::string>(p.user.value_or("")) : std::nullopt;
    const std::optional<std::string> host = p.host.value_or("");
    if (!same(v.has_user(), v.encoded_user(), user)) return fail(c.user, rule::user);
    if (!same(v.has_password(), v.encoded_password(), p.password))
      return fail(c.password, rule::password);
    if (!same(v.has_host(), v.encoded_host(), host)) return fail(c.host, rule::host);
    if (!same(v.has_port(), v.port(), p.port)) return fail(c.port, rule::port);
  }
  if (v.absolute_path() != c.absolute || v.encoded_path() != c.path_written)
    return fail(c.path, rule::path);
  if (!same(v.has_params(), v.encoded_params(), p.params)) return fail(c.params, rule::params);
  if (!same(v.has_query(), v.encoded_query(), p.query)) return fail(c.query, rule::query);
  if (!same(v.has_fragment(), v.encoded_fragment(), p.fragment))
    return fail(c.fragment, rule::fragment);
  return std::nullopt;
}

std::optional<std::string> optional_of(bool has, std::string_view s) {
  if (!has) return std::nullopt;
  return std::string(s);
}

}  // namespace

// The view's components are already escaped: they are taken as they are.
url_builder::url_builder(const url_view& v)
    : scheme_(optional_of(v.has_scheme(), v.scheme())),
      user_(optional_of(v.has_user(), v.encoded_user())),
      password_(optional_of(v.has_password(), v.encoded_password())),
      host_(optional_of(v.has_host(), v.encoded_host())),
      port_(optional_of(v.has_port(), v.port())),
      params_(optional_of(v.has_params(), v.encoded_params())),
      query_(optional_of(v.has_query(), v.encoded_query())),
      fragment_(optional_of(v.has_fragment(), v.encoded_fragment())),
      path_(v.encoded_path()),
      has_server_(v.has_server()),
      absolute_path_(v.absolute_path()) {}

// ---- checking one value at once ---------------------------------------------

namespace {

// Where a component's value is put to check it alone with the parser: the
// text before and after it in a URL that holds nothing else, and the bytes
// that would end the component early (draft 3, 4.3).
struct probe {
  std::string_view before, after, stops;
  urlkit::rule rule;
  bool (url_view::*has)() const noexcept;
  std::string_view (url_view::*get)() const noexcept;
};
constexpr probe user_probe{
    "x://", "@h/", ":@/#?", rule::user, &url_view::has_user, &url_view::encoded_user};
constexpr probe password_probe{
    "x://u:", "@h/", "@/#", rule::password, &url_view::has_password, &url_view::encoded_password};
constexpr probe host_probe{
    "x://", "/", ":@/#?;", rule::host, &url_view::has_host, &url_view::encoded_host};
constexpr probe params_probe{
    "x:/;", "", "?#", rule::params, &url_view::has_params, &url_view::encoded_params};
constexpr probe query_probe{
    "x:/?", "", "#", rule::query, &url_view::has_query, &url_view::encoded_query};
constexpr probe fragment_probe{
    "x:/#", "", "", rule::fragment, &url_view::has_fragment, &url_view::encoded_fragment};

// Checks `value` (escaped) as the component `p` in mode `m`; an error's
// offset counts in `value`.
std::optional<error> check_value(std::string_view value, const probe& p, mode m) {
  std::string text(p.before);
  text += value;
  text += p.after;
  const auto r = parse_reference(text, m);
  if (!r) {
    error e = r.error();
    e.offset = e.offset < p.before.size() ? 0 : e.offset - p.before.size();
    if (e.offset > value.size()) e.offset = value.size();
    return e;
  }
  const url_view& v = *r;
  if ((v.*p.has)() && (v.*p.get)() == value) return std::nullopt;
  // A delimiter ended the component early (or moved it elsewhere).
  std::size_t at = value.find_first_of(p.stops);
  if (at == std::string_view::npos) at = 0;
  return error_at(error_code::unexpected_character, p.rule, value, at);
}

// A path (without its leading "/"): the parser reads it after "x:/".
std::optional<error> check_path(std::string_view value, mode m) {
  std::string text = "x:/";
  text += value;
  const auto r = parse_reference(text, m);
  if (!r) {
    error e = r.error();
    e.offset = e.offset < 3 ? 0 : e.offset - 3;
    return e;
  }
  if (r->encoded_path() == value) return std::nullopt;
  return error_at(error_code::unexpected_character, rule::path, value,
                  std::min(value.find_first_of(";?#"), value.size()));
}

// 4.1 scheme = 1*( alpha | digit | "+" | "-" | "." ): it cannot be escaped.
std::optional<error> check_scheme(std::string_view s) {
  if (s.empty()) return error_at(error_code::scheme_expected, rule::scheme, s, 0);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!charset::is(charset::scheme, s[i]))
      return error_at(error_code::unexpected_character, rule::scheme, s, i);
  return std::nullopt;
}

// 4.3.1 port = *digit
std::optional<error> check_port(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!charset::is(charset::digit, s[i])) return error_at(error_code::bad_port, rule::port, s, i);
  return std::nullopt;
}

// An error found in the escaped form of `decoded`, moved to the byte of
// `decoded` that its offset falls in.
error in_decoded(error e, std::string_view decoded, component c) {
  std::size_t written = 0;
  std::size_t i = 0;
  for (; i < decoded.size(); ++i) {
    const std::size_t n = encoded_size(decoded.substr(i, 1), c);
    if (e.offset < written + n) break;
    written += n;
  }
  e.offset = i;
  e.has_byte = i < decoded.size();
  e.byte = e.has_byte ? static_cast<unsigned char>(decoded[i]) : 0;
  return e;
}

error leading_slash_error(std::string_view path) {
  error e = error_at(error_code::unexpected_character, rule::path, path, 0);
  e.detail =
      "a leading '/' makes the path absolute (draft 4.3.2), but absolute = false was asked for";
  return e;
}

}  // namespace

void url_builder::refuse(const urlkit::error& e) {
  if (!error_) error_ = e;
}

url_builder& url_builder::scheme(std::string_view s) {
  scheme_ = std::string(s);  // not escaped (4.1)
  if (auto e = check_scheme(s)) refuse(*e);
  return *this;
}

url_builder& url_builder::server() {
  has_server_ = true;
  return *this;
}

// The decoded setters escape with the component's own set, which the strict
// grammar takes: only a host can still be refused (hostname | hostnumber).
url_builder& url_builder::user(std::string_view decoded) {
  user_ = encode(decoded, component::user);
  return *this;
}

url_builder& url_builder::password(std::string_view decoded) {
  password_ = encode(decoded, component::password);
  return *this;
}

url_builder& url_builder::host(std::string_view decoded) {
  host_ = encode(decoded, component::host);
  if (!host_->empty())
    if (auto e = check_value(*host_, host_probe, check_mode_))
      refuse(in_decoded(*e, decoded, component::host));
  return *this;
}

url_builder& url_builder::port(std::uint16_t p) {
  port_ = std::to_string(p);
  return *this;
}

url_builder& url_builder::port(std::string_view digits) {
  port_ = std::string(digits);
  if (auto e = check_port(digits)) refuse(*e);
  return *this;
}

// Each segment escaped as path_segment (*pchar, 4.3.2) and joined with "/":
// that is exactly the `path` component's encoding, whose only extra byte is "/".
url_builder& url_builder::path(std::string_view decoded, bool absolute) {
  if (decoded.starts_with('/')) {
    if (!absolute) {
      refuse(leading_slash_error(decoded));
      return *this;
    }
    decoded.remove_prefix(1);
  }
  path_ = encode(decoded, component::path);
  absolute_path_ = absolute;
  return *this;
}

url_builder& url_builder::params(std::string_view decoded) {
  params_ = encode(decoded, component::params);
  return *this;
}

url_builder& url_builder::query(std::string_view decoded) {
  query_ = encode(decoded, component::query);
  return *this;
}

url_builder& url_builder::fragment(std::string_view decoded) {
  fragment_ = encode(decoded, component::fragment);
  return *this;
}

url_builder& url_builder::encoded_user(std::string_view raw) {
  user_ = std::string(raw);
  if (auto e = check_value(raw, user_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::encoded_password(std::string_view raw) {
  password_ = std::string(raw);
  if (auto e = check_value(raw, password_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::encoded_host(std::string_view raw) {
  host_ = std::string(raw);
  if (!raw.empty())
    if (auto e = check_value(raw, host_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::encoded_path(std::string_view raw, bool absolute) {
  if (raw.starts_with('/')) {
    if (!absolute) {
      refuse(leading_slash_error(raw));
      return *this;
    }
    raw.remove_prefix(1);
    if (auto e = check_path(raw, check_mode_)) {
      ++e->offset;  // in the value given, "/" included
      refuse(*e);
    }
    return raw_path(raw, true);
  }
  if (auto e = check_path(raw, check_mode_)) refuse(*e);
  return raw_path(raw, absolute);
}

url_builder& url_builder::raw_path(std::string_view raw, bool absolute) {
  path_ = std::string(raw);
  absolute_path_ = absolute;
  return *this;
}

url_builder& url_builder::encoded_params(std::string_view raw) {
  params_ = std::string(raw);
  if (auto e = check_value(raw, params_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::encoded_query(std::string_view raw) {
  query_ = std::string(raw);
  if (auto e = check_value(raw, query_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::encoded_fragment(std::string_view raw) {
  fragment_ = std::string(raw);
  if (auto e = check_value(raw, fragment_probe, check_mode_)) refuse(*e);
  return *this;
}

url_builder& url_builder::clear_user() {
  user_.reset();
  password_.reset();
  return *this;
}

url_builder& url_builder::clear_password() {
  password_.reset();
  return *this;
}

url_builder& url_builder::clear_port() {
  port_.reset();
  return *this;
}

url_builder& url_builder::clear_params() {
  params_.reset();
  return *this;
}

url_builder& url_builder::clear_query() {
  query_.reset();
  return *this;
}

url_builder& url_builder::clear_fragment() {
  fragment_.reset();
  return *this;
}

std::string url_builder::string() const {
  const parts p{scheme_, user_,  password_, host_,       port_,         path_,
                params_, query_, fragment_, has_server_, absolute_path_};
  return compose(p).text;
}

result<url> url_builder::build() const {
  return build(mode::strict);
}

result<url> url_builder::build(urlkit::mode m, warning_sink on_warning) const {
  if (error_) return *error_;
  const parts p{scheme_, user_,  password_, host_,       port_,         path_,
                params_, query_, fragment_, has_server_, absolute_path_};
  composed c = compose(p);
  if (auto e = check(c, p)) return *e;
  url u;
  u.buffer_ = c.text;
  parse_options o;
  o.mode = m;
  o.on_warning = on_warning;
  const auto r = parse_reference(u.buffer_, o);
  if (!r) return r.error();
  if (auto e = verify(c, p, *r)) return *e;
  u.view_ = *r;
  return u;
}

}  // namespace urlkit
