// urlkit — resolving relative URL references (draft-fielding-uri-url-00 section 6,
// and RFC 3986 section 5.2 beside it) and the reverse, making a reference
// relative to a base.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

class scheme_registry;

/// Which text's algorithm resolves a reference.  The parser is the same for
/// both (the draft's grammar); only resolution differs:
///   - rfc1808: draft-fielding-uri-url-00 section 6 (RFC 1808's Steps 1-7),
///     the default everywhere: ";params" are not part of the path, an
///     absolute path ("/./g") or an absolute URL is taken as written, ".."
///     above the root stays ("http://a/../g"), an empty ";" or "?" inherits
///     the base's, and an opaque base (mailto:) is refused;
///   - rfc3986: RFC 3986 section 5.2 (5.2.2 in its strict form, where
///     "http:g" is absolute, as in the draft): the path includes ";params",
///     remove_dot_segments (5.2.4) applies to every path, one with a scheme
///     or an absolute path too, and drops ".." above the root, a present query
///     replaces the base's even when empty, and any base with a scheme is used
///     as it is (5.2.1).
/// docs/guide.md, "RFC 1808 and RFC 3986", lists every difference with its
/// section in both texts.  A trailing argument rather than an options
/// struct: it is the one choice besides the registry, and
/// `resolve(base, ref, specification::rfc3986)` reads as what it does.
enum class specification { rfc1808, rfc3986 };
/// The enumerator's name ("rfc1808", "rfc3986"); empty for a value outside
/// the enumeration.
std::string_view to_string(specification s) noexcept;
/// Prints to_string() of `s` (a value outside the enumeration:
/// "specification(N)").
std::ostream& operator<<(std::ostream& os, specification s);

/// Resolves `reference` against `base` by Steps 1-7 of draft section 6, to the
/// letter (Appendix C, normal and abnormal examples).  The result is built in
/// one allocation; Step 6 runs in time linear in the length of the paths.
///
/// Errors: an empty base with a relative reference (Step 1: the reference must
/// then be absolute), a base without a scheme, or a base whose scheme the
/// registry marks opaque (scheme_handler::opaque(): mailto, news and data in
/// the standard registry) while the reference is relative.  Any other base
/// fits generic-URL = scheme ":" relativeURL (draft 4.2), "foo:a/b" included.
/// An error that lies in the base has rule::base and source "base".
result<std::string> resolve(const url_view& base, const url_view& reference);
/// The same, with the opaque schemes of `registry` (for schemes of your own).
result<std::string> resolve(const url_view& base, const url_view& reference,
                            const scheme_registry& registry);

/// The same, into a caller's string that is reused from one call to the next:
/// `out` is replaced by the result, and grows only when its capacity is short
/// (a loop over many references allocates nothing once it has grown).  On an
/// error `out` is left as it was.
result<void> resolve_into(const url_view& base, const url_view& reference, std::string& out);
/// The same, with the opaque schemes of `registry`.
result<void> resolve_into(const url_view& base, const url_view& reference,
                          const scheme_registry& registry, std::string& out);

/// Parses both (lenient mode) and resolves.  Parse errors are returned as they
/// are, those of the base with source "base" ("base: offset 10: port must be
/// digits").
result<std::string> resolve(std::string_view base, std::string_view reference);

/// Resolves by the algorithm of `spec` (specification::rfc1808 is
/// resolve(base, reference) above).  Under rfc3986 no scheme is opaque: RFC
/// 3986 resolves against any base with a scheme (5.2.1), "mailto:a@b" with
/// "g" giving "mailto:g".
result<std::string> resolve(const url_view& base, const url_view& reference, specification spec);
/// The same, into a caller's string reused from one call to the next (as
/// resolve_into above).
result<void> resolve_into(const url_view& base, const url_view& reference, specification spec,
                          std::string& out);
/// Parses both (lenient mode) and resolves by the algorithm of `spec`.
result<std::string> resolve(std::string_view base, std::string_view reference, specification spec);

/// The shortest reference that resolves (against `base`) back to `target`.
/// `target` must be absolute.  resolve(base, make_relative(base, target)) == target.
result<std::string> make_relative(const url_view& base, const url_view& target);
/// The same, with the opaque schemes of `registry` (see resolve).
result<std::string> make_relative(const url_view& base, const url_view& target,
                                  const scheme_registry& registry);
/// Parses both (lenient mode) and finds the shortest reference; an error in
/// the base has source "base", one in the target source "target".
result<std::string> make_relative(std::string_view base, std::string_view target);
/// The shortest reference that resolve(base, ·, spec) turns back into
/// `target`: under rfc3986, resolve(base, make_relative(base, target, spec),
/// spec) is `target` with its dot segments removed (RFC 3986 5.2.2 removes
/// them from an absolute reference too).
result<std::string> make_relative(const url_view& base, const url_view& target, specification spec);
/// Parses both (lenient mode), then make_relative by `spec`.
result<std::string> make_relative(std::string_view base, std::string_view target,
                                  specification spec);

}  // namespace urlkit
URLKIT_END_API
