// The data: URL grammar's check (RFC 2397 3), without Spirit.
#pragma once

#include <string_view>

namespace urlkit::grammar {

/// Where RFC 2397's dataurl production stops matching, and why.
struct data_failure {
  const char* at = nullptr;          // the offending byte, or the end of the text
  const char* production = nullptr;  // "data subtype", ... (static)
  const char* detail = nullptr;      // what was expected there (static)
};

/// Checks `text`, the scheme-specific part of a data: URL (after "data:", up
/// to the fragment), against  [ mediatype ] [ ";base64" ] "," data.
/// `whole` false: only up to and including the first "," that the production
/// reaches (for a URL whose data is still to come).  `lenient`: what a lenient
/// generic parse has already reported (an unwise token character such as "{",
/// any byte of the data) is not reported again.  False: `f` says where and why
/// (the furthest point any alternative reached).
bool check_data(std::string_view text, bool whole, bool lenient, data_failure& f);

}  // namespace urlkit::grammar
