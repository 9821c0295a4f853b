//===- TsanCanaryTest.cpp - The TSan tests are really sanitized -*- C++ -*-===//
//
// Built only into neve-runtime-tsan-tests: proves that the binary runs under
// ThreadSanitizer with the options of test/unit/CMakeLists.txt (a report
// ends the process with status 66), so a green run of the concurrency tests
// there means "no data race found", not "nothing was checked".
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <thread>

#if !defined(__SANITIZE_THREAD__)
#error "TsanCanaryTest.cpp must be built with -fsanitize=thread"
#endif

namespace {

/// Written by two threads with nothing ordering the writes.
int racyCounter;

__attribute__((noinline)) void bump() { racyCounter = racyCounter + 1; }

[[noreturn]] void raceAndExit() {
  std::thread a(bump);
  std::thread b(bump);
  a.join();
  b.join();
  std::exit(0); // reached only if ThreadSanitizer did not stop the process
}

class TsanCanaryDeathTest : public neve_test::ThreadsafeDeathTest {};

TEST_F(TsanCanaryDeathTest, DataRaceIsReported) {
  EXPECT_EXIT(raceAndExit(), testing::ExitedWithCode(66),
              "ThreadSanitizer: data race");
}

} // namespace
