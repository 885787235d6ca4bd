// Fuzz target for the C ABI (include/urlkit.h), calling its functions only,
// as a C program or a binding would.  The input is "base NUL-or-newline
// reference"; with no separator the whole input is a reference against the
// base of Appendix C.  Beyond not crashing (and ASan, UBSan): a handle's
// text, components and offsets agree with each other and with
// urlkit_parse_offsets; a re-parse into a used handle gives what a new one
// does; resolving (and making relative, normalizing) into a short buffer
// gives the owned string's length and bytes, or buffer_too_small, never a
// cut result.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "urlkit.h"

namespace {

[[noreturn]] void fail(std::string_view input, const char* what) {
  std::fprintf(stderr, "c_api_fuzz: %s\ninput (%zu bytes): ", what, input.size());
  for (unsigned char c : input) std::fprintf(stderr, c < 0x20 || c >= 0x7f ? "\\x%02x" : "%c", c);
  std::fprintf(stderr, "\n");
  std::abort();
}

void check(bool ok, std::string_view input, const char* what) {
  if (!ok) fail(input, what);
}

bool same_range(const urlkit_range& a, const urlkit_range& b) {
  return a.present == b.present && a.offset == b.offset && a.size == b.size;
}

bool same_offsets(const urlkit_offsets& a, const urlkit_offsets& b) {
  return same_range(a.scheme, b.scheme) && same_range(a.server, b.server) &&
         same_range(a.user, b.user) && same_range(a.password, b.password) &&
         same_range(a.host, b.host) && same_range(a.port, b.port) && same_range(a.path, b.path) &&
         same_range(a.params, b.params) && same_range(a.query, b.query) &&
         same_range(a.fragment, b.fragment) && a.absolute_path == b.absolute_path &&
         a.size == b.size;
}

void count_warning(void* context, const urlkit_warning* w) {
  char message[64];
  size_t length = 0;
  ++*static_cast<std::size_t*>(context);
  // A short buffer: the message is written whole or not at all.
  const urlkit_error_code code = urlkit_warning_message(w, message, sizeof message, &length);
  if (code == urlkit_ok && std::strlen(message) != length) std::abort();
  if (code == urlkit_error_buffer_too_small && length < sizeof message) std::abort();
}

// Every component of `u`, read both ways, agrees with its offsets and its text.
void check_components(std::string_view input, const urlkit_url* u, std::string_view text) {
  const urlkit_str all = urlkit_url_text(u);
  check(all.data != nullptr && std::string_view(all.data, all.size) == text, input,
        "the handle's text is the input");
  urlkit_offsets o;
  check(urlkit_url_offsets(u, &o) == urlkit_ok, input, "offsets of a handle");
  check(o.size == text.size() && o.path.present == 1, input, "offsets: size, path present");
  const urlkit_range* ranges[] = {&o.scheme, &o.server, &o.user,   &o.password, &o.host,
                                  &o.port,   &o.path,   &o.params, &o.query,    &o.fragment};
  for (int c = urlkit_component_scheme; c <= urlkit_component_fragment; ++c) {
    const urlkit_str s = urlkit_url_component(u, static_cast<urlkit_component>(c));
    const urlkit_range& r = *ranges[c];
    if (s.data == nullptr) {
      check(s.size == 0 && r.present == 0 && r.offset == 0 && r.size == 0, input,
            "an absent component has no range");
      continue;
    }
    check(r.present == 1 && r.offset + r.size <= text.size(), input, "a present range");
    check(s.data == all.data + r.offset && s.size == r.size, input,
          "a component lies where its offsets say");
  }
  urlkit_offsets fresh;
  check(urlkit_parse_offsets(text.data(), text.size(), urlkit_url_mode(u), nullptr, nullptr, &fresh,
                             nullptr) == urlkit_ok,
        input, "urlkit_parse_offsets takes what urlkit_parse took");
  check(same_offsets(o, fresh), input, "urlkit_parse_offsets agrees with the handle");
}

// A text result into a short stack buffer agrees with the owned one.
template <class ToBuffer, class ToString>
void check_short_buffer(std::string_view input, const char* what, ToBuffer to_buffer,
                        ToString to_string) {
  urlkit_string owned{nullptr, 0};
  urlkit_error e;
  const urlkit_error_code owned_code = to_string(&owned, &e);
  char buf[24];
  std::memset(buf, 'x', sizeof buf);
  size_t length = 12345;
  const urlkit_error_code code = to_buffer(buf, sizeof buf, &length);
  if (owned_code != urlkit_ok) {
    check(owned.data == nullptr && e.code == owned_code, input, what);
    check(code == owned_code, input, what);
    return;
  }
  check(owned.data != nullptr && owned.data[owned.size] == '\0', input, what);
  check(length == owned.size, input, what);
  if (owned.size < sizeof buf) {
    check(code == urlkit_ok && std::memcmp(buf, owned.data, owned.size + 1) == 0, input, what);
  } else {
    check(code == urlkit_error_buffer_too_small && buf[0] == '\0' && buf[1] == 'x', input, what);
    size_t needed = 0;
    check(to_buffer(nullptr, 0, &needed) == urlkit_error_buffer_too_small && needed == owned.size,
          input, what);
  }
  urlkit_string_free(&owned);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::string_view base_text = "http://a/b/c/d;p?q";
  std::string_view ref_text = input;
  const std::size_t cut = input.find_first_of(std::string_view("\n\0", 2));
  if (cut != std::string_view::npos) {
    base_text = input.substr(0, cut);
    ref_text = input.substr(cut + 1);
  }

  urlkit_url* handles[2][2] = {};  // [base, reference][lenient, strict]
  const std::string_view texts[2] = {base_text, ref_text};
  for (int which = 0; which < 2; ++which) {
    for (int m = 0; m < 2; ++m) {
      const auto mode = static_cast<urlkit_mode>(m);
      std::size_t warnings = 0;
      urlkit_error e;
      urlkit_url* u = nullptr;
      const urlkit_error_code code = urlkit_parse(texts[which].data(), texts[which].size(), mode,
                                                  count_warning, &warnings, &u, &e);
      check(code == e.code, input, "the returned code is the error's");
      if (code != urlkit_ok) {
        check(u == nullptr && e.offset <= texts[which].size(), input, "a failed parse");
        char message[32];
        urlkit_error_message(&e, message, sizeof message, nullptr);
        continue;
      }
      check(u != nullptr && urlkit_url_mode(u) == mode, input, "a parse gives a handle");
      check(mode == urlkit_mode_lenient || warnings == 0, input, "strict mode warns of nothing");
      check(urlkit_url_warning_count(u) == warnings, input, "the warning count is the callback's");
      check_components(input, u, texts[which]);
      handles[which][m] = u;
    }
  }

  // Re-parse into a used handle: the same as a new one, in both directions.
  if (handles[0][0] != nullptr) {
    urlkit_url* reused = nullptr;
    check(urlkit_url_copy(handles[0][0], &reused) == urlkit_ok, input, "copy");
    check_components(input, reused, base_text);
    const urlkit_error_code code = urlkit_reparse(reused, ref_text.data(), ref_text.size(),
                                                  urlkit_mode_lenient, nullptr, nullptr, nullptr);
    check((code == urlkit_ok) == (handles[1][0] != nullptr), input,
          "urlkit_reparse succeeds when urlkit_parse does");
    check_components(input, reused, code == urlkit_ok ? ref_text : std::string_view());
    check(urlkit_reparse(reused, base_text.data(), base_text.size(), urlkit_mode_lenient, nullptr,
                         nullptr, nullptr) == urlkit_ok,
          input, "re-parse the base");
    check_components(input, reused, base_text);
    urlkit_url_free(reused);
  }

  for (int m = 0; m < 2; ++m) {
    urlkit_url* base = handles[0][m];
    urlkit_url* ref = handles[1][m];
    for (urlkit_url* u : {base, ref}) {
      if (u == nullptr) continue;
      urlkit_scheme scheme;
      urlkit_url_scheme(u, nullptr, nullptr, &scheme, nullptr);
      urlkit_endpoint ep;
      if (urlkit_url_endpoint(u, &ep, nullptr) == urlkit_ok)
        check(ep.owner != nullptr && ep.host.data != nullptr, input, "an endpoint");
      urlkit_endpoint_free(&ep);
      int same = 0;
      check(urlkit_equivalent(u, u, 0, &same) == urlkit_ok && same == 1, input,
            "a URL is equivalent to itself");
      check_short_buffer(
          input, "normalize into a short buffer",
          [&](char* b, size_t n, size_t* l) { return urlkit_normalize(u, 0, b, n, l, nullptr); },
          [&](urlkit_string* s, urlkit_error* e) { return urlkit_normalize_string(u, 0, s, e); });
    }
    if (base == nullptr || ref == nullptr) continue;
    check_short_buffer(
        input, "resolve into a short buffer",
        [&](char* b, size_t n, size_t* l) { return urlkit_resolve(base, ref, b, n, l, nullptr); },
        [&](urlkit_string* s, urlkit_error* e) { return urlkit_resolve_string(base, ref, s, e); });
    check_short_buffer(
        input, "make_relative into a short buffer",
        [&](char* b, size_t n, size_t* l) {
          return urlkit_make_relative(base, ref, b, n, l, nullptr);
        },
        [&](urlkit_string* s, urlkit_error* e) {
          return urlkit_make_relative_string(base, ref, s, e);
        });
  }
  for (auto& pair : handles)
    for (urlkit_url* u : pair) urlkit_url_free(u);
  return 0;
}
