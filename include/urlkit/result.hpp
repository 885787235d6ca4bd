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
#include <memory>
#include <new>
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

namespace detail {

/// Whether a result of T and E can be copied as bytes.
template <class T, class E>
inline constexpr bool trivially_copyable_pair =
    std::conjunction_v<std::is_trivially_copyable<T>, std::is_trivially_copyable<E>>;

/// The storage of a result<T, E>: the value or the error, in one place (a
/// result is as large as the larger of the two, and making one writes only
/// that one: every parse returns a result), and whether it is the value.
/// result's constructors make the one it holds.  Trivially copyable when T
/// and E are, as the result then is.
template <class T, class E, bool = trivially_copyable_pair<T, E>>
struct result_storage {
  /// Holds nothing yet: result's constructors make the value or the error,
  /// and set ok_.
  // NOLINTNEXTLINE(modernize-use-equals-default,cppcoreguidelines-pro-type-member-init)
  result_storage() noexcept {}
  union {
    T value_;  ///< The value, when ok_.
    E error_;  ///< The error, when !ok_.
  };
  bool ok_;  ///< Whether value_ (else error_) is the one held.
};

/// The storage of a result whose value or error needs its own copy, move or
/// destructor (a std::string, an owning url): calls those of the one it holds.
template <class T, class E>
struct result_storage<T, E, false> {
  /// Holds nothing yet: result's constructors make the value or the error,
  /// and set ok_.
  // NOLINTNEXTLINE(modernize-use-equals-default,cppcoreguidelines-pro-type-member-init)
  result_storage() noexcept {}
  /// A copy of the value or the error `other` holds.
  result_storage(const result_storage& other) noexcept(
      std::conjunction_v<std::is_nothrow_copy_constructible<T>,
                         std::is_nothrow_copy_constructible<E>>)
      : ok_(other.ok_) {
    make_from(other);
  }
  /// The value or the error `other` holds, moved.
  result_storage(result_storage&& other) noexcept(
      std::conjunction_v<std::is_nothrow_move_constructible<T>,
                         std::is_nothrow_move_constructible<E>>)
      : ok_(other.ok_) {
    make_from(std::move(other));
  }
  /// Holds a copy of what `other` holds.
  result_storage& operator=(const result_storage& other) noexcept(
      std::conjunction_v<std::is_nothrow_copy_constructible<T>, std::is_nothrow_copy_assignable<T>,
                         std::is_nothrow_copy_assignable<E>>) {
    if (this != &other) assign(other);
    return *this;
  }
  /// Holds what `other` holds, moved.
  result_storage& operator=(result_storage&& other) noexcept(
      std::conjunction_v<std::is_nothrow_move_assignable<T>, std::is_nothrow_move_assignable<E>>) {
    if (this != &other) assign(std::move(other));
    return *this;
  }
  /// Destroys the one it holds.
  ~result_storage() { destroy(); }

  union {
    T value_;  ///< The value, when ok_.
    E error_;  ///< The error, when !ok_.
  };
  bool ok_;  ///< Whether value_ (else error_) is the one held.

 private:
  void destroy() noexcept {
    if (ok_)
      value_.~T();
    else
      error_.~E();
  }
  // Makes, in storage holding nothing, a copy of what `other` (a const
  // result_storage& or a result_storage&&) holds, or that moved; the caller
  // sets ok_.
  template <class Other>
  void make_from(Other&& other) {
    if (other.ok_)
      ::new (static_cast<void*>(std::addressof(value_))) T(std::forward<Other>(other).value_);
    else
      ::new (static_cast<void*>(std::addressof(error_))) E(std::forward<Other>(other).error_);
  }
  // Copies or moves what `other` holds in.  A value is made before the error
  // goes, so that a copy that throws leaves this as it was; the move that
  // puts it in place cannot throw, nor can making an error.
  template <class Other>
  void assign(Other&& other) {
    static_assert(std::is_nothrow_move_constructible_v<T> &&
                  std::is_nothrow_copy_constructible_v<E>);
    if (ok_ && other.ok_) {
      value_ = std::forward<Other>(other).value_;
    } else if (!ok_ && !other.ok_) {
      error_ = std::forward<Other>(other).error_;
    } else if (other.ok_) {
      T v(std::forward<Other>(other).value_);
      destroy();
      ::new (static_cast<void*>(std::addressof(value_))) T(std::move(v));
      ok_ = true;
    } else {
      destroy();
      make_from(std::forward<Other>(other));
      ok_ = false;
    }
  }
};

}  // namespace detail

/// A value of type T, or the error E that prevented it: what every operation
/// that bad input can make fail returns.  Test it (has_value(), bool) before
/// reading it with * or ->; value() checks and throws.  [[nodiscard]]: a
/// result left unread is a failure unseen (`u.set_port("8o");` warns).
template <class T, class E = error>
class [[nodiscard]] result : private detail::result_storage<T, E> {
 public:
  using value_type = T;  ///< The value's type.
  using error_type = E;  ///< The error's type.

  /// A value.
  result(T value) noexcept(std::is_nothrow_move_constructible_v<T>) {  // NOLINT: implicit by design
    make_value(std::move(value));
  }
  /// An error.
  result(E e) noexcept(std::is_nothrow_move_constructible_v<E>) {  // NOLINT: implicit by design
    ::new (static_cast<void*>(std::addressof(this->error_))) E(std::move(e));
    this->ok_ = false;
  }
  /// A value constructed in place (so a parser can fill it without a copy).
  explicit result(std::in_place_t) noexcept(std::is_nothrow_default_constructible_v<T>) {
    make_value();
  }
  /// A value constructed in place from `args`.
  template <class... Args>
  explicit result(std::in_place_t,
                  Args&&... args) noexcept(std::is_nothrow_constructible_v<T, Args&&...>) {
    make_value(std::forward<Args>(args)...);
  }

  /// Whether there is a value (else an error).
  bool has_value() const noexcept { return this->ok_; }
  /// has_value().
  explicit operator bool() const noexcept { return this->ok_; }

  /// The value; throws bad_result_access when there is none.
  T& value() & {
    if (!this->ok_) throw bad_result_access(detail::describe_error(this->error_));
    return this->value_;
  }
  /// The value; throws bad_result_access when there is none.
  const T& value() const& {
    if (!this->ok_) throw bad_result_access(detail::describe_error(this->error_));
    return this->value_;
  }
  /// The value, moved out of a result about to end, by value (so that a
  /// `const auto&` bound to it holds the value, not a dangling reference);
  /// throws bad_result_access when there is none.
  T value() && {
    if (!this->ok_) throw bad_result_access(detail::describe_error(this->error_));
    return std::move(this->value_);
  }

  /// Unchecked access (has_value() must be true; a debug build asserts it).
  T& operator*() & noexcept {
    assert(this->ok_ && "result: operator* without a value");
    return this->value_;
  }
  /// Unchecked access (has_value() must be true; a debug build asserts it).
  const T& operator*() const& noexcept {
    assert(this->ok_ && "result: operator* without a value");
    return this->value_;
  }
  /// The value moved out of a result about to end, by value: `const
  /// std::string& s = *resolve(b, r);` then holds the string, not a reference
  /// into the destroyed result.
  T operator*() && noexcept(std::is_nothrow_move_constructible_v<T>) {
    assert(this->ok_ && "result: operator* without a value");
    return std::move(this->value_);
  }
  /// Unchecked member access (has_value() must be true; a debug build asserts it).
  T* operator->() noexcept {
    assert(this->ok_ && "result: operator-> without a value");
    return std::addressof(this->value_);
  }
  /// Unchecked member access (has_value() must be true; a debug build asserts it).
  const T* operator->() const noexcept {
    assert(this->ok_ && "result: operator-> without a value");
    return std::addressof(this->value_);
  }

  /// The error; a default-constructed E when there is none.
  const E& error() const noexcept {
    static const E none{};
    return this->ok_ ? none : this->error_;
  }

 private:
  // Here, not in the base: a typed view's constructors are private to all
  // but its result.
  template <class... Args>
  void make_value(Args&&... args) noexcept(std::is_nothrow_constructible_v<T, Args&&...>) {
    ::new (static_cast<void*>(std::addressof(this->value_))) T(std::forward<Args>(args)...);
    this->ok_ = true;
  }
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
