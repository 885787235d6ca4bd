// mailto — RFC 1738 sections 3.5 and 5:
//
//   mailtourl      = "mailto:" encoded822addr
//   encoded822addr = 1*xchar               ; further defined in RFC822
//
// "<rfc822-addr-spec> is (the encoding of an) addr-spec, as specified in
// RFC822.  Within mailto URLs, there are no reserved characters" (3.5): an
// escape and the octet it encodes mean the same, so the addr-spec grammar of
// RFC 822 section 6.1 (with the lexical tokens of its 3.3) runs over the
// decoded octets, read straight from the URL so that every offset is one in
// the URL:
//
//   addr-spec      = local-part "@" domain
//   local-part     = word *("." word)
//   word           = atom / quoted-string
//   domain         = sub-domain *("." sub-domain)
//   sub-domain     = domain-ref / domain-literal
//   domain-ref     = atom
//   atom           = 1*<any CHAR except specials, SPACE and CTLs>
//   specials       = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "." / "[" / "]"
//   quoted-string  = <"> *(qtext / quoted-pair) <">
//   qtext          = <any CHAR excepting <">, "\" & CR, and including linear-white-space>
//   domain-literal = "[" *(dtext / quoted-pair) "]"
//   dtext          = <any CHAR excluding "[", "]", "\" & CR, & including linear-white-space>
//   quoted-pair    = "\" CHAR
//   CHAR           = <any ASCII character>  (0-127)
//
// The tokens are adjacent: RFC 822 3.4.2 and 6.2.2 say that no white space
// or comment may surround "." or "@" when an address is passed to a mail
// protocol server, which is what a mailto URL's address is for.
//
// "A domain-ref must be THE official name of a registry, network, or host"
// (RFC 822 6.2.3).  An Internet host name is RFC 1738's host (3.1: RFC 1034
// 3.5, RFC 1123 2.1), so a domain written as domain-refs must also be a
// hostname or a hostnumber; a domain-literal ("[10.0.3.19]") bypasses names.
// This is what refuses "mailto:a@b?subject=x" in strict mode: "?" and "=" are
// atom characters, so the address is the addr-spec "a" "@" "b?subject=x" (RFC
// 1738 reserves nothing in mailto, so "?" does not start a header part here),
// whose domain names no host.
//
// Lenient mode reads RFC 6068 2 (which updates RFC 2368) instead, the form
// mailto links have today, with one warning when a URL uses more than RFC
// 1738's single address:
//
//   mailtoURI = "mailto:" [ to ] [ hfields ]
//   to        = addr-spec *( "," addr-spec )
//   hfields   = "?" hfield *( "&" hfield )
//   hfield    = hfname "=" hfvalue
//
// Each address of the to-part is checked as strict mode checks its one.
#include "grammar/mailto.hpp"

#include <algorithm>

#include "grammar/host_limits.hpp"
#include "grammar/rfc1738.hpp"
#include "grammar/rfc822.hpp"
#include "grammar/scheme_parse.hpp"
#include "urlkit/detail/ascii.hpp"

namespace urlkit::grammar {

namespace {

// ---- RFC 822 3.3 classes, on decoded octets --------------------------------

using rfc822::atext_p;
using rfc822::char_p;
using rfc822::dtext_p;
using rfc822::qtext_p;

template <char C>
struct is_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return c == static_cast<unsigned char>(C);
  }
};
// RFC 1738 5: alphadigit, alpha, digit (for the host a domain must name).
struct alnum_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return c < 0x80 && charset::is(charset::alpha | charset::digit, static_cast<unsigned char>(c));
  }
};
struct alpha_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return c < 0x80 && charset::is(charset::alpha, static_cast<unsigned char>(c));
  }
};
struct digit_p {
  constexpr bool operator()(unsigned c) const noexcept { return c >= '0' && c <= '9'; }
};

// ---- what a failed parse reached -------------------------------------------

// The furthest position a primitive failed at, and what the last primitive
// failing there expected: that is the error's offset and detail.
struct reach {
  const char* at = nullptr;
  const char* expected = nullptr;
  const char* at_sign = nullptr;  // the addr-spec's "@", once matched
  const char* label = nullptr;    // where the last label of a host began
  void note(const char* p, const char* what) noexcept {
    if (at == nullptr || p >= at) {
      at = p;
      expected = what;
    }
  }
};
struct reach_tag;

template <class Ctx>
reach& reach_of(const Ctx& ctx) noexcept {
  return x3::get<reach_tag>(ctx);
}

/// The octet at `p`: an escape "%" hex hex stands for the octet it encodes
/// (3.5: nothing is reserved); any other byte, a "%" without two hex digits
/// included (kept as it is in lenient mode), stands for itself.
inline unsigned octet_at(const char* p, const char* last, int& width) noexcept {
  if (*p == '%' && last - p >= 3 && charset::is(charset::hex, p[1]) &&
      charset::is(charset::hex, p[2])) {
    width = 3;
    return static_cast<unsigned>(charset::hex_value(p[1]) * 16 + charset::hex_value(p[2]));
  }
  width = 1;
  return static_cast<unsigned char>(*p);
}

/// X3 primitive: one decoded octet for which Pred holds.
template <class Pred>
struct octet_parser : x3::parser<octet_parser<Pred>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  const char* expected;
  constexpr explicit octet_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first != last) {
      int width = 1;
      if (Pred{}(octet_at(first, last, width))) {
        first += width;
        return true;
      }
    }
    reach_of(ctx).note(first, expected);
    return false;
  }
};

/// For each byte: whether it stands for itself (no "%") and Pred holds for
/// it.  A table, built at compile time, so that a run takes one lookup a byte.
template <class Pred>
struct plain_octets {
  bool in[256] = {};
  constexpr plain_octets() noexcept {
    for (unsigned c = 0; c < 256; ++c) in[c] = c != '%' && Pred{}(c);
  }
};
template <class Pred>
inline constexpr plain_octets<Pred> plain{};

/// X3 primitive: one or more decoded octets for which Pred holds (what
/// `+octet<Pred>` matches, and where it stops, noted the same way), in one
/// loop: bytes that are no escape, nearly all of an address, take a table
/// lookup each, four at a time.
template <class Pred>
struct octet_run_parser : x3::parser<octet_run_parser<Pred>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  const char* expected;
  constexpr explicit octet_run_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    const bool* const in = plain<Pred>.in;
    const auto at = [](const char* q) { return static_cast<unsigned char>(*q); };
    const char* p = first;
    for (;;) {
      while (last - p >= 4 && (unsigned{in[at(p)]} & in[at(p + 1)] & in[at(p + 2)] & in[at(p + 3)]))
        p += 4;
      while (p != last && in[at(p)]) ++p;
      int width = 1;
      if (p == last || *p != '%' || !Pred{}(octet_at(p, last, width))) break;
      p += width;
    }
    reach_of(ctx).note(p, expected);  // where the run's last octet failed
    if (p == first) return false;
    first = p;
    return true;
  }
};

/// X3 primitive: the addr-spec's "@" (or "%40"), remembered where it is.
struct at_sign_parser : x3::parser<at_sign_parser> {
  using attribute_type = x3::unused_type;

  const char* expected;
  constexpr explicit at_sign_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    int width = 1;
    if (first != last && octet_at(first, last, width) == '@') {
      reach_of(ctx).at_sign = first;
      first += width;
      return true;
    }
    reach_of(ctx).note(first, expected);
    return false;
  }
};

using end_parser = rfc822::end_parser<reach_tag>;

// ---- details (what the production expected) --------------------------------

const char* const expect_word =
    "a word expected: an atom (US-ASCII, no specials, space or controls) or a quoted-string "
    "(RFC 822 6.1: local-part = word *(\".\" word))";
const char* const expect_at = "\"@\" expected (RFC 822 6.1: addr-spec = local-part \"@\" domain)";
const char* const expect_sub_domain =
    "a sub-domain expected: an atom (US-ASCII, no specials, space or controls) or a "
    "domain-literal (RFC 822 6.1: domain = sub-domain *(\".\" sub-domain))";
const char* const expect_end =
    "the address must end after its domain (RFC 822 6.1: addr-spec = local-part \"@\" domain)";
const char* const expect_qtext =
    "quoted-string: US-ASCII qtext or quoted-pair up to the closing <\"> (RFC 822 3.3)";
const char* const expect_dtext =
    "domain-literal: US-ASCII dtext or quoted-pair up to the closing \"]\" (RFC 822 3.3)";
const char* const expect_host =
    "the domain must name a host: a hostname (labels of letters, digits and \"-\", the last one "
    "starting with a letter) or a hostnumber (RFC 822 6.2.3, RFC 1738 3.1)";
const char* const expect_host_not_query =
    "the domain must name a host (RFC 822 6.2.3, RFC 1738 3.1), and \"?\" is no host character: "
    "nothing is reserved in a mailto URL, so a \"?\" is part of the address, not the start of "
    "header fields (RFC 1738 3.5)";

// ---- RFC 822 6.1 addr-spec ---------------------------------------------------

template <class Pred>
constexpr octet_parser<Pred> octet(const char* expected) noexcept {
  return octet_parser<Pred>(expected);
}
template <class Pred>
constexpr octet_run_parser<Pred> octets(const char* expected) noexcept {
  return octet_run_parser<Pred>(expected);
}

x3::rule<struct local_atom_class> const local_atom = "atom";
x3::rule<struct domain_atom_class> const domain_atom = "atom";
x3::rule<struct quoted_string_class> const quoted_string = "quoted-string";
x3::rule<struct word_class> const word = "word";
x3::rule<struct local_part_class> const local_part = "local-part";
x3::rule<struct domain_literal_class> const domain_literal = "domain-literal";
x3::rule<struct sub_domain_class> const sub_domain = "sub-domain";
x3::rule<struct domain_class> const domain = "domain";
x3::rule<struct addr_spec_class> const addr_spec = "addr-spec";

auto const local_atom_def = octets<atext_p>(expect_word);
auto const domain_atom_def = octets<atext_p>(expect_sub_domain);
auto const quoted_string_def = octet<is_p<'"'>>(expect_word) >>
                               *(octet<qtext_p>(expect_qtext) | (octet<is_p<'\\'>>(expect_qtext) >>
                                                                 octet<char_p>(expect_qtext))) >>
                               octet<is_p<'"'>>(expect_qtext);
auto const word_def = local_atom | quoted_string;
auto const local_part_def = word >> *(octet<is_p<'.'>>(expect_at) >> word);
auto const domain_literal_def = octet<is_p<'['>>(expect_sub_domain) >>
                                *(octet<dtext_p>(expect_dtext) | (octet<is_p<'\\'>>(expect_dtext) >>
                                                                  octet<char_p>(expect_dtext))) >>
                                octet<is_p<']'>>(expect_dtext);
auto const sub_domain_def = domain_atom | domain_literal;
auto const domain_def = sub_domain >> *(octet<is_p<'.'>>(expect_end) >> sub_domain);
auto const addr_spec_def = local_part >> at_sign_parser(expect_at) >> domain >>
                           end_parser(expect_end);

BOOST_SPIRIT_DEFINE(local_atom, domain_atom, quoted_string, word, local_part, domain_literal,
                    sub_domain, domain, addr_spec)

// ---- RFC 1738 3.1 and 5 host, on decoded octets -----------------------------
//   host        = hostname | hostnumber
//   hostname    = *[ domainlabel "." ] toplabel
//   domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
//   toplabel    = alpha | alpha *[ alphadigit | "-" ] alphadigit
//   hostnumber  = digits "." digits "." digits "." digits
// A label is runs of alphadigits joined by runs of "-" (see host_def.hpp).
// A toplabel is a domainlabel that starts with a letter, so a hostname is
// domainlabel *[ "." domainlabel ] whose last label starts with a letter:
// read so, in one pass, with the letter checked after (the last label is not
// read twice, as *[ domainlabel "." ] toplabel would).  Every hostnumber is
// such a run of labels too: a run whose last label starts with a digit is
// checked again as a hostnumber.

/// X3 primitive: matches nothing, and notes where a label starts.
struct label_start_parser : x3::parser<label_start_parser> {
  using attribute_type = x3::unused_type;
  [[maybe_unused]] static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It&, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    reach_of(ctx).label = first;
    return true;
  }
};

x3::rule<struct mail_domainlabel_class> const mail_domainlabel = "domainlabel";
x3::rule<struct mail_labels_class> const mail_labels = "hostname";
x3::rule<struct mail_hostnumber_class> const mail_hostnumber = "hostnumber";

auto const alnum_run = octets<alnum_p>(expect_host);
auto const hyphens = octets<is_p<'-'>>(expect_host);
auto const host_dot = octet<is_p<'.'>>(expect_host);
auto const digits_run = octets<digit_p>(expect_host);

auto const mail_domainlabel_def = alnum_run >> *(hyphens >> alnum_run);
auto const mail_labels_def = (label_start_parser{} >> mail_domainlabel) % host_dot >>
                             end_parser(expect_host);
auto const mail_hostnumber_def = digits_run >> host_dot >> digits_run >> host_dot >> digits_run >>
                                 host_dot >> digits_run >> end_parser(expect_host);

BOOST_SPIRIT_DEFINE(mail_domainlabel, mail_labels, mail_hostnumber)

template <class Rule>
bool run_decoded(const Rule& r, const char* first, const char* last, reach& got) {
  auto ctx = x3::make_context<reach_tag>(got);
  x3::unused_type unused;
  const char* p = first;
  return r.parse(p, last, ctx, unused, unused);
}

/// RFC 822 6.2.3 with RFC 1738 3.1: whether the domain [dom, last), read as
/// domain-refs, names a host (a hostname or a hostnumber).  Where it fails is
/// noted in `got`.
bool names_host(const char* dom, const char* last, reach& got) {
  if (!run_decoded(mail_labels, dom, last, got)) return false;
  int width = 1;
  if (alpha_p{}(octet_at(got.label, last, width))) return true;  // a toplabel last
  // A hostnumber, or a hostname that lacks its last label (one more was
  // expected at the end).
  reach number;
  if (run_decoded(mail_hostnumber, dom, last, number)) return true;
  got.note(last, expect_host);
  return false;
}

// ---- the common form, tried first -------------------------------------------
// Nearly every address is dot-atoms "@" a hostname:
//
//   common-addr-spec = atom *("." atom) "@" host      ; RFC 1738 3.1's host
//
// written without escapes, with atom bytes that RFC 1738 allows as they are
// (xchar).  Such an address is an addr-spec (RFC 822 6.1: a local-part of
// atoms; a domain of atoms, since a host's labels are atoms) whose domain
// names a host, and none of its bytes departs from xchar or is an escape: the
// full check below would report nothing, in either mode, and find the same
// "@".  So it is the whole check for these addresses; any other address (an
// escape, a quoted-string, a domain-literal, a byte RFC 1738 does not allow,
// a domain that names no host) goes to the full check, which says what is
// wrong with it, if anything.  A "?" is left to it too: in lenient mode it
// starts RFC 6068's hfields.

// RFC 822 atom characters that RFC 1738 also allows as they are (3.3 and 5).
struct common_atext_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return c != '?' && atext_p{}(c) &&
           charset::is(charset::xchar1738, static_cast<unsigned char>(c));
  }
};

/// X3 primitive: atom *("." atom), atom = 1*<byte for which Pred holds>, all
/// bytes as they are (no escapes), in one loop: a table lookup a byte, four
/// at a time, and a test at each ".".  A "." that no atom follows is left
/// unread, as `+atom % '.'` leaves it.
template <class Pred>
struct dot_atoms_parser : x3::parser<dot_atoms_parser<Pred>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr&) const noexcept {
    const bool* const in = plain<Pred>.in;
    const auto at = [](const char* q) { return static_cast<unsigned char>(*q); };
    const char* p = first;
    for (;;) {
      const char* const atom = p;
      while (last - p >= 4 && (unsigned{in[at(p)]} & in[at(p + 1)] & in[at(p + 2)] & in[at(p + 3)]))
        p += 4;
      while (p != last && in[at(p)]) ++p;
      if (p == atom) {  // an empty atom
        if (atom == first) return false;
        p = atom - 1;  // the "." before it is not the local-part's
        break;
      }
      if (p == last || *p != '.') break;
      ++p;
    }
    first = p;
    return true;
  }
};

x3::rule<struct common_local_part_class> const common_local_part = "local-part";
auto const common_local_part_def = dot_atoms_parser<common_atext_p>{};
BOOST_SPIRIT_DEFINE(common_local_part)

constexpr run_1738_parser xchar_run{charset::xchar1738, "mailto encoded822addr", rule::path, {}};

/// A departure at `at` within [.., last): strict refuses it, lenient warns.
/// (`last` tells whether there is a byte at `at`: the URL may go on with a
/// fragment after the address.)
bool tolerate_at(parse_state& st, const char* at, const char* last, const char* detail) noexcept {
  if (st.mode == mode::strict) return st.fail_syntax(at, last, rule::path, detail);
  st.warn(at, warning_code::scheme_syntax, rule::path, detail);
  return true;
}

}  // namespace

const char* bytewise_common_mailto_at_sign(std::string_view raw) noexcept {
  const char* const last = raw.data() + raw.size();
  const char* at_sign = raw.data();
  if (!x3::parse(at_sign, last, common_local_part) || at_sign == last || *at_sign != '@')
    return nullptr;
  const char* p = at_sign + 1;
  // A domain that may pass RFC 1034's lengths goes to the full check.
  if (static_cast<std::size_t>(last - p) > max_label_octets) return nullptr;
  if (!x3::parse(p, last, host)) return nullptr;  // host ends at the end (eoi)
  return at_sign;
}

bool hfname_is(std::string_view encoded, std::string_view name) noexcept {
  const char* p = encoded.data();
  const char* const last = p + encoded.size();
  for (const char c : name) {
    if (p == last) return false;
    int width = 1;
    const unsigned o = octet_at(p, last, width);
    if (o >= 0x80 || detail::ascii::lower(static_cast<char>(o)) != detail::ascii::lower(c))
      return false;
    p += width;
  }
  return p == last;
}

namespace {

/// Checks one address [first, last) of a mailto URL: the decoded address must
/// be an addr-spec whose domain names a host (lenient: warnings).  `out`
/// receives its parts.
bool check_address(parse_state& st, const char* first, const char* last, mailto_parts& out) {
  out.address = {first, static_cast<std::size_t>(last - first)};
  // The decoded address must be an addr-spec (lenient: a warning).
  st.production = "mailto addr-spec";
  reach got;
  if (!run_decoded(addr_spec, first, last, got)) {
    const bool ok =
        tolerate_at(st, got.at ? got.at : first, last, got.expected ? got.expected : expect_word);
    st.production = nullptr;
    return ok;
  }
  out.addr_spec = true;
  int at_width = 1;
  octet_at(got.at_sign, last, at_width);  // "@" or "%40"
  out.local_part = {first, static_cast<std::size_t>(got.at_sign - first)};
  const char* const dom = got.at_sign + at_width;
  out.domain = {dom, static_cast<std::size_t>(last - dom)};

  // RFC 822 6.2.3: domain-refs name a host; one domain-literal names an address.
  st.production = "mailto domain";
  reach lit;
  const bool literal = run_decoded(domain_literal >> end_parser(expect_host), dom, last, lit);
  if (!literal) {
    reach host_got;
    if (!names_host(dom, last, host_got)) {
      const char* at = host_got.at ? host_got.at : dom;
      int width = 1;
      const bool query = at != last && octet_at(at, last, width) == '?';
      if (!tolerate_at(st, at, last, query ? expect_host_not_query : expect_host)) return false;
    }
    // RFC 1034's lengths, where RFC 1738 3.1 sends host names (host_limits.hpp).
    if (!check_host_length(st, dom, last, rule::path)) return false;
  }
  st.production = nullptr;
  return true;
}

const char* const beyond_1738 =
    "RFC 6068 2 (which updates RFC 2368): mailtoURI = \"mailto:\" [ to ] [ hfields ], to = "
    "addr-spec *(\",\" addr-spec), hfields = \"?\" hfield *(\"&\" hfield); beyond RFC 1738 3.5's "
    "single encoded822addr";
const char* const expect_hfield = "an hfield expected (RFC 6068 2: hfield = hfname \"=\" hfvalue)";
const char* const expect_list_address =
    "an address expected between commas (RFC 6068 2: to = addr-spec *(\",\" addr-spec))";
const char* const no_address =
    "no address: the to-part is empty and no \"to\" hfield gives one (RFC 6068 2 allows it, "
    "mailtoURI = \"mailto:\" [ to ] [ hfields ]: a message whose recipients are still to be "
    "given; RFC 1738 5's encoded822addr = 1*xchar does not)";

/// Lenient mode: RFC 6068 2's mailtoURI.  The to-part's addresses are checked
/// as RFC 1738's one address is (addr-spec, host); the hfields are split, and
/// one without "=" is taken, with a warning, as a name with an empty value.
/// A URL that uses anything beyond RFC 1738's single address (a "?", a ",")
/// gets one warning, at the first such byte.
bool parse_mailto_uri(parse_state& st, std::string_view raw, mailto_parts& out) {
  const mailto_split parts = split_mailto(raw);
  out.list = true;
  out.address = {parts.to.data(), 0};  // the first address, if there is one
  out.to = parts.to;
  out.hfields = parts.hfields;
  out.has_hfields = parts.has_hfields;
  const std::size_t comma = parts.to.find(',');
  if (parts.has_hfields || comma != std::string_view::npos) {
    st.production = "mailto mailtoURI";
    st.warn(raw.data() + std::min(comma, parts.to.size()), warning_code::scheme_syntax, rule::path,
            beyond_1738);
    st.production = nullptr;
  }

  bool any = false, ok = true, first = true;
  for_each_address(parts.to, [&](std::string_view a) {
    if (!ok) return;
    if (a.empty()) {
      // An empty to-part is no list: whether an hfield names someone is
      // checked below.
      if (parts.to.empty()) return;
      st.production = "mailto to";
      st.warn(a.data(), warning_code::scheme_syntax, rule::path, expect_list_address);
      st.production = nullptr;
      return;
    }
    mailto_parts one;
    ok = check_address(st, a.data(), a.data() + a.size(), one);
    if (first) {
      out.address = one.address;
      out.addr_spec = one.addr_spec;
      out.local_part = one.local_part;
      out.domain = one.domain;
      first = false;
    }
    any = true;
  });
  if (!ok) return false;

  if (parts.has_hfields) {
    for_each_hfield(parts.hfields, [&](const hfield& h) {
      if (!h.has_equals || h.name.empty()) {
        st.production = "mailto hfield";
        st.warn(h.field.data() + h.name.size(), warning_code::scheme_syntax, rule::query,
                expect_hfield);
        st.production = nullptr;
      }
      if (!any && h.has_equals && hfname_is(h.name, "to"))
        for_each_address(h.value, [&](std::string_view a) { any = any || !a.empty(); });
    });
  }
  // No address: RFC 6068 2's grammar makes the to-part optional ("mailto:",
  // "mailto:?subject=hi"), and a mail client opens a message whose recipients
  // are still to be given; RFC 1738's encoded822addr is 1*xchar, so a warning.
  if (!any) {
    st.production = "mailto to";
    st.warn(raw.data(), warning_code::scheme_syntax, rule::path, no_address);
    st.production = nullptr;
  }
  return true;
}

}  // namespace

bool parse_mailto(const url_view& u, parse_state& st, mailto_parts& out) {
  out = {};
  const std::string_view raw = scheme_part_of(u);
  const char* const first = raw.data();
  const char* const last = first + raw.size();
  out.address = raw;
  out.to = raw;

  // encoded822addr = 1*xchar.  No address, no one to write to: refused in
  // strict mode; RFC 6068 2's mailtoURI = "mailto:" [ to ] [ hfields ] may be
  // empty, which lenient mode accepts with a warning (parse_mailto_uri).
  st.production = "mailto encoded822addr";
  if (raw.empty() && st.mode != mode::lenient)
    return st.fail_syntax(first, last, rule::path,
                          "an address expected (RFC 1738 5: encoded822addr = 1*xchar)");
  if (!raw.empty()) {
    const char* p = first;
    if (!run_rule(xchar_run, p, last, st)) return false;
  }
  st.production = nullptr;

  // Lenient mode reads RFC 6068's address list and header fields; strict mode
  // keeps RFC 1738's single address (spec/README.md).
  if (st.mode == mode::lenient) return parse_mailto_uri(st, raw, out);
  return check_address(st, first, last, out);
}

}  // namespace urlkit::grammar
