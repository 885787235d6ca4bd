// Building an error at an offset of a text, with the byte found there.
#pragma once

#include <cstddef>
#include <string_view>

#include "urlkit/error.hpp"

namespace urlkit::detail {

inline error error_at(error_code code, rule r, std::string_view text, std::size_t offset) noexcept {
  error e;
  e.code = code;
  e.rule = r;
  e.offset = offset;
  e.has_byte = offset < text.size();
  e.byte = e.has_byte ? static_cast<unsigned char>(text[offset]) : 0;
  return e;
}

}  // namespace urlkit::detail
