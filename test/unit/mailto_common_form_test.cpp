// The mailto view checks an address in its common form (dot-atoms "@" a
// host, no escapes: src/grammar/mailto.cpp) without the full RFC 1738 / RFC 822 check.
// That is right only if the full check, given such an address, would accept
// it in both modes with no warning and find the same "@": checked here on
// generated addresses, against the full grammar itself.  The grammar is
// internal, so this runs against a static library only (a shared one exports
// no internal symbol).
#include <boost/test/unit_test.hpp>

#ifdef URLKIT_STATIC

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/mailto.hpp"
#include "grammar/scheme_parse.hpp"
#include "schemes/support.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/url_view.hpp"

using namespace urlkit;

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

// A likely address: local.part@label.label, each piece sometimes replaced.
std::string structured(std::mt19937& rng) {
  std::uniform_int_distribution<int> coin(0, 9), len(1, 4), pick(0, int(pieces.size()) - 1);
  const char* words[] = {"john", "a", "x-y", "b2", "Gary", "z9", "mail", "o'neil", "a+b"};
  const char* labels[] = {"example", "com", "x-y", "b2", "9a", "org", "1", "ab--cd", "a"};
  auto mutate = [&](const std::string& s) { return coin(rng) == 0 ? pieces[pick(rng)] : s; };
  std::string out;
  for (int i = 0, n = len(rng); i < n; ++i)
    out += (i ? mutate(".") : "") + mutate(words[rng() % std::size(words)]);
  out += mutate("@");
  for (int i = 0, n = len(rng); i < n; ++i)
    out += (i ? mutate(".") : "") + mutate(labels[rng() % std::size(labels)]);
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
  std::size_t tried = 0, common = 0, full_clean = 0;
  for (int i = 0; i < 40000; ++i) {
    const std::string url = "mailto:" + (i % 2 ? structured(rng) : scrambled(rng));
    auto u = parse_absolute(url);
    if (!u) continue;
    ++tried;
    const std::string_view raw = grammar::scheme_part_of(*u);
    const char* const at = grammar::common_mailto_at_sign(raw);
    const bool is_common = at != nullptr;
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
  BOOST_TEST_MESSAGE("mailto common form: " << common << " of " << tried
                                            << " addresses; others accepted in strict mode "
                                               "without warning: "
                                            << full_clean);
  // Both sides of the comparison must be exercised for it to mean anything.
  BOOST_TEST(tried > 30000u);
  BOOST_TEST(common > tried / 10);
  BOOST_TEST(common < tried);
}

// Addresses at the edge of the common form: which way each goes.
BOOST_AUTO_TEST_CASE(edges) {
  struct c_ {
    const char* address;
    bool common;
  };
  const c_ cases[] = {
      {"a@b.com", true},
      {"first.last@sub-domain.example.org", true},
      {"a%41@b.com", false},         // an escape: the full check
      {"a%40b.com", false},          // "%40" is the "@" (3.5), found by the full check
      {"a@1.2.3.4", true},           // a hostnumber
      {"a@b.c%2Ed", false},          // an escape in the domain: the full check
      {"a{b@c.com", false},          // "{" is an atom character but no xchar
      {"a%7Bb@c.com", false},        // escaped, it is one: the full check
      {"a%b@c.com", false},          // a bare "%"
      {"a..b@c.com", false},         // an empty atom
      {".a@c.com", false},           //
      {"a.@c.com", false},           //
      {"%22a%22@c.com", false},      // a quoted-string
      {"a@[1.2.3.4]", false},        // a domain-literal
      {"a@b.com?subject=x", false},  // names no host
      {"a@1.2.3", false},            // neither a hostname nor a hostnumber
      {"a@b-.com", false},           //
      {"a@-b.com", false},           //
      {"a@b.9c", false},             // the last label starts with a digit
      {"a@b.c9", true},              //
      {"a%0D@b.com", false},         // CR: refused by the full check
      {"@b.com", false},             //
      {"a@", false},                 //
  };
  for (const auto& c : cases) {
    const std::string url = std::string("mailto:") + c.address;
    auto u = parse_absolute(url);
    BOOST_REQUIRE(u);
    BOOST_TEST((grammar::common_mailto_at_sign(grammar::scheme_part_of(*u)) != nullptr) == c.common,
               c.address);
  }
}

BOOST_AUTO_TEST_SUITE_END()

#else

BOOST_AUTO_TEST_CASE(mailto_common_form_skipped) {
  BOOST_TEST_MESSAGE(
      "mailto_common_form: skipped, the mailto grammar is internal and a shared urlkit does "
      "not export it (the static builds run it)");
  BOOST_TEST(true);
}

#endif
