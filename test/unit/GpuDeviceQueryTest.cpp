//===- GpuDeviceQueryTest.cpp - sm_count, gpu_capability, sm90a ---*- C++ -*-===//
//
// The device queries of lib/Runtime/GPU over the fake driver (FakeCuda.h),
// each in a fresh process (the driver starts once per process): the
// multiprocessor count and compute capability the device reports, and
// neve_gpu_sm90a_usable (`sm90a_available()`): 1 on compute capability 9.0
// alone, 0 with NEVE_GPU_ARCH_SPECIFIC=0 or NEVE_GPU_FORCE_PTX=1.
//
//===----------------------------------------------------------------------===//

#include "GpuRuntimeTestSupport.h"

#include <cstdlib>

namespace {

using namespace neve_test;

// The fake driver is the binary's (GpuRuntimeErrorsTest.cpp registers
// FakeDriverEnvironment; both files are in the same binaries).
using GpuDeviceQueryTest = neve_test::ThreadsafeDeathTest;

// The child exits with the value under test (a death test's only channel).
TEST_F(GpuDeviceQueryTest, MultiprocessorCount) {
  EXPECT_EXIT(std::exit(sm_count(neve_context()) == 132 ? 0 : 3),
              testing::ExitedWithCode(0), "");
}

TEST_F(GpuDeviceQueryTest, ComputeCapability) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_CC", "86", 1);
        std::exit(gpu_capability(neve_context()));
      },
      testing::ExitedWithCode(86), "");
}

TEST_F(GpuDeviceQueryTest, Sm90aKernelsRunOnHopperOnly) {
  auto usable = [](const char *cc, const char *archSpecific,
                   const char *forcePtx) {
    setenv("FAKE_CUDA_CC", cc, 1);
    if (archSpecific)
      setenv("NEVE_GPU_ARCH_SPECIFIC", archSpecific, 1);
    if (forcePtx)
      setenv("NEVE_GPU_FORCE_PTX", forcePtx, 1);
    std::exit(10 + neve_gpu_sm90a_usable());
  };
  EXPECT_EXIT(usable("90", nullptr, nullptr), testing::ExitedWithCode(11), "");
  EXPECT_EXIT(usable("80", nullptr, nullptr), testing::ExitedWithCode(10), "");
  EXPECT_EXIT(usable("100", nullptr, nullptr), testing::ExitedWithCode(10),
              "");
  EXPECT_EXIT(usable("90", "0", nullptr), testing::ExitedWithCode(10), "");
  EXPECT_EXIT(usable("90", nullptr, "1"), testing::ExitedWithCode(10), "");
}

} // namespace
