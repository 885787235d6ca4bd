// urlkit CLI — "scheme_data": what `urlkit parse` says a URL's scheme reads
// in it (RFC 1738 3), built from the scheme's typed view.
//
// The library's registry only gives a verdict (scheme_registry::check); the
// decoded values are the typed views' (<urlkit/schemes/NAME.hpp>).  The JSON
// form of each view is the CLI's: docs/guide.md, "JSON output".
#pragma once

#include <string>
#include <variant>

#include "urlkit/result.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/typed.hpp"

namespace urlkit::cli {

/// A URL as its scheme's typed view reads it (urlkit::parse_typed);
/// monostate for a scheme with no typed view.
using scheme_reading = urlkit::typed_view;

/// Parses `url` with its scheme's typed view, warnings to
/// `options.on_warning`; for any other scheme, the verdict of
/// `registry.check()`.  The error is the scheme's production's (RFC 1738 5).
urlkit::result<scheme_reading> read_scheme(
    const urlkit::url_view& url, const urlkit::scheme_options& options,
    const urlkit::scheme_registry& registry = urlkit::scheme_registry::standard());

/// Appends the "scheme_data" value of `r`: an object, or null for monostate.
/// Strings are written as json::write_string() does (inside write_lossless()).
void write_scheme_data(std::string& out, const scheme_reading& r);

}  // namespace urlkit::cli
