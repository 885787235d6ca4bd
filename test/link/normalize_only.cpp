// A program that only normalizes and compares URLs: the link tests check that
// it holds nothing of the scheme layer (the scheme's rules come from its name
// and urlkit/ports.hpp).
#include <cstdio>

#include "urlkit/normalize.hpp"

int main(int argc, char** argv) {
  const char* a = argc > 2 ? argv[1] : "HTTP://Example.COM:80/%7efoo";
  const char* b = argc > 2 ? argv[2] : "http://example.com/~foo";
  auto u = urlkit::parse_reference(a);
  auto v = urlkit::parse_reference(b);
  if (!u || !v) return 2;
  auto n = urlkit::normalized(*u);
  std::puts(n ? n->buffer().c_str() : "error");
  std::printf("%zx\n", urlkit::hash_equivalent(*v));
  return urlkit::equivalent(*u, *v) ? 0 : 1;
}
