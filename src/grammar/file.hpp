// The file grammar's result, without Spirit (RFC 1738 3.10, 5).
#pragma once

#include <string_view>

#include "grammar/state.hpp"

namespace urlkit::grammar {

struct file_parts {
  /// The raw fpath, after the "/" that ends the host (or follows "file:" in
  /// the lenient file:/path form), up to the fragment; never null on success.
  std::string_view fpath{};
};

/// Checks `u` (a file URL) against fileurl; false: st.err says why.
bool parse_file(const url_view& u, parse_state& st, file_parts& out);

}  // namespace urlkit::grammar
