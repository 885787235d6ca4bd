// A base URL given as a string, for resolve and make_relative.
#pragma once

#include <string_view>

#include "urlkit/url_view.hpp"

namespace urlkit {

/// Parses `base` in lenient mode, its errors' source "base".  An empty
/// string is the empty view: the base URL is unknown (draft 6, Step 1).
inline result<url_view> parse_base(std::string_view base) noexcept {
  result<url_view> r(std::in_place);
  if (base.empty()) return r;
  r = parse_reference(base, mode::lenient);
  if (!r) {
    error e = r.error();
    e.source = "base";
    r = e;
  }
  return r;
}

}  // namespace urlkit
