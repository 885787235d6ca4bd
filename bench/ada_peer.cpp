// One build of ada as a benchmark peer (bench/ada_peer.hpp): compiled once
// per ada, against that ada's amalgamated ada.h, into its own shared object,
// whose one visible symbol is URLKIT_BENCH_ADA_PEER (ada_main_peer or
// ada_release_peer, given by bench/CMakeLists.txt).
#include "ada_peer.hpp"

#include "ada.h"

namespace {

// What benchmark::DoNotOptimize does (Google Benchmark is not linked here):
// the compiler must assume the value is read, so the work that made it stays.
template <class T>
inline void keep(T& value) {
  asm volatile("" : "+m"(value) : : "memory");
}

std::size_t parse_pass(const std::string_view* refs, std::size_t n) {
  std::size_t refused = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto r = ada::parse<ada::url_aggregator>(refs[i]);
    refused += !r.has_value();
    keep(r);
  }
  return refused;
}

std::size_t resolve_pass(std::string_view base_text, const std::string_view* refs, std::size_t n) {
  std::size_t refused = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto base = ada::parse<ada::url_aggregator>(base_text);
    if (!base) {
      ++refused;
      continue;
    }
    auto r = ada::parse<ada::url_aggregator>(refs[i], &*base);
    refused += !r.has_value();
    keep(r);
  }
  return refused;
}

bool resolve(std::string_view base_text, std::string_view ref, std::string& out) {
  auto base = ada::parse<ada::url_aggregator>(base_text);
  if (!base) return false;
  auto r = ada::parse<ada::url_aggregator>(ref, &*base);
  if (!r) return false;
  out = std::string(r->get_href());
  return true;
}

}  // namespace

namespace urlkit_bench {

URLKIT_BENCH_ADA_EXPORT const ada_peer& URLKIT_BENCH_ADA_PEER() {
  static constexpr ada_peer peer{&parse_pass, &resolve_pass, &resolve};
  return peer;
}

}  // namespace urlkit_bench
