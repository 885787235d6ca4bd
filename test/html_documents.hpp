// Real HTML kept in the repository (test/data/html; its README says where
// each document comes from and under which licence): the absolutizer's tests
// read every one, and one that is missing fails them, so that they never
// pass having read nothing.  Paths are relative to URLKIT_TEST_DATA_DIR.
#pragma once

#include <array>
#include <string_view>

namespace urlkit_test {

inline constexpr std::array<std::string_view, 8> html_documents = {
    "html/libexpat1-dev/reference.html",  // no charset declared, 121 links
    "html/libffi8/Index.html",            // texinfo, UTF-8
    "html/libffi8/Simple-Example.html",
    "html/libffi8/The-Basics.html",
    "html/libjson-c5/README.html",          // ISO-8859-1
    "html/libxslt1-dev/index.html",         // ISO-8859-1, tables of links
    "html/libxslt1-dev/libxslt-xslt.html",  // gtk-doc, UTF-8
    "html/zlib1g-dev/zlib_how.html",        // HTML 4.0 Transitional, ISO-8859-1
};

}  // namespace urlkit_test
