// The naming rule (docs/guide.md, "Names"): path(), host(), query() ... are
// decoded views now, and code written when they were the text as written
// must stop compiling instead of reading other bytes.  Each snippet must NOT
// compile with URLKIT_RAW defined; with it undefined, the same line written
// with encoded_X() must compile (so the test fails for the right reason).
#include <cstddef>
#include <string_view>

#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/url_view.hpp"

#if defined(URLKIT_RAW)
#define PATH path
#define HPATH hpath
#define HOST host
#define QUERY query
#else
#define PATH encoded_path
#define HPATH encoded_hpath
#define HOST encoded_host
#define QUERY encoded_query
#endif

int main() {
  const std::string_view text = "http://h/a%2Fb?q";
  const auto u = urlkit::parse_reference(text);
  if (!u) return 1;
#if defined(SNIPPET_string_view)
  const std::string_view p = u->PATH();  // a decode_view is no string_view
  return p.empty() ? 1 : 0;
#elif defined(SNIPPET_substr)
  return u->QUERY().substr(0, 1) == "q" ? 0 : 1;  // no substr(), no size(), no data()
#elif defined(SNIPPET_data)
  return u->HOST().data() == text.data() + 7 ? 0 : 1;
#elif defined(SNIPPET_http_path)
  const auto h = urlkit::parse_http(text);
  const std::string_view p = h->HPATH();  // the typed views follow the same rule
  return p.size() > 0 ? 0 : 1;
#elif defined(SNIPPET_segment)
  std::size_t n = 0;
#if defined(URLKIT_RAW)
  for (std::string_view s : u->segments()) n += s.size();  // a segment is a decode_view
#else
  for (urlkit::decode_view s : u->segments()) n += s.encoded().size();
#endif
  return n > 0 ? 0 : 1;
#endif
}
