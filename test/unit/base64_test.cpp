// base64: encoding (RFC 2045 6.8) and the forgiving decoder of the data: URL
// processing algorithm (include/urlkit/base64.hpp).
//
// The decoder is checked against a literal transcription of the header's five
// steps (reference_decode below), and its error offsets against the rule that
// src/data/base64.cpp states: the offset is the length of the longest prefix of the
// input that some valid input begins with.
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "alloc_counter.hpp"
#include "conformance.hpp"
#include "urlkit/base64.hpp"

using namespace urlkit;
using namespace std::string_view_literals;

namespace {

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view white_space = "\t\n\f\r ";  // ASCII white space: step 1

bool is_space(char c) {
  return white_space.find(c) != std::string_view::npos;
}

// The header's algorithm, step by step, without regard to speed.
std::optional<std::string> reference_decode(std::string_view in) {
  std::string s;
  for (char c : in)  // 1
    if (!is_space(c)) s += c;
  if (s.size() % 4 == 0) {  // 2
    if (s.ends_with("=="))
      s.resize(s.size() - 2);
    else if (s.ends_with("="))
      s.resize(s.size() - 1);
  }
  if (s.size() % 4 == 1) return std::nullopt;  // 3
  for (char c : s)                             // 4
    if (alphabet.find(c) == std::string_view::npos) return std::nullopt;
  std::string out;  // 5: 6 bits per character; the bits left over are dropped
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : s) {
    buffer = buffer << 6 | static_cast<std::uint32_t>(alphabet.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xff);
    }
  }
  return out;
}

// The error offset the decoder must report for an input that fails: the
// largest k such that the first k bytes begin some valid input.  A prefix that
// does can always be completed by "", "A" or "=", so those suffixes decide.
std::size_t reference_offset(std::string_view in) {
  auto extendable = [](std::string_view prefix) {
    for (std::string_view suffix : {"", "A", "="})
      if (reference_decode(std::string(prefix) + std::string(suffix))) return true;
    return false;
  };
  std::size_t k = 0;
  while (k < in.size() && extendable(in.substr(0, k + 1))) ++k;
  return k;
}

// Plain RFC 2045 6.8 encoding, one 6-bit group at a time.
std::string reference_encode(std::string_view in) {
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= in.size(); i += 3) {
    const auto v = static_cast<std::uint32_t>(static_cast<unsigned char>(in[i])) << 16 |
                   static_cast<std::uint32_t>(static_cast<unsigned char>(in[i + 1])) << 8 |
                   static_cast<unsigned char>(in[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += alphabet[(v >> shift) & 63];
  }
  if (in.size() - i == 1) {
    const unsigned v = static_cast<unsigned char>(in[i]);
    out += alphabet[v >> 2];
    out += alphabet[(v & 3) << 4];
    out += "==";
  } else if (in.size() - i == 2) {
    const unsigned v =
        static_cast<unsigned char>(in[i]) << 8 | static_cast<unsigned char>(in[i + 1]);
    out += alphabet[v >> 10];
    out += alphabet[(v >> 4) & 63];
    out += alphabet[(v & 15) << 2];
    out += '=';
  }
  return out;
}

std::string random_bytes(std::mt19937_64& rng, std::size_t n) {
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(rng() & 0xff);
  return s;
}

// What a decode gave: the bytes, or the error.
struct outcome {
  std::optional<std::string> bytes;
  error err{};
  friend bool operator==(const outcome&, const outcome&) = default;
  friend std::ostream& operator<<(std::ostream& os, const outcome& o) {
    if (!o.bytes) return os << "error " << o.err;
    os << o.bytes->size() << " bytes:";
    for (unsigned char c : *o.bytes) os << ' ' << unsigned{c};
    return os;
  }
};

outcome of(const result<std::string>& r) {
  if (r) return {*r, {}};
  return {std::nullopt, r.error()};
}

outcome whole(std::string_view in) {
  return of(base64::decode(in));
}

// The streaming decoder over `in` cut at `cuts` (ascending offsets).
outcome streamed(std::string_view in, const std::vector<std::size_t>& cuts) {
  base64::decoder d;
  std::string out;
  std::vector<char> buffer;
  std::size_t from = 0;
  auto piece = [&](std::size_t to) -> std::optional<error> {
    const std::string_view chunk = in.substr(from, to - from);
    buffer.assign(base64::max_decoded_size(chunk.size()), '\0');
    auto n = d.update(chunk, buffer);
    if (!n) return n.error();
    out.append(buffer.data(), *n);
    from = to;
    return std::nullopt;
  };
  for (std::size_t cut : cuts)
    if (auto e = piece(cut)) return {std::nullopt, *e};
  if (auto e = piece(in.size())) return {std::nullopt, *e};
  char tail[3];
  auto n = d.finish(tail);
  if (!n) return {std::nullopt, n.error()};
  out.append(tail, *n);
  return {out, {}};
}

std::vector<std::size_t> random_cuts(std::mt19937_64& rng, std::size_t size) {
  std::vector<std::size_t> cuts;
  std::size_t at = 0;
  while (true) {
    // Mostly short chunks (group boundaries fall everywhere), some long ones
    // (the fast path runs inside a chunk).
    const std::size_t step = rng() % 4 == 0 ? rng() % 200 : rng() % 8;
    at += step;
    if (at >= size) break;
    cuts.push_back(at);
  }
  return cuts;
}

// The checks every input gets: decode against the reference, decode_to and the
// decoder (one chunk, byte by byte, random chunks) against decode.
void check_input(std::string_view in, std::mt19937_64& rng) {
  const outcome got = whole(in);
  const auto expected = reference_decode(in);
  BOOST_TEST_CONTEXT("input \"" << in << "\" (" << in.size() << " bytes)") {
    BOOST_TEST((got.bytes == expected), "decode gave " << got);
    if (!got.bytes) {
      BOOST_TEST(got.err.code == error_code::bad_base64);
      BOOST_TEST(got.err.rule == rule::base64);
      BOOST_TEST(got.err.offset == reference_offset(in));
      BOOST_TEST(got.err.detail != nullptr);
      BOOST_TEST(got.err.has_byte == (got.err.offset < in.size()));
      if (got.err.has_byte)
        BOOST_TEST(got.err.byte == static_cast<unsigned char>(in[got.err.offset]));
    }
    std::vector<char> buffer(base64::max_decoded_size(in.size()));
    auto n = base64::decode_to(in, buffer);
    BOOST_TEST(n.has_value() == got.bytes.has_value());
    if (n && got.bytes) BOOST_TEST(std::string(buffer.data(), *n) == *got.bytes);
    if (!n) BOOST_TEST(n.error() == got.err);

    BOOST_TEST(streamed(in, {}) == got);
    std::vector<std::size_t> every;
    for (std::size_t i = 1; i < in.size(); ++i) every.push_back(i);
    BOOST_TEST(streamed(in, every) == got);
    BOOST_TEST(streamed(in, random_cuts(rng, in.size())) == got);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(base64_suite)

// test/data/wpt-data-urls/base64.json: [input, bytes or null].
// The inputs are Unicode strings, fed as their UTF-8 bytes: no byte of a code
// point above 0x7F is a base64 character, so a failure stays a failure.
BOOST_AUTO_TEST_CASE(conformance_wpt) {
  auto file = urlkit_test::load_conformance("wpt-data-urls/base64.json");
  if (!file) return;
  std::size_t cases = 0;
  std::mt19937_64 rng(1);
  for (const auto& c : file->as_array()) {
    const auto& row = c.as_array();
    const std::string in(row.at(0).as_string());
    const auto& expected = row.at(1);
    BOOST_TEST_CONTEXT("case " << cases << " " << boost::json::serialize(c)) {
      const outcome got = whole(in);
      if (expected.is_null()) {
        BOOST_TEST(!got.bytes);
      } else {
        BOOST_TEST(got.bytes.has_value());
        if (got.bytes) BOOST_TEST(*got.bytes == urlkit_test::json_bytes(expected));
      }
      check_input(in, rng);
      // Every split into two and three chunks.
      for (std::size_t i = 0; i <= in.size(); ++i) {
        BOOST_TEST(streamed(in, {i}) == got);
        for (std::size_t j = i; j <= in.size(); ++j) BOOST_TEST(streamed(in, {i, j}) == got);
      }
    }
    ++cases;
  }
  BOOST_TEST(cases == 71u);
  BOOST_TEST_MESSAGE("base64.json: " << cases << " cases");
}

// Where errors are reported, and what they say.
BOOST_AUTO_TEST_CASE(errors) {
  struct row {
    std::string_view in;
    std::size_t offset;
    std::string_view detail;
  };
  const row rows[] = {
      {"a!cd", 1, "'!' is not a base64 character"},
      {"ab\0d"sv, 2, "0x00 is not a base64 character"},
      {"ab-_", 2, "'-' is not a base64 character (the URL-safe alphabet is not accepted)"},
      {"ab\vcd", 2, "0x0B is not a base64 character (vertical tab is not white space here)"},
      {"ab\xC2\xA0"
       "cd",
       2, "0xC2 is not a base64 character"},
      {"abcde", 5, "the input (without white space) is one more than a multiple of 4"},
      {"a", 1, "the input (without white space) is one more than a multiple of 4"},
      {"abcd a \n", 8, "the input (without white space) is one more than a multiple of 4"},
      {"ab=c", 3, "'=' may only end the input"},
      {"ab= = c", 6, "'=' may only end the input"},
      {"=", 0, "'=' may only pad a final group of 2 or 3 characters"},
      {"a=", 1, "'=' may only pad a final group of 2 or 3 characters"},
      {"abcd=", 4, "'=' may only pad a final group of 2 or 3 characters"},
      {"abc==", 4, "too many '=': padding only fills the final group up to 4 characters"},
      {"ab===", 4, "too many '=': padding only fills the final group up to 4 characters"},
      {"ab=", 3, "a final group of 2 characters takes '==' or no padding"},
      {"ab =\n", 5, "a final group of 2 characters takes '==' or no padding"},
      // The first failing byte, even when the length would fail too (step 3
      // comes before step 4 in the algorithm, but only the end shows it).
      {"a!bcd", 1, "'!' is not a base64 character"},
  };
  for (const auto& r : rows) {
    BOOST_TEST_CONTEXT("input \"" << r.in << "\"") {
      auto d = base64::decode(r.in);
      BOOST_TEST_REQUIRE(!d);
      const error& e = d.error();
      BOOST_TEST(e.code == error_code::bad_base64);
      BOOST_TEST(e.rule == rule::base64);
      BOOST_TEST(e.offset == r.offset);
      BOOST_TEST(e.detail == r.detail);
      BOOST_TEST(e.offset == reference_offset(r.in));
    }
  }
  auto e = base64::decode("ab!").error();
  BOOST_TEST(e.has_byte);
  BOOST_TEST(e.byte == '!');
  BOOST_TEST(e.message() == "base64: '!' is not a base64 character");
  BOOST_TEST(e.to_string() == "offset 2: base64: '!' is not a base64 character");
  e = base64::decode("abcde").error();
  BOOST_TEST(!e.has_byte);
  BOOST_TEST(e.to_string() ==
             "offset 5: base64: the input (without white space) is one more than a multiple of 4");
  // U+10000, the conformance file's non-ASCII case: its first UTF-8 byte.
  e = base64::decode("\xF0\x90\x80\x80").error();
  BOOST_TEST(e.offset == 0u);
  BOOST_TEST(e.byte == 0xF0);
  BOOST_TEST(e.detail == std::string_view("0xF0 is not a base64 character"));
}

// RFC 4648 10's test vectors (the same alphabet and padding as RFC 2045 6.8).
BOOST_AUTO_TEST_CASE(known_vectors) {
  const std::pair<std::string_view, std::string_view> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"},
  };
  for (auto [plain, coded] : vectors) {
    BOOST_TEST(base64::encode(plain) == coded);
    BOOST_TEST(base64::decode(coded).value() == plain);
    // Without its padding (step 2 makes it optional).
    std::string bare(coded);
    while (bare.ends_with('=')) bare.pop_back();
    BOOST_TEST(base64::decode(bare).value() == plain);
  }
  // Step 5: the bits below the last whole byte are dropped, not checked.
  BOOST_TEST(base64::decode("Zh==").value() == "f");
  BOOST_TEST(base64::decode("Zm9=").value() == "fo");
}

BOOST_AUTO_TEST_CASE(round_trips) {
  std::mt19937_64 rng(2);
  for (std::size_t n = 0; n <= 1000; ++n) {
    const std::string data = random_bytes(rng, n);
    BOOST_TEST_CONTEXT("length " << n) {
      const std::string coded = base64::encode(data);
      BOOST_TEST(coded.size() == base64::encoded_size(n));
      BOOST_TEST(coded == reference_encode(data));
      std::string buffer(base64::encoded_size(n) + 1, '#');
      char* end = base64::encode_to(data, buffer.data());
      BOOST_TEST(end - buffer.data() == static_cast<std::ptrdiff_t>(base64::encoded_size(n)));
      BOOST_TEST(buffer.back() == '#');  // nothing written past the end
      BOOST_TEST(base64::decode(coded).value() == data);
      std::vector<char> out(base64::max_decoded_size(coded.size()));
      auto m = base64::decode_to(coded, out);
      BOOST_TEST_REQUIRE(m.has_value());
      BOOST_TEST(*m == n);
      BOOST_TEST(*m <= base64::max_decoded_size(coded.size()));
      BOOST_TEST(std::string(out.data(), *m) == data);
      BOOST_TEST(streamed(coded, random_cuts(rng, coded.size())) == (outcome{data, {}}));
    }
  }
}

// Step 1: white space anywhere, padding included, in any amount.
BOOST_AUTO_TEST_CASE(white_space_everywhere) {
  std::mt19937_64 rng(3);
  for (std::size_t n = 0; n <= 300; ++n) {
    const std::string data = random_bytes(rng, n);
    const std::string coded = base64::encode(data);
    std::string spaced;
    for (char c : coded) {
      spaced += c;
      for (auto k = rng() % 3; k-- > 0;) spaced += white_space[rng() % white_space.size()];
    }
    std::string every;  // every kind of white space between every two characters
    for (char c : coded) {
      every += white_space;
      every += c;
    }
    every += white_space;
    std::string lines;  // RFC 2045 6.8: lines of at most 76 characters
    for (std::size_t i = 0; i < coded.size(); i += 76) lines += coded.substr(i, 76) + "\r\n";
    for (const std::string& in : {spaced, every, lines}) {
      BOOST_TEST_CONTEXT("length " << n << ", input \"" << in << "\"") {
        BOOST_TEST(base64::decode(in).value() == data);
        BOOST_TEST(streamed(in, random_cuts(rng, in.size())) == (outcome{data, {}}));
      }
    }
  }
  BOOST_TEST(base64::decode(" \t\n\f\r ").value().empty());
}

// Every disruption at every offset of a body long enough for the fast path:
// the groups before it, the scalar path at it, and the way back.
BOOST_AUTO_TEST_CASE(disruption_at_every_offset) {
  std::mt19937_64 rng(4);
  const std::string body = base64::encode(random_bytes(rng, 150));  // 200 characters
  const std::string_view inserts[] = {" ",    "\n", "\r\n", "!",   "=",  "==", "\x80",
                                      "\0"sv, "A",  "AB",   "ABC", " =", "=A", "-"};
  std::size_t checked = 0;
  for (std::size_t at = 0; at <= body.size(); ++at) {
    for (std::string_view ins : inserts) {
      std::string in = body;
      in.insert(at, ins);
      check_input(in, rng);
      std::string replaced = body;
      if (at < body.size()) {
        replaced.replace(at, std::min(ins.size(), body.size() - at), ins);
        check_input(replaced, rng);
      }
      checked += 2;
    }
    // Cut short at every length.
    check_input(std::string_view(body).substr(0, at), rng);
  }
  BOOST_TEST_MESSAGE("disruptions checked: " << checked);
}

// Random short inputs over an alphabet heavy in the cases that matter.
BOOST_AUTO_TEST_CASE(random_inputs_against_the_reference) {
  std::mt19937_64 rng(5);
  const std::string_view pieces = "AZaz09+/==== \n\t!\x80-";
  for (int i = 0; i < 3000; ++i) {
    std::string in;
    const auto n = rng() % 40;
    for (std::size_t k = 0; k < n; ++k) {
      // Mostly alphabet characters, so that valid inputs are common.
      if (rng() % 4 != 0)
        in += alphabet[rng() % 64];
      else
        in += pieces[rng() % pieces.size()];
    }
    check_input(in, rng);
  }
}

// Long inputs with random chunk sizes: the fast path inside chunks and the
// scalar path across chunk boundaries give the same bytes, or the same error.
BOOST_AUTO_TEST_CASE(streaming_random_chunks) {
  std::mt19937_64 rng(6);
  for (int i = 0; i < 300; ++i) {
    std::string in = base64::encode(random_bytes(rng, rng() % 3000));
    for (std::size_t k = 76; k < in.size(); k += 77) in.insert(k, "\n");
    switch (rng() % 5) {
      case 0:  // valid
        break;
      case 1:  // a bad byte somewhere
        if (!in.empty()) in[rng() % in.size()] = '*';
        break;
      case 2:  // cut short
        in.resize(rng() % (in.size() + 1));
        break;
      case 3:  // "=" somewhere
        if (!in.empty()) in[rng() % in.size()] = '=';
        break;
      default:  // white space somewhere
        if (!in.empty()) in.insert(rng() % in.size(), " \t");
        break;
    }
    const outcome expected = whole(in);
    BOOST_TEST((expected.bytes == reference_decode(in)), "input " << i);
    for (int k = 0; k < 5; ++k)
      BOOST_TEST(streamed(in, random_cuts(rng, in.size())) == expected, "input " << i);
  }
}

// RFC 2397 4: the HTML example's GIF image, with its line breaks and
// indentation.  The seed copy (test/data/seeds/rfc2397-data-url.txt) lost the
// example's first line, the one that opens with SRC="data:image/gif;base64,;
// it is restored here from the published RFC 2397.
BOOST_AUTO_TEST_CASE(rfc2397_gif) {
  const std::string_view body =
      "R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw\n"
      "   AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz\n"
      "   ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp\n"
      "   a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl\n"
      "   ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis\n"
      "   F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH\n"
      "   hhx4dbgYKAAA7";
  auto gif = base64::decode(body);
  BOOST_TEST_REQUIRE(gif.has_value());
  BOOST_TEST(gif->size() == 273u);
  BOOST_TEST(gif->starts_with("GIF87a"));
  auto u16 = [&](std::size_t i) {
    return static_cast<unsigned char>((*gif)[i]) | static_cast<unsigned char>((*gif)[i + 1]) << 8;
  };
  BOOST_TEST(u16(6) == 48);        // logical screen width, little endian
  BOOST_TEST(u16(8) == 48);        // height
  BOOST_TEST(gif->back() == ';');  // the GIF trailer
  std::mt19937_64 rng(7);
  check_input(body, rng);
}

BOOST_AUTO_TEST_CASE(large_body) {
  std::mt19937_64 rng(8);
  const std::string data = random_bytes(rng, 1 << 20);
  const std::string coded = base64::encode(data);
  BOOST_TEST(coded == reference_encode(data));
  BOOST_TEST((base64::decode(coded).value() == data));
  std::string lines;
  for (std::size_t i = 0; i < coded.size(); i += 76) lines += coded.substr(i, 76) + "\n";
  BOOST_TEST((base64::decode(lines).value() == data));
  BOOST_TEST(streamed(lines, random_cuts(rng, lines.size())) == (outcome{data, {}}));
  lines[lines.size() / 2] = '.';
  const auto e = base64::decode(lines).error();
  BOOST_TEST(e.offset == lines.size() / 2);
  BOOST_TEST(e.byte == '.');
}

BOOST_AUTO_TEST_CASE(decoder_state) {
  char out[16];
  // A failed decoder stays failed, with the same error; consumed() stops at it.
  base64::decoder d;
  BOOST_TEST(d.update("abcd", out).value() == 3u);
  auto e = d.update("ab!d", out);
  BOOST_TEST_REQUIRE(!e);
  BOOST_TEST(e.error().offset == 6u);
  BOOST_TEST(d.consumed() == 6u);
  auto again = d.update("abcd", out);
  BOOST_TEST_REQUIRE(!again);
  BOOST_TEST(again.error() == e.error());
  auto end = d.finish(out);
  BOOST_TEST_REQUIRE(!end);
  BOOST_TEST(end.error() == e.error());

  // An error found by finish() also stays.
  base64::decoder f;
  BOOST_TEST(f.update("abcde", out).value() == 3u);
  auto fe = f.finish(out);
  BOOST_TEST_REQUIRE(!fe);
  BOOST_TEST(fe.error().offset == 5u);
  BOOST_TEST(f.finish(out).error() == fe.error());

  // finish() writes the last group; finishing again adds nothing.
  base64::decoder g;
  BOOST_TEST(g.update("Zm9vYm", out).value() == 3u);
  BOOST_TEST(g.finish(out).value() == 1u);
  BOOST_TEST(out[0] == 'b');
  BOOST_TEST(g.finish(out).value() == 0u);
  BOOST_TEST(g.consumed() == 6u);

  // Chunks of nothing change nothing.
  base64::decoder h;
  BOOST_TEST(h.update("", out).value() == 0u);
  BOOST_TEST(h.update("Zg", out).value() == 0u);
  BOOST_TEST(h.update("", out).value() == 0u);
  BOOST_TEST(h.update("=", out).value() == 0u);
  BOOST_TEST(h.update("=", out).value() == 0u);
  BOOST_TEST(h.finish(out).value() == 1u);
  BOOST_TEST(out[0] == 'f');
}

BOOST_AUTO_TEST_CASE(buffer_too_small) {
  char out[8];
  auto r = base64::decode_to("Zm9vYmFy", std::span<char>(out, 8));  // needs max_decoded_size(8) = 9
  BOOST_TEST_REQUIRE(!r);
  BOOST_TEST(r.error().code == error_code::buffer_too_small);
  BOOST_TEST(r.error().rule == rule::base64);
  // The decoder consumes nothing and may be given a large enough buffer.
  base64::decoder d;
  auto u = d.update("Zm9vYmFy", std::span<char>(out, 8));
  BOOST_TEST_REQUIRE(!u);
  BOOST_TEST(u.error().code == error_code::buffer_too_small);
  char big[9];
  BOOST_TEST(d.update("Zm9vYmFy", big).value() == 6u);
  BOOST_TEST(std::string_view(big, 6) == "foobar");
  BOOST_TEST(d.finish(std::span<char>(big, 2)).error().code == error_code::buffer_too_small);
  BOOST_TEST(d.finish(big).value() == 0u);
}

// decode_to, encode_to and the decoder write into the caller's buffers only.
BOOST_AUTO_TEST_CASE(no_allocation) {
  std::mt19937_64 rng(9);
  const std::string data = random_bytes(rng, 5000);
  std::string coded = base64::encode(data);
  std::vector<char> out(base64::max_decoded_size(coded.size()));
  std::vector<char> text(base64::encoded_size(data.size()));
  const auto n = urlkit_test::allocations_of([&] {
    (void)base64::encode_to(data, text.data());
    (void)base64::decode_to(coded, out);
    (void)base64::decode_to("ab!", out);
    base64::decoder d;
    (void)d.update(std::string_view(coded).substr(0, 1001), out);
    (void)d.update(std::string_view(coded).substr(1001), out);
    (void)d.finish(out);
    base64::decoder bad;
    (void)bad.update("a=b", out);
    (void)bad.finish(out);
  });
  BOOST_TEST(n == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
