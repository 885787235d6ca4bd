// Boost.URL's compiled part, built with the benchmark's flags (bench/CMakeLists.txt):
// the peer then differs from urlkit in its code only, not in how it was compiled.
#include <boost/url/src.hpp>
