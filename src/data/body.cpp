// data: URLs, the body: TAB/LF/CR removed, escapes decoded, then base64,
// as the body comes, in pieces (data_internal.hpp, body_decoder).
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "data/internal.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/support.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit::data_detail {

// ---- the body ------------------------------------------------------------------

void body_decoder::deliver(const char* p, std::size_t n) {
  if (stopped_) return;
  delivered_ += n;
  if (!(*sink_)(std::string_view(p, n))) stopped_ = true;
}

// Hands over whole chunks while the buffer holds at least `keep_below`.
void body_decoder::drain(std::size_t keep_below) {
  if (!sink_) {
    used_ = 0;
    return;
  }
  std::size_t off = 0;
  while (used_ - off >= keep_below && used_ > off) {
    const std::size_t n = std::min(chunk_, used_ - off);
    deliver(buf_ + off, n);
    off += n;
  }
  if (off) std::memmove(buf_, buf_ + off, used_ - off);
  used_ -= off;
}

void body_decoder::put(const char* p, std::size_t n) {
  counted_ += n;
  if (!sink_) return;
  while (n > 0 && !stopped_) {
    if (used_ == 0 && n >= chunk_) {  // a whole chunk of the input: no copy
      deliver(p, chunk_);
      p += chunk_;
      n -= chunk_;
      continue;
    }
    const std::size_t take = std::min(n, chunk_ - used_);
    std::memcpy(buf_ + used_, p, take);
    used_ += take;
    p += take;
    n -= take;
    drain(chunk_);
  }
}

std::optional<error> body_decoder::emit_base64(const char* p, std::size_t n, std::size_t at) {
  while (n > 0 && !stopped_) {
    const std::size_t room = cap_ - used_;  // at least 4: drain leaves less than chunk_
    const std::size_t take = std::min(n, (room - 3) / 3 * 4 + 3);
    const std::size_t before = dec_.consumed();
    auto r = dec_.update(std::string_view(p, take), std::span<char>(buf_ + used_, room));
    if (!r) {
      error e = r.error();
      e.offset = at + (e.offset - before);  // the decoder counts from its first byte
      return e;
    }
    used_ += *r;
    counted_ += *r;
    p += take;
    n -= take;
    at += take;
    drain(chunk_);
  }
  return std::nullopt;
}

std::optional<error> body_decoder::emit(const char* p, std::size_t n, std::size_t at) {
  if (base64_) return emit_base64(p, n, at);
  put(p, n);
  return std::nullopt;
}

std::optional<error> body_decoder::feed(std::string_view text, std::size_t at) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin;
  auto offset = [&](const char* q) { return at + static_cast<std::size_t>(q - begin); };
  // Which bytes need a look: in strict mode, every byte that is not a urlchar
  // (RFC 2397 3: data := *urlchar), "%" included; else "%", TAB, LF, CR.
  auto plain = [this](char c) {
    return strict_ ? charset::is(charset::urlchar, c) : c != '%' && !tab_or_newline(c);
  };
  while (p != end && !stopped_) {
    if (nesc_ != 0) {
      const char c = *p;
      if (!strict_ && tab_or_newline(c)) {
        ++p;
        continue;
      }
      if (charset::is(charset::hex, c)) {
        ++p;
        if (nesc_ == 1) {
          digit_ = c;
          nesc_ = 2;
          continue;
        }
        nesc_ = 0;
        const auto b = static_cast<char>(charset::hex_value(digit_) * 16 + charset::hex_value(c));
        if (auto e = emit(&b, 1, esc_at_)) return e;
        continue;
      }
      // Not an escape: "%" (and the digit) are data as they are; `c` is looked at again.
      if (strict_) return data_char_error(esc_at_, '%', bad_escape_detail);
      const char literal[2] = {'%', digit_};
      const unsigned n = nesc_;
      nesc_ = 0;
      if (auto e = emit(literal, n, esc_at_)) return e;
      continue;
    }
    const char* q = p;
    while (q != end && plain(*q)) ++q;
    if (q != p) {
      if (auto e = emit(p, static_cast<std::size_t>(q - p), offset(p))) return e;
      p = q;
      continue;
    }
    if (*p == '%') {
      nesc_ = 1;
      esc_at_ = offset(p);
    } else if (strict_) {
      return data_char_error(offset(p), *p,
                             "data is *urlchar: escape other bytes as %XX (RFC 2397 3)");
    }  // else TAB, LF or CR, which a URL parser removes
    ++p;
  }
  return std::nullopt;
}

std::optional<error> body_decoder::finish(std::size_t end_at) {
  if (stopped_) return std::nullopt;
  if (nesc_ != 0) {
    if (strict_) return data_char_error(esc_at_, '%', bad_escape_detail);
    const char literal[2] = {'%', digit_};
    const unsigned n = nesc_;
    nesc_ = 0;
    if (auto e = emit(literal, n, esc_at_)) return e;
  }
  if (base64_ && !stopped_) {
    auto r = dec_.finish(std::span<char>(buf_ + used_, cap_ - used_));
    if (!r) {
      error e = r.error();
      e.offset = end_at;  // what fails at the end (length, padding) shows at the end
      return e;
    }
    used_ += *r;
    counted_ += *r;
  }
  drain(1);
  return std::nullopt;
}

}  // namespace urlkit::data_detail
