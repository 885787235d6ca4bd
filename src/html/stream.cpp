// What the streaming HTML tools share (stream.hpp), and the reader that
// finds the first BASE.
#include "stream.hpp"

#include <string.h>  // memrchr

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "char_ref.hpp"
#include "urlkit/detail/error_at.hpp"

namespace urlkit::html::detail {

namespace {

/// Whether HTML replaces code point `c` with U+FFFD when it reads the input
/// (HTML's "preprocessing the input stream": controls other than ASCII white
/// space, and noncharacters).
bool replaced_on_input(std::uint32_t c) noexcept {
  return (c >= 0x01 && c <= 0x08) || c == 0x0B || (c >= 0x0E && c <= 0x1F) ||
         (c >= 0x7F && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

}  // namespace

std::optional<attribute_value> value_of(const start_tag& tag, std::size_t i, std::string& buffer) {
  const tag_attribute& a = tag.attributes[i];
  std::optional<attribute_value> out;
  if (!a.has_value) return out;
  // (Made where it is returned: one made aside and copied is read back
  // whole before its fields' stores have landed, a stall each time.)
  attribute_value& v = out.emplace();
  v.begin = tag.offset + a.value_begin;
  v.end = tag.offset + a.value_end;
  v.quote = a.quote;
  const std::size_t skip = a.quote != 0 ? 1 : 0;
  v.content_begin = v.begin + skip;
  v.content = slice(tag.text, a.value_begin + skip, a.value_end - a.value_begin - 2 * skip);
  v.raw = v.content.find('&') == std::string_view::npos;
  if (v.raw) {
    v.decoded = v.content;
    return out;
  }
  buffer.clear();
  if (first_non_utf8(v.content) == std::string_view::npos) {
    decode_attribute_value(v.content, buffer);
  } else {
    // HTML's reading: the bytes it replaces with U+FFFD as it reads the
    // input, then the references.
    std::string read;
    replace_as_html_reads(v.content, read);
    decode_attribute_value(read, buffer);
  }
  v.decoded = buffer;
  return out;
}

void replace_as_html_reads(std::string_view s, std::string& out) {
  static constexpr std::string_view replacement = "\xEF\xBF\xBD";
  while (!s.empty()) {
    const std::size_t bad = first_non_utf8(s);
    if (bad == std::string_view::npos) {
      out.append(s);
      return;
    }
    out.append(s.substr(0, bad));
    out.append(replacement);
    // One U+FFFD for a character replaced (a control, a noncharacter), or
    // for each maximal start of a sequence that is not UTF-8: the lead byte
    // and the continuation bytes that could still follow it (the Encoding
    // Standard's UTF-8 decoder, as HTML's reading uses it).
    const auto b = static_cast<unsigned char>(s[bad]);
    std::size_t want = 1;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      want = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      want = 3;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      want = 4;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    }
    std::size_t n = 1;
    while (n < want && bad + n < s.size()) {
      const auto d = static_cast<unsigned char>(s[bad + n]);
      if (d < (n == 1 ? lo : 0x80) || d > (n == 1 ? hi : 0xBF)) break;
      ++n;
    }
    s.remove_prefix(bad + n);
  }
}

std::size_t first_non_utf8(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == 0 || replaced_on_input(b)) return i;
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    std::uint32_t c = 0;
    if (b >= 0xC2 && b <= 0xDF) {
      n = 1;
      c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      n = 2;
      c = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;  // overlong
      if (b == 0xED) hi = 0x9F;  // surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      n = 3;
      c = b & 0x07;
      if (b == 0xF0) lo = 0x90;  // overlong
      if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return i;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) return i;
      c = (c << 6) | (d & 0x3F);
    }
    if (replaced_on_input(c)) return i;
    i += n + 1;
  }
  return std::string_view::npos;
}

urlkit::error replaced_byte(const attribute_value& value, std::size_t bad_byte) noexcept {
  urlkit::error e{};
  e.code = error_code::invalid_character;
  e.rule = rule::reference;
  e.offset = bad_byte;
  e.byte = static_cast<unsigned char>(value.content[bad_byte]);
  e.has_byte = true;
  return e;
}

urlkit::error tag_too_large_at(std::uint64_t offset) {
  urlkit::error e = urlkit::detail::error_at(error_code::tag_too_large, rule::reference, {}, 0);
  e.offset = static_cast<std::size_t>(offset);
  e.detail = "67108864";
  static_assert(max_tag_size == 67108864, "the detail says max_tag_size");
  return e;
}

std::size_t base_href_index(const start_tag& tag, const element_info& info) noexcept {
  if (!info.element || info.ns != element_namespace::html || info.name != "base" ||
      info.in_template)
    return std::string_view::npos;
  for (std::size_t i = 0; i < tag.names.size(); ++i)
    if (tag.names[i] == "href") return i;
  return std::string_view::npos;
}

href_text href_in(const start_tag& tag, const std::optional<attribute_value>& value) {
  href_text h;
  if (!value) {
    // "<base href>": an empty href, the same document (draft 3), at the tag.
    h.offset = tag.offset;
    return h;
  }
  const auto urls = split_urls(value->decoded, url_list::single);
  h.href.assign(value->decoded.substr(urls[0].first, urls[0].second - urls[0].first));
  // Where the URL starts among the bytes as written.
  const auto written = split_urls(value->content, url_list::single);
  h.offset = value->content_begin + written[0].first;
  return h;
}

result<std::string> href_of(const href_text& h, const std::optional<attribute_value>& value) {
  const std::size_t bad =
      value && !value->raw ? first_non_utf8(value->content) : std::string_view::npos;
  if (bad == std::string_view::npos) return h.href;
  // Not the href the document wrote: absolutize's reading (link::resolved).
  urlkit::error e = replaced_byte(*value, bad);
  e.source = "base href";
  return e;
}

base_reader::base_reader() : tokens_(*this, max_tag_size) {}

bool base_reader::write(std::string_view piece) {
  // In steps, so that reading stops soon after the BASE.
  constexpr std::size_t step = 64 * 1024;
  for (std::size_t at = 0; at < piece.size() && !found_; at += step)
    if (!tokens_.write(piece.substr(at, step))) return false;
  return true;
}

void base_reader::finish() {
  tokens_.finish();
}

void base_reader::text(std::string_view bytes) {
  (void)bytes;
}

text_mode base_reader::start(const start_tag& tag) {
  text_mode mode = text_mode::data;
  const element_info info = tree_.start(tag, mode);
  const std::size_t href = found_ ? std::string_view::npos : base_href_index(tag, info);
  if (href == std::string_view::npos) return mode;
  const std::optional<attribute_value> value = value_of(tag, href, buffer_);
  href_text h = href_in(tag, value);
  base_href b;
  b.where = tokens_.position_of(h.offset);
  b.href = href_of(h, value);
  found_ = std::move(b);
  return mode;
}

void base_reader::end(std::string_view name, std::string_view before) {
  (void)before;
  tree_.end(name);
}

bool base_reader::in_foreign_content() const {
  return tree_.in_foreign_content();
}

}  // namespace urlkit::html::detail
