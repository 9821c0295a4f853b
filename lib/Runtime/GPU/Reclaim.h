//===- Reclaim.h - Device buffers freed by the collector --------*- C++ -*-===//
//
// A program may tie a long-lived device buffer to a collected object, its
// owner (Frost ties a tensor's storage to the gpu_tensor): when the
// collector finds the owner unreachable, the owner's finalizer queues the
// buffer (ReclaimQueue), and the runtime gives queued buffers back to the
// caching allocator at points where that is safe: when a thread ties a new
// buffer, at tarena_reset(), and before it reports the device out of
// memory. A buffer goes back on the stream it was allocated for, so work
// already queued there that reads it runs before any new use.
//
// The collector runs when the host heap grows, and an owner is a small
// object holding a large buffer, so device memory would grow long before
// the host heap asks for a collection. ReclaimPolicy decides when device
// memory asks for one: once the buffers tied since the last collection
// reach the larger of a minimum and the tied bytes that survived it.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_RECLAIM_H
#define NEVE_RUNTIME_GPU_RECLAIM_H

#include <cstdint>
#include <mutex>
#include <vector>

namespace neve_gpu {

/// Buffers whose owners were collected. Finalizers push from any thread;
/// take() hands the buffers to the thread that frees them.
class ReclaimQueue {
public:
  void push(uint64_t ptr);
  std::vector<uint64_t> take();

private:
  std::mutex lock;
  std::vector<uint64_t> pending;
};

/// When device memory asks for a collection. Not thread-safe: the caller
/// holds a lock.
class ReclaimPolicy {
public:
  static constexpr uint64_t kDefaultMinBytes = 256ull << 20;

  explicit ReclaimPolicy(uint64_t minBytes = kDefaultMinBytes)
      : minBytes(minBytes) {}

  /// A buffer of \p bytes was tied to an owner; true when the collector
  /// should run now.
  bool tied(uint64_t bytes);
  /// A tied buffer of \p bytes was freed.
  void freed(uint64_t bytes);
  /// The collector ran and its garbage was freed: the next collection
  /// waits for as many bytes again as are still tied, at least the minimum.
  void collected();

  uint64_t tiedBytes() const { return live; }

private:
  uint64_t minBytes;
  uint64_t live = 0;         ///< bytes of tied buffers not yet freed
  uint64_t sinceCollect = 0; ///< bytes tied since the last collection
  uint64_t budget = 0;       ///< sinceCollect that asks for a collection
};

/// Frees every queued buffer (the process-wide queue, DeviceMemory's
/// allocator). Returns the bytes given back.
uint64_t reclaimCollected();

/// Runs the collector, then frees what it found; false when no buffer is
/// tied (nothing to gain, and the thread may not be the collector's).
bool collectDeviceGarbage();

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_RECLAIM_H
