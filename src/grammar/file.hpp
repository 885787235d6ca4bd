// The file grammar's result, without Spirit (RFC 1738 3.10, 5).
#pragma once

#include <string_view>

#include "grammar/scheme_parse.hpp"
#include "grammar/state.hpp"

namespace urlkit::grammar {

struct file_parts {
  /// The raw fpath, after the "/" that ends the host (or follows "file:" in
  /// the lenient file:/path form), up to the fragment; never null on success.
  std::string_view fpath{};
};

/// Checks `u` (a file URL) against fileurl; false: st.err says why.
bool parse_file(const url_view& u, parse_state& st, file_parts& out);

/// Settles the common file URL without a parse state: a generic parse that
/// warned of nothing, "//" and a host (maybe empty) without a user or port,
/// a "/" path, and no params or query.  The fpath is then the path as it
/// stands, up to the fragment (a clean path holds only bytes an fpath
/// takes: file.cpp).  True when it did (`out` filled as parse_file fills
/// it); false, with `out` untouched, for parse_file to decide.
inline bool file_common(const url_view& u, file_parts& out) noexcept {
  if (!generic_clean(u) || !u.has_server() || u.has_user() || u.has_port() || !u.absolute_path() ||
      u.has_params() || u.has_query())
    return false;
  const char* const first = u.encoded_path().data();
  out.fpath = {first, static_cast<std::size_t>(url_end(u) - first)};
  return true;
}

}  // namespace urlkit::grammar
