// urlkit — the parts of a typed scheme view (ftp_view, http_view, ...) as
// written: views into the URL, still %-escaped, decoded only when asked.
//
// A typed view checks every part when it parses the URL (an escape that a
// scheme refuses, such as an encoded CR in an ftp <cwd>, fails parse_ftp), so
// decoding a part later cannot fail but for want of room in the caller's
// buffer.  Nothing here allocates, but decode() (the std::string it returns)
// and encoded_parts::decode() (the vector).
#pragma once

#include <cstddef>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/encoding.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One part of a URL as written, still %-escaped: a view into the URL.
class encoded_part {
 public:
  /// An empty part.
  constexpr encoded_part() noexcept = default;
  /// The part `s`, as written in the URL.
  constexpr explicit encoded_part(std::string_view s) noexcept : s_(s) {}

  /// The part as written.
  constexpr std::string_view encoded() const noexcept { return s_; }
  /// The same, for the functions that take a std::string_view.
  constexpr operator std::string_view() const noexcept { return s_; }  // NOLINT: a view of a view
  /// Whether the part is empty.
  constexpr bool empty() const noexcept { return s_.empty(); }

  /// The number of bytes decode() gives (at most encoded().size()).
  std::size_t decoded_size() const noexcept { return urlkit::decoded_size(s_); }
  /// The part decoded: each "%" hex hex is its octet; a "%" not followed by
  /// two hex digits (which lenient mode accepts) stays as it is.
  std::string decode() const { return urlkit::decode(s_).value(); }
  /// Writes decode() into `out` without allocating: the number of bytes
  /// written, or error_code::buffer_too_small when `out` holds fewer than
  /// decoded_size().
  result<std::size_t> decode_to(std::span<char> out) const noexcept {
    return urlkit::decode_to(s_, out);
  }

 private:
  std::string_view s_{};
};

/// A list of encoded parts separated by one character: ftp's <cwd>s, http's
/// hsegments, prospero's fieldspecs.  A list that is present has one more
/// element than separators (a present but empty list has one empty element);
/// an absent one (a text with null data) has none.  Iterating allocates
/// nothing: each element is an encoded_part viewing the URL.
class encoded_parts {
 public:
  /// A forward iterator over the elements, each an encoded_part.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;  ///< Forward only.
    using value_type = encoded_part;                      ///< An element.
    using difference_type = std::ptrdiff_t;               ///< A distance.
    using pointer = const encoded_part*;                  ///< Not used: elements are values.
    using reference = encoded_part;                       ///< What * gives: a value.

    /// The end.
    constexpr iterator() noexcept = default;

    /// The current element.
    constexpr encoded_part operator*() const noexcept { return encoded_part(current_); }
    /// Moves to the next element.
    constexpr iterator& operator++() noexcept {
      const char* const next = current_.data() + current_.size();
      if (next == end_) {
        *this = iterator();
      } else {
        current_ = first_of(std::string_view(next + 1, static_cast<std::size_t>(end_ - next - 1)),
                            separator_);
      }
      return *this;
    }
    /// Moves to the next element; returns the iterator as it was.
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// Whether both are at the same element of the same list, or both at the end.
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.end_ == b.end_ && a.current_.data() == b.current_.data();
    }

   private:
    friend class encoded_parts;
    constexpr iterator(std::string_view text, char separator) noexcept
        : current_(first_of(text, separator)),
          end_(text.data() + text.size()),
          separator_(separator) {}
    static constexpr std::string_view first_of(std::string_view s, char separator) noexcept {
      return s.substr(0, s.find(separator));
    }
    std::string_view current_{};  // the element; null data at the end
    const char* end_ = nullptr;   // the end of the list's text; null at the end
    char separator_ = '/';
  };

  /// An absent list: no elements.
  constexpr encoded_parts() noexcept = default;
  /// The elements of `text` between `separator`s; none when text.data() is null.
  constexpr encoded_parts(std::string_view text, char separator) noexcept
      : text_(text), separator_(separator) {}

  /// The first element.
  constexpr iterator begin() const noexcept {
    return text_.data() == nullptr ? iterator() : iterator(text_, separator_);
  }
  /// Past the last element.
  constexpr iterator end() const noexcept { return {}; }
  /// True for an absent list only: a present list has at least one element.
  constexpr bool empty() const noexcept { return text_.data() == nullptr; }
  /// The number of elements (one more than the separators in a present list).
  constexpr std::size_t size() const noexcept {
    if (text_.data() == nullptr) return 0;
    std::size_t n = 1;
    for (char c : text_) n += c == separator_ ? 1 : 0;
    return n;
  }
  /// The first element (the list must not be empty()).
  constexpr encoded_part front() const noexcept { return *begin(); }
  /// The text the elements are read from, separators included.
  constexpr std::string_view buffer() const noexcept { return text_; }

  /// Every element decoded, in order.  Allocates the vector and its strings.
  std::vector<std::string> decode() const {
    std::vector<std::string> out;
    out.reserve(size());
    for (encoded_part p : *this) out.push_back(p.decode());
    return out;
  }

 private:
  std::string_view text_{};
  char separator_ = '/';
};

}  // namespace urlkit
URLKIT_END_API
