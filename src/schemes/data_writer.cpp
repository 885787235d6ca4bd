// data: URLs written: make_data_url (RFC 2397 3, the media type read with
// RFC 2045's grammar).
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "ascii.hpp"
#include "error_at.hpp"
#include "grammar/data.hpp"
#include "grammar/mime.hpp"
#include "schemes/data_internal.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"
#include "urlkit/base64.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit {

using namespace data_detail;

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

}  // namespace urlkit
