// mailto's common form, a block at a time (RFC 1738 3.5, RFC 822 6.1).
//
// Most addresses are shorter than 64 bytes, their atoms of letters, digits,
// "-", "_" and "+" (atom characters RFC 1738 allows as they are) and their
// domain a hostname.  Such an address is classified once, 32 bytes at a time
// (blocks.hpp), and each token (the local-part's dot-atoms, the hostname) is
// then read in one step, from its bits.  These primitives accept a subset of
// what the byte-at-a-time common form (bytewise_common_mailto_at_sign in
// mailto.cpp) accepts, and find the same "@" (the first); any address they
// do not take is read by that one.
//
// The view's own code calls this (it is inline, compiled for AVX2 with its
// caller), so that the common address costs one function, not three.
#pragma once

#include <cstdint>
#include <string_view>

#include "grammar/blocks.hpp"
#include "grammar/config.hpp"
#include "urlkit/charset.hpp"

namespace urlkit::grammar {

#if URLKIT_BLOCKS

namespace mailto_blocks {

/// The address's classes travel in the X3 context under this tag, with where
/// the address starts (bit 0).
struct classes_tag;
struct classified {
  const char* first = nullptr;
  blocks::masks bits;
  const char* at_sign = nullptr;  // once matched
};

/// The bits of `mask` for the bytes from offset `at` on, the first `n` of them.
inline std::uint64_t bits_at(std::uint64_t mask, unsigned at, unsigned n) noexcept {
  return (mask >> at) & ((std::uint64_t{1} << n) - 1);  // n < 64
}

/// The run of bytes from `p` whose bits `in_run` (masks -> bits) sets: the
/// address's masks, p's offset in the address, the run's length.
struct run_bits {
  const blocks::masks& bits;
  unsigned at;
  unsigned length;
};
template <class Ctx, class InRun>
run_bits run_from(const Ctx& ctx, const char* p, InRun in_run) noexcept {
  const classified& c = x3::get<classes_tag>(ctx);
  const auto at = static_cast<unsigned>(p - c.first);
  return {c.bits, at,
          static_cast<unsigned>(__builtin_ctzll(~(in_run(c.bits) >> at)))};  // bit 63 is 0
}

/// X3 primitive: a run of letters, digits, "-", "_", "+" and "." that is,
/// whole, dot-atoms: atom *("." atom), atom = 1*(alpha | digit | "-" | "_" |
/// "+") (RFC 822 6.1's local-part of atoms, with atom characters RFC 1738
/// allows as they are).  A run that is not fails.
struct block_dot_atoms_parser : x3::parser<block_dot_atoms_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It&, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    const run_bits r = run_from(ctx, first, [](const blocks::masks& b) {
      return b.alnum | b.dot | b.hyphen | b.plus_underscore;
    });
    const unsigned n = r.length;
    if (n == 0) return false;
    // No "." first or last, none after another: no atom is empty.
    const std::uint64_t dots = bits_at(r.bits.dot, r.at, n);
    if ((dots & ((dots >> 1) | 1 | (std::uint64_t{1} << (n - 1)))) != 0) return false;
    first += n;
    return true;
  }
};

/// X3 primitive: a run of letters, digits, "-" and "." that is, whole, a
/// hostname (RFC 1738 5): labels that start and end with an alphadigit,
/// joined by ".", the last one starting with a letter.  A run that is not
/// (a hostnumber among them) fails, and is left to the `host` rule.
struct block_hostname_parser : x3::parser<block_hostname_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It&, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    const run_bits r =
        run_from(ctx, first, [](const blocks::masks& b) { return b.alnum | b.dot | b.hyphen; });
    const unsigned n = r.length;
    if (n == 0 || !blocks::is_hostname(r.bits, r.at, n, first)) return false;
    first += n;
    return true;
  }
};

/// X3 primitive: the addr-spec's "@", remembered where it is.
struct block_at_sign_parser : x3::parser<block_at_sign_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first == last || *first != '@') return false;
    x3::get<classes_tag>(ctx).at_sign = first++;
    return true;
  }
};

//   common-addr-spec = dot-atoms "@" hostname   ; the whole address
auto const block_addr_spec =
    block_dot_atoms_parser{} >> block_at_sign_parser{} >> block_hostname_parser{} >> x3::eoi;

}  // namespace mailto_blocks

/// The "@" of `raw` (an encoded822addr, within the text that starts at
/// `text`: 32-byte blocks of [text, raw's end) may be read) when it has the
/// common form and is read a block at a time; null otherwise (the address
/// may still have the common form: see bytewise_common_mailto_at_sign).
/// Only where blocks::detected.
URLKIT_BLOCKS_TARGET inline const char* blockwise_common_mailto_at_sign(std::string_view raw,
                                                                        const char* text) noexcept {
  using namespace mailto_blocks;
  const char* const first = raw.data();
  const char* const last = first + raw.size();
  classified c{first, {}};
  if (!blocks::classify(first, last, text, c.bits)) return nullptr;
  auto ctx = x3::make_context<classes_tag>(c);
  x3::unused_type unused;
  const char* p = first;
  if (!block_addr_spec.parse(p, last, ctx, unused, unused)) return nullptr;
  return c.at_sign;
}

#endif

}  // namespace urlkit::grammar
