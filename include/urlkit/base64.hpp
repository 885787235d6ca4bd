// urlkit — base64, as data: URLs use it (RFC 2397 ";base64", the alphabet and
// padding of RFC 2045 6.8), with the forgiving decoder of the data: URL
// processing algorithm that today's conformance files test:
//
//   1. remove ASCII whitespace (TAB, LF, FF, CR, SPACE) from the input;
//   2. if its length is a multiple of 4, remove one or two "=" at its end;
//   3. if its length is now 1 more than a multiple of 4, fail;
//   4. if it holds a byte outside A-Z a-z 0-9 + /, fail;
//   5. decode 4 characters into 3 bytes; a final group of 2 or 3 characters
//      gives 1 or 2 bytes (the bits left over are dropped).
//
// Decoding never allocates beyond the output it is asked to build
// (docs/performance.md, "base64", has its speed).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
/// base64 as data: URLs use it (RFC 2397 ";base64", RFC 2045 6.8): the
/// forgiving decoder, whole and streaming, and the encoder.
namespace urlkit::base64 {

/// An upper bound of the decoded size of `n` input bytes.
constexpr std::size_t max_decoded_size(std::size_t n) noexcept {
  return n / 4 * 3 + 3;
}
/// The encoded size of `n` bytes (with padding).
constexpr std::size_t encoded_size(std::size_t n) noexcept {
  return (n + 2) / 3 * 4;
}

/// Forgiving decode of `in` into `out` (at least max_decoded_size(in.size())
/// bytes); returns the number of bytes written.  Errors: error_code::bad_base64,
/// rule::base64, with the offset of the offending byte in `in` and a detail.
result<std::size_t> decode_to(std::string_view in, std::span<char> out) noexcept;
/// Forgiving decode into a new string.
result<std::string> decode(std::string_view in);

/// Standard base64 with padding (RFC 2045 6.8) of `in` into `out`
/// (encoded_size(in.size()) bytes); returns the end.
char* encode_to(std::string_view in, char* out) noexcept;
/// Standard base64 with padding (RFC 2045 6.8) of `in`, as a new string.
std::string encode(std::string_view in);

/// The forgiving decoder over input that arrives in chunks (a 100 MB data: URL
/// decoded in bounded memory): the same result as decode() of the whole.
class decoder {
 public:
  /// Decodes `chunk` into `out` (at least max_decoded_size(chunk.size())
  /// bytes); returns the number of bytes written.  After an error the decoder
  /// stays failed.
  result<std::size_t> update(std::string_view chunk, std::span<char> out) noexcept;
  /// Ends the input: writes what the last group holds (at most 2 bytes) into
  /// `out` (at least 3 bytes) and checks the padding rules.
  result<std::size_t> finish(std::span<char> out) noexcept;
  /// Bytes of input consumed so far (for error offsets).
  std::size_t consumed() const noexcept { return consumed_; }

 private:
  unsigned bits_ = 0;     // pending bits, high first
  unsigned pending_ = 0;  // characters in the current group (0-3)
  unsigned padding_ = 0;  // "=" seen (only whitespace and "=" may follow)
  std::size_t consumed_ = 0;
  bool failed_ = false;
};

}  // namespace urlkit::base64
URLKIT_END_API
