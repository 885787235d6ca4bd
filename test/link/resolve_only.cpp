// A program that only resolves and makes references relative: the link
// tests check that it holds nothing of the scheme layer.
#include <cstdio>

#include "urlkit/resolve.hpp"

int main(int argc, char** argv) {
  const char* base = argc > 2 ? argv[1] : "http://a/b/c/d;p?q";
  const char* ref = argc > 2 ? argv[2] : "../g";
  auto r = urlkit::resolve(base, ref);
  auto back = urlkit::make_relative(base, r ? r->c_str() : base);
  std::puts(r ? r->c_str() : "error");
  std::puts(back ? back->c_str() : "error");
  return r && back ? 0 : 1;
}
