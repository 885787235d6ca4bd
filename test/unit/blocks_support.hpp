// What the tests of the blockwise readings (src/grammar/blocks.hpp) share:
// texts in buffers of exactly their size, and whether this processor reads
// blocks at all.  For static builds only: the grammar is internal.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "grammar/blocks.hpp"

namespace urlkit_test {

// A copy of `s` in a buffer of exactly its size, so that a read past either
// end is one an address sanitizer reports.
struct exact_buffer {
  std::unique_ptr<char[]> bytes;
  std::string_view view;
  explicit exact_buffer(const std::string& s) : bytes(new char[s.size()]) {
    std::memcpy(bytes.get(), s.data(), s.size());
    view = {bytes.get(), s.size()};
  }
};

// Whether this processor has the blockwise readings (AVX2).
inline bool blocks_here() {
#if URLKIT_BLOCKS
  return urlkit::grammar::blocks::detected;
#else
  return false;
#endif
}

}  // namespace urlkit_test
