// urlkit — url_builder: a URL reference composed from its components
// (draft-fielding-uri-url-00 2.3.2: "the only time that characters within a
// URL can be safely escaped is when the URL is being created from its
// component parts").  Each value is checked once, alone, by its component's
// own rule of the grammar (grammar::parse_component), in the builder's mode;
// the composed text is then the URL, and its view is made from where each
// component was written, without parsing it again (a debug build does, and
// asserts that it reads the same components).
#include <algorithm>
#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/detail_access.hpp"
#include "grammar/reference.hpp"
#include "grammar/state.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/encoding.hpp"
#include "urlkit/url.hpp"

namespace urlkit {

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

// The view of the composed text: each component where compose() wrote it.
url_view view_of(const composed& c, const parts& p, std::string_view text, mode m,
                 std::size_t warnings) {
  url_view v;
  detail_access::set_buffer(v, text);
  const auto at = [&](std::size_t offset, std::size_t size) { return text.substr(offset, size); };
  const auto size = [](const std::optional<std::string>& s) { return s ? s->size() : 0; };
  if (p.scheme) detail_access::scheme(v) = at(c.scheme, p.scheme->size());
  if (c.server) {
    const std::size_t server_begin = c.scheme == absent ? 2 : c.scheme + p.scheme->size() + 3;
    const std::size_t server_end = c.port != absent ? c.port + size(p.port) : c.host + size(p.host);
    detail_access::server(v) = at(server_begin, server_end - server_begin);
    if (c.user != absent) detail_access::user(v) = at(c.user, size(p.user));
    if (c.password != absent) detail_access::password(v) = at(c.password, size(p.password));
    detail_access::host(v) = at(c.host, size(p.host));
    if (c.port != absent) detail_access::port(v) = at(c.port, size(p.port));
  }
  detail_access::absolute_path(v) = c.absolute;
  detail_access::path(v) = at(c.path, c.path_written.size());
  if (c.params != absent) detail_access::params(v) = at(c.params, size(p.params));
  if (c.query != absent) detail_access::query(v) = at(c.query, size(p.query));
  if (c.fragment != absent) detail_access::fragment(v) = at(c.fragment, size(p.fragment));
  detail_access::mode(v) = m;
  for (std::size_t i = 0; i < warnings; ++i) detail_access::count_warning(v);
  return v;
}

// What no component's own rule can see: the components' relations
// (draft 4.3.1, 4.3.2).
std::optional<error> check_structure(const composed& c, const parts& p) {
  // A user, password or port belongs to a host: "a server with a user or a
  // port must name a host" (server = [ [ user [ ":" password ] "@" ] hostport ]).
  if (c.server && (!p.host || p.host->empty()) && (p.user || p.password || p.port))
    return detail::error_at(error_code::host_expected, rule::host, c.text, c.host);
  // Without a server, a path that starts with "/" would be read as one ("//x")
  // or as an absolute path: the builder cannot write it.
  if (!c.server && !c.path_written.empty() && c.path_written.front() == '/')
    return detail::error_at(error_code::unexpected_character, rule::path, c.text, c.path);
  return std::nullopt;
}

#ifndef NDEBUG
// The debug build's guard: the text parses, in the builder's mode, to the
// view built from the offsets.
bool reads_back(const url_view& v) {
  const auto r = parse_reference(v.buffer(), v.parsed_mode());
  return r && *r == v && r->absolute_path() == v.absolute_path();
}
#endif

// 4.1 scheme = 1*( alpha | digit | "+" | "-" | "." ): it cannot be escaped.
std::optional<error> check_scheme(std::string_view s) {
  if (s.empty()) return detail::error_at(error_code::scheme_expected, rule::scheme, s, 0);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!charset::is(charset::scheme, s[i]))
      return detail::error_at(error_code::unexpected_character, rule::scheme, s, i);
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
  error e = detail::error_at(error_code::unexpected_character, rule::path, path, 0);
  e.detail =
      "a leading '/' makes the path absolute (draft 4.3.2), but absolute = false was asked for";
  return e;
}

// Keeps the warnings of one value's check, with their offsets moved by `by`
// (a "/" the value had before what was checked), for build() to deliver.
// The check runs in the noexcept parser: a vector that cannot grow ends the
// program, as a sink that throws does (error.hpp).
struct kept_warnings {
  std::vector<std::pair<rule, warning>>* out;
  rule component;
  std::size_t by = 0;
  void operator()(const warning& w) const noexcept {
    warning moved = w;
    moved.offset += by;
    out->emplace_back(component, moved);
  }
};

}  // namespace

url_builder::url_builder(urlkit::mode m) noexcept : mode_(m) {}

// The view's components are already checked, in the view's mode, which the
// builder keeps: they are taken as they are.
url_builder::url_builder(const url_view& v)
    : scheme_(v.has_scheme() ? std::optional<std::string>(v.scheme()) : std::nullopt),
      user_(v.has_user() ? std::optional<std::string>(v.encoded_user()) : std::nullopt),
      password_(v.has_password() ? std::optional<std::string>(v.encoded_password()) : std::nullopt),
      host_(v.has_host() ? std::optional<std::string>(v.encoded_host()) : std::nullopt),
      port_(v.has_port() ? std::optional<std::string>(v.port()) : std::nullopt),
      params_(v.has_params() ? std::optional<std::string>(v.encoded_params()) : std::nullopt),
      query_(v.has_query() ? std::optional<std::string>(v.encoded_query()) : std::nullopt),
      fragment_(v.has_fragment() ? std::optional<std::string>(v.encoded_fragment()) : std::nullopt),
      path_(v.encoded_path()),
      has_server_(v.has_server()),
      absolute_path_(v.absolute_path()),
      mode_(v.parsed_mode()),
      view_warnings_(v.warning_count()) {}

// The one place a value meets its component's rule: in the builder's mode,
// its warnings kept for build(), offsets moved by `shift`.
std::optional<error> url_builder::component_error(rule r, std::string_view value,
                                                  std::size_t shift) {
  grammar::parse_state st;
  st.mode = mode_;
  kept_warnings keep{&warned_, r, shift};
  st.sink = make_warning_sink(keep);
  if (grammar::parse_component(r, value, st)) return std::nullopt;
  st.err.offset += shift;
  return st.err;
}

bool url_builder::check(rule r, std::string_view value, std::size_t shift) {
  const auto e = component_error(r, value, shift);
  if (e) refuse(r, *e);
  return !e;
}

void url_builder::refuse(rule r, const urlkit::error& e) {
  refused_.emplace_back(r, e);
}

void url_builder::forget(rule r) noexcept {
  std::erase_if(refused_, [r](const auto& f) { return f.first == r; });
  std::erase_if(warned_, [r](const auto& f) { return f.first == r; });
}

url_builder& url_builder::scheme(std::string_view s) {
  forget(rule::scheme);
  scheme_ = std::string(s);  // not escaped (4.1)
  if (auto e = check_scheme(s)) refuse(rule::scheme, *e);
  return *this;
}

url_builder& url_builder::server() {
  has_server_ = true;
  return *this;
}

// The decoded setters escape with the component's own set, which the strict
// grammar takes: only a host can still be refused.
url_builder& url_builder::user(std::string_view decoded) {
  forget(rule::user);
  user_ = encode(decoded, component::user);
  return *this;
}

url_builder& url_builder::password(std::string_view decoded) {
  forget(rule::password);
  password_ = encode(decoded, component::password);
  return *this;
}

// A host is a name or a number (draft 4.3.1), or in lenient mode an IPv6
// literal (RFC 2732).  A decoded host is not escaped wholesale: an ASCII
// byte a host name cannot hold (a space, ":") is an error, never "%20".  A
// non-ASCII byte is an internationalized name in UTF-8: RFC 1738 3.1 knows
// only ASCII names, and escaping it would write a name no resolver looks up
// ("%E4%BE%8B..."), so it is refused in both modes, the error naming
// set_idna_host (urlkit/idna.hpp), which writes the A-label form.
url_builder& url_builder::host(std::string_view decoded) {
  if (decoded.starts_with('[')) return encoded_host(decoded);
  forget(rule::host);
  for (std::size_t i = 0; i < decoded.size(); ++i) {
    const auto c = static_cast<unsigned char>(decoded[i]);
    if (c >= 0x80) {
      host_ = std::string(decoded);
      refuse(rule::host, detail::error_at(error_code::non_ascii_host, rule::host, decoded, i));
      return *this;
    }
    if (charset::is(charset::hostchar | charset::unreserved, decoded[i])) continue;
    error e = detail::error_at(error_code::unexpected_character, rule::host, decoded, i);
    e.detail = c == ':' ? "':' would start the port: an IPv6 address is written in brackets "
                          "(\"[::1]\", RFC 2732; host_address() writes them)"
                        : "a host name holds letters, digits, '-' and '.' (draft 4.3.1)";
    host_ = std::string(decoded);
    refuse(rule::host, e);
    return *this;
  }
  host_ = encode(decoded, component::host);
  // Checked as encoded_host() checks, the offset moved into `decoded`.
  if (const auto e = component_error(rule::host, *host_))
    refuse(rule::host, in_decoded(*e, decoded, component::host));
  return *this;
}

// An IP address to write as the host: IPv4 as it is, IPv6 in brackets
// (RFC 2732), its zone's "%" as "%25" (RFC 6874).
url_builder& url_builder::host_address(std::string_view address) {
  forget(rule::host);
  if (address.find(':') == std::string_view::npos) {
    host_ = std::string(address);
    if (check(rule::host, address) && !address.empty() &&
        !charset::is(charset::digit, address.back())) {
      error e = detail::error_at(error_code::bad_host, rule::host, address, 0);
      e.detail = "an IPv4 address is four dot-separated numbers";
      refuse(rule::host, e);
    }
    return *this;
  }
  std::string literal = "[";
  const std::size_t zone = address.find('%');
  literal.append(address.substr(0, zone));
  if (zone != std::string_view::npos) {
    literal += "%25";
    literal.append(address.substr(zone + 1));
  }
  literal += ']';
  host_ = literal;
  if (auto found = component_error(rule::host, literal)) {
    error e = *found;  // back into `address`: past "[", and "%25" is one byte there
    std::size_t at = e.offset == 0 ? 0 : e.offset - 1;
    if (zone != std::string_view::npos && at > zone) at = at >= zone + 3 ? at - 2 : zone;
    e.offset = std::min(at, address.size());
    e.has_byte = e.offset < address.size();
    e.byte = e.has_byte ? static_cast<unsigned char>(address[e.offset]) : 0;
    refuse(rule::host, e);
  }
  return *this;
}

url_builder& url_builder::port(std::uint16_t p) {
  forget(rule::port);
  port_ = std::to_string(p);
  return *this;
}

// A number given for the port that no port is: refused as the digits would
// be, and a negative one with its own reason (port = *digit has no sign).
url_builder& url_builder::refuse_port(const std::string& number) {
  forget(rule::port);
  port_ = number;
  error e = detail::error_at(error_code::port_out_of_range, rule::port, number, 0);
  if (number.starts_with('-'))
    e.detail = "port must be at least 0 (port = *digit, draft 4.3.1, has no sign)";
  refuse(rule::port, e);
  return *this;
}

url_builder& url_builder::port(std::string_view digits) {
  forget(rule::port);
  port_ = std::string(digits);
  if (!check(rule::port, digits)) return *this;
  // port = *digit (draft 4.3.1) has no bound, but no client can use a port
  // above 65535: a setter refuses it in both modes.
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    n = n * 10 + static_cast<std::uint32_t>(digits[i] - '0');
    if (n > 65535) {
      refuse(rule::port, detail::error_at(error_code::port_out_of_range, rule::port, digits, 0));
      break;
    }
  }
  return *this;
}

// Each segment escaped as path_segment (*pchar, 4.3.2) and joined with "/":
// that is exactly the `path` component's encoding, whose only extra byte is "/".
url_builder& url_builder::path(std::string_view decoded, bool absolute) {
  forget(rule::path);
  if (decoded.starts_with('/')) {
    if (!absolute) {
      refuse(rule::path, leading_slash_error(decoded));
      return *this;
    }
    decoded.remove_prefix(1);
  }
  path_ = encode(decoded, component::path);
  absolute_path_ = absolute;
  return *this;
}

url_builder& url_builder::params(std::string_view decoded) {
  forget(rule::params);
  params_ = encode(decoded, component::params);
  return *this;
}

url_builder& url_builder::query(std::string_view decoded) {
  forget(rule::query);
  query_ = encode(decoded, component::query);
  return *this;
}

url_builder& url_builder::fragment(std::string_view decoded) {
  forget(rule::fragment);
  fragment_ = encode(decoded, component::fragment);
  return *this;
}

url_builder& url_builder::encoded_user(std::string_view raw) {
  forget(rule::user);
  user_ = std::string(raw);
  check(rule::user, raw);
  return *this;
}

url_builder& url_builder::encoded_password(std::string_view raw) {
  forget(rule::password);
  password_ = std::string(raw);
  check(rule::password, raw);
  return *this;
}

url_builder& url_builder::encoded_host(std::string_view raw) {
  forget(rule::host);
  host_ = std::string(raw);
  check(rule::host, raw);
  return *this;
}

url_builder& url_builder::encoded_path(std::string_view raw, bool absolute) {
  forget(rule::path);
  if (raw.starts_with('/')) {
    if (!absolute) {
      refuse(rule::path, leading_slash_error(raw));
      return *this;
    }
    raw.remove_prefix(1);
    check(rule::path, raw, 1);  // offsets in the value given, "/" included
  } else {
    check(rule::path, raw);
  }
  path_ = std::string(raw);
  absolute_path_ = absolute;
  return *this;
}

url_builder& url_builder::raw_path(std::string_view raw, bool absolute) {
  forget(rule::path);
  path_ = std::string(raw);
  absolute_path_ = absolute;
  return *this;
}

url_builder& url_builder::encoded_params(std::string_view raw) {
  forget(rule::params);
  params_ = std::string(raw);
  check(rule::params, raw);
  return *this;
}

url_builder& url_builder::encoded_query(std::string_view raw) {
  forget(rule::query);
  query_ = std::string(raw);
  check(rule::query, raw);
  return *this;
}

url_builder& url_builder::encoded_fragment(std::string_view raw) {
  forget(rule::fragment);
  fragment_ = std::string(raw);
  check(rule::fragment, raw);
  return *this;
}

url_builder& url_builder::remove_user() {
  forget(rule::user);
  forget(rule::password);
  user_.reset();
  password_.reset();
  return *this;
}

url_builder& url_builder::remove_password() {
  forget(rule::password);
  password_.reset();
  return *this;
}

url_builder& url_builder::remove_port() {
  forget(rule::port);
  port_.reset();
  return *this;
}

url_builder& url_builder::remove_params() {
  forget(rule::params);
  params_.reset();
  return *this;
}

url_builder& url_builder::remove_query() {
  forget(rule::query);
  query_.reset();
  return *this;
}

url_builder& url_builder::remove_fragment() {
  forget(rule::fragment);
  fragment_.reset();
  return *this;
}

std::string url_builder::string() const {
  const parts p{scheme_, user_,  password_, host_,       port_,         path_,
                params_, query_, fragment_, has_server_, absolute_path_};
  return compose(p).text;
}

// What the checks found, reported in the URL's order (that of the rules'
// enumerators too, error.hpp), and within a component in the order found.
result<url> url_builder::build(warning_sink on_warning) const {
  constexpr rule in_order[] = {rule::scheme, rule::user,  rule::password,
                               rule::host,   rule::port,  rule::path,
                               rule::params, rule::query, rule::fragment};
  if (on_warning)
    for (const rule r : in_order)
      for (const auto& [component, w] : warned_)
        if (component == r) on_warning(w);
  const auto first =
      std::min_element(refused_.begin(), refused_.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
  if (first != refused_.end()) return first->second;
  const parts p{scheme_, user_,  password_, host_,       port_,         path_,
                params_, query_, fragment_, has_server_, absolute_path_};
  composed c = compose(p);
  if (auto e = check_structure(c, p)) return *e;
  if (c.text.size() >= UINT32_MAX)
    return detail::error_at(error_code::url_too_large, rule::reference, c.text, 0);
  url u;
  u.buffer_ = std::move(c.text);
  u.view_ = view_of(c, p, u.buffer_, mode_, view_warnings_ + warned_.size());
  assert(reads_back(u.view_));
  return u;
}

}  // namespace urlkit
