// urlkit against Boost.URL and uriparser, which implement RFC 3986, on the
// inputs where RFC 3986 and draft-fielding-uri-url agree: the components of
// absolute http and ftp URLs without ';', and the resolution of references
// whose dot-segments never climb above the root.  Every disagreement must be
// one of the known differences (differences.cpp: a class of input, why the
// specs or a peer differ, the sections); anything else fails with the input
// and both answers.  Each known difference must still be hit, so the list
// cannot go stale.  The figures of docs/differential.md come from
// --log_level=message.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../appendix_c.hpp"
#include "differences.hpp"
#include "inputs.hpp"
#include "peers.hpp"

using namespace differential;

namespace {

// Thousands of generated inputs, a fraction of a second in release.
constexpr std::size_t generated_url_count = 6000;
constexpr std::size_t generated_resolution_count = 6000;

constexpr peer peers[] = {boost_url, uriparser};

std::string show(const std::optional<std::string>& s) {
  return s ? "<" + *s + ">" : "refused";
}

/// Per peer: how many inputs it was compared on, how many it agreed on, and
/// how many differed by each known difference.
struct tally {
  std::size_t compared = 0, agreed = 0;
  std::vector<std::size_t> hits;
};

template <class Difference>
void check_not_stale(std::span<const Difference> list, const tally (&t)[2]) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    for (std::size_t p = 0; p < 2; ++p) {
      if (!(list[i].peers & peers[p])) continue;
      BOOST_TEST_MESSAGE("  " << peer_name(peers[p]) << ": " << t[p].hits[i] << " x "
                              << list[i].what);
      BOOST_TEST(t[p].hits[i] > 0, "known difference no longer hit with " << peer_name(peers[p])
                                                                          << ": " << list[i].what);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(against_rfc3986)

// Whether a listed difference for peer `p` explains a disagreement; the
// first that does is counted (check_not_stale needs every entry hit).
template <class Difference, class Applies>
bool explained(std::span<const Difference> list, std::size_t p, tally& t, Applies&& applies) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if ((list[i].peers & peers[p]) && applies(list[i])) {
      ++t.hits[i];
      return true;
    }
  }
  return false;
}

BOOST_AUTO_TEST_CASE(components_of_absolute_urls) {
  const std::vector<std::string> collected = collected_urls();
  const std::vector<std::string> generated = generated_urls(generated_url_count);
  BOOST_TEST_MESSAGE("components: " << collected.size() << " collected URLs, " << generated.size()
                                    << " generated");
  // The seeds must have been found: an empty list would pass for nothing.
  BOOST_TEST(collected.size() > 100);

  const auto list = parse_differences();
  tally t[2];
  for (auto& x : t) x.hits.assign(list.size(), 0);
  std::size_t peers_differ = 0, accepted = 0;

  auto check = [&](const std::string& input) {
    BOOST_TEST(input.find(';') == std::string::npos);
    const components ours = parse_urlkit(input);
    const components answers[2] = {parse_boost(input), parse_uriparser(input)};
    accepted += ours.ok;
    peers_differ += answers[0] != answers[1];
    for (std::size_t p = 0; p < 2; ++p) {
      ++t[p].compared;
      if (ours == answers[p]) {
        ++t[p].agreed;
        continue;
      }
      const bool known = explained(
          list, p, t[p], [&](const auto& d) { return d.applies(input, ours, answers[p]); });
      BOOST_TEST(known, "unexplained disagreement on <"
                            << input << ">\n  urlkit:    " << describe(ours) << "\n  "
                            << peer_name(peers[p]) << ": " << describe(answers[p]));
    }
  };
  for (const auto& s : collected) check(s);
  for (const auto& s : generated) check(s);

  BOOST_TEST_MESSAGE("components: urlkit accepts " << accepted << "; the peers differ from "
                                                   << "each other on " << peers_differ);
  for (std::size_t p = 0; p < 2; ++p)
    BOOST_TEST_MESSAGE("components: " << peer_name(peers[p]) << " agrees on " << t[p].agreed
                                      << " of " << t[p].compared);
  check_not_stale(list, t);
}

BOOST_AUTO_TEST_CASE(resolution_of_references) {
  std::vector<resolution> pairs;
  // draft Appendix C.1, the normal examples (C.2's abnormal ones are where
  // the draft and RFC 3986 5.4.2 part ways by design).
  for (const auto& e : appendix_c::normal)
    pairs.push_back({std::string(appendix_c::base), std::string(e.reference)});
  const std::size_t appendix = pairs.size();
  for (auto& r : generated_resolutions(generated_resolution_count)) pairs.push_back(std::move(r));
  BOOST_TEST_MESSAGE("resolution: " << appendix << " Appendix C.1 examples, "
                                    << pairs.size() - appendix << " generated pairs");

  const auto list = resolve_differences();
  tally t[2];
  for (auto& x : t) x.hits.assign(list.size(), 0);
  std::size_t peers_differ = 0;

  for (std::size_t n = 0; n < pairs.size(); ++n) {
    // Named references, not a structured binding: clang 14 cannot capture one.
    const std::string& base = pairs[n].base;
    const std::string& ref = pairs[n].reference;
    if (n >= appendix) {
      BOOST_TEST(base.find(';') == std::string::npos);
      BOOST_TEST(ref.find(';') == std::string::npos);
    }
    const auto ours = resolve_urlkit(base, ref);
    const std::optional<std::string> answers[2] = {resolve_boost(base, ref),
                                                   resolve_uriparser(base, ref)};
    peers_differ += answers[0] != answers[1];
    for (std::size_t p = 0; p < 2; ++p) {
      ++t[p].compared;
      if (ours == answers[p]) {
        ++t[p].agreed;
        continue;
      }
      const bool known = explained(
          list, p, t[p], [&](const auto& d) { return d.applies(base, ref, ours, answers[p]); });
      BOOST_TEST(known, "unexplained disagreement: base <"
                            << base << "> reference <" << ref << ">\n  urlkit:    " << show(ours)
                            << "\n  " << peer_name(peers[p]) << ": " << show(answers[p]));
    }
  }

  BOOST_TEST_MESSAGE("resolution: the peers differ from each other on " << peers_differ);
  for (std::size_t p = 0; p < 2; ++p)
    BOOST_TEST_MESSAGE("resolution: " << peer_name(peers[p]) << " agrees on " << t[p].agreed
                                      << " of " << t[p].compared);
  check_not_stale(list, t);
}

BOOST_AUTO_TEST_SUITE_END()
