// Media types: "parse a MIME type" and its serialization (WHATWG MIME
// Sniffing), as the data: URL processing uses them.
#include "urlkit/mime_type.hpp"
#include "urlkit/detail/ascii.hpp"

#include "urlkit/detail/error_at.hpp"

namespace urlkit {

namespace {

// HTTP whitespace: TAB, LF, CR, SPACE.
constexpr bool is_http_space(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\r' || c == ' ';
}

// HTTP quoted-string token code points: TAB, 0x20-0x7E, 0x80-0xFF.
constexpr bool is_quoted_char(char c) noexcept {
  const auto u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7f);
}

// The first byte of `s` that is not an HTTP token character, or npos.
std::size_t non_token(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!mime::is_http_token_char(static_cast<unsigned char>(s[i]))) return i;
  return std::string_view::npos;
}

bool all_quoted_chars(std::string_view s) noexcept {
  for (char c : s)
    if (!is_quoted_char(c)) return false;
  return true;
}

error syntax(std::size_t offset, std::string_view s, const char* detail) noexcept {
  error e = detail::error_at(error_code::mime_syntax, rule::mime, s, offset);
  e.production = "MIME type";
  e.detail = detail;
  return e;
}

// "collect an HTTP quoted string" with the extract-value flag: `pos` is at the
// opening <">; afterwards it is past the closing one (or at the end).
std::string quoted_string(std::string_view s, std::size_t& pos) {
  std::string value;
  ++pos;
  while (pos < s.size()) {
    const char c = s[pos++];
    if (c == '"') break;
    if (c == '\\') {
      if (pos == s.size()) {
        value.push_back('\\');
        break;
      }
      value.push_back(s[pos++]);
    } else {
      value.push_back(c);
    }
  }
  return value;
}

}  // namespace

std::string mime_type::essence() const {
  return type + "/" + subtype;
}

const std::string* mime_type::parameter(std::string_view name) const noexcept {
  for (const auto& [n, v] : parameters)
    if (n == name) return &v;
  return nullptr;
}

std::string mime_type::to_string() const {
  std::string out = essence();
  for (const auto& [name, value] : parameters) {
    out += ';';
    out += name;
    out += '=';
    if (!value.empty() && non_token(value) == std::string_view::npos) {
      out += value;
      continue;
    }
    out += '"';
    for (char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out;
}

result<mime_type> parse_mime_type(std::string_view s) {
  // Leading and trailing HTTP whitespace is not part of the type; offsets
  // stay those of `s`.
  std::size_t pos = 0;
  std::size_t end = s.size();
  while (pos < end && is_http_space(s[pos])) ++pos;
  while (end > pos && is_http_space(s[end - 1])) --end;
  const std::string_view in = s.substr(0, end);

  const std::size_t type_at = pos;
  const std::size_t slash = in.find('/', pos);
  const std::string_view type =
      in.substr(pos, slash == std::string_view::npos ? end - pos : slash - pos);
  if (type.empty()) return syntax(type_at, s, "a MIME type starts with a type (an HTTP token)");
  if (auto bad = non_token(type); bad != std::string_view::npos)
    return syntax(type_at + bad, s, "the type must be an HTTP token");
  if (slash == std::string_view::npos)
    return syntax(end, s, "the type must be followed by \"/\" and a subtype");
  pos = slash + 1;

  const std::size_t subtype_at = pos;
  std::size_t semi = in.find(';', pos);
  if (semi == std::string_view::npos) semi = end;
  std::string_view subtype = in.substr(pos, semi - pos);
  while (!subtype.empty() && is_http_space(subtype.back())) subtype.remove_suffix(1);
  if (subtype.empty()) return syntax(subtype_at, s, "\"/\" must be followed by a subtype");
  if (auto bad = non_token(subtype); bad != std::string_view::npos)
    return syntax(subtype_at + bad, s, "the subtype must be an HTTP token");
  pos = semi;

  mime_type m;
  m.type = detail::ascii::lowered(type);
  m.subtype = detail::ascii::lowered(subtype);

  while (pos < end) {
    ++pos;  // the ";"
    while (pos < end && is_http_space(in[pos])) ++pos;
    const std::size_t name_at = pos;
    while (pos < end && in[pos] != ';' && in[pos] != '=') ++pos;
    const std::string_view name = in.substr(name_at, pos - name_at);
    if (pos < end) {
      if (in[pos] == ';') continue;  // a name without "=": dropped
      ++pos;                         // the "="
    }
    if (pos >= end) break;

    std::string value;
    if (in[pos] == '"') {
      value = quoted_string(in, pos);
      while (pos < end && in[pos] != ';') ++pos;  // whatever follows the quoted-string is dropped
    } else {
      const std::size_t value_at = pos;
      while (pos < end && in[pos] != ';') ++pos;
      std::string_view v = in.substr(value_at, pos - value_at);
      while (!v.empty() && is_http_space(v.back())) v.remove_suffix(1);
      value.assign(v);
    }
    // An empty value, quoted or not, is dropped: the conformance files want
    // "text/plain;a=\"" to give "text/plain" (docs/schemes/data.md).
    if (value.empty()) continue;
    if (name.empty() || non_token(name) != std::string_view::npos || !all_quoted_chars(value))
      continue;
    std::string lname = detail::ascii::lowered(name);
    if (m.parameter(lname) != nullptr) continue;  // the first occurrence wins
    m.parameters.emplace_back(std::move(lname), std::move(value));
  }
  return m;
}

}  // namespace urlkit
