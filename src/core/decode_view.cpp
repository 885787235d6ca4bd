// decode_view: reading a %-escaped text decoded (RFC 1738 2.2), without a copy.
#include "urlkit/decode_view.hpp"

#include <algorithm>
#include <ostream>

#include "urlkit/detail/error_at.hpp"

namespace urlkit {

std::size_t decode_view::decoded_size() const noexcept {
  std::size_t n = 0;
  for (auto it = begin(); it != end(); ++it) ++n;
  return n;
}

bool decode_view::is_as_written() const noexcept {
  for (auto it = begin(); it != end(); ++it) {
    const char* p = it.encoded_position();
    // An escape takes three bytes, whatever it decodes to ("%25" is "%").
    if (*it != *p || std::next(it).encoded_position() != p + 1) return false;
  }
  return true;
}

std::string decode_view::to_string() const {
  std::string out;
  append_to(out);
  return out;
}

void decode_view::append_to(std::string& out) const {
  out.reserve(out.size() + s_.size());
  for (char c : *this) out.push_back(c);
}

result<std::size_t> decode_view::decode_to(std::span<char> out) const noexcept {
  std::size_t n = 0;
  for (auto it = begin(); it != end(); ++it) {
    if (n == out.size()) {
      // As urlkit::decode_to() says it: the offset of the first byte not written.
      return detail::error_at(error_code::buffer_too_small, rule::decode, s_,
                              static_cast<std::size_t>(it.encoded_position() - s_.data()));
    }
    out[n++] = *it;
  }
  return n;
}

bool decode_view::starts_with(std::string_view prefix) const noexcept {
  auto it = begin();
  for (char c : prefix) {
    if (it == end() || *it != c) return false;
    ++it;
  }
  return true;
}

namespace {

template <class A, class B>
int compare_bytes(A a, A a_end, B b, B b_end) noexcept {
  for (; a != a_end && b != b_end; ++a, ++b) {
    const auto x = static_cast<unsigned char>(*a);
    const auto y = static_cast<unsigned char>(*b);
    if (x != y) return x < y ? -1 : 1;
  }
  if (a == a_end) return b == b_end ? 0 : -1;
  return 1;
}

}  // namespace

int decode_view::compare(std::string_view other) const noexcept {
  return compare_bytes(begin(), end(), other.begin(), other.end());
}

int decode_view::compare(const decode_view& other) const noexcept {
  return compare_bytes(begin(), end(), other.begin(), other.end());
}

std::ostream& operator<<(std::ostream& os, const decode_view& v) {
  return os << v.to_string();
}

}  // namespace urlkit
