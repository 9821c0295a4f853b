//===- gpu_runtime_check.cpp - The GPU runtime on a real GPU ----*- C++ -*-===//
//
// A self-checking smoke test of lib/Runtime/GPU for the GPU machine (which
// has no LLVM: the program is built here, carried there by
// scripts/gpu-bundle.sh as tests/gpu-runtime-check and run by
// scripts/gpu-run.sh). It goes through the real driver the way compiled
// programs do: a NEVEKRN1 container (PTX sm_80, plus a cubin sm_90 when the
// build had ptxas) through mgpuModuleLoad / mgpuModuleGetFunction /
// mgpuLaunchKernel, the caching allocator, copies, the natives of §9.1,
// events, a CUDA graph, dynamic shared memory over 48 KiB, threads with
// their own streams, and, in child processes, the errors: a kernel fault
// found at a synchronisation and at exit, a failed launch, out of memory.
//
// Prints one PASS/FAIL line per check and `N passed, M failed`; exits 0
// only when all pass. Without a GPU the runtime's own error says so
// ("this program uses the GPU, but no CUDA driver could be loaded") and the
// exit status is 1.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include "kernels_ptx.h"
#ifdef NEVE_CHECK_HAS_CUBIN
#include "kernels_sm90.h"
#endif

#define GC_THREADS
#include <gc.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

int passed = 0, failed = 0;

void report(bool ok, const std::string &name, const std::string &detail = "") {
  std::printf("%s: %s%s%s\n", ok ? "PASS" : "FAIL", name.c_str(),
              detail.empty() ? "" : " - ", detail.c_str());
  std::fflush(stdout);
  (ok ? passed : failed)++;
}

/// A NEVEKRN1 container: the cubin for sm_90 (when built) and the PTX.
std::vector<unsigned char> makeContainer() {
  struct Entry {
    uint32_t kind, sm;
    const unsigned char *data;
    uint64_t size;
  };
  std::vector<Entry> entries;
#ifdef NEVE_CHECK_HAS_CUBIN
  entries.push_back({0, 90, kernels_sm90, kernels_sm90_size});
#endif
  entries.push_back({1, 80, kernels_ptx, kernels_ptx_size});
  std::vector<unsigned char> out(16 + 24 * entries.size());
  std::memcpy(out.data(), "NEVEKRN1", 8);
  uint32_t count = static_cast<uint32_t>(entries.size());
  std::memcpy(out.data() + 8, &count, 4);
  for (size_t i = 0; i < entries.size(); ++i) {
    while (out.size() % 16)
      out.push_back(0);
    uint64_t offset = out.size();
    unsigned char *e = out.data() + 16 + 24 * i;
    std::memcpy(e, &entries[i].kind, 4);
    std::memcpy(e + 4, &entries[i].sm, 4);
    std::memcpy(e + 8, &offset, 8);
    std::memcpy(e + 16, &entries[i].size, 8);
    out.insert(out.end(), entries[i].data, entries[i].data + entries[i].size);
  }
  return out;
}

std::vector<unsigned char> &container() {
  static std::vector<unsigned char> c = makeContainer();
  return c;
}

void *loadModule() {
  return mgpuModuleLoad(container().data(),
                        static_cast<int64_t>(container().size()));
}

void *module() {
  static void *m = loadModule();
  return m;
}

void launch(const char *kernel, int64_t grid, int64_t block, int32_t smem,
            void **params, void *stream = nullptr, void *mod = nullptr) {
  void *fn = mgpuModuleGetFunction(mod ? mod : module(), kernel);
  mgpuLaunchKernel(fn, grid, 1, 1, block, 1, 1, smem, stream, params, nullptr,
                   0);
}

void saxpy(const float *x, float *y, float a, int32_t n,
           void *stream = nullptr) {
  void *params[] = {&x, &y, &a, &n};
  launch("saxpy", (n + 255) / 256, 256, 0, params, stream);
}

float readFloat(const float *device) {
  float *h = float_pp_cpu(neve_context(), device, 1);
  float v = h[0];
  std::free(h);
  return v;
}

//===----------------------------------------------------------------------===//
// Child processes for the errors that end a program
//===----------------------------------------------------------------------===//

[[noreturn]] void childMode(const std::string &mode) {
  void *ctx = neve_context();
  if (mode == "--fault") {
    neve_gpu_launch_site("fault.nv", 3, 7);
    launch("trap_kernel", 1, 1, 0, nullptr);
    neve_gpu_sync();
  } else if (mode == "--late-fault") {
    neve_gpu_launch_site("late.nv", 5, 1);
    launch("trap_kernel", 1, 1, 0, nullptr);
    neve_gpu_at_exit(); // what main does after the program
  } else if (mode == "--launch-error") {
    float *y = zeros_cuda(ctx, 4);
    float a = 1.0f;
    int32_t n = 4;
    void *params[] = {&y, &y, &a, &n};
    neve_gpu_launch_site("launch.nv", 9, 2);
    launch("saxpy", 1, 4096, 0, params); // more than 1024 threads per block
  } else if (mode == "--oom") {
    cumalloc(ctx, int64_t(1) << 40);
  } else if (mode == "--capture-randu") {
    neve_gpu_graph_begin();
    randu_cuda(ctx, 4); // its host scratch would be gone at replay
    neve_gpu_graph_end();
  }
  std::printf("child %s: no error\n", mode.c_str());
  std::fflush(stdout);
  _exit(0);
}

/// Runs this program with \p mode; returns the exit status and stderr.
int runChild(const char *mode, std::string &err) {
  int pipeFds[2];
  if (pipe(pipeFds) != 0)
    return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 2);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  char self[] = "/proc/self/exe";
  std::string modeArg = mode;
  char *argv[] = {self, &modeArg[0], nullptr};
  pid_t pid;
  int rc =
      posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[1]);
  if (rc != 0) {
    close(pipeFds[0]);
    return -1;
  }
  char buf[4096];
  ssize_t n;
  while ((n = read(pipeFds[0], buf, sizeof(buf))) > 0)
    err.append(buf, static_cast<size_t>(n));
  close(pipeFds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void checkChild(const char *mode, const std::string &expected) {
  std::string err;
  int status = runChild(mode, err);
  while (!err.empty() && err.back() == '\n')
    err.pop_back();
  report(status == 1 && err.find(expected) != std::string::npos,
         std::string("error ") + mode + " exits 1 naming the cause",
         "status " + std::to_string(status) + ": " + err);
}

//===----------------------------------------------------------------------===//
// The checks
//===----------------------------------------------------------------------===//

void checkImagePicking() {
  float *out = zeros_cuda(neve_context(), 1);
  void *params[] = {&out};
  launch("image_tag", 1, 1, 0, params);
  float tag = readFloat(out);
#ifdef NEVE_CHECK_HAS_CUBIN
  const char *forced = std::getenv("NEVE_GPU_FORCE_PTX");
  if (forced && *forced && std::strcmp(forced, "0") != 0)
    report(tag == 1.0f, "NEVE_GPU_FORCE_PTX is set: the PTX is loaded",
           "image tag " + std::to_string(tag) + " (2 = cubin, 1 = PTX)");
  else
    report(tag == 2.0f, "the sm_90 cubin of the container is loaded on sm_90",
           "image tag " + std::to_string(tag) + " (2 = cubin, 1 = PTX)");
#else
  report(tag == 1.0f,
         "the PTX of the container is loaded (built without "
         "ptxas: no cubin)",
         "image tag " + std::to_string(tag));
#endif
  setenv("NEVE_GPU_FORCE_PTX", "1", 1);
  void *ptxModule = loadModule();
  float *out2 = zeros_cuda(neve_context(), 1);
  void *params2[] = {&out2};
  launch("image_tag", 1, 1, 0, params2, nullptr, ptxModule);
  unsetenv("NEVE_GPU_FORCE_PTX");
  float tag2 = readFloat(out2);
  report(tag2 == 1.0f, "NEVE_GPU_FORCE_PTX=1 loads the PTX (JIT)",
         "image tag " + std::to_string(tag2));
  mgpuModuleUnload(ptxModule);
}

void checkSaxpyThroughMgpu() {
  const int n = 1 << 20;
  std::vector<float> x(n), y(n, 1.0f), out(n);
  for (int i = 0; i < n; ++i)
    x[i] = static_cast<float>(i % 1000) * 0.5f;
  void *stream = mgpuStreamCreate();
  auto *dx = static_cast<float *>(mgpuMemAlloc(n * 4, stream, false));
  auto *dy = static_cast<float *>(mgpuMemAlloc(n * 4, stream, false));
  mgpuMemcpy(dx, x.data(), n * 4, stream);
  mgpuMemcpy(dy, y.data(), n * 4, stream);
  saxpy(dx, dy, 2.0f, n, stream);
  mgpuMemcpy(out.data(), dy, n * 4, stream);
  mgpuStreamSynchronize(stream);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != 2.0f * x[i] + 1.0f;
  report(bad == 0,
         "saxpy over 1M floats through mgpuMemAlloc/Memcpy/"
         "LaunchKernel on an mgpuStreamCreate stream",
         std::to_string(bad) + " wrong");
  mgpuMemset32(dy, 0x40400000u, n, stream); // 3.0f
  mgpuMemcpy(out.data(), dy, 16, stream);
  mgpuStreamSynchronize(stream);
  report(out[0] == 3.0f && out[3] == 3.0f, "mgpuMemset32");
  mgpuMemFree(dx, stream);
  mgpuMemFree(dy, stream);
  mgpuStreamDestroy(stream);
}

void checkNatives() {
  void *ctx = neve_context();
  const int n = 100000;
  float *z = zeros_cuda(ctx, n);
  float *o = ones_cuda(ctx, n);
  saxpy(o, z, 4.0f, n); // z = 4
  float *h = float_pp_cpu(ctx, z, n);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != 4.0f;
  report(bad == 0,
         "zeros_cuda, ones_cuda, a launch on the thread's stream, "
         "float_pp_cpu",
         std::to_string(bad) + " wrong");
  std::free(h);

  neve_seed(11);
  float *r1 = randu_cuda(ctx, 1000);
  neve_seed(11);
  float expected0 = neve_randu(0.0f, 1.0f);
  neve_array *a = float_pp_to_array(ctx, r1, 1000);
  auto *av = static_cast<float *>(a->data);
  bool inRange = true;
  for (int i = 0; i < 1000; ++i)
    inRange = inRange && av[i] >= 0.0f && av[i] < 1.0f;
  report(a->size == 1000 && av[0] == expected0 && inRange,
         "randu_cuda follows seed; float_pp_to_array");
  float *back = neve_to_cuda(ctx, a);
  float *hb = device_to_host(ctx, back, 1000);
  report(std::memcmp(hb, av, 4000) == 0, "neve_to_cuda / device_to_host");
  std::free(hb);

  float xs[6] = {1, 2, 3, 4, 5, 6};
  float *d = float_cpu_cuda(ctx, xs, 6);
  float *hx = cumalloc_host(ctx, 24);
  for (int i = 0; i < 6; ++i)
    hx[i] = -xs[i];
  host_to_device(ctx, hx, d, 3);
  float *hd = float_pp_cpu(ctx, d, 6);
  report(hd[0] == -1 && hd[2] == -3 && hd[3] == 4 && hd[5] == 6,
         "float_cpu_cuda / host_to_device");
  std::free(hd);
  std::free(hx);

  uint16_t bf[3] = {0x3f80, 0xc000, 0x0000};
  uint16_t *dbf = bf16_cpu_cuda(ctx, bf, 3);
  uint16_t *hbf = bf16_pp_cpu(ctx, dbf, 3);
  uint16_t *zb = bf16_pp_cpu(ctx, zeros_bf16_cuda(ctx, 5), 5);
  uint16_t *rb = bf16_pp_cpu(ctx, randu_bf16_cuda(ctx, 5), 5);
  report(std::memcmp(hbf, bf, 6) == 0 && zb[4] == 0 && rb[0] <= 0x3f80,
         "bf16 buffers");
  std::free(hbf);
  std::free(zb);
  std::free(rb);

  float *w = xavu_cuda(ctx, 10000, 100, 100);
  float *hw = float_pp_cpu(ctx, w, 10000);
  float bound = std::sqrt(6.0f / 200.0f), hi = 0;
  for (int i = 0; i < 10000; ++i)
    hi = std::max(hi, std::fabs(hw[i]));
  report(hi < bound && hi > 0.9f * bound, "xavu_cuda bounds");
  std::free(hw);
}

void checkArenaAndAllocator() {
  void *ctx = neve_context();
  neve_tarena_reset();
  float host[4] = {7, 8, 9, 10};
  float *a = zeros_cuda_pool(ctx, 1000);
  float *b = float_cpu_cupool(ctx, host, 4);
  float *hb = float_pp_cpu(ctx, b, 4);
  bool ok = std::memcmp(hb, host, 16) == 0;
  std::free(hb);
  neve_tarena_reset();
  float *a2 = zeros_cuda_pool(ctx, 1000);
  report(ok && a2 == a && reinterpret_cast<uintptr_t>(a) % 256 == 0,
         "arena: cupool contents, 256-byte alignment, tarena_reset reuses");

  neve_gpu_alloc_stats_t s0, s1;
  neve_gpu_alloc_stats(&s0);
  void *p = neve_gpu_malloc(int64_t(1) << 30);
  neve_gpu_free(p);
  void *q = neve_gpu_malloc((int64_t(1) << 30) - 100);
  neve_gpu_alloc_stats(&s1);
  report(q == p && s1.reuses == s0.reuses + 1 &&
             s1.device_allocations == s0.device_allocations + 1,
         "caching allocator reuses a freed 1 GiB block");
  neve_gpu_free(q);

  auto *pinned = static_cast<float *>(neve_gpu_host_alloc(64 << 20));
  const int n = 16 << 20;
  for (int i = 0; i < n; ++i)
    pinned[i] = static_cast<float>(i & 1023);
  float *dev = cumalloc(ctx, int64_t(n) * 4);
  host_to_device(ctx, pinned, dev, n);
  neve_gpu_sync();
  float *check = float_pp_cpu(ctx, dev, n);
  report(std::memcmp(check, pinned, size_t(n) * 4) == 0,
         "pinned host memory (64 MiB) to the device");
  std::free(check);
  neve_gpu_host_free(pinned);
}

void checkSharedMemoryAndDimensions() {
  void *ctx = neve_context();
  float *out = zeros_cuda(ctx, 1);
  uint32_t off = 96 * 1024 - 4;
  void *params[] = {&out, &off};
  launch("smem_probe", 1, 32, 96 * 1024, params);
  float v = readFloat(out);
  report(std::fabs(v - 3.14159265f) < 1e-6f,
         "96 KiB of dynamic shared memory (attribute set by the runtime)",
         "read " + std::to_string(v));
  float *y = zeros_cuda(ctx, 4);
  float a = 5.0f;
  int32_t n = 4;
  void *sp[] = {&y, &y, &a, &n};
  void *fn = mgpuModuleGetFunction(module(), "saxpy");
  mgpuLaunchKernel(fn, 0, 1, 1, 4, 1, 1, 0, nullptr, sp, nullptr, 4);
  mgpuLaunchKernel(fn, 1, 1, 1, -1, 1, 1, 0, nullptr, sp, nullptr, 4);
  float *ones = ones_cuda(ctx, 4);
  saxpy(ones, y, 1.0f, 4);
  report(readFloat(y) == 1.0f, "launches with a dimension <= 0 do nothing");
}

void checkEventsAndGraphs() {
  void *ctx = neve_context();
  const int n = 1 << 20;
  float *x = ones_cuda(ctx, n);
  float *y = zeros_cuda(ctx, n);
  void *e0 = neve_gpu_event_record();
  for (int i = 0; i < 50; ++i)
    saxpy(x, y, 1.0f, n);
  void *e1 = neve_gpu_event_record();
  float ms = neve_gpu_event_elapsed_ms(e0, e1);
  report(ms > 0.0f && ms < 10000.0f, "timing events",
         std::to_string(ms) + " ms for 50 launches");
  neve_gpu_event_destroy(e0);
  neve_gpu_event_destroy(e1);

  neve_gpu_graph_begin();
  for (int i = 0; i < 10; ++i)
    saxpy(x, y, 2.0f, n);
  void *tmp = neve_gpu_malloc(1 << 20); // allowed while capturing
  neve_gpu_free(tmp);
  void *graph = neve_gpu_graph_end();
  for (int r = 0; r < 3; ++r)
    neve_gpu_graph_launch(graph);
  float *h = float_pp_cpu(ctx, y, n);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != 50.0f + 60.0f;
  report(bad == 0, "CUDA graph: 10 captured launches replayed 3 times",
         std::to_string(bad) + " wrong");
  std::free(h);
  neve_gpu_graph_destroy(graph);

  // A captured copy from (pageable) host memory reads it at each replay.
  float *hostIn = cumalloc_host(ctx, 4 * 4);
  float *dev = zeros_cuda(ctx, 4);
  neve_gpu_graph_begin();
  host_to_device(ctx, hostIn, dev, 4);
  void *copyGraph = neve_gpu_graph_end();
  bool replayed = true;
  for (int r = 0; r < 3; ++r) {
    for (int i = 0; i < 4; ++i)
      hostIn[i] = static_cast<float>(100 * r + i);
    neve_gpu_graph_launch(copyGraph);
    float *back = float_pp_cpu(ctx, dev, 4);
    replayed = replayed && std::memcmp(back, hostIn, 16) == 0;
    std::free(back);
  }
  report(replayed, "a captured host_to_device copies the host buffer's "
                   "contents at each replay");
  neve_gpu_graph_destroy(copyGraph);
  std::free(hostIn);
}

void checkThreads() {
  const int n = 1 << 16, threads = 4;
  std::vector<int> bad(threads, -1);
  std::vector<void *> streams(threads);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      GC_stack_base base;
      GC_get_stack_base(&base);
      GC_register_my_thread(&base);
      void *ctx = neve_context();
      streams[t] = neve_gpu_stream();
      float *x = ones_cuda(ctx, n);
      float *y = zeros_cuda(ctx, n);
      for (int i = 0; i < 100; ++i)
        saxpy(x, y, static_cast<float>(t + 1), n);
      float *h = float_pp_cpu(ctx, y, n);
      int wrong = 0;
      for (int i = 0; i < n; ++i)
        wrong += h[i] != 100.0f * (t + 1);
      std::free(h);
      bad[t] = wrong;
      GC_unregister_my_thread();
    });
  for (auto &t : ts)
    t.join();
  bool ok = true, distinct = true;
  for (int t = 0; t < threads; ++t) {
    ok = ok && bad[t] == 0;
    for (int u = 0; u < t; ++u)
      distinct = distinct && streams[t] != streams[u];
  }
  report(ok && distinct, "4 threads launch on their own streams");
}

} // namespace

int main(int argc, char **argv) {
  GC_INIT();
  GC_allow_register_threads();
  neve_set_args(argc, argv);
  if (argc > 1)
    childMode(argv[1]);

  std::printf("gpu-runtime-check: container of %zu bytes (%s)\n",
              container().size(),
#ifdef NEVE_CHECK_HAS_CUBIN
              "cubin sm_90 + PTX sm_80"
#else
              "PTX sm_80"
#endif
  );
  std::fflush(stdout);
  // The first GPU call: without a GPU the runtime reports it and exits 1.
  neve_gpu_stream();
  report(neve_gpu_initialized(), "the CUDA driver is loaded");

  checkImagePicking();
  checkSaxpyThroughMgpu();
  checkNatives();
  checkArenaAndAllocator();
  checkSharedMemoryAndDimensions();
  checkEventsAndGraphs();
  checkThreads();

  checkChild("--fault", "fault.nv:3:7: runtime error: error in kernel "
                        "'trap_kernel' launched at fault.nv:3:7: CUDA_ERROR_");
  checkChild("--late-fault", "found while waiting for the GPU at the end of "
                             "the program");
  checkChild("--launch-error", "launch.nv:9:2: runtime error: launching kernel "
                               "'saxpy' failed: CUDA_ERROR_INVALID_VALUE");
  checkChild("--oom", "cumalloc: out of device memory: 1099511627776 bytes "
                      "requested");
  checkChild("--capture-randu", "randu_cuda copies host data that would be "
                                "gone when the graph is replayed");

  neve_gpu_alloc_stats_t s;
  neve_gpu_alloc_stats(&s);
  std::printf("allocator: %lld allocations, %lld reused, %lld device "
              "allocations, peak %lld bytes\n",
              static_cast<long long>(s.allocations),
              static_cast<long long>(s.reuses),
              static_cast<long long>(s.device_allocations),
              static_cast<long long>(s.peak_bytes_in_use));
  neve_gpu_at_exit();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
