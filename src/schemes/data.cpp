// data: URLs: RFC 2397 (grammar: src/grammar/data.cpp), and the processing
// algorithm of the data: URL conformance files (docs/schemes/data.md).
#include "urlkit/schemes/data.hpp"
#include "ascii.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "error_at.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"
#include "urlkit/base64.hpp"

namespace urlkit {

namespace {

constexpr std::string_view default_media_type = "text/plain;charset=US-ASCII";

// What a URL parser strips from both ends of its input: C0 controls and SPACE.
constexpr bool c0_or_space(char c) noexcept {
  return static_cast<unsigned char>(c) <= 0x20;
}
// What a URL parser removes everywhere: TAB, LF, CR.
constexpr bool tab_or_newline(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\r';
}

std::string_view strip_c0_or_space(std::string_view s) noexcept {
  while (!s.empty() && c0_or_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && c0_or_space(s.back())) s.remove_suffix(1);
  return s;
}

error data_error(std::size_t offset, std::string_view buffer, error_code code, rule r,
                 const char* production, const char* detail) noexcept {
  error e = error_at(code, r, buffer, offset);
  e.production = production;
  e.detail = detail;
  return e;
}

// An error of the data production (RFC 2397 3) in a body read in strict mode.
error data_char_error(std::size_t offset, char byte, const char* detail) noexcept {
  error e = data_error(offset, {}, error_code::data_syntax, rule::data, "data", detail);
  e.has_byte = true;
  e.byte = static_cast<unsigned char>(byte);
  return e;
}
constexpr const char* bad_escape_detail =
    "\"%\" must be followed by two hex digits (write a literal \"%\" as %25)";

std::size_t offset_in(const url_view& u, const char* p) noexcept {
  return static_cast<std::size_t>(p - u.buffer().data());
}

// ---- what a URL parser does that the generic grammar does not ----------------

// The URL parser refuses a host holding a "forbidden host code point" and a
// port above 65535; the generic grammar (draft 4.3.1) lets both through.
std::optional<error> check_server(const url_view& u) {
  if (u.has_host()) {
    constexpr std::string_view forbidden{"\0 #/:<>?@[\\]^|", 14};
    for (const char& c : u.host())
      if (forbidden.find(c) != std::string_view::npos)
        return data_error(offset_in(u, &c), u.buffer(), error_code::data_syntax, rule::host,
                          "data: URL host",
                          "a URL parser refuses this character in a host (a forbidden host "
                          "code point)");
  }
  if (u.has_port() && !u.port().empty() && !u.port_number())
    return data_error(offset_in(u, u.port().data()), u.buffer(), error_code::data_syntax,
                      rule::port, "data: URL port", "a URL parser refuses a port above 65535");
  return std::nullopt;
}

// The mediatype part as a URL parser writes it: TAB, LF and CR removed; C0
// controls and bytes above 0x7E escaped (the C0 control percent-encode set of
// an opaque path) and, after the first "?", also SPACE, <">, "<" and ">" (the
// query percent-encode set).  A path starting with "/" has a larger set, but
// its mediatype part starts with "/" and never parses, so that does not show.
std::string serialized_mediatype(std::string_view part) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(part.size());
  bool query = false;
  for (char c : part) {
    if (tab_or_newline(c)) continue;
    const auto u = static_cast<unsigned char>(c);
    if (c == '?') query = true;
    if (u < 0x20 || u > 0x7e || (query && (c == ' ' || c == '"' || c == '<' || c == '>'))) {
      out += '%';
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

// RFC 2397 6, as API.
bool refused(const mime_type& m, const std::vector<std::string>& refused_types) noexcept {
  for (std::string_view entry : refused_types) {
    entry = entry.substr(0, entry.find(';'));
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    const auto slash = entry.find('/');
    if (slash == std::string_view::npos) continue;
    const std::string_view type = entry.substr(0, slash);
    const std::string_view subtype = entry.substr(slash + 1);
    if (ascii::iequals(type, m.type) && (subtype == "*" || ascii::iequals(subtype, m.subtype)))
      return true;
  }
  return false;
}

struct head_result {
  data_media media;
  std::size_t comma = 0;  // in the text given to read_head
};

// RFC 2397 3's own reading of a mediatype its grammar took: type, subtype,
// attribute and value are RFC 2045 tokens "represented using URL escaped
// encoding ... as necessary", so each is decoded after the split at the raw
// "/", ";" and "=" (an escaped ";" in a value is data).  Type, subtype and
// attribute are compared ignoring case (RFC 2045 5.1): lower case here, as
// parse_mime_type writes them.  Without a type, "text/plain" (RFC 2397 2).
mime_type rfc2397_media_type(std::string_view m) {
  auto decoded = [](std::string_view s, bool lower_case) {
    std::string out = decode(s).value();  // the grammar checked every escape
    if (lower_case)
      for (char& c : out) c = ascii::lower(c);
    return out;
  };
  mime_type t;
  const std::size_t semicolon = std::min(m.find(';'), m.size());
  const std::string_view essence = m.substr(0, semicolon);
  if (const std::size_t slash = essence.find('/'); slash != std::string_view::npos) {
    t.type = decoded(essence.substr(0, slash), true);
    t.subtype = decoded(essence.substr(slash + 1), true);
  } else {
    t.type = "text";
    t.subtype = "plain";
  }
  std::string_view rest = m.substr(semicolon);
  while (!rest.empty()) {
    rest.remove_prefix(1);  // the ";"
    const std::size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view p = rest.substr(0, end);
    rest.remove_prefix(end);
    const std::size_t eq = p.find('=');
    std::string name = decoded(p.substr(0, eq), true);
    if (t.parameter(name) == nullptr)  // the first occurrence wins
      t.parameters.emplace_back(std::move(name), decoded(p.substr(eq + 1), false));
  }
  return t;
}

// Everything before the body: the URL parser's checks, RFC 2397's grammar
// (`whole`: over the whole text, else up to the ","), the split at the first
// ",", the ";base64" test and the media type.  `text` is the URL after
// "data:", up to the fragment (or, for a reader, up to the "," at least).
result<head_result> read_head(const url_view& u, std::string_view text, bool whole,
                              const data_options& o) {
  if (auto e = schemes::wrong_scheme(u, "data", "dataurl", "the scheme must be \"data\""))
    return *e;
  if (auto e = check_server(u)) return *e;

  grammar::data_failure f;
  if (!grammar::check_data(text, whole, o.mode == mode::lenient, f)) {
    const std::size_t at = offset_in(u, f.at);
    if (o.mode == mode::strict)
      return data_error(at, u.buffer(), error_code::data_syntax, rule::data, f.production,
                        f.detail);
    warning w{};
    w.offset = at;
    w.code = warning_code::scheme_syntax;
    w.rule = rule::data;
    w.byte = at < u.buffer().size() ? static_cast<unsigned char>(u.buffer()[at]) : 0;
    w.production = f.production;
    w.detail = f.detail;
    o.on_warning(w);
  }

  head_result h;
  h.comma = text.find(',');
  if (h.comma == std::string_view::npos)
    return data_error(offset_in(u, text.data() + text.size()), u.buffer(), error_code::data_syntax,
                      rule::data, "dataurl",
                      "a data: URL needs a \",\" before its data: "
                      "data:[<mediatype>][;base64],<data> (RFC 2397 3)");

  std::string m = serialized_mediatype(text.substr(0, h.comma));
  // Leading and trailing ASCII white space goes (only SPACE is left of it).
  const auto first = m.find_first_not_of(' ');
  m.erase(0, first == std::string::npos ? m.size() : first);
  while (!m.empty() && m.back() == ' ') m.pop_back();
  // A trailing ";base64", in any case, with nothing between ";" and "base64"
  // (the conformance files: "data:; base64,WA" is not base64).
  constexpr std::string_view b64 = ";base64";
  if (m.size() >= b64.size() &&
      ascii::iequals(std::string_view(m).substr(m.size() - b64.size()), b64)) {
    h.media.base64 = true;
    m.resize(m.size() - b64.size());
  }
  // RFC 2397 2: "As a shorthand, "text/plain" can be omitted but the charset
  // parameter supplied"; the processing does so for any parameter.
  static const mime_type fallback = *parse_mime_type(default_media_type);
  if (o.mode == mode::strict) {
    // RFC 2397's grammar took it (above): its own reading, escapes decoded.
    h.media.is_default = m.empty();
    h.media.mime = h.media.is_default ? fallback : rfc2397_media_type(m);
  } else if (!m.empty() && m.front() == ';') {
    m.insert(0, "text/plain");
  }
  if (o.mode == mode::lenient) {
    if (auto parsed = parse_mime_type(m)) {
      h.media.mime = std::move(*parsed);
    } else {
      h.media.mime = fallback;
      h.media.is_default = true;
    }
  }
  if (refused(h.media.mime, o.refused_types))
    return data_error(offset_in(u, text.data()), u.buffer(), error_code::refused_media_type,
                      rule::data, nullptr, nullptr);
  return h;
}

// ---- the body ------------------------------------------------------------------

// Decodes the body as it comes, in pieces: TAB, LF and CR removed (a URL
// parser does that first, so "%4<LF>1" is "A"), escapes decoded (a "%" not
// followed by two hex digits is data as it is, RFC 2397's "%fg"), then
// base64 when the URL says so.  Output goes to the sink in pieces of at most
// `chunk` bytes, from one buffer of chunk + 3 bytes; with no sink it is only
// counted (and checked).
class body_decoder {
 public:
  body_decoder(bool base64, bool strict, std::size_t chunk, const data_sink* sink)
      : sink_(sink), base64_(base64), strict_(strict), chunk_(std::max<std::size_t>(chunk, 1)) {
    // Base64 needs 3 bytes of room for the group a piece may complete.
    cap_ = sink_ ? chunk_ + 3 : small_.size();
    if (cap_ > small_.size()) {
      big_ = std::make_unique_for_overwrite<char[]>(cap_);
      buf_ = big_.get();
    } else {
      buf_ = small_.data();
    }
  }
  body_decoder(const body_decoder&) = delete;
  body_decoder& operator=(const body_decoder&) = delete;

  /// Raw body text; `at` is the offset of text[0] in the URL.
  std::optional<error> feed(std::string_view text, std::size_t at);
  /// The end of the body, which is at offset `end_at`.
  std::optional<error> finish(std::size_t end_at);

  /// The sink of a reader's current call.
  void set_sink(const data_sink* sink) noexcept { sink_ = sink; }
  /// Decoded bytes: all of them, or (with a sink) those handed over.
  std::size_t size() const noexcept { return sink_ ? delivered_ : counted_; }

 private:
  std::optional<error> emit(const char* p, std::size_t n, std::size_t at);
  std::optional<error> emit_base64(const char* p, std::size_t n, std::size_t at);
  void put(const char* p, std::size_t n);
  void deliver(const char* p, std::size_t n);
  void drain(std::size_t keep_below);

  const data_sink* sink_;
  bool base64_;
  bool strict_;
  std::size_t chunk_;
  std::size_t cap_ = 0;
  std::array<char, 1024> small_;
  std::unique_ptr<char[]> big_;
  char* buf_ = nullptr;
  std::size_t used_ = 0;
  base64::decoder dec_;
  char digit_ = 0;     // the first hex digit of a pending escape
  unsigned nesc_ = 0;  // a pending escape: 1 after "%", 2 after "%" and a digit
  std::size_t esc_at_ = 0;
  std::size_t counted_ = 0;
  std::size_t delivered_ = 0;
  bool stopped_ = false;
};

void body_decoder::deliver(const char* p, std::size_t n) {
  if (stopped_) return;
  delivered_ += n;
  if (!(*sink_)(std::string_view(p, n))) stopped_ = true;
}

// Hands over whole chunks while the buffer holds at least `keep_below`.
void body_decoder::drain(std::size_t keep_below) {
  if (!sink_) {
    used_ = 0;
    return;
  }
  std::size_t off = 0;
  while (used_ - off >= keep_below && used_ > off) {
    const std::size_t n = std::min(chunk_, used_ - off);
    deliver(buf_ + off, n);
    off += n;
  }
  if (off) std::memmove(buf_, buf_ + off, used_ - off);
  used_ -= off;
}

void body_decoder::put(const char* p, std::size_t n) {
  counted_ += n;
  if (!sink_) return;
  while (n > 0 && !stopped_) {
    if (used_ == 0 && n >= chunk_) {  // a whole chunk of the input: no copy
      deliver(p, chunk_);
      p += chunk_;
      n -= chunk_;
      continue;
    }
    const std::size_t take = std::min(n, chunk_ - used_);
    std::memcpy(buf_ + used_, p, take);
    used_ += take;
    p += take;
    n -= take;
    drain(chunk_);
  }
}

std::optional<error> body_decoder::emit_base64(const char* p, std::size_t n, std::size_t at) {
  while (n > 0 && !stopped_) {
    const std::size_t room = cap_ - used_;  // at least 4: drain leaves less than chunk_
    const std::size_t take = std::min(n, (room - 3) / 3 * 4 + 3);
    const std::size_t before = dec_.consumed();
    auto r = dec_.update(std::string_view(p, take), std::span<char>(buf_ + used_, room));
    if (!r) {
      error e = r.error();
      e.offset = at + (e.offset - before);  // the decoder counts from its first byte
      return e;
    }
    used_ += *r;
    counted_ += *r;
    p += take;
    n -= take;
    at += take;
    drain(chunk_);
  }
  return std::nullopt;
}

std::optional<error> body_decoder::emit(const char* p, std::size_t n, std::size_t at) {
  if (base64_) return emit_base64(p, n, at);
  put(p, n);
  return std::nullopt;
}

std::optional<error> body_decoder::feed(std::string_view text, std::size_t at) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin;
  auto offset = [&](const char* q) { return at + static_cast<std::size_t>(q - begin); };
  // Which bytes need a look: in strict mode, every byte that is not a urlchar
  // (RFC 2397 3: data := *urlchar), "%" included; else "%", TAB, LF, CR.
  auto plain = [this](char c) {
    return strict_ ? charset::is(charset::urlchar, c) : c != '%' && !tab_or_newline(c);
  };
  while (p != end && !stopped_) {
    if (nesc_ != 0) {
      const char c = *p;
      if (!strict_ && tab_or_newline(c)) {
        ++p;
        continue;
      }
      if (charset::is(charset::hex, c)) {
        ++p;
        if (nesc_ == 1) {
          digit_ = c;
          nesc_ = 2;
          continue;
        }
        nesc_ = 0;
        const auto b = static_cast<char>(charset::hex_value(digit_) * 16 + charset::hex_value(c));
        if (auto e = emit(&b, 1, esc_at_)) return e;
        continue;
      }
      // Not an escape: "%" (and the digit) are data as they are; `c` is looked at again.
      if (strict_) return data_char_error(esc_at_, '%', bad_escape_detail);
      const char literal[2] = {'%', digit_};
      const unsigned n = nesc_;
      nesc_ = 0;
      if (auto e = emit(literal, n, esc_at_)) return e;
      continue;
    }
    const char* q = p;
    while (q != end && plain(*q)) ++q;
    if (q != p) {
      if (auto e = emit(p, static_cast<std::size_t>(q - p), offset(p))) return e;
      p = q;
      continue;
    }
    if (*p == '%') {
      nesc_ = 1;
      esc_at_ = offset(p);
    } else if (strict_) {
      return data_char_error(offset(p), *p,
                             "data is *urlchar: escape other bytes as %XX (RFC 2397 3)");
    }  // else TAB, LF or CR, which a URL parser removes
    ++p;
  }
  return std::nullopt;
}

std::optional<error> body_decoder::finish(std::size_t end_at) {
  if (stopped_) return std::nullopt;
  if (nesc_ != 0) {
    if (strict_) return data_char_error(esc_at_, '%', bad_escape_detail);
    const char literal[2] = {'%', digit_};
    const unsigned n = nesc_;
    nesc_ = 0;
    if (auto e = emit(literal, n, esc_at_)) return e;
  }
  if (base64_ && !stopped_) {
    auto r = dec_.finish(std::span<char>(buf_ + used_, cap_ - used_));
    if (!r) {
      error e = r.error();
      e.offset = end_at;  // what fails at the end (length, padding) shows at the end
      return e;
    }
    used_ += *r;
    counted_ += *r;
  }
  drain(1);
  return std::nullopt;
}

// The part after "data:" up to the fragment, without the C0 controls and
// spaces a URL parser strips from the end of its input.
std::string_view scheme_text(const url_view& u) noexcept {
  std::string_view text = grammar::scheme_part_of(u);
  if (!u.has_fragment())
    while (!text.empty() && c0_or_space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

// ---- data_url ----------------------------------------------------------------------

result<data_url> parse_data(const url_view& url, const data_options& options) {
  const std::string_view text = scheme_text(url);
  auto h = read_head(url, text, true, options);
  if (!h) return h.error();
  data_url d;
  d.url_ = url;
  d.media_ = std::move(h->media);
  d.body_ = text.substr(h->comma + 1);
  d.body_offset_ = offset_in(url, d.body_.data());
  // One pass that checks the body (bad base64 fails the URL) and sizes it,
  // with a small buffer on the stack.
  body_decoder check(d.media_.base64, false, 0, nullptr);
  if (auto e = check.feed(d.body_, d.body_offset_)) return *e;
  if (auto e = check.finish(d.body_offset_ + d.body_.size())) return *e;
  d.body_size_ = check.size();
  return d;
}

result<data_url> parse_data(std::string_view s, const data_options& options) {
  const std::string_view url = strip_c0_or_space(s);
  const std::size_t lead = static_cast<std::size_t>(url.data() - s.data());
  // Offsets of errors and warnings count from the start of `s`.
  struct shifted {
    warning_sink to;
    std::size_t by;
    void operator()(const warning& w) const noexcept {
      warning v = w;
      v.offset += by;
      to(v);
    }
  } shift{options.on_warning, lead};
  data_options o = options;
  if (lead) o.on_warning = make_warning_sink(shift);
  parse_options po;
  po.mode = o.mode;
  po.on_warning = o.on_warning;
  po.accept_excluded = true;
  auto u = parse_absolute(url, po);
  auto d = u ? parse_data(*u, o) : result<data_url>(u.error());
  if (!d) {
    error e = d.error();
    e.offset += lead;
    return e;
  }
  return d;
}

result<std::size_t> data_url::decode_body(const data_sink& sink, std::size_t chunk) const {
  body_decoder d(media_.base64, false, chunk, &sink);
  if (auto e = d.feed(body_, body_offset_)) return *e;
  if (auto e = d.finish(body_offset_ + body_.size())) return *e;
  return d.size();
}

result<std::size_t> data_url::decode_body_to(std::span<char> out) const {
  if (out.size() < body_size_) {
    error e;
    e.code = error_code::buffer_too_small;
    e.rule = rule::data;
    return e;
  }
  std::size_t n = 0;
  auto r = decode_body(
      [&](std::string_view piece) {
        std::memcpy(out.data() + n, piece.data(), piece.size());
        n += piece.size();
        return true;
      },
      std::min(std::max<std::size_t>(body_size_, 1), default_chunk));
  if (!r) return r.error();
  return n;
}

std::string data_url::body() const {
  std::string s(body_size_, '\0');
  decode_body_to(s);  // cannot fail: parse_data checked the body and sized `s`
  return s;
}

// ---- data_url_reader -------------------------------------------------------------

struct data_url_reader::impl {
  enum class phase : std::uint8_t { lead, head, body, done, failed };

  data_options options;
  std::size_t chunk;
  phase ph = phase::lead;
  std::size_t seen = 0;  // bytes of the whole text so far
  std::size_t lead = 0;  // leading C0 controls and spaces, which are not part of the URL
  std::string head;      // from "data:" on, until the part before the "," is complete
  std::size_t scan = 0;  // head bytes already searched for "," and "#"
  std::size_t stop = std::string::npos;  // head index of the first "," or "#"
  data_media media;
  std::optional<body_decoder> body;
  // Strict mode: the fragment is checked as it comes, as the generic grammar
  // checks it in parse_data (draft 2.3.3: urlchars and escapes only, so no
  // second "#"); a run of C0 controls and spaces is an error only if more
  // follows, since at the end of the text it is stripped.
  bool in_fragment = false;
  std::string frag_escape;  // "%" and at most one hex digit, while an escape is open
  std::size_t frag_escape_at = 0;
  std::size_t frag_space_at = std::string::npos;
  char frag_space = 0;
  // C0 controls and spaces that may turn out to end the URL, in pieces of at
  // least hold_piece bytes (but the last): a run of 100 MB is held in 100 MB,
  // not in a string that doubles and copies itself as it grows.
  static constexpr std::size_t hold_piece = std::size_t{64} * 1024;
  std::vector<std::string> hold;
  std::size_t hold_at = 0;
  error err{};

  impl(data_options o, std::size_t c) : options(std::move(o)), chunk(c) {}

  result<std::size_t> fail(const error& e) {
    ph = phase::failed;
    err = e;
    return e;
  }

  // Index in `head` where the server of "data://..." ends, npos while unknown:
  // where the generic grammar ends it, at the next "/" or "#" (a "?" before
  // them is an error in the host, which parse_data reports first).
  std::size_t server_end(bool at_end) const {
    if (head.size() < 7 || head.compare(5, 2, "//") != 0) return 0;
    const auto e = head.find_first_of("/#", 7);
    return e != std::string::npos ? e : (at_end ? head.size() : std::string::npos);
  }

  // Once the part before the first "," (and the server, which may hold a
  // ",") is complete: the head is read, and what follows the "," is body.
  std::optional<error> try_head(bool at_end, const data_sink& sink) {
    constexpr auto npos = std::string::npos;
    if (stop == npos && head.size() > 5) {
      const auto i = head.find_first_of(",#", std::max<std::size_t>(scan, 5));
      scan = head.size();
      if (i != npos) stop = i;
    }
    // Not a data: URL: no need to read on to say so.
    if (head.size() >= 5 && !ascii::iequals(std::string_view(head).substr(0, 5), "data:"))
      at_end = true;
    const std::size_t server = server_end(at_end);
    if (!at_end && (stop == npos || server == npos)) return std::nullopt;

    // The URL proper up to its first "," and to the end of its server; or up
    // to the fragment, or the end, when there is no ",".
    std::string_view proper = head;
    if (stop != npos)
      proper = proper.substr(0, head[stop] == '#' ? stop : std::max(stop + 1, server));
    // Up to the end of the input (no ",", or a server that runs to the end): a
    // URL parser strips C0 controls and spaces there.
    if (at_end && proper.size() == head.size())
      while (!proper.empty() && c0_or_space(proper.back())) proper.remove_suffix(1);
    parse_options po;
    po.mode = options.mode;
    po.on_warning = options.on_warning;
    po.accept_excluded = true;
    auto moved = [this](error e) {
      e.offset += lead;
      return e;
    };
    auto u = parse_absolute(proper, po);
    if (!u) return moved(u.error());
    auto h = read_head(*u, grammar::scheme_part_of(*u), false, options);
    if (!h) return moved(h.error());

    media = std::move(h->media);
    body.emplace(media.base64, options.mode == mode::strict, chunk, &sink);
    ph = phase::body;
    const std::size_t body_at = 5 + h->comma + 1;  // "data:" mediatype ","
    auto e = feed_body(std::string_view(head).substr(body_at), lead + body_at);
    head.clear();
    head.shrink_to_fit();
    return e;
  }

  // The generic parser's own error for `window` (the offending byte, or an
  // escape that is not one) at the start of a fragment, put at `offset`.
  static error fragment_error(std::string_view window, std::size_t offset) {
    const std::string probe = "x:#" + std::string(window);
    parse_options po;
    po.mode = mode::strict;
    auto r = parse_absolute(probe, po);
    error e = r ? data_error(0, {}, error_code::data_syntax, rule::fragment, "fragment",
                             "not allowed in a fragment")
                : r.error();
    e.offset = offset;
    return e;
  }

  // Strict mode: fragment text at offset `at` of the whole text.
  std::optional<error> check_fragment(std::string_view piece, std::size_t at) {
    for (std::size_t i = 0; i < piece.size(); ++i) {
      const char c = piece[i];
      if (!frag_escape.empty()) {
        if (charset::is(charset::hex, c)) {
          frag_escape += c;
          if (frag_escape.size() == 3) frag_escape.clear();
          continue;
        }
        return fragment_error(frag_escape + c, frag_escape_at);
      }
      if (c0_or_space(c)) {
        if (frag_space_at == std::string::npos) {
          frag_space_at = at + i;
          frag_space = c;
        }
        continue;
      }
      if (frag_space_at != std::string::npos)
        return fragment_error(std::string_view(&frag_space, 1), frag_space_at);
      if (c == '%') {
        frag_escape = "%";
        frag_escape_at = at + i;
      } else if (!charset::is(charset::urlchar, c)) {
        return fragment_error(std::string_view(&c, 1), at + i);
      }
    }
    return std::nullopt;
  }

  // Body text: up to a "#" (the fragment is not part of the body), with a
  // trailing run of C0 controls and spaces held back until more follows.
  std::optional<error> feed_body(std::string_view piece, std::size_t at) {
    const auto hash = piece.find('#');
    std::string_view fragment;
    if (hash != std::string_view::npos) {
      in_fragment = options.mode == mode::strict;
      fragment = piece.substr(hash + 1);
      piece = piece.substr(0, hash);
      ph = phase::done;
    }
    std::size_t keep = piece.size();
    if (ph != phase::done)
      while (keep > 0 && c0_or_space(piece[keep - 1])) --keep;
    if (keep > 0 || ph == phase::done) {
      std::size_t held_at = hold_at;
      for (const std::string& h : hold) {
        if (auto e = body->feed(h, held_at)) return e;
        held_at += h.size();
      }
      hold.clear();
      if (auto e = body->feed(piece.substr(0, keep), at)) return e;
    }
    if (keep < piece.size()) {
      if (hold.empty()) hold_at = at + keep;
      if (hold.empty() || hold.back().size() >= hold_piece) hold.emplace_back();
      hold.back().append(piece.substr(keep));
    }
    if (ph == phase::done) {
      if (auto e = body->finish(at + piece.size())) return e;
      // The body's errors come first: they are earlier in the text.
      if (in_fragment) return check_fragment(fragment, at + piece.size() + 1);
    }
    return std::nullopt;
  }
};

data_url_reader::data_url_reader(data_options options, std::size_t chunk)
    : impl_(std::make_unique<impl>(std::move(options), chunk)) {}
data_url_reader::~data_url_reader() = default;
data_url_reader::data_url_reader(data_url_reader&&) noexcept = default;
data_url_reader& data_url_reader::operator=(data_url_reader&&) noexcept = default;

const data_media* data_url_reader::media() const noexcept {
  return impl_->body ? &impl_->media : nullptr;
}

result<std::size_t> data_url_reader::write(std::string_view piece, const data_sink& sink) {
  impl& s = *impl_;
  using phase = impl::phase;
  if (s.ph == phase::failed) return s.err;
  const std::size_t at = s.seen;
  s.seen += piece.size();
  if (s.body) s.body->set_sink(&sink);
  if (s.ph == phase::done) {
    if (s.in_fragment)
      if (auto e = s.check_fragment(piece, at)) return s.fail(*e);
    return s.body->size();
  }
  if (s.ph == phase::lead) {
    std::size_t k = 0;
    while (k < piece.size() && c0_or_space(piece[k])) ++k;
    s.lead += k;
    piece.remove_prefix(k);
    if (piece.empty()) return std::size_t{0};
    s.ph = phase::head;
  }
  if (s.ph == phase::head) {
    s.head.append(piece);
    if (auto e = s.try_head(false, sink)) return s.fail(*e);
    return s.body ? s.body->size() : 0;
  }
  if (auto e = s.feed_body(piece, at)) return s.fail(*e);
  return s.body->size();
}

result<std::size_t> data_url_reader::finish(const data_sink& sink) {
  impl& s = *impl_;
  using phase = impl::phase;
  if (s.ph == phase::failed) return s.err;
  if (s.body) s.body->set_sink(&sink);
  if (s.ph == phase::lead || s.ph == phase::head) {
    if (auto e = s.try_head(true, sink)) return s.fail(*e);
  }
  if (s.ph == phase::body) {
    // The held-back C0 controls and spaces end the URL: stripped.
    const std::size_t end_at = s.hold.empty() ? s.seen : s.hold_at;
    s.hold.clear();
    s.ph = phase::done;
    if (auto e = s.body->finish(end_at)) return s.fail(*e);
  }
  if (s.in_fragment && !s.frag_escape.empty())
    return s.fail(impl::fragment_error(s.frag_escape, s.frag_escape_at));
  return s.body->size();
}

// ---- make_data_url ---------------------------------------------------------------

namespace {

constexpr char upper_hex[] = "0123456789ABCDEF";

// RFC 2397 3: type, subtype, attribute and value are RFC 2045 tokens
// "represented using URL escaped encoding of [RFC2396] as necessary", and a
// value's tspecials are escaped "instead of quoted string".  A byte is
// written as itself when it is a token character and a urlchar, else as %XX:
// what the strict grammar (src/grammar/data.cpp) reads back.
void put_token_text(std::string& out, std::string_view text) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (mime::is_token_char(u) && charset::is(charset::urlchar, u)) {
      out += c;
    } else {
      out += '%';
      out += upper_hex[u >> 4];
      out += upper_hex[u & 15];
    }
  }
}

error media_type_error(std::string_view given, std::size_t offset, const char* detail) {
  error e = error_at(error_code::data_syntax, rule::data, given, offset);
  e.production = "data mediatype";
  e.detail = detail;
  return e;
}

// Reads `given` as RFC 2397's mediatype := [ type "/" subtype ] *( ";"
// parameter ), with RFC 2045's tokens and quoted-strings (and RFC 822's white
// space between them), and writes it in its URL form.  Errors count in `given`.
std::optional<error> write_media_type(std::string_view given, std::string& out) {
  if (given.empty()) return std::nullopt;  // the default text/plain;charset=US-ASCII
  // Without a type the parameters stand alone (";charset=..."): RFC 2045's
  // content grammar needs one, so a stand-in is read in front.
  const std::size_t first = given.find_first_not_of(" \t");
  const bool typeless = first != std::string_view::npos && given[first] == ';';
  constexpr std::string_view stand_in = "x/x";
  std::string text;
  if (typeless) text.append(stand_in);
  text.append(given);
  const std::size_t shift = typeless ? stand_in.size() : 0;
  grammar::mime::content_type ct;
  error err;
  if (!grammar::mime::parse_content_type(text, ct, err)) {
    err.offset = err.offset < shift ? 0 : err.offset - shift;
    // RFC 2397 3: ";base64" is told apart from a parameter by having no "=".
    const std::string_view before = given.substr(0, std::min(err.offset, given.size()));
    constexpr std::string_view flag = ";base64";
    if (before.size() >= flag.size() &&
        ascii::iequals(before.substr(before.size() - flag.size()), flag))
      return media_type_error(given, before.size() - flag.size(),
                              "\";base64\" is RFC 2397's flag, not a parameter: give the media "
                              "type alone (the URL says base64 itself when it is)");
    return err;
  }
  if (ct.field_name.data() != nullptr)
    return media_type_error(given, 0, "a media type, not a header field, is expected");
  if (!typeless) {
    put_token_text(out, ct.type);
    out += '/';
    put_token_text(out, ct.subtype);
  }
  for (const auto& p : ct.parameters) {
    out += ';';
    put_token_text(out, p.attribute);
    out += '=';
    std::string_view value = p.value;
    std::string unquoted;
    if (p.quoted) {  // RFC 822 3.3: quoted-pair = "\" CHAR
      for (std::size_t i = 1; i + 1 < value.size(); ++i) {
        if (value[i] == '\\' && i + 2 < value.size()) ++i;
        const auto u = static_cast<unsigned char>(value[i]);
        if (u >= 0x80)
          return media_type_error(
              given, static_cast<std::size_t>(value.data() + i - text.data()) - shift,
              "a parameter value is US-ASCII (RFC 2045 5.1: value := token / quoted-string)");
        unquoted += value[i];
      }
      value = unquoted;
      if (value.empty())
        return media_type_error(
            given, static_cast<std::size_t>(p.value.data() - text.data()) - shift,
            "an empty value cannot be written in a data: URL (RFC 2397 3: value is a token in its "
            "URL form, with no quoted-string)");
    }
    put_token_text(out, value);
  }
  return std::nullopt;
}

}  // namespace

result<std::string> make_data_url(std::string_view bytes, std::string_view media_type) {
  std::string type;
  if (auto e = write_media_type(media_type, type)) return *e;
  // RFC 2396 urlchars are data as they are (the query's allowed set is *urlchar).
  const std::size_t percent = encoded_size(bytes, component::query) + 1;
  const std::size_t b64 = base64::encoded_size(bytes.size()) + 8;
  std::string out = "data:";
  out.reserve(5 + type.size() + std::min(percent, b64));
  out += type;
  // No parameter can be ";base64" here (it has no "="), so the flag is only
  // the one written below.
  if (b64 < percent) {
    out += ";base64,";
    const std::size_t at = out.size();
    out.resize(at + base64::encoded_size(bytes.size()));
    base64::encode_to(bytes, out.data() + at);
  } else {
    out += ',';
    const std::size_t at = out.size();
    out.resize(at + percent - 1);
    encode_to(bytes, component::query, out.data() + at);
  }
  return out;
}

// ---- the handler -------------------------------------------------------------------

namespace schemes {
namespace {

class data_handler final : public basic_handler {
 public:
  data_handler() : basic_handler("data", std::nullopt, syntax::opaque) {}
  result<scheme_value> describe(const url_view& url, const scheme_options& options) const override {
    data_options o;
    o.mode = options.mode;
    o.on_warning = options.on_warning;
    auto d = parse_data(url, o);
    if (!d) return d.error();
    scheme_value::array parameters;
    for (const auto& [name, value] : d->parameters())
      parameters.emplace_back(scheme_value::array{name, value});
    return scheme_value(scheme_value::object{
        {"media_type", d->media_type()},
        {"type", d->type()},
        {"subtype", d->subtype()},
        {"parameters", std::move(parameters)},
        {"base64", d->is_base64()},
        {"body_base64", base64::encode(d->body())},
    });
  }
};

}  // namespace

std::shared_ptr<const scheme_handler> make_data_handler() {
  return std::make_shared<data_handler>();
}

}  // namespace schemes
}  // namespace urlkit
