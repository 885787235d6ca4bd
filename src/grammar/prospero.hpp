// The prospero grammar's result, without Spirit (RFC 1738 3.11, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct prospero_parts {
  std::string_view ppath{};   // raw <hsoname>, never null on success (possibly empty)
  std::string_view fields{};  // raw *[ fieldspec ], from the first ";" (empty when none)
};

/// Checks `u` (a prospero URL) against prosperourl; false: st.err says why.
bool parse_prospero(const url_view& u, parse_state& st, prospero_parts& out);

/// Calls f(name, value) for each raw fieldspec of `fields` (as parse_prospero
/// left it), in order: name up to the first "=", value after it ("" when
/// lenient mode accepted a fieldspec without "=").
template <class F>
void for_each_field(std::string_view fields, F&& f) {
  while (!fields.empty()) {
    fields.remove_prefix(1);  // the ";"
    const auto end = fields.find(';');
    const std::string_view spec = fields.substr(0, end);
    const auto eq = spec.find('=');
    if (eq == std::string_view::npos)
      f(spec, spec.substr(spec.size()));
    else
      f(spec.substr(0, eq), spec.substr(eq + 1));
    fields = end == std::string_view::npos ? fields.substr(fields.size()) : fields.substr(end);
  }
}

}  // namespace urlkit::grammar
