// data: URLs, before the body: what a URL parser checks and strips, RFC
// 2397's grammar over the header, the split at the first ",", and the media
// type as RFC 2397 3 reads it.
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/detail_access.hpp"
#include "data/internal.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/support.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit::data_detail {

std::string_view strip_c0_or_space(std::string_view s) noexcept {
  while (!s.empty() && c0_or_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && c0_or_space(s.back())) s.remove_suffix(1);
  return s;
}

error data_error(std::size_t offset, std::string_view buffer, error_code code, rule r,
                 const char* production, const char* detail) noexcept {
  error e = detail::error_at(code, r, buffer, offset);
  e.production = production;
  e.detail = detail;
  return e;
}

// An error of the data production (RFC 2397 3) in a body read in strict mode.
error data_char_error(std::size_t offset, char byte, const char* detail) noexcept {
  error e = data_error(offset, {}, error_code::data_syntax, rule::data, "data", detail);
  e.has_byte = true;
  e.byte = static_cast<unsigned char>(byte);
  return e;
}

// ---- what a URL parser does that the generic grammar does not ----------------

// The URL parser refuses a host holding a "forbidden host code point" and a
// port above 65535; the generic grammar (draft 4.3.1) lets both through.
std::optional<error> check_server(const url_view& u) {
  if (u.has_host()) {
    constexpr std::string_view forbidden{"\0 #/:<>?@[\\]^|", 14};
    for (const char& c : u.encoded_host())
      if (forbidden.find(c) != std::string_view::npos)
        return data_error(offset_in(u, &c), u.buffer(), error_code::data_syntax, rule::host,
                          "data: URL host",
                          "a URL parser refuses this character in a host (a forbidden host "
                          "code point)");
  }
  if (u.has_port() && !u.port().empty() &&
      detail_access::port_value(u) == detail_access::port_above)
    return data_error(offset_in(u, u.port().data()), u.buffer(), error_code::data_syntax,
                      rule::port, "data: URL port", "a URL parser refuses a port above 65535");
  return std::nullopt;
}

// The mediatype part as a URL parser writes it: TAB, LF and CR removed; C0
// controls and bytes above 0x7E escaped (the C0 control percent-encode set of
// an opaque path) and, after the first "?", also SPACE, <">, "<" and ">" (the
// query percent-encode set).  A path starting with "/" has a larger set, but
// its mediatype part starts with "/" and never parses, so that does not show.
std::string serialized_mediatype(std::string_view part) {
  std::string out;
  out.reserve(part.size());
  bool query = false;
  for (char c : part) {
    if (tab_or_newline(c)) continue;
    const auto u = static_cast<unsigned char>(c);
    if (c == '?') query = true;
    if (u < 0x20 || u > 0x7e || (query && (c == ' ' || c == '"' || c == '<' || c == '>'))) {
      out += '%';
      out += charset::hex_digit(u >> 4);
      out += charset::hex_digit(u);
    } else {
      out += c;
    }
  }
  return out;
}

// RFC 2397 6, as API.
bool refused(const mime_type& m, const std::vector<std::string>& refused_types) noexcept {
  for (std::string_view entry : refused_types) {
    entry = entry.substr(0, entry.find(';'));
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    const auto slash = entry.find('/');
    if (slash == std::string_view::npos) continue;
    const std::string_view type = entry.substr(0, slash);
    const std::string_view subtype = entry.substr(slash + 1);
    if (detail::ascii::iequals(type, m.type) &&
        (subtype == "*" || detail::ascii::iequals(subtype, m.subtype)))
      return true;
  }
  return false;
}

// RFC 2397 3's own reading of a mediatype its grammar took: type, subtype,
// attribute and value are RFC 2045 tokens "represented using URL escaped
// encoding ... as necessary", so each is decoded after the split at the raw
// "/", ";" and "=" (an escaped ";" in a value is data).  Type, subtype and
// attribute are compared ignoring case (RFC 2045 5.1): lower case here, as
// parse_mime_type writes them.  Without a type, "text/plain" (RFC 2397 2).
mime_type rfc2397_media_type(std::string_view m) {
  auto decoded = [](std::string_view s, bool lower_case) {
    std::string out = decode(s).value();  // the grammar checked every escape
    if (lower_case)
      for (char& c : out) c = detail::ascii::lower(c);
    return out;
  };
  mime_type t;
  const std::size_t semicolon = std::min(m.find(';'), m.size());
  const std::string_view essence = m.substr(0, semicolon);
  if (const std::size_t slash = essence.find('/'); slash != std::string_view::npos) {
    t.type = decoded(essence.substr(0, slash), true);
    t.subtype = decoded(essence.substr(slash + 1), true);
  } else {
    t.type = "text";
    t.subtype = "plain";
  }
  std::string_view rest = m.substr(semicolon);
  while (!rest.empty()) {
    rest.remove_prefix(1);  // the ";"
    const std::size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view p = rest.substr(0, end);
    rest.remove_prefix(end);
    const std::size_t eq = p.find('=');
    std::string name = decoded(p.substr(0, eq), true);
    if (t.parameter(name) == nullptr)  // the first occurrence wins
      t.parameters.emplace_back(std::move(name), decoded(p.substr(eq + 1), false));
  }
  return t;
}

// Everything before the body: the URL parser's checks, RFC 2397's grammar
// (`whole`: over the whole text, else up to the ","), the split at the first
// ",", the ";base64" test and the media type.  `text` is the URL after
// "data:", up to the fragment (or, for a reader, up to the "," at least).
result<head_result> read_head(const url_view& u, std::string_view text, bool whole,
                              const data_options& o) {
  if (auto e = schemes::wrong_scheme(u, "data", "dataurl", "the scheme must be \"data\""))
    return *e;
  if (auto e = check_server(u)) return *e;

  grammar::data_failure f;
  if (!grammar::check_data(text, whole, o.mode == mode::lenient, f)) {
    const std::size_t at = offset_in(u, f.at);
    if (o.mode == mode::strict)
      return data_error(at, u.buffer(), error_code::data_syntax, rule::data, f.production,
                        f.detail);
    warning w{};
    w.offset = at;
    w.code = warning_code::scheme_syntax;
    w.rule = rule::data;
    w.byte = at < u.buffer().size() ? static_cast<unsigned char>(u.buffer()[at]) : 0;
    w.production = f.production;
    w.detail = f.detail;
    o.on_warning(w);
  }

  head_result h;
  h.comma = text.find(',');
  if (h.comma == std::string_view::npos)
    return data_error(offset_in(u, text.data() + text.size()), u.buffer(), error_code::data_syntax,
                      rule::data, "dataurl",
                      "a data: URL needs a \",\" before its data: "
                      "data:[<mediatype>][;base64],<data> (RFC 2397 3)");

  std::string m = serialized_mediatype(text.substr(0, h.comma));
  // Leading and trailing ASCII white space goes (only SPACE is left of it).
  const auto first = m.find_first_not_of(' ');
  m.erase(0, first == std::string::npos ? m.size() : first);
  while (!m.empty() && m.back() == ' ') m.pop_back();
  // A trailing ";base64", in any case, with nothing between ";" and "base64"
  // (the conformance files: "data:; base64,WA" is not base64).
  constexpr std::string_view b64 = ";base64";
  if (m.size() >= b64.size() &&
      detail::ascii::iequals(std::string_view(m).substr(m.size() - b64.size()), b64)) {
    h.media.base64 = true;
    m.resize(m.size() - b64.size());
  }
  // RFC 2397 2: "As a shorthand, "text/plain" can be omitted but the charset
  // parameter supplied"; the processing does so for any parameter.
  static const mime_type fallback = *parse_mime_type(default_media_type);
  if (o.mode == mode::strict) {
    // RFC 2397's grammar took it (above): its own reading, escapes decoded.
    h.media.is_default = m.empty();
    h.media.mime = h.media.is_default ? fallback : rfc2397_media_type(m);
  } else if (!m.empty() && m.front() == ';') {
    m.insert(0, "text/plain");
  }
  if (o.mode == mode::lenient) {
    if (auto parsed = parse_mime_type(m)) {
      h.media.mime = std::move(*parsed);
    } else {
      h.media.mime = fallback;
      h.media.is_default = true;
    }
  }
  if (refused(h.media.mime, o.refused_types))
    return data_error(offset_in(u, text.data()), u.buffer(), error_code::refused_media_type,
                      rule::data, nullptr, nullptr);
  return h;
}

// The part after "data:" up to the fragment, without the C0 controls and
// spaces a URL parser strips from the end of its input.
std::string_view scheme_text(const url_view& u) noexcept {
  std::string_view text = grammar::scheme_part_of(u);
  if (!u.has_fragment())
    while (!text.empty() && c0_or_space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace urlkit::data_detail
