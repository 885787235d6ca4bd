// Uses the installed urlkit::idna through its public header only: a host
// name converted to the A-label form DNS looks up (UTS #46 ToASCII).
#include <cstdio>
#include <string>

#include <urlkit/idna.hpp>

int main() {
  const auto r = urlkit::to_ascii_host(
      "B\xC3\xBC"
      "cher.example");
  const bool ok = r && *r == "xn--bcher-kva.example";
  std::printf("urlkit_idna_consumer: %s\n", ok ? "ok (B\xC3\xBC"
                                                 "cher.example)"
                                               : "FAILED");
  return ok ? 0 : 1;
}
