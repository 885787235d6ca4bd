// The C ABI: URL handles, their components and offsets (include/urlkit.h).
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "abi.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit::c_abi;

namespace {

bool valid_mode(urlkit_mode mode) noexcept {
  return mode == urlkit_mode_lenient || mode == urlkit_mode_strict;
}

urlkit::parse_options options_for(urlkit_mode mode, const c_sink& sink) noexcept {
  urlkit::parse_options o;
  o.mode = static_cast<urlkit::mode>(mode);
  o.on_warning = sink.sink();
  return o;
}

// Makes `u` hold the empty reference, its capacity kept.
void make_empty(urlkit_url& u) noexcept {
  u.text.clear();
  u.view = *urlkit::parse_reference(std::string_view(u.text), urlkit::mode::lenient);
}

// Parses `u.text` again into u.view; on failure `u` holds the empty reference.
urlkit_error_code parse_text(urlkit_url& u, const urlkit::parse_options& options,
                             urlkit_error* error) noexcept {
  auto r = urlkit::parse_reference(std::string_view(u.text), options);
  if (!r) {
    const urlkit_error_code code = fail(error, r.error());
    make_empty(u);
    return code;
  }
  u.view = *r;
  clear(error);
  return urlkit_ok;
}

urlkit_range range_of(std::string_view all, std::string_view part, bool present) noexcept {
  if (!present) return urlkit_range{0, 0, 0};
  return urlkit_range{static_cast<std::size_t>(part.data() - all.data()), part.size(), 1};
}

urlkit_offsets offsets_of(const urlkit::url_view& v) noexcept {
  const std::string_view all = v.buffer();
  urlkit_offsets o{};
  o.scheme = range_of(all, v.scheme(), v.has_scheme());
  o.server = range_of(all, v.encoded_server(), v.has_server());
  o.user = range_of(all, v.encoded_user(), v.has_user());
  o.password = range_of(all, v.encoded_password(), v.has_password());
  o.host = range_of(all, v.encoded_host(), v.has_host());
  o.port = range_of(all, v.port(), v.has_port());
  o.path = range_of(all, v.encoded_path(), true);
  o.params = range_of(all, v.encoded_params(), v.has_params());
  o.query = range_of(all, v.encoded_query(), v.has_query());
  o.fragment = range_of(all, v.encoded_fragment(), v.has_fragment());
  o.absolute_path = v.absolute_path() ? 1 : 0;
  o.size = all.size();
  return o;
}

}  // namespace

extern "C" {

urlkit_error_code urlkit_url_new(urlkit_url** out) {
  if (out == nullptr) return urlkit_error_invalid_argument;
  *out = nullptr;
  return guarded(nullptr, [&] {
    auto u = std::make_unique<urlkit_url>();
    make_empty(*u);
    *out = u.release();
    return urlkit_ok;
  });
}

urlkit_error_code urlkit_parse(const char* data, size_t size, urlkit_mode mode,
                               urlkit_warning_fn on_warning, void* context, urlkit_url** out,
                               urlkit_error* error) {
  if (out != nullptr) *out = nullptr;
  if (out == nullptr || (data == nullptr && size > 0) || !valid_mode(mode))
    return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
    auto u = std::make_unique<urlkit_url>();
    if (size > 0) u->text.assign(data, size);
    const c_sink sink{on_warning, context};
    const urlkit_error_code code = parse_text(*u, options_for(mode, sink), error);
    if (code == urlkit_ok) *out = u.release();
    return code;
  });
}

urlkit_error_code urlkit_reparse(urlkit_url* url, const char* data, size_t size, urlkit_mode mode,
                                 urlkit_warning_fn on_warning, void* context, urlkit_error* error) {
  if (url == nullptr || (data == nullptr && size > 0) || !valid_mode(mode))
    return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
    try {
      // assign() copies through a temporary when data lies in the text itself.
      url->text.assign(data != nullptr ? data : "", size);
    } catch (...) {
      make_empty(*url);
      throw;
    }
    const c_sink sink{on_warning, context};
    return parse_text(*url, options_for(mode, sink), error);
  });
}

urlkit_error_code urlkit_parse_offsets(const char* data, size_t size, urlkit_mode mode,
                                       urlkit_warning_fn on_warning, void* context,
                                       urlkit_offsets* out, urlkit_error* error) {
  if (out != nullptr) *out = urlkit_offsets{};
  if (out == nullptr || (data == nullptr && size > 0) || !valid_mode(mode))
    return fail(error, urlkit_error_invalid_argument);
  const c_sink sink{on_warning, context};
  auto r = urlkit::parse_reference(std::string_view(data != nullptr ? data : "", size),
                                   options_for(mode, sink));
  if (!r) return fail(error, r.error());
  *out = offsets_of(*r);
  clear(error);
  return urlkit_ok;
}

void urlkit_url_free(urlkit_url* url) {
  delete url;
}

urlkit_error_code urlkit_url_copy(const urlkit_url* url, urlkit_url** out) {
  if (out != nullptr) *out = nullptr;
  if (url == nullptr || out == nullptr) return urlkit_error_invalid_argument;
  return guarded(nullptr, [&] {
    auto u = std::make_unique<urlkit_url>();
    const urlkit_error_code code = urlkit_url_assign(u.get(), url);
    if (code == urlkit_ok) *out = u.release();
    return code;
  });
}

urlkit_error_code urlkit_url_assign(urlkit_url* dst, const urlkit_url* src) {
  if (dst == nullptr || src == nullptr) return urlkit_error_invalid_argument;
  if (dst == src) return urlkit_ok;
  return guarded(nullptr, [&] {
    try {
      dst->text.assign(src->text);
    } catch (...) {
      make_empty(*dst);
      throw;
    }
    // The same text in the same mode parses to the same components.
    urlkit::parse_options o;
    o.mode = src->view.parsed_mode();
    return parse_text(*dst, o, nullptr);
  });
}

urlkit_error_code urlkit_url_reserve(urlkit_url* url, size_t capacity) {
  if (url == nullptr) return urlkit_error_invalid_argument;
  if (capacity <= url->text.capacity()) return urlkit_ok;
  return guarded(nullptr, [&] {
    // Growing moves the text: its view is made again, in the same mode.
    url->text.reserve(capacity);
    urlkit::parse_options o;
    o.mode = url->view.parsed_mode();
    return parse_text(*url, o, nullptr);
  });
}

size_t urlkit_url_capacity(const urlkit_url* url) {
  return url == nullptr ? 0 : url->text.capacity();
}

urlkit_str urlkit_url_text(const urlkit_url* url) {
  if (url == nullptr) return urlkit_str{nullptr, 0};
  return to_c(url->view.buffer(), true);
}

urlkit_str urlkit_url_component(const urlkit_url* url, urlkit_component component) {
  if (url == nullptr) return urlkit_str{nullptr, 0};
  const urlkit::url_view& v = url->view;
  switch (component) {
    case urlkit_component_scheme:
      return to_c(v.scheme(), v.has_scheme());
    case urlkit_component_server:
      return to_c(v.encoded_server(), v.has_server());
    case urlkit_component_user:
      return to_c(v.encoded_user(), v.has_user());
    case urlkit_component_password:
      return to_c(v.encoded_password(), v.has_password());
    case urlkit_component_host:
      return to_c(v.encoded_host(), v.has_host());
    case urlkit_component_port:
      return to_c(v.port(), v.has_port());
    case urlkit_component_path:
      return to_c(v.encoded_path(), true);
    case urlkit_component_params:
      return to_c(v.encoded_params(), v.has_params());
    case urlkit_component_query:
      return to_c(v.encoded_query(), v.has_query());
    case urlkit_component_fragment:
      return to_c(v.encoded_fragment(), v.has_fragment());
    default:  // urlkit_component_range_, or a value past the list
      break;
  }
  return urlkit_str{nullptr, 0};
}

urlkit_error_code urlkit_url_offsets(const urlkit_url* url, urlkit_offsets* out) {
  if (out != nullptr) *out = urlkit_offsets{};
  if (url == nullptr || out == nullptr) return urlkit_error_invalid_argument;
  *out = offsets_of(url->view);
  return urlkit_ok;
}

int urlkit_url_absolute_path(const urlkit_url* url) {
  return url != nullptr && url->view.absolute_path() ? 1 : 0;
}

urlkit_mode urlkit_url_mode(const urlkit_url* url) {
  return url == nullptr ? urlkit_mode_lenient : static_cast<urlkit_mode>(url->view.parsed_mode());
}

size_t urlkit_url_warning_count(const urlkit_url* url) {
  return url == nullptr ? 0 : url->view.warning_count();
}

}  // extern "C"
