// The blockwise reading of a URL-reference (src/grammar/structure.hpp and
// reference.cpp's parse_blockwise): its masks say what the character table
// says, byte by byte, with SSE2 and with AVX2; and a parse from the masks
// gives the view, the warnings and the error of the byte-at-a-time X3
// grammar, in both modes, on generated references of every length the masks
// hold and past it, in buffers of exactly their size (so that a read past
// either end is one the address sanitizer reports).  The grammar is
// internal, so this runs against a static library only.
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "blocks_support.hpp"
#include "core/parse_reading.hpp"
#include "grammar/structure.hpp"
#include "urlkit/charset.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;
namespace structure = grammar::structure;
using structure::reading;
using urlkit_test::exact_buffer;

namespace {

bool needs_look(unsigned char c) {
  return !charset::is(charset::urlchar, c) && c != '#';
}

// The readings this processor has, besides bytes.
std::vector<reading> block_readings() {
  std::vector<reading> r;
#if URLKIT_STRUCTURE
  r.push_back(reading::sse2);
  if (urlkit_test::blocks_here()) r.push_back(reading::avx2);
#endif
  return r;
}

// A view, its warnings and its error, written out so that two compare.
struct outcome {
  std::string text;
  bool operator==(const outcome& o) const { return text == o.text; }
};

std::ostream& operator<<(std::ostream& os, const outcome& o) {
  return os << o.text;
}

void part(std::string& out, const char* name, std::string_view whole, std::string_view p) {
  out += name;
  if (p.data() == nullptr) {
    out += "=absent ";
    return;
  }
  out += '@' + std::to_string(p.data() - whole.data()) + '+' + std::to_string(p.size()) + ' ';
}

void collect(void* context, const warning& w) noexcept {
  auto& out = *static_cast<std::string*>(context);
  out += " w" + std::to_string(static_cast<int>(w.code)) + '@' + std::to_string(w.offset) + 'r' +
         std::to_string(static_cast<int>(w.rule)) + 'b' + std::to_string(w.byte) +
         (w.detail ? std::string("'") + w.detail : std::string());
}

outcome parse_as(std::string_view s, mode m, bool excluded, reading how) {
  std::string warnings;
  parse_options o;
  o.mode = m;
  o.accept_excluded = excluded;
  o.on_warning = {&collect, &warnings};
  const result<url_view> r = detail::parse_reference_reading(s, o, how);
  std::string out;
  if (!r) {
    const error& e = r.error();
    out = "error " + std::to_string(static_cast<int>(e.code)) + '@' + std::to_string(e.offset) +
          'r' + std::to_string(static_cast<int>(e.rule)) + 'b' + std::to_string(e.byte) +
          (e.has_byte ? "+" : "-") + (e.detail ? e.detail : "");
  } else {
    const url_view& v = *r;
    part(out, "scheme", s, v.scheme());
    part(out, "server", s, v.encoded_server());
    part(out, "user", s, v.encoded_user());
    part(out, "password", s, v.encoded_password());
    part(out, "host", s, v.encoded_host());
    part(out, "port", s, v.port());
    part(out, "path", s, v.encoded_path());
    part(out, "params", s, v.encoded_params());
    part(out, "query", s, v.encoded_query());
    part(out, "fragment", s, v.encoded_fragment());
    out += v.absolute_path() ? "abs " : "rel ";
    out += "count " + std::to_string(v.warning_count());
  }
  return {out + warnings};
}

// Every reading against bytes, in every mode.
void same_readings(const std::string& text) {
  const exact_buffer b(text);
  for (const mode m : {mode::lenient, mode::strict})
    for (const bool excluded : {false, true}) {
      const outcome expected = parse_as(b.view, m, excluded, reading::bytes);
      for (const reading how : block_readings())
        BOOST_TEST(parse_as(b.view, m, excluded, how) == expected,
                   "reading " << static_cast<int>(how) << " mode " << static_cast<int>(m)
                              << " excluded " << excluded << ": " << text);
      BOOST_TEST(parse_as(b.view, m, excluded, reading::automatic) == expected, text);
    }
}

// URL-like text: the delimiters, scheme and host characters, escapes good
// and bad, and bytes that need a look, in pieces that make real shapes.
std::string random_reference(std::mt19937& rng, std::size_t target) {
  static const std::vector<std::string> pieces = {
      "http", "ftp",  "a+b.c-d", ":",    "//",    "/",        "?",   "#", ";",    "@",
      "www",  ".",    "com",     "8080", "x=1",   "&",        "%20", "%", "%4",   "%zz",
      " ",    "<",    ">",       "\"",   "[::1]", "[",        "]",   "{", "|",    "\\",
      "^",    "`",    "~",       "\x01", "\x7f",  "\xc3\xa9", "a",   "Z", "0",    "-",
      "_",    "user", "pw",      "..",   "+",     "=",        "$",   ",", "!*'()"};
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::string s;
  while (s.size() < target) s += pieces[pick(rng)];
  s.resize(target);
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(structure_masks)

// Each mask holds exactly its bytes, at every position of a word, for every
// byte value, in both widths.
BOOST_AUTO_TEST_CASE(masks_match_the_table) {
#if URLKIT_STRUCTURE
  for (unsigned c = 0; c < 256; ++c) {
    for (const std::size_t n :
         {1u, 2u, 15u, 16u, 17u, 31u, 32u, 33u, 47u, 48u, 63u, 64u, 65u, 97u, 200u, 255u, 256u}) {
      std::string text(n, 'a');
      for (std::size_t i = 0; i < n; i += 3) text[i] = static_cast<char>(c);
      const exact_buffer b(text);
      for (const reading how : block_readings()) {
        structure::masks m;
        BOOST_REQUIRE(structure::classify(b.view.data(), n, how, m));
        BOOST_TEST(m.size == n);
        BOOST_TEST(m.count == (n + 63) / 64);
        for (std::size_t i = 0; i < 64 * m.count; ++i) {
          const structure::word& w = m.words[i / 64];
          const std::uint64_t bit = std::uint64_t{1} << (i % 64);
          const auto byte = i < n ? static_cast<unsigned char>(text[i]) : 0u;
          const auto has = [&](std::uint64_t mask, bool expected) {
            BOOST_TEST(((mask & bit) != 0) == (i < n && expected),
                       "byte " << c << " at " << i << " of " << n);
          };
          has(w.slash, byte == '/');
          has(w.other, byte == '#' || byte == '?' || byte == ';' || byte == ':' || byte == '@');
          has(w.look, needs_look(static_cast<unsigned char>(byte)));
          if (i < 32) {
            const bool not_scheme = (m.not_scheme >> i & 1u) != 0;
            const bool expected = i >= 16 || i >= n ||
                                  !charset::is(charset::scheme, static_cast<unsigned char>(byte));
            BOOST_TEST(not_scheme == expected, "not_scheme: byte " << c << " at " << i);
          }
        }
      }
    }
  }
#else
  BOOST_TEST_MESSAGE("no blockwise reading on this processor: nothing to compare");
#endif
}

BOOST_AUTO_TEST_CASE(bytes_and_sizes_out_of_range_are_not_classified) {
  structure::masks m;
  const std::string long_text(structure::max_bytes + 1, 'a');
  BOOST_TEST(!structure::classify(long_text.data(), long_text.size(), reading::automatic, m));
  BOOST_TEST(!structure::classify(long_text.data(), 0, reading::automatic, m));
  BOOST_TEST(!structure::classify(long_text.data(), 10, reading::bytes, m));
}

BOOST_AUTO_TEST_CASE(the_walks_questions) {
  // "/" at 3, 70 and 200 of a 256-byte text.
  std::string text(256, 'a');
  text[3] = text[70] = text[200] = '/';
  structure::masks m;
  if (!structure::classify(text.data(), text.size(), reading::sse2, m)) return;
  const auto slash = [](const structure::word& w) { return w.slash; };
  BOOST_TEST(structure::first_from<false>(m, 0, slash) == 3u);
  BOOST_TEST(structure::first_from<false>(m, 4, slash) == 70u);
  BOOST_TEST(structure::first_from<false>(m, 71, slash) == 200u);
  BOOST_TEST(structure::first_from<false>(m, 201, slash) == 256u);
  BOOST_TEST(structure::first_from<false>(m, 256, slash) == 256u);
  // The other delimiters, one kind at a time: ":" at 1, "?" at 130.
  text[1] = ':';
  text[130] = '?';
  if (!structure::classify(text.data(), text.size(), reading::sse2, m)) return;
  const auto question = [](char c) { return c == '?'; };
  BOOST_TEST(structure::first_other<false>(m, text.data(), 0, question) == 130u);
  BOOST_TEST(structure::first_other<false>(m, text.data(), 131, question) == 256u);
  BOOST_TEST(structure::any_in<false>(m, 64, 128, slash));
  BOOST_TEST(!structure::any_in<false>(m, 71, 200, slash));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(structure_parse)

// The draft's and RFC 1738's examples, and the shapes the walk tells apart.
BOOST_AUTO_TEST_CASE(examples_read_the_same) {
  for (const char* s : {"http://a/b/c/d;p?q#f",
                        "g:h",
                        "g",
                        "./g",
                        "g/",
                        "/g",
                        "//g",
                        "?y",
                        "g?y",
                        "#s",
                        "g#s",
                        "g?y#s",
                        ";x",
                        "g;x",
                        "g;x?y#s",
                        ".",
                        "./",
                        "..",
                        "../",
                        "../g",
                        "../..",
                        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
                        "gopher://spinaltap.micro.umn.edu/00/Weather",
                        "mailto:mduerst@ifi.unizh.ch",
                        "news:comp.infosystems.www.servers.unix",
                        "telnet://melvyl.ucop.edu/",
                        "http://user:pw@host:8080/p?q#f",
                        "http://u@v@host/",
                        "http://h:1:2/",
                        "http://host?x",
                        "http://host;x",
                        "http://;x",
                        "http://[::1]:80/",
                        "http://[::1",
                        "http://h/%zz",
                        "http://h/a b",
                        "http://h/#a#b",
                        "http://h/?a#b#c",
                        "file:///etc/motd",
                        "file://",
                        "//",
                        "/",
                        ":",
                        "a:",
                        ":a",
                        "1:x",
                        "+:x",
                        "-.+:x",
                        "http:",
                        "http:/",
                        "http:///",
                        "http:////x",
                        "abcdefghijklmnop:x",
                        "abcdefghijklmno:x",
                        "abcdefghijklmnopq:x",
                        "abcdefghijklmnop",
                        "http://h/\xc3\xa9",
                        "http://h\xc3\xa9/",
                        "http://h/~u/{x}",
                        "http://%41/",
                        "http://h:/",
                        "http://@h/",
                        "http://:p@h/",
                        "http://u:@h/",
                        "#",
                        "?",
                        ";",
                        "http://h#f/g",
                        "http://h?q/r",
                        "x://a@b:c@d/"}) {
    same_readings(s);
  }
}

// Generated references of every length up to and past the masks' reach.
BOOST_AUTO_TEST_CASE(generated_references_read_the_same) {
  std::mt19937 rng(20261129);
  for (std::size_t n = 1; n <= structure::max_bytes + 8; ++n)
    for (int k = 0; k < 12; ++k) same_readings(random_reference(rng, n));
  std::uniform_int_distribution<std::size_t> length(1, 140);
  for (int k = 0; k < 4000; ++k) same_readings(random_reference(rng, length(rng)));
}

// Clean URLs of the common shapes with one byte changed to each value, at
// each place: every delimiter and every byte that needs a look, everywhere.
BOOST_AUTO_TEST_CASE(every_byte_everywhere) {
  const std::string base = "http://user:pw@www.example.com:8080/a/b;p?q=1&r=2#frag";
  for (std::size_t i = 0; i < base.size(); ++i)
    for (unsigned c = 0; c < 256; ++c) {
      std::string s = base;
      s[i] = static_cast<char>(c);
      same_readings(s);
    }
}

// A fragment alone ("#" first) of every length from 1 to 40 bytes, plain,
// then with each byte value at its first, middle and last places: with
// AVX2 read before the text is classified up to 32 bytes, from the masks
// otherwise; every way as the bytes read it.
BOOST_AUTO_TEST_CASE(fragments_alone_read_the_same) {
  const std::string_view plain_bytes = "a-Z.0/_~!$&'()*+,=";
  for (std::size_t n = 1; n <= 40; ++n) {
    std::string plain = "#";
    while (plain.size() < n) plain += plain_bytes[plain.size() % plain_bytes.size()];
    same_readings(plain);
    if (n == 1) continue;
    for (unsigned c = 0; c < 256; ++c)
      for (const std::size_t i : {std::size_t{1}, n / 2, n - 1}) {
        if (i == 0) continue;
        std::string s = plain;
        s[i] = static_cast<char>(c);
        same_readings(s);
      }
  }
}

BOOST_AUTO_TEST_SUITE_END()
