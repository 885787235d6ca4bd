// urlkit — url (an owning URL reference) and url_builder (draft-fielding-uri-url-00
// sections 2.3.2, 3 and 4: a URL is escaped component by component while it is
// composed, then parsed back in strict mode).
#include "urlkit/url.hpp"
#include "urlkit/security.hpp"

#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "core/detail_access.hpp"
#include "urlkit/detail/error_at.hpp"

namespace urlkit {

// ---- url --------------------------------------------------------------------

namespace {

// A copy of `v` over the same text at `to` instead of `from`.  Exact
// (warnings and mode are kept) and cheaper than parsing again: the components
// are offsets into the text, so only where the text starts changes.
url_view rebased(const url_view& v, const char* from, const char* to) noexcept {
  url_view r = v;
  const char* text = v.buffer().data();
  if (text != nullptr) detail_access::rebase(r, to + (text - from));
  return r;
}

}  // namespace

url::url(const url& other)
    : buffer_(other.buffer_), view_(rebased(other.view_, other.buffer_.data(), buffer_.data())) {}

// A moved std::string may keep its characters (heap) or not (short-string
// buffer): the view is re-seated either way.
url::url(url&& other) noexcept {
  const char* from = other.buffer_.data();
  buffer_ = std::move(other.buffer_);
  view_ = rebased(other.view_, from, buffer_.data());
  other.buffer_.clear();
  other.view_ = url_view{};
}

url& url::operator=(const url& other) {
  if (this != &other) {
    buffer_ = other.buffer_;
    view_ = rebased(other.view_, other.buffer_.data(), buffer_.data());
  }
  return *this;
}

url& url::operator=(url&& other) noexcept {
  if (this != &other) {
    const char* from = other.buffer_.data();
    buffer_ = std::move(other.buffer_);
    view_ = rebased(other.view_, from, buffer_.data());
    other.buffer_.clear();
    other.view_ = url_view{};
  }
  return *this;
}

std::ostream& operator<<(std::ostream& os, const url& u) {
  return os << u.buffer();
}

result<url> url::parse(std::string_view s, const parse_options& options) {
  url u;
  u.buffer_.assign(s.data(), s.size());
  const auto r = parse_reference(u.buffer_, options);
  if (!r) return r.error();
  u.view_ = *r;
  return u;
}

// One component changed: the builder, started from this url (in its mode),
// checks the new value by its component's rule and composes the text again;
// the other components are taken as they are, so an edit never fails
// because of one it did not touch.  The warnings are the new value's.
template <class Edit>
result<void> url::edit(Edit&& change, warning_sink on_warning) {
  url_builder b(view_);
  change(b);
  auto built = b.build(on_warning);
  if (!built) return built.error();
  *this = std::move(*built);
  return {};
}

#define URLKIT_URL_SETTER(NAME, BUILDER_CALL)                                \
  result<void> url::NAME(std::string_view value, warning_sink on_warning) {  \
    return edit([&](url_builder& b) { b.BUILDER_CALL(value); }, on_warning); \
  }
URLKIT_URL_SETTER(set_scheme, scheme)
URLKIT_URL_SETTER(set_user, user)
URLKIT_URL_SETTER(set_encoded_user, encoded_user)
URLKIT_URL_SETTER(set_password, password)
URLKIT_URL_SETTER(set_encoded_password, encoded_password)
URLKIT_URL_SETTER(set_host, host)
URLKIT_URL_SETTER(set_host_address, host_address)
URLKIT_URL_SETTER(set_encoded_host, encoded_host)
URLKIT_URL_SETTER(set_port, port)
URLKIT_URL_SETTER(set_params, params)
URLKIT_URL_SETTER(set_encoded_params, encoded_params)
URLKIT_URL_SETTER(set_query, query)
URLKIT_URL_SETTER(set_encoded_query, encoded_query)
URLKIT_URL_SETTER(set_fragment, fragment)
URLKIT_URL_SETTER(set_encoded_fragment, encoded_fragment)
#undef URLKIT_URL_SETTER

result<void> url::set_port(std::uint16_t port) {
  return edit([&](url_builder& b) { b.port(port); }, {});
}

result<void> url::refuse_port(const std::string& number) {
  return edit([&](url_builder& b) { b.refuse_port(number); }, {});
}

// A leading "/" is the absolute-path flag (draft 4.3.2); without one the path
// is relative (written after a "/" all the same when a server precedes it).
result<void> url::set_path(std::string_view decoded, warning_sink on_warning) {
  return edit([&](url_builder& b) { b.path(decoded, decoded.starts_with('/')); }, on_warning);
}

result<void> url::set_encoded_path(std::string_view encoded, warning_sink on_warning) {
  return edit([&](url_builder& b) { b.encoded_path(encoded, encoded.starts_with('/')); },
              on_warning);
}

result<void> url::remove_user() {
  return edit([](url_builder& b) { b.remove_user(); }, {});
}
result<void> url::remove_password() {
  return edit([](url_builder& b) { b.remove_password(); }, {});
}
result<void> url::remove_port() {
  return edit([](url_builder& b) { b.remove_port(); }, {});
}
result<void> url::remove_params() {
  return edit([](url_builder& b) { b.remove_params(); }, {});
}
result<void> url::remove_query() {
  return edit([](url_builder& b) { b.remove_query(); }, {});
}
result<void> url::remove_fragment() {
  return edit([](url_builder& b) { b.remove_fragment(); }, {});
}

// ---- path segments and query parameters --------------------------------------

namespace {

error index_error(std::size_t i) noexcept {
  error e;
  e.code = error_code::unexpected_character;
  e.rule = rule::path;
  e.offset = i;
  e.detail = "no segment at that index";
  return e;
}

// The path rewritten segment by segment: `f(i, segment, out)` sets what
// becomes of segment i, or returns false to drop it (with its separator).
template <class F>
std::string rewrite_segments(const url_view& v, F&& f) {
  std::string out;
  std::size_t i = 0;
  bool first = true;
  for (const decode_view d : v.segments()) {
    const std::string_view seg = d.encoded();
    std::string piece;
    if (!f(i++, seg, piece)) continue;
    if (!first) out.push_back('/');
    first = false;
    out += piece;
  }
  return out;
}

}  // namespace

result<void> url::append_segment(std::string_view decoded) {
  std::string path(view_.encoded_path());
  if (!path.empty()) path.push_back('/');
  path += encode(decoded, component::path_segment);
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

result<void> url::replace_segment(std::size_t i, std::string_view decoded) {
  if (i >= view_.segments().size()) return index_error(i);
  const std::string path =
      rewrite_segments(view_, [&](std::size_t k, std::string_view seg, std::string& out) {
        out = k == i ? encode(decoded, component::path_segment) : std::string(seg);
        return true;
      });
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

result<void> url::erase_segment(std::size_t i) {
  if (i >= view_.segments().size()) return index_error(i);
  const std::string path =
      rewrite_segments(view_, [&](std::size_t k, std::string_view seg, std::string& out) {
        out = std::string(seg);
        return k != i;
      });
  return edit([&](url_builder& b) { b.raw_path(path, view_.absolute_path()); });
}

namespace {

std::string param_text(std::string_view name, std::string_view value) {
  std::string s = encode(name, component::query_param);
  s.push_back('=');
  s += encode(value, component::query_param);
  return s;
}

}  // namespace

result<void> url::append_query_param(std::string_view name, std::string_view value) {
  std::string q(view_.encoded_query());
  if (!q.empty()) q.push_back('&');
  q += param_text(name, value);
  return set_encoded_query(q);
}

result<void> url::set_query_param(std::string_view name, std::string_view value) {
  std::string q;
  bool found = false;
  for (const query_param_view p : view_.query_params()) {
    const bool match = (p.name() == name);
    if (match && found) continue;  // the others of that name go
    if (!q.empty()) q.push_back('&');
    if (match) {
      found = true;
      q.append(p.encoded_name());  // the name as it was written
      q.push_back('=');
      q += encode(value, component::query_param);
    } else {
      q.append(p.encoded_name());
      if (p.has_value()) {
        q.push_back('=');
        q.append(p.encoded_value());
      }
    }
  }
  if (!found) {
    if (!q.empty()) q.push_back('&');
    q += param_text(name, value);
  }
  return set_encoded_query(q);
}

result<void> url::erase_query_param(std::string_view name) {
  std::string q;
  bool kept = false;
  for (const query_param_view p : view_.query_params()) {
    if ((p.name() == name)) continue;
    if (kept) q.push_back('&');
    kept = true;
    q.append(p.encoded_name());
    if (p.has_value()) {
      q.push_back('=');
      q.append(p.encoded_value());
    }
  }
  if (!kept && !view_.query_params().empty()) return remove_query();
  return set_encoded_query(q);
}

}  // namespace urlkit
