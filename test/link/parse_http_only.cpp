// A program that uses a typed view: the link tests check that it does hold
// the scheme layer, so that their reading of nm is known to see it.
#include <cstdio>

#include "urlkit/schemes/http.hpp"

int main(int argc, char** argv) {
  auto h = urlkit::parse_http(argc > 1 ? argv[1] : "https://a/b");
  std::puts(h ? h->host().to_string().c_str() : "error");
  return h ? 0 : 1;
}
