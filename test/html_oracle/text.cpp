// Positions and escaping for the oracle's absolutizer (position_of and apply
// are urlkit_html's public ones).
#include "text.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "urlkit/html.hpp"

namespace urlkit::html::oracle::detail {

line_index::line_index(std::string_view d) {
  starts_.push_back(0);
  // HTML normalizes CRLF and a lone CR to LF before tokenizing: each is one
  // line end.
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] == '\n' || (d[i] == '\r' && (i + 1 == d.size() || d[i + 1] != '\n')))
      starts_.push_back(i + 1);
  }
}

position line_index::at(std::size_t offset) const noexcept {
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const auto line = static_cast<std::size_t>(it - starts_.begin());  // >= 1: starts_[0] == 0
  return {offset, line, offset - starts_[line - 1] + 1};
}

bool is_html_space(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

std::string escape_value(std::string_view value, char quote) {
  std::string out;
  out.reserve(value.size() + 8);
  for (char c : value) {
    if (c == '&')
      out += "&amp;";
    else if (c == '"' && quote == '"')
      out += "&quot;";
    else if (c == '\'' && quote == '\'')
      out += "&#39;";
    else
      out.push_back(c);
  }
  return out;
}

bool fits_unquoted(std::string_view value) noexcept {
  if (value.empty()) return false;
  return std::none_of(value.begin(), value.end(), [](char c) {
    return is_html_space(c) || c == '"' || c == '\'' || c == '=' || c == '<' || c == '>' ||
           c == '`';
  });
}

}  // namespace urlkit::html::oracle::detail
