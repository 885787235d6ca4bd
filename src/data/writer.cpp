// data: URLs written: data_url_writer, the one encoder, which make_data_url
// uses too (RFC 2397 3, the media type read with RFC 2045's grammar).
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "data/internal.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/support.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit {

using namespace data_detail;

// ---- the media type ----------------------------------------------------------------

namespace {

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
      out += charset::hex_digit(u >> 4);
      out += charset::hex_digit(u);
    }
  }
}

error media_type_error(std::string_view given, std::size_t offset, const char* detail) {
  error e = detail::error_at(error_code::data_syntax, rule::data, given, offset);
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
        detail::ascii::iequals(before.substr(before.size() - flag.size()), flag))
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

// ---- data_body_measure -------------------------------------------------------------

// RFC 2397 2: without ";base64" the data is "ASCII encoding for octets inside
// the range of safe URL characters and ... %xx hex encoding" for the rest; the
// safe characters are RFC 2396 urlchars, the query's allowed set (*urlchar).
void data_body_measure::add(std::string_view bytes) noexcept {
  bytes_ += bytes.size();
  percent_ += urlkit::encoded_size(bytes, component::query);
}

std::string_view to_string(data_encoding e) noexcept {
  switch (e) {
    case data_encoding::percent:
      return "percent";
    case data_encoding::base64:
      return "base64";
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, data_encoding e) {
  return detail::print_name(os, e, "data_encoding");
}

std::size_t data_body_measure::encoded_size(data_encoding e) const noexcept {
  return e == data_encoding::base64 ? base64::encoded_size(bytes_) : percent_;
}

data_encoding data_body_measure::shorter() const noexcept {
  constexpr std::size_t comma = 1;       // ","
  constexpr std::size_t flag_comma = 8;  // ";base64,"
  return encoded_size(data_encoding::base64) + flag_comma < percent_ + comma
             ? data_encoding::base64
             : data_encoding::percent;
}

// ---- data_url_writer ---------------------------------------------------------------

// One writer for both targets.  Every piece of output (the header, percent-
// encoded bytes, whole base64 groups, the final group) is written by an
// encoder that turns each unit of input into at most a fixed number of
// bytes: into the string, resized to the exact size; or into the buffer, as
// many units as fit, which is handed to the sink when the next does not.
struct data_url_writer::impl {
  bool base64;
  std::string* str = nullptr;  // the string target, or
  byte_sink sink;              // the sink target, with its buffer
  std::unique_ptr<char[]> buf;
  std::size_t cap = 0;
  std::size_t used = 0;
  std::array<char, 3> carry{};  // an unfinished base64 group
  std::size_t carried = 0;
  std::size_t handed = 0;  // bytes given to the sink or appended
  bool stopped = false;
  bool finished = false;

  explicit impl(bool b64) : base64(b64) {}

  bool flush() {
    if (used == 0 || stopped) return !stopped;
    handed += used;
    stopped = !sink(std::string_view(buf.get(), used));
    used = 0;
    return !stopped;
  }

  // `in` written by `encode`, which turns `unit` bytes of input (a whole
  // input, or what is left of it, may be shorter) into at most `most` bytes;
  // `exact` is the size of the output for the string target.
  template <class Encode, class Exact>
  bool put(std::string_view in, std::size_t unit, std::size_t most, Encode encode, Exact exact) {
    if (str) {
      const std::size_t at = str->size();
      str->resize(at + exact(in));
      encode(in, str->data() + at);
      handed += str->size() - at;
      return true;
    }
    while (!in.empty()) {
      if (stopped) return false;
      const std::size_t units = (cap - used) / most;
      if (units == 0 && used > 0) {
        flush();
        continue;
      }
      if (units == 0) {
        // A chunk smaller than a unit's output (a base64 group, an escape):
        // the unit is encoded aside and handed over a byte at a time.
        std::array<char, 4> aside{};
        const std::string_view part = in.substr(0, unit);
        const char* end = encode(part, aside.data());
        in.remove_prefix(part.size());
        if (!put_raw(std::string_view(aside.data(), static_cast<std::size_t>(end - aside.data()))))
          return false;
        continue;
      }
      const std::string_view part = in.substr(0, units * unit);
      used = static_cast<std::size_t>(encode(part, buf.get() + used) - buf.get());
      in.remove_prefix(part.size());
    }
    return !stopped;
  }

  bool put_raw(std::string_view in) {
    return put(
        in, 1, 1,
        [](std::string_view s, char* out) {
          std::memcpy(out, s.data(), s.size());
          return out + s.size();
        },
        [](std::string_view s) { return s.size(); });
  }

  bool put_percent(std::string_view in) {
    return put(
        in, 1, 3, [](std::string_view s, char* out) { return encode_to(s, component::query, out); },
        [](std::string_view s) { return urlkit::encoded_size(s, component::query); });
  }

  // Whole groups of 3 bytes, or the final 1 or 2 (padded to 4 characters).
  bool put_base64(std::string_view in) {
    return put(
        in, 3, 4, [](std::string_view s, char* out) { return base64::encode_to(s, out); },
        [](std::string_view s) { return base64::encoded_size(s.size()); });
  }

  bool write(std::string_view bytes) {
    if (stopped || finished) return false;
    if (bytes.empty()) return true;
    if (!base64) return put_percent(bytes);
    // First the group that earlier pieces left unfinished.
    if (carried > 0) {
      const std::size_t take = std::min(bytes.size(), 3 - carried);
      std::memcpy(carry.data() + carried, bytes.data(), take);
      carried += take;
      bytes.remove_prefix(take);
      if (carried < 3) return true;
      carried = 0;
      if (!put_base64(std::string_view(carry.data(), 3))) return false;
    }
    const std::size_t whole = bytes.size() / 3 * 3;
    carried = bytes.size() - whole;
    std::memcpy(carry.data(), bytes.data() + whole, carried);
    return put_base64(bytes.substr(0, whole));
  }

  bool finish() {
    if (finished) return !stopped;
    finished = true;
    if (stopped) return false;
    // RFC 2045 6.8: a final 8 or 16 bits give 2 or 3 characters and padding.
    if (carried > 0 && !put_base64(std::string_view(carry.data(), carried))) return false;
    carried = 0;
    return str != nullptr || flush();
  }
};

namespace {

// "data:" mediatype [";base64"] ",", the media type in its URL form.
result<std::string> header(std::string_view media_type, data_encoding encoding) {
  std::string h = "data:";
  if (auto e = write_media_type(media_type, h)) return *e;
  // No parameter can be ";base64" here (it has no "="), so the flag is only
  // the one written here.
  h += encoding == data_encoding::base64 ? ";base64," : ",";
  return h;
}

}  // namespace

result<data_url_writer> data_url_writer::to_sink(byte_sink sink, std::string_view media_type,
                                                 data_encoding encoding, std::size_t chunk) {
  auto h = header(media_type, encoding);
  if (!h) return h.error();
  auto w = std::make_unique<impl>(encoding == data_encoding::base64);
  w->sink = std::move(sink);
  w->cap = std::max<std::size_t>(chunk, 1);
  w->buf.reset(
      new char[w->cap]);  // uninitialized (internal.hpp says why not make_unique_for_overwrite)
  w->put_raw(*h);
  return data_url_writer(std::move(w));
}

result<data_url_writer> data_url_writer::to_string(std::string& out, std::string_view media_type,
                                                   data_encoding encoding) {
  auto h = header(media_type, encoding);
  if (!h) return h.error();
  auto w = std::make_unique<impl>(encoding == data_encoding::base64);
  w->str = &out;
  w->put_raw(*h);
  return data_url_writer(std::move(w));
}

bool data_url_writer::write(std::string_view bytes) {
  return impl_ && impl_->write(bytes);
}
bool data_url_writer::finish() {
  return impl_ && impl_->finish();
}
std::size_t data_url_writer::size() const noexcept {
  return impl_ ? impl_->handed : 0;
}

data_url_writer::data_url_writer() noexcept = default;
data_url_writer::data_url_writer(std::unique_ptr<impl> p) noexcept : impl_(std::move(p)) {}
data_url_writer::~data_url_writer() = default;
data_url_writer::data_url_writer(data_url_writer&&) noexcept = default;
data_url_writer& data_url_writer::operator=(data_url_writer&&) noexcept = default;

// ---- make_data_url ---------------------------------------------------------------

// The shorter encoding, through the one writer, straight into the string:
// one allocation, for at most the URL's size plus twice the media type's
// (whose URL form writes a byte as 1 or 3).
result<std::string> make_data_url(std::string_view bytes, std::string_view media_type) {
  data_body_measure m;
  m.add(bytes);
  const data_encoding e = m.shorter();
  std::string out;
  out.reserve(std::string_view("data:;base64,").size() + 3 * media_type.size() + m.encoded_size(e));
  auto w = data_url_writer::to_string(out, media_type, e);
  if (!w) return w.error();
  w->write(bytes);
  w->finish();
  return out;
}

}  // namespace urlkit
