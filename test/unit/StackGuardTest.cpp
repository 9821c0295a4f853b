//===- StackGuardTest.cpp - Stack overflow as a run-time error --*- C++ -*-===//
//
// lib/Runtime/Core/StackGuard.cpp: which faults count as a stack overflow
// (isStackOverflow), and, in death tests, that an overflow of the main
// thread or of a task is reported with status 1 while other faults still
// kill the process with SIGSEGV. Not built under the sanitizers, which
// handle SIGSEGV and stack overflows themselves.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"
#include "StackGuard.h"

#include <csignal>

namespace {

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

constexpr uintptr_t kLow = uintptr_t(1) << 40; // a stack's lowest byte
constexpr uintptr_t kReach = uintptr_t(256) << 20;
constexpr uintptr_t kSp = kLow + 4096;         // a stack pointer inside it

TEST(StackGuard, FaultJustBelowTheStackIsAnOverflow) {
  EXPECT_TRUE(neve_rt::isStackOverflow(kLow - 8, kSp, kLow, kReach));
  EXPECT_TRUE(neve_rt::isStackOverflow(kLow - 1, kSp, kLow, kReach));
  EXPECT_TRUE(neve_rt::isStackOverflow(kLow - kReach, kSp, kLow, kReach));
}

TEST(StackGuard, StackPointerBelowTheStackIsAnOverflow) {
  // A 16 MB frame: the stack pointer jumped over the guard, and the first
  // access faults wherever the frame's bottom landed.
  uintptr_t sp = kLow - (uintptr_t(16) << 20);
  EXPECT_TRUE(neve_rt::isStackOverflow(sp, sp, kLow, kReach));
  EXPECT_TRUE(neve_rt::isStackOverflow(sp + 4096, sp, kLow, kReach));
}

TEST(StackGuard, OtherFaultsAreNot) {
  EXPECT_FALSE(neve_rt::isStackOverflow(0, kSp, kLow, kReach));  // nil
  EXPECT_FALSE(neve_rt::isStackOverflow(16, kSp, kLow, kReach)); // nil field
  EXPECT_FALSE(neve_rt::isStackOverflow(kLow, kSp, kLow, kReach));
  EXPECT_FALSE(neve_rt::isStackOverflow(kLow + 100, kSp, kLow, kReach));
  EXPECT_FALSE(
      neve_rt::isStackOverflow(kLow - kReach - 1, kSp, kLow, kReach));
  EXPECT_FALSE(neve_rt::isStackOverflow(~uintptr_t(0), kSp, kLow, kReach));
  // A thread whose stack is unknown (not started by the runtime).
  EXPECT_FALSE(neve_rt::isStackOverflow(kLow - 8, kLow - 8, 0, kReach));
  // A stack near address 0: the reach does not wrap around.
  EXPECT_FALSE(neve_rt::isStackOverflow(~uintptr_t(0) - 8, 8192, 4096,
                                        kReach));
  EXPECT_TRUE(neve_rt::isStackOverflow(100, 8192, 4096, kReach));
}

/// Unbounded recursion that no compiler turns into a loop: each frame
/// keeps a buffer that is read after the call.
__attribute__((noinline)) int recurse(int depth) {
  volatile char frame[256];
  frame[depth % 256] = char(depth);
  int below = recurse(depth + 1);
  return below + frame[(depth * 7) % 256];
}

class StackGuardDeathTest : public neve_test::ThreadsafeDeathTest {};

TEST_F(StackGuardDeathTest, MainThreadOverflowIsARuntimeError) {
  EXPECT_EXIT(
      {
        neve_rt::installStackOverflowHandler("deep.nv");
        recurse(0);
      },
      testing::ExitedWithCode(1), "^deep\\.nv: runtime error: stack overflow\n$");
}

TEST_F(StackGuardDeathTest, TaskOverflowNamesTheThread) {
  EXPECT_EXIT(
      {
        neve_rt::installStackOverflowHandler("deep.nv");
        neve_finish *f = neve_finish_begin();
        neve_asyncs(f, 2, [](void *) {
          if (neve_tid() == 1)
            recurse(0);
        }, nullptr);
        neve_finish_end(f);
      },
      testing::ExitedWithCode(1),
      "^deep\\.nv: runtime error: stack overflow \\(in thread tid 1 of 2\\)\n$");
}

TEST_F(StackGuardDeathTest, OtherFaultsStillKillWithSigsegv) {
  EXPECT_EXIT(
      {
        neve_rt::installStackOverflowHandler("nil.nv");
        *static_cast<volatile int *>(nullptr) = 1;
      },
      testing::KilledBySignal(SIGSEGV), "");
  // A SIGSEGV sent by another process is not a fault of this thread.
  EXPECT_EXIT(
      {
        neve_rt::installStackOverflowHandler("sent.nv");
        raise(SIGSEGV);
      },
      testing::KilledBySignal(SIGSEGV), "");
}

} // namespace
