// urlkit — result<T>: a value or an urlkit::error (C++20 has no std::expected).
#pragma once

#include <stdexcept>
#include <type_traits>
#include <utility>

#include "urlkit/error.hpp"

namespace urlkit {

/// Thrown only by result<T>::value() when there is no value; the parsers themselves never throw.
class bad_result_access : public std::logic_error {
 public:
  explicit bad_result_access(const error& e) : std::logic_error(e.to_string()), error_(e) {}
  const urlkit::error& error() const noexcept { return error_; }

 private:
  urlkit::error error_;
};

template <class T>
class result {
 public:
  result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit by design
      : value_(std::move(value)), ok_(true) {}
  result(urlkit::error e) noexcept : value_(), error_(e), ok_(false) {}  // NOLINT
  /// A value constructed in place (so a parser can fill it without a copy).
  explicit result(std::in_place_t) noexcept(std::is_nothrow_default_constructible_v<T>)
      : value_(), ok_(true) {}

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  /// The value; throws bad_result_access when there is none.
  T& value() & {
    if (!ok_) throw bad_result_access(error_);
    return value_;
  }
  const T& value() const& {
    if (!ok_) throw bad_result_access(error_);
    return value_;
  }
  T&& value() && {
    if (!ok_) throw bad_result_access(error_);
    return std::move(value_);
  }

  /// Unchecked access (has_value() must be true).
  T& operator*() noexcept { return value_; }
  const T& operator*() const noexcept { return value_; }
  T* operator->() noexcept { return &value_; }
  const T* operator->() const noexcept { return &value_; }

  /// The error (meaningful only when has_value() is false).
  const urlkit::error& error() const noexcept { return error_; }

 private:
  T value_;
  urlkit::error error_{};
  bool ok_;
};

/// Success or an urlkit::error, for operations that give back nothing else
/// (url's setters).
template <>
class result<void> {
 public:
  result() noexcept = default;
  result(urlkit::error e) noexcept : error_(e), ok_(false) {}  // NOLINT: implicit by design

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  /// Throws bad_result_access when there is an error.
  void value() const {
    if (!ok_) throw bad_result_access(error_);
  }
  const urlkit::error& error() const noexcept { return error_; }

 private:
  urlkit::error error_{};
  bool ok_ = true;
};

}  // namespace urlkit
