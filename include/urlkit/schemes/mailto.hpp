// urlkit — mailto URLs (RFC 1738 section 3.5; grammar in section 5).
//
//   mailto:<rfc822-addr-spec>
//
// "<rfc822-addr-spec> is (the encoding of an) addr-spec, as specified in
// RFC822.  Within mailto URLs, there are no reserved characters" (3.5): the
// whole text after "mailto:" (up to a fragment), "?" and ";" included, is the
// address.  It is checked against RFC 822's addr-spec (section 6.1).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/scheme.hpp"

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

  /// The raw encoded822addr: everything after "mailto:" up to the fragment.
  std::string_view raw_address() const noexcept { return raw_; }
  /// The decoded address (3.5: "the encoding of an addr-spec").
  std::string address() const;

  /// Whether the decoded address is an RFC 822 addr-spec (always so in strict
  /// mode; lenient mode accepts other addresses with a warning).
  bool is_addr_spec() const noexcept { return addr_spec_; }
  /// The addr-spec's local-part and domain, decoded, as written (a
  /// quoted-string keeps its quotes); empty when !is_addr_spec().
  std::string local_part() const;
  /// The addr-spec's domain, decoded; empty when !is_addr_spec().
  std::string domain() const;
  /// The same as written (still escaped): the parts of raw_address() before
  /// and after the addr-spec's "@" (itself possibly written "%40"); empty
  /// when !is_addr_spec().
  std::string_view encoded_local_part() const noexcept { return local_part_; }
  /// The domain as written (still escaped); empty when !is_addr_spec().
  std::string_view encoded_domain() const noexcept { return domain_; }

 private:
  friend result<mailto_view> parse_mailto(const url_view&, const scheme_options&);
  // Built in place inside its result.
  friend class result<mailto_view>;
  mailto_view(const url_view& u, std::string_view raw, std::string_view local_part,
              std::string_view domain, bool addr_spec) noexcept
      : url_(u), raw_(raw), local_part_(local_part), domain_(domain), addr_spec_(addr_spec) {}
  friend struct mailto_access;  // parse_mailto's two ways (src/schemes/mailto.cpp)
  url_view url_;
  std::string_view raw_{};
  std::string_view local_part_{}, domain_{};
  bool addr_spec_ = false;
};

/// Writes the URL as written (buffer()).
std::ostream& operator<<(std::ostream& os, const mailto_view& v);

/// Checks a mailto URL against RFC 1738's mailtourl and RFC 822's addr-spec.
/// An empty address is refused in both modes, and so is an encoded CR or LF
/// (it would end the SMTP command line that carries the address early: RFC
/// 1738 6).  Allocates nothing.
result<mailto_view> parse_mailto(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<mailto_view> parse_mailto(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<mailto_view> parse_mailto(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
URLKIT_END_API
