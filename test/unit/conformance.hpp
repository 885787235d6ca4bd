// Reading the test data kept in the repository, test/data/ (URLKIT_TEST_DATA_DIR,
// defined by test/CMakeLists.txt; test/data/README.md says where each file
// comes from and under which licence).  A missing file fails the test that
// reads it: a clone must not pass with zero conformance cases.
//
// conformance.cpp compiles Boost.JSON (header-only, <boost/json/src.hpp>) for
// the whole test program: other test files include only <boost/json.hpp> or
// this header.
#pragma once

#include <boost/json/value.hpp>

#include <optional>
#include <string>

namespace urlkit_test {

/// The JSON file at URLKIT_TEST_DATA_DIR "/" + `relative_path`, e.g.
/// load_conformance("wpt-data-urls/base64.json").  When the file is absent
/// or does not parse, reports a test error and returns nullopt.
std::optional<boost::json::value> load_conformance(const char* relative_path);

/// The bytes of the file at URLKIT_TEST_DATA_DIR "/" + `relative_path`, e.g.
/// load_test_data("seeds/rfc1738-url.txt").  When it is absent, reports a
/// test error and returns nullopt.
std::optional<std::string> load_test_data(const char* relative_path);

/// The bytes of a JSON array of numbers 0-255 (the conformance files' way of
/// writing a decoded body).
std::string json_bytes(const boost::json::value& numbers);

}  // namespace urlkit_test
