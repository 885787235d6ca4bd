// urlkit — result<T, E>: a value or an error (C++20 has no std::expected).
//
// The one result type of the library: every operation that bad input can
// make fail returns one, and none throws for bad input (only std::bad_alloc
// may escape, and result::value() throws bad_result_access when asked for a
// value that is not there).  E is urlkit::error throughout the library; where
// its offset counts in something other than the input, error::source says in
// what (resolve's base, a base layer, an HTML attribute).
#pragma once

#include <cassert>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "urlkit/error.hpp"
#include "urlkit/export.hpp"

URLKIT_BEGIN_API
namespace urlkit {

namespace detail {
/// What bad_result_access says: the error's to_string() (with its offset),
/// else its message().
template <class E>
std::string describe_error(const E& e) {
  if constexpr (requires { e.to_string(); })
    return e.to_string();
  else
    return e.message();
}
}  // namespace detail

/// Thrown only by result::value() when there is no value; the parsers
/// themselves never throw.  what() describes the error.
class bad_result_access : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// A value of type T, or the error E that prevented it: what every operation
/// that bad input can make fail returns.  Test it (has_value(), bool) before
/// reading it with * or ->; value() checks and throws.  [[nodiscard]]: a
/// result left unread is a failure unseen (`u.set_port("8o");` warns).
template <class T, class E = error>
class [[nodiscard]] result {
 public:
  using value_type = T;  ///< The value's type.
  using error_type = E;  ///< The error's type.

  /// A value.
  result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit by design
      : value_(std::move(value)), ok_(true) {}
  /// An error.
  result(E e) noexcept(std::is_nothrow_move_constructible_v<E>)  // NOLINT: implicit by design
      : value_(), error_(std::move(e)), ok_(false) {}
  /// A value constructed in place (so a parser can fill it without a copy).
  explicit result(std::in_place_t) noexcept(std::is_nothrow_default_constructible_v<T>)
      : value_(), ok_(true) {}
  /// A value constructed in place from `args`.
  template <class... Args>
  explicit result(std::in_place_t,
                  Args&&... args) noexcept(std::is_nothrow_constructible_v<T, Args&&...>)
      : value_(std::forward<Args>(args)...), ok_(true) {}

  /// Whether there is a value (else an error).
  bool has_value() const noexcept { return ok_; }
  /// has_value().
  explicit operator bool() const noexcept { return ok_; }

  /// The value; throws bad_result_access when there is none.
  T& value() & {
    if (!ok_) throw bad_result_access(detail::describe_error(error_));
    return value_;
  }
  /// The value; throws bad_result_access when there is none.
  const T& value() const& {
    if (!ok_) throw bad_result_access(detail::describe_error(error_));
    return value_;
  }
  /// The value, moved out of a result about to end, by value (so that a
  /// `const auto&` bound to it holds the value, not a dangling reference);
  /// throws bad_result_access when there is none.
  T value() && {
    if (!ok_) throw bad_result_access(detail::describe_error(error_));
    return std::move(value_);
  }

  /// Unchecked access (has_value() must be true; a debug build asserts it).
  T& operator*() & noexcept {
    assert(ok_ && "result: operator* without a value");
    return value_;
  }
  /// Unchecked access (has_value() must be true; a debug build asserts it).
  const T& operator*() const& noexcept {
    assert(ok_ && "result: operator* without a value");
    return value_;
  }
  /// The value moved out of a result about to end, by value: `const
  /// std::string& s = *resolve(b, r);` then holds the string, not a reference
  /// into the destroyed result.
  T operator*() && noexcept(std::is_nothrow_move_constructible_v<T>) {
    assert(ok_ && "result: operator* without a value");
    return std::move(value_);
  }
  /// Unchecked member access (has_value() must be true; a debug build asserts it).
  T* operator->() noexcept {
    assert(ok_ && "result: operator-> without a value");
    return &value_;
  }
  /// Unchecked member access (has_value() must be true; a debug build asserts it).
  const T* operator->() const noexcept {
    assert(ok_ && "result: operator-> without a value");
    return &value_;
  }

  /// The error (meaningful only when has_value() is false).
  const E& error() const noexcept { return error_; }

 private:
  T value_;
  E error_{};
  bool ok_;
};

/// Success or an error, for operations that give back nothing else (url's
/// setters).
template <class E>
class [[nodiscard]] result<void, E> {
 public:
  using value_type = void;  ///< No value.
  using error_type = E;     ///< The error's type.

  /// Success.
  result() noexcept = default;
  /// An error.
  result(E e) noexcept(std::is_nothrow_move_constructible_v<E>)  // NOLINT: implicit by design
      : error_(std::move(e)), ok_(false) {}

  /// Whether the operation succeeded.
  bool has_value() const noexcept { return ok_; }
  /// has_value().
  explicit operator bool() const noexcept { return ok_; }
  /// Throws bad_result_access when there is an error.
  void value() const {
    if (!ok_) throw bad_result_access(detail::describe_error(error_));
  }
  /// The error (meaningful only when has_value() is false).
  const E& error() const noexcept { return error_; }

 private:
  E error_{};
  bool ok_ = true;
};

}  // namespace urlkit
URLKIT_END_API
