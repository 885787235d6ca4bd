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

#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
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

/// The A-label form of a parsed URL's host, for a client that looks it up:
/// set when the host is a name holding octets >= 0x80 (which lenient mode
/// takes with a warning, draft 2.3.3) and to_ascii_host converts it.  Null
/// for a host that needs no conversion (ASCII, a hostnumber, an IPv6
/// literal), for one with a "%" escape (not a name as written), for one IDNA
/// refuses (to_ascii_host says why), and for a URL without a host.
/// `urlkit parse` writes it as "host_ascii".
std::optional<std::string> host_ascii(const url_view& u);

}  // namespace urlkit
URLKIT_END_API
