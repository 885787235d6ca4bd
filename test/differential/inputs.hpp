// The inputs of the differential tests: URLs collected from the project's
// tests and the spec texts, and deterministic generated URLs and
// reference/base pairs, all inside the domain where RFC 3986 and
// draft-fielding-uri-url agree (absolute http and ftp URLs, no ';').
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace differential {

/// Every http: or ftp: URL without ';' written as a string literal in
/// test/unit/ and test/cli/ (and the shared tables test/*.hpp), and every one
/// in the spec texts of test/data/seeds (a failure when one is missing): sorted, without
/// duplicates.
std::vector<std::string> collected_urls();

/// `count` absolute http and ftp URLs built from each component's allowed
/// characters, escapes, empty and absent components and the edge cases of
/// the common syntax; the same list on every run.
std::vector<std::string> generated_urls(std::size_t count);

struct resolution {
  std::string base, reference;
};

/// `count` base/reference pairs without ';' whose dot-segments never climb
/// above the root; the same list on every run.
std::vector<resolution> generated_resolutions(std::size_t count);

/// `count` base/reference pairs for resolution by RFC 3986 on both sides
/// (urlkit's specification::rfc3986): those of generated_resolutions() and
/// more, where the draft and RFC 3986 part ways by design: ";" in base and
/// reference paths (RFC 3986 3.3 has no parameters), "../" that climb above
/// the root (5.2.4), references that start with ";".  The same list on every
/// run.
std::vector<resolution> generated_resolutions_rfc3986(std::size_t count);

/// splitmix64: a fixed-seed generator whose output depends on nothing but
/// the seed (std::uniform_int_distribution differs between libraries).
class prng {
 public:
  explicit prng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// In [0, n).
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

}  // namespace differential
