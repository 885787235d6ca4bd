// The C ABI: scheme verdicts, endpoints, resolve, make_relative, normalize,
// equivalence, validation and IDNA (include/urlkit.h), over the public C++ API.
#include <array>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "abi.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/endpoint.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"
#ifdef URLKIT_C_HAS_IDNA
#include "urlkit/idna.hpp"
#endif

using namespace urlkit::c_abi;

namespace {

// The names of urlkit_scheme, from urlkit_scheme_ftp on.
constexpr std::array<std::string_view, 14> scheme_names{
    "ftp",  "http", "https",  "ws",   "wss",  "gopher",   "mailto",
    "news", "nntp", "telnet", "wais", "file", "prospero", "data",
};

urlkit_scheme scheme_of(const urlkit::url_view& v) noexcept {
  if (!v.has_scheme()) return urlkit_scheme_none;
  for (std::size_t i = 0; i < scheme_names.size(); ++i)
    if (urlkit::detail::ascii::iequals(v.scheme(), scheme_names[i]))
      return static_cast<urlkit_scheme>(urlkit_scheme_ftp + static_cast<int>(i));
  return urlkit_scheme_other;
}

urlkit::equivalence_options equivalence(unsigned flags) noexcept {
  urlkit::equivalence_options o;
  o.ignore_fragment = (flags & urlkit_equivalence_ignore_fragment) != 0;
  return o;
}

// Either output of a text result: the caller's buffer, or a new urlkit_string.
struct text_out {
  char* buf = nullptr;
  std::size_t size = 0;
  std::size_t* length = nullptr;
  urlkit_string* string = nullptr;

  bool valid() const noexcept { return string != nullptr || buf != nullptr || size == 0; }
  void reset() const noexcept {
    if (length != nullptr) *length = 0;
    if (buf != nullptr && size > 0) buf[0] = '\0';
    if (string != nullptr) *string = urlkit_string{nullptr, 0};
  }
  urlkit_error_code give(std::string_view text, urlkit_error* error) const noexcept {
    return string != nullptr ? give_string(text, string, error)
                             : write_text(text, buf, size, length, error);
  }
};

template <class Compute>
urlkit_error_code text_result(const text_out& out, urlkit_error* error,
                              Compute&& compute) noexcept {
  return guarded(error, [&] {
    auto r = compute();
    if (!r) return fail(error, r.error());
    return out.give(std::string_view(*r), error);
  });
}

// urlkit_specification as the C++ enum; false for a value that is not one.
bool specification_of(urlkit_specification spec, urlkit::specification& out) noexcept {
  switch (spec) {
    case urlkit_specification_rfc1808:
      out = urlkit::specification::rfc1808;
      return true;
    case urlkit_specification_rfc3986:
      out = urlkit::specification::rfc3986;
      return true;
    default:
      return false;
  }
}

urlkit_error_code resolve_to(const urlkit_url* base, const urlkit_url* reference,
                             urlkit_specification spec, const text_out& out,
                             urlkit_error* error) noexcept {
  out.reset();
  urlkit::specification s{};
  if (base == nullptr || reference == nullptr || !out.valid() || !specification_of(spec, s))
    return fail(error, urlkit_error_invalid_argument);
  return text_result(out, error, [&] { return urlkit::resolve(base->view, reference->view, s); });
}

urlkit_error_code relative_to(const urlkit_url* base, const urlkit_url* target,
                              urlkit_specification spec, const text_out& out,
                              urlkit_error* error) noexcept {
  out.reset();
  urlkit::specification s{};
  if (base == nullptr || target == nullptr || !out.valid() || !specification_of(spec, s))
    return fail(error, urlkit_error_invalid_argument);
  return text_result(out, error,
                     [&] { return urlkit::make_relative(base->view, target->view, s); });
}

urlkit_error_code normalize_to(const urlkit_url* url, unsigned flags, const text_out& out,
                               urlkit_error* error) noexcept {
  out.reset();
  if (url == nullptr || !out.valid()) return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
    auto r = urlkit::normalized(url->view, equivalence(flags));
    if (!r) return fail(error, r.error());
    return out.give(r->buffer(), error);
  });
}

urlkit_error_code to_ascii(const char* host, std::size_t host_size, const text_out& out,
                           urlkit_error* error) noexcept {
  out.reset();
  if ((host == nullptr && host_size > 0) || !out.valid())
    return fail(error, urlkit_error_invalid_argument);
#ifdef URLKIT_C_HAS_IDNA
  return text_result(out, error, [&] {
    return urlkit::to_ascii_host(std::string_view(host != nullptr ? host : "", host_size));
  });
#else
  return fail(error, urlkit_error_not_built);
#endif
}

// What urlkit_url_endpoint's `owner` holds.
struct endpoint_owner {
  urlkit::endpoint value;
};

urlkit_str optional_str(const std::optional<std::string>& s) noexcept {
  return s ? to_c(*s, true) : urlkit_str{nullptr, 0};
}

}  // namespace

extern "C" {

urlkit_error_code urlkit_url_scheme(const urlkit_url* url, urlkit_warning_fn on_warning,
                                    void* context, urlkit_scheme* scheme, urlkit_error* error) {
  if (scheme != nullptr) *scheme = urlkit_scheme_none;
  if (url == nullptr || scheme == nullptr) return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
    *scheme = scheme_of(url->view);
    const c_sink sink{on_warning, context};
    const urlkit::scheme_options options{url->view.parsed_mode(), sink.sink()};
    auto verdict = urlkit::scheme_registry::standard().check(url->view, options);
    if (!verdict) return fail(error, verdict.error());
    clear(error);
    return urlkit_ok;
  });
}

const char* urlkit_scheme_name(urlkit_scheme scheme) {
  if (scheme == urlkit_scheme_none) return "";
  if (scheme == urlkit_scheme_other) return "other";
  const int i = scheme - urlkit_scheme_ftp;
  if (i < 0 || i >= static_cast<int>(scheme_names.size())) return "unknown";
  return scheme_names[static_cast<std::size_t>(i)].data();  // literals: NUL-terminated
}

urlkit_error_code urlkit_url_endpoint(const urlkit_url* url, urlkit_endpoint* out,
                                      urlkit_error* error) {
  if (out != nullptr) *out = urlkit_endpoint{};
  if (url == nullptr || out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
#ifdef URLKIT_C_HAS_IDNA
    auto r = urlkit::idna::endpoint_of(url->view);
#else
    auto r = urlkit::endpoint_of(url->view);
#endif
    if (!r) return fail(error, r.error());
    auto owner = std::make_unique<endpoint_owner>(endpoint_owner{std::move(*r)});
    const urlkit::endpoint& e = owner->value;
    out->scheme = to_c(e.scheme, true);
    out->host = to_c(e.host, true);
    out->port = e.port;
    out->default_port = urlkit::default_port(e.scheme).value_or(0);
    out->secure = e.secure ? 1 : 0;
    out->target = to_c(e.target, true);
    out->user = optional_str(e.user);
    out->password = optional_str(e.password);
    out->owner = owner.release();
    clear(error);
    return urlkit_ok;
  });
}

void urlkit_endpoint_free(urlkit_endpoint* endpoint) {
  if (endpoint == nullptr) return;
  delete static_cast<endpoint_owner*>(endpoint->owner);
  *endpoint = urlkit_endpoint{};
}

urlkit_error_code urlkit_resolve(const urlkit_url* base, const urlkit_url* reference, char* buf,
                                 size_t size, size_t* length, urlkit_error* error) {
  return resolve_to(base, reference, urlkit_specification_rfc1808,
                    text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_resolve_string(const urlkit_url* base, const urlkit_url* reference,
                                        urlkit_string* out, urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return resolve_to(base, reference, urlkit_specification_rfc1808,
                    text_out{nullptr, 0, nullptr, out}, error);
}

urlkit_error_code urlkit_resolve_spec(const urlkit_url* base, const urlkit_url* reference,
                                      urlkit_specification spec, char* buf, size_t size,
                                      size_t* length, urlkit_error* error) {
  return resolve_to(base, reference, spec, text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_resolve_spec_string(const urlkit_url* base, const urlkit_url* reference,
                                             urlkit_specification spec, urlkit_string* out,
                                             urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return resolve_to(base, reference, spec, text_out{nullptr, 0, nullptr, out}, error);
}

urlkit_error_code urlkit_make_relative(const urlkit_url* base, const urlkit_url* target, char* buf,
                                       size_t size, size_t* length, urlkit_error* error) {
  return relative_to(base, target, urlkit_specification_rfc1808,
                     text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_make_relative_string(const urlkit_url* base, const urlkit_url* target,
                                              urlkit_string* out, urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return relative_to(base, target, urlkit_specification_rfc1808, text_out{nullptr, 0, nullptr, out},
                     error);
}

urlkit_error_code urlkit_make_relative_spec(const urlkit_url* base, const urlkit_url* target,
                                            urlkit_specification spec, char* buf, size_t size,
                                            size_t* length, urlkit_error* error) {
  return relative_to(base, target, spec, text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_make_relative_spec_string(const urlkit_url* base, const urlkit_url* target,
                                                   urlkit_specification spec, urlkit_string* out,
                                                   urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return relative_to(base, target, spec, text_out{nullptr, 0, nullptr, out}, error);
}

const char* urlkit_specification_name(urlkit_specification spec) {
  urlkit::specification s{};
  if (!specification_of(spec, s)) return "unknown";
  return urlkit::to_string(s).data();  // literals: NUL-terminated
}

urlkit_error_code urlkit_normalize(const urlkit_url* url, unsigned flags, char* buf, size_t size,
                                   size_t* length, urlkit_error* error) {
  return normalize_to(url, flags, text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_normalize_string(const urlkit_url* url, unsigned flags, urlkit_string* out,
                                          urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return normalize_to(url, flags, text_out{nullptr, 0, nullptr, out}, error);
}

urlkit_error_code urlkit_equivalent(const urlkit_url* a, const urlkit_url* b, unsigned flags,
                                    int* equivalent) {
  if (equivalent != nullptr) *equivalent = 0;
  if (a == nullptr || b == nullptr || equivalent == nullptr) return urlkit_error_invalid_argument;
  *equivalent = urlkit::equivalent(a->view, b->view, equivalence(flags)) ? 1 : 0;
  return urlkit_ok;
}

urlkit_error_code urlkit_hash(const urlkit_url* url, unsigned flags, uint64_t* hash) {
  if (hash != nullptr) *hash = 0;
  if (url == nullptr || hash == nullptr) return urlkit_error_invalid_argument;
  *hash = urlkit::hash_equivalent(url->view, equivalence(flags));
  return urlkit_ok;
}

urlkit_error_code urlkit_validate(const char* data, size_t size, urlkit_mode mode,
                                  urlkit_warning_fn on_warning, void* context,
                                  urlkit_error* error) {
  if ((data == nullptr && size > 0) || (mode != urlkit_mode_lenient && mode != urlkit_mode_strict))
    return fail(error, urlkit_error_invalid_argument);
  return guarded(error, [&] {
    const c_sink sink{on_warning, context};
    urlkit::parse_options po;
    po.mode = static_cast<urlkit::mode>(mode);
    po.on_warning = sink.sink();
    auto r = urlkit::parse_reference(std::string_view(data != nullptr ? data : "", size), po);
    if (!r) return fail(error, r.error());
    auto verdict = urlkit::scheme_registry::standard().check(*r, {po.mode, po.on_warning});
    if (!verdict) return fail(error, verdict.error());
    clear(error);
    return urlkit_ok;
  });
}

urlkit_error_code urlkit_idna_to_ascii(const char* host, size_t host_size, char* buf, size_t size,
                                       size_t* length, urlkit_error* error) {
  return to_ascii(host, host_size, text_out{buf, size, length, nullptr}, error);
}

urlkit_error_code urlkit_idna_to_ascii_string(const char* host, size_t host_size,
                                              urlkit_string* out, urlkit_error* error) {
  if (out == nullptr) return fail(error, urlkit_error_invalid_argument);
  return to_ascii(host, host_size, text_out{nullptr, 0, nullptr, out}, error);
}

}  // extern "C"
