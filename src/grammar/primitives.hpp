// Table-driven X3 primitives.  A character class is one bit test in
// charset::table, never an alternation of char_ parsers, and a component's
// run of characters is consumed by one tight loop (scan_run) that also judges
// escapes and excluded characters (draft 2.3) without backtracking.
#pragma once

#include "grammar/config.hpp"

namespace urlkit::grammar {

/// One character of class M (e.g. cls<charset::alpha | charset::digit>).
template <charset::mask M>
struct cls_parser : x3::parser<cls_parser<M>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr&) const noexcept {
    if (first == last || !charset::is(M, *first)) return false;
    ++first;
    return true;
  }
};
template <charset::mask M>
inline constexpr cls_parser<M> cls{};

/// One or more characters of class M, in one loop.
template <charset::mask M>
struct cls_run_parser : x3::parser<cls_run_parser<M>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr&) const noexcept {
    It p = first;
    while (p != last && charset::is(M, *p)) ++p;
    if (p == first) return false;
    first = p;
    return true;
  }
};
template <charset::mask M>
inline constexpr cls_run_parser<M> cls_run{};

/// The run of one component (possibly empty): characters of class Allowed and
/// escapes, up to a byte of Stop.  Fails only on a hard error, which it
/// records in the parse state (offset, rule, byte); lenient-mode warnings go
/// to the state as well.
template <rule R, charset::mask Allowed, class Stop, class Special = no_special>
struct component_run_parser : x3::parser<component_run_parser<R, Allowed, Stop, Special>> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    parse_state& st = state_of(ctx);
    if (st.failed) return false;
    return scan_run(first, last, Allowed, R, st, Stop{}, Special{}, &set);
  }
  static constexpr blocks::byte_set set = blocks::make_byte_set(Allowed);
};
template <rule R, charset::mask Allowed, class Stop, class Special = no_special>
inline constexpr component_run_parser<R, Allowed, Stop, Special> component_run{};

/// Runs `subject` on the sub-range [first, end) and requires it to consume
/// all of it.  The server's parts (user, password, host, port) are delimited
/// before they are parsed (draft 4.3.1), so each rule sees exactly its part.
template <class Subject, class It, class Ctx>
bool parse_whole(const Subject& subject, It& first, It end, const Ctx& ctx) {
  x3::unused_type unused;
  return subject.parse(first, end, ctx, unused, unused) && first == end;
}

/// Runs rule `r` from `p` towards `last` with the parse state in the context
/// (how every scheme grammar starts a rule over a component); true when it
/// matched without a hard error.  `p` is left where the rule stopped.
template <class Rule>
bool run_rule(const Rule& r, const char*& p, const char* last, parse_state& st) {
  auto ctx = x3::make_context<state_tag>(st);
  x3::unused_type unused;
  return r.parse(p, last, ctx, unused, unused) && !st.failed;
}

}  // namespace urlkit::grammar
