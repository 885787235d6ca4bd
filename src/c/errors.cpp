// The C ABI: errors, warnings, owned strings and the version (include/urlkit.h).
#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "abi.hpp"
#include "urlkit/error.hpp"

namespace urlkit::c_abi {
namespace {

// The C enums mirror the C++ ones value for value, so that a code converts
// with a cast and reads the same in both.
static_assert(static_cast<int>(error_code::ok) == urlkit_ok);
static_assert(static_cast<int>(error_code::invalid_character) == urlkit_error_invalid_character);
static_assert(static_cast<int>(error_code::bad_port) == urlkit_error_bad_port);
static_assert(static_cast<int>(error_code::buffer_too_small) == urlkit_error_buffer_too_small);
static_assert(static_cast<int>(error_code::scheme_syntax) == urlkit_error_scheme_syntax);
static_assert(static_cast<int>(error_code::idna) == urlkit_error_idna);
static_assert(static_cast<int>(error_code::url_too_large) == urlkit_error_url_too_large);
static_assert(static_cast<int>(error_code::port_out_of_range) == urlkit_error_port_out_of_range);
static_assert(static_cast<int>(error_code::no_default_port) == urlkit_error_no_default_port);
static_assert(static_cast<int>(error_code::document_encoding) == urlkit_error_document_encoding);
static_assert(static_cast<int>(warning_code::host_too_long) == urlkit_warning_host_too_long);
static_assert(static_cast<int>(warning_code::passed_over) == urlkit_warning_passed_over);
static_assert(static_cast<int>(rule::mime) == urlkit_rule_mime);
static_assert(static_cast<int>(mode::strict) == urlkit_mode_strict);

// The C++ codes end where the C ABI's own begin.
constexpr int last_library_code = urlkit_error_document_encoding;
constexpr int first_own_code = urlkit_error_out_of_memory;
constexpr int last_own_code = urlkit_error_internal;

// The C ABI's own codes: name and sentence.
struct own_code {
  const char* name;
  const char* text;
};
constexpr std::array<own_code, 4> own_codes{{
    {"out_of_memory", "out of memory"},
    {"invalid_argument", "invalid argument (a NULL pointer, or a value out of range)"},
    {"not_built", "this part of urlkit was not built into the library (IDNA: libidn2)"},
    {"internal", "internal error"},
}};

bool library_code(int code) noexcept {
  return code >= 0 && code <= last_library_code;
}
bool own(int code) noexcept {
  return code >= first_own_code && code <= last_own_code;
}

urlkit_str source_of(std::string_view s) noexcept {
  return to_c(s, !s.empty());
}

// The library's message of each of its codes, with no details, made once.
// Null when it could not be made (out of memory): the names stand in.
const std::array<std::string, last_library_code + 1>* messages() noexcept {
  static const auto* table =
      []() noexcept -> const std::array<std::string, last_library_code + 1>* {
    try {
      auto t = std::make_unique<std::array<std::string, last_library_code + 1>>();
      for (int c = 0; c <= last_library_code; ++c) {
        urlkit::error e;
        e.code = static_cast<error_code>(c);
        (*t)[c] = e.message();
      }
      return t.release();
    } catch (...) {
      return nullptr;
    }
  }();
  return table;
}

urlkit::error to_cpp(const urlkit_error& c) noexcept {
  urlkit::error e;
  e.offset = c.offset;
  e.code = static_cast<error_code>(c.code);
  e.rule = static_cast<urlkit::rule>(c.rule);
  e.byte = c.byte;
  e.has_byte = c.has_byte != 0;
  e.production = c.production;
  e.detail = c.detail;
  if (c.source.data != nullptr) e.source = std::string_view(c.source.data, c.source.size);
  return e;
}

}  // namespace

void clear(urlkit_error* error) noexcept {
  if (error != nullptr) *error = urlkit_error{};
}

urlkit_error_code fail(urlkit_error* error, urlkit_error_code code) noexcept {
  if (error != nullptr) {
    *error = urlkit_error{};
    error->code = code;
  }
  return code;
}

urlkit_error_code fail(urlkit_error* error, const urlkit::error& e) noexcept {
  const auto code = static_cast<urlkit_error_code>(e.code);
  if (error != nullptr) {
    error->code = code;
    error->offset = e.offset;
    error->rule = static_cast<urlkit_rule>(e.rule);
    error->has_byte = e.has_byte ? 1 : 0;
    error->byte = e.byte;
    error->production = e.production;
    error->detail = e.detail;
    error->source = source_of(e.source);
  }
  return code;
}

urlkit_warning to_c(const urlkit::warning& w) noexcept {
  urlkit_warning c{};
  c.code = static_cast<urlkit_warning_code>(w.code);
  c.offset = w.offset;
  c.rule = static_cast<urlkit_rule>(w.rule);
  c.has_byte = w.has_byte ? 1 : 0;
  c.byte = w.byte;
  c.production = w.production;
  c.detail = w.detail;
  c.cause = static_cast<urlkit_error_code>(w.cause);
  c.source = source_of(w.source);
  return c;
}

urlkit_error_code write_text(std::string_view text, char* buf, std::size_t size,
                             std::size_t* length, urlkit_error* error) noexcept {
  if (length != nullptr) *length = text.size();
  if (text.size() >= size) {  // the NUL too must fit: never a cut result
    if (buf != nullptr && size > 0) buf[0] = '\0';
    return fail(error, urlkit_error_buffer_too_small);
  }
  std::memcpy(buf, text.data(), text.size());
  buf[text.size()] = '\0';
  clear(error);
  return urlkit_ok;
}

urlkit_error_code give_string(std::string_view text, urlkit_string* out,
                              urlkit_error* error) noexcept {
  auto* data = static_cast<char*>(std::malloc(text.size() + 1));
  if (data == nullptr) return fail(error, urlkit_error_out_of_memory);
  if (!text.empty()) std::memcpy(data, text.data(), text.size());
  data[text.size()] = '\0';
  out->data = data;
  out->size = text.size();
  clear(error);
  return urlkit_ok;
}

}  // namespace urlkit::c_abi

using namespace urlkit::c_abi;

extern "C" {

const char* urlkit_version(void) {
  return URLKIT_C_VERSION;
}

void urlkit_version_numbers(unsigned* major, unsigned* minor, unsigned* patch) {
  if (major != nullptr) *major = URLKIT_C_VERSION_MAJOR;
  if (minor != nullptr) *minor = URLKIT_C_VERSION_MINOR;
  if (patch != nullptr) *patch = URLKIT_C_VERSION_PATCH;
}

unsigned urlkit_abi_version(void) {
  return 1;
}

int urlkit_has_idna(void) {
#ifdef URLKIT_C_HAS_IDNA
  return 1;
#else
  return 0;
#endif
}

const char* urlkit_error_name(urlkit_error_code code) {
  const int c = code;
  if (own(c)) return own_codes[static_cast<std::size_t>(c - first_own_code)].name;
  if (!library_code(c)) return "unknown";
  // The library's names are literals: their views end in a NUL.
  return urlkit::to_string(static_cast<urlkit::error_code>(c)).data();
}

const char* urlkit_strerror(urlkit_error_code code) {
  const int c = code;
  if (own(c)) return own_codes[static_cast<std::size_t>(c - first_own_code)].text;
  if (!library_code(c)) return "unknown error";
  const auto* table = messages();
  return table != nullptr ? (*table)[static_cast<std::size_t>(c)].c_str() : urlkit_error_name(code);
}

const char* urlkit_warning_name(urlkit_warning_code code) {
  const std::string_view name = urlkit::to_string(static_cast<urlkit::warning_code>(code));
  return name.empty() ? "unknown" : name.data();
}

urlkit_error_code urlkit_error_message(const urlkit_error* error, char* buf, size_t size,
                                       size_t* length) {
  if (error == nullptr || (buf == nullptr && size > 0)) return urlkit_error_invalid_argument;
  return guarded(nullptr, [&] {
    const int c = error->code;
    if (!library_code(c))
      return write_text(urlkit_strerror(error->code), buf, size, length, nullptr);
    return write_text(to_cpp(*error).message(), buf, size, length, nullptr);
  });
}

urlkit_error_code urlkit_warning_message(const urlkit_warning* warning, char* buf, size_t size,
                                         size_t* length) {
  if (warning == nullptr || (buf == nullptr && size > 0)) return urlkit_error_invalid_argument;
  return guarded(nullptr, [&] {
    if (urlkit::to_string(static_cast<urlkit::warning_code>(warning->code)).empty())
      return write_text("unknown warning", buf, size, length, nullptr);
    urlkit::warning w;
    w.offset = warning->offset;
    w.code = static_cast<urlkit::warning_code>(warning->code);
    w.rule = static_cast<urlkit::rule>(warning->rule);
    w.byte = warning->byte;
    w.has_byte = warning->has_byte != 0;
    w.production = warning->production;
    w.detail = warning->detail;
    w.cause = static_cast<urlkit::error_code>(warning->cause);
    if (warning->source.data != nullptr)
      w.source = std::string_view(warning->source.data, warning->source.size);
    return write_text(w.message(), buf, size, length, nullptr);
  });
}

void urlkit_string_free(urlkit_string* string) {
  if (string == nullptr) return;
  std::free(string->data);
  string->data = nullptr;
  string->size = 0;
}

}  // extern "C"
