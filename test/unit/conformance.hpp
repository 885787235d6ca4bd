// Reading the conformance files kept beside the project, in the shared folder
// (URLKIT_SHARED_DIR, defined by test/CMakeLists.txt; see
// ../shared/conformance/README.md).  They are read where they are, never
// copied into the project.
//
// conformance.cpp compiles Boost.JSON (header-only, <boost/json/src.hpp>) for
// the whole test program: other test files include only <boost/json.hpp> or
// this header.
#pragma once

#include <boost/json/value.hpp>

#include <optional>
#include <string>

namespace urlkit_test {

/// The JSON file at URLKIT_SHARED_DIR "/" + `relative_path`, e.g.
/// load_conformance("conformance/wpt-data-urls/base64.json").  When the file
/// is absent, prints "SKIPPED: ... not found" (test log and stderr) and
/// returns nullopt; when it does not parse, reports a test error and returns
/// nullopt.
std::optional<boost::json::value> load_conformance(const char* relative_path);

/// The bytes of the file at URLKIT_SHARED_DIR "/" + `relative_path`, e.g.
/// load_shared("seeds/rfc1738-url.txt").  When it is absent, prints
/// "SKIPPED: ... not found" as load_conformance does and returns nullopt.
std::optional<std::string> load_shared(const char* relative_path);

/// The bytes of a JSON array of numbers 0-255 (the conformance files' way of
/// writing a decoded body).
std::string json_bytes(const boost::json::value& numbers);

}  // namespace urlkit_test
