// url_view: recomposition (draft 6, step 7) and small queries.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <ostream>

#include "urlkit/url_view.hpp"

#include "core/detail_access.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

namespace {
char* put(char* out, std::string_view s) noexcept {
  if (!s.empty()) std::memcpy(out, s.data(), s.size());
  return out + s.size();
}
}  // namespace

bool url_view::scheme_is(std::string_view s) const noexcept {
  return has_scheme() && detail::ascii::iequals(scheme(), s);
}

char* url_view::write(char* out) const noexcept {
  if (has_scheme()) {
    out = put(out, scheme());
    *out++ = ':';
  }
  if (has_server()) {
    *out++ = '/';
    *out++ = '/';
    if (has_user()) {
      out = put(out, encoded_user());
      if (has_password()) {
        *out++ = ':';
        out = put(out, encoded_password());
      }
      *out++ = '@';
    }
    out = put(out, encoded_host());
    if (has_port()) {
      *out++ = ':';
      out = put(out, port());
    }
  }
  if (absolute_path_) *out++ = '/';
  out = put(out, encoded_path());
  if (has_params()) {
    *out++ = ';';
    out = put(out, encoded_params());
  }
  if (has_query()) {
    *out++ = '?';
    out = put(out, encoded_query());
  }
  if (has_fragment()) {
    *out++ = '#';
    out = put(out, encoded_fragment());
  }
  return out;
}

std::string url_view::recompose() const {
  std::string s(size(), '\0');
  write(s.data());
  return s;
}

std::string url_view::without_fragment() const {
  url_view v = *this;
  v.fragment_ = {};
  return v.recompose();
}

host_kind url_view::host_kind() const noexcept {
  const std::string_view host = this->encoded_host();
  if (!host.empty() && host.front() == '[') return host_kind::ipv6;
  // hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit (draft 4.3.1)
  int dots = 0;
  bool digit_before = false;
  for (const char c : host) {
    if (c >= '0' && c <= '9') {
      digit_before = true;
    } else if (c == '.' && digit_before && dots < 3) {
      ++dots;
      digit_before = false;
    } else {
      return host_kind::name;
    }
  }
  return dots == 3 && digit_before ? host_kind::ipv4 : host_kind::name;
}

std::size_t url_view::hash() const noexcept {
  // FNV-1a over every component, each preceded by a byte that tells absent
  // from present, so that the hash tells apart what operator== does.
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&h](unsigned char c) {
    h ^= c;
    h *= 1099511628211ull;
  };
  auto add = [&mix](std::string_view s) {
    mix(s.data() == nullptr ? 0 : 1);
    for (char c : s) mix(static_cast<unsigned char>(c));
  };
  for (std::string_view s :
       {scheme(), encoded_server(), encoded_user(), encoded_password(), encoded_host(), port(),
        encoded_path(), encoded_params(), encoded_query(), encoded_fragment()})
    add(s);
  mix(absolute_path_ ? 1 : 0);
  return static_cast<std::size_t>(h);
}

std::string_view to_string(mode m) noexcept {
  switch (m) {
    case mode::lenient:
      return "lenient";
    case mode::strict:
      return "strict";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, mode m) {
  return detail::print_name(os, m, "mode");
}

std::string_view to_string(host_kind k) noexcept {
  switch (k) {
    case host_kind::name:
      return "name";
    case host_kind::ipv4:
      return "ipv4";
    case host_kind::ipv6:
      return "ipv6";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, host_kind k) {
  return detail::print_name(os, k, "host_kind");
}

std::ostream& operator<<(std::ostream& os, const url_view& v) {
  return os << v.recompose();
}

bool operator==(const url_view& a, const url_view& b) noexcept {
  auto same = [](std::string_view x, std::string_view y) {
    return (x.data() == nullptr) == (y.data() == nullptr) && x == y;
  };
  return same(a.scheme(), b.scheme()) && same(a.encoded_user(), b.encoded_user()) &&
         same(a.encoded_password(), b.encoded_password()) &&
         same(a.encoded_host(), b.encoded_host()) && same(a.port(), b.port()) &&
         a.absolute_path_ == b.absolute_path_ && a.encoded_path() == b.encoded_path() &&
         same(a.encoded_params(), b.encoded_params()) &&
         same(a.encoded_query(), b.encoded_query()) &&
         same(a.encoded_fragment(), b.encoded_fragment()) &&
         same(a.encoded_server(), b.encoded_server());
}

result<std::optional<std::uint16_t>> url_view::port_number() const noexcept {
  const std::string_view digits = port();
  if (digits.empty()) return std::optional<std::uint16_t>();
  const std::uint32_t n = detail_access::port_value(*this);
  if (n == detail_access::port_above)
    return detail::error_at(error_code::port_out_of_range, rule::port, buffer(),
                            static_cast<std::size_t>(digits.data() - data_));
  return std::optional<std::uint16_t>(static_cast<std::uint16_t>(n));
}

}  // namespace urlkit
