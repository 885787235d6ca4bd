// urlkit — the segments of a path (draft-fielding-uri-url-00 4.3.2) and the
// name=value pairs of a query, as views: nothing is allocated, every element
// is a decode_view of the URL (decoded when read, encoded() as written).
//
//   path  = fsegment *( "/" segment )      (4.3.2; the leading "/" is not part of it)
//   query = *urlchar                        (4.3.4)
//
// The draft gives a query no structure.  The name=value pairs separated by
// "&" are the convention of HTML forms (application/x-www-form-urlencoded),
// which nearly every query follows; query_params_view reads a query that
// way, and url's query-parameter setters write one.
#pragma once

#include <concepts>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>

#include "urlkit/decode_view.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {

/// What the forward iterators of the lists share besides their own state:
/// the standard's member types for elements of type `Value` (given by value,
/// views themselves) and the postfix increment.  `Derived` defines `*`, the
/// prefix `++` (and says `using forward_iterator_base::operator++;`) and `==`.
template <class Derived, class Value>
struct forward_iterator_base {
  using iterator_category = std::forward_iterator_tag;  ///< Forward only.
  using value_type = Value;                             ///< An element.
  using difference_type = std::ptrdiff_t;               ///< A distance.
  using pointer = const Value*;                         ///< Not used: elements are values.
  using reference = Value;                              ///< What * gives: a value.

  /// Moves to the next element; returns the iterator as it was.
  Derived operator++(int) noexcept {
    Derived old = static_cast<Derived&>(*this);
    ++static_cast<Derived&>(*this);
    return old;
  }
  /// No state here: equal (so that a derived `==` may be defaulted).
  bool operator==(const forward_iterator_base&) const noexcept = default;
};

/// The elements of a string between its `separator`s: a non-empty string has
/// one more element than separators; an empty one has none, or one empty
/// element when `empty_is_element`.
class split_iterator : public forward_iterator_base<split_iterator, std::string_view> {
 public:
  /// The end.
  split_iterator() noexcept = default;
  /// The first element of `s`.
  split_iterator(std::string_view s, char separator, bool empty_is_element = false) noexcept;

  /// The current element.
  std::string_view operator*() const noexcept { return current_; }
  /// The next element.
  split_iterator& operator++() noexcept;
  using forward_iterator_base::operator++;
  /// Both at the end, or at the same element of the same string.
  friend bool operator==(const split_iterator& a, const split_iterator& b) noexcept {
    return a.done_ == b.done_ && (a.done_ || a.current_.data() == b.current_.data());
  }

 private:
  std::string_view current_{};
  std::string_view rest_{};  // after the separator that ends current_
  bool more_ = false;        // a separator ends current_
  bool done_ = true;
  char separator_ = '/';
};

}  // namespace detail

/// The one list type of the API: the segments of a path, split at every "/"
/// (draft 4.3.2), and the other lists a scheme writes with one separator
/// (ftp's <cwd>s, mailto's addresses, prospero's fieldspecs).  Each element
/// is a decode_view: decoded when read, encoded() as written; an encoded
/// separator (%2F) stays inside its element.  Nothing is allocated.
///
/// The rule for paths (docs/guide.md, "Names"): an empty path has no
/// segments; any other has one more than its "/" ("a/b/" has "a", "b", "").
/// The leading "/" is not in the path (url_view::absolute_path()), so
/// "http://h/" and "http://h" both have none.  A scheme list that is present
/// but empty (ftp's <cwd> of "ftp://h//f") has one empty element: list().
class segments_view {
 public:
  /// A forward iterator over the elements, each a decode_view.
  class iterator : public detail::forward_iterator_base<iterator, decode_view> {
   public:
    /// The end.
    iterator() noexcept = default;
    /// The current element.
    decode_view operator*() const noexcept { return decode_view(*elements_); }
    /// Moves to the next element.
    iterator& operator++() noexcept {
      ++elements_;
      return *this;
    }
    using forward_iterator_base::operator++;
    /// Whether both are at the same element of the same text, or both at the end.
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.elements_ == b.elements_;
    }

   private:
    friend class segments_view;
    explicit iterator(detail::split_iterator it) noexcept : elements_(it) {}
    detail::split_iterator elements_{};
  };

  /// No segments.
  segments_view() noexcept = default;
  /// The segments of `path` (url_view::encoded_path(): without its leading
  /// "/"): none when it is empty.
  explicit segments_view(std::string_view path) noexcept : text_(path) {}
  template <class S>
  requires std::same_as<std::remove_const_t<S>, std::string>
  explicit segments_view(S&& path) = delete;  // it would point into a dying string

  /// A scheme's list: the elements of `text` between `separator`s, one
  /// empty element when `text` is empty, none when text.data() is null
  /// (the list is absent).
  static segments_view list(std::string_view text, char separator) noexcept {
    segments_view v(text);
    v.separator_ = separator;
    v.empty_is_element_ = text.data() != nullptr;
    return v;
  }

  /// The first element.
  iterator begin() const noexcept {
    return iterator(detail::split_iterator(text_, separator_, empty_is_element_));
  }
  /// Past the last element.
  iterator end() const noexcept { return {}; }
  /// Whether there are no elements.
  bool empty() const noexcept { return text_.empty() && !empty_is_element_; }
  /// The number of elements (one more than the separators, unless empty()).
  std::size_t size() const noexcept;
  /// The first element (the list must not be empty()).
  decode_view front() const noexcept { return *begin(); }
  /// The text the elements are read from, separators included, as written.
  std::string_view buffer() const noexcept { return text_; }

 private:
  std::string_view text_{};
  char separator_ = '/';
  bool empty_is_element_ = false;
};

/// One name=value element, "name=value" or "name" alone (no "="): of a
/// query (query_params_view), of a mailto URL's header fields
/// (mailto_headers), of a prospero URL's fieldspecs (prospero_fieldspecs).
class query_param_view {
 public:
  /// No element: an empty name and no value.
  query_param_view() noexcept = default;
  /// `element` split at its first "=" (an escaped "=", %3D, is data).
  explicit query_param_view(std::string_view element) noexcept
      : name_(element.substr(0, element.find('='))),
        value_(name_.size() < element.size() ? element.substr(name_.size() + 1)
                                             : std::string_view()),
        has_value_(name_.size() < element.size()) {}

  /// The name as written, still %-escaped.
  std::string_view encoded_name() const noexcept { return name_; }
  /// The value as written; empty when there is no "=".
  std::string_view encoded_value() const noexcept { return value_; }
  /// Whether an "=" follows the name: "a=" has an empty value, "a" has none.
  bool has_value() const noexcept { return has_value_; }
  /// The name decoded: %XX, and "+" as a space when `plus_as_space` (HTML
  /// forms write a space so).
  decode_view name(bool plus_as_space = false) const noexcept {
    return decode_view(name_, plus_as_space);
  }
  /// The value decoded, as name() decodes the name.
  decode_view value(bool plus_as_space = false) const noexcept {
    return decode_view(value_, plus_as_space);
  }

 private:
  std::string_view name_{};
  std::string_view value_{};
  bool has_value_ = false;
};

/// The name=value pairs of a query, split at every "&": "a=1&b" has two, ""
/// none, "a&&b" three (the middle one with an empty name).
class query_params_view {
 public:
  /// A forward iterator over the parameters, each a query_param_view.
  class iterator : public detail::forward_iterator_base<iterator, query_param_view> {
   public:
    /// The end.
    iterator() noexcept = default;
    /// The current parameter, split at its first "=".
    query_param_view operator*() const noexcept;
    /// Moves to the next parameter.
    iterator& operator++() noexcept;
    using forward_iterator_base::operator++;
    /// Whether both are at the same parameter of the same query, or both at the end.
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.elements_ == b.elements_;
    }

   private:
    friend class query_params_view;
    explicit iterator(detail::split_iterator it) noexcept : elements_(it) {}
    detail::split_iterator elements_{};  // the query split at "&"
  };

  /// No parameters.
  query_params_view() noexcept = default;
  /// The parameters of `query` (url_view::encoded_query(): without its "?").
  explicit query_params_view(std::string_view query) noexcept : query_(query) {}
  template <class S>
  requires std::same_as<std::remove_const_t<S>, std::string>
  explicit query_params_view(S&& query) = delete;  // it would point into a dying string

  /// The first parameter.
  iterator begin() const noexcept;
  /// Past the last parameter.
  iterator end() const noexcept { return {}; }
  /// Whether there are no parameters (the query is empty).
  bool empty() const noexcept { return query_.empty(); }
  /// The number of parameters (one more than the "&" in a non-empty query).
  std::size_t size() const noexcept;
  /// The first parameter whose decoded name is `decoded_name`, or end().
  iterator find(std::string_view decoded_name, bool plus_as_space = false) const noexcept;
  /// Whether a parameter's decoded name is `decoded_name`.
  bool contains(std::string_view decoded_name, bool plus_as_space = false) const noexcept {
    return find(decoded_name, plus_as_space) != end();
  }
  /// The query the parameters are read from.
  std::string_view buffer() const noexcept { return query_; }

 private:
  std::string_view query_{};
};

}  // namespace urlkit
URLKIT_END_API
