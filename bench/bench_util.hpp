// What every row reports, so that rows of different libraries read alike.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "corpus.hpp"

namespace urlkit_bench {

/// Sets items/s and bytes/s (from CPU time, like every rate counter), the time
/// per URL, and how many references of one pass the library refused.
inline void report(benchmark::State& state, const url_set& set, std::size_t refused_per_pass) {
  const auto passes = static_cast<double>(state.iterations());
  const auto items = passes * static_cast<double>(set.size());
  state.SetItemsProcessed(static_cast<std::int64_t>(items));
  state.SetBytesProcessed(static_cast<std::int64_t>(passes * static_cast<double>(set.bytes)));
  // An inverted rate: seconds of CPU per URL, which the console prints as "73.2ns".
  state.counters["time/URL"] =
      benchmark::Counter(items, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["refused"] = static_cast<double>(refused_per_pass);
  state.counters["urls"] = static_cast<double>(set.size());
}

/// Registers one row.  Besides mean and median over repetitions, it reports
/// the minimum: on a shared machine, the least disturbed repetition.
template <class F>
void add_row(const std::string& name, F&& f) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<F>(f))
      ->ComputeStatistics("min", [](const std::vector<double>& v) {
        return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
      });
}

}  // namespace urlkit_bench
