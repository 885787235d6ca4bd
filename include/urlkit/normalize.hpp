// urlkit — normalization and equivalence of URL references: when two
// references name the same thing although they are written differently, by
// the rules of RFC 1738 and draft-fielding-uri-url-00 (docs/guide.md,
// "Normalizing and comparing"):
//
//   - scheme and host ignore ASCII case (RFC 1738 2.1 and draft 4.1; RFC 1738
//     3.1: a host is a domain name, and RFC 1034 3.1 compares those ignoring
//     case); an IPv6 literal is written as RFC 5952 4 writes it;
//   - an escape of a letter, a digit, "-", ".", "_" or "~" is the character
//     itself (RFC 1738 2.2, draft 2.2 and E.2); every other escape stays, its
//     hex digits in upper case (RFC 1738 2.2): a reserved character and its
//     escape differ (a character is written escaped only where decoding would
//     change how the text parses: a lone "%", a relative path's "scheme:");
//   - an empty port, or the scheme's default port (urlkit/ports.hpp), is no
//     port (draft E.3; RFC 1738 3.x), and a port is a number (leading zeros
//     go);
//   - http's absent path is "/" (RFC 1738 3.3; https, ws and wss likewise);
//   - a mailto address's domain ignores case, its local part does not
//     (RFC 1738 3.5: an RFC 822 addr-spec; RFC 822 3.4.7).
//
// Empty and absent stay different, dot segments stay, the fragment compares
// as written (or not at all: equivalence_options::ignore_fragment), and
// operator== stays byte equality.
#pragma once

#include <cstddef>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// What equivalent(), hash_equivalent() and normalized() look at.
struct equivalence_options {
  /// Leave the fragment out: draft 3, it "is not part of a URL" (a crawler
  /// that fetches each URL once).  By default it counts, byte for byte.
  bool ignore_fragment = false;
};

/// Whether `a` and `b` name the same URL by the rules above (normalize.hpp):
/// normalized(a) and normalized(b) have the same text.  Compares component
/// by component, reading each in its normal form as it goes: allocates
/// nothing.
bool equivalent(const url_view& a, const url_view& b, equivalence_options options = {}) noexcept;

/// A hash of the normal form of `u`: equivalent(a, b) implies
/// hash_equivalent(a) == hash_equivalent(b) (with the same options).
/// Allocates nothing.
std::size_t hash_equivalent(const url_view& u, equivalence_options options = {}) noexcept;

/// The normal form of `u` as a new url, parsed again in `u`'s mode:
/// idempotent, and equivalent to `u`.  The error is url_too_large when the
/// normal form reaches 4 GiB (it may be a few bytes longer than `u`: "/" for
/// http's absent path, an IPv6 literal's mixed form).
result<url> normalized(const url_view& u, equivalence_options options = {});

/// The hash of unordered containers keyed by equivalence:
/// std::unordered_set<url_view, equivalent_hash, equivalent_to>.
struct equivalent_hash {
  /// The options, the same as equivalent_to's.
  equivalence_options options{};
  /// hash_equivalent(u, options).
  std::size_t operator()(const url_view& u) const noexcept { return hash_equivalent(u, options); }
  /// hash_equivalent of a url's view.
  std::size_t operator()(const url& u) const noexcept { return hash_equivalent(u.view(), options); }
};

/// The key equality of unordered containers keyed by equivalence.
struct equivalent_to {
  /// The options, the same as equivalent_hash's.
  equivalence_options options{};
  /// equivalent(a, b, options).
  bool operator()(const url_view& a, const url_view& b) const noexcept {
    return equivalent(a, b, options);
  }
  /// equivalent of two urls' views.
  bool operator()(const url& a, const url& b) const noexcept {
    return equivalent(a.view(), b.view(), options);
  }
};

}  // namespace urlkit
URLKIT_END_API
