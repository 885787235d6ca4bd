// The C ABI's shared parts (include/urlkit.h): the handle, the conversion of
// errors and warnings to their C structs, and the guard that keeps every C++
// exception inside the library.
#pragma once

#include <cstddef>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include "urlkit/error.hpp"
#include "urlkit/url_view.hpp"

// The declarations of urlkit.h are the library's exports: the definitions
// take their visibility from the first declaration, made here with default
// visibility while the rest of the library is built hidden.  The shared
// library's version script (urlkit_c.map) then exports urlkit_* only.
#pragma GCC visibility push(default)
#include "urlkit.h"
#pragma GCC visibility pop

/// A parsed URL reference that owns its text: `view` points into `text`,
/// which is reused (its capacity kept) by urlkit_reparse.
struct urlkit_url {
  std::string text;
  urlkit::url_view view;
};

namespace urlkit::c_abi {

/// Empties `error` (code urlkit_ok), if given.
void clear(urlkit_error* error) noexcept;
/// Sets `error` (if given) to a bare `code` and returns the code.
urlkit_error_code fail(urlkit_error* error, urlkit_error_code code) noexcept;
/// Sets `error` (if given) from a library error and returns its code.
urlkit_error_code fail(urlkit_error* error, const urlkit::error& e) noexcept;
/// The C form of a warning.
urlkit_warning to_c(const urlkit::warning& w) noexcept;
/// `s` as a borrowed C string: data NULL when `present` is false.
inline urlkit_str to_c(std::string_view s, bool present) noexcept {
  return present ? urlkit_str{s.data() != nullptr ? s.data() : "", s.size()}
                 : urlkit_str{nullptr, 0};
}

/// The C callback and its context, as a warning_sink calls them.
struct c_sink {
  urlkit_warning_fn fn;
  void* context;
  /// A warning_sink that converts each warning and calls `fn`; none when fn is NULL.
  urlkit::warning_sink sink() const noexcept {
    if (fn == nullptr) return {};
    return {[](void* c, const urlkit::warning& w) noexcept {
              const auto* self = static_cast<const c_sink*>(c);
              const urlkit_warning cw = to_c(w);
              self->fn(self->context, &cw);
            },
            const_cast<c_sink*>(this)};  // the sink's context is void*; read only
  }
};

/// Writes `text` into the caller's buffer (urlkit.h, "Buffers").
urlkit_error_code write_text(std::string_view text, char* buf, std::size_t size,
                             std::size_t* length, urlkit_error* error) noexcept;
/// Copies `text` into a new urlkit_string.
urlkit_error_code give_string(std::string_view text, urlkit_string* out,
                              urlkit_error* error) noexcept;

/// Runs `body` (which returns a urlkit_error_code) so that no exception
/// leaves: std::bad_alloc is out_of_memory, any other exception internal.
template <class Body>
urlkit_error_code guarded(urlkit_error* error, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(error, urlkit_error_out_of_memory);
  } catch (...) {
    return fail(error, urlkit_error_internal);
  }
}

}  // namespace urlkit::c_abi
