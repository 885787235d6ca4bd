// MIME header grammars: the Content-Type field of RFC 2045 5.1 and the
// URL-parameter of RFC 2017 3.1, over RFC 822's lexical tokens (3.3).
//
// RFC 2045 5.1:
//   content   := "Content-Type" ":" type "/" subtype *(";" parameter)
//                ; Matching of media type and subtype is ALWAYS case-insensitive.
//   parameter := attribute "=" value
//   attribute := token          ; Matching of attributes is ALWAYS case-insensitive.
//   value     := token / quoted-string
//   token     := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
//   tspecials := "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <">
//                "/" / "[" / "]" / "?" / "="
//
// RFC 822 3.3 (what a structured field is made of):
//   quoted-string = <"> *(qtext/quoted-pair) <">
//   qtext         = <any CHAR excepting <">, "\" & CR, and including linear-white-space>
//   comment       = "(" *(ctext / quoted-pair / comment) ")"
//   ctext         = <any CHAR excluding "(", ")", "\" & CR, & including linear-white-space>
//   quoted-pair   = "\" CHAR
//   linear-white-space = 1*([CRLF] LWSP-char)
//   LWSP-char     = SPACE / HTAB
// RFC 822 3.4.2 and 3.4.3: linear white space and comments may appear
// between any two tokens of a structured field, so `cfws` below surrounds
// every token, "/", ";" and "=".  A line break counts only as part of a fold
// (RFC 822 3.1.1: CRLF followed by a LWSP-char); a bare LF in its place is
// accepted as the local form of CRLF.
//
// RFC 2017 3.1:
//   URL-parameter := <"> URL-word *(*LWSP-char URL-word) <">
//   URL-word      := token   ; Must not exceed 40 characters in length
// read as 1*<any CHAR except SPACE, CTLs, <"> and "\">: the words are the text
// of a quoted-string (every URL has a ":", a tspecial), and step (1) of 3.1
// escapes SPACE, CTLs, <"> and "\".  Linear white space is also accepted
// around the words inside the quotes and around the quotes, since extraction
// removes it all; the 40-character limit is the writer's to keep.
//
// Errors: the furthest position a primitive failed at, with what it expected
// there; a primitive that can say exactly what is wrong with a byte (an 8-bit
// octet, an unescaped "\") takes precedence at the same position.
#include "grammar/mime.hpp"

#include "grammar/config.hpp"
#include "grammar/rfc822.hpp"

namespace urlkit::grammar::mime {

namespace {

// ---- RFC 822 3.3 and RFC 2045 5.1 classes ----------------------------------

using rfc822::is_char;
using rfc822::is_ctl;

constexpr bool is_tspecial(unsigned c) noexcept {
  for (char s : std::string_view("()<>@,;:\\\"/[]?="))
    if (static_cast<unsigned char>(s) == c) return true;
  return false;
}

struct token_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && c != ' ' && !is_ctl(c) && !is_tspecial(c);
  }
};
// qtext and ctext without LF either: a line break is read by the fold parser.
struct qtext_p {
  constexpr bool operator()(unsigned c) const noexcept { return rfc822::qtext_p{}(c) && c != '\n'; }
};
struct ctext_p {
  constexpr bool operator()(unsigned c) const noexcept { return rfc822::ctext_p{}(c) && c != '\n'; }
};
struct url_word_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && c != ' ' && !is_ctl(c) && c != '"' && c != '\\';
  }
};

// ---- details ------------------------------------------------------------------

const char* const eight_bit_header =
    "8-bit octet: a header is US-ASCII (RFC 822 3.3 CHAR); in a URL escape it as %XX (RFC 2017 "
    "3.1 (1))";
const char* const eight_bit_url = "8-bit octet in the URL: escape it as %XX (RFC 2017 3.1 (1))";
const char* const ctl_url = "control character in the URL: escape it as %XX (RFC 2017 3.1 (1))";
const char* const backslash_url =
    "\"\\\" in the URL: escape it as %5C (RFC 2017 3.1 (1)); a URL-parameter has no quoted-pairs";
const char* const quote_url =
    "the URL-parameter ends at its closing <\">: a <\"> inside the URL must be escaped as %22 "
    "(RFC 2017 3.1 (1))";
const char* const bad_fold =
    "a line break inside a header must be followed by SPACE or TAB (a fold, RFC 822 3.1.1)";
const char* const expect_open_quote =
    "<\"> expected: the URL-parameter is always quoted (RFC 2017 3.1 (3))";
const char* const expect_url_word =
    "a URL-word expected (RFC 2017 3.1: URL-parameter := <\"> URL-word *(*LWSP-char URL-word) "
    "<\">)";
const char* const expect_close_quote_url =
    "closing <\"> expected (RFC 2017 3.1: URL-parameter := <\"> URL-word *(*LWSP-char URL-word) "
    "<\">)";
const char* const expect_type =
    "a type expected: a token (RFC 2045 5.1: content := \"Content-Type\" \":\" type \"/\" "
    "subtype *(\";\" parameter))";
const char* const expect_slash = "\"/\" expected between type and subtype (RFC 2045 5.1)";
const char* const expect_subtype = "a subtype expected: a token (RFC 2045 5.1)";
const char* const expect_more =
    "\";\" and a parameter, or the end of the field, expected (RFC 2045 5.1); a value with "
    "tspecials such as \":\" or \"/\" must be a quoted-string";
const char* const expect_attribute =
    "a parameter expected: attribute \"=\" value, the attribute a token (RFC 2045 5.1)";
const char* const expect_equals =
    "\"=\" expected after the attribute (RFC 2045 5.1: parameter := attribute \"=\" value)";
const char* const expect_value =
    "a value expected: a token or a quoted-string (RFC 2045 5.1: value := token / "
    "quoted-string)";
const char* const expect_close_quote =
    "unterminated quoted-string: closing <\"> expected (RFC 822 3.3)";
const char* const expect_close_paren = "unterminated comment: \")\" expected (RFC 822 3.3)";
const char* const expect_quoted_char =
    "a quoted-pair is \"\\\" and one US-ASCII character (RFC 822 3.3)";

// Judges the byte a run stopped at: a detail when it is wrong in any case.
struct no_judge {
  const char* operator()(unsigned) const noexcept { return nullptr; }
};
struct header_judge {
  const char* operator()(unsigned c) const noexcept {
    return is_char(c) ? nullptr : eight_bit_header;
  }
};
struct url_word_judge {
  const char* operator()(unsigned c) const noexcept {
    if (!is_char(c)) return eight_bit_url;
    if (c == '\\') return backslash_url;
    // TAB, CR and LF may be linear white space: the fold parser judges them.
    if (is_ctl(c) && c != '\t' && c != '\r' && c != '\n') return ctl_url;
    return nullptr;
  }
};

// ---- what a failed parse reached -----------------------------------------------

struct reach {
  const char* at = nullptr;
  const char* expected = nullptr;
  int priority = -1;
  void note(const char* p, const char* what, int prio = 0) noexcept {
    if (what == nullptr) return;
    if (at == nullptr || p > at || (p == at && prio >= priority)) {
      at = p;
      expected = what;
      priority = prio;
    }
  }
};
struct reach_tag;
struct content_tag;
struct inner_tag;

template <class Ctx>
reach& reach_of(const Ctx& ctx) noexcept {
  return x3::get<reach_tag>(ctx);
}

constexpr unsigned octet(char c) noexcept {
  return static_cast<unsigned char>(c);
}

// ---- primitives -------------------------------------------------------------------

/// One or more bytes for which Pred holds.  Where the run stops, Judge may
/// name a byte that is wrong whatever comes next (noted with precedence).
template <class Pred, class Judge = no_judge>
struct run_parser : x3::parser<run_parser<Pred, Judge>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  const char* expected;
  constexpr explicit run_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    It p = first;
    while (p != last && Pred{}(octet(*p))) ++p;
    if (p != last) reach_of(ctx).note(p, Judge{}(octet(*p)), 1);
    if (p == first) {
      reach_of(ctx).note(first, expected);
      return false;
    }
    first = p;
    return true;
  }
};

/// The byte C.
template <char C>
struct char_parser : x3::parser<char_parser<C>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  const char* expected;  // null: failing here says nothing
  constexpr explicit char_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first != last && *first == C) {
      ++first;
      return true;
    }
    reach_of(ctx).note(first, expected);
    return false;
  }
};

/// Length of the line break at `p` (CRLF, or a bare LF), or 0.
template <class It>
std::ptrdiff_t line_break_at(It p, It last) noexcept {
  if (p != last && *p == '\n') return 1;
  if (last - p >= 2 && p[0] == '\r' && p[1] == '\n') return 2;
  return 0;
}

/// Length of the linear white space item at `p`: a LWSP-char, or a fold (a
/// line break and a LWSP-char); 0 when there is none.
template <class It>
std::ptrdiff_t lwsp_at(It p, It last) noexcept {
  if (p == last) return 0;
  if (is_lwsp_char(*p)) return 1;
  const std::ptrdiff_t n = line_break_at(p, last);
  if (n != 0 && last - p > n && is_lwsp_char(p[n])) return n + 1;
  return 0;
}

/// One linear white space item.  A CR or LF that starts no fold is noted.
struct lwsp_parser : x3::parser<lwsp_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    const std::ptrdiff_t n = lwsp_at(first, last);
    if (n == 0) {
      if (first != last && (*first == '\r' || *first == '\n'))
        reach_of(ctx).note(first, bad_fold, 1);
      return false;
    }
    first += n;
    return true;
  }
};

/// The line end that may close a whole field: the last thing in the input.
struct line_end_parser : x3::parser<line_end_parser> {
  using attribute_type = x3::unused_type;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr&) const noexcept {
    const std::ptrdiff_t n = line_break_at(first, last);
    if (n == 0 || last - first != n) return false;
    first = last;
    return true;
  }
};

using end_parser = rfc822::end_parser<reach_tag>;

/// "\" CHAR
struct quoted_pair_parser : x3::parser<quoted_pair_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first == last || *first != '\\') return false;
    if (last - first < 2 || !is_char(octet(first[1]))) {
      reach_of(ctx).note(first + 1, expect_quoted_char, 1);
      return false;
    }
    first += 2;
    return true;
  }
};

/// The URL-parameter's closing <">: only linear white space and one line end
/// may follow it.  Anything else means the <"> was one inside the URL.
struct closing_quote_parser : x3::parser<closing_quote_parser> {
  using attribute_type = x3::unused_type;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first == last || *first != '"') {
      reach_of(ctx).note(first, expect_close_quote_url);
      return false;
    }
    It p = first + 1;
    while (const std::ptrdiff_t n = lwsp_at(p, last)) p += n;
    p += line_break_at(p, last);
    if (p != last) {
      reach_of(ctx).note(first, quote_url, 1);
      return false;
    }
    first = p;
    return true;
  }
};

/// comment = "(" *(ctext / quoted-pair / comment) ")"  (RFC 822 3.3), with
/// folds.  Comments nest; a loop with a depth count reads them, so that deep
/// nesting cannot exhaust the stack as a recursive rule would.
struct comment_parser : x3::parser<comment_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first == last || *first != '(') return false;
    It p = first + 1;
    std::size_t depth = 1;
    while (depth != 0) {
      if (p == last) {
        reach_of(ctx).note(p, expect_close_paren);
        return false;
      }
      const unsigned c = octet(*p);
      if (c == '(') {
        ++depth;
        ++p;
      } else if (c == ')') {
        --depth;
        ++p;
      } else if (c == '\\') {
        if (last - p < 2 || !is_char(octet(p[1]))) {
          reach_of(ctx).note(p + 1, expect_quoted_char, 1);
          return false;
        }
        p += 2;
      } else if (c == '\r' || c == '\n') {
        const std::ptrdiff_t n = lwsp_at(p, last);
        if (n == 0) {
          reach_of(ctx).note(p, bad_fold, 1);
          return false;
        }
        p += n;
      } else if (ctext_p{}(c)) {
        ++p;
      } else {
        reach_of(ctx).note(p, eight_bit_header, 1);
        return false;
      }
    }
    first = p;
    return true;
  }
};

// ---- RFC 822 3.3, 3.4.2, 3.4.3 -----------------------------------------------------------

constexpr lwsp_parser lwsp{};
constexpr quoted_pair_parser quoted_pair{};
constexpr comment_parser comment{};

x3::rule<struct cfws_class> const cfws = "cfws";
x3::rule<struct quoted_string_class> const quoted_string = "quoted-string";

auto const cfws_def = *(lwsp | comment);
auto const quoted_string_def = char_parser<'"'>(expect_value) >>
                               *(run_parser<qtext_p, header_judge>(nullptr) | quoted_pair | lwsp) >>
                               char_parser<'"'>(expect_close_quote);

BOOST_SPIRIT_DEFINE(cfws, quoted_string)

// ---- RFC 2045 5.1 -------------------------------------------------------------------------

template <class Ctx>
content_type& content_of(const Ctx& ctx) noexcept {
  return x3::get<content_tag>(ctx);
}

std::string_view view_of(const boost::iterator_range<const char*>& r) noexcept {
  return {r.begin(), static_cast<std::size_t>(r.size())};
}

// The field name is the token that starts the range "name cfws :".
auto const set_field_name = [](auto& ctx) {
  const std::string_view all = view_of(x3::_attr(ctx));
  std::size_t n = 0;
  while (n < all.size() && token_p{}(octet(all[n]))) ++n;
  content_of(ctx).field_name = all.substr(0, n);
};
auto const set_type = [](auto& ctx) { content_of(ctx).type = view_of(x3::_attr(ctx)); };
auto const set_subtype = [](auto& ctx) { content_of(ctx).subtype = view_of(x3::_attr(ctx)); };
// A parameter is pushed with its attribute and completed by its value (a
// value that fails fails the whole field: see content_def).
auto const set_attribute = [](auto& ctx) {
  content_of(ctx).parameters.push_back({view_of(x3::_attr(ctx)), {}, false});
};
auto const set_value = [](auto& ctx) {
  parameter& p = content_of(ctx).parameters.back();
  p.value = view_of(x3::_attr(ctx));
  p.quoted = !p.value.empty() && p.value.front() == '"';
};

using token_parser = run_parser<token_p, header_judge>;

x3::rule<struct parameter_class> const parameter_r = "parameter";
x3::rule<struct content_class> const content = "content";

auto const value = quoted_string | token_parser(expect_value);
auto const parameter_r_def = x3::raw[token_parser(expect_attribute)][set_attribute] >> cfws >>
                             char_parser<'='>(expect_equals) >> cfws >> x3::raw[value][set_value];
auto const field_name = x3::raw[token_parser(nullptr) >> cfws >> char_parser<':'>(nullptr)];
auto const content_def = -field_name[set_field_name] >> cfws >>
                         x3::raw[token_parser(expect_type)][set_type] >> cfws >>
                         char_parser<'/'>(expect_slash) >> cfws
                         >> x3::raw[token_parser(expect_subtype)][set_subtype] >> cfws >>
                         *(char_parser<';'>(expect_more) >> cfws >> parameter_r >> cfws) >>
                         -line_end_parser{} >> end_parser(expect_more);

BOOST_SPIRIT_DEFINE(parameter_r, content)

// ---- RFC 2017 3.1 -------------------------------------------------------------------------

using url_word_parser = run_parser<url_word_p, url_word_judge>;

auto const set_inner = [](auto& ctx) { x3::get<inner_tag>(ctx) = view_of(x3::_attr(ctx)); };

auto const url_parameter =
    *lwsp >> char_parser<'"'>(expect_open_quote) >>
    x3::raw[*lwsp >> url_word_parser(expect_url_word) >>
            *(*lwsp >> url_word_parser(expect_url_word)) >> *lwsp][set_inner] >>
    closing_quote_parser{};

/// Fills `err` from what the failed parse reached.
void fail_at(const reach& got, std::string_view s, const char* production, error& err) noexcept {
  const char* const first = s.data();
  const char* const last = first + s.size();
  const char* const at = got.at ? got.at : first;
  err = {};
  err.offset = static_cast<std::size_t>(at - first);
  err.code = error_code::mime_syntax;
  err.rule = rule::mime;
  err.has_byte = at != last;
  err.byte = at != last ? octet(*at) : 0;
  err.production = production;
  err.detail = got.expected;
}

}  // namespace

bool parse_content_type(std::string_view s, content_type& out, error& err) {
  out = {};
  reach got;
  // A context holds the next one by reference: keep it alive as a variable.
  const auto with_out = x3::make_context<content_tag>(out);
  const auto ctx = x3::make_context<reach_tag>(got, with_out);
  x3::unused_type unused;
  const char* p = s.data();
  if (content.parse(p, s.data() + s.size(), ctx, unused, unused)) return true;
  fail_at(got, s, "RFC 2045 Content-Type", err);
  return false;
}

bool parse_url_parameter(std::string_view s, std::string_view& inner, error& err) {
  inner = {};
  reach got;
  const auto with_inner = x3::make_context<inner_tag>(inner);
  const auto ctx = x3::make_context<reach_tag>(got, with_inner);
  x3::unused_type unused;
  const char* p = s.data();
  if (url_parameter.parse(p, s.data() + s.size(), ctx, unused, unused)) return true;
  fail_at(got, s, "RFC 2017 URL-parameter", err);
  return false;
}

}  // namespace urlkit::grammar::mime
