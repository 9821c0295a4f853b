/* The native part of the test package ringpkg (neve-package.json). */
#include <stdint.h>

int32_t ringpkg_twice(int32_t x) { return 2 * x; }
