// Path segments and query parameters as views (draft 4.3.2, 4.3.4).
#include "urlkit/segments.hpp"

#include <algorithm>

#include "urlkit/charset.hpp"
#include "urlkit/encoding.hpp"

namespace urlkit {

namespace detail {

split_iterator::split_iterator(std::string_view s, char separator) noexcept
    : rest_(s), more_(!s.empty()), done_(s.empty()), separator_(separator) {
  ++*this;
}

split_iterator& split_iterator::operator++() noexcept {
  if (!more_) {
    done_ = true;
    current_ = {};
    return *this;
  }
  const std::size_t at = rest_.find(separator_);
  current_ = rest_.substr(0, at);
  more_ = at != std::string_view::npos;
  rest_ = more_ ? rest_.substr(at + 1) : std::string_view{};
  return *this;
}

}  // namespace detail

std::size_t segments_view::size() const noexcept {
  if (path_.empty()) return 0;
  return 1 + static_cast<std::size_t>(std::count(path_.begin(), path_.end(), '/'));
}

namespace {

std::string decoded(std::string_view s, bool plus_as_space) {
  decode_options o;
  o.plus_as_space = plus_as_space;
  return decode(s, o).value();  // lenient decoding never fails
}

}  // namespace

std::string query_param_view::decoded_name(bool plus_as_space) const {
  return decoded(name, plus_as_space);
}

std::string query_param_view::decoded_value(bool plus_as_space) const {
  return decoded(value, plus_as_space);
}

bool query_param_view::name_is(std::string_view d, bool plus_as_space) const noexcept {
  // Decodes the name byte by byte as decode() does, against `d`.
  std::size_t j = 0;
  for (std::size_t i = 0; i < name.size(); ++j) {
    char byte = name[i];
    if (charset::starts_with_escape(name.substr(i))) {
      byte =
          static_cast<char>(charset::hex_value(name[i + 1]) * 16 + charset::hex_value(name[i + 2]));
      i += 3;
    } else {
      if (byte == '+' && plus_as_space) byte = ' ';
      ++i;
    }
    if (j == d.size() || d[j] != byte) return false;
  }
  return j == d.size();
}

query_param_view query_params_view::iterator::operator*() const noexcept {
  const std::string_view e = *elements_;
  const std::size_t eq = e.find('=');
  if (eq == std::string_view::npos) return {e, {}, false};
  return {e.substr(0, eq), e.substr(eq + 1), true};
}

query_params_view::iterator& query_params_view::iterator::operator++() noexcept {
  ++elements_;
  return *this;
}

query_params_view::iterator query_params_view::begin() const noexcept {
  return iterator(detail::split_iterator(query_, '&'));
}

std::size_t query_params_view::size() const noexcept {
  if (query_.empty()) return 0;
  return 1 + static_cast<std::size_t>(std::count(query_.begin(), query_.end(), '&'));
}

query_params_view::iterator query_params_view::find(std::string_view decoded_name,
                                                    bool plus_as_space) const noexcept {
  for (auto it = begin(); it != end(); ++it)
    if ((*it).name_is(decoded_name, plus_as_space)) return it;
  return end();
}

}  // namespace urlkit
