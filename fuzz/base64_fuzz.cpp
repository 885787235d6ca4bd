// Fuzz target for base64 (RFC 2045 6.8 alphabet and padding) and the
// forgiving decoder of the data: URL processing (the five steps in
// urlkit/base64.hpp).  The library's decoder is a table-driven fast path
// plus a state machine; here it is checked against the five steps written
// out as plainly as possible, in acceptance, output bytes and error offset,
// and against itself over every chunking.  Encoding is checked against a
// bit-by-bit encoder and by decoding it back.
//
// The first byte picks the chunk size and the white space put into encoded
// text; the rest is both the bytes to encode and the text to decode.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "urlkit/base64.hpp"

namespace {

using urlkit_fuzz::check;
using urlkit_fuzz::fail;

namespace b64 = urlkit::base64;

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Step 1's white space: TAB, LF, FF, CR, SPACE (not VT).
bool is_space(char c) {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

int value_of(char c) {
  const auto i = alphabet.find(c);
  return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

// The header's five steps, one after the other.
std::optional<std::string> reference_decode(std::string_view in) {
  std::string s;  // 1. white space removed
  for (char c : in)
    if (!is_space(c)) s += c;
  if (s.size() % 4 == 0) {  // 2. one or two "=" at the end
    if (s.size() >= 2 && s.ends_with("=="))
      s.resize(s.size() - 2);
    else if (s.ends_with("="))
      s.resize(s.size() - 1);
  }
  if (s.size() % 4 == 1) return std::nullopt;  // 3.
  for (char c : s)                             // 4.
    if (value_of(c) < 0) return std::nullopt;
  std::string out;  // 5. 6 bits a character, whole bytes out
  unsigned bits = 0;
  int n = 0;
  for (char c : s) {
    bits = bits << 6 | static_cast<unsigned>(value_of(c));
    n += 6;
    if (n >= 8) {
      n -= 8;
      out += static_cast<char>((bits >> n) & 0xff);
    }
  }
  return out;
}

// Where the library reports a failure (src/data/base64.cpp): the length of the
// longest prefix of the input that some valid input begins with.  A prefix
// can still become valid while it is alphabet characters and white space,
// then at most the "=" that the final group takes (after 2 characters "=" or
// "==", after 3 characters "=").
std::size_t reference_error_offset(std::string_view in) {
  std::size_t chars = 0, pads = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (is_space(c)) continue;
    if (c == '=') {
      ++pads;
      const std::size_t r = chars % 4;
      if (!((r == 2 && pads <= 2) || (r == 3 && pads == 1))) return i;
      continue;
    }
    if (value_of(c) < 0 || pads != 0) return i;
    ++chars;
  }
  return in.size();
}

// RFC 2045 6.8, bit by bit: 24-bit groups, "=" for the missing characters.
std::string reference_encode(std::string_view in) {
  std::string out;
  for (std::size_t i = 0; i < in.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, in.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k)
      v = v << 8 | (k < n ? static_cast<unsigned char>(in[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? alphabet[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

// An exactly sized heap buffer, so that ASan reports a write past its end.
struct exact_buffer {
  std::unique_ptr<char[]> p;
  std::size_t n;
  explicit exact_buffer(std::size_t size) : p(new char[size == 0 ? 1 : size]), n(size) {}
  std::span<char> span() { return {p.get(), n}; }
};

// decode_to() into buffers of max_decoded_size and one byte less, decode(),
// and the chunked decoder, against the reference.
void check_decode(std::string_view input, std::string_view text, std::size_t chunk) {
  const auto expected = reference_decode(text);

  exact_buffer buf(b64::max_decoded_size(text.size()));
  const auto to = b64::decode_to(text, buf.span());
  const auto whole = b64::decode(text);
  if (expected) {
    if (!to)
      fail(input, "decode_to() accepts what the five steps accept",
           {{"error", to.error().to_string()}});
    check(std::string_view(buf.p.get(), *to) == *expected, input,
          "decode_to() gives the bytes of the five steps",
          {{"got", std::string_view(buf.p.get(), *to)}, {"expected", *expected}});
    check(whole.has_value() && *whole == *expected, input, "decode() gives decode_to()'s bytes");
  } else {
    if (to)
      fail(input, "decode_to() refuses what the five steps refuse",
           {{"got", std::string_view(buf.p.get(), *to)}});
    const urlkit::error& e = to.error();
    const std::size_t at = reference_error_offset(text);
    check(e.code == urlkit::error_code::bad_base64 && e.rule == urlkit::rule::base64, input,
          "a refusal is bad_base64", {{"error", e.to_string()}});
    check(e.offset == at, input, "the error is at the end of the longest valid prefix",
          {{"error", e.to_string()}, {"expected offset", std::to_string(at)}});
    check(!e.has_byte ||
              (e.offset < text.size() && e.byte == static_cast<unsigned char>(text[e.offset])),
          input, "the error's byte is the byte at its offset", {{"error", e.to_string()}});
    check(!whole && whole.error().offset == e.offset, input, "decode() fails as decode_to()");
  }
  exact_buffer small(b64::max_decoded_size(text.size()) - 1);
  const auto short_to = b64::decode_to(text, small.span());
  check(!short_to && short_to.error().code == urlkit::error_code::buffer_too_small, input,
        "decode_to() into less than max_decoded_size() is buffer_too_small");

  // The chunked decoder: the same bytes or the same error, each chunk's
  // output within max_decoded_size(chunk) bytes and the end within 3.
  b64::decoder dec;
  std::string got;
  std::optional<urlkit::error> err;
  for (std::size_t i = 0; i < text.size() && !err; i += chunk) {
    const std::string_view piece = text.substr(i, chunk);
    exact_buffer out(b64::max_decoded_size(piece.size()));
    auto r = dec.update(piece, out.span());
    if (r)
      got.append(out.p.get(), *r);
    else
      err = r.error();
  }
  if (!err) {
    exact_buffer out(3);
    auto r = dec.finish(out.span());
    if (r)
      got.append(out.p.get(), *r);
    else
      err = r.error();
  }
  if (expected) {
    if (err)
      fail(input, "the chunked decoder accepts what decode() accepts",
           {{"error", err->to_string()}});
    check(got == *expected, input, "the chunked decoder gives decode()'s bytes",
          {{"got", got}, {"expected", *expected}});
  } else {
    if (!err) fail(input, "the chunked decoder refuses what decode() refuses", {{"got", got}});
    check(err->code == to.error().code && err->offset == to.error().offset, input,
          "the chunked decoder fails where decode() fails",
          {{"chunked", err->to_string()}, {"whole", to.error().to_string()}});
    // A failed decoder stays failed.
    exact_buffer out(b64::max_decoded_size(1));
    auto again = dec.update("A", out.span());
    check(!again && again.error().offset == err->offset, input, "a failed decoder stays failed");
  }
}

void check_encode(std::string_view input, std::string_view bytes, char space, std::size_t every) {
  const std::string e = b64::encode(bytes);
  check(e.size() == b64::encoded_size(bytes.size()), input, "encode() writes encoded_size() bytes");
  const std::string ref = reference_encode(bytes);
  check(e == ref, input, "encode() is RFC 2045 6.8 base64", {{"encoded", e}, {"expected", ref}});
  exact_buffer out(b64::encoded_size(bytes.size()));
  char* end = b64::encode_to(bytes, out.p.get());
  check(end == out.p.get() + out.n && std::string_view(out.p.get(), out.n) == e, input,
        "encode_to() writes encode()'s bytes and returns their end");

  auto back = b64::decode(e);
  check(back.has_value() && *back == bytes, input, "decode(encode(x)) == x", {{"encoded", e}});
  // Padding is optional, and white space anywhere is removed (steps 1, 2).
  std::string unpadded = e;
  while (!unpadded.empty() && unpadded.back() == '=') unpadded.pop_back();
  back = b64::decode(unpadded);
  check(back.has_value() && *back == bytes, input, "decode() of encode(x) without padding is x",
        {{"encoded", unpadded}});
  std::string spaced;
  for (std::size_t i = 0; i < e.size(); ++i) {
    if (i % every == 0) spaced += space;
    spaced += e[i];
  }
  spaced += space;
  back = b64::decode(spaced);
  check(back.has_value() && *back == bytes, input, "decode() of encode(x) with white space is x",
        {{"encoded", spaced}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size == 0) return 0;
  const std::uint8_t control = data[0];
  const std::string_view rest = input.substr(1);
  // Chunks of 1 to 8 bytes, or of 37 (past the fast path's 32-byte steps).
  const std::size_t chunk = (control & 8) ? 37 : (control & 7) + 1;
  static constexpr char spaces[] = {'\t', '\n', '\f', '\r', ' ', ' ', '\n', '\t'};
  check_decode(input, rest, chunk);
  check_encode(input, rest, spaces[(control >> 4) & 7], ((control >> 7) & 1) * 3 + 1);
  return 0;
}
