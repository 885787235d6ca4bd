// The mailto grammar's result, without Spirit (RFC 1738 3.5, 5; RFC 822 6.1).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct mailto_parts {
  std::string_view address{};     // raw encoded822addr: after "mailto:", up to the fragment
  bool addr_spec = false;         // the decoded address is an RFC 822 addr-spec
  std::string_view local_part{};  // raw, before the addr-spec's "@" (when addr_spec)
  std::string_view domain{};      // raw, after it (when addr_spec)
};

/// The "@" of `raw` (an encoded822addr) when it has the common form of an
/// address, read a byte at a time: dot-atoms "@" a host, no escapes, nothing
/// RFC 1738 or RFC 822 would report; null otherwise.  Such an address needs
/// no other check: parse_mailto would accept it as it is, in either mode,
/// with no warning, and find the same parts (the address `raw`, its
/// local-part before this "@" and its domain after it).  The same form, read
/// a block at a time, is in mailto_common.hpp.
const char* bytewise_common_mailto_at_sign(std::string_view raw) noexcept;

/// Checks `u` (a mailto URL) against mailtourl and the decoded address against
/// RFC 822's addr-spec; false: st.err says why.
bool parse_mailto(const url_view& u, parse_state& st, mailto_parts& out);

}  // namespace urlkit::grammar
