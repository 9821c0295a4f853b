//===- GpuReclaimTest.cpp - Device buffers freed by the collector -*- C++ -*-===//
//
// Tests of lib/Runtime/GPU/Reclaim.cpp: when device memory asks for a
// collection (ReclaimPolicy), the queue the finalizers fill, the
// allocator's free on a block's own stream, and, over the fake driver with
// the real collector, buffers tied to owners that become garbage going
// back to the allocator: through gpu_collect, at tarena_reset, and when
// the device runs out of memory (in a fresh process with a memory limit).
// No test needs a GPU.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"
#include "GpuRuntimeTestSupport.h"
#include "Reclaim.h"

#include <gc.h>

#include <algorithm>
#include <cstdio>
#include <thread>
#include <vector>

extern "C" {
void gpu_free_when_collected(void *ctx, void *owner, float *buffer);
int64_t gpu_collect(void *ctx);
int64_t gpu_memory_allocated(void *ctx);
int64_t gpu_max_memory_allocated(void *ctx);
void gpu_reset_peak_memory_stats(void *ctx);
}

namespace {

using namespace neve_test;
using neve_gpu::ReclaimPolicy;
using neve_gpu::ReclaimQueue;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

using GpuReclaimDeathTest = neve_test::ThreadsafeDeathTest;

TEST(GpuReclaim, PolicyWaitsForTheMinimumThenForWhatSurvived) {
  ReclaimPolicy p(100);
  EXPECT_FALSE(p.tied(60));
  EXPECT_TRUE(p.tied(50)); // 110 tied since the start
  p.collected();           // nothing was garbage: wait for 110 more
  EXPECT_EQ(p.tiedBytes(), 110u);
  p.freed(80);
  EXPECT_FALSE(p.tied(100));
  EXPECT_TRUE(p.tied(10));
  p.collected(); // 140 live: the next window is 140
  EXPECT_FALSE(p.tied(139));
  EXPECT_TRUE(p.tied(1));
  p.freed(1000); // more than is tied: clamped
  EXPECT_EQ(p.tiedBytes(), 0u);
  p.collected(); // back to the minimum
  EXPECT_FALSE(p.tied(99));
  EXPECT_TRUE(p.tied(1));
}

TEST(GpuReclaim, QueueTakesWhatEveryThreadPushed) {
  ReclaimQueue q;
  std::vector<std::thread> threads;
  for (uint64_t t = 0; t < 4; ++t)
    threads.emplace_back([&q, t] {
      for (uint64_t i = 0; i < 1000; ++i)
        q.push(t * 1000 + i + 1);
    });
  for (std::thread &t : threads)
    t.join();
  std::vector<uint64_t> got = q.take();
  ASSERT_EQ(got.size(), 4000u);
  std::sort(got.begin(), got.end());
  for (uint64_t i = 0; i < 4000; ++i)
    EXPECT_EQ(got[i], i + 1);
  EXPECT_TRUE(q.take().empty());
}

/// The allocator half: a block goes back to the list of the stream it was
/// allocated for, whoever frees it.
class CountingBackend : public neve_gpu::AllocBackend {
public:
  uint64_t allocate(uint64_t bytes) override {
    uint64_t p = next;
    next += bytes + 4096;
    return p;
  }
  void release(uint64_t) override {}
  void synchronize() override {}
  bool capturing() override { return false; }
  void orderAfter(neve_gpu::StreamKey, neve_gpu::StreamKey) override {}
  uint64_t next = 1 << 20;
};

TEST(GpuReclaim, FreeOnOwnStreamKeepsTheStreamRule) {
  CountingBackend backend;
  neve_gpu::CachingAllocator a(backend);
  int s1 = 0, s2 = 0;
  uint64_t p = a.allocate(1000, &s1, nullptr);
  EXPECT_EQ(a.freeOnOwnStream(p), 1024u);
  EXPECT_EQ(a.freeOnOwnStream(p), 0u); // not live any more
  EXPECT_EQ(a.stats().bytesInUse, 0u);
  EXPECT_NE(a.allocate(1000, &s2, nullptr), p); // another stream: not yet
  EXPECT_EQ(a.allocate(1000, &s1, nullptr), p); // its own stream
}

TEST(GpuReclaim, ResetPeakStartsFromTheBytesInUse) {
  CountingBackend backend;
  neve_gpu::CachingAllocator a(backend);
  int s = 0;
  uint64_t p = a.allocate(4096, &s, nullptr);
  uint64_t q = a.allocate(4096, &s, nullptr);
  a.free(q, &s);
  EXPECT_EQ(a.stats().peakBytesInUse, 8192u);
  a.resetPeak();
  EXPECT_EQ(a.stats().peakBytesInUse, 4096u);
  a.free(p, &s);
}

TEST(GpuReclaim, ArenaKnowsItsChunks) {
  CountingBackend backend;
  neve_gpu::CachingAllocator a(backend);
  neve_gpu::Arena arena(a, backend, 1 << 16); // chunks of at least 2 MiB
  int s = 0;
  uint64_t p = arena.allocate(1000, &s, nullptr);
  uint64_t q = arena.allocate(1000, &s, nullptr);
  uint64_t other = a.allocate(1000, &s, nullptr);
  EXPECT_TRUE(arena.holds(p));
  EXPECT_TRUE(arena.holds(q + 999));
  EXPECT_TRUE(arena.holds(p + (2 << 20) - 1));
  EXPECT_FALSE(arena.holds(p + (2 << 20)));
  EXPECT_FALSE(arena.holds(other));
}

/// Ties \p n buffers of \p bytes to new collected owners and drops the
/// owners (kept out of line, so that no owner stays in this frame).
__attribute__((noinline)) void tieGarbage(int n, int64_t bytes) {
  void *ctx = neve_context();
  for (int i = 0; i < n; ++i) {
    void *owner = GC_MALLOC(64);
    gpu_free_when_collected(ctx, owner, cumalloc(ctx, bytes));
  }
}

__attribute__((noinline)) void clobberStack() {
  volatile char scratch[16384];
  for (size_t i = 0; i < sizeof(scratch); ++i)
    scratch[i] = 0;
}

TEST(GpuReclaim, CollectedOwnersGiveTheirBuffersBack) {
  void *ctx = neve_context();
  neve_gpu_stream();
  int64_t before = gpu_memory_allocated(ctx);
  std::vector<void *> kept;
  for (int i = 0; i < 4; ++i) { // live owners: their buffers stay
    void *owner = GC_MALLOC(64);
    gpu_free_when_collected(ctx, owner, cumalloc(ctx, 1 << 20));
    kept.push_back(owner);
  }
  // (kept's storage is not scanned by the collector: root it)
  void **roots = static_cast<void **>(GC_MALLOC(4 * sizeof(void *)));
  for (int i = 0; i < 4; ++i)
    roots[i] = kept[i];
  tieGarbage(64, 1 << 20);
  clobberStack();
  EXPECT_EQ(gpu_memory_allocated(ctx), before + (68 << 20));
  int64_t freed = gpu_collect(ctx);
  // The collector is conservative: allow a few garbage owners to survive.
  EXPECT_GE(freed, int64_t(60) << 20);
  EXPECT_LE(freed, int64_t(64) << 20);
  EXPECT_GE(gpu_memory_allocated(ctx), before + (4 << 20));
  EXPECT_EQ(gpu_max_memory_allocated(ctx) >= before + (68 << 20), true);
  gpu_reset_peak_memory_stats(ctx);
  EXPECT_EQ(gpu_max_memory_allocated(ctx), gpu_memory_allocated(ctx));
  GC_reachable_here(roots);
}

TEST_F(GpuReclaimDeathTest, ArenaMemoryCannotBeTied) {
  EXPECT_EXIT(
      {
        void *ctx = neve_context();
        // the first arena buffer is a chunk's base: a block of the caching
        // allocator, and still arena memory
        gpu_free_when_collected(ctx, GC_MALLOC(64),
                                static_cast<float *>(
                                    neve_gpu_arena_alloc(1024)));
      },
      testing::ExitedWithCode(1),
      "gpu_free_when_collected: not a buffer of the caching allocator");
}

// 4 MiB of device memory and 40 buffers of 1 MiB whose owners become
// garbage at once: the allocations that find the device full run the
// collector and succeed. Without it the fifth would end the program.
TEST_F(GpuReclaimDeathTest, OutOfMemoryCollectsGarbageOwnersFirst) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_MEM_LIMIT", "4194304", 1);
        for (int i = 0; i < 40; ++i)
          tieGarbage(1, 1 << 20);
        int64_t used = gpu_memory_allocated(nullptr);
        std::fprintf(stderr, "40 buffers, %lld bytes in use\n",
                     static_cast<long long>(used));
        _exit(used <= (4 << 20) ? 0 : 2);
      },
      testing::ExitedWithCode(0), "40 buffers, [0-9]+ bytes in use");
}

} // namespace
