// URLs in MIME headers (RFC 2017): writing and reading the URL-parameter, and
// reading it out of a message/external-body Content-Type field.
#include "urlkit/mime.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/detail/ascii.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "grammar/mime.hpp"
#include "urlkit/schemes/news.hpp"

namespace urlkit {

namespace {

constexpr unsigned char octet(char c) noexcept {
  return static_cast<unsigned char>(c);
}

// RFC 2017 3.1 (1): "SPACE, CTLs, double quotes, backslashes, and 8-bit characters".
constexpr bool must_escape(unsigned char c) noexcept {
  return c <= 0x20 || c == 0x7f || c == '"' || c == '\\' || c >= 0x80;
}

// Errors found after the grammar are the field's as a whole.
const char* const external_body = "message/external-body";

error mime_error(std::size_t offset, std::string_view input, const char* detail,
                 const char* production = external_body,
                 error_code code = error_code::mime_syntax) noexcept {
  error e;
  e.offset = offset;
  e.code = code;
  e.rule = rule::mime;
  e.has_byte = offset < input.size();
  e.byte = e.has_byte ? octet(input[offset]) : 0;
  e.production = production;
  e.detail = detail;
  return e;
}

// A URL taken out of header text, with the offset in that text of each of its
// bytes, so that an error in the URL names the byte the caller wrote.
struct mapped_url {
  std::string text;
  std::vector<std::size_t> from;
  std::size_t end = 0;  // where the URL's text ends in the input (the closing quote)
};

// RFC 2017 3.1: "The enclosing quotes and any linear whitespace are removed
// and the remaining material is the URL string."  `inner` starts at `base` in
// the input; the grammar has checked that CR and LF occur only in folds.  In a
// header's quoted-string, a quoted-pair stands for its character (RFC 822
// 3.4.4), which is then never white space to remove.
mapped_url unfold(std::string_view inner, std::size_t base, bool quoted_pairs) {
  mapped_url m;
  m.text.reserve(inner.size());
  m.from.reserve(inner.size());
  for (std::size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (quoted_pairs && c == '\\' && i + 1 < inner.size()) {
      c = inner[++i];
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      continue;
    }
    m.text.push_back(c);
    m.from.push_back(base + i);
  }
  m.end = base + inner.size();
  return m;
}

// parse_absolute's error, its offset moved from the URL into the input.
error moved(error e, const mapped_url& m) noexcept {
  e.offset = e.offset < m.from.size() ? m.from[e.offset] : m.end;
  return e;
}

// The value of a parameter, quotes removed, quoted-pairs undone, folds unfolded
// (RFC 822 3.1.1: unfolding removes the CRLF, not the white space after it).
std::string value_text(const grammar::mime::parameter& p) {
  if (!p.quoted) return std::string(p.value);
  const std::string_view inner = p.value.substr(1, p.value.size() - 2);
  std::string out;
  for (std::size_t i = 0; i < inner.size(); ++i) {
    if (inner[i] == '\\' && i + 1 < inner.size())
      out.push_back(inner[++i]);
    else if (inner[i] != '\r' && inner[i] != '\n')
      out.push_back(inner[i]);
  }
  return out;
}

const char* const not_content_type =
    "the field is not Content-Type: only Content-Type carries message/external-body (RFC 2045 "
    "5.1)";
const char* const not_external_body =
    "the type is not message/external-body (RFC 2017 3; type and subtype match in any case, RFC "
    "2045 5.1)";
const char* const access_type_missing =
    "no access-type parameter: it is mandatory for message/external-body (RFC 1521 7.3.3, RFC "
    "2046 5.2.3)";
const char* const access_type_twice = "the access-type parameter is given twice (RFC 2045 5.1)";
const char* const access_type_not_url =
    "the access-type is not URL (any case): only the URL access-type carries a URL (RFC 2017 3)";
const char* const url_missing =
    "no URL parameter: it is mandatory for the URL access-type (RFC 2017 3 (2))";
const char* const url_twice = "the URL parameter is given twice (RFC 2045 5.1)";
const char* const refused_mailto =
    "a mailto URL retrieves nothing: the URL access-type is only for URLs that retrieve something "
    "(RFC 2017 2)";
const char* const refused_telnet =
    "a telnet URL retrieves nothing (it opens an interactive session): the URL access-type is "
    "only for URLs that retrieve something (RFC 2017 2)";
const char* const refused_news_all =
    "news:* names all groups and retrieves nothing: the URL access-type is only for URLs that "
    "retrieve something (RFC 2017 2)";
const char* const no_url_word =
    "a URL-word expected (RFC 2017 3.1: URL-parameter := <\"> URL-word *(*LWSP-char URL-word) "
    "<\">)";

// Why the URL access-type refuses `u`, or null (RFC 2017 2).
const char* refusal(const url_view& u) {
  if (u.scheme_is("mailto")) return refused_mailto;
  if (u.scheme_is("telnet")) return refused_telnet;
  if (u.scheme_is("news")) {
    auto n = parse_news(u);
    if (n && n->kind() == news_kind::all) return refused_news_all;
  }
  return nullptr;
}

}  // namespace

std::string escape_for_url_parameter(std::string_view url) {
  std::string out;
  out.reserve(url.size());
  for (char ch : url) {
    const unsigned char c = octet(ch);
    if (must_escape(c)) {
      out.push_back('%');
      out.push_back(charset::hex_digit(c >> 4));
      out.push_back(charset::hex_digit(c));
    } else {
      out.push_back(ch);
    }
  }
  return out;
}

std::string encode_url_parameter(std::string_view url, std::size_t first_line_used) {
  const std::string e = escape_for_url_parameter(url);
  const std::size_t limit = mime_line_limit;
  const std::size_t word_limit = mime_url_word_limit;
  std::string out;
  out.reserve(e.size() + e.size() / 16 + 8);
  std::size_t col = first_line_used;

  // The first word must share the line with the opening quote (the grammar
  // has no white space there): keep room for the quote, one character and the
  // closing quote, or start on a fresh line (RFC 822 3.1.1: a fold may come
  // wherever linear white space may, here between "=" and the quoted-string).
  if (col > limit - 3) {
    out += "\r\n ";
    col = 1;
  }
  out.push_back('"');
  ++col;

  std::size_t pos = 0;
  bool first = true;
  while (pos < e.size()) {
    const std::size_t rest = e.size() - pos;
    std::size_t w = 0;
    if (first) {
      // As much as fits after the quote; the last word also needs the closing quote.
      const std::size_t room = limit - col;
      w = rest <= word_limit && rest + 1 <= room ? rest : std::min({word_limit, room, rest - 1});
      first = false;
    } else {
      // RFC 2017 3.1 (3): words "separated by one or more spaces": one SPACE
      // when the word (and, after the last, the closing quote) fits on the
      // line, else a fold, whose SPACE is the separator.
      w = std::min(word_limit, rest);
      const std::size_t need = 1 + w + (w == rest ? 1 : 0);
      if (col + need <= limit) {
        out.push_back(' ');
        ++col;
      } else {
        out += "\r\n ";
        col = 1;
      }
    }
    out.append(e, pos, w);
    col += w;
    pos += w;
  }
  out.push_back('"');
  return out;
}

result<std::string> encode_url_parameter_checked(std::string_view url,
                                                 std::size_t first_line_used) {
  const std::string e = escape_for_url_parameter(url);
  auto r = parse_absolute(e);
  if (!r) {
    // Move the offset from the escaped URL back to `url`: each escaped byte
    // took three characters.
    error err = r.error();
    std::size_t i = 0, j = 0;
    while (i < url.size()) {
      const std::size_t width = must_escape(octet(url[i])) ? 3 : 1;
      if (j + width > err.offset) break;
      j += width;
      ++i;
    }
    err.offset = i;
    return err;
  }
  return encode_url_parameter(url, first_line_used);
}

result<std::string> decode_url_parameter(std::string_view param) {
  std::string_view inner;
  error err;
  if (!grammar::mime::parse_url_parameter(param, inner, err)) return err;
  const auto base = static_cast<std::size_t>(inner.data() - param.data());
  // The grammar has checked that there is at least one URL-word.
  mapped_url m = unfold(inner, base, false);
  auto r = parse_absolute(m.text);
  if (!r) return moved(r.error(), m);
  return std::move(m.text);
}

result<std::string> url_from_external_body(std::string_view header_value) {
  grammar::mime::content_type ct;
  error err;
  if (!grammar::mime::parse_content_type(header_value, ct, err)) return err;
  const auto at = [&](std::string_view part) {
    return static_cast<std::size_t>(part.data() - header_value.data());
  };

  if (ct.field_name.data() != nullptr && !detail::ascii::iequals(ct.field_name, "Content-Type"))
    return mime_error(0, header_value, not_content_type);
  if (!detail::ascii::iequals(ct.type, "message") ||
      !detail::ascii::iequals(ct.subtype, "external-body"))
    return mime_error(at(ct.type), header_value, not_external_body);

  // RFC 2045 5.1: parameters in any order, attributes in any case.  One that
  // is given twice is refused: which one would count is not said.
  const grammar::mime::parameter* access = nullptr;
  const grammar::mime::parameter* url = nullptr;
  for (const auto& p : ct.parameters) {
    if (detail::ascii::iequals(p.attribute, "access-type")) {
      if (access) return mime_error(at(p.attribute), header_value, access_type_twice);
      access = &p;
    } else if (detail::ascii::iequals(p.attribute, "URL")) {
      if (url) return mime_error(at(p.attribute), header_value, url_twice);
      url = &p;
    }
  }
  if (!access) return mime_error(header_value.size(), header_value, access_type_missing);
  if (!detail::ascii::iequals(value_text(*access), "URL"))
    return mime_error(at(access->value), header_value, access_type_not_url);
  if (!url) return mime_error(header_value.size(), header_value, url_missing);

  // A token value cannot hold a URL (every URL has a ":"): the grammar stops
  // it at the ":", so only a quoted-string gets here, or a scheme-less token
  // that parse_absolute refuses.
  const std::string_view inner =
      url->quoted ? url->value.substr(1, url->value.size() - 2) : url->value;
  mapped_url m = unfold(inner, at(inner), url->quoted);
  if (m.text.empty()) return mime_error(m.end, header_value, no_url_word);
  auto r = parse_absolute(m.text);
  if (!r) return moved(r.error(), m);
  if (const char* why = refusal(*r))
    return mime_error(m.from.front(), header_value, why, external_body,
                      error_code::access_type_refused);
  return std::move(m.text);
}

bool retrieves_something(const url_view& url) {
  return refusal(url) == nullptr;
}

}  // namespace urlkit
