//===- SanitizerCanaryTest.cpp - The sanitized runtime tests are sanitized ===//
//
// Built only into neve-runtime-sanitized-tests: proves that the binary (and
// the runtime it links) really runs under AddressSanitizer and UBSan, so a
// green run of the runtime tests there means "no memory error found", not
// "nothing was checked".
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>

#if !defined(__SANITIZE_ADDRESS__)
#error "SanitizerCanaryTest.cpp must be built with -fsanitize=address"
#endif

namespace {

/// Keeps the compiler from removing the faulty accesses below.
char *volatile sink;

TEST(SanitizerCanaryDeathTest, HeapOverflowIsReported) {
  EXPECT_DEATH(
      {
        sink = static_cast<char *>(std::malloc(8));
        std::memset(sink, 0, 9); // one byte past the end
        std::free(sink);
      },
      "heap-buffer-overflow");
}

TEST(SanitizerCanaryDeathTest, SignedOverflowIsReported) {
  EXPECT_DEATH(
      {
        volatile int x = 0x7fffffff;
        volatile int y = x + 1;
        (void)y;
      },
      "signed integer overflow");
}

} // namespace
