// Relative paths made of the segments dot-segment removal finds awkward, for
// the tests that check a resolver's single pass against a text's own wording
// (resolve_test.cpp: the draft's Step 6; resolve_rfc3986_test.cpp: RFC 3986
// 5.2.4).
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace urlkit_test {

/// `count` relative paths of 1 to 8 of `pieces` joined by "/", drawn with
/// `seed`; each starts with "x" where it would start with "/" or `avoid`.
inline std::vector<std::string> awkward_paths(const std::vector<std::string>& pieces, unsigned seed,
                                              int count, char avoid = '/') {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 8);
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int round = 0; round < count; ++round) {
    std::string ref;
    const int n = length(rng);
    for (int i = 0; i < n; ++i) {
      if (i) ref += '/';
      ref += pieces[pick(rng)];
    }
    if (ref.empty() || ref[0] == '/' || ref[0] == avoid) ref.insert(0, "x");
    out.push_back(std::move(ref));
  }
  return out;
}

}  // namespace urlkit_test
