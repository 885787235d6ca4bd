// A program that only finds URLs in text: the link tests check that it holds
// nothing of the scheme layer.
#include <cstdio>

#include "urlkit/extract.hpp"

int main(int argc, char** argv) {
  for (const urlkit::extracted& e :
       urlkit::extract(argc > 1 ? argv[1] : "see <URL:ftp://a/b> and https://c/d."))
    std::puts(e.url.c_str());
  return 0;
}
