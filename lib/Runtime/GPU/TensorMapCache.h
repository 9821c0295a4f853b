//===- TensorMapCache.h - Encoded TMA descriptors, once each ----*- C++ -*-===//
//
// A tensor map (§8.4) is the 128-byte descriptor that cuTensorMapEncodeTiled
// writes for a global tensor: its address, element type, extents, strides,
// box and swizzle. A kernel takes it as a 128-byte grid-constant parameter
// (docs/codegen.md, "Kernel arguments"), so the driver copies the bytes at
// each launch and the host's copy is only read there. The runtime encodes
// each distinct descriptor once and keeps it for the life of the process:
//
//   - the key is everything the encoding depends on (the address included),
//     so equal keys give equal descriptors and the cached bytes are exact;
//   - an entry never moves or dies, so the handle a program holds stays
//     valid after later misses, on any thread;
//   - a hit takes a lock, hashes the key and returns the entry: no
//     allocation, no encoding, no driver call. A training step replayed as
//     a CUDA graph therefore neither allocates nor encodes; nor does a step
//     run again eagerly once its buffers come back at the same addresses
//     (the arena of §9.1 gives them so).
//
// Nothing here talks to the driver: the caller passes the encoder, so the
// logic is tested without a GPU (test/unit/TensorMapCacheTest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_TENSORMAPCACHE_H
#define NEVE_RUNTIME_GPU_TENSORMAPCACHE_H

#include "CudaApi.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace neve_gpu {

/// What a descriptor is encoded from, in cuTensorMapEncodeTiled's terms
/// (dimension 0 innermost). Unused dimensions and strides are zero.
struct TensorMapKey {
  uint64_t base = 0;
  int32_t dataType = 0; ///< CU_TENSOR_MAP_DATA_TYPE_*
  int32_t rank = 0;     ///< 1 to 5
  uint64_t dims[5] = {};
  uint64_t strides[4] = {}; ///< bytes, of dimensions 1 to rank-1
  uint32_t box[5] = {};
  int32_t swizzle = 0; ///< CU_TENSOR_MAP_SWIZZLE_*

  bool operator==(const TensorMapKey &o) const {
    return base == o.base && dataType == o.dataType && rank == o.rank &&
           swizzle == o.swizzle &&
           std::memcmp(dims, o.dims, sizeof dims) == 0 &&
           std::memcmp(strides, o.strides, sizeof strides) == 0 &&
           std::memcmp(box, o.box, sizeof box) == 0;
  }
};

struct TensorMapKeyHash {
  size_t operator()(const TensorMapKey &k) const {
    // FNV-1a over the fields (no padding is read).
    uint64_t h = 1469598103934665603ull;
    auto mix = [&](const void *p, size_t n) {
      const unsigned char *c = static_cast<const unsigned char *>(p);
      for (size_t i = 0; i < n; ++i)
        h = (h ^ c[i]) * 1099511628211ull;
    };
    mix(&k.base, sizeof k.base);
    mix(&k.dataType, sizeof k.dataType);
    mix(&k.rank, sizeof k.rank);
    mix(k.dims, sizeof k.dims);
    mix(k.strides, sizeof k.strides);
    mix(k.box, sizeof k.box);
    mix(&k.swizzle, sizeof k.swizzle);
    return static_cast<size_t>(h);
  }
};

class TensorMapCache {
public:
  /// The descriptor of \p key: the cached one, else one that \p encode
  /// (called as `CUresult encode(neve_cu::TensorMap *, const TensorMapKey
  /// &)`) writes, kept when it returns CUDA_SUCCESS. On failure, null and
  /// \p result holds the encoder's error (nothing is cached).
  template <typename Encode>
  const neve_cu::TensorMap *get(const TensorMapKey &key, Encode &&encode,
                                neve_cu::CUresult &result) {
    std::lock_guard<std::mutex> guard(lock);
    result = neve_cu::CUDA_SUCCESS;
    auto it = entries.find(key);
    if (it != entries.end()) {
      ++hitCount;
      return it->second.get();
    }
    auto entry = std::make_unique<neve_cu::TensorMap>();
    result = encode(entry.get(), key);
    ++encodeCount;
    if (result != neve_cu::CUDA_SUCCESS)
      return nullptr;
    const neve_cu::TensorMap *out = entry.get();
    entries.emplace(key, std::move(entry));
    return out;
  }

  size_t size() {
    std::lock_guard<std::mutex> guard(lock);
    return entries.size();
  }
  /// Encoder calls and hits so far.
  uint64_t encodes() {
    std::lock_guard<std::mutex> guard(lock);
    return encodeCount;
  }
  uint64_t hits() {
    std::lock_guard<std::mutex> guard(lock);
    return hitCount;
  }

private:
  std::mutex lock;
  std::unordered_map<TensorMapKey, std::unique_ptr<neve_cu::TensorMap>,
                     TensorMapKeyHash>
      entries;
  uint64_t encodeCount = 0, hitCount = 0;
};

/// The process's cache (TensorMap.cpp; never destroyed).
TensorMapCache &tensorMapCache();

/// The key of neve_gpu_tensor_map's arguments (neve_runtime.h), or an
/// error message when TMA cannot describe them (alignment, strides, box).
/// \p elemBytes receives the element size.
std::string tensorMapKey(const void *base, int32_t type, int32_t rank,
                         int64_t d0, int64_t d1, int64_t d2, int64_t pitch,
                         int32_t b0, int32_t b1, int32_t b2, int32_t swizzle,
                         TensorMapKey &key);

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_TENSORMAPCACHE_H
