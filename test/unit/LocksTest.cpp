//===- LocksTest.cpp - Named process-wide locks -----------------*- C++ -*-===//
//
// `lock "name"` (language reference §6.8.4, Locks.cpp): names are interned,
// and a lock excludes every other holder (a plain counter incremented under
// it by several tasks comes out exact; under ThreadSanitizer this also shows
// that a release happens before the next acquisition).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <atomic>
#include <string>

namespace {

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

TEST(RuntimeLocks, NamesAreInterned) {
  void *a = neve_lock_get("a");
  EXPECT_NE(a, nullptr);
  std::string name = "a";
  EXPECT_EQ(neve_lock_get(name.c_str()), a); // by content, not address
  EXPECT_NE(neve_lock_get("b"), a);
  EXPECT_EQ(neve_lock_get(""), neve_lock_get(nullptr)); // the anonymous lock
  EXPECT_NE(neve_lock_get(""), a);
}

TEST(RuntimeLocks, MutualExclusion) {
  struct Env {
    int64_t counter = 0; // not atomic: only ever touched under the lock
    int64_t other = 0;   // under a second lock
  } env;
  constexpr int kTasks = 4, kIters = 20000;
  neve_finish *f = neve_finish_begin();
  neve_asyncs(
      f, kTasks,
      [](void *p) {
        auto *e = static_cast<Env *>(p);
        for (int i = 0; i < kIters; ++i) {
          void *lock = neve_lock_get("counter");
          neve_lock_acquire(lock);
          ++e->counter;
          neve_lock_release(lock);
          if (i % 16 == 0) {
            void *anon = neve_lock_get("");
            neve_lock_acquire(anon);
            ++e->other;
            neve_lock_release(anon);
          }
        }
      },
      &env);
  neve_finish_end(f);
  EXPECT_EQ(env.counter, int64_t(kTasks) * kIters);
  EXPECT_EQ(env.other, int64_t(kTasks) * (kIters / 16));
}

} // namespace
