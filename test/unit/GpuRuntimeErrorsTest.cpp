//===- GpuRuntimeErrorsTest.cpp - GPU runtime errors ------------*- C++ -*-===//
//
// Death tests of lib/Runtime/GPU over the fake driver (FakeCuda.h), each in
// a fresh process: a machine without a driver (NEVE_CUDA_LIBRARY=
// /nonexistent), a CPU-only program that must never load one, driver
// initialisation errors, failed launches and asynchronous kernel faults
// with their source sites, the exit check, out of device memory, bad kernel
// containers, bad arguments to the natives, and synchronisation inside a
// graph capture. Every error ends the process with status 1 and the
// runtime's `FILE:LINE:COL: runtime error: ...` line. (Not in the TSan
// binary: these paths are single-threaded, and each child costs a second
// under TSan.)
//
//===----------------------------------------------------------------------===//

#include "GpuRuntimeTestSupport.h"

#include <string>

namespace {

using namespace neve_test;

testing::Environment *const fakeDriverEnvironment =
    testing::AddGlobalTestEnvironment(new FakeDriverEnvironment);

using GpuRuntimeDeathTest = neve_test::ThreadsafeDeathTest;

//===----------------------------------------------------------------------===//
// Errors (each in a fresh process)
//===----------------------------------------------------------------------===//

TEST_F(GpuRuntimeDeathTest, NoDriverFailsAtTheFirstGpuCall) {
  EXPECT_EXIT(
      {
        setenv("NEVE_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
        zeros_cuda(neve_context(), 4);
      },
      testing::ExitedWithCode(1),
      "^<runtime>:0:0: runtime error: this program uses the GPU, but no CUDA "
      "driver could be loaded \\(/nonexistent/libcuda.so.1: cannot open "
      "shared object file");
}

TEST_F(GpuRuntimeDeathTest, NoDriverIsReportedAtThePendingLaunchSite) {
  EXPECT_EXIT(
      {
        setenv("NEVE_CUDA_LIBRARY", "/nonexistent", 1);
        neve_gpu_launch_site("prog.nv", 12, 5);
        mgpuModuleGetFunction(module(), "saxpy");
      },
      testing::ExitedWithCode(1),
      "^prog.nv:12:5: runtime error: this program uses the GPU, but no CUDA "
      "driver could be loaded \\(/nonexistent: ");
}

TEST_F(GpuRuntimeDeathTest, CpuOnlyProgramsNeverLoadTheDriver) {
  // What a program without a launch runs: the module constructor and
  // destructor, arena resets, statistics, the exit check.
  auto cpuOnly = [] {
    void *m = mgpuModuleLoad(const_cast<unsigned char *>(container().data()),
                             static_cast<int64_t>(container().size()));
    neve_tarena_reset();
    neve_gpu_alloc_stats_t s;
    neve_gpu_alloc_stats(&s);
    neve_str *text = neve_str_from_i64(42);
    mgpuModuleUnload(m);
    neve_gpu_at_exit();
    bool loaded = dlopen(NEVE_FAKE_CUDA_PATH, RTLD_NOW | RTLD_NOLOAD);
    _exit(loaded || neve_gpu_initialized() || s.allocations != 0 ||
                  text->size != 2
              ? 3
              : 0);
  };
  EXPECT_EXIT(cpuOnly(), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        setenv("NEVE_CUDA_LIBRARY", "/nonexistent", 1);
        cpuOnly();
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(GpuRuntimeDeathTest, DriverInitialisationErrorsNameTheCudaError) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_INIT_ERROR", "100", 1);
        neve_gpu_stream();
      },
      testing::ExitedWithCode(1),
      "runtime error: this program uses the GPU, but the CUDA driver could "
      "not be initialised: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is "
      "detected");
}

TEST_F(GpuRuntimeDeathTest, MissingEntryPointsAreNamed) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_HIDE", "cuGraphLaunch", 1);
        neve_gpu_stream();
      },
      testing::ExitedWithCode(1),
      "the CUDA driver \\(version 12.8\\) has no entry point cuGraphLaunch "
      "for CUDA 12.0");
}

TEST_F(GpuRuntimeDeathTest, MissingDeviceNumber) {
  EXPECT_EXIT(
      {
        setenv("NEVE_GPU_DEVICE", "3", 1);
        neve_gpu_stream();
      },
      testing::ExitedWithCode(1),
      "CUDA device 3 was asked for and the machine has 1 device");
}

TEST_F(GpuRuntimeDeathTest, LaunchFailuresNameTheKernelAndTheSite) {
  EXPECT_EXIT(
      {
        neve_gpu_launch_site("prog.nv", 7, 3);
        void *fn = mgpuModuleGetFunction(module(), "saxpy");
        mgpuLaunchKernel(fn, 1, 1, 1, 2048, 1, 1, 0, nullptr, nullptr, nullptr,
                         0);
      },
      testing::ExitedWithCode(1),
      "^prog.nv:7:3: runtime error: launching kernel 'saxpy' failed: "
      "CUDA_ERROR_INVALID_VALUE: invalid argument\n");
}

TEST_F(GpuRuntimeDeathTest, TooMuchSharedMemoryNamesTheKernel) {
  EXPECT_EXIT(
      {
        neve_gpu_launch_site("prog.nv", 8, 1);
        void *fn = mgpuModuleGetFunction(module(), "noop");
        mgpuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 300 * 1024, nullptr, nullptr,
                         nullptr, 0);
      },
      testing::ExitedWithCode(1),
      "^prog.nv:8:1: runtime error: launching kernel 'noop' failed: allowing "
      "307200 bytes of dynamic shared memory: CUDA_ERROR_INVALID_VALUE");
}

TEST_F(GpuRuntimeDeathTest, AsynchronousFaultsNameTheLastLaunch) {
  EXPECT_EXIT(
      {
        neve_gpu_launch_site("prog.nv", 9, 1);
        void *fn = mgpuModuleGetFunction(module(), "fault");
        mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        neve_gpu_sync();
      },
      testing::ExitedWithCode(1),
      "^prog.nv:9:1: runtime error: error in kernel 'fault' launched at "
      "prog.nv:9:1: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
      "encountered \\(found while synchronising the thread's GPU stream");
  EXPECT_EXIT(
      {
        void *ctx = neve_context();
        float *p = zeros_cuda(ctx, 4);
        neve_gpu_launch_site("prog.nv", 10, 2);
        void *fn = mgpuModuleGetFunction(module(), "fault");
        mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        float_pp_cpu(ctx, p, 4);
      },
      testing::ExitedWithCode(1),
      "error in kernel 'fault' launched at prog.nv:10:2: "
      "CUDA_ERROR_ILLEGAL_ADDRESS.*found while float_pp_cpu");
}

TEST_F(GpuRuntimeDeathTest, ALaunchAfterAFaultNamesTheEarlierKernel) {
  EXPECT_EXIT(
      {
        void *fault = mgpuModuleGetFunction(module(), "fault");
        void *noop = mgpuModuleGetFunction(module(), "noop");
        neve_gpu_launch_site("prog.nv", 1, 1);
        mgpuLaunchKernel(fault, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr,
                         0);
        neve_gpu_launch_site("prog.nv", 2, 1);
        mgpuLaunchKernel(noop, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr,
                         0);
      },
      testing::ExitedWithCode(1),
      "^prog.nv:2:1: runtime error: launching kernel 'noop' failed: "
      "CUDA_ERROR_ILLEGAL_ADDRESS: .* \\(an earlier kernel failed; the last "
      "one this thread launched was 'fault' at prog.nv:1:1\\)");
}

TEST_F(GpuRuntimeDeathTest, TheExitCheckReportsALateFault) {
  EXPECT_EXIT(
      {
        neve_gpu_launch_site("late.nv", 3, 4);
        void *fn = mgpuModuleGetFunction(module(), "fault");
        mgpuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        neve_gpu_at_exit();
        _exit(0);
      },
      testing::ExitedWithCode(1),
      "^late.nv:3:4: runtime error: error in kernel 'fault' launched at "
      "late.nv:3:4: .*found while waiting for the GPU at the end of the "
      "program");
}

TEST_F(GpuRuntimeDeathTest, AllocatorStatisticsAtExit) {
  EXPECT_EXIT(
      {
        setenv("NEVE_GPU_ALLOC_STATS", "1", 1);
        neve_gpu_free(neve_gpu_malloc(100));
        neve_gpu_at_exit();
        _exit(0);
      },
      testing::ExitedWithCode(0),
      "neve gpu allocator: 1 allocations \\(0 reused\\), 1 device "
      "allocations, 1 frees, 0 bytes in use, 512 bytes cached");
}

TEST_F(GpuRuntimeDeathTest, OutOfDeviceMemory) {
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_MEM_LIMIT", "1048576", 1);
        void *ctx = neve_context();
        float *keep = cumalloc(ctx, 512 * 1024);
        neve_gpu_free(neve_gpu_malloc(300 * 1024));
        (void)keep;
        cumalloc(ctx, 4 << 20);
      },
      testing::ExitedWithCode(1),
      "^<runtime>:0:0: runtime error: cumalloc: out of device memory: "
      "4194304 bytes requested, 524288 bytes in use, 0 cached\n");
}

TEST_F(GpuRuntimeDeathTest, KernelContainerErrors) {
  EXPECT_EXIT(
      {
        static auto c = makeContainer({{0, 90, cubin("x")}});
        void *m = mgpuModuleLoad(c.data(), 20); // truncated
        mgpuModuleGetFunction(m, "saxpy");
      },
      testing::ExitedWithCode(1),
      "runtime error: cannot load the program's GPU kernels: truncated kernel "
      "container: 1 entries do not fit in 20 bytes");
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_CC", "75", 1);
        mgpuModuleGetFunction(module(), "saxpy");
      },
      testing::ExitedWithCode(1),
      "no kernel image for this GPU: the device has compute capability 7.5 "
      "\\(sm_75\\), the program holds cubin sm_90, PTX sm_80");
  EXPECT_EXIT(
      {
        static std::string text = "not a kernel";
        void *m = mgpuModuleLoad(&text[0], static_cast<int64_t>(text.size()));
        mgpuModuleGetFunction(m, "saxpy");
      },
      testing::ExitedWithCode(1),
      "loading the GPU kernels \\(a raw kernel image, device sm_90\\) failed: "
      "CUDA_ERROR_INVALID_IMAGE: device kernel image is invalid\nfake: not an "
      "image");
  EXPECT_EXIT(mgpuModuleGetFunction(module(), "nope"),
              testing::ExitedWithCode(1),
              "the program's GPU module has no kernel 'nope': "
              "CUDA_ERROR_NOT_FOUND");
}

TEST_F(GpuRuntimeDeathTest, NativesRefuseBadArguments) {
  void *ctx = neve_context();
  EXPECT_EXIT(zeros_cuda(ctx, -1), testing::ExitedWithCode(1),
              "runtime error: zeros_cuda: negative size -1");
  EXPECT_EXIT(cumalloc(ctx, -8), testing::ExitedWithCode(1),
              "runtime error: cumalloc: negative size -8");
  EXPECT_EXIT(float_pp_cpu(ctx, nullptr, 4), testing::ExitedWithCode(1),
              "runtime error: float_pp_cpu: the device buffer is nil");
  EXPECT_EXIT(host_to_device(ctx, nullptr, nullptr, 4),
              testing::ExitedWithCode(1),
              "runtime error: host_to_device: the host buffer is nil");
  EXPECT_EXIT(float_cpu_cuda(ctx, nullptr, 1), testing::ExitedWithCode(1),
              "float_cpu_cuda: the host buffer is nil");
  EXPECT_EXIT(neve_to_cuda(ctx, nullptr), testing::ExitedWithCode(1),
              "runtime error: to_cuda: the array is nil");
  EXPECT_EXIT(xavu_cuda(ctx, 4, 0, 0), testing::ExitedWithCode(1),
              "xavu_cuda: fan_a \\+ fan_b must be positive");
  EXPECT_EXIT(kaiming_cuda(ctx, 4, 0, 1, 1.0f), testing::ExitedWithCode(1),
              "kaiming_cuda: fan_in must be positive");
  EXPECT_EXIT(kaiming_cuda(ctx, 4, 8, 1, -1.0f), testing::ExitedWithCode(1),
              "kaiming_cuda: the gain must be finite and not negative");
  EXPECT_EXIT(neve_gpu_free(reinterpret_cast<void *>(0x1234)),
              testing::ExitedWithCode(1),
              "neve_gpu_free: the pointer was not allocated by the runtime");
  EXPECT_EXIT(mgpuMemFree(reinterpret_cast<void *>(0x1234), nullptr),
              testing::ExitedWithCode(1),
              "freeing device memory at 0x1234 that the runtime did not "
              "allocate");
  EXPECT_EXIT(mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr,
                               nullptr, 0),
              testing::ExitedWithCode(1), "not a kernel handle");
}

TEST_F(GpuRuntimeDeathTest, WaitingForTheGpuIsRefusedWhileCapturing) {
  EXPECT_EXIT(
      {
        neve_gpu_graph_begin();
        neve_gpu_sync();
      },
      testing::ExitedWithCode(1),
      "neve_gpu_sync waits for the GPU, which is not allowed while the thread "
      "captures a CUDA graph");
  EXPECT_EXIT(
      {
        float *p = zeros_cuda(neve_context(), 4);
        neve_gpu_graph_begin();
        float_pp_cpu(neve_context(), p, 4);
      },
      testing::ExitedWithCode(1),
      "float_pp_cpu waits for the GPU, which is not allowed while the thread "
      "captures a CUDA graph");
  EXPECT_EXIT(neve_gpu_graph_end(), testing::ExitedWithCode(1),
              "neve_gpu_graph_end without neve_gpu_graph_begin");
}

TEST_F(GpuRuntimeDeathTest, TemporaryHostDataIsRefusedWhileCapturing) {
  EXPECT_EXIT(
      {
        neve_gpu_graph_begin();
        randu_cuda(neve_context(), 4);
      },
      testing::ExitedWithCode(1),
      "randu_cuda copies host data that would be gone when the graph is "
      "replayed: not allowed while the thread captures a CUDA graph");
  EXPECT_EXIT(
      {
        neve_array *xs = neve_array_new_atomic(4, 3);
        neve_gpu_graph_begin();
        neve_to_cuda(neve_context(), xs);
      },
      testing::ExitedWithCode(1),
      "to_cuda copies host data that would be gone");
}

} // namespace
