// The grammar's entry point (implemented in reference.cpp), without Spirit in sight.
#pragma once

#include <string_view>

#include "grammar/state.hpp"
#include "grammar/structure.hpp"

namespace urlkit::grammar {

/// Parses `s` as a URL-reference into *st.out.  False: st.err says why.
/// `how`: from the structure's masks where the text allows (structure.hpp),
/// or byte by byte; every reading gives the same view, warnings and error.
bool parse(std::string_view s, parse_state& st,
           structure::reading how = structure::reading::automatic) noexcept;

/// Checks `value` (as written, escapes and all) as the whole of component `r`
/// by that component's own rule (draft 4.3.1 to 4.3.4 and 3), in st.mode,
/// with its warnings and its error counted in `value`: how url and
/// url_builder check what they are given, without a URL around it.  `r` is
/// one of user, password, host, port, path (without its leading "/"),
/// params, query and fragment.  A delimiter that would end the component in
/// a URL (a ";" in a path, a "#" in a query) is the error, with what to write
/// instead.  A host is a hostname or hostnumber (lenient mode: any host the
/// parser takes, or an IPv6 literal in brackets, RFC 2732).  False: st.err
/// says why.
bool parse_component(rule r, std::string_view value, parse_state& st) noexcept;

}  // namespace urlkit::grammar
