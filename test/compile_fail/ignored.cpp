// A result is [[nodiscard]]: with URLKIT_IGNORED the snippet drops one, which
// must not compile under -Werror=unused-result; without, it reads it, which
// must.
#include <string>

#include "urlkit/resolve.hpp"
#include "urlkit/url.hpp"

int main() {
  auto u = urlkit::url::parse("http://h/");
  if (!u) return 1;
#if defined(SNIPPET_setter)
#ifdef URLKIT_IGNORED
  u->set_port("8o");
#else
  if (u->set_port("8o")) return 1;
#endif
#elif defined(SNIPPET_resolve)
#ifdef URLKIT_IGNORED
  urlkit::resolve("http://a/b", "c");
#else
  if (!urlkit::resolve("http://a/b", "c")) return 1;
#endif
#endif
  return 0;
}
