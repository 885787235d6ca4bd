// urlkit — internationalized host names (IDNA): a host name converted to the
// A-label form that DNS looks up, and back to Unicode.
//
// IDNA2008 (RFC 5890, RFC 5891) with the processing of Unicode TS #46 (UTS
// #46): non-transitional, with UseSTD3ASCIIRules.  Non-transitional because
// IDNA2008 takes ß, ς, ZWJ and ZWNJ as the characters they are: "faß.de" is
// xn--fa-hia.de, where transitional processing would give "fass.de", another
// name.  UseSTD3ASCIIRules because a host in a URL is a hostname (RFC 1738
// 3.1: labels of letters, digits and "-"): no other ASCII character is
// taken, so every label these functions give is one strict parsing takes in
// a hostname ("_À_" is refused rather than written xn--__-jia).  IDNA2008's
// own rules apply on top of UTS #46's table (RFC 5891 5.4, RFC 5892): a code
// point UTS #46 holds valid but IDNA2008 disallows (a symbol: "☕.example")
// is refused, since no name under IDNA2008 holds it.  The conversion is
// libidn2's; this header is part of the urlkit_idna library (CMake target
// urlkit::idna), built only when libidn2 is found (URLKIT_IDNA), and shows
// no libidn2 type.
//
// Neither RFC 1738 nor the draft knows non-ASCII hosts: strict parsing
// refuses them, lenient parsing takes their octets with a warning, and these
// functions say what name such a host stands for.  See the guide's section
// "Internationalized host names".
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/endpoint.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The A-label form of a host name (UTS #46 section 4.2 ToASCII,
/// non-transitional, UseSTD3ASCIIRules, CheckHyphens, CheckBidi,
/// CheckJoiners, VerifyDnsLength; and the IDNA2008 validity of RFC 5891
/// 5.4): every label mapped (case folded: "Bücher.Example" gives
/// "xn--bcher-kva.example", "EXAMPLE.com" gives "example.com"), normalized
/// to NFC, validated, and a label that is not ASCII written as "xn--" and
/// its Punycode (RFC 3492).  Every label of the result (but the root's) is
/// an RFC 1738 3.1 domainlabel (letters, digits and "-", neither first nor last); RFC 1738's
/// further rules for a whole hostname (the last label starts with a letter,
/// no final ".") are the URL grammar's, not IDNA's.  The full stops U+3002,
/// U+FF0E and U+FF61 separate labels as "." does; one final "." (the root)
/// is kept.  `host` is UTF-8, not %-escaped.
///
/// Errors (code error_code::idna, rule host; `detail` is the reason):
/// input that is not UTF-8 or holds a NUL, an empty host, an empty label
/// (other than the root's), a label of more than 63 octets or a name of
/// more than 253 once converted, a code point IDNA2008 disallows ("☕"), an
/// ASCII character other than a letter, a digit or "-" once mapped ("_",
/// and "＿", which maps to it: UseSTD3ASCIIRules), an A-label ("xn--...")
/// that is not valid Punycode or does not decode to a valid U-label.  The
/// offset is the byte offset in `host` of the label at fault (0 when no
/// single label is: a name too long as a whole).
result<std::string> to_ascii_host(std::string_view host);

/// The Unicode form of a host name (UTS #46 section 4.3 ToUnicode): every
/// "xn--" label decoded to its U-label, the other labels mapped as
/// to_ascii_host maps them ("XN--BCHER-KVA.Example" gives "bücher.example";
/// an ASCII name without A-labels comes back in lower case).  The name is
/// validated exactly as to_ascii_host validates it and fails with the same
/// errors, so a name converts one way if and only if it converts the other:
/// an invalid A-label ("xn--a", which decodes to U+0080) is an error, never
/// a U-label made of whatever its Punycode decodes to.
result<std::string> to_unicode_host(std::string_view host);

/// The host a client looks up, as connect_ascii_host gives it.
struct ascii_host {
  /// What to give the resolver (getaddrinfo()): the A-label form of an
  /// internationalized name, else the host as the typed views' connect_host
  /// gives it: an ASCII name, a hostnumber, an IPv6 address without its
  /// brackets (its zone's "%25" read as the "%" it stands for, RFC 6874).
  std::string host;
  /// Whether IDNA converted the name (false: it was ASCII, returned as it is).
  bool converted = false;
  /// Same host and conversion.
  friend bool operator==(const ascii_host&, const ascii_host&) = default;
};

/// The host of a parsed URL, ready to connect to, in one call: decoded (its
/// escapes read, so "caf%C3%A9.example" is the UTF-8 name it stands for) and,
/// when it then holds an octet >= 0x80 (which lenient mode takes with a
/// warning, draft 2.3.3), converted to its A-label form by to_ascii_host.
/// An ASCII name, a hostnumber or an IPv6 literal comes back as it is, with
/// `converted` false.  Errors: host_expected for a URL without a host or with
/// an empty one ("file:///x": no host to connect to); IDNA's refusal
/// (error_code::idna, rule host, `detail` the reason), its offset that of the
/// label at fault in the decoded host.  `urlkit parse` writes the converted
/// form as "host_ascii".
result<ascii_host> connect_ascii_host(const url_view& u);

/// The same for a typed view of a server-based scheme (http_view, ftp_view,
/// gopher_view, ...): the host its server_view::connect_host() decodes, made ready for
/// the resolver as above.  The core library never converts: this call, in
/// urlkit_idna, is the one place that does.
template <class View>
requires requires(const View& v) {
  v.connect_host();
  { v.url() } -> std::convertible_to<const url_view&>;
}
result<ascii_host> connect_ascii_host(const View& v) {
  return connect_ascii_host(v.url());
}

/// Sets the host of `u` from a name in Unicode (a U-label form, UTF-8, not
/// %-escaped: "bücher.example"), written as its A-label form
/// (to_ascii_host: "xn--bcher-kva.example"), which every mode takes.  An
/// ASCII name is lower-cased as IDNA maps it.  On an error (IDNA's refusal,
/// error_code::idna, its offset in `unicode_host`; or the url's own check
/// of the converted name) `u` is unchanged.
result<void> set_idna_host(url& u, std::string_view unicode_host);
/// The same on a builder, as a builder setter: the A-label form set as
/// url_builder::host() sets a name, the builder returned to chain on.
/// IDNA's refusal is kept as a refused host, as host() keeps one, and
/// url_builder::build() returns it (error_code::idna, its offset in
/// `unicode_host`).
url_builder& set_idna_host(url_builder& b, std::string_view unicode_host);

/// What urlkit_idna adds to the core's calls: the same calls, with IDNA.
namespace idna {

/// urlkit::endpoint_of (urlkit/endpoint.hpp) with the host a client looks
/// up: a name holding octets >= 0x80 (decoded: "b%C3%BCcher.example" is
/// the UTF-8 name it stands for) converted by to_ascii_host, as
/// connect_ascii_host converts it ("xn--bcher-kva.example"); every other
/// host, member and error as the core's call gives it.  IDNA's refusal is
/// error_code::idna, its offset moved to the label at fault in the URL's
/// text.  Checked in the mode `url` was parsed in.
result<endpoint> endpoint_of(const url_view& url);
/// The same, the scheme's grammar applied with `options` (its warnings to
/// options.on_warning).
result<endpoint> endpoint_of(const url_view& url, const scheme_options& options);

}  // namespace idna

}  // namespace urlkit
URLKIT_END_API
