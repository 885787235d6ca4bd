// Writes into url_view's private members: for the code that builds views
// (the grammar, parse_reference, url, the typed views).  Private to src/.
#pragma once

#include <cstdint>
#include <string_view>

#include "urlkit/error.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

// Befriended by url_view and scheme_view.
struct detail_access {
  // One component of a view, set (present) from a string_view into the
  // view's buffer, which must be set first.
  class component {
   public:
    component(url_view& v, url_view::slice& s) noexcept : v_(v), s_(s) {}
    component& operator=(std::string_view x) noexcept {
      s_.at = static_cast<std::uint32_t>(x.data() - v_.data_) + 1;
      s_.size = static_cast<std::uint32_t>(x.size());
      return *this;
    }

   private:
    url_view& v_;
    url_view::slice& s_;
  };

  static component scheme(url_view& v) noexcept { return {v, v.scheme_}; }
  static component server(url_view& v) noexcept { return {v, v.server_}; }
  static component user(url_view& v) noexcept { return {v, v.user_}; }
  static component password(url_view& v) noexcept { return {v, v.password_}; }
  static component host(url_view& v) noexcept { return {v, v.host_}; }
  static component port(url_view& v) noexcept { return {v, v.port_}; }
  static component path(url_view& v) noexcept { return {v, v.path_}; }
  static component params(url_view& v) noexcept { return {v, v.params_}; }
  static component query(url_view& v) noexcept { return {v, v.query_}; }
  static component fragment(url_view& v) noexcept { return {v, v.fragment_}; }
  // The whole text.  Shorter than 4 GiB: parse_reference refuses longer.
  static void set_buffer(url_view& v, std::string_view s) noexcept {
    v.data_ = s.data();
    v.size_ = static_cast<std::uint32_t>(s.size());
  }
  // The same view over a copy of its text at `to` (url's copy and move).
  static void rebase(url_view& v, const char* to) noexcept { v.data_ = to; }
  static bool& absolute_path(url_view& v) noexcept { return v.absolute_path_; }
  static urlkit::mode& mode(url_view& v) noexcept { return v.mode_; }
  // The port's value: 0 to 65535, or port_above when absent, empty or
  // larger (the views' fast path; url_view::port_number() says which).
  static constexpr std::uint32_t port_above = 65536;
  static std::uint32_t port_value(const url_view& v) noexcept {
    const std::string_view digits = v.port();
    if (digits.empty()) return port_above;
    std::uint32_t n = 0;
    for (char c : digits) {
      n = n * 10 + static_cast<std::uint32_t>(c - '0');
      if (n > 65535) return port_above;
    }
    return n;
  }
  static void count_warning(url_view& v) noexcept {
    if (v.warning_count_ != UINT32_MAX) ++v.warning_count_;
  }
  // The generic view of a typed view (a scheme_view, which befriends this
  // too), to be written in place inside the view's result rather than made
  // apart and copied in (parse_mailto's one pass, src/schemes/mailto.cpp).
  template <class View>
  static url_view& url(View& v) noexcept {
    return v.url_;
  }
};

}  // namespace urlkit
