// Internationalized host names through libidn2: IDNA2008 (RFC 5891) with
// UTS #46 non-transitional processing and UseSTD3ASCIIRules.  libidn2 does
// the mapping, normalization, validation and Punycode; this file adds what it
// leaves to the caller: string_views (NUL-terminated copies, a NUL inside
// refused), the empty labels UTS #46 4.2 VerifyDnsLength refuses, the STD3
// ASCII rules as UTS #46 states them (an error, not a deletion), the offset
// of the label at fault, and a to-Unicode that validates.
#include "urlkit/idna.hpp"

#include <idn2.h>

#include <algorithm>
#include <cstddef>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/detail/error_at.hpp"
#include "urlkit/encoding.hpp"

namespace urlkit {
namespace {

// UTS #46 section 4 step 1 and IdnaMappingTable: "." and the full stops that
// map to it separate labels.  UTF-8 of U+002E, U+3002, U+FF0E, U+FF61.
constexpr std::string_view separators[] = {".", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};

struct label {
  std::size_t begin, end;  // byte offsets in the host
};

// The labels of `host`, split at the separators: n separators, n + 1 labels.
std::vector<label> labels_of(std::string_view host) {
  std::vector<label> labels;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < host.size();) {
    std::size_t len = 0;
    for (std::string_view s : separators)
      if (host.substr(i, s.size()) == s) len = s.size();
    if (len == 0) {
      ++i;
      continue;
    }
    labels.push_back({begin, i});
    i += len;
    begin = i;
  }
  labels.push_back({begin, host.size()});
  return labels;
}

error idna_error(std::string_view host, std::size_t offset, const char* detail) noexcept {
  error e = detail::error_at(error_code::idna, rule::host, host, offset);
  e.detail = detail;
  return e;
}

// libidn2's reason (static strings); some of its messages are inexact or
// do not say why.
const char* reason(int rc) noexcept {
  // IDNA2008 is stricter than UTS #46's table: a code point UTS #46 marks
  // valid but "NV8" (not valid in IDNA2008), such as U+2615 HOT BEVERAGE, is
  // DISALLOWED by RFC 5892's derivation, which keeps the letters, marks and
  // digits of scripts and leaves out symbols and punctuation.
  if (rc == IDN2_DISALLOWED)
    return "code point disallowed by IDNA2008 (RFC 5892: symbols and punctuation are not "
           "allowed in a label)";
  // libidn2 refuses names of more than 253 octets (not counting the root's
  // "."), as UTS #46 4.2 VerifyDnsLength says, but its message says 255.
  if (rc == IDN2_TOO_BIG_DOMAIN)
    return "domain name longer than 253 octets (UTS #46 4.2 VerifyDnsLength)";
  // Its A-label buffer holds the 63 octets of RFC 1034 3.1: a label whose
  // Punycode does not fit is one too long once converted.
  if (rc == IDN2_PUNYCODE_BIG_OUTPUT || rc == IDN2_TOO_BIG_LABEL)
    return "label longer than 63 octets once converted (UTS #46 4.2 VerifyDnsLength)";
  return idn2_strerror(rc);
}

// A string libidn2 allocated, freed with idn2_free.
struct idn2_string {
  char* p = nullptr;
  idn2_string() = default;
  idn2_string(const idn2_string&) = delete;
  idn2_string& operator=(const idn2_string&) = delete;
  ~idn2_string() { idn2_free(p); }
};

// UTS #46 4.2 ToASCII, non-transitional (RFC 5891 4 for the IDNA2008 rules
// it applies).  No IDN2_NFC_INPUT: UTS #46 processing (libidn2's default
// TR46 step) normalizes to NFC itself (4 step 2).  UseSTD3ASCIIRules is
// applied to the result (std3_fault), not with IDN2_USE_STD3_ASCII_RULES:
// with that flag libidn2 deletes the code points the rules disallow instead
// of refusing the name ("_À_" gives xn--0ca, "a_b" gives "ab"), which
// would name another host.
int convert(const std::string& text, idn2_string& out) {
  const int rc = idn2_to_ascii_8z(text.c_str(), &out.p, IDN2_NONTRANSITIONAL);
  if (rc == IDN2_MALLOC) throw std::bad_alloc();
  return rc;
}

// Whether an A-label form has an empty label other than the root's (one
// final "." after a label).  UTS #46 4.2 VerifyDnsLength: "The length of each
// label is from 1 to 63" (RFC 1034 3.1: only the root is empty); libidn2
// checks the 63 but takes "a..b".
bool has_empty_label(std::string_view ascii) noexcept {
  if (ascii.empty() || ascii.front() == '.') return true;
  if (ascii.find("..") != std::string_view::npos) return true;
  return false;
}

constexpr const char* std3_reason =
    "not a letter, digit or hyphen once mapped (UTS #46 UseSTD3ASCIIRules: a hostname's "
    "label, RFC 1738 3.1)";

// UTS #46 UseSTD3ASCIIRules (section 4 step 1, IdnaMappingTable's
// disallowed_STD3_valid and disallowed_STD3_mapped): no ASCII code point but
// letters, digits and "-" in a label once mapped.  Every ASCII code point of a
// U-label is a basic code point of its A-label, written as it is (RFC 3492
// 3.1), so the A-label form shows them all; the non-ASCII code points those
// classes hold (U+2260, U+226E, U+226F) IDNA2008 disallows anyway.  With
// CheckHyphens (a label neither starts nor ends with "-") every label is then
// an RFC 1738 3.1 domainlabel.  `ascii` is an A-label form: labels and ".".
bool std3_fault(std::string_view ascii) noexcept {
  return std::any_of(ascii.begin(), ascii.end(), [](char c) {
    return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '-' || c == '.');
  });
}

// The conversion failed (libidn2's `rc`), or gave an empty label or one the
// STD3 rules refuse: the first label at fault, converted on its own, names
// the offset; when none is on its own (a name too long as a whole), offset 0
// and `whole`, the whole name's reason.
error first_fault(std::string_view host, const char* whole) {
  const std::vector<label> labels = labels_of(host);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const label& l = labels[i];
    const bool root = i + 1 == labels.size() && i > 0;
    if (l.begin == l.end) {
      if (root) continue;
      return idna_error(host, l.begin, "empty label");
    }
    idn2_string out;
    const int r = convert(std::string(host.substr(l.begin, l.end - l.begin)), out);
    if (r != IDN2_OK) return idna_error(host, l.begin, reason(r));
    // A label of code points that map to nothing (U+00AD SOFT HYPHEN).
    if (out.p[0] == '\0' && !root) return idna_error(host, l.begin, "empty label");
    if (std3_fault(out.p)) return idna_error(host, l.begin, std3_reason);
  }
  return idna_error(host, 0, whole);
}

}  // namespace

result<std::string> to_ascii_host(std::string_view host) {
  if (host.empty()) return idna_error(host, 0, "empty host name");
  // libidn2 reads C strings: a NUL would end the name early, unseen.
  if (const std::size_t nul = host.find('\0'); nul != std::string_view::npos) {
    std::size_t begin = 0;
    for (const label& l : labels_of(host))
      if (l.begin <= nul) begin = l.begin;
    return idna_error(host, begin, "NUL in a host name");
  }
  idn2_string out;
  const int rc = convert(std::string(host), out);
  if (rc != IDN2_OK) return first_fault(host, reason(rc));
  if (has_empty_label(out.p)) return first_fault(host, "empty label");
  if (std3_fault(out.p)) return first_fault(host, std3_reason);
  return std::string(out.p);
}

result<std::string> to_unicode_host(std::string_view host) {
  // libidn2's to-Unicode only decodes: "xn--a" would give "" and an A-label
  // of an invalid U-label that U-label.  UTS #46 4.3 ToUnicode runs the same
  // processing as ToASCII (4 step 4 validates each decoded A-label, 4.1), so
  // the name is converted to A-labels first, which validates and maps it, and
  // that form, valid and in lower case, is decoded.
  auto ascii = to_ascii_host(host);
  if (!ascii) return ascii.error();
  idn2_string out;
  const int rc = idn2_to_unicode_8z8z(ascii->c_str(), &out.p, 0);
  if (rc == IDN2_MALLOC) throw std::bad_alloc();
  if (rc != IDN2_OK) return idna_error(host, 0, reason(rc));
  return std::string(out.p);
}

result<ascii_host> connect_ascii_host(const url_view& u) {
  if (!u.has_host() || u.encoded_host().empty())
    return detail::error_at(error_code::host_expected, rule::host, u.buffer(), 0);
  std::string_view h = u.encoded_host();
  // An IPv6 literal without its brackets, as the views' connect_host() gives
  // it (its zone's "%25" decoded below to the "%" RFC 6874 2 says it is).
  if (u.host_kind() == host_kind::ipv6) h = h.substr(1, h.size() - 2);
  auto decoded = decode(h);
  if (!decoded) return decoded.error();
  ascii_host out;
  const bool non_ascii = std::any_of(decoded->begin(), decoded->end(),
                                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (!non_ascii || u.host_kind() != host_kind::name) {
    out.host = std::move(*decoded);
    return out;
  }
  auto converted = to_ascii_host(*decoded);
  if (!converted) return converted.error();
  out.host = std::move(*converted);
  out.converted = true;
  return out;
}

result<void> set_idna_host(url& u, std::string_view unicode_host) {
  auto ascii = to_ascii_host(unicode_host);
  if (!ascii) return ascii.error();
  return u.set_host(*ascii);
}

// A builder setter like host(): IDNA's refusal is kept as a refused host,
// the value as given (host() keeps a refused one so), for build() to return.
url_builder& set_idna_host(url_builder& b, std::string_view unicode_host) {
  auto ascii = to_ascii_host(unicode_host);
  if (!ascii) {
    b.forget(rule::host);
    b.host_ = std::string(unicode_host);
    b.refuse(rule::host, ascii.error());
    return b;
  }
  return b.host(*ascii);
}

}  // namespace urlkit
