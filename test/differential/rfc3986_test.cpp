// urlkit resolving by RFC 3986 5.2 (specification::rfc3986) against
// Boost.URL and uriparser, which implement it: here the inputs need not
// avoid what the draft and RFC 3986 resolve differently by design (";", ".."
// above the root, dot segments in absolute references, the empty query), and
// RFC 3986 5.4's examples and all of Appendix C are among them.  Every
// disagreement must be one of resolve_differences_rfc3986() (the parser's, and
// the peers' own bugs), each still hit.  Figures in docs/differential.md.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../appendix_c.hpp"
#include "differences.hpp"
#include "inputs.hpp"
#include "peers.hpp"

using namespace differential;

namespace {

constexpr std::size_t generated_count = 8000;

constexpr peer peers[] = {boost_url, uriparser};

std::string show(const std::optional<std::string>& s) {
  return s ? "<" + *s + ">" : "refused";
}

// test/data/rfc3986/resolution-examples.json: RFC 3986 5.4.1 and 5.4.2, with
// the answers the RFC gives.
struct example {
  std::string reference, expected;
};
std::vector<example> rfc3986_examples(std::string& base) {
  std::ifstream in(URLKIT_TEST_DATA_DIR "/rfc3986/resolution-examples.json", std::ios::binary);
  BOOST_TEST_REQUIRE(static_cast<bool>(in));
  std::stringstream text;
  text << in.rdbuf();
  const boost::json::object doc = boost::json::parse(text.str()).as_object();
  base = std::string(doc.at("base").as_string());
  std::vector<example> out;
  for (const char* part : {"normal", "abnormal"})
    for (const auto& row : doc.at(part).as_array())
      out.push_back({std::string(row.as_array().at(0).as_string()),
                     std::string(row.as_array().at(1).as_string())});
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rfc3986_on_both_sides)

// The RFC's own examples: urlkit and uriparser give its answers.  Boost.URL
// 1.81 does too but on the three whose ".." climb above the root (one of its
// listed bugs, checked with the rest below).
BOOST_AUTO_TEST_CASE(section_5_4_examples) {
  std::string base;
  const auto examples = rfc3986_examples(base);
  BOOST_TEST_REQUIRE(examples.size() >= 40u);
  std::size_t boost_differs = 0;
  for (const auto& e : examples) {
    const std::optional<std::string> want = e.expected;
    BOOST_TEST((resolve_urlkit_rfc3986(base, e.reference) == want), e.reference);
    BOOST_TEST((resolve_uriparser(base, e.reference) == want), "uriparser: " << e.reference);
    boost_differs += resolve_boost(base, e.reference) != want;
  }
  BOOST_TEST(boost_differs == 3u);
}

BOOST_AUTO_TEST_CASE(resolution_of_references) {
  std::vector<resolution> pairs;
  std::string base;
  for (const auto& e : rfc3986_examples(base)) pairs.push_back({base, e.reference});
  for (const auto& e : appendix_c::examples)
    pairs.push_back({std::string(appendix_c::base), std::string(e.reference)});
  const std::size_t tables = pairs.size();
  for (auto& r : generated_resolutions(generated_count / 2)) pairs.push_back(std::move(r));
  for (auto& r : generated_resolutions_rfc3986(generated_count)) pairs.push_back(std::move(r));
  BOOST_TEST_MESSAGE("rfc3986: " << tables << " examples of RFC 3986 5.4 and Appendix C, "
                                 << pairs.size() - tables << " generated pairs");

  const auto list = resolve_differences_rfc3986();
  std::vector<std::size_t> hits[2] = {std::vector<std::size_t>(list.size()),
                                      std::vector<std::size_t>(list.size())};
  std::size_t agreed[2] = {0, 0};
  std::size_t differ_from_1808 = 0;
  for (const auto& [b, ref] : pairs) {
    const std::string& base_text = b;
    const std::string& reference = ref;
    const auto ours = resolve_urlkit_rfc3986(base_text, reference);
    differ_from_1808 += ours != resolve_urlkit(base_text, reference);
    const std::optional<std::string> answers[2] = {resolve_boost(base_text, reference),
                                                   resolve_uriparser(base_text, reference)};
    for (std::size_t p = 0; p < 2; ++p) {
      if (ours == answers[p]) {
        ++agreed[p];
        continue;
      }
      bool known = false;
      for (std::size_t i = 0; i < list.size() && !known; ++i) {
        if ((list[i].peers & peers[p]) && list[i].applies(base_text, reference, ours, answers[p])) {
          ++hits[p][i];
          known = true;
        }
      }
      BOOST_TEST(known, "unexplained disagreement: base <"
                            << base_text << "> reference <" << reference
                            << ">\n  urlkit (rfc3986): " << show(ours) << "\n  "
                            << peer_name(peers[p]) << ": " << show(answers[p]));
    }
  }
  BOOST_TEST_MESSAGE("rfc3986: urlkit's two specifications differ on " << differ_from_1808);
  for (std::size_t p = 0; p < 2; ++p)
    BOOST_TEST_MESSAGE("rfc3986: " << peer_name(peers[p]) << " agrees on " << agreed[p] << " of "
                                   << pairs.size());
  // Every entry still hit, by a peer it concerns: the list cannot go stale.
  for (std::size_t i = 0; i < list.size(); ++i) {
    for (std::size_t p = 0; p < 2; ++p) {
      if (!(list[i].peers & peers[p])) continue;
      BOOST_TEST_MESSAGE("  " << peer_name(peers[p]) << ": " << hits[p][i] << " x "
                              << list[i].what);
      BOOST_TEST(hits[p][i] > 0u, "known difference no longer hit with " << peer_name(peers[p])
                                                                         << ": " << list[i].what);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
