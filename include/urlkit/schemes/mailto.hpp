// urlkit — mailto URLs.
//
// Strict mode: RFC 1738 section 3.5 (grammar in section 5),
//
//   mailto:<rfc822-addr-spec>
//
// "Within mailto URLs, there are no reserved characters" (3.5): the whole
// text after "mailto:" (up to a fragment), "?" and ";" included, is one
// address, checked against RFC 822's addr-spec (section 6.1).
//
// Lenient mode (the default): RFC 6068 section 2 (which updates RFC 2368),
//
//   mailtoURI = "mailto:" [ to ] [ hfields ]
//   to        = addr-spec *( "," addr-spec )
//   hfields   = "?" hfield *( "&" hfield )
//   hfield    = hfname "=" hfvalue
//
// with a warning when a URL uses more than RFC 1738's single address.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A mailto URL, checked: views into the caller's text (which must outlive
/// it).  Parsing one allocates nothing; the decoded address is made when
/// asked for.
class mailto_view {
 public:
  /// An empty view (what a failed result holds).
  mailto_view() = default;
  /// The generic view the mailto URL was parsed from.
  const url_view& url() const noexcept { return url_; }
  /// The URL's text (url().buffer()).
  std::string_view buffer() const noexcept { return url_.buffer(); }

  /// The first address as written: strict mode, the raw encoded822addr
  /// (everything after "mailto:" up to the fragment); lenient mode, the
  /// to-part's first address (empty when the to-part is, the addresses then
  /// being in a "to" hfield: see to()).
  std::string_view encoded_address() const noexcept { return raw_; }
  /// The first address, decoded (3.5: "the encoding of an addr-spec").
  decode_view address() const noexcept { return decode_view(raw_); }

  /// Whether the decoded address() is an RFC 822 addr-spec (always so in
  /// strict mode; lenient mode accepts other addresses with a warning).
  bool is_addr_spec() const noexcept { return addr_spec_; }
  /// The addr-spec's local-part and domain, decoded, as written (a
  /// quoted-string keeps its quotes); empty when !is_addr_spec().
  decode_view local_part() const noexcept { return decode_view(local_part_); }
  /// The addr-spec's domain, decoded; empty when !is_addr_spec().
  decode_view domain() const noexcept { return decode_view(domain_); }
  /// The same as written (still escaped): the parts of encoded_address() before
  /// and after the addr-spec's "@" (itself possibly written "%40"); empty
  /// when !is_addr_spec().
  std::string_view encoded_local_part() const noexcept { return local_part_; }
  /// The domain as written (still escaped); empty when !is_addr_spec().
  std::string_view encoded_domain() const noexcept { return domain_; }

  /// Every address to write to, each read decoded, in order: strict mode,
  /// the one address; lenient mode, the to-part's comma-separated addresses,
  /// then those of each "to" hfield (RFC 6068 2 makes `?to=a` the same as
  /// `a`).  Empty addresses (",,") are left out.  The list is gathered from
  /// several places: the vector is its one allocation.
  std::vector<decode_view> to() const;
  /// The to-part as written: everything after "mailto:" up to the "?" (or
  /// the fragment); in strict mode, the encoded822addr.
  std::string_view encoded_to() const noexcept { return to_; }

  /// The header fields in order, each read decoded (name(), value()) or as
  /// written (encoded_name, encoded_value); an hfield without "=" has no
  /// value; "&&" holds none.  Empty in strict mode.  Every hfield is here,
  /// "to" and "body" included.  The vector is the one allocation.
  std::vector<query_param_view> headers() const;
  /// The value of the first header field called `name` (compared ignoring
  /// case, decoded: "Subject", "%73ubject"), decoded; nullopt when none is.
  std::optional<decode_view> header(std::string_view name) const noexcept;
  /// That value as written.
  std::optional<std::string_view> encoded_header(std::string_view name) const noexcept;
  /// header("subject"): absent and empty (`?subject=`) are told apart.
  std::optional<decode_view> subject() const noexcept { return header("subject"); }
  /// encoded_header("subject").
  std::optional<std::string_view> encoded_subject() const noexcept {
    return encoded_header("subject");
  }
  /// header("body"): the message's first text part, which alone may hold
  /// line breaks (%0D%0A, RFC 6068 5).
  std::optional<decode_view> body() const noexcept { return header("body"); }
  /// encoded_header("body").
  std::optional<std::string_view> encoded_body() const noexcept { return encoded_header("body"); }

 private:
  friend struct view_parser<mailto_view>;
  // parse_mailto's checks (src/schemes/mailto.cpp).
  static result<mailto_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result.
  friend class result<mailto_view>;
  mailto_view(const url_view& u, std::string_view raw, std::string_view local_part,
              std::string_view domain, bool addr_spec, std::string_view to = {},
              std::string_view hfields = {}, bool has_hfields = false, bool list = false) noexcept
      : url_(u),
        raw_(raw),
        local_part_(local_part),
        domain_(domain),
        to_(to.data() ? to : raw),
        hfields_(hfields),
        addr_spec_(addr_spec),
        has_hfields_(has_hfields),
        list_(list) {}
  friend struct mailto_access;  // parse_mailto's two ways (src/schemes/mailto.cpp)
  url_view url_;
  std::string_view raw_{};
  std::string_view local_part_{}, domain_{};
  std::string_view to_{};       // the to-part (strict: the encoded822addr)
  std::string_view hfields_{};  // after the "?", when has_hfields_
  bool addr_spec_ = false;
  bool has_hfields_ = false;  // a "?" started hfields (lenient mode)
  bool list_ = false;         // read as RFC 6068's mailtoURI (lenient mode)
};

/// Writes the URL as written (buffer()).
std::ostream& operator<<(std::ostream& os, const mailto_view& v);

/// Checks a mailto URL: strict mode, against RFC 1738's mailtourl and RFC
/// 822's addr-spec; lenient mode, as RFC 6068's mailtoURI (each address of
/// the to-part an addr-spec, with warnings), with one warning when it uses
/// more than one address or header fields.  No address is refused in both
/// modes, and so is an encoded CR or LF in an address (it would end the SMTP
/// command line that carries it early: RFC 1738 6) or in a header field other
/// than body (it would start a header field of its own).  Allocates nothing.
/// parse_mailto(url) checks a parsed URL; parse_mailto(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<mailto_view> parse_mailto{};

}  // namespace urlkit
URLKIT_END_API
