// The HTML absolutizer's oracle: the gumbo-based implementation that
// urlkit::html used before its streaming engine (src/html/ as it was at issue
// 40: absolutize.cpp, base_href.cpp, gumbo_tree.*, text.*, encoding.cpp),
// kept frozen on purpose, for the tests and the fuzz target only.  It shares
// no private code with the engine (only urlkit_html's public functions:
// find_url_attribute, split_urls, url_attributes, position_of, apply), so
// that a bug in either one, in reading HTML or in writing a value back, shows
// as a difference between the two (unit/html_differential_test.cpp,
// fuzz/html_fuzz.cpp, compare.hpp).  Do not fix it to follow the engine: a
// difference that is the engine's choice is a documented class in
// compare.hpp.
//
// gumbo builds the whole tree, so it has none of the engine's limits and
// none of its own: it parses whatever it is given, and its callers keep
// documents small (the fuzz target compares inputs up to 64 KiB).  Like the
// engine it refuses UTF-16 and UTF-32 documents (error_code::document_encoding).
#pragma once

#include <optional>
#include <string_view>

#include "urlkit/base.hpp"
#include "urlkit/html.hpp"
#include "urlkit/result.hpp"

namespace urlkit::html::oracle {

/// urlkit::html::absolutize as the gumbo-based engine did it: the same
/// result, read from gumbo's tree.  Fails for a document in UTF-16 or UTF-32
/// and for an `outer` whose url does not parse; throws std::length_error
/// for a document of 4 GiB or more (gumbo's offsets are 32-bit) and
/// std::bad_alloc when memory runs out.  absolutize_options::on_link is not
/// called.
result<absolutized> absolutize(std::string_view document, const established_base& outer,
                               const absolutize_options& options = {});

/// urlkit::html::find_base_href as the gumbo-based engine did it.
result<std::optional<base_href>> find_base_href(std::string_view document);

}  // namespace urlkit::html::oracle
