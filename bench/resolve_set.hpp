// The references a resolve row resolves: those that every library of the
// build parses, so that each resolves the same list (bench/resolve_bench.cpp
// times them, bench/instructions.cpp counts them).
#pragma once

#include <string_view>
#include <vector>

#include "corpus.hpp"

namespace urlkit_bench {

/// The references of `all` that urlkit, Boost.URL, uriparser and every built
/// ada (against `base`) parse; the others are added to `dropped` when it is
/// given.  Exits, saying so, when a library refuses `base`.
url_set references_all_parse(std::string_view base, const url_set& all,
                             std::vector<std::string_view>* dropped = nullptr);

}  // namespace urlkit_bench
