// Fuzz target for the typed views of the RFC 1738 schemes (sections 3.2 to
// 3.11, grammar in section 5): ftp, http, gopher, mailto, news, nntp, telnet,
// wais, file and prospero (data: has a target of its own), with the registry,
// check_port and display_form of scheme.hpp.  Not crashing is not enough:
//
//  - a typed view is a reading of the generic parse of the same text (draft
//    4): it succeeds only where parse_absolute does, its raw parts are slices
//    of the generic components, and it gives its input back byte for byte;
//  - its decoded parts are the percent-decoding (draft 2.3) of its raw parts,
//    here recomputed from the generic components without the library;
//  - no typed view's host() or connect_host() holds a control octet, "/" or
//    "@" (RFC 1738 6, draft 8: the host is written into protocol lines, and a
//    decoded delimiter would name another server);
//  - no decoded CR or LF reaches a protocol line (RFC 1738 6, draft 8): the
//    FTP command plan, the gopher request line (but for its terminator and the
//    gopher+ string, 3.4.9), telnet's user and password, the mailto address,
//    the news and nntp group, the prospero hsoname and fields;
//  - the effective port is the explicit one, else the scheme's default (RFC
//    1738 3), and check_port says the same;
//  - display_form masks a password, and no error or warning message quotes it
//    (RFC 1738 6);
//  - the two parse overloads, the registry and the two modes agree: strict
//    accepts exactly what lenient accepts without a warning, with the same
//    values;
//  - every error and warning points into the input at the byte it names.
//
// Input layout: the low four bits of the first byte pick the scheme, and the
// rest follows "<scheme>:", so that every scheme is reached at once.  Values
// 10 to 15 instead parse the rest as it is and dispatch on its own scheme
// name through the registry, so that the name itself is fuzzed as well.
// Bit 0x10 spells the scheme name in upper case, bit 0x40 capitalises it
// (names are case-insensitive, RFC 1738 2.1); bit 0x20 also runs the typed
// views over a generic parse that accepted excluded characters.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
#include "urlkit/security.hpp"
#include "urlkit/urlkit.hpp"

namespace {

using urlkit::mode;
using urlkit_fuzz::check;
using urlkit_fuzz::describe;
using urlkit_fuzz::fail;
using urlkit_fuzz::same_components;

// ---------------------------------------------------------------------------
// Helpers that do not use the library's own decoding or splitting.

bool within(std::string_view outer, const char* p) {
  // Compared as integers: the pointers may belong to different objects.
  const auto b = reinterpret_cast<std::uintptr_t>(outer.data());
  const auto q = reinterpret_cast<std::uintptr_t>(p);
  return q >= b && q <= b + outer.size();
}

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hex_of(char c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

bool escape_at(std::string_view s, std::size_t i) {
  return i + 2 < s.size() && s[i] == '%' && is_hex(s[i + 1]) && is_hex(s[i + 2]);
}

// Draft 2.3: each "%" hex hex is one octet; any other "%" stays (lenient mode
// took it).
std::string pct_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (escape_at(s, i)) {
      out += static_cast<char>(hex_of(s[i + 1]) * 16 + hex_of(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool has_crlf(std::string_view s) {
  return s.find_first_of("\r\n") != std::string_view::npos;
}
bool has_crlf(const urlkit::decode_view& s) {
  return has_crlf(s.to_string());
}

// A decoded accessor's value as a string, to compare with pct_decode's.
std::string S(const urlkit::decode_view& d) {
  return d.to_string();
}
std::optional<std::string> S(const std::optional<urlkit::decode_view>& d) {
  return d ? std::optional<std::string>(d->to_string()) : std::nullopt;
}

// A list of decode_views (segments_view, mailto's to()) decoded.
template <class Range>
std::vector<std::string> decoded_list(const Range& r) {
  std::vector<std::string> out;
  for (const urlkit::decode_view d : r) out.push_back(d.to_string());
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
    if (x != y) return false;
  }
  return true;
}

bool same_slice(std::string_view a, std::string_view b) {
  return a.data() == b.data() && a.size() == b.size();
}

// Where the URL proper ends: at the "#" of the fragment (draft 3).
std::size_t url_end(const urlkit::url_view& g) {
  return g.has_fragment()
             ? static_cast<std::size_t>(g.encoded_fragment().data() - g.buffer().data()) - 1
             : g.buffer().size();
}

// RFC 1738 3.1's <url-path>: after the "/" that ends the login, up to the
// fragment; null data when there is no login or no such "/".
std::string_view url_path(const urlkit::url_view& g) {
  if (!g.has_server()) return {};
  const std::string_view b = g.buffer();
  const auto server_end =
      static_cast<std::size_t>(g.encoded_server().data() - b.data()) + g.encoded_server().size();
  if (server_end >= url_end(g) || b[server_end] != '/') return {};
  return b.substr(server_end + 1, url_end(g) - server_end - 1);
}

// RFC 1738 2.1's <scheme-specific-part>: after "scheme:", up to the fragment.
std::string_view scheme_part(const urlkit::url_view& g) {
  const std::size_t first = g.scheme().size() + 1;
  return g.buffer().substr(first, url_end(g) - first);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto i = s.find(sep);
    out.push_back(s.substr(0, i));
    if (i == std::string_view::npos) return out;
    s.remove_prefix(i + 1);
  }
}

// Appends a length-prefixed value to a summary, so that summaries compare
// values and presence exactly.
void put_opt(std::string& out, std::string_view what, const std::optional<std::string>& v) {
  out += what;
  if (v) {
    out += '[';
    out += std::to_string(v->size());
    out += ']';
    out += *v;
  } else {
    out += '-';
  }
  out += '|';
}
void put(std::string& out, std::string_view what, std::string_view v) {
  put_opt(out, what, std::optional<std::string>(std::string(v)));
}

// ---------------------------------------------------------------------------
// What one run saw: every error and warning, for the checks at the end.

struct run_state {
  std::string_view text;  // what was parsed
  std::vector<urlkit::error> errors;
  std::vector<urlkit::warning> warnings;
};

bool static_text(std::string_view text, const char* p) {
  return p == nullptr || !within(text, p);
}

void check_error(run_state& rs, const urlkit::error& e, const char* who) {
  const std::string_view text = rs.text;
  rs.errors.push_back(e);
  const std::string m = e.message();
  check(e.code != urlkit::error_code::ok, text, who, {{"what", "failure with error_code::ok"}});
  check(e.offset <= text.size(), text, who,
        {{"what", "error offset past the end"}, {"message", m}});
  if (e.has_byte)
    check(e.offset < text.size() && static_cast<unsigned char>(text[e.offset]) == e.byte, text, who,
          {{"what", "error byte is not the byte at the error offset"}, {"message", m}});
  check(!m.empty(), text, who, {{"what", "empty error message"}});
  check(e.rule <= urlkit::rule::mime, text, who, {{"what", "error rule out of range"}});
  check(static_text(text, e.production) && static_text(text, e.detail), text, who,
        {{"what", "production or detail points into the input"}});
  if (e.code == urlkit::error_code::scheme_syntax)
    check(e.production != nullptr, text, who,
          {{"what", "a scheme_syntax error names no production"}, {"message", m}});
  // A refused escape is reported at its "%" (support.hpp's decode_part).
  if (e.code == urlkit::error_code::decoded_crlf || e.code == urlkit::error_code::decoded_nul) {
    check(escape_at(text, e.offset), text, who,
          {{"what", "a decoded_crlf/decoded_nul error is not at an escape"}, {"message", m}});
    const int v = hex_of(text[e.offset + 1]) * 16 + hex_of(text[e.offset + 2]);
    check(e.code == urlkit::error_code::decoded_nul ? v == 0 : (v == '\r' || v == '\n'), text, who,
          {{"what", "the escape at the error offset is not what the code says"}, {"message", m}});
  }
}

// The generic parse's own warnings are fuzz/parse_fuzz.cpp's business: here
// their messages are built only when a password check needs them.
void check_warnings(run_state& rs, const std::vector<urlkit::warning>& ws, mode m, const char* who,
                    bool messages = true) {
  const std::string_view text = rs.text;
  if (m == mode::strict) check(ws.empty(), text, who, {{"what", "a strict parse gave a warning"}});
  for (const urlkit::warning& w : ws) {
    rs.warnings.push_back(w);
    check(w.offset <= text.size(), text, who, {{"what", "warning offset past the end"}});
    if (w.offset < text.size())
      check(static_cast<unsigned char>(text[w.offset]) == w.byte, text, who,
            {{"what", "warning byte is not the byte at its offset"}});
    check(static_text(text, w.production) && static_text(text, w.detail), text, who,
          {{"what", "warning production or detail points into the input"}});
    if (messages) check(!w.message().empty(), text, who, {{"what", "empty warning message"}});
  }
}

// ---------------------------------------------------------------------------
// Checks every scheme shares: the generic view, the port, the display form.

struct scheme_info {
  std::string_view name;
  std::optional<std::uint16_t> port;  // RFC 1738 section 3
};

void check_common(const run_state& rs, const scheme_info& s, const urlkit::url_view& t,
                  const urlkit::url_view& g) {
  const std::string_view text = rs.text;
  if (!same_components(t, g) || t.buffer().data() != g.buffer().data())
    fail(text, "the typed view's url() is the generic view",
         {{"typed", describe(t)}, {"generic", describe(g)}});
  check(t.buffer() == text && t.recompose() == text, text,
        "the typed view gives its input back byte for byte", {{"recompose", t.recompose()}});
  check(t.scheme_is(s.name), text, "the typed view's scheme is its own");
}

// The effective port is the explicit one, else the default (RFC 1738 3).
void check_port(const run_state& rs, const scheme_info& s, std::uint16_t port, bool explicit_port,
                const urlkit::url_view& g) {
  const std::string_view text = rs.text;
  // An empty port ("h:/") is no explicit one: the default is meant (draft E.3).
  check(explicit_port == (g.has_port() && !g.port().empty()), text,
        "has_explicit_port() is a non-empty generic port()");
  check(s.port.has_value(), text, "a scheme with a port has a default port");
  const auto n = g.port_number();
  check(n.has_value(), text, "a typed view's port is at most 65535");
  check(port == (n && *n ? **n : *s.port), text, "port() is the explicit port, else the default",
        {{"port", std::to_string(port)}});
}

// check_port and the default port tables agree with the scheme and the view.
void check_port_check(const run_state& rs, const urlkit::url_view& g,
                      std::optional<std::uint16_t> expected_default) {
  const std::string_view text = rs.text;
  const auto checked = urlkit::check_port(g);
  // The port digits, read here.
  std::optional<std::uint32_t> n = 0;
  for (char ch : g.port()) {
    if (ch < '0' || ch > '9' || *n * 10 + static_cast<std::uint32_t>(ch - '0') > 65535) {
      n.reset();
      break;
    }
    *n = *n * 10 + static_cast<std::uint32_t>(ch - '0');
  }
  if (!g.has_port() || g.port().empty()) n.reset();
  // Draft E.3: an empty port is the default one, not an invalid one.
  const bool invalid = g.has_port() && !g.port().empty() && !n.has_value();
  check(checked.has_value() == !invalid, text,
        "check_port fails exactly when the digits give no port number");
  if (!checked) {
    check(checked.error().code == urlkit::error_code::port_out_of_range, text,
          "check_port's error is port_out_of_range");
    return;
  }
  const urlkit::port_check& c = *checked;
  check(c.default_port == expected_default, text, "check_port's default is the scheme's");
  check(urlkit::default_port(g.scheme()) == expected_default, text,
        "default_port(scheme) is the scheme's (RFC 1738 3)");
  if (const auto* h = urlkit::scheme_registry::standard().find(g.scheme()))
    check(h->default_port() == expected_default, text,
          "the handler's default port is the scheme's");
  if (!g.has_port()) {
    check(!c.port && !c.non_default && !c.reserved && !c.unsafe(), text,
          "no explicit port: check_port has nothing to say");
    return;
  }
  check(n.has_value() == c.port.has_value() && (!n || *n == *c.port), text,
        "check_port's port is the port number", {{"port", g.port()}});
  const bool non_default = n && (!expected_default || *n != *expected_default);
  check(c.non_default == non_default, text, "check_port: non_default");
  check(c.reserved == (non_default && *n < 1024), text, "check_port: reserved");
  check(c.unsafe() == non_default, text, "check_port: unsafe()");
}

// RFC 1738 6: the display form replaces a password by "***" and keeps
// everything else as written.
void check_display(const run_state& rs, const urlkit::url_view& g) {
  const std::string_view text = rs.text;
  const std::string d = urlkit::display_form(g);
  if (!g.has_password()) {
    check(d == text, text, "display_form without a password is the URL", {{"display", d}});
    return;
  }
  const auto at = static_cast<std::size_t>(g.encoded_password().data() - g.buffer().data());
  const std::size_t end = at + g.encoded_password().size();
  const std::string expected =
      std::string(text.substr(0, at)) + "***" + std::string(text.substr(end));
  if (g.encoded_password().empty()) {
    check(d == text || d == expected, text, "display_form with an empty password",
          {{"display", d}});
    return;
  }
  check(d == expected, text, "display_form replaces the password by \"***\"",
        {{"display", d}, {"expected", expected}});
  // The "user:password@" part is masked: what follows the user's ":" is
  // "***@", not the password.
  check(at > 0 && d[at - 1] == ':' && d.compare(at, 4, "***@") == 0, text,
        "display_form masks user:password@", {{"display", d}});
}

// No message quotes the password (RFC 1738 6), when the password is long
// enough to tell and written nowhere else in the input.
void check_no_password_leak(const run_state& rs, std::string_view password, const char* which) {
  const std::string_view text = rs.text;
  if (password.size() < 4) return;
  const auto first = text.find(password);
  if (first == std::string_view::npos || text.find(password, first + 1) != std::string_view::npos)
    return;
  if (password.data() >= text.data() && password.data() <= text.data() + text.size() &&
      static_cast<std::size_t>(password.data() - text.data()) != first)
    return;
  // A message is built from the error's fields only: static text and the one
  // byte it names ("'|'", "0x0A", "%7C").  A password that matches that text
  // is no leak: the same message names another byte just as well.
  auto leaks = [&](const std::string& m, auto with_other_byte) {
    if (m.find(password) == std::string::npos) return false;
    if (with_other_byte().find(password) != std::string::npos) return false;  // static text
    return password.find_first_of("%'") == std::string_view::npos &&
           password.find("0x") == std::string_view::npos;
  };
  for (const urlkit::error& e : rs.errors) {
    const std::string m = e.message();
    if (leaks(m, [&] {
          urlkit::error o = e;
          o.byte = o.byte == 1 ? 2 : 1;
          return o.message();
        }))
      fail(text, "an error message quotes the password", {{which, password}, {"message", m}});
  }
  for (const urlkit::warning& w : rs.warnings) {
    const std::string m = w.message();
    if (leaks(m, [&] {
          urlkit::warning o = w;
          o.byte = o.byte == 1 ? 2 : 1;
          return o.message();
        }))
      fail(text, "a warning message quotes the password", {{which, password}, {"message", m}});
  }
}

// ---------------------------------------------------------------------------
// One check per scheme: the typed view against the generic one.  Each returns
// a summary of the decoded values, for comparing overloads and modes.

struct view_case {
  const run_state& rs;
  const urlkit::url_view& g;
  mode m;
};

std::string host_of(const urlkit::url_view& g) {
  return pct_decode(g.encoded_host());
}

// RFC 1738 6, draft 8: a host is written into protocol lines ("Host:",
// connect()); decoded, it holds no control octet that would end or cut one,
// nor a "/" or "@" that would name another server.
bool safe_host(std::string_view h) {
  for (const char ch : h) {
    const auto b = static_cast<unsigned char>(ch);
    if (b < 0x20 || b == 0x7f || b == '/' || b == '@') return false;
  }
  return true;
}

template <class View>
void check_safe_host(const view_case& c, const View& t) {
  check(safe_host(S(t.host())) && safe_host(S(t.connect_host())), c.rs.text,
        "host() and connect_host() hold no control octet, '/' or '@' (RFC 1738 6)");
}

void no_user_in_strict(const view_case& c) {
  if (c.m == mode::strict)
    check(!c.g.has_user(), c.rs.text, "strict: no user or password (production is hostport)");
}

std::string check_ftp(const view_case& c, const urlkit::ftp_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  check(S(t.user()).has_value() == g.has_user() &&
            (!S(t.user()) || *S(t.user()) == pct_decode(g.encoded_user())),
        text, "ftp user() is the decoded user");
  check(S(t.password()).has_value() == g.has_password() &&
            (!S(t.password()) || *S(t.password()) == pct_decode(g.encoded_password())),
        text, "ftp password() is the decoded password");
  check(!S(t.user()) || !has_crlf(*S(t.user())), text, "ftp user holds no CR or LF (USER line)");
  check(!S(t.password()) || !has_crlf(*S(t.password())), text,
        "ftp password holds no CR or LF (PASS line)");
  check(S(t.host()) == host_of(g), text, "ftp host() is the decoded host");
  check_safe_host(c, t);

  const std::string_view up = url_path(g);
  check(t.has_url_path() == (up.data() != nullptr), text, "ftp has_url_path() is the \"/\"");
  std::vector<std::string> cwd;
  std::string name;
  if (up.data() != nullptr) {
    const std::string_view fp = t.encoded_fpath();
    check(fp.data() == up.data() && fp.size() <= up.size(), text, "ftp fpath() starts the url-path",
          {{"fpath", fp}});
    check(fp.find(';') == std::string_view::npos, text, "ftp fpath() holds no \";\" (3.2.2)");
    const std::string_view rest = up.substr(fp.size());
    if (t.typecode()) {
      const char tc = *t.typecode();
      check(tc == 'a' || tc == 'i' || tc == 'd', text, "ftp typecode is a, i or d");
      check(rest.size() == 7 && iequals(rest.substr(0, 6), ";type=") && (rest[6] | 0x20) == tc,
            text, "ftp typecode is what \";type=\" says", {{"rest", rest}});
    } else if (c.m == mode::strict) {
      check(rest.empty(), text, "strict ftp: only \";type=\" follows the fpath", {{"rest", rest}});
    } else {
      check(rest.empty() || rest[0] == ';', text, "ftp: the fpath ends at a \";\"",
            {{"rest", rest}});
    }
    const auto segs = split(fp, '/');
    for (std::size_t i = 0; i + 1 < segs.size(); ++i) cwd.push_back(pct_decode(segs[i]));
    name = pct_decode(segs.back());
  } else {
    check(!t.typecode() && t.encoded_fpath().empty(), text,
          "ftp without url-path has no fpath, no type");
  }
  check(decoded_list(t.cwd()) == cwd, text, "ftp cwd() are the decoded <cwd> segments");
  check(S(t.name()) == name, text, "ftp name() is the decoded <name>", {{"name", S(t.name())}});
  check(t.cwd().size() == cwd.size(), text, "ftp cwd() has one element per <cwd>");
  check(pct_decode(t.encoded_name()) == name, text, "ftp encoded_name() decodes to name()");
  check(t.encoded_user().has_value() == g.has_user() &&
            (!g.has_user() || same_slice(*t.encoded_user(), g.encoded_user())) &&
            t.encoded_password().has_value() == g.has_password() &&
            (!g.has_password() || same_slice(*t.encoded_password(), g.encoded_password())),
        text, "ftp encoded_user()/encoded_password() are the generic ones");

  // The command plan of 3.2.2, as ftp.hpp documents it.
  std::vector<urlkit::ftp_command> plan;
  for (const auto& d : cwd) plan.push_back({"CWD", d, true});
  const char tc = t.typecode().value_or(0);
  if (tc == 'd') {
    plan.push_back({"NLST", name, !name.empty()});
  } else if (tc == 0 && name.empty()) {
    plan.push_back({"NLST", {}, false});
  } else {
    if (tc) plan.push_back({"TYPE", tc == 'a' ? "A" : "I", true});
    plan.push_back({"RETR", name, true});
  }
  const auto got = t.plan();
  check(got == plan, text, "ftp plan() is the command plan of 3.2.2");
  for (const auto& cmd : got) {
    const std::string line = cmd.to_string();
    check(line == (cmd.has_argument ? cmd.verb + " " + cmd.argument : cmd.verb), text,
          "ftp_command::to_string() is verb [SP argument]", {{"line", line}});
    check(!has_crlf(line), text, "an FTP command line holds no CR or LF (RFC 1738 6)",
          {{"line", line}});
  }
  check_port(c.rs, {"ftp", 21}, t.effective_port(), t.has_explicit_port(), g);

  std::string s;
  put_opt(s, "user", S(t.user()));
  put_opt(s, "password", S(t.password()));
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  for (const auto& cmd : got) put(s, cmd.verb, cmd.to_string());
  return s;
}

std::string check_http(const view_case& c, const urlkit::http_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  no_user_in_strict(c);
  check(S(t.host()) == host_of(g), text, "http host() is the decoded host");
  check_safe_host(c, t);
  const std::string_view up = url_path(g);
  // Lenient mode: a ";" or "?" right after the host ended the server; the
  // hpath (from the ";") and the search follow without the "/".
  const bool after_host =
      up.data() == nullptr && g.has_server() && (g.has_params() || g.has_query());
  check(t.has_hpath() == (up.data() != nullptr || (after_host && g.has_params())), text,
        "http has_hpath() is the \"/\" (or the params right after the host)");
  std::vector<std::string> segs;
  if (after_host) {
    if (g.has_params()) {
      check(same_slice(t.encoded_hpath(), std::string_view(g.encoded_params().data() - 1,
                                                           g.encoded_params().size() + 1)),
            text, "http hpath() after the host is the \";\" params", {{"path", t.encoded_hpath()}});
      for (auto seg : split(t.encoded_hpath(), '/')) segs.push_back(pct_decode(seg));
    }
    check(t.has_search() == g.has_query() &&
              (!g.has_query() || same_slice(t.encoded_search(), g.encoded_query())),
          text, "http search() right after the host is the query");
  } else if (t.has_hpath()) {
    check(t.encoded_hpath().data() == up.data() &&
              t.encoded_hpath().find('?') == std::string_view::npos,
          text, "http hpath() starts the url-path and holds no \"?\"",
          {{"path", t.encoded_hpath()}});
    if (t.has_search()) {
      check(t.encoded_hpath().size() < up.size() && up[t.encoded_hpath().size()] == '?' &&
                same_slice(t.encoded_search(), up.substr(t.encoded_hpath().size() + 1)),
            text, "http search() is the url-path after the first \"?\"");
    } else {
      check(t.encoded_hpath().size() == up.size(), text,
            "http hpath() without search is the url-path");
    }
    for (auto seg : split(t.encoded_hpath(), '/')) segs.push_back(pct_decode(seg));
  } else {
    check(!t.has_search() && t.encoded_hpath().empty(), text,
          "http without \"/\" has no path or search");
  }
  // The rule for every path (segments.hpp): an empty hpath has no segments.
  if (t.encoded_hpath().empty()) segs.clear();
  check(decoded_list(t.hsegments()) == segs && t.hsegments().size() == segs.size(), text,
        "http segments() are the decoded hsegments");
  check(S(t.hpath()) == pct_decode(t.encoded_hpath()), text, "http hpath() is the decoded hpath");
  check(S(t.search()) == pct_decode(t.encoded_search()), text,
        "http search() is the decoded search");
  const std::string target = t.request_target();
  std::string expected = "/" + std::string(t.encoded_hpath());
  if (t.has_search()) expected += "?" + std::string(t.encoded_search());
  check(target == expected, text, "http request_target() is \"/\" hpath [\"?\" search]",
        {{"target", target}});
  for (char ch : target)
    check(static_cast<unsigned char>(ch) > 0x20 && ch != 0x7f, text,
          "http request_target() holds no space or control (HTTP request line)",
          {{"target", target}});
  check_port(c.rs, {"http", 80}, t.effective_port(), t.has_explicit_port(), g);

  std::string s;
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  put(s, "target", target);
  put_opt(s, "search", t.has_search() ? std::optional<std::string>(S(t.search())) : std::nullopt);
  return s;
}

std::string check_gopher(const view_case& c, const urlkit::gopher_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  no_user_in_strict(c);
  check(S(t.host()) == host_of(g), text, "gopher host() is the decoded host");
  check_safe_host(c, t);
  const std::string_view up = url_path(g);
  check(same_slice(t.encoded_gopher_path(), up), text, "gopher gopher_path() is the url-path",
        {{"gopher_path", t.encoded_gopher_path()}});
  check(S(t.gopher_path()) == pct_decode(up), text,
        "gopher gopher_path() decodes encoded_gopher_path()");
  // 3.4: gophertype (one xchar), selector up to "%09", search up to the next
  // "%09", gopher+ string the rest.
  char type = '1';
  std::string selector;
  std::optional<std::string> search, plus;
  if (!up.empty()) {
    const std::size_t glen = escape_at(up, 0) ? 3 : 1;
    type = pct_decode(up.substr(0, glen))[0];
    std::string_view rest = up.substr(glen);
    const auto i = rest.find("%09");
    selector = pct_decode(rest.substr(0, i));
    if (i != std::string_view::npos) {
      rest.remove_prefix(i + 3);
      const auto j = rest.find("%09");
      search = pct_decode(rest.substr(0, j));
      if (j != std::string_view::npos) plus = pct_decode(rest.substr(j + 3));
    }
  }
  check(t.gopher_type() == type, text, "gopher_type() is the decoded first xchar, else '1'");
  check(type != '\t' && type != '\r' && type != '\n', text, "the gopher type is not TAB, CR or LF");
  check(S(t.selector()) == selector, text, "gopher selector() is the decoded selector",
        {{"selector", S(t.selector())}});
  check(S(t.search()) == search, text, "gopher search() is the decoded search");
  check(S(t.gopher_plus()) == plus, text, "gopher gopher_plus() is the decoded gopher+ string");
  auto decoded_opt = [](std::optional<std::string_view> raw) {
    return raw ? std::optional<std::string>(pct_decode(*raw)) : std::nullopt;
  };
  check(pct_decode(t.encoded_selector()) == selector && decoded_opt(t.encoded_search()) == search &&
            decoded_opt(t.encoded_gopher_plus()) == plus,
        text, "gopher's encoded parts decode to the decoded ones");
  check(selector.find_first_of("\t\r\n") == std::string::npos, text,
        "the gopher selector holds no TAB, CR or LF (3.4)", {{"selector", selector}});
  check(!search || search->find_first_of("\t\r\n") == std::string::npos, text,
        "the gopher search holds no TAB, CR or LF (3.4)");
  // The request line: CR and LF only in the gopher+ string and the final CRLF.
  std::string line = selector;
  if (search) {
    line += '\t' + *search;
    if (plus) line += '\t' + *plus;
  }
  const std::size_t head = search ? selector.size() + 1 + search->size() : selector.size();
  if (!(search && plus && plus->ends_with("\r\n"))) line += "\r\n";
  const std::string got = t.request_line();
  check(got == line, text, "gopher request_line() is selector [TAB search [TAB +]] CRLF",
        {{"request_line", got}, {"expected", line}});
  check(got.ends_with("\r\n"), text, "the gopher request line ends in CRLF");
  check(!has_crlf(std::string_view(got).substr(0, head)), text,
        "no CR or LF before the gopher+ string of the request line", {{"request_line", got}});
  check_port(c.rs, {"gopher", 70}, t.effective_port(), t.has_explicit_port(), g);

  std::string s(1, type);
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  put(s, "line", got);
  put_opt(s, "search", search);
  put_opt(s, "plus", plus);
  return s;
}

std::string check_mailto(const view_case& c, const urlkit::mailto_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  const std::string_view part = scheme_part(g);
  if (c.m == mode::strict) {
    check(same_slice(t.encoded_address(), part) && same_slice(t.encoded_to(), part), text,
          "strict mailto raw_address() is the scheme-specific part (3.5: no reserved characters)",
          {{"raw_address", t.encoded_address()}});
    check(!S(t.address()).empty(), text, "strict mailto address is non-empty");
    check(t.headers().empty(), text, "strict mailto has no header fields");
  } else {
    // RFC 6068 2: the to-part runs to the first "?"; the first address is in it.
    check(same_slice(t.encoded_to(), part.substr(0, part.find('?'))), text,
          "lenient mailto encoded_to() is the scheme-specific part up to the first \"?\"",
          {{"encoded_to", t.encoded_to()}});
    check(t.encoded_address().data() >= t.encoded_to().data() &&
              t.encoded_address().data() + t.encoded_address().size() <=
                  t.encoded_to().data() + t.encoded_to().size() &&
              t.encoded_address().find(',') == std::string_view::npos,
          text, "lenient mailto raw_address() is an address of the to-part",
          {{"raw_address", t.encoded_address()}});
  }
  check(S(t.address()) == pct_decode(t.encoded_address()), text, "mailto address() is the decoding",
        {{"address", S(t.address())}});
  const auto to = decoded_list(t.to());
  // Strict mode: RFC 1738's one address.  Lenient mode: RFC 6068 2's to-part
  // is optional, and a URL may name no one yet ("mailto:?subject=hi").
  check(!to.empty() || c.m == mode::lenient, text,
        "a strict mailto URL has an address to write to");
  check(!to.empty() || t.encoded_to().find_first_not_of(',') == std::string_view::npos, text,
        "a mailto URL without addresses has none in its to-part");
  for (const auto& a : to)
    check(!a.empty() && !has_crlf(a), text,
          "each mailto address is non-empty and holds no CR or LF (SMTP line)");
  for (const urlkit::query_param_view h : t.headers())
    check(!has_crlf(h.name()) && (iequals(S(h.name()), "body") || !has_crlf(h.value())), text,
          "no mailto header field but body holds a CR or LF (header injection)");
  if (c.m == mode::strict) check(t.is_addr_spec(), text, "strict mailto: an RFC 822 addr-spec");
  if (t.is_addr_spec()) {
    const auto lp = S(t.local_part()), dom = S(t.domain());
    check(lp.size() + 1 + dom.size() == S(t.address()).size() && S(t.address())[lp.size()] == '@' &&
              S(t.address()).compare(0, lp.size(), lp) == 0 &&
              S(t.address()).compare(lp.size() + 1, dom.size(), dom) == 0,
          text, "mailto local_part() \"@\" domain() is the address");
  } else {
    check(S(t.local_part()).empty() && S(t.domain()).empty(), text,
          "mailto without addr-spec: no local part, no domain");
  }
  check(pct_decode(t.encoded_local_part()) == S(t.local_part()) &&
            pct_decode(t.encoded_domain()) == S(t.domain()),
        text, "mailto encoded_local_part()/encoded_domain() decode to the decoded ones");
  std::string s;
  put(s, "address", S(t.address()));
  put(s, "local", S(t.local_part()));
  put(s, "domain", S(t.domain()));
  return s;
}

std::string check_news(const view_case& c, const urlkit::news_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  check(!g.has_server(), text, "a news URL has no \"//<host>\"");
  check(same_slice(t.encoded_grouppart(), scheme_part(g)) && !t.encoded_grouppart().empty(), text,
        "news grouppart() is the non-empty scheme-specific part");
  const std::string decoded = pct_decode(t.encoded_grouppart());
  check(S(t.grouppart()) == decoded, text, "news grouppart() is the decoded grouppart");
  // encoded_group() and encoded_message_id() are the grouppart, whichever it is.
  check(same_slice(
            t.kind() == urlkit::news_kind::article ? t.encoded_message_id() : t.encoded_group(),
            t.encoded_grouppart()) &&
            S(t.group()) == pct_decode(t.encoded_group()) &&
            S(t.message_id()) == pct_decode(t.encoded_message_id()),
        text, "news: group() and message_id() decode encoded_group() and encoded_message_id()");
  switch (t.kind()) {
    case urlkit::news_kind::all:
      check(S(t.group()) == "*" && S(t.message_id()).empty() && decoded == "*", text,
            "news:* is all groups");
      break;
    case urlkit::news_kind::group:
      check(S(t.group()) == decoded && S(t.message_id()).empty(), text,
            "a news group is the decoded grouppart", {{"group", S(t.group())}});
      check(t.encoded_grouppart().find('@') == std::string_view::npos, text,
            "a news group has no \"@\"");
      break;
    case urlkit::news_kind::article:
      check(S(t.message_id()) == decoded && S(t.group()).empty(), text,
            "a news message-id is the decoded grouppart", {{"message_id", S(t.message_id())}});
      check(t.encoded_grouppart().find('@') != std::string_view::npos, text,
            "a news message-id has an \"@\" (3.6)");
      if (c.m == mode::strict) {
        // article = 1*[ ... ] "@" host: all of what follows the last "@" is
        // a host, as the generic strict parse reads one.
        const std::string_view host =
            t.encoded_grouppart().substr(t.encoded_grouppart().rfind('@') + 1);
        const std::string probe = "x://" + std::string(host);
        const auto h = urlkit::parse_absolute(probe, mode::strict);
        check(h && h->encoded_host() == host && !h->has_port() && h->encoded_path().empty() &&
                  !h->absolute_path() && !h->has_query() && !h->has_params(),
              text, "strict news: the message-id's domain is a host (RFC 1738 5)",
              {{"host", host}});
      }
      break;
  }
  check(!has_crlf(S(t.group())) && !has_crlf(S(t.message_id())), text,
        "a news group or message-id holds no CR or LF (NNTP line)");
  std::string s(urlkit::to_string(t.kind()));
  put(s, "group", S(t.group()));
  put(s, "id", S(t.message_id()));
  return s;
}

std::string check_nntp(const view_case& c, const urlkit::nntp_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  no_user_in_strict(c);
  check(S(t.host()) == host_of(g), text, "nntp host() is the decoded host");
  check_safe_host(c, t);
  const std::string_view up = url_path(g);
  check(up.data() != nullptr, text, "an nntp URL has a url-path");
  const std::string_view raw = t.encoded_group();
  check(raw.data() == up.data() && raw.size() <= up.size() &&
            raw.find('/') == std::string_view::npos && !raw.empty(),
        text, "nntp raw_group() is the url-path up to its first \"/\"", {{"raw_group", raw}});
  check(S(t.group()) == pct_decode(raw) && !has_crlf(S(t.group())), text,
        "nntp group() is the decoded group, without CR or LF", {{"group", S(t.group())}});
  const std::string_view tail = up.substr(raw.size());
  if (t.article()) {
    check(tail.size() >= 2 && tail[0] == '/', text, "an nntp article follows a \"/\"");
    // At most 2^63 - 1 (nntp.hpp): read here without overflowing.
    std::uint64_t n = 0;
    for (char ch : tail.substr(1)) {
      check(ch >= '0' && ch <= '9', text, "an nntp article number is digits", {{"tail", tail}});
      check(
          n <= (static_cast<std::uint64_t>(INT64_MAX) - static_cast<std::uint64_t>(ch - '0')) / 10,
          text, "an nntp article number is at most 2^63 - 1", {{"tail", tail}});
      n = n * 10 + static_cast<std::uint64_t>(ch - '0');
    }
    check(*t.article() >= 0 && static_cast<std::uint64_t>(*t.article()) == n, text,
          "nntp article() is the number written");
  } else {
    check(tail.empty() || (tail == "/" && c.m == mode::lenient), text,
          "nntp without article: nothing after the group", {{"tail", tail}});
  }
  check_port(c.rs, {"nntp", 119}, t.effective_port(), t.has_explicit_port(), g);
  std::string s;
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  put(s, "group", S(t.group()));
  s += std::to_string(t.article().value_or(-1));
  return s;
}

std::string check_telnet(const view_case& c, const urlkit::telnet_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  check(S(t.user()).has_value() == g.has_user() &&
            (!S(t.user()) || *S(t.user()) == pct_decode(g.encoded_user())),
        text, "telnet user() is the decoded user");
  check(S(t.password()).has_value() == g.has_password() &&
            (!S(t.password()) || *S(t.password()) == pct_decode(g.encoded_password())),
        text, "telnet password() is the decoded password");
  check(!S(t.user()) || !has_crlf(*S(t.user())), text,
        "the telnet user holds no CR or LF (draft 8)");
  check(!S(t.password()) || !has_crlf(*S(t.password())), text,
        "the telnet password holds no CR or LF (draft 8)");
  check(S(t.host()) == host_of(g), text, "telnet host() is the decoded host");
  check_safe_host(c, t);
  check(t.encoded_user().has_value() == g.has_user() &&
            (!g.has_user() || same_slice(*t.encoded_user(), g.encoded_user())) &&
            t.encoded_password().has_value() == g.has_password() &&
            (!g.has_password() || same_slice(*t.encoded_password(), g.encoded_password())),
        text, "telnet encoded_user()/encoded_password() are the generic ones");
  const auto server_end = static_cast<std::size_t>(g.encoded_server().data() - g.buffer().data()) +
                          g.encoded_server().size();
  const bool slash = server_end < url_end(g) && text[server_end] == '/';
  check(t.has_final_slash() == slash, text, "telnet has_final_slash() is the \"/\"");
  if (c.m == mode::strict)
    check(url_end(g) == server_end + (slash ? 1 : 0), text,
          "strict telnet: nothing after the final \"/\" (3.8)");
  check_port(c.rs, {"telnet", 23}, t.effective_port(), t.has_explicit_port(), g);
  std::string s;
  put_opt(s, "user", S(t.user()));
  put_opt(s, "password", S(t.password()));
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|' + (slash ? "/" : "");
  return s;
}

std::string check_wais(const view_case& c, const urlkit::wais_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  no_user_in_strict(c);
  check(S(t.host()) == host_of(g), text, "wais host() is the decoded host");
  check_safe_host(c, t);
  const std::string_view up = url_path(g);
  std::string database;
  std::optional<std::string> search, wtype, wpath;
  if (up.data() != nullptr) {
    // "/" database, then "?" search or "/" wtype "/" wpath (3.9).
    const auto i = up.find_first_of("?/");
    database = pct_decode(up.substr(0, i));
    if (i != std::string_view::npos) {
      const std::string_view rest = up.substr(i + 1);
      if (up[i] == '?') {
        search = pct_decode(rest);
      } else {
        const auto j = rest.find('/');
        wtype = pct_decode(rest.substr(0, j));
        wpath = j == std::string_view::npos ? std::string() : pct_decode(rest.substr(j + 1));
        if (c.m == mode::strict)
          check(j != std::string_view::npos, text, "strict wais: \"/\" wtype \"/\" wpath");
      }
    }
  } else {
    check(c.m == mode::lenient, text, "strict wais: \"/\" database expected");
  }
  check(S(t.database()) == database, text, "wais database() is the decoded database");
  check(S(t.search()) == search, text, "wais search() is the decoded search");
  check(S(t.wtype()) == wtype && S(t.wpath()) == wpath, text, "wais wtype()/wpath() are decoded");
  auto decoded_opt = [](std::optional<std::string_view> raw) {
    return raw ? std::optional<std::string>(pct_decode(*raw)) : std::nullopt;
  };
  check(pct_decode(t.encoded_database()) == database && decoded_opt(t.encoded_search()) == search &&
            decoded_opt(t.encoded_wtype()) == wtype && decoded_opt(t.encoded_wpath()) == wpath,
        text, "wais's encoded parts decode to the decoded ones");
  const auto k = t.kind();
  check(k == (search  ? urlkit::wais_view::form::search
              : wtype ? urlkit::wais_view::form::document
                      : urlkit::wais_view::form::database),
        text, "wais kind() follows the parts present");
  check_port(c.rs, {"wais", 210}, t.effective_port(), t.has_explicit_port(), g);
  std::string s;
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  put(s, "db", database);
  put_opt(s, "search", search);
  put_opt(s, "wtype", wtype);
  put_opt(s, "wpath", wpath);
  return s;
}

std::string check_file(const view_case& c, const urlkit::file_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  const std::string host = S(t.host());
  check(host == host_of(g) && same_slice(t.encoded_host(), g.encoded_host()), text,
        "file host() is the decoded host, empty without \"//\"");
  check(safe_host(host), text, "file host() holds no control octet, '/' or '@' (RFC 1738 6)");
  if (c.m == mode::strict)
    check(g.has_server() && !g.has_user() && !g.has_port(), text,
          "strict file: \"//\" [host] and no login or port");
  const bool local = host.empty() || iequals(host, "localhost");
  check(t.is_local() == local, text, "file is_local(): no host, \"\" or localhost (3.10)");
  std::string_view fp;
  if (g.absolute_path()) {
    fp = text.substr(static_cast<std::size_t>(g.encoded_path().data() - text.data()));
    fp = fp.substr(0, url_end(g) - static_cast<std::size_t>(g.encoded_path().data() - text.data()));
    check(same_slice(t.encoded_fpath(), fp), text, "file fpath() is the path after the \"/\"",
          {{"fpath", t.encoded_fpath()}});
  } else {
    check(t.encoded_fpath().empty() && g.has_server() && c.m == mode::lenient, text,
          "file without \"/\": lenient \"file://host\" only");
    fp = t.encoded_fpath();
  }
  const std::string path = "/" + pct_decode(fp);
  check("/" + S(t.fpath()) == path, text, "file path() is the decoded fpath",
        {{"path", S(t.fpath())}});
  bool slash = false;
  for (std::size_t i = 0; i + 2 < fp.size(); ++i)
    slash |= fp[i] == '%' && fp[i + 1] == '2' && (fp[i + 2] | 0x20) == 'f';
  const bool nul = path.find('\0') != std::string::npos;
  const auto lp = t.local_path();
  if (!local || nul || slash)
    check(!lp, text, "file local_path(): an error for another host, %00 or %2F");
  else
    check(lp && *lp == path, text, "file local_path() is path()");
  std::string s;
  put_opt(s, "host", g.has_server() ? std::optional(host) : std::nullopt);
  put(s, "path", path);
  s += local ? "L" : "R";
  return s;
}

std::string check_prospero(const view_case& c, const urlkit::prospero_view& t) {
  const std::string_view text = c.rs.text;
  const urlkit::url_view& g = c.g;
  no_user_in_strict(c);
  check(S(t.host()) == host_of(g), text, "prospero host() is the decoded host");
  check_safe_host(c, t);
  const std::string_view up = url_path(g);
  std::vector<std::pair<std::string, std::string>> fields;
  std::string hsoname;
  if (up.data() != nullptr) {
    const std::string_view pp = t.encoded_hsoname();
    check(
        pp.data() == up.data() && pp.size() <= up.size() && pp.find(';') == std::string_view::npos,
        text, "prospero ppath() is the url-path up to its first \";\"", {{"ppath", pp}});
    hsoname = pct_decode(pp);
    std::string_view rest = up.substr(pp.size());
    check(rest.empty() || rest[0] == ';', text, "prospero fields start with \";\"");
    if (!rest.empty()) {
      rest.remove_prefix(1);
      for (auto spec : split(rest, ';')) {
        const auto eq = spec.find('=');
        check(eq != std::string_view::npos || c.m == mode::lenient, text,
              "strict prospero: every fieldspec has \"=\"");
        fields.push_back({pct_decode(spec.substr(0, eq)), eq == std::string_view::npos
                                                              ? std::string()
                                                              : pct_decode(spec.substr(eq + 1))});
      }
    }
  } else {
    check(c.m == mode::lenient && t.encoded_hsoname().empty(), text,
          "strict prospero: \"/\" hsoname");
  }
  check(S(t.hsoname()) == hsoname, text, "prospero hsoname() is the decoded ppath",
        {{"hsoname", S(t.hsoname())}});
  std::vector<std::pair<std::string, std::string>> from_specs;
  for (urlkit::prospero_fieldspec f : t.fieldspecs())
    from_specs.emplace_back(S(f.name()), S(f.value()));
  check(from_specs == fields && t.fieldspecs().size() == fields.size(), text,
        "prospero fieldspecs() are the decoded fieldspecs");
  auto clean = [](std::string_view v) {
    return v.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos;
  };
  check(clean(S(t.hsoname())), text, "the prospero hsoname holds no CR, LF or NUL");
  std::string s;
  put(s, "host", S(t.host()));
  s += std::to_string(t.effective_port()) + '|';
  put(s, "hsoname", hsoname);
  for (const auto& [name, value] : from_specs) {
    check(clean(name) && clean(value), text, "a prospero field holds no CR, LF or NUL");
    put(s, name, value);
  }
  check_port(c.rs, {"prospero", 1525}, t.effective_port(), t.has_explicit_port(), g);
  return s;
}

// ---------------------------------------------------------------------------
// One scheme, both modes, both overloads, the registry.

template <class ParseView, class ParseString, class Check>
void run_scheme(run_state& rs, const scheme_info& s, bool excluded, ParseView parse_view,
                ParseString parse_string, Check check_view) {
  const std::string_view text = rs.text;
  struct outcome {
    bool ok = false;
    std::string summary;
    std::size_t warnings = 0;  // generic and scheme
  };
  outcome out[2];
  const urlkit::scheme_registry& registry = urlkit::scheme_registry::standard();

  for (int mi = 0; mi < 2; ++mi) {
    const mode m = mi == 0 ? mode::lenient : mode::strict;
    std::vector<urlkit::warning> wg, wt, ws;
    auto sink_g = [&wg](const urlkit::warning& w) { wg.push_back(w); };
    auto sink_t = [&wt](const urlkit::warning& w) { wt.push_back(w); };
    auto sink_s = [&ws](const urlkit::warning& w) { ws.push_back(w); };

    urlkit::parse_options po;
    po.mode = m;
    po.on_warning = urlkit::make_warning_sink(sink_g);
    const auto g = urlkit::parse_absolute(text, po);
    urlkit::scheme_options so;
    so.mode = m;
    so.on_warning = urlkit::make_warning_sink(sink_t);
    urlkit::scheme_options so_s;
    so_s.mode = m;
    so_s.on_warning = urlkit::make_warning_sink(sink_s);

    const auto ts = parse_string(text, so_s);
    if (!g) {
      check_error(rs, g.error(), "generic parse failure");
      if (ts) fail(text, "a typed view succeeds only where the generic parse does");
      check(ts.error() == g.error(), text,
            "the string overload fails with the generic parse's error",
            {{"typed", ts.error().to_string()}, {"generic", g.error().to_string()}});
      check_warnings(rs, wg, m, "generic parse warnings", false);
      continue;
    }
    check(g->scheme_is(s.name), text, "the generic scheme is the one picked");
    check_port_check(rs, *g, s.port);
    check_display(rs, *g);

    const auto tv = parse_view(*g, so);
    check_warnings(rs, wg, m, "generic parse warnings", false);
    check_warnings(rs, wt, m, "typed view warnings");
    // The string overload: the generic parse, then the typed view, all
    // warnings to its one sink.
    std::vector<urlkit::warning> both = wg;
    both.insert(both.end(), wt.begin(), wt.end());
    check(ws == both, text, "the string overload warns as the generic parse and the view do");
    check(ts.has_value() == tv.has_value(), text, "the two parse overloads agree");

    // The registry's check accepts exactly what the typed view accepts.
    urlkit::scheme_options sd;
    sd.mode = m;
    const auto d = registry.check(*g, sd);
    check(d.has_value() == tv.has_value(), text, "registry check() agrees with the typed view");

    if (!tv) {
      check_error(rs, tv.error(), "typed view failure");
      check(ts.error() == tv.error(), text, "the two overloads fail alike",
            {{"view", tv.error().to_string()}, {"string", ts.error().to_string()}});
      check(d.error() == tv.error(), text, "registry check() fails as the typed view does",
            {{"check", d.error().to_string()}, {"typed", tv.error().to_string()}});
      continue;
    }
    // The generic parse of the same text, as a reference (draft 4.2).
    const auto r = urlkit::parse_reference(text, m);
    check(r && same_components(*r, *g), text, "parse_reference agrees with parse_absolute");
    check_common(rs, s, tv->url(), *g);
    check_common(rs, s, ts->url(), *g);
    check(ts->url().buffer().data() == text.data(), text,
          "the string overload views the caller's string");
    check(same_slice(tv->buffer(), g->buffer()) && same_slice(ts->buffer(), ts->url().buffer()),
          text, "a typed view's buffer() is its url().buffer()");
    const view_case vc{rs, *g, m};
    out[mi].ok = true;
    out[mi].summary = check_view(vc, *tv);
    out[mi].warnings = wg.size() + wt.size();
    const std::string s2 = check_view(vc, *ts);
    check(s2 == out[mi].summary, text, "the two overloads give the same values",
          {{"view", out[mi].summary}, {"string", s2}});
  }

  // Strict accepts exactly what lenient accepts without a warning, with the
  // same values (scheme.hpp, scheme_options).  Except a mailto URL with a "?"
  // or ",": strict mode reads one RFC 1738 address there, lenient mode RFC
  // 6068's list and header fields (docs/schemes/mailto.md), with a warning.
  const bool mailto_6068 =
      s.name == std::string_view("mailto") &&
      text.substr(0, text.find('#')).find_first_of("?,") != std::string_view::npos;
  if (mailto_6068) {
    check(!out[0].ok || out[0].warnings > 0, text,
          "lenient mode warns about a mailto URL read as RFC 6068's");
  } else if (out[1].ok) {
    check(out[0].ok, text, "strict typed success implies lenient typed success");
    check(out[0].summary == out[1].summary, text, "strict and lenient give the same values",
          {{"lenient", out[0].summary}, {"strict", out[1].summary}});
    check(out[0].warnings == 0, text, "lenient warns about nothing strict accepts");
  } else if (out[0].ok && out[0].warnings == 0) {
    fail(text, "lenient typed success without warnings implies strict success");
  }

  // A generic parse that took excluded characters as data (parse_options::
  // accept_excluded): whatever the typed view accepts of it obeys the same
  // rules, above all no CR or LF on a protocol line.
  if (excluded) {
    std::vector<urlkit::warning> wg, wt;
    auto sink_g = [&wg](const urlkit::warning& w) { wg.push_back(w); };
    auto sink_t = [&wt](const urlkit::warning& w) { wt.push_back(w); };
    urlkit::parse_options po;
    po.accept_excluded = true;
    po.on_warning = urlkit::make_warning_sink(sink_g);
    const auto g = urlkit::parse_absolute(text, po);
    if (!g) {
      check_error(rs, g.error(), "generic parse failure (accept_excluded)");
    } else {
      urlkit::scheme_options so;
      so.on_warning = urlkit::make_warning_sink(sink_t);
      const auto tv = parse_view(*g, so);
      check_warnings(rs, wg, mode::lenient, "generic warnings (accept_excluded)", false);
      check_warnings(rs, wt, mode::lenient, "typed view warnings (accept_excluded)");
      check_display(rs, *g);
      if (tv) {
        check_common(rs, s, tv->url(), *g);
        const std::string sx = check_view(view_case{rs, *g, mode::lenient}, *tv);
        if (out[0].ok)
          check(sx == out[0].summary, text, "accept_excluded does not change the values",
                {{"lenient", out[0].summary}, {"excluded", sx}});
      } else {
        check_error(rs, tv.error(), "typed view failure (accept_excluded)");
      }
    }
  }
}

constexpr scheme_info schemes[] = {
    {"ftp", 21},   {"http", 80},   {"gopher", 70}, {"mailto", std::nullopt}, {"news", std::nullopt},
    {"nntp", 119}, {"telnet", 23}, {"wais", 210},  {"file", std::nullopt},   {"prospero", 1525},
};
constexpr std::size_t scheme_count = sizeof schemes / sizeof schemes[0];

// parse_NAME is an overload set, which cannot be passed as it is: one lambda
// per overload.
#define URLKIT_FUZZ_RUN(NAME)                                          \
  run_scheme(                                                          \
      rs, s, excluded,                                                 \
      [](const urlkit::url_view& u, const urlkit::scheme_options& o) { \
        return urlkit::parse_##NAME(u, o);                             \
      },                                                               \
      [](std::string_view t, const urlkit::scheme_options& o) {        \
        return urlkit::parse_##NAME(t, o);                             \
      },                                                               \
      [](const view_case& c, const auto& v) { return check_##NAME(c, v); })

void run_index(run_state& rs, std::size_t i, bool excluded) {
  const scheme_info& s = schemes[i];
  switch (i) {
    case 0:
      URLKIT_FUZZ_RUN(ftp);
      break;
    case 1:
      URLKIT_FUZZ_RUN(http);
      break;
    case 2:
      URLKIT_FUZZ_RUN(gopher);
      break;
    case 3:
      URLKIT_FUZZ_RUN(mailto);
      break;
    case 4:
      URLKIT_FUZZ_RUN(news);
      break;
    case 5:
      URLKIT_FUZZ_RUN(nntp);
      break;
    case 6:
      URLKIT_FUZZ_RUN(telnet);
      break;
    case 7:
      URLKIT_FUZZ_RUN(wais);
      break;
    case 8:
      URLKIT_FUZZ_RUN(file);
      break;
    case 9:
      URLKIT_FUZZ_RUN(prospero);
      break;
    default:
      break;
  }
}

#undef URLKIT_FUZZ_RUN

// The passwords this input holds, checked against every message it produced.
void check_leaks(run_state& rs) {
  const auto g = urlkit::parse_absolute(rs.text, urlkit::parse_options{});
  if (!g || !g->has_password()) return;
  check_no_password_leak(rs, g->encoded_password(), "password");
  const std::string decoded = pct_decode(g->encoded_password());
  if (decoded != g->encoded_password()) check_no_password_leak(rs, decoded, "decoded password");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned pick = data[0] & 0x0f;
  const bool excluded = (data[0] & 0x20) != 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);

  std::string text;
  std::size_t index = scheme_count;
  if (pick < scheme_count) {
    index = pick;
    text = schemes[index].name;
    for (std::size_t i = 0; i < text.size(); ++i)
      if ((data[0] & 0x10) != 0 || ((data[0] & 0x40) != 0 && i == 0))
        text[i] = static_cast<char>(text[i] - 'a' + 'A');
    text += ':';
    text += rest;
  } else {
    // Dispatch on the scheme name the input spells (RFC 1738 2.1: any case).
    text = rest;
  }
  run_state rs;
  rs.text = text;

  if (index == scheme_count) {
    const urlkit::scheme_registry& registry = urlkit::scheme_registry::standard();
    const auto g = urlkit::parse_absolute(text, urlkit::parse_options{});
    if (!g) {
      check_error(rs, g.error(), "generic parse failure");
      return 0;
    }
    check_display(rs, *g);
    for (std::size_t i = 0; i < scheme_count; ++i)
      if (g->scheme_is(schemes[i].name)) index = i;
    if (index == scheme_count) {
      // Another scheme: the registry knows it (data; https, ws and wss, which
      // are http's syntax and fuzzed as http) or has nothing to refuse.
      const urlkit::scheme_handler* h = registry.find(g->scheme());
      check(!h || iequals(h->name(), "data") || iequals(h->name(), "https") ||
                iequals(h->name(), "ws") || iequals(h->name(), "wss"),
            text, "the registry finds only the standard schemes");
      if (!h) {
        check(registry.check(*g).has_value(), text, "an unknown scheme's check succeeds");
        // No handler, but the port table may still know its default (ftps
        // 990): check_port reads the table, not the registry.
        std::optional<std::uint16_t> table_port;
        for (const auto& e : urlkit::scheme_ports)
          if (iequals(e.scheme, g->scheme())) table_port = e.port;
        check_port_check(rs, *g, table_port);
      }
      // A typed view of another scheme's URL is refused (support.hpp's wrong_scheme).
      auto refused = [&](const auto& r, const char* name) {
        check(!r && r.error().code == urlkit::error_code::scheme_syntax &&
                  r.error().rule == urlkit::rule::scheme && r.error().production != nullptr,
              text, "a typed view of another scheme is a scheme_syntax error", {{"view", name}});
      };
      refused(urlkit::parse_ftp(*g), "ftp");
      // http_view also reads https, ws and wss: parse_http is then no
      // refusal of another scheme, and its verdict is the registry's.
      const bool http_like = h != nullptr && !iequals(h->name(), "data");
      if (http_like)
        check(urlkit::parse_http(*g).has_value() == registry.check(*g).has_value(), text,
              "parse_http and the registry agree on https, ws and wss");
      else
        refused(urlkit::parse_http(*g), "http");
      refused(urlkit::parse_gopher(*g), "gopher");
      refused(urlkit::parse_mailto(*g), "mailto");
      refused(urlkit::parse_news(*g), "news");
      refused(urlkit::parse_nntp(*g), "nntp");
      refused(urlkit::parse_telnet(*g), "telnet");
      refused(urlkit::parse_wais(*g), "wais");
      refused(urlkit::parse_file(*g), "file");
      refused(urlkit::parse_prospero(*g), "prospero");
      return 0;
    }
    const urlkit::scheme_handler* h = registry.find(g->scheme());
    check(h != nullptr && h->name() == schemes[index].name, text,
          "the registry finds the scheme, whatever its case");
  }
  run_index(rs, index, excluded);
  check_leaks(rs);
  return 0;
}
