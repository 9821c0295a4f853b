//===- Allocator.h - Caching device allocator and arena ---------*- C++ -*-===//
//
// The logic of the runtime's device memory (docs/runtime-gpu.md, "Device
// memory"), separated from the CUDA driver by AllocBackend so that unit
// tests drive it with a fake backend (test/unit/GpuAllocatorTest.cpp).
// DeviceMemory.cpp plugs in the driver.
//
// CachingAllocator: requests are rounded up to a size class (a multiple of
// 512 bytes up to 1 MiB, a multiple of 2 MiB above), blocks are never split
// or merged, and a freed block goes to a free list keyed by (stream, class).
// Stream rule: a block freed on stream S is handed out again only for work
// on S (in-order, so the new work runs after everything that used the block
// before the free), or for any stream once S is known to be idle (after the
// runtime synchronised S, or S was destroyed). When the backend reports out
// of memory, the allocator waits for the device, gives every cached block
// back, and retries once; while a CUDA graph is being captured it does not
// (that would synchronise the capturing stream) and fails at once.
//
// Arena: the temporary arena of §9.1. Bump allocation (256-byte aligned) in
// chunks taken from the caching allocator and kept for the program's life;
// reset() rewinds to the first chunk, so a program that repeats the same
// sequence of arena requests between resets stops allocating after the
// first round. Memory handed out before a reset may still be in use by work
// on the streams that got it; a stream that allocates after the reset is
// first ordered after those streams (AllocBackend::orderAfter) when it is a
// different one.
//
// Both classes are thread-safe (one mutex each).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_ALLOCATOR_H
#define NEVE_RUNTIME_GPU_ALLOCATOR_H

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace neve_gpu {

/// A stream as the allocator sees it (a CUstream); kIdleStream is the key
/// of blocks that no pending work uses.
using StreamKey = const void *;
constexpr StreamKey kIdleStream = nullptr;

/// What the allocator needs from the device.
class AllocBackend {
public:
  virtual ~AllocBackend();
  /// \p bytes of device memory, 256-byte aligned (as cuMemAlloc's are), or
  /// 0 when the device is out of memory (any other failure is reported by
  /// the backend and ends the program).
  virtual uint64_t allocate(uint64_t bytes) = 0;
  /// Gives a block back to the device (only called after synchronize()).
  virtual void release(uint64_t ptr) = 0;
  /// Waits until the device has finished all work.
  virtual void synchronize() = 0;
  /// True while some stream is capturing a CUDA graph: the allocator then
  /// neither synchronises nor releases memory.
  virtual bool capturing() = 0;
  /// Orders later work on \p waiter after the work now queued on \p signaler.
  virtual void orderAfter(StreamKey waiter, StreamKey signaler) = 0;
};

struct AllocStats {
  uint64_t allocations = 0;       ///< requests served
  uint64_t reuses = 0;            ///< of which from the cache
  uint64_t deviceAllocations = 0; ///< backend allocations
  uint64_t frees = 0;             ///< blocks given back by the program
  uint64_t bytesInUse = 0;        ///< class bytes held by the program
  uint64_t bytesCached = 0;       ///< class bytes in the free lists
  uint64_t peakBytesInUse = 0;
  uint64_t cacheReleases = 0; ///< times the cache was emptied on OOM
};

/// Why an allocation failed.
struct AllocFailure {
  uint64_t requested = 0;
  uint64_t inUse = 0;
  uint64_t cached = 0;
  bool capturing = false;
};

/// "out of device memory: N bytes requested, M bytes in use, K cached"
/// (plus a note when the cache could not be released during a capture).
std::string describeAllocFailure(const AllocFailure &f);

class CachingAllocator {
public:
  explicit CachingAllocator(AllocBackend &backend) : backend(backend) {}

  static constexpr uint64_t kSmallQuantum = 512;
  static constexpr uint64_t kSmallLimit = 1ull << 20;
  static constexpr uint64_t kLargeQuantum = 2ull << 20;

  /// The size class of a request: 0 bytes count as one byte.
  static uint64_t classSize(uint64_t bytes);

  /// A block of at least \p bytes for work on \p stream, or 0 with
  /// \p failure filled in when the device has no memory left.
  uint64_t allocate(uint64_t bytes, StreamKey stream, AllocFailure *failure);

  /// Gives back a block from allocate(); work on \p stream queued before
  /// this call may still use it. False when \p ptr is not a live block.
  bool free(uint64_t ptr, StreamKey stream);

  /// Gives back a live block on the stream it was allocated for (its
  /// owner was collected, Reclaim.h: the thread that frees it did not use
  /// it). Returns its class size, or 0 when \p ptr is not a live block.
  uint64_t freeOnOwnStream(uint64_t ptr);

  /// Starts the peak of bytes in use again from the bytes in use now.
  void resetPeak();

  /// Everything queued on \p stream so far has finished: its cached
  /// blocks may serve any stream.
  void streamIdle(StreamKey stream);

  /// Waits for the device and gives every cached block back; returns the
  /// bytes released (nothing during a capture).
  uint64_t releaseCached();

  AllocStats stats();

  /// The class size of a live block, or 0.
  uint64_t blockSize(uint64_t ptr);

private:
  using FreeLists = std::map<uint64_t, std::vector<uint64_t>>;
  uint64_t takeCached(FreeLists &lists, uint64_t cls);
  uint64_t releaseCachedLocked();

  AllocBackend &backend;
  std::mutex lock;
  std::unordered_map<StreamKey, FreeLists> freeLists;
  struct Live {
    uint64_t size;
    StreamKey stream; ///< the stream it was allocated for
  };
  std::unordered_map<uint64_t, Live> live;
  AllocStats counters;
};

struct ArenaStats {
  uint64_t chunkBytes = 0; ///< device bytes held by the arena's chunks
  uint64_t usedBytes = 0;  ///< handed out since the last reset
  uint64_t highWater = 0;  ///< most bytes handed out between two resets
  uint64_t chunks = 0;
  uint64_t resets = 0;
};

class Arena {
public:
  static constexpr uint64_t kAlign = 256;
  static constexpr uint64_t kDefaultChunk = 32ull << 20;

  Arena(CachingAllocator &allocator, AllocBackend &backend,
        uint64_t chunkBytes = kDefaultChunk)
      : allocator(allocator), backend(backend), chunkBytes(chunkBytes) {}

  /// \p bytes (256-byte aligned, 0 bytes give a distinct 256-byte slot) for
  /// work on \p stream, valid until the next reset(); 0 with \p failure
  /// filled in when no chunk could be allocated.
  uint64_t allocate(uint64_t bytes, StreamKey stream, AllocFailure *failure);

  /// Recycles everything handed out since the previous reset.
  void reset();

  /// Whether \p ptr points into one of the arena's chunks.
  bool holds(uint64_t ptr);

  ArenaStats stats();

private:
  struct Chunk {
    uint64_t base;
    uint64_t size;
  };
  void orderAfterPreviousEpoch(StreamKey stream);

  CachingAllocator &allocator;
  AllocBackend &backend;
  uint64_t chunkBytes;
  std::mutex lock;
  std::vector<Chunk> chunks;
  size_t current = 0;                     ///< chunk being filled
  uint64_t offset = 0;                    ///< next free byte in it
  uint64_t used = 0;                      ///< bytes handed out in this epoch
  std::vector<StreamKey> epochStreams;    ///< streams served since the reset
  std::vector<StreamKey> previousStreams; ///< those of the last busy epoch
  std::vector<StreamKey> ordered; ///< streams already ordered after them
  ArenaStats counters;
};

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_ALLOCATOR_H
