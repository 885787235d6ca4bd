/* urlkit.h compiles as C99 with every warning an error (test/c/CMakeLists.txt). */
#include "urlkit.h"

int urlkit_header_c99_check(void);
int urlkit_header_c99_check(void) {
  urlkit_str s = {0, 0};
  return (int)s.size + (int)sizeof(urlkit_offsets);
}
