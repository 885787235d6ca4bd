// data: URLs, the parts shared by the files of the data: scheme (data.cpp,
// data_header.cpp, data_body.cpp, data_reader.cpp, data_writer.cpp): what a
// URL parser does before RFC 2397's grammar, the header before the ",", and
// the body decoder.  Internal: nothing here is public API.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/offset_in.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/mime_type.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit::data_detail {

constexpr std::string_view default_media_type = "text/plain;charset=US-ASCII";

// What a URL parser strips from both ends of its input: C0 controls and SPACE.
constexpr bool c0_or_space(char c) noexcept {
  return static_cast<unsigned char>(c) <= 0x20;
}
// What a URL parser removes everywhere: TAB, LF, CR.
constexpr bool tab_or_newline(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\r';
}

constexpr const char* bad_escape_detail =
    "\"%\" must be followed by two hex digits (write a literal \"%\" as %25)";

struct head_result {
  data_media media;
  std::size_t comma = 0;  // in the text given to read_head
};

std::string_view strip_c0_or_space(std::string_view s) noexcept;

error data_error(std::size_t offset, std::string_view buffer, error_code code, rule r,
                 const char* production, const char* detail) noexcept;

error data_char_error(std::size_t offset, char byte, const char* detail) noexcept;

using detail::offset_in;  // core/offset_in.hpp

std::optional<error> check_server(const url_view& u);

std::string serialized_mediatype(std::string_view part);

bool refused(const mime_type& m, const std::vector<std::string>& refused_types) noexcept;

mime_type rfc2397_media_type(std::string_view m);

result<head_result> read_head(const url_view& u, std::string_view text, bool whole,
                              const data_options& o);

std::string_view scheme_text(const url_view& u) noexcept;

// Decodes the body as it comes, in pieces: TAB, LF and CR removed (a URL
// parser does that first, so "%4<LF>1" is "A"), escapes decoded (a "%" not
// followed by two hex digits is data as it is, RFC 2397's "%fg"), then
// base64 when the URL says so.  Output goes to the sink in pieces of at most
// `chunk` bytes, from one buffer of chunk + 3 bytes; with no sink it is only
// counted (and checked).
class body_decoder {
 public:
  body_decoder(bool base64, bool strict, std::size_t chunk, const byte_sink* sink)
      : sink_(sink), base64_(base64), strict_(strict), chunk_(std::max<std::size_t>(chunk, 1)) {
    // Base64 needs 3 bytes of room for the group a piece may complete.
    cap_ = sink_ ? chunk_ + 3 : small_.size();
    if (cap_ > small_.size()) {
      big_.reset(new char[cap_]);  // uninitialized, as make_unique_for_overwrite (not in every
                                   // C++20 library)
      buf_ = big_.get();
    } else {
      buf_ = small_.data();
    }
  }
  body_decoder(const body_decoder&) = delete;
  body_decoder& operator=(const body_decoder&) = delete;

  /// Raw body text; `at` is the offset of text[0] in the URL.
  std::optional<error> feed(std::string_view text, std::size_t at);
  /// The end of the body, which is at offset `end_at`.
  std::optional<error> finish(std::size_t end_at);

  /// The sink of a reader's current call.
  void set_sink(const byte_sink* sink) noexcept { sink_ = sink; }
  /// Decoded bytes: all of them, or (with a sink) those handed over.
  std::size_t size() const noexcept { return sink_ ? delivered_ : counted_; }

 private:
  std::optional<error> emit(const char* p, std::size_t n, std::size_t at);
  std::optional<error> emit_base64(const char* p, std::size_t n, std::size_t at);
  void put(const char* p, std::size_t n);
  void deliver(const char* p, std::size_t n);
  void drain(std::size_t keep_below);

  const byte_sink* sink_;
  bool base64_;
  bool strict_;
  std::size_t chunk_;
  std::size_t cap_ = 0;
  std::array<char, 1024> small_;
  std::unique_ptr<char[]> big_;
  char* buf_ = nullptr;
  std::size_t used_ = 0;
  base64::decoder dec_;
  char digit_ = 0;     // the first hex digit of a pending escape
  unsigned nesc_ = 0;  // a pending escape: 1 after "%", 2 after "%" and a digit
  std::size_t esc_at_ = 0;
  std::size_t counted_ = 0;
  std::size_t delivered_ = 0;
  bool stopped_ = false;
};

}  // namespace urlkit::data_detail
