//===- GpuRuntimeTestSupport.h - Fake driver helpers ------------*- C++ -*-===//
//
// Shared by GpuRuntimeTest.cpp and GpuRuntimeErrorsTest.cpp: every process
// of a test binary (death-test children too) loads libneve-fake-cuda.so
// (FakeCuda.h) as its CUDA driver, unless a test sets NEVE_CUDA_LIBRARY
// itself; one kernel container with the fake kernels; a saxpy launch.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_GPURUNTIMETESTSUPPORT_H
#define NEVE_TEST_UNIT_GPURUNTIMETESTSUPPORT_H

#include "FakeCuda.h"
#include "GpuTestSupport.h"
#include "RuntimeTestSupport.h"

#include <cstdlib>
#include <vector>

#include <dlfcn.h>

#ifndef NEVE_FAKE_CUDA_PATH
#error "NEVE_FAKE_CUDA_PATH must name libneve-fake-cuda.so"
#endif

namespace neve_test {

/// Every process of a test binary (death-test children too) uses the fake
/// driver unless a test says otherwise (each GPU test file registers it).
class FakeDriverEnvironment : public testing::Environment {
public:
  void SetUp() override {
    GC_INIT();
    GC_allow_register_threads();
    setenv("NEVE_CUDA_LIBRARY", NEVE_FAKE_CUDA_PATH, 1);
    unsetenv("NEVE_GPU_DEVICE");
    unsetenv("NEVE_GPU_FORCE_PTX");
    unsetenv("FAKE_CUDA_INIT_ERROR");
    unsetenv("FAKE_CUDA_CC");
    unsetenv("FAKE_CUDA_MEM_LIMIT");
    unsetenv("FAKE_CUDA_HIDE");
  }
};

inline FakeCudaStats fakeStats() {
  void *lib = dlopen(NEVE_FAKE_CUDA_PATH, RTLD_NOW | RTLD_NOLOAD);
  EXPECT_NE(lib, nullptr) << "the fake driver is not loaded";
  FakeCudaStats s{};
  if (!lib)
    return s;
  auto *get = reinterpret_cast<void (*)(FakeCudaStats *)>(
      dlsym(lib, "fake_cuda_stats"));
  get(&s);
  dlclose(lib);
  return s;
}

/// One kernel container for the whole process (cubin sm_90 + PTX sm_80),
/// loaded lazily by the first test that asks for a function.
inline const std::vector<unsigned char> &container() {
  static std::vector<unsigned char> c =
      makeContainer({{0, 90, cubin("saxpy cubin")}, {1, 80, ptx("saxpy")}});
  return c;
}

inline void *module() {
  static void *m =
      mgpuModuleLoad(const_cast<unsigned char *>(container().data()),
                     static_cast<int64_t>(container().size()));
  return m;
}

inline std::vector<float> toVector(const float *host, size_t n) {
  return std::vector<float>(host, host + n);
}

/// Launches saxpy (y = a*x + y over n elements) with \p threads threads.
inline void launchSaxpy(const float *x, float *y, float a, int32_t n,
                        int64_t blocks, int64_t threads, int32_t smem = 0,
                        void *stream = nullptr) {
  void *fn = mgpuModuleGetFunction(module(), "saxpy");
  void *params[] = {&x, &y, &a, &n};
  mgpuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, smem, stream, params,
                   nullptr, 4);
}

} // namespace neve_test

#endif // NEVE_TEST_UNIT_GPURUNTIMETESTSUPPORT_H
