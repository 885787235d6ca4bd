// The one translation unit that compiles the X3 grammar (it pays for the
// Spirit headers once) and the entry point the rest of the library calls.
#include "grammar/reference.hpp"

#include "grammar/reference_def.hpp"
#include "grammar/structure.hpp"

namespace urlkit::grammar {

BOOST_SPIRIT_INSTANTIATE(reference_type, iterator_type, context_type)

reference_type const& reference_rule() {
  return reference;
}

namespace {

constexpr auto slash = [](const structure::word& w) { return w.slash; };
constexpr auto other = [](const structure::word& w) { return w.other; };
constexpr auto look = [](const structure::word& w) { return w.look; };

enum class walked { done, failed, undecided };

// One component of rel_path from `pos` to `end` (its delimiter, found in the
// masks): set as it is when no byte of it needs a look (`clean`: none in
// the whole text), else read by its X3 rule, which judges every byte and
// sets it (and stops at the same `end`); `judge`: read by the rule anyway.
template <bool One, class Rule, class Field>
bool component(const Rule& r, Field field, const structure::masks& m, bool clean,
               std::uint32_t& pos, std::uint32_t end, const char* s, parse_state& st,
               bool judge = false) {
  if (!judge && (clean || !structure::any_in<One>(m, pos, end, look))) {
    field(*st.out) = std::string_view(s + pos, end - pos);
    pos = end;
    return true;
  }
  const char* p = s + pos;
  if (!run_rule(r, p, s + m.size, st)) return false;
  pos = static_cast<std::uint32_t>(p - s);
  return true;
}

// The URL-reference rule (reference_def.hpp) read from the masks, the same
// steps in the same order: the scheme, "//" and the server, the "/" of an
// absolute path, then the path, ";" parameters, "?" query and "#" fragment,
// each up to its first delimiter (draft 4.3: outside-in).  What each part's
// rule would check it still checks: the server's parts by their rules
// (parse_server, given the marks the masks show), and a component by its
// rule when a byte of it needs a look.  Undecided, before anything is
// written, when the first 16 bytes are all scheme characters.
template <bool One, class HostKnown>
[[gnu::always_inline]] inline walked parse_blockwise(const char* s, const structure::masks& m,
                                                     parse_state& st) {
  url_view& out = *st.out;
  // No byte anywhere that needs a look: the common URL.
  std::uint64_t looks = m.words[0].look;
  if constexpr (!One)
    for (std::uint32_t i = 1; i < m.count && i < structure::max_words; ++i)
      looks |= m.words[i].look;
  const bool clean = looks == 0;
  const std::uint32_t n = m.size;
  std::uint32_t pos = 0;
  // scheme = 1*( alpha | digit | "+" | "-" | "." ) followed by ":" (4.1).
  const auto run = static_cast<std::uint32_t>(__builtin_ctz(m.not_scheme));
  if (run >= 16 && n > 16) return walked::undecided;
  if (run > 0 && run < n && s[run] == ':') {
    detail_access::scheme(out) = std::string_view(s, run);
    pos = run + 1;
  }
  // net_path = "//" server [ abs_path ]: the server runs to the next "/" or
  // "#" (4.3.1, 3).
  if (n - pos >= 2 && s[pos] == '/' && s[pos + 1] == '/') {
    const std::uint32_t a = pos + 2;
    // find_server_marks' pass, over the other delimiters only: the server
    // ends at the first "/" or "#"; the last "@" before it starts the host.
    const std::uint32_t slash_at = structure::first_from<One>(m, a, slash);
    server_marks_found mk;
    mk.end = s + slash_at;
    std::uint32_t host = a;
    for (std::uint32_t p = structure::first_from<One>(m, a, other); p < slash_at;
         p = structure::first_from<One>(m, p + 1, other)) {
      const char c = s[p];
      if (c == '#') {
        mk.end = s + p;
        break;
      }
      if (c == '@') {
        mk.at = s + p;
        host = p + 1;
        mk.colon = mk.delim = nullptr;
      } else if (c == ':') {
        if (!mk.colon) mk.colon = s + p;
      } else if (!mk.delim && p != host) {  // "?" or ";"
        mk.delim = s + p;
      }
    }
    auto ctx = x3::make_context<state_tag>(st);
    const char* next = nullptr;
    if (!parse_server(s + a, mk, s + n, ctx, next, HostKnown{s, n})) return walked::failed;
    pos = static_cast<std::uint32_t>(next - s);
  }
  if (pos < n && s[pos] == '/') {
    detail_access::absolute_path(out) = true;
    ++pos;
  }
  const auto path_field = [](url_view& v) { return detail_access::path(v); };
  const auto path_end = structure::first_other<One>(
      m, s, pos, [](char c) { return c == ';' || c == '?' || c == '#'; });
  if (!component<One>(path, path_field, m, clean, pos, path_end, s, st)) return walked::failed;
  if (pos < n && s[pos] == ';') {
    ++pos;
    const auto field = [](url_view& v) { return detail_access::params(v); };
    const auto end =
        structure::first_other<One>(m, s, pos, [](char c) { return c == '?' || c == '#'; });
    if (!component<One>(parameters, field, m, clean, pos, end, s, st)) return walked::failed;
  }
  if (pos < n && s[pos] == '?') {
    ++pos;
    const auto field = [](url_view& v) { return detail_access::query(v); };
    const auto end = structure::first_other<One>(m, s, pos, [](char c) { return c == '#'; });
    if (!component<One>(query, field, m, clean, pos, end, s, st)) return walked::failed;
  }
  if (pos < n && s[pos] == '#') {
    ++pos;
    // A second "#" is the fragment rule's to judge (hash_special).
    const auto field = [](url_view& v) { return detail_access::fragment(v); };
    const bool hash = structure::first_other<One>(m, s, pos, [](char c) { return c == '#'; }) < n;
    if (!component<One>(fragment, field, m, clean, pos, n, s, st, hash)) return walked::failed;
  }
  return walked::done;
}

#if URLKIT_STRUCTURE
// The walk is compiled once per width and inlined into grammar::parse, with
// the server's parse inlined into it; it calls the classification (and, for
// a host, the AVX2 block check).  Compiled for AVX2 with the classification
// inlined it counted fewer instructions but took 2.5x the time: the baseline
// code around it stalled after each return (docs/performance.md, "The
// blockwise reading").

// A host the masks cannot vouch for: the host rule checks it.
struct host_from_rule {
  const char* text;
  std::uint32_t size;
  bool operator()(const char*, const char*) const noexcept { return false; }
};

#if URLKIT_BLOCKS
// A host of letters, digits, "-" and "." is checked from its own masks
// (blocks.hpp, AVX2) where it is a hostname; any other host by the rule.
struct host_from_blocks {
  const char* text;
  std::uint32_t size;
  URLKIT_BLOCKS_TARGET bool operator()(const char* first, const char* last) const noexcept {
    if (size >= 32) return blocks::hostname_in_block(text, size, first, last);
    blocks::masks b;
    if (!blocks::classify(first, last, text, b)) return false;
    const auto n = static_cast<unsigned>(last - first);
    const std::uint64_t all = (std::uint64_t{1} << n) - 1;  // n < 64
    return ((b.alnum | b.dot | b.hyphen) & all) == all && blocks::is_hostname(b, 0, n, first);
  }
};
#endif

template <bool One, class HostKnown>
walked walk(const char* s, const structure::masks& m, parse_state& st) {
  return parse_blockwise<One, HostKnown>(s, m, st);
}

// "#" and a fragment with no other delimiter and no byte to judge: a
// reference to the current document (draft 3; section 6, Step 2a), the
// commonest reference in documents (three in four of the links in the
// benchmark's corpus).  Set as the walk would set it, an empty path and the
// fragment as it is, and true; false, with nothing set, for any other text.
// Apart from the walk, whose code for every other URL it would slow.
void set_fragment_alone(const char* s, std::uint32_t n, parse_state& st) noexcept {
  detail_access::path(*st.out) = std::string_view(s, 0);
  detail_access::fragment(*st.out) = std::string_view(s + 1, n - 1);
}
// From the masks: no byte to judge, no other delimiter past the "#".
[[gnu::noinline]] bool fragment_alone(const char* s, const structure::masks& m, parse_state& st) {
  const std::uint32_t n = m.size;
  if (m.count != 1 || m.words[0].look != 0 || structure::first_from<true>(m, 1, other) != n)
    return false;
  set_fragment_alone(s, n, st);
  return true;
}

#if URLKIT_BLOCKS
constexpr std::uint32_t fragment_alone_max = 32;  // short_fragment_alone_avx2's

// The bytes fragment_alone passes past the "#", as a byte set of the
// blocks: urlchar but the other delimiters "?" ";" ":" "@" ("#" is no
// urlchar).
constexpr blocks::byte_set fragment_set = [] {
  blocks::byte_set b = blocks::make_byte_set(charset::urlchar);
  for (const unsigned c : {unsigned{'?'}, unsigned{';'}, unsigned{':'}, unsigned{'@'}}) {
    b.lo[c & 15] = static_cast<std::uint8_t>(b.lo[c & 15] & ~(1u << (c >> 4)));
    b.lo[16 + (c & 15)] = b.lo[c & 15];
  }
  return b;
}();

// fragment_alone for a text of up to 32 bytes, before it is classified
// (whose instructions are more than such a text's bytes): its first 16
// bytes and the 16 that end at its end in one register (or, under 16, a
// copy in zeros), as structure::load_under32 reads them; every byte but the "#" in
// fragment_set (AVX2).
[[gnu::noinline]] URLKIT_BLOCKS_TARGET bool short_fragment_alone_avx2(const char* s,
                                                                      std::uint32_t n,
                                                                      parse_state& st) noexcept {
  const __m256i v = structure::load_under32(s, n);
  // (The "#" is byte 0 of the low lane, and of the high one at 16 bytes.)
  const std::uint32_t wanted = n > 16    ? 0xfffffffeu
                               : n == 16 ? 0xfffefffeu
                                         : ((std::uint32_t{1} << n) - 1) & ~1u;
  if ((blocks::in_set32(v, fragment_set) & wanted) != wanted) return false;
  set_fragment_alone(s, n, st);
  return true;
}
#endif

// Classifies the text (`classify`: 1 to max_bytes bytes) and walks its masks.
template <class HostKnown, class Classify>
[[gnu::always_inline]] inline walked read(const char* s, std::uint32_t n, parse_state& st,
                                          Classify classify) {
  structure::masks m;
  classify(s, n, m);
  if (s[0] == '#' && fragment_alone(s, m, st)) return walked::done;
  return m.count == 1 ? parse_blockwise<true, HostKnown>(s, m, st)
                      : walk<false, HostKnown>(s, m, st);
}

walked read_sse2(const char* s, std::uint32_t n, parse_state& st) {
  return read<host_from_rule>(s, n, st, [](const char* t, std::uint32_t size, structure::masks& m) {
    if (size < 16)
      structure::classify_short(t, size, m);
    else
      structure::classify_sse2(t, size, m);
  });
}

#if URLKIT_BLOCKS
[[gnu::always_inline]] inline walked read_avx2(const char* s, std::uint32_t n, parse_state& st) {
  if (s[0] == '#' && n <= fragment_alone_max && short_fragment_alone_avx2(s, n, st))
    return walked::done;
  return read<host_from_blocks>(s, n, st, structure::classify_avx2);
}
#endif
#endif

}  // namespace

bool parse(std::string_view s, parse_state& st, structure::reading how) noexcept {
#if URLKIT_STRUCTURE
  using structure::reading;
  if (s.size() - 1 < structure::max_bytes && how != reading::bytes) {  // 1 to max_bytes
    const auto n = static_cast<std::uint32_t>(s.size());
    walked w = walked::undecided;
    // automatic: AVX2 where the processor has it, else bytes.  The SSE2
    // reading gives the same results, but measured slower than the bytewise
    // one (731 instructions a URL against 592, and 1.07x its time:
    // docs/performance.md, "The blockwise reading"), so it is only taken
    // when asked for.
#if URLKIT_BLOCKS
    if (how != reading::sse2 && blocks::detected)
      w = read_avx2(s.data(), n, st);
    else if (how == reading::sse2)
      w = read_sse2(s.data(), n, st);
#else
    if (how == reading::sse2) w = read_sse2(s.data(), n, st);
#endif
    switch (w) {
      case walked::done:
        return true;
      case walked::failed:
        return false;
      case walked::undecided:
        break;
    }
  }
#else
  (void)how;
#endif
  const char* first = s.data();
  const char* const last = first + s.size();
  auto ctx = x3::make_context<state_tag>(st);
  x3::unused_type unused;
  const bool ok = reference.parse(first, last, ctx, unused, unused);
  if (st.failed) return false;
  // The grammar has no way to stop early without recording why; if it ever
  // did, say where rather than return a truncated view.
  if (!ok || first != last)
    return st.fail(first, error_code::unexpected_character, rule::reference, first != last);
  return true;
}

}  // namespace urlkit::grammar
