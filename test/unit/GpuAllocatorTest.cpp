//===- GpuAllocatorTest.cpp - Device allocator and arena --------*- C++ -*-===//
//
// Unit tests of lib/Runtime/GPU/Allocator.cpp with a fake backend (no
// driver): size classes, reuse under the stream rule, statistics,
// release-and-retry on out of memory, capture, the arena's bump
// allocation, reset and cross-stream order, and concurrent use.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace {

using neve_gpu::AllocFailure;
using neve_gpu::Arena;
using neve_gpu::CachingAllocator;
using neve_gpu::StreamKey;

constexpr uint64_t KiB = 1024, MiB = 1024 * 1024;

/// Device memory as address ranges with a capacity.
class FakeBackend : public neve_gpu::AllocBackend {
public:
  explicit FakeBackend(uint64_t capacity = 1ull << 40) : capacity(capacity) {}

  uint64_t allocate(uint64_t bytes) override {
    std::lock_guard<std::mutex> g(lock);
    ++allocateCalls;
    if (held + bytes > capacity)
      return 0;
    held += bytes;
    uint64_t p = next;
    next += bytes + 4096;
    sizes.emplace_back(p, bytes);
    return p;
  }
  void release(uint64_t ptr) override {
    std::lock_guard<std::mutex> g(lock);
    EXPECT_GT(syncs, 0) << "released without waiting for the device";
    auto it = std::find_if(sizes.begin(), sizes.end(),
                           [&](auto &e) { return e.first == ptr; });
    ASSERT_NE(it, sizes.end());
    held -= it->second;
    released.push_back(ptr);
    sizes.erase(it);
  }
  void synchronize() override { ++syncs; }
  bool capturing() override { return capture; }
  void orderAfter(StreamKey waiter, StreamKey signaler) override {
    orders.emplace_back(waiter, signaler);
  }

  std::mutex lock;
  uint64_t capacity;
  uint64_t held = 0;
  uint64_t next = 0x100000;
  int allocateCalls = 0;
  int syncs = 0;
  bool capture = false;
  std::vector<std::pair<uint64_t, uint64_t>> sizes;
  std::vector<uint64_t> released;
  std::vector<std::pair<StreamKey, StreamKey>> orders;
};

const StreamKey A = reinterpret_cast<StreamKey>(0xa);
const StreamKey B = reinterpret_cast<StreamKey>(0xb);

TEST(GpuAllocator, SizeClasses) {
  EXPECT_EQ(CachingAllocator::classSize(0), 512u);
  EXPECT_EQ(CachingAllocator::classSize(1), 512u);
  EXPECT_EQ(CachingAllocator::classSize(512), 512u);
  EXPECT_EQ(CachingAllocator::classSize(513), 1024u);
  EXPECT_EQ(CachingAllocator::classSize(1000 * KiB), 1000 * KiB);
  EXPECT_EQ(CachingAllocator::classSize(MiB), MiB);
  EXPECT_EQ(CachingAllocator::classSize(MiB + 1), 2 * MiB);
  EXPECT_EQ(CachingAllocator::classSize(3 * MiB), 4 * MiB);
  EXPECT_EQ(CachingAllocator::classSize(4 * MiB), 4 * MiB);
}

TEST(GpuAllocator, ReusesOnTheSameStream) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  uint64_t p = alloc.allocate(1000, A, nullptr);
  ASSERT_NE(p, 0u);
  EXPECT_EQ(alloc.blockSize(p), 1024u);
  EXPECT_TRUE(alloc.free(p, A));
  uint64_t q = alloc.allocate(700, A, nullptr); // same class (1024)
  EXPECT_EQ(q, p);
  auto s = alloc.stats();
  EXPECT_EQ(s.allocations, 2u);
  EXPECT_EQ(s.reuses, 1u);
  EXPECT_EQ(s.deviceAllocations, 1u);
  EXPECT_EQ(s.frees, 1u);
  EXPECT_EQ(s.bytesInUse, 1024u);
  EXPECT_EQ(s.bytesCached, 0u);
  EXPECT_EQ(backend.allocateCalls, 1);
}

TEST(GpuAllocator, OtherClassesAreNotReused) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  uint64_t p = alloc.allocate(512, A, nullptr);
  alloc.free(p, A);
  uint64_t q = alloc.allocate(2048, A, nullptr);
  EXPECT_NE(q, p);
  uint64_t big = alloc.allocate(3 * MiB, A, nullptr);
  alloc.free(big, A);
  EXPECT_NE(alloc.allocate(2 * MiB, A, nullptr), big); // 2 MiB vs 4 MiB class
  EXPECT_EQ(alloc.allocate(4 * MiB, A, nullptr), big);
}

TEST(GpuAllocator, OtherStreamsWaitUntilTheStreamIsIdle) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  uint64_t p = alloc.allocate(4096, A, nullptr);
  alloc.free(p, A);
  // Work queued on A before the free may still use p.
  uint64_t q = alloc.allocate(4096, B, nullptr);
  EXPECT_NE(q, p);
  alloc.streamIdle(A);
  uint64_t r = alloc.allocate(4096, B, nullptr);
  EXPECT_EQ(r, p);
  EXPECT_EQ(alloc.stats().reuses, 1u);
}

TEST(GpuAllocator, StatisticsTrackBytesAndPeak) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  uint64_t a = alloc.allocate(100, A, nullptr);      // 512
  uint64_t b = alloc.allocate(MiB + 10, A, nullptr); // 2 MiB
  auto s = alloc.stats();
  EXPECT_EQ(s.bytesInUse, 512 + 2 * MiB);
  EXPECT_EQ(s.peakBytesInUse, 512 + 2 * MiB);
  alloc.free(b, A);
  s = alloc.stats();
  EXPECT_EQ(s.bytesInUse, 512u);
  EXPECT_EQ(s.bytesCached, 2 * MiB);
  EXPECT_EQ(s.peakBytesInUse, 512 + 2 * MiB);
  alloc.free(a, A);
  EXPECT_EQ(alloc.stats().bytesCached, 2 * MiB + 512);
}

TEST(GpuAllocator, UnknownAndDoubleFreesAreRefused) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  uint64_t p = alloc.allocate(64, A, nullptr);
  EXPECT_FALSE(alloc.free(p + 8, A));
  EXPECT_TRUE(alloc.free(p, A));
  EXPECT_FALSE(alloc.free(p, A));
  EXPECT_EQ(alloc.blockSize(p), 0u);
}

TEST(GpuAllocator, OutOfMemoryReleasesTheCacheAndRetries) {
  FakeBackend backend(6 * MiB);
  CachingAllocator alloc(backend);
  uint64_t a = alloc.allocate(2 * MiB, A, nullptr);
  uint64_t b = alloc.allocate(2 * MiB, B, nullptr);
  alloc.free(a, A);
  alloc.free(b, B);
  // 4 MiB cached, 2 MiB free on the device: 4 MiB fit only after release.
  AllocFailure failure;
  uint64_t c = alloc.allocate(4 * MiB, A, &failure);
  ASSERT_NE(c, 0u);
  EXPECT_EQ(backend.syncs, 1);
  EXPECT_EQ(backend.released.size(), 2u);
  auto s = alloc.stats();
  EXPECT_EQ(s.cacheReleases, 1u);
  EXPECT_EQ(s.bytesCached, 0u);
  EXPECT_EQ(s.bytesInUse, 4 * MiB);
}

TEST(GpuAllocator, OutOfMemoryAfterRetryIsReported) {
  FakeBackend backend(4 * MiB);
  CachingAllocator alloc(backend);
  uint64_t a = alloc.allocate(2 * MiB, A, nullptr);
  uint64_t b = alloc.allocate(1000, A, nullptr);
  alloc.free(b, A);
  AllocFailure failure;
  EXPECT_EQ(alloc.allocate(8 * MiB, A, &failure), 0u);
  EXPECT_EQ(failure.requested, 8 * MiB);
  EXPECT_EQ(failure.inUse, 2 * MiB);
  EXPECT_EQ(failure.cached, 0u); // released before the retry
  EXPECT_EQ(neve_gpu::describeAllocFailure(failure),
            "out of device memory: 8388608 bytes requested, 2097152 bytes in "
            "use, 0 cached");
  EXPECT_EQ(alloc.stats().cacheReleases, 1u);
  (void)a;
}

TEST(GpuAllocator, CaptureNeverReleasesTheCache) {
  FakeBackend backend(4 * MiB);
  CachingAllocator alloc(backend);
  uint64_t a = alloc.allocate(2 * MiB, A, nullptr);
  alloc.free(a, A);
  backend.capture = true;
  AllocFailure failure;
  EXPECT_EQ(alloc.allocate(4 * MiB, A, &failure), 0u);
  EXPECT_EQ(backend.syncs, 0);
  EXPECT_TRUE(backend.released.empty());
  EXPECT_TRUE(failure.capturing);
  EXPECT_EQ(failure.cached, 2 * MiB);
  EXPECT_EQ(neve_gpu::describeAllocFailure(failure),
            "out of device memory: 4194304 bytes requested, 0 bytes in use, "
            "2097152 cached (not released: a CUDA graph is being captured)");
  EXPECT_EQ(alloc.releaseCached(), 0u);
  // Cached blocks still serve the capture.
  EXPECT_EQ(alloc.allocate(2 * MiB, A, nullptr), a);
}

TEST(GpuAllocator, ReleaseCachedGivesEverythingBack) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  std::vector<uint64_t> ps;
  for (int i = 0; i < 5; ++i)
    ps.push_back(alloc.allocate(1000 * (i + 1), i % 2 ? A : B, nullptr));
  for (int i = 0; i < 5; ++i)
    alloc.free(ps[i], i % 2 ? A : B);
  uint64_t cached = alloc.stats().bytesCached;
  EXPECT_EQ(alloc.releaseCached(), cached);
  EXPECT_EQ(backend.held, 0u);
  EXPECT_EQ(alloc.stats().bytesCached, 0u);
}

TEST(GpuArena, BumpAllocatesAlignedSlotsInOneChunk) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  Arena arena(alloc, backend, 4 * MiB);
  uint64_t a = arena.allocate(10, A, nullptr);
  uint64_t b = arena.allocate(300, A, nullptr);
  uint64_t c = arena.allocate(0, A, nullptr);
  uint64_t d = arena.allocate(256, A, nullptr);
  EXPECT_EQ(a % 256, 0u);
  EXPECT_EQ(b, a + 256);
  EXPECT_EQ(c, b + 512);
  EXPECT_EQ(d, c + 256);
  EXPECT_EQ(backend.allocateCalls, 1);
  auto s = arena.stats();
  EXPECT_EQ(s.chunks, 1u);
  EXPECT_EQ(s.chunkBytes, 4 * MiB);
  EXPECT_EQ(s.usedBytes, 256 + 512 + 256 + 256u);
}

TEST(GpuArena, ResetRecyclesEverything) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  Arena arena(alloc, backend, 1 * MiB);
  auto round = [&] {
    std::vector<uint64_t> ps;
    for (uint64_t bytes : {300 * KiB, 500 * KiB, 400 * KiB, 3 * MiB, 100 * KiB})
      ps.push_back(arena.allocate(bytes, A, nullptr));
    return ps;
  };
  std::vector<uint64_t> first = round();
  int calls = backend.allocateCalls;
  auto s = arena.stats();
  EXPECT_EQ(s.highWater,
            300 * KiB + 500 * KiB + 400 * KiB + 3 * MiB + 100 * KiB);
  arena.reset();
  EXPECT_EQ(arena.stats().usedBytes, 0u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(round(), first);
    arena.reset();
  }
  EXPECT_EQ(backend.allocateCalls, calls); // no growth after the first round
  EXPECT_EQ(arena.stats().resets, 4u);
  EXPECT_EQ(arena.stats().chunks, s.chunks);
  // The chunks count as memory in use for the allocator.
  EXPECT_EQ(alloc.stats().bytesInUse, arena.stats().chunkBytes);
}

TEST(GpuArena, AnotherStreamIsOrderedAfterThePreviousEpoch) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  Arena arena(alloc, backend, 1 * MiB);
  arena.allocate(100, A, nullptr);
  arena.allocate(100, A, nullptr);
  EXPECT_TRUE(backend.orders.empty()); // nothing before the first reset
  arena.reset();
  arena.allocate(100, A, nullptr); // the same stream: in order already
  EXPECT_TRUE(backend.orders.empty());
  arena.allocate(100, B, nullptr); // A may still use the recycled memory
  ASSERT_EQ(backend.orders.size(), 1u);
  EXPECT_EQ(backend.orders[0], std::make_pair(B, A));
  arena.allocate(100, B, nullptr); // once per stream and epoch
  EXPECT_EQ(backend.orders.size(), 1u);
  arena.reset();
  arena.reset(); // an empty epoch keeps the streams to wait for
  arena.allocate(100, B, nullptr);
  ASSERT_EQ(backend.orders.size(), 2u);
  EXPECT_EQ(backend.orders[1], std::make_pair(B, A));
  arena.allocate(100, A, nullptr);
  ASSERT_EQ(backend.orders.size(), 3u);
  EXPECT_EQ(backend.orders[2], std::make_pair(A, B));
}

TEST(GpuArena, OutOfMemoryNamesTheRequest) {
  FakeBackend backend(2 * MiB);
  CachingAllocator alloc(backend);
  Arena arena(alloc, backend, 1 * MiB);
  AllocFailure failure;
  EXPECT_EQ(arena.allocate(5 * MiB, A, &failure), 0u);
  EXPECT_EQ(failure.requested, 5 * MiB);
}

TEST(GpuAllocator, ConcurrentThreadsOnTheirOwnStreams) {
  FakeBackend backend;
  CachingAllocator alloc(backend);
  Arena arena(alloc, backend, 1 * MiB);
  std::atomic<bool> overlap{false};
  auto work = [&](int t) {
    StreamKey s = reinterpret_cast<StreamKey>(uintptr_t(0x100 + t));
    std::vector<uint64_t> mine;
    for (int i = 0; i < 2000; ++i) {
      mine.push_back(alloc.allocate(512 * (1 + (i + t) % 7), s, nullptr));
      arena.allocate(64, s, nullptr);
      if (mine.size() > 8) {
        alloc.free(mine.front(), s);
        mine.erase(mine.begin());
      }
      if (i % 500 == 0)
        alloc.streamIdle(s);
    }
    for (uint64_t p : mine) {
      if (alloc.blockSize(p) == 0)
        overlap = true;
      alloc.free(p, s);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(work, t);
  for (auto &t : threads)
    t.join();
  EXPECT_FALSE(overlap.load());
  auto s = alloc.stats();
  // Everything freed but the arena's chunks.
  EXPECT_EQ(s.bytesInUse, arena.stats().chunkBytes);
  EXPECT_EQ(s.allocations, s.frees + arena.stats().chunks);
  EXPECT_GT(s.reuses, 0u);
}

} // namespace
