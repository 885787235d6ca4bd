// The oracle's copy of the engine's encoding check as it was.  The
// document's encoding, as far as the absolutizer needs it: it reads the
// document's bytes and writes edits into them, which is right for every
// encoding in which ASCII is ASCII (UTF-8, ISO-8859-1, windows-1252, ...),
// and wrong for UTF-16 and UTF-32, where "<a href=" is not those bytes.
// Such a document says what it is with a byte order mark, or declares it in
// a META element that HTML's encoding prescan finds in the first 1024 bytes.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "text.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"

namespace urlkit::html::oracle::detail {

namespace {

// How far HTML's prescan looks for a META charset (HTML, "prescan a byte
// stream to determine its encoding": the first 1024 bytes).
constexpr std::size_t prescan_bytes = 1024;

bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

// The encoding labels (the Encoding Standard's, and those of the IANA
// registry) of UTF-16 and UTF-32; nullptr for any other label.
const char* wide_encoding(std::string_view label) noexcept {
  while (!label.empty() && is_space(label.front())) label.remove_prefix(1);
  while (!label.empty() && is_space(label.back())) label.remove_suffix(1);
  static constexpr std::array<std::string_view, 10> utf16 = {
      "utf-16",    "utf-16le", "utf-16be",    "ucs-2",       "iso-10646-ucs-2",
      "csunicode", "unicode",  "unicodefeff", "unicodefffe", "csunicode11"};
  static constexpr std::array<std::string_view, 6> utf32 = {"utf-32", "utf-32le",        "utf-32be",
                                                            "ucs-4",  "iso-10646-ucs-4", "csucs4"};
  for (std::string_view l : utf16)
    if (urlkit::detail::ascii::iequals(label, l)) return "UTF-16 (declared by a META charset)";
  for (std::string_view l : utf32)
    if (urlkit::detail::ascii::iequals(label, l)) return "UTF-32 (declared by a META charset)";
  return nullptr;
}

// One attribute of a tag at `p` (HTML, "get an attribute"), simplified: the
// name up to "=", white space, "/" or ">"; the value quoted or up to white
// space or ">".  [value_at, value_at + value.size()) is where the value is.
struct attribute {
  std::string_view name, value;
  std::size_t value_at = 0;
};
bool next_attribute(std::string_view d, std::size_t& p, attribute& a) {
  while (p < d.size() && (is_space(d[p]) || d[p] == '/')) ++p;
  if (p >= d.size() || d[p] == '>') return false;
  const std::size_t name = p;
  while (p < d.size() && !is_space(d[p]) && d[p] != '=' && d[p] != '>' && d[p] != '/') ++p;
  a.name = d.substr(name, p - name);
  a.value = {};
  a.value_at = p;
  std::size_t q = p;
  while (q < d.size() && is_space(d[q])) ++q;
  if (q >= d.size() || d[q] != '=') return true;
  ++q;
  while (q < d.size() && is_space(d[q])) ++q;
  if (q < d.size() && (d[q] == '"' || d[q] == '\'')) {
    const std::size_t close = d.find(d[q], q + 1);
    const std::size_t end = close == std::string_view::npos ? d.size() : close;
    a.value = d.substr(q + 1, end - q - 1);
    a.value_at = q + 1;
    p = end == d.size() ? end : end + 1;
    return true;
  }
  const std::size_t v = q;
  while (q < d.size() && !is_space(d[q]) && d[q] != '>') ++q;
  a.value = d.substr(v, q - v);
  a.value_at = v;
  p = q;
  return true;
}

// The charset a Content-Type value names (HTML, "extracting a character
// encoding from a meta element"): after "charset", optional white space,
// "=", the value, quoted or up to ";" or white space.  [at, at + size).
std::optional<std::pair<std::size_t, std::string_view>> charset_in(std::string_view content) {
  for (std::size_t i = 0; i + 7 <= content.size(); ++i) {
    if (!urlkit::detail::ascii::iequals(content.substr(i, 7), "charset")) continue;
    std::size_t q = i + 7;
    while (q < content.size() && is_space(content[q])) ++q;
    if (q >= content.size() || content[q] != '=') continue;
    ++q;
    while (q < content.size() && is_space(content[q])) ++q;
    if (q < content.size() && (content[q] == '"' || content[q] == '\'')) {
      const std::size_t close = content.find(content[q], q + 1);
      if (close == std::string_view::npos) return std::nullopt;
      return std::pair{q + 1, content.substr(q + 1, close - q - 1)};
    }
    std::size_t e = q;
    while (e < content.size() && !is_space(content[e]) && content[e] != ';') ++e;
    return std::pair{q, content.substr(q, e - q)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<urlkit::error> refused_encoding(std::string_view document) {
  // A byte order mark (UTF-32's first: its little-endian mark begins with
  // UTF-16's).
  const auto starts = [&](std::string_view bom) { return document.starts_with(bom); };
  const char* bom = nullptr;
  if (starts(std::string_view("\xFF\xFE\x00\x00", 4)) ||
      starts(std::string_view("\x00\x00\xFE\xFF", 4)))
    bom = "UTF-32 (its byte order mark)";
  else if (starts("\xFF\xFE") || starts("\xFE\xFF"))
    bom = "UTF-16 (its byte order mark)";
  if (bom != nullptr) {
    urlkit::error e =
        urlkit::detail::error_at(error_code::document_encoding, rule::reference, document, 0);
    e.detail = bom;
    return e;
  }
  // HTML's prescan, simplified: comments are skipped; the first META element
  // with a charset attribute, or with http-equiv="content-type" and a
  // content that names a charset, decides.
  const std::string_view d = document.substr(0, prescan_bytes);
  std::size_t p = 0;
  while ((p = d.find('<', p)) != std::string_view::npos) {
    if (d.substr(p, 4) == "<!--") {
      const std::size_t end = d.find("-->", p + 4);
      if (end == std::string_view::npos) break;
      p = end + 3;
      continue;
    }
    if (p + 6 > d.size() || !urlkit::detail::ascii::iequals(d.substr(p + 1, 4), "meta") ||
        !(is_space(d[p + 5]) || d[p + 5] == '/')) {
      ++p;
      continue;
    }
    p += 5;
    attribute a;
    bool content_type = false;
    std::optional<std::pair<std::size_t, std::string_view>> charset, from_content;
    while (next_attribute(d, p, a)) {
      if (urlkit::detail::ascii::iequals(a.name, "charset") && !charset) {
        charset = std::pair{a.value_at, a.value};
      } else if (urlkit::detail::ascii::iequals(a.name, "http-equiv")) {
        content_type = content_type || urlkit::detail::ascii::iequals(a.value, "content-type");
      } else if (urlkit::detail::ascii::iequals(a.name, "content") && !from_content) {
        if (auto c = charset_in(a.value))
          from_content = std::pair{a.value_at + c->first, c->second};
      }
    }
    const auto found = charset ? charset : content_type ? from_content : std::nullopt;
    if (!found) continue;
    if (const char* wide = wide_encoding(found->second)) {
      urlkit::error e = urlkit::detail::error_at(error_code::document_encoding, rule::reference,
                                                 document, found->first);
      e.detail = wide;
      return e;
    }
    return std::nullopt;  // the first charset found is the document's
  }
  return std::nullopt;
}

}  // namespace urlkit::html::oracle::detail
