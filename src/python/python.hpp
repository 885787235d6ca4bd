// The Python package's extension, urlkit._urlkit (docs/python.md): what its
// two sources share.  Layer 5, as the CLI: the public headers only.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/error.hpp"
#include "urlkit/url.hpp"

namespace urlkit::python {

namespace py = pybind11;

/// A text argument as bytes: a str's UTF-8 (cached by the str itself), a
/// bytes object's buffer, a URL's text, or a copy of another buffer
/// (bytearray, memoryview), which may change once the GIL is released.
struct text_arg {
  text_arg() = default;
  text_arg(const text_arg&) = delete;  // `bytes` may point into `copy`
  text_arg& operator=(const text_arg&) = delete;

  std::string_view bytes;
  /// Whether the argument was bytes-like (offsets count bytes, results are
  /// bytes); else a str (offsets count characters, results are str).
  bool is_bytes = false;
  std::string copy;
  py::object keep;  // the object `bytes` points into
};

/// Reads `h` (str, bytes-like or URL) into `out`; TypeError for anything else.
void read_text(py::handle h, text_arg& out, const char* what);
/// TypeError unless `a` and `b` are of one kind (str, or bytes-like).
void same_kind(const text_arg& a, const text_arg& b);

/// Character offset of byte `byte` of UTF-8 `s` (bytes past its end count one each).
std::size_t char_offset(std::string_view s, std::size_t byte) noexcept;
/// `byte` as the caller counts it in `t`: characters for a str, bytes for bytes.
inline std::size_t user_offset(const text_arg* t, std::size_t byte) noexcept {
  return t == nullptr || t->is_bytes ? byte : char_offset(t->bytes, byte);
}

/// `s` as the caller's type: bytes, or a str (UTF-8; a byte that is not,
/// which only a lenient reading of bytes lets through, as a lone surrogate).
py::object make_text(std::string_view s, bool is_bytes);
/// A decoded value as the caller's type: bytes, or a str decoded as
/// urllib.parse.unquote does (errors="replace").
py::object make_decoded(std::string_view s, bool is_bytes);

/// The inputs whose offsets errors and warnings count in, by their source.
struct offset_sources {
  const text_arg* input = nullptr;      ///< no source: the input itself
  const text_arg* base = nullptr;       ///< source "base" (resolve, make_relative)
  const text_arg* target = nullptr;     ///< source "target" (make_relative)
  const text_arg* retrieval = nullptr;  ///< source "retrieval" (absolutize's base)
  const text_arg* of(std::string_view source) const noexcept;
};

/// A URLError instance for `e`.
py::object error_object(const urlkit::error& e, const offset_sources& where);
/// Raises URLError for `e`.
[[noreturn]] void raise_error(const urlkit::error& e, const offset_sources& where);

/// Collects the warnings of one call (the library's sink must not throw and
/// runs with or without the GIL): delivered once the call is done.
struct warning_box {
  std::vector<urlkit::warning> items;
  urlkit::warning_sink sink() noexcept {
    return {[](void* c, const urlkit::warning& w) noexcept {
              static_cast<warning_box*>(c)->items.push_back(w);
            },
            this};
  }
};
/// A URLWarning instance for `w`.
py::object warning_object(const urlkit::warning& w, const offset_sources& where);
/// Delivers `box`'s warnings, in order, to `on_warning` (called with each
/// URLWarning) or, when it is None, to warnings.warn; an exception either
/// raises propagates.
void deliver(const warning_box& box, py::handle on_warning, const offset_sources& where);

/// The Python classes the extension makes its values of (urlkit/__init__.py).
struct classes {
  PyObject* url_error;
  PyObject* url_warning;
  PyObject* problem;
  PyObject* found;
  PyObject* endpoint;
  PyObject* http;
  PyObject* ftp;
  PyObject* mailto;
  PyObject* news;
  PyObject* nntp;
  PyObject* telnet;
  PyObject* gopher;
  PyObject* wais;
  PyObject* file;
  PyObject* prospero;
  PyObject* data;
  PyObject* warn;  // warnings.warn
};
/// Read once, when the module is imported, and kept for the process.
const classes& cls() noexcept;
void load_classes();

/// A parsed URL: urlkit.URL.  Immutable: everything is set by parse().
struct py_url {
  urlkit::url u;
  bool is_bytes = false;
  /// Where the typed views' warnings go (parse's on_warning).
  py::object on_warning;
};

/// urlkit.parse (module.cpp), which URL(...) calls too.
std::unique_ptr<py_url> parse_url(py::handle text, bool strict, py::handle on_warning);

/// Defines urlkit.URL and its typed views (views.cpp).
void define_url(py::module_& m);

}  // namespace urlkit::python
