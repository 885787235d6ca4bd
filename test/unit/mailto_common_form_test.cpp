// The mailto view checks an address in its common form (dot-atoms "@" a
// host, no escapes: src/grammar/mailto.cpp, and a block at a time in
// src/grammar/mailto_common.hpp) without the full RFC 1738 / RFC 822 check.
// That is right only if the full check, given such an address, would accept
// it in both modes with no warning and find the same "@": checked here on
// generated addresses, against the full grammar itself.  The grammar is
// internal, so this runs against a static library only (a shared one exports
// no internal symbol).
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "blocks_support.hpp"
#include "grammar/blocks.hpp"
#include "grammar/mailto.hpp"
#include "grammar/mailto_common.hpp"
#include "grammar/scheme_parse.hpp"
#include "schemes/support.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;
using urlkit_test::blocks_here;
using urlkit_test::exact_buffer;

namespace {

// Pieces an address is made of: atom and host characters, the delimiters,
// escapes (of atom characters, of the delimiters, of CR and LF), bare "%",
// what RFC 1738 does not allow as it is ("{", "#", "^"), what RFC 822 gives
// other meanings (quotes, brackets, "\", specials), and non-ASCII bytes.
// "@" is listed twice, so that more scrambled addresses have one.
const std::vector<std::string> pieces = {
    "a",   "Z",   "q7",  "9",   "0",   "255", "com", "example",  "-",   "--",  "_",      "+",
    "!",   "$",   "'",   "*",   "/",   "?",   "=",   "&",        "~",   ".",   "..",     "@",
    "@",   "%41", "%40", "%2E", "%2e", "%2D", "%0D", "%0a",      "%00", "%zz", "%",      "%4",
    "{",   "|",   "#",   "^",   "`",   "%22", "\"",  "[",        "]",   "%5B", "%5D",    "\\",
    "%5C", "(",   ")",   ",",   ";",   ":",   "%20", "\xc3\xa9", "%FF", "<",   "1.2.3.4"};

// How a likely address is made: local.part@label.label, up to `words`
// words and `labels` labels, each piece replaced once in `odds`.
struct shape {
  int odds, words, labels;
  std::vector<const char*> word_list;
};
// Short addresses, and (`lengthy`) from a few bytes to a hundred: across the
// 32- and 64-byte edges of the blockwise reading.
const shape short_shape{
    10, 4, 4, {"john", "a", "x-y", "b2", "Gary", "z9", "mail", "o'neil", "a+b"}};
const shape lengthy{20, 12, 6, {"john", "a", "x-y", "b_2", "Gary", "z9", "mail+list", "o", "ab"}};

std::string structured(std::mt19937& rng, const shape& sh = short_shape) {
  std::uniform_int_distribution<int> coin(0, sh.odds - 1), words(1, sh.words), labels(1, sh.labels),
      pick(0, int(pieces.size()) - 1);
  const char* label_list[] = {"example", "com", "x-y", "b2", "9a", "org", "1", "ab--cd", "a"};
  auto mutate = [&](const std::string& s) { return coin(rng) == 0 ? pieces[pick(rng)] : s; };
  std::string out;
  for (int i = 0, n = words(rng); i < n; ++i)
    out += (i ? mutate(".") : "") + mutate(sh.word_list[rng() % sh.word_list.size()]);
  out += mutate("@");
  for (int i = 0, n = labels(rng); i < n; ++i)
    out += (i ? mutate(".") : "") + mutate(label_list[rng() % std::size(label_list)]);
  return out;
}

// Any sequence of pieces.
std::string scrambled(std::mt19937& rng) {
  std::uniform_int_distribution<int> len(0, 8), pick(0, int(pieces.size()) - 1);
  std::string out;
  for (int i = 0, n = len(rng); i < n; ++i) out += pieces[pick(rng)];
  return out;
}

struct full_check {
  bool refused = false;  // an encoded CR or LF
  bool ok = false;
  int warnings = 0;
  grammar::mailto_parts parts;
};

// What parse_mailto checks when the common form does not apply.
full_check check_in_full(const url_view& u, mode m) {
  full_check out;
  const std::string_view raw = grammar::scheme_part_of(u);
  if (schemes::refused_escape(u, raw, "mailto encoded822addr", rule::path, true)) {
    out.refused = true;
    return out;
  }
  scheme_options o;
  o.mode = m;
  auto count = [&out](const warning&) { ++out.warnings; };
  o.on_warning = make_warning_sink(count);
  grammar::parse_state st = grammar::scheme_state(u, o);
  out.ok = grammar::parse_mailto(u, st, out.parts);
  return out;
}

// The blockwise reading where the processor has it, else null.
const char* blockwise(std::string_view raw, const char* text) {
#if URLKIT_BLOCKS
  if (grammar::blocks::detected) return grammar::blockwise_common_mailto_at_sign(raw, text);
#endif
  (void)raw;
  (void)text;
  return nullptr;
}

bool same(const grammar::mailto_parts& a, const grammar::mailto_parts& b) {
  return a.address.data() == b.address.data() && a.address.size() == b.address.size() &&
         a.addr_spec == b.addr_spec && a.local_part.data() == b.local_part.data() &&
         a.local_part.size() == b.local_part.size() && a.domain.data() == b.domain.data() &&
         a.domain.size() == b.domain.size();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mailto_common_form)

// Every address the common form takes, the full check takes too, in both
// modes, without a warning and with the same parts; and the view agrees with
// the full check on every address, common or not.
BOOST_AUTO_TEST_CASE(agrees_with_the_full_check) {
  std::mt19937 rng(20261125);
  std::size_t tried = 0, common = 0, full_clean = 0, blockwise_taken = 0;
  for (int i = 0; i < 45000; ++i) {
    const std::string url = "mailto:" + (i % 3 == 0   ? scrambled(rng)
                                         : i % 3 == 1 ? structured(rng)
                                                      : structured(rng, lengthy));
    const exact_buffer text(url);
    auto u = parse_absolute(text.view);
    if (!u) continue;
    ++tried;
    const std::string_view raw = grammar::scheme_part_of(*u);
    const char* const at = grammar::bytewise_common_mailto_at_sign(raw);
    const bool is_common = at != nullptr;
    // The blockwise reading takes a subset, with the same "@".
    if (const char* block_at = blockwise(raw, u->buffer().data())) {
      ++blockwise_taken;
      BOOST_TEST((block_at == at), url);  // pointers, not C strings
    }
    grammar::mailto_parts parts;  // what the common form says the parts are
    if (is_common) {
      parts.address = raw;
      parts.addr_spec = true;
      parts.local_part = {raw.data(), static_cast<std::size_t>(at - raw.data())};
      parts.domain = {at + 1, static_cast<std::size_t>(raw.data() + raw.size() - at - 1)};
    }
    if (is_common) ++common;
    for (auto m : {mode::lenient, mode::strict}) {
      const full_check full = check_in_full(*u, m);
      if (is_common) {
        BOOST_TEST_CONTEXT(url << " (" << (m == mode::strict ? "strict" : "lenient") << ")") {
          BOOST_TEST(!full.refused);
          BOOST_TEST(full.ok);
          BOOST_TEST(full.warnings == 0);
          BOOST_TEST(same(parts, full.parts));
        }
      } else if (m == mode::strict && full.ok && full.warnings == 0 && !full.refused) {
        ++full_clean;
      }
      // The view, whichever way it took, says what the full check says.
      scheme_options o;
      o.mode = m;
      int view_warnings = 0;
      auto count = [&view_warnings](const warning&) { ++view_warnings; };
      o.on_warning = make_warning_sink(count);
      auto v = parse_mailto(*u, o);
      BOOST_TEST_CONTEXT(url) {
        BOOST_TEST(v.has_value() == (!full.refused && full.ok));
        BOOST_TEST(view_warnings == full.warnings);
        if (v) {
          BOOST_TEST(v->is_addr_spec() == full.parts.addr_spec);
          BOOST_TEST(v->encoded_local_part() == full.parts.local_part);
          BOOST_TEST(v->encoded_domain() == full.parts.domain);
        }
      }
    }
  }
  BOOST_TEST_MESSAGE("mailto common form: " << common << " of " << tried << " addresses ("
                                            << blockwise_taken
                                            << " read a block at a time); others accepted in "
                                               "strict mode without warning: "
                                            << full_clean);
  // Both sides of the comparison must be exercised for it to mean anything.
  BOOST_TEST(tried > 30000u);
  BOOST_TEST(common > tried / 10);
  BOOST_TEST(common < tried);
  if (blocks_here())
    BOOST_TEST(blockwise_taken > common / 2);
  else
    BOOST_TEST_MESSAGE(
        "mailto common form: this processor has no blockwise reading (AVX2); "
        "only the bytewise one was checked");
}

// What parse_mailto's string overload gives, taken apart: its generic view
// (components, mode, warning count), its parts, its warnings, or its error.
struct string_reading {
  bool ok = false;
  std::string said;  // the error, or the parts
  std::vector<warning> warnings;
};

string_reading read(const result<mailto_view>& v, std::vector<warning> warnings) {
  string_reading out;
  out.ok = v.has_value();
  out.warnings = std::move(warnings);
  if (!v) {
    out.said = v.error().to_string();
    return out;
  }
  const url_view& u = v->url();
  std::ostringstream os;
  os << u << "|" << u.scheme() << "|" << u.has_server() << u.has_params() << u.has_query()
     << u.has_fragment() << u.absolute_path() << "|" << u.encoded_path() << "@"
     << (u.encoded_path().data() - u.buffer().data()) << "|" << (u.parsed_mode() == mode::strict)
     << u.warning_count() << "|" << v->encoded_address() << "|" << v->is_addr_spec()
     << v->encoded_local_part() << "|" << v->encoded_domain() << "|" << v->encoded_to() << "|"
     << v->headers().size() << "|" << v->to().size();
  out.said = os.str();
  return out;
}

// The string overload reads the common address in one pass, making the
// generic view itself (src/schemes/mailto.cpp): it must give exactly what
// the generic parse and then the view give, for any text, in both modes,
// and view the caller's string.
BOOST_AUTO_TEST_CASE(the_string_overload_is_the_generic_parse_then_the_view) {
  std::mt19937 rng(20261127);
  const char* const schemes[] = {"mailto:", "MAILTO:", "Mailto:", "mailto", "mailtx:", "mail:", ""};
  const char* const tails[] = {"", "", "", "#f", "?subject=x", ",b@c.d", " ", "%41"};
  std::size_t compared = 0, one_pass_kind = 0;
  for (int i = 0; i < 30000; ++i) {
    const std::string address = i % 3 == 0   ? scrambled(rng)
                                : i % 3 == 1 ? structured(rng)
                                             : structured(rng, lengthy);
    const std::string url = std::string(i % 4 ? "mailto:" : schemes[rng() % std::size(schemes)]) +
                            address + (i % 5 ? "" : tails[rng() % std::size(tails)]);
    const exact_buffer text(url);
    for (auto m : {mode::lenient, mode::strict}) {
      std::vector<warning> w1, w2;
      auto sink1 = [&w1](const warning& w) { w1.push_back(w); };
      auto sink2 = [&w2](const warning& w) { w2.push_back(w); };
      scheme_options o1{m, make_warning_sink(sink1)}, o2{m, make_warning_sink(sink2)};
      parse_options po{m, o2.on_warning};
      auto u = parse_absolute(text.view, po);
      const auto two_pass = u ? parse_mailto(*u, o2) : result<mailto_view>(u.error());
      const auto direct = parse_mailto(text.view, o1);
      const string_reading a = read(direct, w1), b = read(two_pass, w2);
      BOOST_TEST_CONTEXT(url << (m == mode::strict ? " (strict)" : " (lenient)")) {
        BOOST_TEST(a.ok == b.ok);
        BOOST_TEST(a.said == b.said);
        BOOST_TEST((a.warnings == b.warnings));
        if (direct) BOOST_TEST((direct->buffer().data() == text.view.data()));
      }
      ++compared;
      if (b.ok && b.warnings.empty() && url.size() < 70 && url.find_first_of("%?#") == url.npos)
        ++one_pass_kind;
    }
  }
  BOOST_TEST_MESSAGE("mailto string overload: " << compared << " readings compared, "
                                                << one_pass_kind << " of the common kind");
  BOOST_TEST(one_pass_kind > compared / 10);
  BOOST_TEST(one_pass_kind < compared);
}

// URLs with no address (RFC 6068 2's optional to-part, lenient mode only):
// the string overload still gives what the generic parse and the view give.
BOOST_AUTO_TEST_CASE(no_address_reads_alike) {
  for (const char* url :
       {"mailto:?subject=hi", "mailto:", "MAILTO:#f", "mailto:?to=", "mailto:,"}) {
    const exact_buffer text(url);
    for (auto m : {mode::lenient, mode::strict}) {
      std::vector<warning> w1, w2;
      auto sink1 = [&w1](const warning& w) { w1.push_back(w); };
      auto sink2 = [&w2](const warning& w) { w2.push_back(w); };
      scheme_options o1{m, make_warning_sink(sink1)}, o2{m, make_warning_sink(sink2)};
      parse_options po{m, o2.on_warning};
      auto u = parse_absolute(text.view, po);
      const auto two_pass = u ? parse_mailto(*u, o2) : result<mailto_view>(u.error());
      const auto direct = parse_mailto(text.view, o1);
      const string_reading a = read(direct, w1), b = read(two_pass, w2);
      BOOST_TEST_CONTEXT(url << (m == mode::strict ? " (strict)" : " (lenient)")) {
        BOOST_TEST(a.ok == (m == mode::lenient));
        BOOST_TEST(a.ok == b.ok);
        BOOST_TEST(a.said == b.said);
        BOOST_TEST((a.warnings == b.warnings));
        BOOST_TEST((!a.warnings.empty() || m == mode::strict));
      }
    }
  }
}

// Addresses at the edge of the common form: which way each goes, and
// whether the blockwise reading takes them.
BOOST_AUTO_TEST_CASE(edges) {
  // An address of `n` bytes: "a...a@b".
  const auto of_length = [](std::size_t n) { return std::string(n - 2, 'a') + "@b"; };
  struct c_ {
    std::string address;
    bool common;
    bool blockwise;
  };
  const c_ cases[] = {
      {"a@b.com", true, true},
      {"first.last@sub-domain.example.org", true, true},
      {"a_b+c-d@x-y.org", true, true},
      {"A9@B9.Z9", true, true},
      {"a!b@c.com", true, false},           // "!": an atom character the blocks do not read
      {"a~b@c.com", true, false},           //
      {"a%41@b.com", false, false},         // an escape: the full check
      {"a%40b.com", false, false},          // "%40" is the "@" (3.5), found by the full check
      {"a@1.2.3.4", true, false},           // a hostnumber: read a byte at a time
      {"a@b.c%2Ed", false, false},          // an escape in the domain: the full check
      {"a{b@c.com", false, false},          // "{" is an atom character but no xchar
      {"a%7Bb@c.com", false, false},        // escaped, it is one: the full check
      {"a%b@c.com", false, false},          // a bare "%"
      {"a..b@c.com", false, false},         // an empty atom
      {".a@c.com", false, false},           //
      {"a.@c.com", false, false},           //
      {"%22a%22@c.com", false, false},      // a quoted-string
      {"a@[1.2.3.4]", false, false},        // a domain-literal
      {"a@b.com?subject=x", false, false},  // names no host
      {"a@b_c.com", false, false},          // "_" is no host character
      {"a@1.2.3", false, false},            // neither a hostname nor a hostnumber
      {"a@b-.com", false, false},           //
      {"a@-b.com", false, false},           //
      {"a@b..com", false, false},           //
      {"a@.b.com", false, false},           //
      {"a@b.com.", false, false},           //
      {"a@b.9c", false, false},             // the last label starts with a digit
      {"a@b.c9", true, true},               //
      {"a@b.c-9", true, true},              //
      {"a%0D@b.com", false, false},         // CR: refused by the full check
      {"@b.com", false, false},             //
      {"a@", false, false},                 //
      {"a@b@c.com", false, false},          //
      {of_length(64), true, false},         // longer than a blockwise reading
      {of_length(63), true, true},          //
      {of_length(33), true, true},          // two blocks
      {of_length(32), true, true},          // one
      {of_length(31), true, true},          //
      {of_length(3), true, true},           //
  };
  for (const auto& c : cases) {
    const exact_buffer text("mailto:" + c.address);
    auto u = parse_absolute(text.view);
    BOOST_REQUIRE(u);
    const std::string_view raw = grammar::scheme_part_of(*u);
    BOOST_TEST((grammar::bytewise_common_mailto_at_sign(raw) != nullptr) == c.common, c.address);
    if (blocks_here())
      BOOST_TEST((blockwise(raw, u->buffer().data()) != nullptr) == c.blockwise, c.address);
    // The view takes the common form either way.
    if (c.common) BOOST_TEST(parse_mailto(*u, {mode::strict, {}}).has_value(), c.address);
  }
}

// The blockwise reading reads only within the text, whatever the address's
// length and however much text precedes it (under an address sanitizer, a
// read past either end fails this test); with fewer than 3 bytes before the
// address it reads nothing and takes nothing.
BOOST_AUTO_TEST_CASE(blockwise_reads_within_the_text) {
  if (!blocks_here()) {
    BOOST_TEST_MESSAGE(
        "blockwise_reads_within_the_text: this processor has no blockwise "
        "reading (AVX2); skipped");
    return;
  }
  std::size_t taken = 0;
  for (std::size_t before = 0; before <= 40; ++before)
    for (std::size_t length = 5; length <= 70; ++length) {
      // "x...x@b.c", `length` bytes, after `before` bytes of text.
      const std::string address = std::string(length - 4, 'x') + "@b.c";
      const exact_buffer text(std::string(before, '/') + address);
      const std::string_view raw = text.view.substr(before);
      const char* const at = blockwise(raw, text.view.data());
      if (before < 3 || length > 63) {
        BOOST_TEST((at == nullptr), before << " " << length);
      } else {
        BOOST_TEST((at == raw.data() + (length - 4)), before << " " << length);
        if (at != nullptr) ++taken;
      }
    }
  BOOST_TEST(taken == 38u * 59u);  // before 3 to 40, length 5 to 63
}

BOOST_AUTO_TEST_SUITE_END()
