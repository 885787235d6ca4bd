// The mailto grammar's result, without Spirit (RFC 1738 3.5, 5; RFC 822 6.1;
// lenient mode: RFC 6068 2).
#pragma once

#include <cstddef>
#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct mailto_parts {
  std::string_view address{};     // raw: the (first) address; strict: the whole encoded822addr
  bool addr_spec = false;         // that address, decoded, is an RFC 822 addr-spec
  std::string_view local_part{};  // raw, before the addr-spec's "@" (when addr_spec)
  std::string_view domain{};      // raw, after it (when addr_spec)
  std::string_view to{};          // raw to-part (strict: the encoded822addr)
  std::string_view hfields{};     // raw, after the "?" (lenient only)
  bool has_hfields = false;       // a "?" starts hfields (lenient only)
  bool list = false;              // read as RFC 6068's mailtoURI (lenient mode)
};

/// RFC 6068 2: "mailto:" [ to ] [ hfields ]; the to-part runs to the first
/// "?", which starts the hfields.  Only a literal "?", "," "&" or "="
/// delimits: an escaped one is data, as in every URL (RFC 1738 2.2).
struct mailto_split {
  std::string_view to;
  std::string_view hfields;
  bool has_hfields = false;
};
inline mailto_split split_mailto(std::string_view raw) noexcept {
  const std::size_t q = raw.find('?');
  if (q == std::string_view::npos) return {raw, {}, false};
  return {raw.substr(0, q), raw.substr(q + 1), true};
}

/// Calls f(address) for each comma-separated address of `list` (a to-part,
/// or a "to" hfvalue), empty ones included.
template <class F>
void for_each_address(std::string_view list, F&& f) {
  for (;;) {
    const std::size_t comma = list.find(',');
    f(list.substr(0, comma));
    if (comma == std::string_view::npos) return;
    list.remove_prefix(comma + 1);
  }
}

/// One hfield = hfname "=" hfvalue, as written.  `has_equals` false: no "="
/// (then `value` is empty).
struct hfield {
  std::string_view field, name, value;
  bool has_equals = false;
};

/// Calls f(hfield) for each "&"-separated hfield of `hfields` (text after
/// the "?"), empty ones included.
template <class F>
void for_each_hfield(std::string_view hfields, F&& f) {
  for (;;) {
    const std::size_t amp = hfields.find('&');
    const std::string_view field = hfields.substr(0, amp);
    const std::size_t eq = field.find('=');
    if (eq == std::string_view::npos)
      f(hfield{field, field, {}, false});
    else
      f(hfield{field, field.substr(0, eq), field.substr(eq + 1), true});
    if (amp == std::string_view::npos) return;
    hfields.remove_prefix(amp + 1);
  }
}

/// Whether `encoded` (an hfname as written) decodes to `name` (taken as it
/// is), ignoring ASCII case: hfnames are header field names (RFC 6068 2, RFC
/// 5322 1.2.2).  Allocates nothing.
bool hfname_is(std::string_view encoded, std::string_view name) noexcept;

/// The "@" of `raw` (an encoded822addr) when it has the common form of an
/// address, read a byte at a time: dot-atoms "@" a host, no escapes, no "?"
/// (RFC 6068's hfields start there in lenient mode), nothing RFC 1738 or RFC
/// 822 would report; null otherwise.  Such an address needs no other check:
/// parse_mailto would accept it as it is, in either mode, with no warning,
/// and find the same parts (the address `raw`, its local-part before this "@"
/// and its domain after it).  The same form, read a block at a time, is in
/// mailto_common.hpp.
const char* bytewise_common_mailto_at_sign(std::string_view raw) noexcept;

/// Checks `u` (a mailto URL): strict mode, against mailtourl and the decoded
/// address against RFC 822's addr-spec; lenient mode, as RFC 6068's
/// mailtoURI, each address of the to-part as that addr-spec.  False: st.err
/// says why.
bool parse_mailto(const url_view& u, parse_state& st, mailto_parts& out);

}  // namespace urlkit::grammar
