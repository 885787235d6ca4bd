// One call per SNIPPET_NAME: with URLKIT_DANGLING its argument is a temporary
// std::string (the views it returns would dangle), which must not compile;
// without, a string that outlives the result, which must.
#include <string>

#include "urlkit/schemes/data.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/segments.hpp"
#include "urlkit/url_view.hpp"

std::string make() {
  return "http://example.com/a/long/path?q=1";
}

#ifdef URLKIT_DANGLING
#define ARG make()
#else
#define ARG kept
#endif

int main() {
  const std::string kept = make();
  (void)kept;
#if defined(SNIPPET_parse_reference)
  return urlkit::parse_reference(ARG)->encoded_path().size() > 0 ? 0 : 1;
#elif defined(SNIPPET_parse_reference_mode)
  return urlkit::parse_reference(ARG, urlkit::mode::strict)->encoded_path().size() > 0 ? 0 : 1;
#elif defined(SNIPPET_parse_absolute)
  return urlkit::parse_absolute(ARG)->encoded_path().size() > 0 ? 0 : 1;
#elif defined(SNIPPET_parse_ftp)
  return urlkit::parse_ftp(ARG).has_value() ? 0 : 1;
#elif defined(SNIPPET_parse_http)
  return urlkit::parse_http(ARG)->encoded_hpath().size() > 0 ? 0 : 1;
#elif defined(SNIPPET_parse_file)
  return urlkit::parse_file(ARG).has_value() ? 0 : 1;
#elif defined(SNIPPET_parse_data)
  return urlkit::parse_data(ARG).has_value() ? 0 : 1;
#elif defined(SNIPPET_segments_view)
  return urlkit::segments_view(ARG).size() > 0 ? 0 : 1;
#elif defined(SNIPPET_query_params_view)
  return urlkit::query_params_view(ARG).size() > 0 ? 0 : 1;
#else
#error "no SNIPPET_ given"
#endif
}
