// Writes into url_view's private members: for the code that builds views
// (the grammar, parse_reference, url).  Private to src/.
#pragma once

#include <string_view>

#include "urlkit/error.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

// Befriended by url_view.
struct detail_access {
  static std::string_view& scheme(url_view& v) noexcept { return v.scheme_; }
  static std::string_view& server(url_view& v) noexcept { return v.server_; }
  static std::string_view& user(url_view& v) noexcept { return v.user_; }
  static std::string_view& password(url_view& v) noexcept { return v.password_; }
  static std::string_view& host(url_view& v) noexcept { return v.host_; }
  static std::string_view& port(url_view& v) noexcept { return v.port_; }
  static std::string_view& path(url_view& v) noexcept { return v.path_; }
  static std::string_view& params(url_view& v) noexcept { return v.params_; }
  static std::string_view& query(url_view& v) noexcept { return v.query_; }
  static std::string_view& fragment(url_view& v) noexcept { return v.fragment_; }
  static std::string_view& buffer(url_view& v) noexcept { return v.buffer_; }
  static bool& absolute_path(url_view& v) noexcept { return v.absolute_path_; }
  static urlkit::mode& mode(url_view& v) noexcept { return v.mode_; }
  static void count_warning(url_view& v) noexcept {
    if (v.warning_count_ != UINT32_MAX) ++v.warning_count_;
  }
};

}  // namespace urlkit
