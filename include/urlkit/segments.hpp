// urlkit — the segments of a path (draft-fielding-uri-url-00 4.3.2) and the
// name=value pairs of a query, as views: nothing is allocated, every element
// is a std::string_view into the URL, still %-escaped.
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

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {

/// The elements of a string between its `separator`s: a non-empty string has
/// one more element than separators, an empty one has none.
class split_iterator {
 public:
  using iterator_category = std::forward_iterator_tag;  ///< A forward iterator.
  using value_type = std::string_view;                  ///< An element, a view into the string.
  using difference_type = std::ptrdiff_t;               ///< The distance between two iterators.
  using pointer = const std::string_view*;              ///< What operator-> would give.
  using reference = std::string_view;                   ///< What operator* gives: a view, by value.

  /// The end.
  split_iterator() noexcept = default;
  /// The first element of `s`.
  split_iterator(std::string_view s, char separator) noexcept;

  /// The current element.
  std::string_view operator*() const noexcept { return current_; }
  /// The next element.
  split_iterator& operator++() noexcept;
  /// The next element; returns the iterator as it was.
  split_iterator operator++(int) noexcept {
    split_iterator old = *this;
    ++*this;
    return old;
  }
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

/// The segments of a path, split at every "/": "a/b/" has three ("a", "b",
/// ""), "a" one, and an empty path none.  An encoded "/" (%2F) stays inside
/// its segment.
class segments_view {
 public:
  /// Reads the segments in order, each a std::string_view, still %-escaped.
  using iterator = detail::split_iterator;

  /// No segments.
  segments_view() noexcept = default;
  /// The segments of `path` (url_view::path(): without its leading "/").
  explicit segments_view(std::string_view path) noexcept : path_(path) {}
  template <class S>
  requires std::same_as<std::remove_const_t<S>, std::string>
  explicit segments_view(S&& path) = delete;  // it would point into a dying string

  /// The first segment.
  iterator begin() const noexcept { return {path_, '/'}; }
  /// Past the last segment.
  iterator end() const noexcept { return {}; }
  /// Whether there are no segments (the path is empty).
  bool empty() const noexcept { return path_.empty(); }
  /// The number of segments (one more than the "/" in a non-empty path).
  std::size_t size() const noexcept;
  /// The path the segments are read from.
  std::string_view buffer() const noexcept { return path_; }

 private:
  std::string_view path_{};
};

/// One element of a query: "name=value", or "name" alone (no "=").
struct query_param_view {
  std::string_view name{};   ///< still %-escaped
  std::string_view value{};  ///< still %-escaped; empty when there is no "="
  bool has_value = false;    ///< "a=" has an empty value, "a" has none

  /// The decoded name: %XX decoded, and "+" as a space when `plus_as_space`
  /// (HTML forms write a space so).
  std::string decoded_name(bool plus_as_space = false) const;
  /// The decoded value, as decoded_name() decodes the name.
  std::string decoded_value(bool plus_as_space = false) const;
  /// Whether the decoded name is `decoded` (compared without allocating).
  bool name_is(std::string_view decoded, bool plus_as_space = false) const noexcept;
};

/// The name=value pairs of a query, split at every "&": "a=1&b" has two, ""
/// none, "a&&b" three (the middle one with an empty name).
class query_params_view {
 public:
  /// A forward iterator over the parameters, each a query_param_view.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;  ///< Forward only.
    using value_type = query_param_view;                  ///< A parameter.
    using difference_type = std::ptrdiff_t;               ///< A distance.
    using pointer = const query_param_view*;              ///< Not used: elements are values.
    using reference = query_param_view;                   ///< What * gives: a value.

    /// The end.
    iterator() noexcept = default;
    /// The current parameter, split at its first "=".
    query_param_view operator*() const noexcept;
    /// Moves to the next parameter.
    iterator& operator++() noexcept;
    /// Moves to the next parameter; returns the iterator as it was.
    iterator operator++(int) noexcept {
      iterator old = *this;
      ++*this;
      return old;
    }
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
  /// The parameters of `query` (url_view::query(): without its "?").
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
