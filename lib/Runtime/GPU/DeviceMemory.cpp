//===- DeviceMemory.cpp - Device and pinned memory --------------*- C++ -*-===//
//
// The process-wide CachingAllocator and Arena (Allocator.h) with the driver
// as their backend, and the C entry points that use them: mgpuMemAlloc /
// mgpuMemFree / mgpuMemcpy / mgpuMemset32 / mgpuMemset16 of upstream's
// gpu-to-llvm, neve_gpu_malloc / neve_gpu_free, the arena
// (neve_gpu_arena_alloc, tarena_reset), pinned host memory and the
// allocator's statistics. A null stream argument means the calling
// thread's stream.
//
// Host-shared allocations (mgpuMemAlloc with isHostShared, `gpu.alloc
// host_shared`) are managed memory from cuMemAllocManaged, not cached.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"
#include "Memory.h"
#include "Reclaim.h"
#include "../Core/HostBuffers.h"

#include "neve/Runtime/neve_runtime.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_set>

using namespace neve_gpu;

namespace {

class DriverBackend final : public AllocBackend {
public:
  uint64_t allocate(uint64_t bytes) override {
    CUdeviceptr p = 0;
    CUresult r = api().cuMemAlloc(&p, bytes);
    if (r == CUDA_ERROR_OUT_OF_MEMORY)
      return 0;
    checkAsync(r, "allocating device memory");
    return p;
  }
  void release(uint64_t ptr) override {
    checkAsync(api().cuMemFree(ptr), "freeing cached device memory");
  }
  void synchronize() override {
    checkAsync(api().cuCtxSynchronize(), "waiting for the GPU");
  }
  bool capturing() override { return anyCapture(); }
  void orderAfter(StreamKey waiter, StreamKey signaler) override {
    const DriverApi &d = api();
    auto *w = static_cast<CUstream>(const_cast<void *>(waiter));
    auto *s = static_cast<CUstream>(const_cast<void *>(signaler));
    // A capturing stream may not wait for work outside its graph (nor be
    // recorded for another stream): the arena's cross-stream order is not
    // kept for captured work (docs/runtime-gpu.md).
    int status = CU_STREAM_CAPTURE_STATUS_NONE;
    if (d.cuStreamIsCapturing(w, &status) != CUDA_SUCCESS ||
        status != CU_STREAM_CAPTURE_STATUS_NONE)
      return;
    if (d.cuStreamIsCapturing(s, &status) != CUDA_SUCCESS ||
        status != CU_STREAM_CAPTURE_STATUS_NONE)
      return;
    CUevent event = nullptr;
    check(d.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING),
          "creating an event to order arena memory");
    check(d.cuEventRecord(event, s), "ordering arena memory between streams");
    check(d.cuStreamWaitEvent(w, event, 0),
          "ordering arena memory between streams");
    check(d.cuEventDestroy(event), "destroying an event");
  }
};

struct Memory {
  DriverBackend backend;
  CachingAllocator allocator{backend};
  Arena arena{allocator, backend};
  std::mutex managedLock;
  std::unordered_set<uint64_t> managed;
};

/// Never destroyed (threads may allocate while the process exits). Making
/// it touches no driver.
Memory &memory() {
  static Memory *m = new Memory();
  return *m;
}

CUstream streamOf(void *stream) {
  return stream ? static_cast<CUstream>(stream) : threadStream();
}

uint64_t checkedSize(int64_t bytes, const char *what) {
  if (bytes < 0)
    fatal(errorSite(), std::string(what) + ": negative size " +
                           std::to_string(bytes) + " bytes");
  return static_cast<uint64_t>(bytes);
}

} // namespace

namespace neve_gpu {

uint64_t deviceAlloc(uint64_t bytes, CUstream stream, const char *what) {
  AllocFailure failure;
  uint64_t p = memory().allocator.allocate(bytes, stream, &failure);
  // Out of memory: buffers whose owners are garbage may free enough
  // (Reclaim.h; not while a graph is captured, as the allocator itself).
  if (!p && !failure.capturing && collectDeviceGarbage())
    p = memory().allocator.allocate(bytes, stream, &failure);
  if (!p)
    fatal(errorSite(),
          std::string(what) + ": " + describeAllocFailure(failure));
  return p;
}

uint64_t deviceBlockSize(uint64_t ptr) {
  return memory().allocator.blockSize(ptr);
}

uint64_t deviceFreeOnOwnStream(uint64_t ptr) {
  return memory().allocator.freeOnOwnStream(ptr);
}

void resetDevicePeak() { memory().allocator.resetPeak(); }

bool arenaHolds(uint64_t ptr) { return memory().arena.holds(ptr); }

uint64_t arenaAlloc(uint64_t bytes, CUstream stream, const char *what) {
  AllocFailure failure;
  uint64_t p = memory().arena.allocate(bytes, stream, &failure);
  if (!p)
    fatal(errorSite(),
          std::string(what) + ": " + describeAllocFailure(failure));
  return p;
}

void streamIdle(CUstream stream) { memory().allocator.streamIdle(stream); }

void printAllocStats() {
  neve_gpu_alloc_stats_t s;
  neve_gpu_alloc_stats(&s);
  std::fprintf(
      stderr,
      "neve gpu allocator: %" PRId64 " allocations (%" PRId64
      " reused), %" PRId64 " device allocations, %" PRId64 " frees, %" PRId64
      " bytes in use, %" PRId64 " bytes cached, peak %" PRId64
      " bytes in use, %" PRId64 " cache releases\n"
      "neve gpu arena: %" PRId64 " bytes in %" PRId64
      " chunks, high water %" PRId64 " bytes, %" PRId64 " resets\n",
      s.allocations, s.reuses, s.device_allocations, s.frees, s.bytes_in_use,
      s.bytes_cached, s.peak_bytes_in_use, s.cache_releases, s.arena_bytes,
      s.arena_chunks, s.arena_high_water, s.arena_resets);
}

} // namespace neve_gpu

//===----------------------------------------------------------------------===//
// Upstream's memory entry points
//===----------------------------------------------------------------------===//

extern "C" void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared) {
  if (isHostShared) {
    CUdeviceptr p = 0;
    checkAsync(api().cuMemAllocManaged(&p, bytes == 0 ? 1 : bytes,
                                       CU_MEM_ATTACH_GLOBAL),
               "allocating host-shared memory");
    Memory &m = memory();
    std::lock_guard<std::mutex> guard(m.managedLock);
    m.managed.insert(p);
    return reinterpret_cast<void *>(p);
  }
  return reinterpret_cast<void *>(
      deviceAlloc(bytes, streamOf(stream), "allocating device memory"));
}

extern "C" void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  Memory &m = memory();
  uint64_t p = reinterpret_cast<uint64_t>(ptr);
  {
    std::lock_guard<std::mutex> guard(m.managedLock);
    if (m.managed.erase(p)) {
      if (anyCapture())
        fatal(errorSite(), "freeing host-shared memory while a CUDA graph is "
                           "being captured");
      checkAsync(api().cuMemFree(p), "freeing host-shared memory");
      return;
    }
  }
  if (!m.allocator.free(p, streamOf(stream))) {
    char address[32];
    std::snprintf(address, sizeof(address), "%#" PRIx64, p);
    fatal(errorSite(), std::string("freeing device memory at ") + address +
                           " that the runtime did not allocate (or freed "
                           "already)");
  }
}

extern "C" void mgpuMemcpy(void *dst, void *src, int64_t bytes, void *stream) {
  if (bytes <= 0)
    return;
  checkAsync(api().cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                 reinterpret_cast<CUdeviceptr>(src),
                                 static_cast<size_t>(bytes), streamOf(stream)),
             "copying GPU memory");
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, int64_t count,
                             void *stream) {
  if (count <= 0)
    return;
  checkAsync(api().cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                    static_cast<size_t>(count),
                                    streamOf(stream)),
             "setting GPU memory");
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, int64_t count,
                             void *stream) {
  if (count <= 0)
    return;
  checkAsync(api().cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                    static_cast<size_t>(count),
                                    streamOf(stream)),
             "setting GPU memory");
}

//===----------------------------------------------------------------------===//
// The runtime's own entry points
//===----------------------------------------------------------------------===//

extern "C" void *neve_gpu_malloc(int64_t bytes) {
  uint64_t size = checkedSize(bytes, "neve_gpu_malloc");
  return reinterpret_cast<void *>(
      deviceAlloc(size, threadStream(), "neve_gpu_malloc"));
}

extern "C" void neve_gpu_free(void *ptr) {
  if (!ptr)
    return;
  if (!memory().allocator.free(reinterpret_cast<uint64_t>(ptr), threadStream()))
    fatal(errorSite(), "neve_gpu_free: the pointer was not allocated by the "
                       "runtime (or was freed already)");
}

extern "C" void *neve_gpu_arena_alloc(int64_t bytes) {
  uint64_t size = checkedSize(bytes, "neve_gpu_arena_alloc");
  return reinterpret_cast<void *>(
      arenaAlloc(size, threadStream(), "the temporary arena"));
}

extern "C" void neve_tarena_reset(void) {
  memory().arena.reset();
  // A step boundary: buffers of collected tensors go back here too.
  reclaimCollected();
}

extern "C" void tarena_reset(void *ctx) {
  (void)ctx;
  neve_tarena_reset();
}

extern "C" void *neve_gpu_host_alloc(int64_t bytes) {
  uint64_t size = checkedSize(bytes, "neve_gpu_host_alloc");
  void *p = nullptr;
  CUresult r =
      api().cuMemHostAlloc(&p, size == 0 ? 1 : size, kMemHostAllocPortable);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    fatal(errorSite(), "neve_gpu_host_alloc: out of pinned host memory (" +
                           std::to_string(size) + " bytes requested)");
  checkAsync(r, "allocating pinned host memory");
  neve_rt::rememberHostBuffer(p, size); // load_img may write into it
  return p;
}

extern "C" void neve_gpu_host_free(void *ptr) {
  if (!ptr)
    return;
  neve_rt::forgetHostBuffer(ptr);
  checkAsync(api().cuMemFreeHost(ptr), "freeing pinned host memory");
}

extern "C" void neve_gpu_alloc_stats(neve_gpu_alloc_stats_t *out) {
  if (!out)
    return;
  Memory &m = memory();
  AllocStats a = m.allocator.stats();
  ArenaStats r = m.arena.stats();
  out->allocations = static_cast<int64_t>(a.allocations);
  out->reuses = static_cast<int64_t>(a.reuses);
  out->device_allocations = static_cast<int64_t>(a.deviceAllocations);
  out->frees = static_cast<int64_t>(a.frees);
  out->bytes_in_use = static_cast<int64_t>(a.bytesInUse);
  out->bytes_cached = static_cast<int64_t>(a.bytesCached);
  out->peak_bytes_in_use = static_cast<int64_t>(a.peakBytesInUse);
  out->cache_releases = static_cast<int64_t>(a.cacheReleases);
  out->arena_bytes = static_cast<int64_t>(r.chunkBytes);
  out->arena_chunks = static_cast<int64_t>(r.chunks);
  out->arena_used = static_cast<int64_t>(r.usedBytes);
  out->arena_high_water = static_cast<int64_t>(r.highWater);
  out->arena_resets = static_cast<int64_t>(r.resets);
}
