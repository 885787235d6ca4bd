// Fuzz target for data: URLs (RFC 2397): the grammar of section 3 in both
// modes, the processing algorithm (docs/schemes/data.md), the three ways of
// decoding a body, the reader that takes the text in pieces, and
// make_data_url.
//
// The first byte is a control byte: its low bit picks what the rest is, the
// other bits pick the chunk sizes.
//   even: the rest is the text of a URL.  Every decoding route (buffer,
//         string, sink in chunks, reader in pieces) must give the same bytes
//         or the same error; strict must accept exactly the lenient readings
//         without warnings; and what the strict grammar accepts must read as
//         RFC 2397 section 3 says, checked against a plain reading here.
//   odd:  the next byte is the length of a media type, then the media type,
//         then the bytes of a body.  make_data_url, and both forms of data
//         built here, must decode to exactly those bytes and that media type;
//         the streaming writer, fed in pieces, must write the same URLs.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_check.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/mime_type.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/urlkit.hpp"

namespace {

using urlkit_fuzz::check;
using urlkit_fuzz::fail;

namespace cs = urlkit::charset;

constexpr std::string_view default_type = "text/plain;charset=US-ASCII";

struct sizes {
  std::size_t chunk;  // decode_body's chunk
  std::size_t piece;  // the reader's pieces of text
};

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}

bool iends_with(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  s = s.substr(s.size() - suffix.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    if (lower(s[i]) != suffix[i]) return false;
  return true;
}

urlkit::data_options options(urlkit::mode m) {
  urlkit::data_options o;
  o.mode = m;
  return o;
}

std::string error_text(const urlkit::error& e) {
  return e.to_string();
}

// Whether `text`, without the C0 controls and spaces a URL parser strips,
// starts with "data:" in any case.
bool is_data_text(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= 0x20) text.remove_prefix(1);
  return text.size() >= 5 && iends_with(text.substr(0, 5), "data:");
}

bool same_media(const urlkit::data_media& a, const urlkit::data_view& d) {
  return a.mime == d.mime() && a.is_default == d.is_default_type() && a.base64 == d.is_base64();
}

// ---- the routes of one body ------------------------------------------------------

// body(), decode_body_to() and decode_body() in chunks give the same bytes;
// returns them.
std::string check_routes(std::string_view input, const urlkit::data_view& d, std::size_t chunk) {
  const std::string body = d.decode_body();
  check(body.size() == d.body_size(), input, "body().size() == body_size()", {{"body", body}});

  // An exact heap buffer: ASan reports a write past it.
  const std::size_t n = body.size();
  auto exact = std::make_unique<char[]>(n == 0 ? 1 : n);
  const auto to = d.decode_body_to(std::span<char>(exact.get(), n));
  check(to.has_value() && *to == n && std::string_view(exact.get(), n) == body, input,
        "decode_body_to() into a buffer of body_size() gives body()", {{"body", body}});
  if (n > 0) {
    const auto small = d.decode_body_to(std::span<char>(exact.get(), n - 1));
    check(!small && small.error().code == urlkit::error_code::buffer_too_small, input,
          "decode_body_to() into a short buffer is buffer_too_small");
  }

  std::string pieces;
  bool piece_sizes_ok = true;
  const auto r = d.decode_body(
      [&](std::string_view piece) {
        piece_sizes_ok &= !piece.empty() && piece.size() <= chunk;
        pieces.append(piece);
        return true;
      },
      chunk);
  check(r.has_value() && *r == n, input, "decode_body() hands over body_size() bytes");
  check(piece_sizes_ok, input, "decode_body() pieces are 1 to chunk bytes");
  check(pieces == body, input, "decode_body() in chunks gives body()",
        {{"chunks", pieces}, {"body", body}});

  if (n > 0) {
    std::size_t first = 0;
    const auto stopped = d.decode_body(
        [&](std::string_view piece) {
          first = piece.size();
          return false;
        },
        chunk);
    check(stopped.has_value() && *stopped == first && first == std::min(chunk, n), input,
          "a sink that stops at once gets one chunk, and that is what is counted");
  }
  return body;
}

// The text through a data_url_reader, `piece` bytes at a time: the same media
// type and body as parse_data, or the same error.
void check_reader(std::string_view input, std::string_view text, urlkit::mode m, sizes z,
                  const urlkit::result<urlkit::data_view>& whole, const std::string* body) {
  urlkit::data_url_reader reader(options(m), z.chunk);
  std::string got;
  bool piece_sizes_ok = true;
  const urlkit::byte_sink sink = [&](std::string_view p) {
    piece_sizes_ok &= !p.empty() && p.size() <= z.chunk;
    got.append(p);
    return true;
  };
  std::optional<urlkit::error> err;
  for (std::size_t i = 0; i < text.size() && !err; i += z.piece) {
    auto w = reader.write(text.substr(i, z.piece), sink);
    if (!w)
      err = w.error();
    else
      check(*w == got.size(), input, "reader.write() returns the bytes handed over");
  }
  std::size_t total = 0;
  if (!err) {
    auto f = reader.finish(sink);
    if (!f)
      err = f.error();
    else
      total = *f;
  }
  check(piece_sizes_ok, input, "reader pieces are 1 to chunk bytes");
  const char* what = m == urlkit::mode::strict ? "strict reader agrees with parse_data"
                                               : "lenient reader agrees with parse_data";
  if (whole) {
    if (err) fail(input, what, {{"reader error", error_text(*err)}});
    check(total == got.size() && got == *body, input, what,
          {{"why", "body differs"}, {"reader", got}, {"parse_data", *body}});
    check(reader.media() != nullptr && same_media(*reader.media(), *whole), input, what,
          {{"why", "media type differs"},
           {"reader", reader.media() ? reader.media()->mime.to_string() : "null"},
           {"parse_data", whole->media_type()}});
  } else {
    if (!err) fail(input, what, {{"parse_data error", error_text(whole.error())}, {"reader", got}});
    // A reader gives up on a text that does not start with "data:" as soon as
    // it shows, with the error of what it has read so far.
    if (!is_data_text(text)) return;
    // Lenient: the same error.  Strict: parse_data runs the generic grammar
    // over the whole text before RFC 2397's, so with two errors it may name
    // a later one; a reader, which never sees the text whole, names the first
    // one it meets (and for a byte of the body that the generic grammar
    // refuses, the data production's error rather than the generic one's).
    check(m == urlkit::mode::strict
              ? err->offset <= whole.error().offset
              : err->code == whole.error().code && err->offset == whole.error().offset,
          input, what,
          {{"why", "different error"},
           {"reader", error_text(*err)},
           {"parse_data", error_text(whole.error())}});
  }
}

// ---- RFC 2397 section 3, read plainly ------------------------------------------------

std::string percent_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (cs::starts_with_escape(s.substr(i))) {
      out += static_cast<char>(cs::hex_value(s[i + 1]) * 16 + cs::hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// What a URL that RFC 2397's grammar accepts (strict mode) means, read here
// without the processing algorithm: dataurl := "data:" [ mediatype ]
// [ ";base64" ] "," data, each token with its escapes decoded (RFC 2397 3:
// tokens "represented using URL escaped encoding ... as necessary";
// docs/schemes/data.md), type, subtype and attribute in lower case, the first
// of a repeated attribute counting.
void check_strict_reading(std::string_view input, std::string_view url,
                          const urlkit::result<urlkit::data_view>& strict) {
  std::string_view text = url.substr(5);  // after "data:"
  text = text.substr(0, text.find('#'));
  const auto comma = text.find(',');
  check(comma != std::string_view::npos, input, "a strict data: URL has a \",\"");
  std::string_view head = text.substr(0, comma);
  const std::string_view data = text.substr(comma + 1);
  const bool b64 = iends_with(head, ";base64");
  if (b64) head.remove_suffix(7);

  urlkit::mime_type expected;
  const bool is_default = head.empty();
  if (is_default) {
    expected = {"text", "plain", {{"charset", "US-ASCII"}}};
  } else {
    std::string_view params = head;
    if (head.front() == ';') {
      expected.type = "text";
      expected.subtype = "plain";
    } else {
      const auto slash = head.find('/');
      const auto semi = head.find(';');
      check(slash != std::string_view::npos && slash < semi, input,
            "a strict mediatype is type \"/\" subtype");
      for (char c : percent_decoded(head.substr(0, slash))) expected.type += lower(c);
      for (char c : percent_decoded(head.substr(slash + 1, semi - slash - 1)))
        expected.subtype += lower(c);
      params = semi == std::string_view::npos ? std::string_view() : head.substr(semi);
    }
    while (!params.empty()) {
      params.remove_prefix(1);  // ";"
      const auto end = params.find(';');
      const std::string_view p = params.substr(0, end);
      params = end == std::string_view::npos ? std::string_view() : params.substr(end);
      const auto eq = p.find('=');
      check(eq != std::string_view::npos && eq > 0 && eq + 1 < p.size(), input,
            "a strict parameter is attribute \"=\" value");
      std::string name;
      for (char c : percent_decoded(p.substr(0, eq))) name += lower(c);
      if (expected.parameter(name) == nullptr)
        expected.parameters.emplace_back(std::move(name), percent_decoded(p.substr(eq + 1)));
    }
  }

  std::string body = percent_decoded(data);
  bool body_ok = true;
  if (b64) {
    auto decoded = urlkit::base64::decode(body);
    body_ok = decoded.has_value();
    if (body_ok) body = std::move(*decoded);
  }
  if (!body_ok) {
    check(!strict && strict.error().code == urlkit::error_code::bad_base64, input,
          "strict grammar accepts, the body is bad base64: bad_base64");
    return;
  }
  if (!strict)
    fail(input, "what RFC 2397's grammar accepts, the processing reads",
         {{"error", error_text(strict.error())}});
  check(strict->mime() == expected && strict->is_default_type() == is_default &&
            strict->is_base64() == b64,
        input, "the processing reads the media type as RFC 2397's grammar does",
        {{"processing", strict->media_type()}, {"grammar", expected.to_string()}});
  check(strict->decode_body() == body, input,
        "the processing reads the body as RFC 2397's grammar does",
        {{"processing", strict->decode_body()}, {"grammar", body}});
}

// ---- a typed view's round trips ------------------------------------------------------

void check_view(std::string_view input, const urlkit::data_view& d, const std::string& body) {
  const std::string mt = d.media_type();
  check(mt == d.mime().to_string(), input, "media_type() is mime().to_string()");
  check(d.type() == d.mime().type && d.subtype() == d.mime().subtype &&
            d.parameters() == d.mime().parameters,
        input, "type(), subtype(), parameters() are those of mime()");
  if (d.is_default_type()) check(mt == default_type, input, "the default type", {{"type", mt}});
  auto again = urlkit::parse_mime_type(mt);
  check(again.has_value() && *again == d.mime(), input,
        "parse_mime_type(media_type()) gives mime() back", {{"type", mt}});

  // RFC 2397 6: refusing the effective type refuses the URL.
  urlkit::data_options o;
  o.refused_types = {d.type() + "/*"};
  auto refused = urlkit::parse_data(d.url(), o);
  check(!refused && refused.error().code == urlkit::error_code::refused_media_type, input,
        "a refused type is refused_media_type", {{"type", mt}});

  // The view made again from its body and media type, when the type needs no
  // escaping (make_data_url escapes what is not a urlchar, and the processing
  // does not decode the mediatype).
  bool plain = true;
  for (char c : mt) plain &= cs::is(cs::urlchar, c) && c != ',';
  const auto made = urlkit::make_data_url(body, plain ? std::string_view(mt) : "");
  if (!made)
    fail(input, "make_data_url takes a media type the processing wrote",
         {{"type", mt}, {"error", error_text(made.error())}});
  const std::string& url = *made;
  auto back = urlkit::parse_data(url);
  if (!back) fail(input, "make_data_url(decode_body(), media_type()) parses", {{"url", url}});
  check(back->decode_body() == body, input,
        "make_data_url(decode_body(), media_type()) gives the body back", {{"url", url}});
  if (plain)
    check(back->mime() == d.mime(), input,
          "make_data_url(decode_body(), media_type()) gives the media type back", {{"url", url}});
}

// ---- arbitrary text -------------------------------------------------------------------

void check_text(std::string_view input, std::string_view text, sizes z) {
  std::size_t warnings = 0;
  auto count = [&warnings](const urlkit::warning&) { ++warnings; };
  urlkit::data_options lo;
  lo.on_warning = urlkit::make_warning_sink(count);
  const auto lenient = urlkit::parse_data(text, lo);
  const auto strict = urlkit::parse_data(text, options(urlkit::mode::strict));

  for (const auto* r : {&lenient, &strict}) {
    if (*r) continue;
    const urlkit::error& e = r->error();
    check(e.code != urlkit::error_code::ok && e.offset <= text.size(), input,
          "a failure has a code and an offset within the text", {{"error", error_text(e)}});
  }

  std::string body;
  if (lenient) {
    check(lenient->encoded_body().size() <= text.size(), input, "encoded_body() is in the text");
    body = check_routes(input, *lenient, z.chunk);
    check_view(input, *lenient, body);
  }
  check_reader(input, text, urlkit::mode::lenient, z, lenient, &body);

  // Strict accepts exactly the lenient readings that needed no warning, and
  // reads them the same.
  if (strict) {
    if (!lenient)
      fail(input, "strict success implies lenient success",
           {{"lenient", error_text(lenient.error())}});
    check(warnings == 0, input, "lenient warns about nothing strict accepts");
    // They agree on the media type where it holds no escape: strict mode
    // decodes a token's escapes (RFC 2397 3), the processing keeps them.
    const std::string_view head = std::string_view(text).substr(0, text.find(','));
    if (head.find('%') == std::string_view::npos)
      check(same_media({strict->mime(), strict->is_default_type(), strict->is_base64()}, *lenient),
            input, "strict and lenient agree on a media type without escapes");
    const std::string sbody = check_routes(input, *strict, z.chunk);
    check(sbody == body, input, "strict and lenient agree on the body");
    check_reader(input, text, urlkit::mode::strict, z, strict, &sbody);
  } else {
    if (lenient && warnings == 0)
      fail(input, "lenient success without warnings implies strict success",
           {{"strict", error_text(strict.error())}});
    check_reader(input, text, urlkit::mode::strict, z, strict, nullptr);
  }

  // The strict grammar's view of what it accepts, when the stripped text is
  // exactly the URL ("data:" in any case, no leading controls or spaces).
  const std::string_view url = text;
  if (url.size() >= 5 && iends_with(url.substr(0, 5), "data:")) {
    // parse_data strips C0 controls and spaces at both ends; the strict
    // generic grammar refuses them everywhere else.
    std::string_view stripped = url;
    while (!stripped.empty() && static_cast<unsigned char>(stripped.back()) <= 0x20)
      stripped.remove_suffix(1);
    // A strict failure for bad base64 comes after the grammar has accepted.
    if (strict || strict.error().code == urlkit::error_code::bad_base64)
      check_strict_reading(input, stripped, strict);
  }
}

// ---- a URL built from bytes -------------------------------------------------------------

// What the processing makes of a mediatype part `m` that has no ";base64" of
// its own to strip (docs/schemes/data.md steps 5 and 6).
std::pair<urlkit::mime_type, bool> processed_type(std::string m) {
  if (!m.empty() && m.front() == ';') m.insert(0, "text/plain");
  auto parsed = urlkit::parse_mime_type(m);
  if (m.empty() || !parsed) return {*urlkit::parse_mime_type(default_type), true};
  return {*parsed, false};
}

// One data: URL of `bytes`: it decodes to them, with the expected media type.
void check_built(std::string_view input, const std::string& url, std::string_view bytes,
                 const std::pair<urlkit::mime_type, bool>& type, bool b64, sizes z,
                 const char* what) {
  const auto d = urlkit::parse_data(url);
  if (!d)
    fail(input, what, {{"why", "does not parse"}, {"url", url}, {"error", error_text(d.error())}});
  check(d->is_base64() == b64, input, what, {{"why", "base64 or not"}, {"url", url}});
  check(d->mime() == type.first && d->is_default_type() == type.second, input, what,
        {{"why", "media type differs"},
         {"url", url},
         {"got", d->media_type()},
         {"expected", type.first.to_string()}});
  const std::string body = check_routes(input, *d, z.chunk);
  check(body == bytes, input, what, {{"why", "body differs"}, {"url", url}, {"body", body}});
  check_reader(input, url, urlkit::mode::lenient, z, d, &body);
}

void check_make(std::string_view input, std::string_view type, std::string_view bytes, sizes z) {
  const auto made = urlkit::make_data_url(bytes, type);
  if (!made) {
    // RFC 2045's grammar refused the media type: an error inside it.
    check(made.error().offset <= type.size(), input, "make_data_url's error points into the type",
          {{"type", std::string(type)}, {"error", error_text(made.error())}});
    return;
  }
  const std::string& url = *made;

  // RFC 2397 2: percent-encoding keeps urlchars, base64 is "data:...;base64,";
  // make_data_url writes the shorter one (percent-encoding on a tie).
  std::size_t percent = 1;
  for (char c : bytes) percent += cs::is(cs::urlchar, c) ? 1 : 3;
  const std::size_t b64size = urlkit::base64::encoded_size(bytes.size()) + 8;
  const bool b64 = b64size < percent;
  const std::string data = b64 ? ";base64," + urlkit::base64::encode(bytes)
                               : "," + urlkit::encode(bytes, urlkit::component::query);
  check(url.size() >= 5 + data.size() && url.ends_with(data), input,
        "make_data_url writes the shorter form", {{"url", url}, {"data", data}});
  // The media type as written (RFC 2397's URL form of the one given).
  const std::string esc = url.substr(5, url.size() - 5 - data.size());

  // The streaming writer, fed `piece` bytes at a time into chunks of `chunk`,
  // writes the same URL in either encoding.
  for (const auto e : {urlkit::data_encoding::base64, urlkit::data_encoding::percent}) {
    const bool as_b64 = e == urlkit::data_encoding::base64;
    const std::string want =
        as_b64 == b64 ? url
                      : url.substr(0, url.size() - data.size()) +
                            (as_b64 ? ";base64," + urlkit::base64::encode(bytes)
                                    : "," + urlkit::encode(bytes, urlkit::component::query));
    std::string streamed;
    bool sized = true;
    auto w = urlkit::data_url_writer::to_sink(
        [&](std::string_view p) {
          sized &= !p.empty() && p.size() <= z.chunk;
          streamed.append(p);
          return true;
        },
        type, e, z.chunk);
    if (!w) fail(input, "the writer takes the media type make_data_url took", {{"url", url}});
    for (std::size_t i = 0; i < bytes.size(); i += z.piece) w->write(bytes.substr(i, z.piece));
    w->finish();
    check(streamed == want && sized, input, "the writer in pieces writes make_data_url's URL",
          {{"url", want}, {"streamed", streamed}});
  }

  // What it writes, RFC 2397's grammar takes (data --strict), with the bytes.
  const auto strict = urlkit::parse_data(url, options(urlkit::mode::strict));
  if (!strict)
    fail(input, "make_data_url writes what the strict reader takes",
         {{"url", url}, {"error", error_text(strict.error())}});
  check(strict->decode_body() == bytes, input, "the strict reader gives make_data_url's bytes back",
        {{"url", url}});

  const auto type_read = processed_type(esc);
  check_built(input, url, bytes, type_read, b64, z, "make_data_url decodes to its bytes and type");
  // Both forms, whichever make_data_url picked.
  check_built(input, "data:" + esc + ";base64," + urlkit::base64::encode(bytes), bytes, type_read,
              true, z, "the base64 form decodes to its bytes and type");
  check_built(input, "data:" + esc + "," + urlkit::encode(bytes, urlkit::component::query), bytes,
              type_read, false, z, "the percent-encoded form decodes to its bytes and type");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size == 0) return 0;
  const std::uint8_t control = data[0];
  sizes z;
  z.chunk = (control & 0x80) ? 64 : ((control >> 1) & 7) + 1;
  z.piece = ((control >> 4) & 7) + 1;
  const std::string_view rest = input.substr(1);
  if ((control & 1) == 0) {
    check_text(input, rest, z);
  } else {
    const std::size_t n = rest.empty() ? 0 : std::min<std::size_t>(rest[0] & 0xff, rest.size() - 1);
    const std::string_view type = rest.empty() ? std::string_view() : rest.substr(1, n);
    const std::string_view bytes = rest.empty() ? std::string_view() : rest.substr(1 + n);
    check_make(input, type, bytes, z);
  }
  return 0;
}
