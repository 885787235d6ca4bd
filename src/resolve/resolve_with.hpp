// resolve and resolve_into with the opaque schemes of a registry, or, given
// none, of the standard schemes' table (standard_schemes.hpp): the overloads
// without a registry never build scheme_registry::standard(), so a program
// that resolves links no scheme grammar.
#pragma once

#include <string>

#include "urlkit/resolve.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit::detail {

/// resolve(base, reference, *registry), or with the standard table when null.
result<std::string> resolve_with(const url_view& base, const url_view& reference,
                                 const scheme_registry* registry);
/// resolve_into likewise.
result<void> resolve_into_with(const url_view& base, const url_view& reference,
                               const scheme_registry* registry, std::string& out);

}  // namespace urlkit::detail
