// urlkit — decode_view: a component of a URL read decoded, without a copy.
//
// The naming rule of the whole API (docs/guide.md, "Names"): the accessor
// named after a component gives it decoded, as a decode_view; the one named
// encoded_ and the component gives it as written, a std::string_view into
// the URL (path and encoded_path, host and encoded_host, ...).  A decode_view decodes while it
// is read (each "%" hex hex is its octet, RFC 1738 2.2), so a decoded
// accessor allocates nothing; to_string() makes the copy when the caller
// wants one.
//
// A decode_view is deliberately not a string: it has no data, size or
// substr member and no conversion to std::string_view, because the decoded
// text is not where the encoded one is.  Code that took url_view::path() as
// the text as written stops compiling instead of reading other bytes.
#pragma once

#include <compare>
#include <cstddef>
#include <iosfwd>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "urlkit/charset.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A %-escaped text read decoded: "%" hex hex is its octet; a "%" not
/// followed by two hex digits (which lenient mode accepts) is itself; "+"
/// is a space when the view was made so (HTML forms' query, see
/// query_param_view).  Views the encoded text: it must outlive the view.
class decode_view {
 public:
  /// A forward iterator over the decoded bytes.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;  ///< Forward only.
    using value_type = char;                              ///< A decoded byte.
    using difference_type = std::ptrdiff_t;               ///< A distance, in decoded bytes.
    using pointer = const char*;                          ///< Not used: bytes are values.
    using reference = char;                               ///< What * gives: the byte.

    /// A singular iterator.
    constexpr iterator() noexcept = default;
    /// The decoded byte here.
    constexpr char operator*() const noexcept {
      if (escape())
        return static_cast<char>(charset::hex_value(p_[1]) * 16 + charset::hex_value(p_[2]));
      return *p_ == '+' && plus_ ? ' ' : *p_;
    }
    /// The next decoded byte.
    constexpr iterator& operator++() noexcept {
      p_ += escape() ? 3 : 1;
      return *this;
    }
    /// The next decoded byte; returns the iterator as it was.
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// At the same place of the same text.
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.p_ == b.p_;
    }
    /// Where this byte starts in the encoded text.
    constexpr const char* encoded_position() const noexcept { return p_; }

   private:
    friend class decode_view;
    constexpr iterator(const char* p, const char* end, bool plus) noexcept
        : p_(p), end_(end), plus_(plus) {}
    constexpr bool escape() const noexcept {
      return *p_ == '%' && end_ - p_ >= 3 && charset::is(charset::hex, p_[1]) &&
             charset::is(charset::hex, p_[2]);
    }
    const char* p_ = nullptr;
    const char* end_ = nullptr;
    bool plus_ = false;
  };

  /// An empty text.
  constexpr decode_view() noexcept = default;
  /// `encoded` read decoded; "+" as a space when `plus_as_space`.
  constexpr explicit decode_view(std::string_view encoded, bool plus_as_space = false) noexcept
      : s_(encoded), plus_(plus_as_space) {}
  template <class S>
  requires std::same_as<std::remove_cvref_t<S>, std::string> &&
      (!std::is_lvalue_reference_v<S>)explicit decode_view(
          S&& encoded, bool plus_as_space = false) = delete;  // it would dangle

  /// The first decoded byte.
  constexpr iterator begin() const noexcept { return {s_.data(), s_.data() + s_.size(), plus_}; }
  /// Past the last decoded byte.
  constexpr iterator end() const noexcept {
    return {s_.data() + s_.size(), s_.data() + s_.size(), plus_};
  }
  /// The text as written, still %-escaped.
  constexpr std::string_view encoded() const noexcept { return s_; }
  /// Whether the text is empty (decoded or not: an escape is one byte).
  constexpr bool empty() const noexcept { return s_.empty(); }
  /// The number of decoded bytes (at most encoded().size()).
  std::size_t decoded_size() const noexcept;
  /// Whether decoding changes nothing (no escape; no "+" read as a space).
  bool is_as_written() const noexcept;

  /// The decoded text, in a new string.
  std::string to_string() const;
  /// Appends the decoded text to `out`.
  void append_to(std::string& out) const;
  /// Writes the decoded text into `out`, without allocating: the number of
  /// bytes written, or error_code::buffer_too_small when `out` holds fewer
  /// than decoded_size().
  result<std::size_t> decode_to(std::span<char> out) const noexcept;

  /// Whether the decoded text starts with `prefix`.
  bool starts_with(std::string_view prefix) const noexcept;
  /// Compares the decoded text with `other`: < 0, 0 or > 0, as
  /// std::string_view::compare (bytes as unsigned char).
  int compare(std::string_view other) const noexcept;
  /// Compares the decoded texts.
  int compare(const decode_view& other) const noexcept;

  /// The decoded text is `b`.
  friend bool operator==(const decode_view& a, std::string_view b) noexcept {
    return a.compare(b) == 0;
  }
  /// The decoded texts are the same ("%41" and "A" are).
  friend bool operator==(const decode_view& a, const decode_view& b) noexcept {
    return a.compare(b) == 0;
  }
  /// The decoded texts' order.
  friend std::strong_ordering operator<=>(const decode_view& a, std::string_view b) noexcept {
    return a.compare(b) <=> 0;
  }
  /// The decoded texts' order.
  friend std::strong_ordering operator<=>(const decode_view& a, const decode_view& b) noexcept {
    return a.compare(b) <=> 0;
  }

 private:
  std::string_view s_{};
  bool plus_ = false;
};

/// Writes the decoded text.
std::ostream& operator<<(std::ostream& os, const decode_view& v);

}  // namespace urlkit
URLKIT_END_API
