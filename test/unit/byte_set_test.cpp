// RFC 1738's scheme grammars read their runs of a production's characters
// (fpath, hpath, search, ...) through scan_1738 (src/grammar/rfc1738.hpp),
// which a processor with AVX2 reads 32 bytes at a time with a set of bytes
// (blocks::byte_set, src/grammar/blocks.hpp) made from the same classes.
// Checked here: the set holds exactly the bytes of its classes; the block
// reading stops where the byte-at-a-time one does and reads only within the
// text; and scan_1738 gives the same end, result and error with and without
// it.  The grammar is internal, so this runs against a static library only
// (test/CMakeLists.txt leaves it out of a shared build).
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "blocks_support.hpp"
#include "grammar/blocks.hpp"
#include "grammar/rfc1738.hpp"
#include "urlkit/charset.hpp"

using namespace urlkit;
namespace blocks = grammar::blocks;
using urlkit_test::blocks_here;
using urlkit_test::exact_buffer;

namespace {

// The classes the scheme grammars scan runs of (src/grammar/*.cpp).
const std::vector<charset::mask> scanned = {
    charset::fpath1738, charset::hpath1738,      charset::hsegment1738, charset::fsegment1738,
    charset::xchar1738, charset::unreserved1738, charset::article1738,  charset::fieldchar1738,
    charset::user1738,  charset::alpha,          charset::digit};

bool in_classes(unsigned char c, charset::mask m) {
  return (charset::table[c] & m) != 0;
}

bool in_set(unsigned char c, const blocks::byte_set& s) {
  // Both lanes hold the same tables.
  const bool low_lane = (s.lo[c & 15] & s.hi[c >> 4 & 15]) != 0;
  const bool high_lane = (s.lo[16 + (c & 15)] & s.hi[16 + (c >> 4 & 15)]) != 0;
  BOOST_TEST(low_lane == high_lane);
  return low_lane;
}

// Where a byte-at-a-time reading of the run of `m` from `first` stops.
const char* bytewise_end(const char* first, const char* last, charset::mask m) {
  while (first != last && in_classes(static_cast<unsigned char>(*first), m)) ++first;
  return first;
}

// Bytes a run is made of: mostly those of the classes, some that end it
// (delimiters, "%", controls, non-ASCII).
std::string random_text(std::mt19937& rng, std::size_t n) {
  static const std::string common =
      "abcxyzABCXYZ0189/$-_.+!*'(),~?:@&=;%#[]{}|\\^` \"<>\x01\x7f\x80\xc3\xa9\xff";
  std::uniform_int_distribution<int> pick(0, 99);
  std::uniform_int_distribution<std::size_t> any(0, common.size() - 1);
  std::string s;
  for (std::size_t i = 0; i < n; ++i)
    s += pick(rng) < 85 ? "abz09/._-"[pick(rng) % 9] : common[any(rng)];
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(byte_set_suite)

BOOST_AUTO_TEST_CASE(a_set_holds_the_ascii_bytes_of_its_classes) {
  for (const charset::mask m : scanned) {
    const blocks::byte_set s = blocks::make_byte_set(m);
    for (unsigned b = 0; b < 256; ++b) {
      const auto c = static_cast<unsigned char>(b);
      BOOST_TEST(in_set(c, s) == (b < 0x80 && in_classes(c, m)), "mask " << m << " byte " << b);
    }
  }
}

BOOST_AUTO_TEST_CASE(blocks_stop_where_bytes_do) {
  if (!blocks_here()) {
    BOOST_TEST_MESSAGE(
        "blocks_stop_where_bytes_do: this processor has no blockwise reading (AVX2); skipped");
    return;
  }
#if URLKIT_BLOCKS
  std::mt19937 rng(1738);
  std::size_t compared = 0, short_text = 0;
  for (const charset::mask m : scanned) {
    const blocks::byte_set s = blocks::make_byte_set(m);
    for (std::size_t before = 0; before <= 6; ++before)
      for (std::size_t n = 0; n <= 100; ++n)
        for (int round = 0; round < 4; ++round) {
          // Round 0: all of the run is in the set, to its last byte.
          const std::string run = round == 0 ? std::string(n, 'a') : random_text(rng, n);
          const exact_buffer text(std::string(before, 'a') + run);
          const char* const first = text.view.data() + before;
          const char* const last = text.view.data() + text.view.size();
          const char* const expected = bytewise_end(first, last, m);
          const char* const got = blocks::skip_set(first, last, text.view.data(), s);
          if (n >= 1 && n <= 32 && before < 3) {
            // Too little text before a short run to load its block: left to
            // the bytes.
            BOOST_TEST((got == first));
            ++short_text;
          } else {
            BOOST_TEST((got == expected),
                       "mask " << m << " before " << before << " run \"" << run << "\"");
            ++compared;
          }
        }
  }
  BOOST_TEST(compared > 20000u);
  BOOST_TEST(short_text == scanned.size() * 3 * 32 * 4);
#endif
}

// scan_1738 with the set (blocks where the processor has them) and without
// it: the same end, result, error and warnings, in both modes.
BOOST_AUTO_TEST_CASE(scan_1738_reads_the_same_with_blocks) {
  std::mt19937 rng(2738);
  std::size_t runs = 0;
  for (const charset::mask m : scanned) {
    const blocks::byte_set s = blocks::make_byte_set(m);
    for (const mode md : {mode::lenient, mode::strict})
      for (std::size_t n = 0; n <= 90; ++n)
        for (int round = 0; round < 6; ++round) {
          std::string run = random_text(rng, n);
          if (round == 0 && n >= 3) run.replace(n / 2, 3, "%4a");  // an escape mid-run
          const exact_buffer text("scheme:" + run);
          std::size_t warnings[2] = {0, 0};
          const char* end[2];
          bool ok[2];
          error err[2];
          for (int with = 0; with < 2; ++with) {
            grammar::parse_state st;
            st.begin = text.view.data();
            st.end = text.view.data() + text.view.size();
            st.mode = md;
            std::size_t& count = warnings[with];
            auto listen = [&count](const warning&) { ++count; };
            st.sink = make_warning_sink(listen);
            const char* p = text.view.data() + 7;
            ok[with] = grammar::scan_1738(p, st.end, m, "", rule::path, st, with ? &s : nullptr);
            end[with] = p;
            err[with] = st.err;
          }
          BOOST_TEST((end[0] == end[1]), "\"" << run << "\"");
          BOOST_TEST(ok[0] == ok[1]);
          BOOST_TEST(err[0].offset == err[1].offset);
          BOOST_TEST(err[0].code == err[1].code);
          BOOST_TEST(warnings[0] == warnings[1]);
          ++runs;
        }
  }
  BOOST_TEST(runs == scanned.size() * 2 * 91 * 6);
}

BOOST_AUTO_TEST_SUITE_END()
