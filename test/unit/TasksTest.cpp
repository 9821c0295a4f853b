//===- TasksTest.cpp - async, asyncs and finish -----------------*- C++ -*-===//
//
// The runtime's tasks (language reference §6.8.1, §6.8.3, Tasks.cpp): tid
// and tN in asyncs tasks, async tasks and the main thread; finish waits for
// every registered task (also nested, and registered from inside tasks);
// async without a finish; pool reuse over many spawns; tasks that block on
// each other; collection while tasks allocate; and the report of a runtime
// error raised in a task.
//
// Also built with ThreadSanitizer (neve-runtime-tsan-tests).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "tasks.nv", 1, 1

/// Runs `body(tid)` as `finish { asyncs n ... }`.
template <typename F> void runAsyncs(int64_t n, F &body) {
  neve_finish *f = neve_finish_begin();
  neve_asyncs(
      f, n, [](void *env) { (*static_cast<F *>(env))(neve_tid()); }, &body);
  neve_finish_end(f);
}

TEST(RuntimeTasks, MainThreadIsTid0Of1) {
  EXPECT_EQ(neve_tid(), 0);
  EXPECT_EQ(neve_tn(), 1);
  EXPECT_GE(neve_thw(), 1);
}

TEST(RuntimeTasks, AsyncsTidsEachExactlyOnce) {
  constexpr int kN = 16;
  std::atomic<int> seen[kN] = {};
  std::atomic<int> bad{0};
  auto body = [&](int32_t tid) {
    if (tid < 0 || tid >= kN || neve_tn() != kN) {
      ++bad;
      return;
    }
    auto *ctx = static_cast<neve_thread_context *>(neve_context());
    if (ctx->thread_id != tid)
      ++bad;
    seen[tid].fetch_add(1);
  };
  runAsyncs(kN, body);
  EXPECT_EQ(bad.load(), 0);
  for (int i = 0; i < kN; ++i)
    EXPECT_EQ(seen[i].load(), 1) << "tid " << i;
  // The main thread is unchanged.
  EXPECT_EQ(neve_tid(), 0);
  EXPECT_EQ(neve_tn(), 1);
}

TEST(RuntimeTasks, AsyncsOfZeroOrFewerStartsNothing) {
  std::atomic<int> ran{0};
  auto body = [&](int32_t) { ++ran; };
  runAsyncs(0, body);
  runAsyncs(-5, body);
  EXPECT_EQ(ran.load(), 0);
}

TEST(RuntimeTasks, AsyncSeesTid0Of1) {
  struct Env {
    std::atomic<int32_t> tid{-1}, tn{-1};
  } env;
  neve_finish *f = neve_finish_begin();
  neve_async(
      f,
      [](void *p) {
        auto *e = static_cast<Env *>(p);
        e->tid = neve_tid();
        e->tn = neve_tn();
      },
      &env);
  neve_finish_end(f);
  EXPECT_EQ(env.tid.load(), 0);
  EXPECT_EQ(env.tn.load(), 1);
}

TEST(RuntimeTasks, FinishWaitsForEveryTask) {
  std::atomic<int> done{0};
  auto body = [&](int32_t tid) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5 + 3 * tid));
    ++done;
  };
  runAsyncs(6, body);
  EXPECT_EQ(done.load(), 6);
  // An empty finish returns at once.
  neve_finish_end(neve_finish_begin());
  neve_finish_end(nullptr);
}

TEST(RuntimeTasks, NestedFinishAndTasksRegisteringWithOuterScope) {
  // outer { asyncs 3 { inner { asyncs 4 {...} }; async(outer) {...} } }
  struct Env {
    neve_finish *outer;
    std::atomic<int> innerDone{0}, innerSeenAtEnd{0}, lateDone{0};
  } env;
  env.outer = neve_finish_begin();
  neve_asyncs(
      env.outer, 3,
      [](void *p) {
        auto *e = static_cast<Env *>(p);
        neve_finish *inner = neve_finish_begin();
        neve_asyncs(
            inner, 4,
            [](void *q) {
              std::this_thread::sleep_for(std::chrono::milliseconds(2));
              ++static_cast<Env *>(q)->innerDone;
            },
            e);
        neve_finish_end(inner);
        e->innerSeenAtEnd += e->innerDone.load() >= 4 ? 1 : 0;
        // A task started inside the outer finish, from inside a task.
        neve_async(
            e->outer,
            [](void *q) {
              std::this_thread::sleep_for(std::chrono::milliseconds(10));
              ++static_cast<Env *>(q)->lateDone;
            },
            e);
      },
      &env);
  neve_finish_end(env.outer);
  EXPECT_EQ(env.innerDone.load(), 12);
  EXPECT_EQ(env.innerSeenAtEnd.load(), 3);
  EXPECT_EQ(env.lateDone.load(), 3);
}

TEST(RuntimeTasks, AsyncWithoutFinish) {
  static std::atomic<bool> ran{false};
  neve_async(nullptr, [](void *) { ran.store(true); }, nullptr);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!ran.load() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_TRUE(ran.load());
}

TEST(RuntimeTasks, ManySpawnsReuseThePool) {
  // 1500 x 4 = 6000 tasks: more than the 4096-thread cap, so this passes
  // only if finished workers are reused.
  std::atomic<int64_t> total{0};
  auto body = [&](int32_t tid) { total += tid + 1; };
  for (int round = 0; round < 1500; ++round)
    runAsyncs(4, body);
  EXPECT_EQ(total.load(), 1500 * (1 + 2 + 3 + 4));
}

TEST(RuntimeTasks, BlockedTasksDoNotStarveOthers) {
  // A ring of 24 tasks: task i waits for a token from task i-1, so all must
  // run at once (a fixed-size pool smaller than 24 would deadlock).
  constexpr int kN = 24;
  std::vector<neve_channel *> ring;
  for (int i = 0; i < kN; ++i)
    ring.push_back(neve_channel_new(1, 4));
  auto body = [&](int32_t tid) {
    int32_t token = 0;
    if (tid != 0) {
      ASSERT_TRUE(neve_channel_recv(ring[tid], &token));
    }
    token += tid;
    neve_channel_send(ring[(tid + 1) % kN], &token);
  };
  runAsyncs(kN, body);
  int32_t token = 0;
  ASSERT_TRUE(neve_channel_recv(ring[0], &token));
  EXPECT_EQ(token, kN * (kN - 1) / 2);
}

// Allocates through the runtime inside tasks while collections run; every
// object a task keeps (in a scanned array reachable from the shared
// environment) must survive with its contents.
//
// Under ThreadSanitizer the collector cannot stop the world while another
// thread waits for its allocation lock: TSan defers a signal that arrives
// inside an intercepted, non-blocking call such as pthread_mutex_lock until
// that call returns, so the waiter never acknowledges the collector's
// suspend signal and libgc aborts ("Signals delivery fails constantly").
// That is an incompatibility of TSan with libgc's signals, not a race, so
// there the tasks allocate with collection disabled and the collections run
// after the finish (the plain and ASan builds run the full test).
/// Garbage of the kept strings' size, to reuse anything wrongly freed.
__attribute__((noinline)) void churnAfter() {
  neve_str *prefix = neve_str_from_cstr("t0-");
  for (int i = 0; i < 100000; ++i)
    (void)neve_str_concat(prefix, neve_str_from_i64(i));
}

#if defined(__SANITIZE_THREAD__)
constexpr bool kCollectInTasks = false;
#else
constexpr bool kCollectInTasks = true;
#endif

TEST(RuntimeTasks, GcAllocationInsideTasksWithCollections) {
  constexpr int kTasks = 4, kKeep = 200, kGarbagePerKeep = 50;
  struct Env {
    neve_array *kept; // array of kTasks arrays of str, scanned
  };
  auto *env = static_cast<Env *>(GC_MALLOC(sizeof(Env)));
  env->kept = neve_array_new(sizeof(void *), kTasks);
  if (!kCollectInTasks)
    GC_disable();
  neve_finish *f = neve_finish_begin();
  neve_asyncs(
      f, kTasks,
      [](void *p) {
        auto *e = static_cast<Env *>(p);
        int32_t tid = neve_tid();
        neve_array *mine = neve_array_new(sizeof(void *), 0);
        std::memcpy(neve_array_at(e->kept, tid, LOC), &mine, sizeof(mine));
        neve_str *prefix = neve_str_from_cstr("t");
        for (int i = 0; i < kKeep; ++i) {
          for (int g = 0; g < kGarbagePerKeep; ++g)
            (void)neve_str_from_i64(g);
          neve_str *s = neve_str_concat(
              neve_str_concat(prefix, neve_str_from_i64(tid)),
              neve_str_concat(neve_str_from_cstr("-"), neve_str_from_i64(i)));
          neve_array_append(mine, &s, LOC);
          if (kCollectInTasks && i % 50 == 0 && tid == 0)
            GC_gcollect();
        }
      },
      env);
  neve_finish_end(f);
  if (!kCollectInTasks) {
    // The same deferral: let the workers reach their idle sem_wait (a call
    // TSan treats as blocking, where signals are delivered) before the
    // collector stops the world, instead of racing it in the pool's mutex.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    GC_enable();
  }
  GC_gcollect();
  churnAfter();
  GC_gcollect();
  for (int t = 0; t < kTasks; ++t) {
    neve_array *mine;
    std::memcpy(&mine, neve_array_at(env->kept, t, LOC), sizeof(mine));
    ASSERT_EQ(neve_array_size(mine, LOC), kKeep);
    for (int i = 0; i < kKeep; ++i) {
      neve_str *s;
      std::memcpy(&s, neve_array_at(mine, i, LOC), sizeof(s));
      ASSERT_EQ(std::string(s->data, size_t(s->size)),
                "t" + std::to_string(t) + "-" + std::to_string(i));
    }
  }
}

class RuntimeTasksDeathTest : public neve_test::ThreadsafeDeathTest {};

void failInTid3(void *) {
  if (neve_tid() == 3)
    neve_rt_error("tasks.nv", 4, 2, "boom");
  std::this_thread::sleep_for(std::chrono::seconds(5));
}

void failWithoutLocation(void *) {
  neve_rt_error("<runtime>", 0, 0, "native failed");
}

TEST_F(RuntimeTasksDeathTest, TaskInheritsTheSpawnersCallSite) {
  // A library's task started by a program's call reports that call.
  static const neve_site site = {"prog.nv", 30, 9};
  EXPECT_EXIT(
      {
        neve_rt_call_site = &site;
        neve_finish *f = neve_finish_begin();
        neve_asyncs(f, 2, failWithoutLocation, nullptr);
        neve_finish_end(f);
      },
      testing::ExitedWithCode(1),
      "prog\\.nv:30:9: runtime error: native failed \\(in thread tid [01] of "
      "2\\)");
}

TEST_F(RuntimeTasksDeathTest, ErrorInTaskNamesTheThread) {
  EXPECT_EXIT(
      {
        neve_finish *f = neve_finish_begin();
        neve_asyncs(f, 8, failInTid3, nullptr);
        neve_finish_end(f);
      },
      testing::ExitedWithCode(1),
      "tasks.nv:4:2: runtime error: boom \\(in thread tid 3 of 8\\)");
}

TEST_F(RuntimeTasksDeathTest, ErrorInAsyncNamesTheThread) {
  EXPECT_EXIT(
      {
        neve_finish *f = neve_finish_begin();
        neve_async(
            f, [](void *) { neve_rt_error("tasks.nv", 7, 3, "bad"); },
            nullptr);
        neve_finish_end(f);
      },
      testing::ExitedWithCode(1),
      "tasks.nv:7:3: runtime error: bad \\(in thread tid 0 of 1\\)");
}

TEST_F(RuntimeTasksDeathTest, ErrorInMainThreadHasNoSuffix) {
  EXPECT_EXIT(neve_rt_error("tasks.nv", 1, 1, "plain"),
              testing::ExitedWithCode(1),
              "^tasks.nv:1:1: runtime error: plain\n$");
}

TEST_F(RuntimeTasksDeathTest, TooManyThreadsIsAnError) {
  EXPECT_EXIT(neve_asyncs(nullptr, 5000, [](void *) {}, nullptr),
              testing::ExitedWithCode(1),
              "runtime error: too many threads: more than 4096 live threads");
}

} // namespace
