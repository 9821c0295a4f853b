//===- Reclaim.cpp - Device buffers freed by the collector ------*- C++ -*-===//
//
// The queue and policy of Reclaim.h, the process-wide reclaimer over the
// caching allocator, and the natives Frost declares (frost/memory.nv):
// gpu_free_when_collected / gpu_free_bf16_when_collected tie a buffer to
// its owner, gpu_collect runs the collector for device memory, and
// gpu_memory_allocated / gpu_max_memory_allocated /
// gpu_reset_peak_memory_stats read the allocator's statistics (without
// loading the driver). Each native receives the thread's runtime context
// first (a `proto` without `sys`, §3.8).
//
//===----------------------------------------------------------------------===//

#include "Reclaim.h"
#include "Driver.h"
#include "Memory.h"

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

#include <algorithm>
#include <string>

using namespace neve_gpu;

void ReclaimQueue::push(uint64_t ptr) {
  std::lock_guard<std::mutex> guard(lock);
  pending.push_back(ptr);
}

std::vector<uint64_t> ReclaimQueue::take() {
  std::lock_guard<std::mutex> guard(lock);
  std::vector<uint64_t> out;
  out.swap(pending);
  return out;
}

bool ReclaimPolicy::tied(uint64_t bytes) {
  live += bytes;
  sinceCollect += bytes;
  if (budget == 0)
    budget = minBytes;
  return sinceCollect >= budget;
}

void ReclaimPolicy::freed(uint64_t bytes) { live -= std::min(live, bytes); }

void ReclaimPolicy::collected() {
  sinceCollect = 0;
  budget = std::max(minBytes, live);
}

namespace {

struct Reclaimer {
  ReclaimQueue queue;
  std::mutex lock; ///< guards policy
  ReclaimPolicy policy;
};

/// Never destroyed (finalizers may run while the process exits).
Reclaimer &reclaimer() {
  static Reclaimer *r = new Reclaimer();
  return *r;
}

/// The owner's finalizer: any thread, at a point where the collector
/// chose; it only queues the buffer.
void queueBuffer(void *owner, void *buffer) {
  (void)owner;
  reclaimer().queue.push(reinterpret_cast<uint64_t>(buffer));
}

void tie(void *owner, void *buffer, const char *what) {
  if (!owner)
    fatal(errorSite(), std::string(what) + ": the owner is nil");
  if (!buffer)
    return;
  uint64_t at = reinterpret_cast<uint64_t>(buffer);
  uint64_t size = arenaHolds(at) ? 0 : deviceBlockSize(at);
  if (size == 0)
    fatal(errorSite(),
          std::string(what) + ": not a buffer of the caching allocator "
                              "(arena memory is recycled by tarena_reset)");
  // One buffer per owner: a later registration replaces the finalizer.
  GC_register_finalizer_no_order(owner, queueBuffer, buffer, nullptr,
                                 nullptr);
  reclaimCollected();
  bool collect = false;
  {
    Reclaimer &r = reclaimer();
    std::lock_guard<std::mutex> guard(r.lock);
    collect = r.policy.tied(size);
  }
  if (collect && !anyCapture())
    collectDeviceGarbage();
}

int64_t statsField(int64_t neve_gpu_alloc_stats_t::*field) {
  neve_gpu_alloc_stats_t s;
  neve_gpu_alloc_stats(&s);
  return s.*field;
}

} // namespace

uint64_t neve_gpu::reclaimCollected() {
  Reclaimer &r = reclaimer();
  std::vector<uint64_t> buffers = r.queue.take();
  if (buffers.empty())
    return 0;
  uint64_t total = 0;
  for (uint64_t p : buffers)
    total += deviceFreeOnOwnStream(p);
  std::lock_guard<std::mutex> guard(r.lock);
  r.policy.freed(total);
  return total;
}

bool neve_gpu::collectDeviceGarbage() {
  Reclaimer &r = reclaimer();
  {
    std::lock_guard<std::mutex> guard(r.lock);
    if (r.policy.tiedBytes() == 0)
      return false;
  }
  GC_gcollect();
  GC_invoke_finalizers();
  reclaimCollected();
  std::lock_guard<std::mutex> guard(r.lock);
  r.policy.collected();
  return true;
}

//===----------------------------------------------------------------------===//
// Natives
//===----------------------------------------------------------------------===//

extern "C" void gpu_free_when_collected(void *ctx, void *owner,
                                        float *buffer) {
  (void)ctx;
  tie(owner, buffer, "gpu_free_when_collected");
}

extern "C" void gpu_free_bf16_when_collected(void *ctx, void *owner,
                                             uint16_t *buffer) {
  (void)ctx;
  tie(owner, buffer, "gpu_free_bf16_when_collected");
}

extern "C" int64_t gpu_collect(void *ctx) {
  (void)ctx;
  neve_gpu_alloc_stats_t before, after;
  neve_gpu_alloc_stats(&before);
  if (!collectDeviceGarbage())
    reclaimCollected();
  neve_gpu_alloc_stats(&after);
  return before.bytes_in_use - after.bytes_in_use;
}

extern "C" int64_t gpu_memory_allocated(void *ctx) {
  (void)ctx;
  return statsField(&neve_gpu_alloc_stats_t::bytes_in_use);
}

extern "C" int64_t gpu_max_memory_allocated(void *ctx) {
  (void)ctx;
  return statsField(&neve_gpu_alloc_stats_t::peak_bytes_in_use);
}

extern "C" void gpu_reset_peak_memory_stats(void *ctx) {
  (void)ctx;
  resetDevicePeak();
}
