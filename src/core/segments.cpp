// Path segments and query parameters as views (draft 4.3.2, 4.3.4).
#include "urlkit/segments.hpp"

#include <algorithm>

#include "urlkit/charset.hpp"
#include "urlkit/encoding.hpp"

namespace urlkit {

namespace detail {

split_iterator::split_iterator(std::string_view s, char separator, bool empty_is_element) noexcept
    : rest_(s), more_(!s.empty() || empty_is_element), done_(!more_), separator_(separator) {
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
  if (empty()) return 0;
  return 1 + static_cast<std::size_t>(std::count(text_.begin(), text_.end(), separator_));
}

query_param_view query_params_view::iterator::operator*() const noexcept {
  return query_param_view(*elements_);
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
    if ((*it).name(plus_as_space) == decoded_name) return it;
  return end();
}

}  // namespace urlkit
