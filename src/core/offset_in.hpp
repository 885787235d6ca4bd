// Where a point of a view's buffer is, counted from the buffer's start: what
// errors report and what copies of a view's own bytes cut at.  Private to
// src/.
#pragma once

#include <cstddef>

#include "urlkit/url_view.hpp"

namespace urlkit::detail {

/// The offset of `p` (a pointer into `u`'s buffer) in that buffer.
inline std::size_t offset_in(const url_view& u, const char* p) noexcept {
  return static_cast<std::size_t>(p - u.buffer().data());
}

}  // namespace urlkit::detail
