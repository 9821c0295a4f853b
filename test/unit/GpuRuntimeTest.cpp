//===- GpuRuntimeTest.cpp - The GPU runtime over a fake driver --*- C++ -*-===//
//
// Tests of lib/Runtime/GPU through its C ABI, with libneve-fake-cuda.so
// (FakeCuda.cpp) as the CUDA driver (NEVE_CUDA_LIBRARY): driver loading
// through cuGetProcAddress, lazy modules and the function cache, launches
// (dimensions, dynamic shared memory), streams, events, graphs, the
// allocator and arena behind the
// natives of §9.1. The errors are tested in GpuRuntimeErrorsTest.cpp. No
// test needs a GPU.
//
//===----------------------------------------------------------------------===//

#include "GpuRuntimeTestSupport.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace neve_test;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

//===----------------------------------------------------------------------===//
// Driver loading
//===----------------------------------------------------------------------===//

TEST(GpuRuntime, EntryPointsComeOnlyFromGetProcAddressForCuda12) {
  ASSERT_NE(neve_gpu_stream(), nullptr);
  EXPECT_TRUE(neve_gpu_initialized());
  FakeCudaStats s = fakeStats();
  EXPECT_EQ(s.inits, 1);
  EXPECT_GE(s.procRequests, 43); // every entry point of CudaApi.h
  EXPECT_EQ(s.procRequestsNot12000, 0);
  EXPECT_EQ(s.procRequestsSuffixed, 0); // never a guessed _vN name
}

TEST(GpuRuntime, EachThreadMakesTheContextCurrentOnce) {
  neve_gpu_stream();
  int before = fakeStats().contextSets;
  void *streams[2] = {nullptr, nullptr};
  std::thread t([&] {
    streams[0] = neve_gpu_stream();
    streams[1] = neve_gpu_stream();
    neve_gpu_sync();
  });
  t.join();
  EXPECT_EQ(fakeStats().contextSets, before + 1);
  EXPECT_EQ(streams[0], streams[1]);
  EXPECT_NE(streams[0], neve_gpu_stream()); // one stream per thread
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

TEST(GpuRuntime, ModulesLoadAtTheFirstFunctionLookup) {
  auto c = makeContainer({{0, 90, cubin("lazy")}, {1, 80, ptx("lazy")}});
  neve_gpu_stream();
  int loads = fakeStats().moduleLoads;
  void *m = mgpuModuleLoad(c.data(), static_cast<int64_t>(c.size()));
  EXPECT_EQ(fakeStats().moduleLoads, loads);
  void *f = mgpuModuleGetFunction(m, "saxpy");
  FakeCudaStats s = fakeStats();
  EXPECT_EQ(s.moduleLoads, loads + 1);
  EXPECT_EQ(s.lastImage, payloadOf(c, 0)); // the sm_90 cubin
  EXPECT_EQ(s.lastImageKind, 0);
  // Cached: the same record, no second load, also by another name pointer.
  std::string name = "saxpy";
  EXPECT_EQ(mgpuModuleGetFunction(m, "saxpy"), f);
  EXPECT_EQ(mgpuModuleGetFunction(m, name.c_str()), f);
  EXPECT_NE(mgpuModuleGetFunction(m, "noop"), f);
  EXPECT_EQ(fakeStats().moduleLoads, loads + 1);
  mgpuModuleUnload(m);
}

TEST(GpuRuntime, ForcePtxLoadsThePtx) {
  auto c = makeContainer({{0, 90, cubin("forced")}, {1, 80, ptx("forced")}});
  void *m = mgpuModuleLoad(c.data(), static_cast<int64_t>(c.size()));
  setenv("NEVE_GPU_FORCE_PTX", "1", 1);
  mgpuModuleGetFunction(m, "saxpy");
  unsetenv("NEVE_GPU_FORCE_PTX");
  FakeCudaStats s = fakeStats();
  EXPECT_EQ(s.lastImage, payloadOf(c, 1));
  EXPECT_EQ(s.lastImageKind, 1);
}

TEST(GpuRuntime, JitModulesPassTheOptimisationLevel) {
  std::string text = ptx("jit");
  void *m = mgpuModuleLoadJIT(&text[0], 2);
  mgpuModuleGetFunction(m, "noop");
  FakeCudaStats s = fakeStats();
  EXPECT_EQ(s.lastImage, text.data());
  EXPECT_EQ(s.lastLoadOptions, 3u);
}

TEST(GpuRuntime, SaxpyRunsThroughTheMgpuEntryPoints) {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  void *s = mgpuStreamCreate();
  auto *dx = static_cast<float *>(mgpuMemAlloc(n * 4, s, false));
  auto *dy = static_cast<float *>(mgpuMemAlloc(n * 4, s, false));
  mgpuMemcpy(dx, x.data(), n * 4, s);
  mgpuMemcpy(dy, y.data(), n * 4, s);
  launchSaxpy(dx, dy, 2.0f, n, (n + 127) / 128, 128, 0, s);
  std::vector<float> out(n);
  mgpuMemcpy(out.data(), dy, n * 4, s);
  mgpuStreamSynchronize(s);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 2.0f * i + 1.0f) << i;
  FakeCudaStats st = fakeStats();
  EXPECT_EQ(st.lastGrid[0], 8u);
  EXPECT_EQ(st.lastBlock[0], 128u);
  mgpuMemFree(dx, s);
  mgpuMemFree(dy, s);
  mgpuStreamDestroy(s);
}

TEST(GpuRuntime, DimensionsOfZeroOrLessLaunchNothing) {
  float *x = zeros_cuda(neve_context(), 4);
  int calls = (neve_gpu_sync(), fakeStats().launchCalls);
  launchSaxpy(x, x, 1.0f, 4, 0, 128);
  launchSaxpy(x, x, 1.0f, 4, 1, -1);
  void *fn = mgpuModuleGetFunction(module(), "noop");
  mgpuLaunchKernel(fn, 1, 0, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, -5, 0, nullptr, nullptr, nullptr, 0);
  EXPECT_EQ(fakeStats().launchCalls, calls);
  mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  EXPECT_EQ(fakeStats().launchCalls, calls + 1);
}

TEST(GpuRuntime, LargeDynamicSharedMemoryIsAllowedOncePerSize) {
  void *fn = mgpuModuleGetFunction(module(), "noop");
  int before = fakeStats().setAttributeCalls;
  auto launch = [&](int32_t smem) {
    mgpuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, smem, nullptr, nullptr, nullptr, 0);
  };
  launch(48 * 1024); // the default limit: no attribute
  EXPECT_EQ(fakeStats().setAttributeCalls, before);
  launch(64 * 1024);
  launch(64 * 1024);
  launch(60 * 1024);
  EXPECT_EQ(fakeStats().setAttributeCalls, before + 1);
  EXPECT_EQ(fakeStats().lastAttributeValue, 64 * 1024);
  launch(100 * 1024);
  EXPECT_EQ(fakeStats().setAttributeCalls, before + 2);
  EXPECT_EQ(fakeStats().lastSmem, 100u * 1024);
  neve_gpu_sync();
}

//===----------------------------------------------------------------------===//
// Natives of §9.1
//===----------------------------------------------------------------------===//

TEST(GpuRuntime, ZerosOnesAndTransfers) {
  void *ctx = neve_context();
  float *z = zeros_cuda(ctx, 7);
  float *o = ones_cuda(ctx, 7);
  float *hz = float_pp_cpu(ctx, z, 7);
  float *ho = device_to_host(ctx, o, 7);
  EXPECT_EQ(toVector(hz, 7), std::vector<float>(7, 0.0f));
  EXPECT_EQ(toVector(ho, 7), std::vector<float>(7, 1.0f));
  for (int i = 0; i < 7; ++i)
    ho[i] = 0.5f * i;
  EXPECT_EQ(host_to_device(ctx, ho, z, 7), 0);
  float *back = float_pp_cpu(ctx, z, 7);
  EXPECT_EQ(toVector(back, 7), toVector(ho, 7));
  float *d = float_cpu_cuda(ctx, ho, 5);
  neve_array *a = float_pp_to_array(ctx, d, 5);
  ASSERT_EQ(a->size, 5);
  ASSERT_EQ(a->elem_size, 4);
  EXPECT_EQ(toVector(static_cast<float *>(a->data), 5), toVector(ho, 5));
  float *viaArray = neve_to_cuda(ctx, a);
  float *round = float_pp_cpu(ctx, viaArray, 5);
  EXPECT_EQ(toVector(round, 5), toVector(ho, 5));
  // Zero elements: distinct buffers, empty arrays.
  EXPECT_NE(zeros_cuda(ctx, 0), zeros_cuda(ctx, 0));
  EXPECT_EQ(float_pp_to_array(ctx, d, 0)->size, 0);
  std::free(hz);
  std::free(ho);
  std::free(back);
  std::free(round);
}

TEST(GpuRuntime, SaxpyOnNativeBuffersWithTheThreadStream) {
  void *ctx = neve_context();
  std::vector<float> xs(300);
  for (int i = 0; i < 300; ++i)
    xs[i] = static_cast<float>(i);
  float *x = float_cpu_cuda(ctx, xs.data(), 300);
  float *y = ones_cuda(ctx, 300);
  neve_gpu_launch_site("saxpy.nv", 4, 5);
  launchSaxpy(x, y, 3.0f, 300, 3, 128); // null stream: the thread's
  float *h = float_pp_cpu(ctx, y, 300);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(h[i], 3.0f * i + 1.0f);
  std::free(h);
}

TEST(GpuRuntime, RanduIsTheSeededSequenceOfRandu) {
  void *ctx = neve_context();
  neve_seed(7);
  float *d = randu_cuda(ctx, 1000);
  neve_seed(7);
  std::vector<float> expected(1000);
  for (float &v : expected)
    v = neve_randu(0.0f, 1.0f);
  float *h = float_pp_cpu(ctx, d, 1000);
  EXPECT_EQ(toVector(h, 1000), expected);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_GE(h[i], 0.0f);
    ASSERT_LT(h[i], 1.0f);
  }
  std::free(h);
}

/// Mean and standard deviation of n device floats.
std::pair<double, double> moments(float *d, int n, float *minOut,
                                  float *maxOut) {
  float *h = float_pp_cpu(neve_context(), d, n);
  double sum = 0, sq = 0;
  float lo = h[0], hi = h[0];
  for (int i = 0; i < n; ++i) {
    sum += h[i];
    sq += double(h[i]) * h[i];
    lo = std::min(lo, h[i]);
    hi = std::max(hi, h[i]);
  }
  std::free(h);
  *minOut = lo;
  *maxOut = hi;
  double mean = sum / n;
  return {mean, std::sqrt(sq / n - mean * mean)};
}

TEST(GpuRuntime, InitialiserDistributions) {
  void *ctx = neve_context();
  const int n = 40000;
  float lo, hi;
  // Xavier uniform: +-sqrt(6 / (3 + 5)).
  double b = std::sqrt(6.0 / 8.0);
  moments(xavu_cuda(ctx, n, 3, 5), n, &lo, &hi);
  EXPECT_GE(lo, -b);
  EXPECT_LT(hi, b);
  EXPECT_LT(lo, -0.95 * b);
  EXPECT_GT(hi, 0.95 * b);
  moments(xavu_relu_cuda(ctx, n, 3, 5), n, &lo, &hi);
  EXPECT_GT(hi, 0.95 * b * std::sqrt(2.0));
  EXPECT_LT(hi, b * std::sqrt(2.0) + 1e-6);
  // Kaiming normal: std sqrt(2 / 50) = 0.2 times the gain; relu:
  // 0.2 * sqrt(2).
  auto k = moments(kaiming_cuda(ctx, n, 50, 10, 1.0f), n, &lo, &hi);
  EXPECT_NEAR(k.first, 0.0, 0.01);
  EXPECT_NEAR(k.second, 0.2, 0.006);
  auto kg = moments(kaiming_cuda(ctx, n, 50, 10, 2.5f), n, &lo, &hi);
  EXPECT_NEAR(kg.first, 0.0, 0.025);
  EXPECT_NEAR(kg.second, 0.5, 0.015);
  auto k0 = moments(kaiming_cuda(ctx, n, 50, 10, 0.0f), n, &lo, &hi);
  EXPECT_EQ(lo, 0.0f);
  EXPECT_EQ(hi, 0.0f);
  EXPECT_EQ(k0.second, 0.0);
  auto kr = moments(kaiming_relu_cuda(ctx, n, 50, 10), n, &lo, &hi);
  EXPECT_NEAR(kr.second, 0.2 * std::sqrt(2.0), 0.008);
  // Convolution weights: +-1/sqrt(fan_in).
  moments(conv_w_cuda(ctx, n, 16, 3, 3), n, &lo, &hi);
  EXPECT_GE(lo, -0.25f);
  EXPECT_LT(hi, 0.25f);
  EXPECT_GT(hi, 0.24f);
}

float fromBf16(uint16_t v) {
  uint32_t bits = uint32_t(v) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

TEST(GpuRuntime, Bf16Buffers) {
  void *ctx = neve_context();
  uint16_t *z = zeros_bf16_cuda(ctx, 9);
  uint16_t *hz = bf16_pp_cpu(ctx, z, 9);
  EXPECT_EQ(std::vector<uint16_t>(hz, hz + 9), std::vector<uint16_t>(9, 0));
  neve_seed(3);
  uint16_t *r = randu_bf16_cuda(ctx, 500);
  uint16_t *hr = bf16_pp_cpu(ctx, r, 500);
  neve_seed(3);
  for (int i = 0; i < 500; ++i) {
    float u = neve_randu(0.0f, 1.0f);
    float v = fromBf16(hr[i]);
    ASSERT_GE(v, 0.0f);
    ASSERT_LE(v, 1.0f);
    ASSERT_NEAR(v, u, 1.0f / 256); // 8 significant bits
  }
  // 1.0 is 0x3f80; 1 + 2^-8 rounds to even (down), 1 + 3*2^-8 up.
  uint16_t host[3] = {0x3f80, 0x4000, 0xbf80};
  uint16_t *d = bf16_cpu_cuda(ctx, host, 3);
  uint16_t *back = bf16_pp_cpu(ctx, d, 3);
  EXPECT_EQ(std::vector<uint16_t>(back, back + 3),
            std::vector<uint16_t>(host, host + 3));
  std::free(hz);
  std::free(hr);
  std::free(back);
}

TEST(GpuRuntime, ArenaBuffersAreRecycledByTarenaReset) {
  void *ctx = neve_context();
  neve_tarena_reset();
  neve_gpu_alloc_stats_t before;
  neve_gpu_alloc_stats(&before);
  float host[4] = {1, 2, 3, 4};
  float *a = zeros_cuda_pool(ctx, 100);
  float *b = float_cpu_cupool(ctx, host, 4);
  void *c = neve_gpu_arena_alloc(10);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 256, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % 256, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(c) % 256, 0u);
  float *hb = float_pp_cpu(ctx, b, 4);
  EXPECT_EQ(toVector(hb, 4), toVector(host, 4));
  tarena_reset(ctx);
  EXPECT_EQ(zeros_cuda_pool(ctx, 100), a);
  EXPECT_EQ(float_cpu_cupool(ctx, host, 4), b);
  neve_gpu_alloc_stats_t after;
  neve_gpu_alloc_stats(&after);
  EXPECT_EQ(after.arena_resets, before.arena_resets + 1);
  EXPECT_EQ(after.arena_chunks,
            before.arena_chunks > 0 ? before.arena_chunks : 1);
  EXPECT_EQ(after.arena_used, 512 + 256);
  std::free(hb);
}

TEST(GpuRuntime, MallocFreeAndStatistics) {
  neve_gpu_alloc_stats_t s0, s1, s2;
  neve_gpu_alloc_stats(&s0);
  void *p = neve_gpu_malloc(3000);
  neve_gpu_alloc_stats(&s1);
  EXPECT_EQ(s1.allocations, s0.allocations + 1);
  EXPECT_EQ(s1.bytes_in_use, s0.bytes_in_use + 3072);
  neve_gpu_free(p);
  void *q = neve_gpu_malloc(3001); // the same class, the same stream
  neve_gpu_alloc_stats(&s2);
  EXPECT_EQ(q, p);
  EXPECT_EQ(s2.reuses, s1.reuses + 1);
  EXPECT_EQ(s2.frees, s1.frees + 1);
  neve_gpu_free(q);
  neve_gpu_free(nullptr);
}

TEST(GpuRuntime, PinnedHostMemory) {
  neve_gpu_stream(); // loads the driver
  int before = fakeStats().hostAllocs;
  auto *p = static_cast<float *>(neve_gpu_host_alloc(64));
  ASSERT_NE(p, nullptr);
  p[15] = 1.5f;
  // the runtime knows its size (load_img checks it), until it is freed
  EXPECT_EQ(neve_host_bytes_after(p + 4), 48);
  neve_gpu_host_free(p);
  EXPECT_EQ(neve_host_bytes_after(p), -1);
  neve_gpu_host_free(nullptr);
  EXPECT_EQ(fakeStats().hostAllocs, before + 1);
}

//===----------------------------------------------------------------------===//
// Events and graphs
//===----------------------------------------------------------------------===//

TEST(GpuRuntime, TimingEvents) {
  void *start = neve_gpu_event_record();
  void *end = neve_gpu_event_record();
  EXPECT_FLOAT_EQ(neve_gpu_event_elapsed_ms(start, end), 1.25f);
  neve_gpu_event_destroy(start);
  neve_gpu_event_destroy(end);
  void *e = mgpuEventCreate();
  mgpuEventRecord(e, nullptr);
  mgpuEventSynchronize(e);
  mgpuStreamWaitEvent(nullptr, e);
  mgpuEventDestroy(e);
}

TEST(GpuRuntime, GraphsCaptureAndReplay) {
  void *ctx = neve_context();
  float xs[4] = {1, 2, 3, 4};
  float *x = float_cpu_cuda(ctx, xs, 4);
  float *y = zeros_cuda(ctx, 4);
  neve_gpu_sync();
  int launches = fakeStats().launches;
  neve_gpu_graph_begin();
  launchSaxpy(x, y, 10.0f, 4, 1, 32);
  void *scratch = neve_gpu_malloc(1 << 20); // allowed while capturing
  neve_gpu_free(scratch);
  void *graph = neve_gpu_graph_end();
  EXPECT_EQ(fakeStats().launches, launches); // recorded, not run
  EXPECT_EQ(fakeStats().lastCaptureMode, 2); // relaxed
  neve_gpu_graph_launch(graph);
  neve_gpu_graph_launch(graph);
  float *h = float_pp_cpu(ctx, y, 4);
  EXPECT_EQ(toVector(h, 4), (std::vector<float>{20, 40, 60, 80}));
  EXPECT_EQ(fakeStats().launches, launches + 2);
  neve_gpu_graph_destroy(graph);
  std::free(h);
}

TEST(GpuRuntime, CapturedHostCopiesReadTheHostBufferAtReplay) {
  void *ctx = neve_context();
  float *h = cumalloc_host(ctx, 16);
  float *d = zeros_cuda(ctx, 4);
  neve_gpu_graph_begin();
  host_to_device(ctx, h, d, 4);
  void *graph = neve_gpu_graph_end();
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 4; ++i)
      h[i] = static_cast<float>(10 * round + i);
    neve_gpu_graph_launch(graph);
    float *back = float_pp_cpu(ctx, d, 4);
    EXPECT_EQ(toVector(back, 4), toVector(h, 4)) << round;
    std::free(back);
  }
  neve_gpu_graph_destroy(graph);
  std::free(h);
}

TEST(GpuRuntime, ThreadsLaunchOnTheirOwnStreams) {
  const int n = 256;
  auto work = [&](float a, std::vector<float> *out) {
    neve_test::GcThreadScope gc;
    void *ctx = neve_context();
    std::vector<float> xs(n, 1.0f);
    float *x = float_cpu_cuda(ctx, xs.data(), n);
    float *y = zeros_cuda(ctx, n);
    for (int i = 0; i < 20; ++i)
      launchSaxpy(x, y, a, n, 2, 128);
    float *h = float_pp_cpu(ctx, y, n);
    out->assign(h, h + n);
    std::free(h);
  };
  std::vector<float> r1, r2;
  std::thread t1(work, 1.0f, &r1), t2(work, 2.0f, &r2);
  t1.join();
  t2.join();
  EXPECT_EQ(r1, std::vector<float>(n, 20.0f));
  EXPECT_EQ(r2, std::vector<float>(n, 40.0f));
}

} // namespace
