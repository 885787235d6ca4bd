// urlkit CLI — "scheme_data" from the typed views (scheme_data.hpp).  The
// members of each object, and their order, are the JSON contract of
// docs/guide.md: test/cli/test_schemes.cpp checks every one.
#include "scheme_data.hpp"

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

#include "json_out.hpp"
#include "urlkit/base64.hpp"

namespace urlkit::cli {
namespace {

// The members of one object or array, commas between them.
class sequence_writer {
 public:
  sequence_writer(std::string& out, char open, char close) : out_(out), close_(close) {
    out_.push_back(open);
  }
  sequence_writer(const sequence_writer&) = delete;
  sequence_writer& operator=(const sequence_writer&) = delete;
  ~sequence_writer() { out_.push_back(close_); }

  // Starts the next element (of an array) or member (of an object, `key`).
  std::string& next() {
    if (!first_) out_.push_back(',');
    first_ = false;
    return out_;
  }
  std::string& member(std::string_view key) {
    json::write_string(next(), key);
    out_.push_back(':');
    return out_;
  }
  void string(std::string_view key, std::string_view value) {
    json::write_string(member(key), value);
  }
  void string(std::string_view key, const urlkit::decode_view& value) {
    string(key, value.to_string());
  }
  void optional(std::string_view key, const std::optional<urlkit::decode_view>& value) {
    if (value)
      string(key, *value);
    else
      member(key).append("null");
  }
  void integer(std::string_view key, std::int64_t value) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, value);
    member(key).append(buf, r.ptr);
  }
  void boolean(std::string_view key, bool value) { member(key).append(value ? "true" : "false"); }

 private:
  std::string& out_;
  char close_;
  bool first_ = true;
};

// [NAME, VALUE]: a pair, as an array of two strings.
void write_pair(std::string& out, std::string_view name, std::string_view value) {
  sequence_writer a(out, '[', ']');
  json::write_string(a.next(), name);
  json::write_string(a.next(), value);
}

void write_view(std::string& out, const urlkit::ftp_view& f) {
  sequence_writer o(out, '{', '}');
  o.optional("user", f.user());
  o.optional("password", f.password());
  o.string("host", f.host());
  o.integer("port", f.effective_port());
  {
    sequence_writer cwd(o.member("cwd"), '[', ']');
    for (const urlkit::decode_view c : f.cwd()) json::write_string(cwd.next(), c.to_string());
  }
  o.string("name", f.name());
  if (auto t = f.typecode())
    o.string("typecode", std::string_view(&*t, 1));
  else
    o.member("typecode").append("null");
}

void write_view(std::string& out, const urlkit::http_view& h) {
  sequence_writer o(out, '{', '}');
  o.string("host", h.host());
  o.integer("port", h.effective_port());
  o.boolean("secure", h.secure());
  // As written: the path and search of 3.3 are not decoded here.
  if (h.has_hpath())
    o.string("path", h.encoded_hpath());
  else
    o.member("path").append("null");
  if (h.has_search())
    o.string("search", h.encoded_search());
  else
    o.member("search").append("null");
}

void write_view(std::string& out, const urlkit::gopher_view& g) {
  sequence_writer o(out, '{', '}');
  o.string("host", g.host());
  o.integer("port", g.effective_port());
  const char type = g.gopher_type();
  o.string("gopher_type", std::string_view(&type, 1));
  o.string("selector", g.selector());
  o.optional("search", g.search());
  o.optional("gopher_plus", g.gopher_plus());
}

void write_view(std::string& out, const urlkit::mailto_view& m) {
  // The first address (as RFC 1738 reads the URL), then RFC 6068's reading:
  // every address, and the header fields in order.
  sequence_writer o(out, '{', '}');
  o.string("address", m.address());
  {
    sequence_writer to(o.member("to"), '[', ']');
    for (const urlkit::decode_view a : m.to()) json::write_string(to.next(), a.to_string());
  }
  sequence_writer headers(o.member("headers"), '[', ']');
  for (const urlkit::query_param_view h : m.headers())
    write_pair(headers.next(), h.name().to_string(), h.value().to_string());
}

void write_view(std::string& out, const urlkit::news_view& n) {
  sequence_writer o(out, '{', '}');
  o.string("kind", to_string(n.kind()));
  if (n.kind() == urlkit::news_kind::article)
    o.string("message_id", n.message_id());
  else
    o.string("group", n.group());
}

void write_view(std::string& out, const urlkit::nntp_view& n) {
  sequence_writer o(out, '{', '}');
  o.string("host", n.host());
  o.integer("port", n.effective_port());
  o.string("group", n.group());
  if (auto a = n.article())
    o.integer("article", *a);
  else
    o.member("article").append("null");
}

void write_view(std::string& out, const urlkit::telnet_view& t) {
  sequence_writer o(out, '{', '}');
  o.optional("user", t.user());
  o.optional("password", t.password());
  o.string("host", t.host());
  o.integer("port", t.effective_port());
}

void write_view(std::string& out, const urlkit::wais_view& w) {
  sequence_writer o(out, '{', '}');
  o.string("host", w.host());
  o.integer("port", w.effective_port());
  o.string("database", w.database());
  o.optional("search", w.search());
  o.optional("wtype", w.wtype());
  o.optional("wpath", w.wpath());
}

void write_view(std::string& out, const urlkit::file_view& f) {
  sequence_writer o(out, '{', '}');
  // null for the host-less file:/x, "" for file:///x (both this machine).
  o.optional("host", f.url().has_host() ? std::optional(f.host()) : std::nullopt);
  // With its leading "/", as a file name is written (3.10).
  o.string("path", "/" + f.fpath().to_string());
}

void write_view(std::string& out, const urlkit::prospero_view& p) {
  sequence_writer o(out, '{', '}');
  o.string("host", p.host());
  o.integer("port", p.effective_port());
  o.string("hsoname", p.hsoname());
  sequence_writer fields(o.member("fields"), '[', ']');
  for (urlkit::prospero_fieldspec f : p.fieldspecs())
    write_pair(fields.next(), f.name().to_string(), f.value().to_string());
}

void write_view(std::string& out, const urlkit::data_view& d) {
  sequence_writer o(out, '{', '}');
  o.string("media_type", d.media_type());
  o.string("type", d.type());
  o.string("subtype", d.subtype());
  {
    sequence_writer parameters(o.member("parameters"), '[', ']');
    for (const auto& [name, value] : d.parameters()) write_pair(parameters.next(), name, value);
  }
  o.boolean("base64", d.is_base64());
  // The body may be any bytes: base64 keeps the JSON string short and exact.
  o.string("body_base64", urlkit::base64::encode(d.decode_body()));
}

void write_view(std::string& out, std::monostate /*unused*/) {
  out.append("null");
}

}  // namespace

urlkit::result<scheme_reading> read_scheme(const urlkit::url_view& url,
                                           const urlkit::scheme_options& options,
                                           const urlkit::scheme_registry& registry) {
  auto typed = urlkit::parse_typed(url, options);
  if (!typed) return typed.error();
  // A scheme without a typed view: the registry's verdict alone.
  if (std::holds_alternative<std::monostate>(*typed)) {
    if (auto c = registry.check(url, options); !c) return c.error();
  }
  return typed;
}

void write_scheme_data(std::string& out, const scheme_reading& r) {
  std::visit([&](const auto& v) { write_view(out, v); }, r);
}

}  // namespace urlkit::cli
