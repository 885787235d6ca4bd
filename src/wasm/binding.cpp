// The WebAssembly shell of urlkit (docs/web.md): plain C functions that
// src/wasm/api.js calls.  Nothing here is URL logic; it moves bytes and
// results across the boundary:
//   - JavaScript writes its input as UTF-8 into one reused buffer of wasm
//     memory (uk_input), with TextEncoder.encodeInto, and passes its length;
//   - the parse's components come back as byte offsets in a static array
//     (uk_slots), which JavaScript maps to string indices and slices: no
//     string is made here for them;
//   - what is rare or structured (warnings, an error, a typed view, a
//     resolved URL) is written as text, JSON or the plain value, into one
//     reused string whose address and length the slots give.
// Offsets in that JSON are byte offsets in the UTF-8 input; api.js maps them.
// Nothing is allocated per call that outlives it, so the heap stays flat
// (test/wasm's leak test checks uk_heap_in_use).
#include <malloc.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "urlkit/base.hpp"
#include "urlkit/endpoint.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/html.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/typed.hpp"
#include "urlkit/url_view.hpp"

#define UK_EXPORT extern "C" __attribute__((used, visibility("default")))

namespace {

// The slots JavaScript reads after each call (api.js names the same
// indices).  Components: [start, end) byte pairs, start -1 when absent.
enum slot : int {
  s_ok = 0,
  s_components = 1,  // 9 pairs: scheme user password host port path params query fragment
  s_text = 19,       // address of the output text
  s_text_size = 20,  // its length in bytes (0: none)
  s_extra = 21,      // call-specific: equivalent's verdict, extract's count
  s_count = 24,
};
alignas(8) std::int32_t slots[s_count];

std::string input;  // the reused input buffer
std::string text;   // the reused output text

void set_text() {
  slots[s_text] = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(text.data()));
  slots[s_text_size] = static_cast<std::int32_t>(text.size());
}

// ---- a small JSON writer -----------------------------------------------------
void str(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  text += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      text += '\\';
      text += ch;
    } else if (c < 0x20 || c == 0x7f) {
      text += "\\u00";
      text += hex[c >> 4];
      text += hex[c & 15];
    } else {
      text += ch;  // UTF-8 as it is; JSON text is UTF-8
    }
  }
  text += '"';
}
// Bytes as a JSON string of code points 0-255 (a data: URL's body, which need
// not be UTF-8): api.js turns it into a Uint8Array.
void bytes(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  text += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      text += ch;
    } else {
      text += "\\u00";
      text += hex[c >> 4];
      text += hex[c & 15];
    }
  }
  text += '"';
}
void key(std::string_view k) {
  if (text.back() != '{' && text.back() != '[') text += ',';
  str(k);
  text += ':';
}
void field(std::string_view k, std::string_view v) {
  key(k);
  str(v);
}
void field(std::string_view k, const urlkit::decode_view& v) {
  key(k);
  str(v.to_string());
}
template <class D>
void field(std::string_view k, const std::optional<D>& v) {
  if (v) {
    field(k, *v);
  } else {
    key(k);
    text += "null";
  }
}
void field(std::string_view k, bool v) {
  key(k);
  text += v ? "true" : "false";
}
void number(std::string_view k, std::size_t v) {
  key(k);
  text += std::to_string(v);
}
void null(std::string_view k) {
  key(k);
  text += "null";
}

void write_error(const urlkit::error& e) {
  text += '{';
  field("code", urlkit::to_string(e.code));
  field("message", e.message());
  number("offset", e.offset);
  field("rule", urlkit::to_string(e.rule));
  field("source", e.source);
  text += '}';
}

// Warnings of a parse, generic and the scheme's, gathered and then sorted by
// offset (each layer reports in input order, the inner first: error.hpp).
struct warnings {
  std::vector<urlkit::warning> items;
  void operator()(const urlkit::warning& w) { items.push_back(w); }
  void write() {
    std::stable_sort(items.begin(), items.end(),
                     [](const auto& a, const auto& b) { return a.offset < b.offset; });
    key("warnings");
    text += '[';
    for (const auto& w : items) {
      if (text.back() != '[') text += ',';
      text += '{';
      field("code", urlkit::to_string(w.code));
      field("message", w.message());
      number("offset", w.offset);
      text += '}';
    }
    text += ']';
  }
};

urlkit::mode mode_of(int strict) {
  return strict ? urlkit::mode::strict : urlkit::mode::lenient;
}
urlkit::specification spec_of(int spec) {
  return spec == 3986 ? urlkit::specification::rfc3986 : urlkit::specification::rfc1808;
}
std::string_view in(std::size_t from, std::size_t size) {
  return std::string_view(input).substr(from, size);
}

// ---- the typed views: one JSON object each, field names as in index.d.ts ----
urlkit::scheme_options options(const urlkit::url_view& v) {
  return {v.parsed_mode(), {}};
}

// Each typed view as one JSON object, its "scheme" the view's name.
void write_view(const urlkit::http_view& h) {
  field("scheme", std::string_view("http"));
  field("host", h.host());
  number("port", h.effective_port());
  field("explicitPort", h.has_explicit_port());
  number("defaultPort", h.default_port());
  field("secure", h.secure());
  field("websocket", h.websocket());
  field("hpath", h.has_hpath() ? std::optional(h.hpath()) : std::nullopt);
  field("search", h.has_search() ? std::optional(h.search()) : std::nullopt);
  field("requestTarget", h.request_target());
}

void write_view(const urlkit::ftp_view& f) {
  field("scheme", std::string_view("ftp"));
  field("user", f.user());
  field("password", f.password());
  field("host", f.host());
  number("port", f.effective_port());
  field("fpath", f.has_url_path() ? std::optional(f.fpath()) : std::nullopt);
  key("cwd");
  text += '[';
  for (const auto& d : f.cwd()) {
    if (text.back() != '[') text += ',';
    str(d.to_string());
  }
  text += ']';
  field("name", f.name());
  auto tc = f.typecode();
  field("typecode", tc ? std::optional<std::string_view>(std::string_view(&*tc, 1)) : std::nullopt);
  key("plan");
  text += '[';
  for (const auto& c : f.plan()) {
    if (text.back() != '[') text += ',';
    str(c.to_string());
  }
  text += ']';
}

void write_view(const urlkit::mailto_view& m) {
  field("scheme", std::string_view("mailto"));
  field("address", m.address());
  field("isAddrSpec", m.is_addr_spec());
  field("localPart", m.local_part());
  field("domain", m.domain());
  key("to");
  text += '[';
  for (const auto& a : m.to()) {
    if (text.back() != '[') text += ',';
    str(a.to_string());
  }
  text += ']';
  key("headers");
  text += '[';
  for (const auto& h : m.headers()) {
    if (text.back() != '[') text += ',';
    text += '[';
    str(h.name().to_string());
    text += ',';
    str(h.value().to_string());
    text += ']';
  }
  text += ']';
  field("subject", m.subject());
  field("body", m.body());
}

void write_view(const urlkit::news_view& n) {
  field("scheme", std::string_view("news"));
  field("kind", urlkit::to_string(n.kind()));
  field("grouppart", n.grouppart());
  field("group", n.kind() == urlkit::news_kind::group ? std::optional(n.group()) : std::nullopt);
  field("messageId",
        n.kind() == urlkit::news_kind::article ? std::optional(n.message_id()) : std::nullopt);
}

void write_view(const urlkit::nntp_view& n) {
  field("scheme", std::string_view("nntp"));
  field("host", n.host());
  number("port", n.effective_port());
  field("group", n.group());
  auto article = n.article();
  if (article)
    number("article", *article);
  else
    null("article");
}

void write_view(const urlkit::telnet_view& t) {
  field("scheme", std::string_view("telnet"));
  field("user", t.user());
  field("password", t.password());
  field("host", t.host());
  number("port", t.effective_port());
  field("finalSlash", t.has_final_slash());
}

void write_view(const urlkit::gopher_view& g) {
  field("scheme", std::string_view("gopher"));
  field("host", g.host());
  number("port", g.effective_port());
  const char type = g.gopher_type();
  field("gopherType", std::string_view(&type, 1));
  field("selector", g.selector());
  field("search", g.search());
  field("gopherPlus", g.gopher_plus());
  key("requestLine");
  bytes(g.request_line());
}

void write_view(const urlkit::wais_view& w) {
  field("scheme", std::string_view("wais"));
  field("host", w.host());
  number("port", w.effective_port());
  field("kind", urlkit::to_string(w.kind()));
  field("database", w.database());
  field("search", w.search());
  field("wtype", w.wtype());
  field("wpath", w.wpath());
}

void write_view(const urlkit::file_view& f) {
  field("scheme", std::string_view("file"));
  field("host", f.encoded_host());
  field("isLocal", f.is_local());
  field("fpath", f.fpath());
  auto local = f.local_path();
  field("localPath", local ? std::optional<std::string_view>(*local) : std::nullopt);
}

void write_view(const urlkit::prospero_view& p) {
  field("scheme", std::string_view("prospero"));
  field("host", p.host());
  number("port", p.effective_port());
  field("hsoname", p.hsoname());
  key("fieldspecs");
  text += '[';
  for (const auto& f : p.fieldspecs()) {
    if (text.back() != '[') text += ',';
    text += '[';
    str(f.name().to_string());
    text += ',';
    str(f.value().to_string());
    text += ']';
  }
  text += ']';
}

void write_view(const urlkit::data_view& d) {
  field("scheme", std::string_view("data"));
  field("mediaType", d.media_type());
  field("type", d.type());
  field("subtype", d.subtype());
  key("parameters");
  text += '[';
  for (const auto& [name, value] : d.parameters()) {
    if (text.back() != '[') text += ',';
    text += '[';
    str(name);
    text += ',';
    str(value);
    text += ']';
  }
  text += ']';
  field("isDefaultType", d.is_default_type());
  field("isBase64", d.is_base64());
  key("body");
  bytes(d.decode_body());
}

// The URL's typed view (urlkit::parse_typed) as JSON; false when its scheme
// has none or its grammar refuses it.
bool write_typed(const urlkit::url_view& v) {
  auto r = urlkit::parse_typed(v, options(v));
  if (!r || std::holds_alternative<std::monostate>(*r)) return false;
  std::visit(
      [](const auto& view) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(view)>, std::monostate>) {
          text += '{';
          write_view(view);
          text += '}';
        }
      },
      *r);
  return true;
}

}  // namespace

// Grows the input buffer to hold `size` bytes (it never shrinks) and returns it.
UK_EXPORT char* uk_input(std::size_t size) {
  if (input.size() < size) input.resize(size);
  return input.data();
}

UK_EXPORT std::int32_t* uk_slots() {
  return slots;
}

// Parses input[0, size): the components into the slots; warnings and the
// error, when there are any, as JSON {"error": ..., "warnings": [...]}.
// ok: the generic grammar and the scheme's own (RFC 1738 5, RFC 2397) accept
// it, as `urlkit validate` decides.
UK_EXPORT int uk_parse(std::size_t size, int strict) {
  warnings w;
  urlkit::parse_options po;
  po.mode = mode_of(strict);
  po.on_warning = urlkit::make_warning_sink(w);
  const std::string_view s = in(0, size);
  auto r = urlkit::parse_reference(s, po);
  std::optional<urlkit::error> failure;
  for (int i = s_components; i < s_text; ++i) slots[i] = -1;
  if (r) {
    const urlkit::url_view& v = *r;
    const char* base = s.data();
    auto put = [&](int i, bool present, std::string_view c) {
      if (!present) return;
      slots[s_components + 2 * i] = static_cast<std::int32_t>(c.data() - base);
      slots[s_components + 2 * i + 1] = static_cast<std::int32_t>(c.data() - base + c.size());
    };
    put(0, v.has_scheme(), v.scheme());
    put(1, v.has_user(), v.encoded_user());
    put(2, v.has_password(), v.encoded_password());
    put(3, v.has_host(), v.encoded_host());
    put(4, v.has_port(), v.port());
    put(5, true, v.encoded_path());
    put(6, v.has_params(), v.encoded_params());
    put(7, v.has_query(), v.encoded_query());
    put(8, v.has_fragment(), v.encoded_fragment());
    // The path is always present; an empty one slices to "" wherever it is.
    if (v.encoded_path().empty()) slots[s_components + 10] = slots[s_components + 11] = 0;
    auto verdict = urlkit::scheme_registry::standard().check(v, {po.mode, po.on_warning});
    if (!verdict) failure = verdict.error();
  } else {
    failure = r.error();
  }
  slots[s_ok] = failure ? 0 : 1;
  text.clear();
  if (failure || !w.items.empty()) {
    text += '{';
    key("error");
    if (failure)
      write_error(*failure);
    else
      text += "null";
    w.write();
    text += '}';
  }
  set_text();
  return slots[s_ok];
}

// The typed view of input[0, size) as JSON, "null" when its scheme has none
// or its grammar refuses it (uk_parse says why).
UK_EXPORT int uk_typed(std::size_t size, int strict) {
  text.clear();
  auto r = urlkit::parse_reference(in(0, size), mode_of(strict));
  if (!r || !write_typed(*r)) {
    text.clear();
    text += "null";
  }
  set_text();
  return 1;
}

// Where a client connects, as JSON {"host", "port", "defaultPort"}; "null"
// when the URL names no server (endpoint_of's errors).
UK_EXPORT int uk_endpoint(std::size_t size, int strict) {
  text.clear();
  auto r = urlkit::parse_reference(in(0, size), mode_of(strict));
  std::optional<urlkit::endpoint> e;
  if (r) {
    auto er = urlkit::endpoint_of(*r, urlkit::scheme_options{mode_of(strict), {}});
    if (er) e = std::move(*er);
  }
  if (e) {
    // The port is the table's when the URL gives none, or an empty one (draft E.3).
    const bool from_table = !r->has_port() || r->port().empty();
    text += '{';
    field("host", e->host);
    number("port", e->port);
    field("defaultPort", from_table);
    text += '}';
  } else {
    text += "null";
  }
  set_text();
  return 1;
}

namespace {
// A string result: the value as it is into the text (ok), else the error as JSON.
int deliver(const urlkit::result<std::string>& r) {
  text.clear();
  if (r)
    text += *r;
  else
    write_error(r.error());
  slots[s_ok] = r ? 1 : 0;
  set_text();
  return slots[s_ok];
}
}  // namespace

// Resolves input[base_size, base_size + ref_size) against input[0, base_size)
// by RFC 1808 (spec 1808) or RFC 3986 (spec 3986).
UK_EXPORT int uk_resolve(std::size_t base_size, std::size_t ref_size, int spec) {
  return deliver(urlkit::resolve(in(0, base_size), in(base_size, ref_size), spec_of(spec)));
}

UK_EXPORT int uk_make_relative(std::size_t base_size, std::size_t target_size, int spec) {
  return deliver(
      urlkit::make_relative(in(0, base_size), in(base_size, target_size), spec_of(spec)));
}

UK_EXPORT int uk_normalize(std::size_t size) {
  auto r = urlkit::parse_reference(in(0, size));
  if (!r) return deliver(r.error());
  auto n = urlkit::normalized(*r);
  if (!n) return deliver(n.error());
  return deliver(std::string(n->buffer()));
}

// Equivalence (normalize.hpp) of input[0, a_size) and the a_size bytes after;
// the verdict in the extra slot; an error names its input "a" or "b".
UK_EXPORT int uk_equivalent(std::size_t a_size, std::size_t b_size) {
  auto a = urlkit::parse_reference(in(0, a_size));
  auto b = urlkit::parse_reference(in(a_size, b_size));
  for (auto [r, name] : {std::pair{&a, "a"}, std::pair{&b, "b"}})
    if (!*r) {
      urlkit::error e = r->error();
      e.source = name;
      return deliver(e);
    }
  slots[s_extra] = urlkit::equivalent(*a, *b) ? 1 : 0;
  return deliver(std::string());
}

// The URLs in free text (extract.hpp), as JSON [[url, start, end], ...] with
// byte offsets; the count in the extra slot.
UK_EXPORT int uk_extract(std::size_t size) {
  auto found = urlkit::extract(in(0, size));
  text.clear();
  text += '[';
  for (const auto& e : found) {
    if (text.back() != '[') text += ',';
    text += '[';
    str(e.url);
    text += ',' + std::to_string(e.start) + ',' + std::to_string(e.end) + ']';
  }
  text += ']';
  slots[s_extra] = static_cast<std::int32_t>(found.size());
  slots[s_ok] = 1;
  set_text();
  return 1;
}

// The HTML document input[base_size, base_size + doc_size) with its links
// made absolute (urlkit::html::absolutize: its own first BASE, else the base
// input[0, base_size), an empty one undefined) by RFC 1808 or RFC 3986, as
// JSON {"html", "base", "links": [{"element", "attribute", "reference",
// "value": [begin, end), "line", "column", "resolved" | "error",
// "rewritten"}]}, offsets in the document's bytes; or the error (its source
// "base" when it is the base's).
UK_EXPORT int uk_absolutize(std::size_t base_size, std::size_t doc_size, int spec) {
  urlkit::base_context context;
  context.retrieval = std::string(in(0, base_size));
  context.spec = spec_of(spec);
  auto outer = urlkit::establish_base(context);
  if (!outer) {
    urlkit::error e = outer.error();
    e.source = "base";
    return deliver(e);
  }
  urlkit::html::absolutize_options options;
  options.spec = context.spec;
  auto r = urlkit::html::absolutize(in(base_size, doc_size), *outer, options);
  if (!r) return deliver(r.error());
  text.clear();
  text += '{';
  field("html", r->html);
  field("base", r->base.url);
  key("links");
  text += '[';
  for (const urlkit::html::link& l : r->links) {
    if (text.back() != '[') text += ',';
    text += '{';
    field("element", l.element);
    field("attribute", l.attribute);
    field("reference", l.reference);
    key("value");
    text += '[' + std::to_string(l.value_begin) + ',' + std::to_string(l.value_end) + ']';
    number("line", l.where.line);
    number("column", l.where.column);
    if (l.resolved) {
      field("resolved", *l.resolved);
    } else {
      key("error");
      write_error(l.resolved.error());
    }
    field("rewritten", l.rewritten);
    text += '}';
  }
  text += "]}";
  slots[s_ok] = 1;
  set_text();
  return 1;
}

// Bytes the allocator has handed out and not had back (dlmalloc's
// mallinfo().uordblks): the leak test's measure.
UK_EXPORT std::size_t uk_heap_in_use() {
  return static_cast<std::size_t>(mallinfo().uordblks);
}
