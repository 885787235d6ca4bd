// Uses the installed library through its public headers only: parses the base
// of draft-fielding-uri-url-00 Appendix C and resolves one of its examples.
#include <cstdio>
#include <string>
#include <string_view>

#include <urlkit/urlkit.hpp>

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "urlkit_consumer: FAILED: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main() {
  const std::string_view base_text = "http://a/b/c/d;p?q";
  const auto base = urlkit::parse_reference(base_text);
  if (!base) {
    std::fprintf(stderr, "urlkit_consumer: cannot parse the base: %s\n",
                 base.error().to_string().c_str());
    return 1;
  }
  expect(base->scheme() == "http", "scheme is http");
  expect(base->encoded_host() == "a", "host is a");
  expect(base->encoded_path() == "b/c/d" && base->absolute_path(), "path is /b/c/d");
  expect(base->encoded_params() == "p", "params are p");
  expect(base->encoded_query() == "q", "query is q");
  expect(base->recompose() == base_text, "to_string() gives the base back");

  const auto ref = urlkit::parse_reference("../g");
  expect(ref.has_value(), "../g parses");
  if (ref) {
    const auto resolved = urlkit::resolve(*base, *ref);
    expect(resolved && *resolved == "http://a/b/g", "resolve(base, ../g) is http://a/b/g");
  }
  const auto by_string = urlkit::resolve(base_text, "../g");
  expect(by_string && *by_string == "http://a/b/g", "resolve(string, string) is http://a/b/g");

  if (failures == 0)
    std::printf("urlkit_consumer: ok (http://a/b/c/d;p?q + ../g = http://a/b/g)\n");
  return failures == 0 ? 0 : 1;
}
