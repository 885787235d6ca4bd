// Positions, escaping and edits for the absolutizer.
#include "text.hpp"

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "urlkit/html.hpp"

namespace urlkit::html {

namespace detail {

bool is_html_space(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

bool fits_unquoted(std::string_view value) noexcept {
  if (value.empty()) return false;
  return std::none_of(value.begin(), value.end(), [](char c) {
    return is_html_space(c) || c == '"' || c == '\'' || c == '=' || c == '<' || c == '>' ||
           c == '`';
  });
}

}  // namespace detail

position position_of(std::string_view document, std::size_t offset) noexcept {
  offset = std::min(offset, document.size());
  position p{offset, 1, 1};
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (document[i] == '\n' ||
        (document[i] == '\r' && (i + 1 == document.size() || document[i + 1] != '\n'))) {
      ++p.line;
      line_start = i + 1;
    }
  }
  p.column = offset - line_start + 1;
  return p;
}

result<std::string> apply(std::string_view original, std::span<const edit> edits) {
  std::size_t size = original.size();
  std::size_t last = 0;
  for (const edit& e : edits) {
    if (e.begin < last || e.end < e.begin || e.end > original.size()) {
      error bad{};
      bad.code = error_code::bad_edit;
      bad.offset = e.begin;
      return bad;
    }
    last = e.end;
    size = size - (e.end - e.begin) + e.text.size();
  }
  std::string out;
  out.reserve(size);
  std::size_t at = 0;
  for (const edit& e : edits) {
    out.append(original.substr(at, e.begin - at));
    out.append(e.text);
    at = e.end;
  }
  out.append(original.substr(at));
  return out;
}

}  // namespace urlkit::html
