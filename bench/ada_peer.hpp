// ada, WHATWG's URL Standard, as a peer of the benchmark: up to two builds of
// it side by side in one run, ada's newest main branch ("ada_main", the anchor
// of the targets) and its last release ("ada_release").
//
// Each build is a shared object of its own (bench/CMakeLists.txt), made from
// the amalgamation that bench/ada/prepare wrote, compiled with the flags of
// urlkit and every other peer, every symbol hidden but its one function
// below.  Two adas cannot share one program otherwise: both define namespace
// ada, its bundled tl::expected, a global get_instance() and the extern "C"
// functions of ada's C API, which a macro renaming the namespace would not
// reach.  The loops that the rows time are in the shared object, next to
// ada's code, so that ada's inline functions are inlined there as they would
// be in a client; the benchmark calls one of them per pass over a set, not
// per URL.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace urlkit_bench {

struct ada_peer {
  /// ada::parse<ada::url_aggregator> of each of the `n` references: one pass
  /// of a parse row; returns how many ada refused.
  std::size_t (*parse_pass)(const std::string_view* refs, std::size_t n);
  /// For each of the `n` references, parses `base` then the reference
  /// against it (ada resolves while it parses): one pass of a resolve row;
  /// returns how many ada refused.
  std::size_t (*resolve_pass)(std::string_view base, const std::string_view* refs, std::size_t n);
  /// The href of `ref` resolved against `base` into `out`, or false when ada
  /// refuses either.  Untimed: the rows' references are those it resolves.
  bool (*resolve)(std::string_view base, std::string_view ref, std::string& out);
};

#if defined(__GNUC__)
#define URLKIT_BENCH_ADA_EXPORT __attribute__((visibility("default")))
#else
#define URLKIT_BENCH_ADA_EXPORT
#endif

#ifdef URLKIT_BENCH_HAS_ADA_MAIN
/// ada's main branch, as built (build_info::ada_main says which commit).
URLKIT_BENCH_ADA_EXPORT const ada_peer& ada_main_peer();
#endif
#ifdef URLKIT_BENCH_HAS_ADA_RELEASE
/// ada's last release, as built (build_info::ada_release).
URLKIT_BENCH_ADA_EXPORT const ada_peer& ada_release_peer();
#endif

/// A built ada and the name of its rows.
struct named_ada_peer {
  std::string_view name;  ///< "ada_main" or "ada_release"
  const ada_peer* peer;
};

/// The adas this build has (none, one or both), main first.
inline std::vector<named_ada_peer> built_ada_peers() {
  std::vector<named_ada_peer> peers;
#ifdef URLKIT_BENCH_HAS_ADA_MAIN
  peers.push_back({"ada_main", &ada_main_peer()});
#endif
#ifdef URLKIT_BENCH_HAS_ADA_RELEASE
  peers.push_back({"ada_release", &ada_release_peer()});
#endif
  return peers;
}

}  // namespace urlkit_bench
