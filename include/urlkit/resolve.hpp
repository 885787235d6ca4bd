// urlkit — resolving relative URL references (draft-fielding-uri-url-00 section 6)
// and the reverse, making a reference relative to a base.
#pragma once

#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

class scheme_registry;

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

/// The shortest reference that resolves (against `base`) back to `target`.
/// `target` must be absolute.  resolve(base, make_relative(base, target)) == target.
result<std::string> make_relative(const url_view& base, const url_view& target);
/// The same, with the opaque schemes of `registry` (see resolve).
result<std::string> make_relative(const url_view& base, const url_view& target,
                                  const scheme_registry& registry);
/// Parses both (lenient mode) and finds the shortest reference; an error in
/// the base has source "base", one in the target source "target".
result<std::string> make_relative(std::string_view base, std::string_view target);

}  // namespace urlkit
URLKIT_END_API
