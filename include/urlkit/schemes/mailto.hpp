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
#include <string>
#include <string_view>

#include "urlkit/scheme.hpp"

namespace urlkit {

class mailto_view {
 public:
  /// The generic view the mailto URL was parsed from.
  const url_view& url() const noexcept { return url_; }

  /// The raw encoded822addr: everything after "mailto:" up to the fragment.
  std::string_view raw_address() const noexcept { return raw_; }
  /// The decoded address (3.5: "the encoding of an addr-spec").
  const std::string& address() const noexcept { return address_; }

  /// Whether the decoded address is an RFC 822 addr-spec (always so in strict
  /// mode; lenient mode accepts other addresses with a warning).
  bool is_addr_spec() const noexcept { return at_ != std::string::npos; }
  /// The addr-spec's local-part and domain, decoded, as written (a
  /// quoted-string keeps its quotes); empty when !is_addr_spec().
  std::string_view local_part() const noexcept;
  std::string_view domain() const noexcept;

 private:
  friend result<mailto_view> parse_mailto(const url_view&, const scheme_options&);
  url_view url_;
  std::string_view raw_{};
  std::string address_;
  std::size_t at_ = std::string::npos;  // index of the addr-spec's "@" in address_
};

/// Checks a mailto URL against RFC 1738's mailtourl and RFC 822's addr-spec and
/// decodes the address.  An empty address is refused in both modes, and so is
/// an encoded CR or LF (it would end the SMTP command line that carries the
/// address early: RFC 1738 6).
result<mailto_view> parse_mailto(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<mailto_view> parse_mailto(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<mailto_view> parse_mailto(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
