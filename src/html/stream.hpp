// What the streaming HTML tools share: a start tag's attribute values read
// as HTML reads them, line and column counting over a stream, and the two
// readers of a document's tokens: the one that finds the first BASE
// (base_href.cpp) and the one that rewrites links (absolutize.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tokenizer.hpp"
#include "tree_builder.hpp"
#include "urlkit/error.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html::detail {

/// An attribute's value: where it is written, and what it says.
struct attribute_value {
  std::uint64_t begin = 0, end = 0;  ///< the value as written, quotes included
  char quote = 0;                    ///< '"', '\'', or 0 when unquoted
  std::uint64_t content_begin = 0;   ///< the value without its quotes
  std::string_view content;          ///< the bytes as written
  /// Without "&" no character reference can be in the value, and the bytes
  /// as written are the value: they are used as they are, so that bytes that
  /// are not UTF-8 (which HTML's reading replaces with U+FFFD) survive.
  /// Otherwise the value is HTML's decoding of them.
  bool raw = true;
  std::string_view decoded;  ///< content, or the decoding (in the buffer given)
};

/// Attribute `i` of `tag`'s value, decoded into `buffer` when it holds a
/// character reference; nullopt for an attribute written without a value.
std::optional<attribute_value> value_of(const start_tag& tag, std::size_t i, std::string& buffer);

/// The error of a value HTML decoded with a byte it replaced (at `bad_byte`
/// of the value as written): the URL it gives is not the one written.
urlkit::error replaced_byte(const attribute_value& value, std::size_t bad_byte) noexcept;

/// The first byte of `s` that HTML's reading does not keep as written: one
/// that makes it invalid UTF-8, a NUL, or the first byte of a character that
/// HTML's "preprocessing the input stream" replaces (controls other than
/// ASCII white space, noncharacters); npos when there is none.
std::size_t first_non_utf8(std::string_view s) noexcept;

/// `s` with what HTML's reading replaces (first_non_utf8) written U+FFFD.
void replace_as_html_reads(std::string_view s, std::string& out);

/// The start of the document held until its encoding is known: HTML's
/// prescan reads the first 1024 bytes.
inline constexpr std::size_t encoding_prescan = 1024;

/// Reads a document's tokens up to its first BASE with an href (HTML
/// namespace, outside templates, an element the tree construction makes).
class base_reader final : public token_sink {
 public:
  base_reader();
  /// The next piece; false for a tag longer than max_tag_size.
  bool write(std::string_view piece);
  void finish();
  bool found() const noexcept { return found_.has_value(); }
  const std::optional<base_href>& base() const noexcept { return found_; }
  std::uint64_t failed_at() const noexcept { return tokens_.failed_at(); }
  std::size_t held() const noexcept { return tokens_.held(); }

  void text(std::string_view bytes) override;
  text_mode start(const start_tag& tag) override;
  void end(std::string_view name, std::string_view before) override;
  bool in_foreign_content() const override;
  bool wants_characters() const override { return tree_.wants_characters(); }
  void characters(std::string_view bytes) override { tree_.characters(bytes); }

 private:
  tree_builder tree_;
  tokenizer tokens_;
  std::optional<base_href> found_;
  std::string buffer_;
};

/// The error for a start tag longer than max_tag_size, at `offset`.
urlkit::error tag_too_large_at(std::uint64_t offset);

/// Whether a start tag is the BASE that gives the document its base: an
/// HTML base element outside templates; the index of its href, or npos.
std::size_t base_href_index(const start_tag& tag, const element_info& info) noexcept;

/// The URL in an href's value (HTML: white space around it removed) and
/// where it starts in the document.
struct href_text {
  std::string href;
  std::uint64_t offset = 0;
};
href_text href_in(const start_tag& tag, const std::optional<attribute_value>& value);

/// base_href::href for that href: the error of a value HTML decoded with a
/// byte it replaced (not the href the document wrote), else the href.
result<std::string> href_of(const href_text& h, const std::optional<attribute_value>& value);

}  // namespace urlkit::html::detail
