// Fuzz target for URLs in MIME headers (RFC 2017) and media types (RFC 2045
// 5.1, "parse a MIME type"): the URL-parameter writer and reader, the
// message/external-body field reader, and parse_mime_type.
//
// The first byte is first_line_used for the writer; the rest is used four
// ways: as a URL to write as a URL-parameter (and read back, alone and in a
// whole field), as a URL-parameter to read (against the extraction rule
// written out plainly here), as a Content-Type field, and as a media type.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "urlkit/mime.hpp"
#include "urlkit/mime_type.hpp"
#include "urlkit/urlkit.hpp"

namespace {

using urlkit_fuzz::check;
using urlkit_fuzz::fail;

// RFC 2017 3.1 (1): SPACE, CTLs, <">, "\" and 8-bit octets are escaped.
bool must_escape(unsigned char c) {
  return c <= 0x20 || c == 0x7f || c == '"' || c == '\\' || c >= 0x80;
}
// What is left: the characters of a URL-word (urlkit/mime.hpp).
bool is_word_char(char c) {
  return !must_escape(static_cast<unsigned char>(c));
}

std::string reference_escape(std::string_view url) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : url) {
    const auto c = static_cast<unsigned char>(ch);
    if (must_escape(c)) {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

bool parses(std::string_view url) {
  return urlkit::parse_absolute(url).has_value();
}

// ---- the writer ---------------------------------------------------------------------------

// The layout encode_url_parameter promises: a fold first exactly when fewer
// than three columns are left; then <"> URL-words <">, words of 1 to 40
// characters separated by one SPACE or by a fold (CRLF SPACE), nothing
// between the quotes and the words; every line within 76 columns, the first
// counted from first_line_used.  The words together are the escaped URL.
void check_layout(std::string_view input, std::string_view p, std::size_t used,
                  const std::string& escaped) {
  auto bad = [&](const char* why) {
    fail(input, "encode_url_parameter's layout", {{"why", why}, {"parameter", p}});
  };
  const bool folded = p.starts_with("\r\n ");
  if (folded != (used > urlkit::mime_line_limit - 3))
    bad("starts with a fold exactly when fewer than 3 columns are left");
  std::size_t i = folded ? 3 : 0;
  std::size_t col = folded ? 1 : used;
  if (i >= p.size() || p[i] != '"') bad("opening quote");
  ++i;
  ++col;
  if (p.size() < i + 1 || p.back() != '"') bad("closing quote");
  const std::size_t close = p.size() - 1;
  std::string words;
  std::size_t word = 0;
  bool after_separator = false;
  while (i < close) {
    const char c = p[i];
    if (c == ' ' || c == '\r') {
      if (word == 0) bad("a separator must follow a word");
      if (c == '\r') {
        if (p.substr(i, 3) != "\r\n ") bad("a line break is CRLF SPACE");
        i += 3;
        col = 1;
      } else {
        ++i;
        ++col;
      }
      word = 0;
      after_separator = true;
      continue;
    }
    if (!is_word_char(c)) bad("only URL-word characters between the separators");
    ++word;
    ++i;
    ++col;
    after_separator = false;
    if (word > urlkit::mime_url_word_limit) bad("a URL-word has at most 40 characters");
    if (col > urlkit::mime_line_limit) bad("a line has at most 76 characters");
    words += c;
  }
  if (after_separator) bad("a separator must be followed by a word");
  if (!escaped.empty() && col + 1 > urlkit::mime_line_limit) bad("the closing quote fits");
  check(words == escaped, input, "the URL-words are the escaped URL",
        {{"words", words}, {"escaped", escaped}});
}

void check_writer(std::string_view input, std::string_view url, std::size_t used) {
  const std::string escaped = urlkit::escape_for_url_parameter(url);
  check(escaped == reference_escape(url), input, "escape_for_url_parameter is RFC 2017 3.1 (1)",
        {{"escaped", escaped}});
  check(urlkit::escape_for_url_parameter(escaped) == escaped, input,
        "escaping an escaped URL changes nothing");

  const std::string p = urlkit::encode_url_parameter(url, used);
  check_layout(input, p, used, escaped);

  // decode(encode(u)) is u in its escaped form, whenever that is a URL.
  const bool url_ok = parses(escaped);
  const auto back = urlkit::decode_url_parameter(p);
  if (url_ok) {
    if (!back)
      fail(input, "decode_url_parameter(encode_url_parameter(u)) succeeds",
           {{"parameter", p}, {"error", back.error().to_string()}});
    check(*back == escaped, input, "decode_url_parameter(encode_url_parameter(u)) == u",
          {{"parameter", p}, {"decoded", *back}, {"escaped", escaped}});
  } else {
    check(!back, input, "decode_url_parameter refuses what is not a URL", {{"parameter", p}});
  }

  const auto checked = urlkit::encode_url_parameter_checked(url, used);
  if (url_ok) {
    check(checked.has_value() && *checked == p, input,
          "encode_url_parameter_checked is encode_url_parameter for a URL");
  } else {
    if (checked) fail(input, "encode_url_parameter_checked refuses what is not a URL");
    check(checked.error().offset <= url.size(), input,
          "encode_url_parameter_checked's error offset is within the URL",
          {{"error", checked.error().to_string()}});
  }

  // The parameter in a whole message/external-body field.
  const std::string field =
      "Content-Type: message/external-body; access-type=URL; URL=" + p + "\r\n";
  const auto from = urlkit::url_from_external_body(field);
  if (url_ok && urlkit::retrieves_something(*urlkit::parse_absolute(escaped))) {
    if (!from)
      fail(input, "url_from_external_body reads what encode_url_parameter wrote",
           {{"field", field}, {"error", from.error().to_string()}});
    check(*from == escaped, input, "url_from_external_body gives the URL written",
          {{"field", field}, {"got", *from}});
  } else if (url_ok) {
    check(!from && from.error().code == urlkit::error_code::access_type_refused, input,
          "a URL that retrieves nothing is access_type_refused", {{"field", field}});
  } else {
    check(!from, input, "url_from_external_body refuses what is not a URL", {{"field", field}});
  }
}

// ---- the reader ------------------------------------------------------------------------------

// Length of linear white space at `i`: SPACE, TAB, or a fold (CRLF or a bare
// LF, then SPACE or TAB); 0 if none.
std::size_t lws_at(std::string_view s, std::size_t i) {
  if (i < s.size() && (s[i] == ' ' || s[i] == '\t')) return 1;
  std::size_t b = 0;
  if (i < s.size() && s[i] == '\n')
    b = 1;
  else if (i + 1 < s.size() && s[i] == '\r' && s[i + 1] == '\n')
    b = 2;
  if (b != 0 && i + b < s.size() && (s[i + b] == ' ' || s[i + b] == '\t')) return b + 1;
  return 0;
}

// RFC 2017 3.1's extraction as urlkit/mime.hpp describes it: white space
// around the quotes, quotes required, all linear white space inside removed,
// only URL-word characters left, at least one, one line end at the very end.
std::optional<std::string> reference_extract(std::string_view s) {
  std::size_t i = 0;
  while (std::size_t k = lws_at(s, i)) i += k;
  if (i >= s.size() || s[i] != '"') return std::nullopt;
  ++i;
  std::string url;
  for (;;) {
    if (i >= s.size()) return std::nullopt;
    if (s[i] == '"') break;
    if (std::size_t k = lws_at(s, i)) {
      i += k;
      continue;
    }
    if (!is_word_char(s[i])) return std::nullopt;
    url += s[i++];
  }
  ++i;
  while (std::size_t k = lws_at(s, i)) i += k;
  if (s.substr(i) == "\n" || s.substr(i) == "\r\n") i = s.size();
  if (i != s.size() || url.empty()) return std::nullopt;
  return url;
}

void check_reader(std::string_view input, std::string_view text) {
  const auto got = urlkit::decode_url_parameter(text);
  const auto expected = reference_extract(text);
  const bool ok = expected && parses(*expected);
  if (ok) {
    if (!got)
      fail(input, "decode_url_parameter accepts a quoted URL with linear white space",
           {{"expected", *expected}, {"error", got.error().to_string()}});
    check(*got == *expected, input, "decode_url_parameter removes the quotes and the white space",
          {{"got", *got}, {"expected", *expected}});
    // Written again, it reads the same.
    const auto again = urlkit::decode_url_parameter(urlkit::encode_url_parameter(*got));
    check(again.has_value() && *again == *got, input,
          "decode_url_parameter(encode_url_parameter(decoded)) == decoded");
  } else {
    if (got)
      fail(input, "decode_url_parameter refuses what the extraction rule refuses",
           {{"got", *got}, {"reference", expected ? *expected : std::string("(no match)")}});
    check(got.error().offset <= text.size(), input,
          "decode_url_parameter's error offset is within the text",
          {{"error", got.error().to_string()}});
  }
}

void check_field(std::string_view input, std::string_view text) {
  const auto got = urlkit::url_from_external_body(text);
  if (!got) {
    check(got.error().offset <= text.size(), input,
          "url_from_external_body's error offset is within the text",
          {{"error", got.error().to_string()}});
    return;
  }
  const auto v = urlkit::parse_absolute(*got);
  if (!v) fail(input, "url_from_external_body gives a URL that parses", {{"url", *got}});
  check(urlkit::retrieves_something(*v), input,
        "url_from_external_body gives a URL that retrieves something", {{"url", *got}});
  for (char c : *got)
    check(c != ' ' && c != '\t' && c != '\r' && c != '\n', input,
          "url_from_external_body removes the linear white space", {{"url", *got}});
}

// ---- media types -------------------------------------------------------------------------------

bool is_lower_token(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!urlkit::mime::is_http_token_char(static_cast<unsigned char>(c)) || (c >= 'A' && c <= 'Z'))
      return false;
  return true;
}

void check_mime_type(std::string_view input, std::string_view text) {
  const auto m = urlkit::parse_mime_type(text);
  if (!m) {
    check(m.error().offset <= text.size() && m.error().code == urlkit::error_code::mime_syntax,
          input, "parse_mime_type fails with mime_syntax within the text",
          {{"error", m.error().to_string()}});
    return;
  }
  check(is_lower_token(m->type) && is_lower_token(m->subtype), input,
        "type and subtype are lower-case HTTP tokens", {{"essence", m->essence()}});
  for (std::size_t i = 0; i < m->parameters.size(); ++i) {
    const auto& [name, value] = m->parameters[i];
    check(is_lower_token(name), input, "parameter names are lower-case HTTP tokens",
          {{"name", name}});
    check(!value.empty(), input, "parameter values are not empty", {{"name", name}});
    for (char c : value) {
      const auto u = static_cast<unsigned char>(c);
      check(u == '\t' || (u >= 0x20 && u != 0x7f), input,
            "parameter values are HTTP quoted-string code points", {{"value", value}});
    }
    for (std::size_t j = 0; j < i; ++j)
      check(m->parameters[j].first != name, input, "a parameter name appears once",
            {{"name", name}});
    check(m->parameter(name) == &value, input, "parameter(name) finds the value");
  }
  const std::string s = m->to_string();
  const auto again = urlkit::parse_mime_type(s);
  if (!again) fail(input, "to_string() parses", {{"serialized", s}});
  check(*again == *m, input, "parse_mime_type(to_string()) gives the type back",
        {{"serialized", s}, {"again", again->to_string()}});
  check(again->to_string() == s, input, "to_string() is stable", {{"serialized", s}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size == 0) return 0;
  const std::size_t used = data[0];
  const std::string_view rest = input.substr(1);
  check_writer(input, rest, used);
  check_reader(input, rest);
  check_field(input, rest);
  check_mime_type(input, rest);
  return 0;
}
