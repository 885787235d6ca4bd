// urlkit — the operator<< of every public enum, written once (docs/guide.md,
// "Names": every public enum E has to_string(E), the enumerator's own name,
// empty for a value outside the enumeration).  Included by the sources that
// define the operators, not by the public headers: it needs <ostream>.
#pragma once

#include <ostream>
#include <string_view>
#include <type_traits>

namespace urlkit::detail {

/// Prints to_string(e), or, for a value outside the enumeration (a cast),
/// `type` and the number: "error_code(40)", so that such a value is never
/// printed as nothing.
template <class E>
std::ostream& print_name(std::ostream& os, E e, std::string_view type) {
  const std::string_view name = to_string(e);
  if (!name.empty()) return os << name;
  return os << type << '(' << static_cast<long long>(static_cast<std::underlying_type_t<E>>(e))
            << ')';
}

}  // namespace urlkit::detail
