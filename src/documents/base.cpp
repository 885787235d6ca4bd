// Establishing the base URL of a document: draft-fielding-uri-url-00 section 5.
#include "urlkit/base.hpp"
#include "urlkit/detail/ascii.hpp"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

namespace {

using layer = established_base::layer;

// Linear white space of RFC 822 (3.1.1 folding: CRLF followed by SPACE or TAB).
bool is_white_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_white_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_white_space(s.back())) s.remove_suffix(1);
  return s;
}

/// A layer's value, checked: the text that is parsed (a header's without its
/// white space) and whether it is absolute.
struct checked {
  std::string text;
  bool absolute = false;
};

/// Parses one layer's value (lenient mode, as resolve does).  Draft 5.1: in a
/// header value "any whitespace inside the field value (including that used
/// for line folding) is ignored", so it is removed first; an error's offset
/// is moved back to the byte in the value as given.
std::optional<error> check(layer l, std::string_view given, bool header, bool absolute_only,
                           checked& out) {
  std::vector<std::size_t> at;  // at[i]: where out.text[i] is in `given`
  if (header) {
    out.text.reserve(given.size());
    at.reserve(given.size());
    for (std::size_t i = 0; i < given.size(); ++i) {
      if (is_white_space(given[i])) continue;
      out.text.push_back(given[i]);
      at.push_back(i);
    }
  } else {
    out.text.assign(given);
  }
  auto where = [&](std::size_t offset) {
    if (!header) return offset;
    return offset < at.size() ? at[offset] : given.size();
  };
  auto parsed = parse_reference(out.text);
  if (!parsed) {
    urlkit::error e = parsed.error();
    e.offset = where(e.offset);
    e.source = layer_source(l);
    return e;
  }
  out.absolute = parsed->has_scheme();
  // Content-Base = "Content-Base" ":" absoluteURL (5.1); the base of an
  // encapsulating entity and a retrieval URL are URLs, never references.
  if (absolute_only && !out.absolute) {
    urlkit::error e = detail::error_at(error_code::base_not_absolute, rule::base, given, where(0));
    e.source = layer_source(l);
    return e;
  }
  return std::nullopt;
}

/// The URL proper: draft 3, the fragment "is not part of a URL".
std::string without_fragment(const std::string& absolute) {
  auto parsed = parse_reference(absolute);
  return parsed ? parsed->without_fragment() : absolute;
}

/// Resolves a layer's relative value against the base of the next outer
/// layer, "like any relative URL" (5.1).
result<established_base> resolve_layer(layer l, const checked& value, const established_base& outer,
                                       specification spec) {
  if (!outer.defined()) {
    urlkit::error e = detail::error_at(error_code::base_undefined, rule::reference, value.text, 0);
    e.source = layer_source(l);
    return e;
  }
  auto r = urlkit::resolve(outer.url, value.text, spec);
  if (!r) {
    urlkit::error e = r.error();
    // A failure that lies in the outer base (an opaque one, say) has no place
    // in this layer's value.
    if (e.rule == rule::base || !e.source.empty()) e.offset = 0;
    e.source = layer_source(l);
    return e;
  }
  established_base b;
  b.url = without_fragment(*r);
  b.from = l;
  b.resolved_against = outer.from;
  return b;
}

established_base absolute_layer(layer l, const checked& value) {
  established_base b;
  b.url = without_fragment(value.text);
  b.from = l;
  return b;
}

}  // namespace

bool base_context::set_header(std::string_view name, std::string_view value) {
  name = trim(name);
  std::optional<std::string>* field = nullptr;
  // "The field names are case-insensitive" (5.1).
  if (detail::ascii::iequals(name, "Content-Base"))
    field = &content_base;
  else if (detail::ascii::iequals(name, "Content-Location"))
    field = &content_location;
  else
    return false;
  if (!field->has_value()) field->emplace(value);
  return true;
}

std::size_t base_context::read_headers(std::string_view block) {
  std::size_t taken = 0;
  std::size_t pos = 0;
  while (pos < block.size()) {
    // One field: its first line, and every line after it that starts with
    // SPACE or TAB (RFC 822 3.1.1, unfolding).
    std::size_t end = block.find('\n', pos);
    std::string_view first = block.substr(pos, end == std::string_view::npos ? end : end - pos);
    if (!first.empty() && first.back() == '\r') first.remove_suffix(1);
    if (first.empty()) break;  // the empty line that ends the headers
    while (end != std::string_view::npos && end + 1 < block.size() &&
           (block[end + 1] == ' ' || block[end + 1] == '\t'))
      end = block.find('\n', end + 1);
    std::string_view field =
        block.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? block.size() : end + 1;
    const std::size_t colon = field.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = field.substr(colon + 1);
    if (!value.empty() && value.back() == '\r') value.remove_suffix(1);
    const bool had_base = content_base.has_value(), had_location = content_location.has_value();
    if (set_header(field.substr(0, colon), value) &&
        (had_base != content_base.has_value() || had_location != content_location.has_value()))
      ++taken;
  }
  return taken;
}

std::string_view to_string(established_base::layer l) noexcept {
  switch (l) {
    case layer::embedded:
      return "embedded";
    case layer::content_base:
      return "content_base";
    case layer::content_location:
      return "content_location";
    case layer::encapsulating:
      return "encapsulating";
    case layer::retrieval:
      return "retrieval";
    case layer::undefined:
      return "undefined";
  }
  return {};
}

// The header layers by their fields' names (draft 5.1), which is how a
// reader of a message knows them.
std::string_view layer_source(established_base::layer l) noexcept {
  switch (l) {
    case layer::content_base:
      return "Content-Base";
    case layer::content_location:
      return "Content-Location";
    default:
      return urlkit::to_string(l);
  }
}

std::string_view layer_section(established_base::layer l) noexcept {
  switch (l) {
    case layer::embedded:
    case layer::content_base:
    case layer::content_location:
      return "5.1";
    case layer::encapsulating:
      return "5.2";
    case layer::retrieval:
      return "5.3";
    case layer::undefined:
      return "5.4";
  }
  return "5.4";
}

std::optional<established_base::layer> layer_named(std::string_view name) noexcept {
  for (layer l : {layer::embedded, layer::content_base, layer::content_location,
                  layer::encapsulating, layer::retrieval, layer::undefined})
    if (layer_source(l) == name) return l;
  return std::nullopt;
}

const std::string* layer_value(const base_context& c, established_base::layer l) noexcept {
  const std::optional<std::string>* v = nullptr;
  switch (l) {
    case layer::embedded:
      v = &c.embedded;
      break;
    case layer::content_base:
      v = &c.content_base;
      break;
    case layer::content_location:
      v = &c.content_location;
      break;
    case layer::encapsulating:
      v = &c.encapsulating;
      break;
    case layer::retrieval:
      v = &c.retrieval;
      break;
    case layer::undefined:
      break;
  }
  return v && *v ? &**v : nullptr;
}

std::ostream& operator<<(std::ostream& os, established_base::layer l) {
  return detail::print_name(os, l, "layer");
}

result<established_base> establish_base(std::string_view embedded, const established_base& outer) {
  return establish_base(embedded, outer, specification::rfc1808);
}

result<established_base> establish_base(std::string_view embedded, const established_base& outer,
                                        specification spec) {
  checked value;
  if (auto e = check(layer::embedded, embedded, false, false, value)) return *e;
  if (value.absolute) return absolute_layer(layer::embedded, value);
  return resolve_layer(layer::embedded, value, outer, spec);
}

result<established_base> establish_base(const base_context& c, warning_sink on_warning) {
  // Each value given, checked (its error kept, not returned yet).
  struct given {
    bool present = false;
    bool used = false;  // the base depends on it
    checked value;
    std::optional<urlkit::error> error;
  };
  given embedded, content_base, content_location, encapsulating, retrieval;
  auto take = [](given& g, layer l, const std::optional<std::string>& v, bool header,
                 bool absolute_only) {
    if (!v || (!header && l != layer::embedded && v->empty())) return;
    g.present = true;
    g.error = check(l, *v, header, absolute_only, g.value);
  };
  take(embedded, layer::embedded, c.embedded, false, false);
  take(content_base, layer::content_base, c.content_base, true, true);
  take(content_location, layer::content_location, c.content_location, true, false);
  take(encapsulating, layer::encapsulating, c.encapsulating, false, true);
  take(retrieval, layer::retrieval, c.retrieval, false, true);

  // 5.2 and 5.3: the retrieval context.  An encapsulated document takes the
  // base of its encapsulating entity, even an undefined one (an empty value);
  // only a document "not encapsulated within some other entity" uses its
  // retrieval URL.
  auto outer = [&]() -> result<established_base> {
    if (c.encapsulating) {
      if (!encapsulating.present) return established_base{};
      encapsulating.used = true;
      if (encapsulating.error) return *encapsulating.error;
      return absolute_layer(layer::encapsulating, encapsulating.value);
    }
    if (!retrieval.present) return established_base{};
    retrieval.used = true;
    if (retrieval.error) return *retrieval.error;
    return absolute_layer(layer::retrieval, retrieval.value);
  };

  // 5.1, the message headers: "Content-Base takes precedence over any
  // Content-Location.  If the latter is relative, it must be resolved to its
  // absolute form (like any relative URL) before it can be used".  Like any
  // relative URL in the headers it is resolved against the next outer layer;
  // the message's own base cannot serve, since it is the value being defined.
  auto message = [&]() -> result<established_base> {
    if (content_base.present) {
      content_base.used = true;
      if (content_base.error) return *content_base.error;
      return absolute_layer(layer::content_base, content_base.value);
    }
    if (content_location.present) {
      content_location.used = true;
      if (content_location.error) return *content_location.error;
      if (content_location.value.absolute)
        return absolute_layer(layer::content_location, content_location.value);
      result<established_base> o = outer();
      if (!o) return o;
      return resolve_layer(layer::content_location, content_location.value, *o, c.spec);
    }
    return outer();
  };

  // 5.1, in the content: innermost; a relative one is resolved against the
  // base the headers (or the retrieval context) give the document.
  auto establish = [&]() -> result<established_base> {
    if (embedded.present) {
      embedded.used = true;
      if (embedded.error) return *embedded.error;
      if (embedded.value.absolute) return absolute_layer(layer::embedded, embedded.value);
      result<established_base> m = message();
      if (!m) return m;
      return resolve_layer(layer::embedded, embedded.value, *m, c.spec);
    }
    return message();
  };

  result<established_base> r = establish();
  if (!r) return r;
  established_base b = *r;
  for (const given* g : {&embedded, &content_base, &content_location, &encapsulating, &retrieval})
    if (g->present && !g->used && g->error) on_warning(passed_over(*g->error));
  return b;
}

}  // namespace urlkit
