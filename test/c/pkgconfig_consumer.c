/* Built against an installed tree with `pkg-config --cflags --libs urlkit-c`
 * only (test/c/pkgconfig_consumer.cmake). */
#include <stdio.h>
#include <string.h>

#include <urlkit.h>

int main(void) {
  const char* base_text = "http://a/b/c";
  urlkit_url* base = NULL;
  urlkit_url* ref = NULL;
  char out[64];
  size_t length = 0;
  int ok = urlkit_parse(base_text, strlen(base_text), urlkit_mode_strict, NULL, NULL, &base,
                        NULL) == urlkit_ok &&
           urlkit_parse("d?e", 3, urlkit_mode_strict, NULL, NULL, &ref, NULL) == urlkit_ok &&
           urlkit_resolve(base, ref, out, sizeof out, &length, NULL) == urlkit_ok &&
           strcmp(out, "http://a/b/d?e") == 0;
  urlkit_url_free(base);
  urlkit_url_free(ref);
  printf("urlkit %s (C ABI %u): %s\n", urlkit_version(), urlkit_abi_version(), ok ? out : "FAILED");
  return ok ? 0 : 1;
}
