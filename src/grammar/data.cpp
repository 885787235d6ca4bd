// data: URLs — RFC 2397 section 3:
//
//   dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
//   mediatype  := [ type "/" subtype ] *( ";" parameter )
//   data       := *urlchar
//   parameter  := attribute "=" value
//
// "where "urlchar" is imported from [RFC2396], and "type", "subtype",
// "attribute" and "value" are the corresponding tokens from [RFC2045],
// represented using URL escaped encoding of [RFC2396] as necessary."
//
// So a token's characters are written as themselves when they are urlchars
// (RFC 2396 uric: the draft's urlchar class) and as escapes otherwise.  An
// escape in a type, subtype or attribute stands for a token character; in a
// value it may stand for any US-ASCII character, a tspecial included: "parameter
// values should use the URL Escaped encoding instead of quoted string if the
// parameter values contain any "tspecial"" (RFC 2397 3, RFC 2045 5.1).
//
// "The ";base64" extension is distinguishable from a content-type parameter
// by the fact that it doesn't have a following "=" sign": PEG order does it,
// since `parameter` fails on "base64" without "=" and gives way to ";base64".
// The literal ";base64" is matched ignoring case, as RFC 822 notation reads
// quoted strings (ftp's ";type=" likewise).
//
// Errors: every primitive notes where it stopped and what it expected there,
// and the furthest note is the error (ties: the first, the innermost).  No
// expectation points, so nothing throws.
#include "grammar/data.hpp"

#include <array>
#include <cstdint>

#include "grammar/config.hpp"
#include "urlkit/mime_type.hpp"

namespace urlkit::grammar {

namespace {

struct data_state {
  bool lenient = false;
  data_failure far{};

  void note(const char* at, const char* production, const char* detail) noexcept {
    if (far.at == nullptr || at > far.at) far = {at, production, detail};
  }
};
struct data_tag;

template <class Ctx>
data_state& dstate(const Ctx& ctx) noexcept {
  return x3::get<data_tag>(ctx);
}

// One table for the bytes a token may hold as themselves: urlchars that are
// RFC 2045 token characters; and, in lenient mode only, the unwise ones ("{",
// "}", "|", "^", "`": token characters but not urlchars, which the generic
// parse has already reported).
constexpr std::uint8_t raw_token = 1;
constexpr std::uint8_t unwise_token = 2;
constexpr std::array<std::uint8_t, 256> make_token_table() noexcept {
  std::array<std::uint8_t, 256> t{};
  for (unsigned c = 0; c < 256; ++c) {
    const auto u = static_cast<unsigned char>(c);
    if (!mime::is_token_char(u)) continue;
    if (charset::is(charset::urlchar, u)) t[c] = raw_token;
    if (charset::is(charset::unwise, u)) t[c] = unwise_token;
  }
  return t;
}
constexpr std::array<std::uint8_t, 256> token_table = make_token_table();

constexpr bool one_of(const char* set, char c) noexcept {
  for (; *set; ++set)
    if (*set == c) return true;
  return false;
}

// A run of one RFC 2045 token in its URL form.  Fails (noting `empty`, when
// given) if the run is empty; when it ends on a byte that cannot follow it
// (not in `follow`), notes `stop` there and succeeds: an outer alternative
// may still match, and if none does, the note is the error.
struct token_parser : x3::parser<token_parser> {
  using attribute_type = x3::unused_type;

  bool is_value;
  const char* production;
  const char* follow;
  const char* empty;
  const char* stop;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    data_state& st = dstate(ctx);
    const std::uint8_t ok = st.lenient ? raw_token | unwise_token : raw_token;
    It p = first;
    while (p != last) {
      const auto c = static_cast<unsigned char>(*p);
      if (token_table[c] & ok) {
        ++p;
        continue;
      }
      if (charset::starts_with_escape({p, static_cast<std::size_t>(last - p)})) {
        const auto v =
            static_cast<unsigned char>(charset::hex_value(p[1]) * 16 + charset::hex_value(p[2]));
        if (is_value ? v < 0x80 : mime::is_token_char(v)) {
          p += 3;
          continue;
        }
        st.note(p, production,
                is_value ? "an escape in a value must stand for a US-ASCII character "
                           "(RFC 2045 5.1)"
                         : "an escape in a type, subtype or attribute must stand for a token "
                           "character: no tspecials, spaces or controls (RFC 2045 5.1)");
      }
      break;
    }
    if (p == first) {
      if (empty) st.note(p, production, empty);
      return false;
    }
    if (p == last || !one_of(follow, *p)) st.note(p, production, stop);
    first = p;
    return true;
  }
};

// One expected character; notes `detail` when it is not there.
struct expect_parser : x3::parser<expect_parser> {
  using attribute_type = x3::unused_type;

  char ch;
  const char* production;
  const char* detail;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first != last && *first == ch) {
      ++first;
      return true;
    }
    dstate(ctx).note(first, production, detail);
    return false;
  }
};

// data := *urlchar, escapes being "%" hex hex.  In lenient mode every byte is
// data: the generic parse has already reported what is not a urlchar.
struct data_run_parser : x3::parser<data_run_parser> {
  using attribute_type = x3::unused_type;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    data_state& st = dstate(ctx);
    if (st.lenient) {
      first = last;
      return true;
    }
    It p = first;
    while (p != last) {
      if (charset::is(charset::urlchar, *p)) {
        ++p;
      } else if (charset::starts_with_escape({p, static_cast<std::size_t>(last - p)})) {
        p += 3;
      } else {
        st.note(p, "data",
                *p == '%'
                    ? "\"%\" must be followed by two hex digits (write a literal \"%\" as %25)"
                    : "data is *urlchar: escape other bytes as %XX (RFC 2397 3)");
        return false;
      }
    }
    first = p;
    return true;
  }
};

constexpr token_parser type_token{
    {},
    false,
    "data type",
    "/",
    nullptr,  // the type is optional: an empty one is not an error here
    "expected \"/\" and a subtype after the type (a type is an RFC 2045 token: no tspecials, "
    "spaces or controls)"};
constexpr token_parser subtype_token{
    {},
    false,
    "data subtype",
    ";,",
    "expected a subtype (an RFC 2045 token) after \"/\"",
    "expected \";\" and a parameter, \";base64\" or \",\" after the subtype (a subtype is an RFC "
    "2045 token: no tspecials, spaces or controls)"};
constexpr token_parser attribute_token{
    {},
    false,
    "data attribute",
    "=",
    "expected a parameter (attribute \"=\" value) or \"base64\" after \";\"",
    "expected \"=\" and a value after the attribute (\";base64\", which has no \"=\", may only "
    "come last, right before \",\")"};
constexpr token_parser value_token{
    {},
    true,
    "data value",
    ";,",
    "expected a value after \"=\" (an RFC 2045 token, its tspecials, spaces and controls escaped "
    "as %XX)",
    "expected \";\" and a parameter, \";base64\" or \",\" after the value (escape a tspecial, "
    "space or control in a value as %XX)"};
constexpr expect_parser comma{
    {},
    ',',
    "dataurl",
    "expected \",\" before the data: data:[<mediatype>][;base64],<data> (RFC 2397 3)"};
constexpr data_run_parser data_run{};

x3::rule<struct data_parameter_class> const parameter = "parameter";
x3::rule<struct data_mediatype_class> const mediatype = "mediatype";
x3::rule<struct data_head_class> const head = "dataurl head";
x3::rule<struct data_dataurl_class> const dataurl = "dataurl";

auto const parameter_def = attribute_token >> '=' >> value_token;
auto const mediatype_def = -(type_token >> '/' >> subtype_token) >> *(';' >> parameter);
auto const head_def = mediatype >> -x3::no_case[x3::lit(";base64")] >> comma;
auto const dataurl_def = head >> data_run >> x3::eoi;

BOOST_SPIRIT_DEFINE(parameter, mediatype, head, dataurl)

}  // namespace

bool check_data(std::string_view text, bool whole, bool lenient, data_failure& f) {
  data_state st;
  st.lenient = lenient;
  const char* p = text.data();
  const char* const last = p + text.size();
  auto ctx = x3::make_context<data_tag>(st);
  x3::unused_type unused;
  const bool ok = whole ? dataurl.parse(p, last, ctx, unused, unused)
                        : head.parse(p, last, ctx, unused, unused);
  if (ok) return true;
  f = st.far;
  if (f.at == nullptr) f = {text.data(), "dataurl", "does not match the production"};
  return false;
}

}  // namespace urlkit::grammar
