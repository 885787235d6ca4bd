// draft-fielding-uri-url-00 Appendix C: the examples of resolving relative
// references against one base.  One table for the library's tests and the
// command-line tool's, so both check the draft's every line.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace appendix_c {

struct example {
  std::string_view reference;
  std::string_view expected;
};

// "Content-Base: http://a/b/c/d;p?q"
inline constexpr std::string_view base = "http://a/b/c/d;p?q";

// C.1 and then C.2, in the draft's order.
inline constexpr example examples[] = {
    // C.1, normal examples.
    {"g:h", "g:h"},
    {"g", "http://a/b/c/g"},
    {"./g", "http://a/b/c/g"},
    {"g/", "http://a/b/c/g/"},
    {"/g", "http://a/g"},
    {"//g", "http://g"},
    {"?y", "http://a/b/c/d;p?y"},
    {"g?y", "http://a/b/c/g?y"},
    {"g?y/./x", "http://a/b/c/g?y/./x"},
    {"#s", "http://a/b/c/d;p?q#s"},
    {"g#s", "http://a/b/c/g#s"},
    {"g#s/./x", "http://a/b/c/g#s/./x"},
    {"g?y#s", "http://a/b/c/g?y#s"},
    {";x", "http://a/b/c/d;x"},
    {"g;x", "http://a/b/c/g;x"},
    {"g;x?y#s", "http://a/b/c/g;x?y#s"},
    {".", "http://a/b/c/"},
    {"./", "http://a/b/c/"},
    {"..", "http://a/b/"},
    {"../", "http://a/b/"},
    {"../g", "http://a/b/g"},
    {"../..", "http://a/"},
    {"../../", "http://a/"},
    {"../../g", "http://a/g"},
    // C.2, abnormal examples.
    {"", "http://a/b/c/d;p?q"},
    {"../../../g", "http://a/../g"},
    {"../../../../g", "http://a/../../g"},
    {"/./g", "http://a/./g"},
    {"/../g", "http://a/../g"},
    {"g.", "http://a/b/c/g."},
    {".g", "http://a/b/c/.g"},
    {"g..", "http://a/b/c/g.."},
    {"..g", "http://a/b/c/..g"},
    {"./../g", "http://a/b/g"},
    {"./g/.", "http://a/b/c/g/"},
    {"g/./h", "http://a/b/c/g/h"},
    {"g/../h", "http://a/b/c/h"},
    {"http:g", "http:g"},
    {"http:", "http:"},
};

inline constexpr std::size_t normal_count = 24;
inline constexpr std::span<const example> normal = std::span(examples).first(normal_count);
inline constexpr std::span<const example> abnormal = std::span(examples).subspan(normal_count);

}  // namespace appendix_c
