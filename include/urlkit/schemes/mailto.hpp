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
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/schemes/view_parser.hpp"
#include "urlkit/segments.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The header fields of a mailto URL (mailto_view::headers()): its hfields
/// in order, split at every "&", each a query_param_view (name and value
/// decoded when read, encoded_name and encoded_value as written; an hfield
/// without "=" has no value).  "&&" holds none: empty hfields are skipped.
/// Read from the URL's text as it is walked: nothing is allocated.
class mailto_headers {
 public:
  /// A forward iterator over the header fields.
  class iterator : public detail::forward_iterator_base<iterator, query_param_view> {
   public:
    /// The end.
    iterator() noexcept = default;
    /// The current header field, split at its first "=".
    query_param_view operator*() const noexcept;
    /// Moves to the next non-empty header field.
    iterator& operator++() noexcept;
    using forward_iterator_base::operator++;
    /// Whether both are at the same field of the same URL, or both at the end.
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.done_ == b.done_ && (a.done_ || a.field_.data() == b.field_.data());
    }

   private:
    friend class mailto_headers;
    std::string_view field_{};  // the current hfield
    std::string_view rest_{};   // after the "&" that ends field_
    bool more_ = false;         // an "&" ends field_
    bool done_ = true;
  };

  /// No header fields.
  mailto_headers() noexcept = default;
  /// The first header field.
  iterator begin() const noexcept;
  /// Past the last header field.
  iterator end() const noexcept { return {}; }
  /// Whether there is no header field.
  bool empty() const noexcept { return begin() == end(); }
  /// The number of header fields (counted: linear in the text).
  std::size_t size() const noexcept;

 private:
  friend class mailto_view;
  friend class mailto_addresses;
  mailto_headers(std::string_view hfields, bool present) noexcept
      : hfields_(hfields), present_(present) {}
  std::string_view hfields_{};  // after the "?"
  bool present_ = false;        // a "?" started hfields (lenient mode)
};

/// The addresses of a mailto URL (mailto_view::to()), each a decode_view,
/// in order: strict mode, the one encoded822addr; lenient mode, the
/// to-part's comma-separated addresses, then those of each "to" hfield
/// (RFC 6068 2 makes `?to=a` the same as `a`), empty ones (",,") left out.
/// Read from the URL's text as it is walked: nothing is allocated.
class mailto_addresses {
 public:
  /// A forward iterator over the addresses.
  class iterator : public detail::forward_iterator_base<iterator, decode_view> {
   public:
    /// The end.
    iterator() noexcept = default;
    /// The current address, decoded when read (encoded() as written).
    decode_view operator*() const noexcept { return decode_view(address_); }
    /// Moves to the next address.
    iterator& operator++() noexcept;
    using forward_iterator_base::operator++;
    /// Whether both are at the same address of the same URL, or both at the end.
    friend bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.done_ == b.done_ && (a.done_ || a.address_.data() == b.address_.data());
    }

   private:
    friend class mailto_addresses;
    std::string_view address_{};      // the current address
    std::string_view list_{};         // the rest of its comma-separated list
    bool list_more_ = false;          // list_ holds one more address (maybe empty)
    mailto_headers::iterator field_;  // the next hfield to look at for "to"
    bool done_ = true;
  };

  /// No addresses.
  mailto_addresses() noexcept = default;
  /// The first address.
  iterator begin() const noexcept;
  /// Past the last address.
  iterator end() const noexcept { return {}; }
  /// Whether there is no address.
  bool empty() const noexcept { return begin() == end(); }
  /// The number of addresses (counted: linear in the text).
  std::size_t size() const noexcept;

 private:
  friend class mailto_view;
  mailto_addresses(std::string_view to, mailto_headers headers, bool list) noexcept
      : to_(to), headers_(headers), list_(list) {}
  std::string_view to_{};   // the to-part (strict: the encoded822addr)
  mailto_headers headers_;  // the hfields, for their "to" fields
  bool list_ = false;       // read as RFC 6068's mailtoURI (lenient mode)
};

namespace detail {
/// Where a mailto_view's parts lie, as offsets into the URL's
/// scheme-specific part (after "mailto:"), where every part the view names
/// is: what parse_mailto finds (src/schemes/mailto.cpp) and the view is
/// made from.  Offsets, as url_view keeps its components: making the view
/// then writes little.
struct mailto_parts {
  std::uint32_t address_at = 0;    ///< the (first) address
  std::uint32_t address_size = 0;  ///< its length
  std::uint32_t local_size = 0;    ///< its local-part, from its start (when addr_spec)
  std::uint32_t domain_at = 0;     ///< its domain, from its start (when addr_spec)
  std::uint32_t to_size = 0;       ///< the to-part (strict mode: the encoded822addr)
  std::uint32_t hfields_size = 0;  ///< after the to-part's "?", when has_hfields
  bool addr_spec = false;          ///< the address is an RFC 822 addr-spec
  bool has_hfields = false;        ///< a "?" started hfields (lenient mode)
  bool list = false;               ///< read as RFC 6068's mailtoURI (lenient mode)
};
}  // namespace detail

/// A mailto URL, checked: views into the caller's text (which must outlive
/// it).  Parsing one allocates nothing; the decoded address is made when
/// asked for.
class mailto_view : public scheme_view {
 public:
  /// An empty view (what a failed result holds).
  mailto_view() = default;

  /// The first address as written: strict mode, the raw encoded822addr
  /// (everything after "mailto:" up to the fragment); lenient mode, the
  /// to-part's first address (empty when the to-part is, the addresses then
  /// being in a "to" hfield: see to()).
  std::string_view encoded_address() const noexcept { return raw(); }
  /// The first address, decoded (3.5: "the encoding of an addr-spec").
  decode_view address() const noexcept { return decode_view(raw()); }

  /// Whether the decoded address() is an RFC 822 addr-spec (always so in
  /// strict mode; lenient mode accepts other addresses with a warning).
  bool is_addr_spec() const noexcept { return parts_.addr_spec; }
  /// The addr-spec's local-part and domain, decoded, as written (a
  /// quoted-string keeps its quotes); empty when !is_addr_spec().
  decode_view local_part() const noexcept { return decode_view(encoded_local_part()); }
  /// The addr-spec's domain, decoded; empty when !is_addr_spec().
  decode_view domain() const noexcept { return decode_view(encoded_domain()); }
  /// The same as written (still escaped): the parts of encoded_address() before
  /// and after the addr-spec's "@" (itself possibly written "%40"); empty
  /// when !is_addr_spec().
  std::string_view encoded_local_part() const noexcept {
    return parts_.addr_spec ? part(parts_.address_at, parts_.local_size) : std::string_view();
  }
  /// The domain as written (still escaped); empty when !is_addr_spec().
  std::string_view encoded_domain() const noexcept {
    return parts_.addr_spec
               ? part(parts_.address_at + parts_.domain_at, parts_.address_size - parts_.domain_at)
               : std::string_view();
  }

  /// Every address to write to, each read decoded, in order (see
  /// mailto_addresses): strict mode, the one address; lenient mode, the
  /// to-part's and those of each "to" hfield.  Allocates nothing.
  mailto_addresses to() const noexcept {
    return mailto_addresses(encoded_to(), headers(), parts_.list);
  }
  /// The to-part as written: everything after "mailto:" up to the "?" (or
  /// the fragment); in strict mode, the encoded822addr.
  std::string_view encoded_to() const noexcept { return part(0, parts_.to_size); }

  /// The header fields in order (see mailto_headers): every hfield, "to"
  /// and "body" included; none in strict mode.  Allocates nothing.
  mailto_headers headers() const noexcept { return mailto_headers(hfields(), parts_.has_hfields); }
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
  // parse_mailto's reading of a string: the generic parse and from_url, or
  // a common address in one pass, with the same result.
  static result<mailto_view> from_string(std::string_view s, const scheme_options& options);
  // Built in place inside its result, as every view is, once its checks passed.
  friend class result<mailto_view>;
  mailto_view(const url_view& u, const detail::mailto_parts& parts) noexcept
      : scheme_view(u), parts_(parts) {}
  // `size` bytes from offset `at` of the scheme-specific part.
  std::string_view part(std::uint32_t at, std::uint32_t size) const noexcept {
    const char* const text = buffer().data();
    if (text == nullptr) return {};
    return {text + url().scheme().size() + 1 + at, size};
  }
  std::string_view raw() const noexcept { return part(parts_.address_at, parts_.address_size); }
  std::string_view hfields() const noexcept {
    return parts_.has_hfields ? part(parts_.to_size + 1, parts_.hfields_size) : std::string_view();
  }
  detail::mailto_parts parts_;
};

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
