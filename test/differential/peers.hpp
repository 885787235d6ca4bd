// urlkit, Boost.URL and uriparser behind one interface: the components of a
// parsed URL, and the result of resolving a reference, as plain strings that
// can be compared and printed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace differential {

/// The components the three libraries have in common, still %-escaped, absent
/// told apart from empty ("http://a/b?" has an empty query).  The path
/// includes its leading "/" (urlkit keeps that "/" apart, draft 4.3.2; RFC
/// 3986 3.3 makes it part of the path).
struct components {
  bool ok = false;  // false: the library refused the input
  std::optional<std::string> scheme, user, password, host, port;
  std::string path;
  std::optional<std::string> query, fragment;

  friend bool operator==(const components&, const components&) = default;
};

/// "scheme[http] user- ... path[/b] query[] fragment-", or "refused".
std::string describe(const components& c);

/// urlkit in strict mode (exactly the draft's BNF): the peers implement RFC
/// 3986's grammar exactly, with nothing of draft 2.3.3's leniency.
components parse_urlkit(std::string_view s);
/// Boost.URL parse_uri (an absolute URI, RFC 3986 4.3, with a fragment).
components parse_boost(std::string_view s);
/// uriparser uriParseSingleUriExA.
components parse_uriparser(std::string_view s);

/// The resolved reference, or nullopt when the library refused.
std::optional<std::string> resolve_urlkit(std::string_view base, std::string_view ref);
/// urlkit by RFC 3986 5.2 (specification::rfc3986), the peers' algorithm.
std::optional<std::string> resolve_urlkit_rfc3986(std::string_view base, std::string_view ref);
std::optional<std::string> resolve_boost(std::string_view base, std::string_view ref);
std::optional<std::string> resolve_uriparser(std::string_view base, std::string_view ref);

}  // namespace differential
