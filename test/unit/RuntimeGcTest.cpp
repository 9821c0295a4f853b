//===- RuntimeGcTest.cpp - Garbage collection stress tests ------*- C++ -*-===//
//
// Stress tests of the runtime's use of the Boehm collector (§4.2: host
// memory is garbage collected). Millions of small strings and arrays are
// made through the runtime's own entry points; most become garbage at once,
// a sample is kept live only through collected containers (scanned arrays)
// and the stacks. The tests check that
//   * the collector runs and reclaims memory: the heap stays bounded far
//     below the bytes allocated, and finalizers of sampled garbage run;
//   * it never frees live data: every kept object still holds its contents
//     afterwards, and no kept object's finalizer ever runs;
// also with several registered threads allocating at once.
//
// They also run under AddressSanitizer (neve-runtime-sanitized-tests).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "gc.nv", 1, 1

/// No allocation pattern below needs more than this much heap: the live
/// data is well under 1 MiB, and the garbage is collected as it goes.
constexpr size_t kHeapBound = 64u << 20;

std::atomic<int64_t> keptFinalized{0};
std::atomic<int64_t> garbageFinalized{0};

void countKept(void *, void *) { ++keptFinalized; }
void countGarbage(void *, void *) { ++garbageFinalized; }

void pushPtr(neve_array *a, const void *p) { neve_array_append(a, &p, LOC); }

template <typename T> T elem(neve_array *a, int64_t i) {
  T v;
  std::memcpy(&v, neve_array_at(a, i, LOC), sizeof(T));
  return v;
}

std::string text(const neve_str *s) {
  return std::string(s->data, static_cast<size_t>(s->size));
}

/// `"item-" + i`, made as compiled code makes it: two collected strings.
neve_str *itemString(const neve_str *prefix, int64_t i) {
  return neve_str_concat(prefix, neve_str_from_i64(i));
}

/// An array<i64> holding i, 2i, 3i (grown by appends, so its storage is
/// reallocated on the way).
neve_array *itemArray(int64_t i) {
  neve_array *a = neve_array_new_atomic(sizeof(int64_t), 0);
  for (int64_t k = 1; k <= 3; ++k) {
    int64_t v = i * k;
    neve_array_append(a, &v, LOC);
  }
  return a;
}

/// Allocates \p rounds strings and arrays, keeping every \p keepEvery-th
/// pair in \p keptStrs / \p keptArrays (scanned arrays) and registering
/// finalizers on a sample of both kinds. Returns the largest heap size seen.
size_t churn(int64_t rounds, int64_t keepEvery, neve_array *keptStrs,
             neve_array *keptArrays, int64_t base) {
  neve_str *prefix = neve_str_from_cstr("item-");
  size_t maxHeap = 0;
  for (int64_t i = 0; i < rounds; ++i) {
    neve_str *s = itemString(prefix, base + i);
    neve_array *a = itemArray(base + i);
    if (i % keepEvery == 0) {
      GC_REGISTER_FINALIZER(s, countKept, nullptr, nullptr, nullptr);
      pushPtr(keptStrs, s);
      pushPtr(keptArrays, a);
    } else if (i % keepEvery == keepEvery / 2) {
      GC_REGISTER_FINALIZER(s, countGarbage, nullptr, nullptr, nullptr);
    }
    if ((i & 0xffff) == 0)
      maxHeap = std::max(maxHeap, GC_get_heap_size());
  }
  return std::max(maxHeap, GC_get_heap_size());
}

/// Checks every kept pair made by churn(rounds, keepEvery, ..., base).
void verifyKept(neve_array *keptStrs, neve_array *keptArrays, int64_t rounds,
                int64_t keepEvery, int64_t base) {
  int64_t expected = (rounds + keepEvery - 1) / keepEvery;
  ASSERT_EQ(neve_array_size(keptStrs, LOC), expected);
  ASSERT_EQ(neve_array_size(keptArrays, LOC), expected);
  for (int64_t k = 0; k < expected; ++k) {
    int64_t i = base + k * keepEvery;
    auto *s = elem<neve_str *>(keptStrs, k);
    ASSERT_EQ(text(s), "item-" + std::to_string(i)) << "kept string " << k;
    auto *a = elem<neve_array *>(keptArrays, k);
    ASSERT_EQ(neve_array_size(a, LOC), 3) << "kept array " << k;
    for (int64_t m = 0; m < 3; ++m)
      ASSERT_EQ(elem<int64_t>(a, m), i * (m + 1)) << "kept array " << k;
  }
}

TEST(RuntimeGc, ReclaimsGarbageAndKeepsLiveData) {
  GC_gcollect();
  keptFinalized = 0;
  garbageFinalized = 0;
  GC_word collectionsBefore = GC_get_gc_no();
  size_t bytesBefore = GC_get_total_bytes();

  // The kept objects are reachable only through these scanned arrays.
  neve_array *keptStrs = neve_array_new(sizeof(neve_str *), 0);
  neve_array *keptArrays = neve_array_new(sizeof(neve_array *), 0);
  const int64_t rounds = 2'000'000, keepEvery = 1000;
  size_t maxHeap = churn(rounds, keepEvery, keptStrs, keptArrays, 0);

  size_t allocated = GC_get_total_bytes() - bytesBefore;
  RecordProperty("allocated_bytes", std::to_string(allocated));
  RecordProperty("max_heap_bytes", std::to_string(maxHeap));
  // Each round allocates two strings, an array header and its storage
  // (grown twice): hundreds of MiB in all.
  EXPECT_GT(allocated, 4 * kHeapBound);
  EXPECT_LT(maxHeap, kHeapBound)
      << "the heap grew with the garbage: " << maxHeap << " bytes after "
      << allocated << " allocated";
  EXPECT_GT(GC_get_gc_no(), collectionsBefore + 10);

  GC_gcollect();
  GC_invoke_finalizers();
  verifyKept(keptStrs, keptArrays, rounds, keepEvery, 0);
  EXPECT_EQ(keptFinalized.load(), 0) << "a live string was collected";
  // Conservative scanning may retain a few; nearly all 2000 are reclaimed.
  EXPECT_GT(garbageFinalized.load(), 1500);
}

TEST(RuntimeGc, NestedContainersStayAlive) {
  // array<array<str>> built while garbage churns: the inner arrays and
  // their strings are reachable only through the outer array's storage.
  neve_array *outer = neve_array_new(sizeof(neve_array *), 0);
  neve_str *prefix = neve_str_from_cstr("s");
  for (int64_t i = 0; i < 200; ++i) {
    neve_array *inner = neve_array_new(sizeof(neve_str *), 0);
    for (int64_t j = 0; j < 50; ++j) {
      pushPtr(inner, neve_str_concat(prefix, neve_str_from_i64(i * 100 + j)));
      for (int g = 0; g < 100; ++g) // garbage between the live objects
        neve_str_from_i64(g);
    }
    pushPtr(outer, inner);
  }
  for (int round = 0; round < 3; ++round)
    GC_gcollect();
  for (int64_t i = 0; i < 200; ++i) {
    auto *inner = elem<neve_array *>(outer, i);
    ASSERT_EQ(neve_array_size(inner, LOC), 50);
    for (int64_t j = 0; j < 50; ++j)
      ASSERT_EQ(text(elem<neve_str *>(inner, j)),
                "s" + std::to_string(i * 100 + j));
  }
}

TEST(RuntimeGc, ThreadsAllocateConcurrently) {
  GC_gcollect();
  keptFinalized = 0;
  const int threads = 4;
  const int64_t rounds = 300'000, keepEvery = 500;
  // The per-thread results are published through this scanned array, so the
  // collector sees them while other threads still allocate.
  neve_array *roots = neve_array_new(sizeof(neve_array *), 2 * threads);
  std::vector<size_t> maxHeaps(threads);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      neve_test::GcThreadScope scope;
      neve_array *s = neve_array_new(sizeof(neve_str *), 0);
      neve_array *a = neve_array_new(sizeof(neve_array *), 0);
      std::memcpy(neve_array_at(roots, 2 * t, LOC), &s, sizeof(s));
      std::memcpy(neve_array_at(roots, 2 * t + 1, LOC), &a, sizeof(a));
      maxHeaps[t] = churn(rounds, keepEvery, s, a, t * rounds);
    });
  for (auto &w : workers)
    w.join();
  GC_gcollect();
  GC_invoke_finalizers();
  for (int t = 0; t < threads; ++t) {
    EXPECT_LT(maxHeaps[t], kHeapBound);
    verifyKept(elem<neve_array *>(roots, 2 * t),
               elem<neve_array *>(roots, 2 * t + 1), rounds, keepEvery,
               t * rounds);
  }
  EXPECT_EQ(keptFinalized.load(), 0) << "a live string was collected";
}

} // namespace
