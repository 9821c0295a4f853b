//===- TensorMapCacheTest.cpp - Tensor maps, encoded once each --*- C++ -*-===//
//
// The tensor-map cache (lib/Runtime/GPU/TensorMapCache.h) without a GPU:
// which arguments make a distinct descriptor, that a hit returns the same
// descriptor without encoding or allocating anything (counted by this
// binary's operator new), that failures are not kept; the checks of what
// TMA can describe (TensorMap.cpp's tensorMapKey); and neve_gpu_tensor_map
// over the fake driver (FakeCuda.cpp encodes its arguments into the
// descriptor), inside a graph capture too, where it must neither allocate
// device memory nor synchronise. Built into neve-unittests only: the
// counting operator new below replaces the global one of that binary.
//
//===----------------------------------------------------------------------===//

#include "GpuRuntimeTestSupport.h"
#include "TensorMapCache.h"

#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

//===----------------------------------------------------------------------===//
// Allocation counting (this binary's global operator new)
//===----------------------------------------------------------------------===//

namespace {
thread_local bool counting = false;
thread_local long allocations = 0;

void *allocate(std::size_t n, std::size_t align) {
  if (counting)
    ++allocations;
  if (n == 0)
    n = 1;
  void *p = nullptr;
  if (align <= alignof(std::max_align_t))
    p = std::malloc(n);
  else if (posix_memalign(&p, align, n) != 0)
    p = nullptr;
  if (!p)
    throw std::bad_alloc();
  return p;
}

/// Counts the allocations of the calling thread while alive.
struct CountAllocations {
  CountAllocations() {
    allocations = 0;
    counting = true;
  }
  ~CountAllocations() { counting = false; }
  long count() const { return allocations; }
};
} // namespace

void *operator new(std::size_t n) { return allocate(n, 0); }
void *operator new[](std::size_t n) { return allocate(n, 0); }
void *operator new(std::size_t n, std::align_val_t a) {
  return allocate(n, static_cast<std::size_t>(a));
}
void *operator new[](std::size_t n, std::align_val_t a) {
  return allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}

namespace {

using namespace neve_gpu;
using namespace neve_test;
using neve_cu::CUresult;
using neve_cu::TensorMap;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

/// An encoder that counts its calls and writes the key's base.
struct CountingEncoder {
  int calls = 0;
  CUresult result = neve_cu::CUDA_SUCCESS;
  CUresult operator()(TensorMap *out, const TensorMapKey &k) {
    ++calls;
    out->opaque[0] = k.base;
    out->opaque[1] = k.dims[0];
    return result;
  }
};

TensorMapKey key2d(uint64_t base, uint64_t rows = 256, uint64_t cols = 512,
                   uint32_t boxRows = 64, uint32_t boxCols = 64,
                   int32_t swizzle = neve_cu::CU_TENSOR_MAP_SWIZZLE_128B) {
  TensorMapKey k;
  k.base = base;
  k.dataType = neve_cu::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  k.rank = 2;
  k.dims[0] = cols;
  k.dims[1] = rows;
  k.strides[0] = cols * 2;
  k.box[0] = boxCols;
  k.box[1] = boxRows;
  k.swizzle = swizzle;
  return k;
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

TEST(TensorMapCache, AHitReturnsTheSameDescriptorWithoutEncodingOrAllocating) {
  TensorMapCache cache;
  CountingEncoder encode;
  CUresult r;
  const TensorMap *first = cache.get(key2d(0x10000), encode, r);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(encode.calls, 1);
  EXPECT_EQ(first->opaque[0], 0x10000u);
  // Aligned as cuda.h's CUtensorMap (128 bytes; a parameter needs 64).
  EXPECT_EQ(reinterpret_cast<uintptr_t>(first) % 128, 0u);
  TensorMapKey again = key2d(0x10000);
  long allocated;
  {
    CountAllocations count;
    for (int i = 0; i < 1000; ++i)
      ASSERT_EQ(cache.get(again, encode, r), first);
    allocated = count.count();
  }
  EXPECT_EQ(allocated, 0);
  EXPECT_EQ(encode.calls, 1);
  EXPECT_EQ(cache.hits(), 1000u);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(TensorMapCache, AMissAllocatesOnlyItsEntry) {
  TensorMapCache cache;
  CountingEncoder encode;
  CUresult r;
  cache.get(key2d(0x10000), encode, r);
  CountAllocations count;
  cache.get(key2d(0x20000), encode, r);
  // The descriptor and the table's node (and at most a rehash).
  EXPECT_GE(count.count(), 1);
  EXPECT_LE(count.count(), 3);
}

TEST(TensorMapCache, EverythingTheEncodingReadsIsInTheKey) {
  TensorMapCache cache;
  CountingEncoder encode;
  CUresult r;
  std::vector<TensorMapKey> keys = {key2d(0x10000)};
  keys.push_back(key2d(0x10400));                       // address
  keys.push_back(key2d(0x10000, 128));                  // rows
  keys.push_back(key2d(0x10000, 256, 256));             // columns
  keys.push_back(key2d(0x10000, 256, 512, 128));        // box rows
  keys.push_back(key2d(0x10000, 256, 512, 64, 32));     // box columns
  keys.push_back(key2d(0x10000, 256, 512, 64, 64, 0));  // swizzle
  TensorMapKey pitch = key2d(0x10000);
  pitch.strides[0] = 2048;                              // row pitch
  keys.push_back(pitch);
  TensorMapKey type = key2d(0x10000);
  type.dataType = neve_cu::CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  keys.push_back(type);                                 // element type
  std::vector<const TensorMap *> maps;
  for (const TensorMapKey &k : keys)
    maps.push_back(cache.get(k, encode, r));
  EXPECT_EQ(encode.calls, int(keys.size()));
  EXPECT_EQ(cache.size(), keys.size());
  for (size_t i = 0; i < maps.size(); ++i)
    for (size_t j = i + 1; j < maps.size(); ++j)
      EXPECT_NE(maps[i], maps[j]) << i << " and " << j;
  // Each is still found, at the same place.
  for (size_t i = 0; i < keys.size(); ++i)
    EXPECT_EQ(cache.get(keys[i], encode, r), maps[i]);
  EXPECT_EQ(encode.calls, int(keys.size()));
}

TEST(TensorMapCache, FailuresAreNotKept) {
  TensorMapCache cache;
  CountingEncoder encode;
  encode.result = neve_cu::CUDA_ERROR_INVALID_VALUE;
  CUresult r;
  EXPECT_EQ(cache.get(key2d(0x10000), encode, r), nullptr);
  EXPECT_EQ(r, neve_cu::CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cache.size(), 0u);
  encode.result = neve_cu::CUDA_SUCCESS;
  EXPECT_NE(cache.get(key2d(0x10000), encode, r), nullptr);
  EXPECT_EQ(encode.calls, 2);
}

TEST(TensorMapCache, EntriesStayPutAsTheTableGrows) {
  TensorMapCache cache;
  CountingEncoder encode;
  CUresult r;
  const TensorMap *first = cache.get(key2d(0x10000), encode, r);
  for (uint64_t i = 1; i < 2000; ++i)
    cache.get(key2d(0x10000 + i * 16), encode, r);
  EXPECT_EQ(cache.get(key2d(0x10000), encode, r), first);
  EXPECT_EQ(first->opaque[0], 0x10000u);
}

TEST(TensorMapCache, ThreadsShareEntries) {
  TensorMapCache cache;
  std::atomic<int> calls{0};
  auto encode = [&](TensorMap *out, const TensorMapKey &k) {
    ++calls;
    out->opaque[0] = k.base;
    return neve_cu::CUDA_SUCCESS;
  };
  std::vector<const TensorMap *> seen(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      CUresult r;
      for (int i = 0; i < 100; ++i)
        seen[t] = cache.get(key2d(0x40000 + (i % 4) * 1024), encode, r);
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(calls.load(), 4);
  for (const TensorMap *m : seen)
    EXPECT_EQ(m, seen[0]);
}

//===----------------------------------------------------------------------===//
// What TMA can describe
//===----------------------------------------------------------------------===//

TEST(TensorMapKey, ExtentsGoInnermostFirstWithByteStrides) {
  TensorMapKey k;
  alignas(16) static char buffer[16];
  EXPECT_EQ(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 300, 520, -1, 1, 64,
                         64, 128, k),
            "");
  EXPECT_EQ(k.rank, 2);
  EXPECT_EQ(k.dataType, neve_cu::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(k.dims[0], 520u);
  EXPECT_EQ(k.dims[1], 300u);
  EXPECT_EQ(k.strides[0], 1040u);
  EXPECT_EQ(k.box[0], 64u);
  EXPECT_EQ(k.box[1], 64u);
  EXPECT_EQ(k.swizzle, neve_cu::CU_TENSOR_MAP_SWIZZLE_128B);
  // A row pitch, and three dimensions.
  EXPECT_EQ(tensorMapKey(buffer, NEVE_TYPE_FLOAT, 2, 1, 10, 30, 32, 1, 8, 8,
                         0, k),
            "");
  EXPECT_EQ(k.strides[0], 128u);
  EXPECT_EQ(tensorMapKey(buffer, NEVE_TYPE_HALF, 3, 4, 64, 128, -1, 1, 64, 64,
                         128, k),
            "");
  EXPECT_EQ(k.dims[2], 4u);
  EXPECT_EQ(k.strides[0], 256u);
  EXPECT_EQ(k.strides[1], 256u * 64);
  EXPECT_EQ(k.box[2], 1u);
}

TEST(TensorMapKey, WhatTmaCannotDescribeIsNamed) {
  TensorMapKey k;
  alignas(16) static char buffer[64];
  EXPECT_NE(tensorMapKey(buffer + 8, NEVE_TYPE_FLOAT, 2, 1, 8, 8, -1, 1, 8, 8,
                         0, k)
                .find("multiple of 16 bytes"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 8, 100, -1, 1, 8, 8, 0,
                         k)
                .find("200 bytes apart"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 512, 512, -1, 1, 512,
                         64, 0, k)
                .find("box extent of 512"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 512, 512, -1, 1, 64,
                         128, 128, k)
                .find("at most the swizzle's bytes"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 512, 512, -1, 1, 64,
                         64, 96, k)
                .find("swizzle of 96"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(buffer, NEVE_TYPE_BF16, 2, 1, 64, 64, 32, 1, 8, 8, 0,
                         k)
                .find("fewer than the 64 columns"),
            std::string::npos);
  EXPECT_NE(tensorMapKey(nullptr, NEVE_TYPE_BF16, 2, 1, 64, 64, -1, 1, 8, 8, 0,
                         k)
                .find("nil"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// neve_gpu_tensor_map over the fake driver
//===----------------------------------------------------------------------===//

TEST(TensorMapRuntime, EncodesOnceAndHandsOutTheSameDescriptor) {
  void *ctx = neve_context();
  float *a = zeros_cuda(ctx, 256 * 64);
  neve_gpu_sync();
  FakeCudaStats before = fakeStats();
  void *m1 = neve_gpu_tensor_map(a, NEVE_TYPE_FLOAT, 2, 1, 256, 64, -1, 1, 32,
                                 32, 128, "prog.nv", 3, 7);
  FakeCudaStats after = fakeStats();
  EXPECT_EQ(after.tensorMapEncodes, before.tensorMapEncodes + 1);
  auto *map = static_cast<const TensorMap *>(m1);
  EXPECT_EQ(map->opaque[0], reinterpret_cast<uintptr_t>(a));
  EXPECT_EQ(map->opaque[2], 64u);  // innermost extent first
  EXPECT_EQ(map->opaque[3], 256u);
  EXPECT_EQ(map->opaque[7] & 0xffffffffu, 32u);
  EXPECT_EQ(map->opaque[12], 256u); // row stride in bytes
  EXPECT_EQ((map->opaque[1] >> 16) & 0xff,
            unsigned(neve_cu::CU_TENSOR_MAP_SWIZZLE_128B));
  long allocated;
  {
    CountAllocations count;
    for (int i = 0; i < 100; ++i)
      ASSERT_EQ(neve_gpu_tensor_map(a, NEVE_TYPE_FLOAT, 2, 1, 256, 64, -1, 1,
                                    32, 32, 128, "prog.nv", 3, 7),
                m1);
    allocated = count.count();
  }
  EXPECT_EQ(allocated, 0);
  FakeCudaStats later = fakeStats();
  EXPECT_EQ(later.tensorMapEncodes, after.tensorMapEncodes);
  EXPECT_EQ(later.allocs, before.allocs);
}

TEST(TensorMapRuntime, CapturedStepsNeitherAllocateNorSynchronise) {
  void *ctx = neve_context();
  float *x = zeros_cuda(ctx, 64 * 64);
  neve_gpu_sync();
  neve_gpu_graph_begin();
  FakeCudaStats before = fakeStats();
  // A miss and hits while capturing: host work only.
  void *m = neve_gpu_tensor_map(x, NEVE_TYPE_FLOAT, 2, 1, 64, 64, -1, 1, 16,
                                16, 64, "step.nv", 1, 1);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(neve_gpu_tensor_map(x, NEVE_TYPE_FLOAT, 2, 1, 64, 64, -1, 1, 16,
                                  16, 64, "step.nv", 1, 1),
              m);
  FakeCudaStats during = fakeStats();
  void *graph = neve_gpu_graph_end();
  EXPECT_EQ(during.allocs, before.allocs);
  EXPECT_EQ(during.ctxSyncs, before.ctxSyncs);
  EXPECT_EQ(during.streamSyncs, before.streamSyncs);
  EXPECT_EQ(during.tensorMapEncodes, before.tensorMapEncodes + 1);
  neve_gpu_graph_launch(graph);
  neve_gpu_graph_destroy(graph);
}

using TensorMapDeathTest = neve_test::ThreadsafeDeathTest;

TEST_F(TensorMapDeathTest, UndescribableTensorsFailAtTheCall) {
  EXPECT_EXIT(
      {
        float *a = zeros_cuda(neve_context(), 64);
        neve_gpu_tensor_map(reinterpret_cast<char *>(a) + 4, NEVE_TYPE_FLOAT,
                            2, 1, 4, 4, -1, 1, 4, 4, 0, "prog.nv", 3, 7);
      },
      testing::ExitedWithCode(1),
      "^prog.nv:3:7: runtime error: tensor_map: the tensor of a tensor map "
      "starts at an address that is not a multiple of 16 bytes");
}

TEST_F(TensorMapDeathTest, ADriverWithoutTensorMapsIsNamed) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_HIDE", "cuTensorMapEncodeTiled", 1);
        float *a = zeros_cuda(neve_context(), 64);
        neve_gpu_tensor_map(a, NEVE_TYPE_FLOAT, 2, 1, 4, 4, -1, 1, 4, 4, 0,
                            "prog.nv", 5, 2);
      },
      testing::ExitedWithCode(1),
      "^prog.nv:5:2: runtime error: tensor_map: the CUDA driver has no "
      "cuTensorMapEncodeTiled");
}

} // namespace
