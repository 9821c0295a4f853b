//===- Allocator.cpp - Caching device allocator and arena -------*- C++ -*-===//
//
// See Allocator.h. Nothing here calls the CUDA driver: DeviceMemory.cpp
// supplies the backend.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"

#include <algorithm>

namespace neve_gpu {

AllocBackend::~AllocBackend() = default;

namespace {

uint64_t roundUp(uint64_t x, uint64_t quantum) {
  return (x + quantum - 1) / quantum * quantum;
}

bool contains(const std::vector<StreamKey> &v, StreamKey s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

std::string describeAllocFailure(const AllocFailure &f) {
  std::string text = "out of device memory: " + std::to_string(f.requested) +
                     " bytes requested, " + std::to_string(f.inUse) +
                     " bytes in use, " + std::to_string(f.cached) + " cached";
  if (f.capturing && f.cached > 0)
    text += " (not released: a CUDA graph is being captured)";
  return text;
}

//===----------------------------------------------------------------------===//
// CachingAllocator
//===----------------------------------------------------------------------===//

uint64_t CachingAllocator::classSize(uint64_t bytes) {
  if (bytes == 0)
    bytes = 1;
  if (bytes <= kSmallLimit)
    return roundUp(bytes, kSmallQuantum);
  return roundUp(bytes, kLargeQuantum);
}

uint64_t CachingAllocator::takeCached(FreeLists &lists, uint64_t cls) {
  auto it = lists.find(cls);
  if (it == lists.end() || it->second.empty())
    return 0;
  uint64_t p = it->second.back();
  it->second.pop_back();
  if (it->second.empty())
    lists.erase(it);
  return p;
}

uint64_t CachingAllocator::allocate(uint64_t bytes, StreamKey stream,
                                    AllocFailure *failure) {
  uint64_t cls = classSize(bytes);
  if (cls < bytes) { // the rounding overflowed
    if (failure)
      *failure = AllocFailure{bytes, 0, 0, false};
    return 0;
  }
  std::lock_guard<std::mutex> guard(lock);
  uint64_t p = 0;
  if (stream != kIdleStream) {
    auto it = freeLists.find(stream);
    if (it != freeLists.end())
      p = takeCached(it->second, cls);
  }
  if (!p) {
    auto it = freeLists.find(kIdleStream);
    if (it != freeLists.end())
      p = takeCached(it->second, cls);
  }
  if (p) {
    ++counters.reuses;
    counters.bytesCached -= cls;
  } else {
    p = backend.allocate(cls);
    if (!p && counters.bytesCached > 0 && !backend.capturing()) {
      releaseCachedLocked();
      p = backend.allocate(cls);
    }
    if (!p) {
      if (failure)
        *failure = AllocFailure{bytes, counters.bytesInUse,
                                counters.bytesCached, backend.capturing()};
      return 0;
    }
    ++counters.deviceAllocations;
  }
  live[p] = Live{cls, stream};
  ++counters.allocations;
  counters.bytesInUse += cls;
  counters.peakBytesInUse =
      std::max(counters.peakBytesInUse, counters.bytesInUse);
  return p;
}

bool CachingAllocator::free(uint64_t ptr, StreamKey stream) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = live.find(ptr);
  if (it == live.end())
    return false;
  uint64_t cls = it->second.size;
  live.erase(it);
  freeLists[stream][cls].push_back(ptr);
  ++counters.frees;
  counters.bytesInUse -= cls;
  counters.bytesCached += cls;
  return true;
}

uint64_t CachingAllocator::freeOnOwnStream(uint64_t ptr) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = live.find(ptr);
  if (it == live.end())
    return 0;
  Live block = it->second;
  live.erase(it);
  freeLists[block.stream][block.size].push_back(ptr);
  ++counters.frees;
  counters.bytesInUse -= block.size;
  counters.bytesCached += block.size;
  return block.size;
}

void CachingAllocator::resetPeak() {
  std::lock_guard<std::mutex> guard(lock);
  counters.peakBytesInUse = counters.bytesInUse;
}

void CachingAllocator::streamIdle(StreamKey stream) {
  if (stream == kIdleStream)
    return;
  std::lock_guard<std::mutex> guard(lock);
  auto it = freeLists.find(stream);
  if (it == freeLists.end())
    return;
  FreeLists &idle = freeLists[kIdleStream];
  // (freeLists[kIdleStream] may rehash: look the stream up again.)
  it = freeLists.find(stream);
  for (auto &entry : it->second) {
    std::vector<uint64_t> &dst = idle[entry.first];
    dst.insert(dst.end(), entry.second.begin(), entry.second.end());
  }
  freeLists.erase(it);
}

uint64_t CachingAllocator::releaseCachedLocked() {
  if (counters.bytesCached == 0 || backend.capturing())
    return 0;
  backend.synchronize();
  uint64_t released = 0;
  for (auto &perStream : freeLists)
    for (auto &entry : perStream.second)
      for (uint64_t p : entry.second) {
        backend.release(p);
        released += entry.first;
      }
  freeLists.clear();
  counters.bytesCached = 0;
  ++counters.cacheReleases;
  return released;
}

uint64_t CachingAllocator::releaseCached() {
  std::lock_guard<std::mutex> guard(lock);
  return releaseCachedLocked();
}

AllocStats CachingAllocator::stats() {
  std::lock_guard<std::mutex> guard(lock);
  return counters;
}

uint64_t CachingAllocator::blockSize(uint64_t ptr) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = live.find(ptr);
  return it == live.end() ? 0 : it->second.size;
}

//===----------------------------------------------------------------------===//
// Arena
//===----------------------------------------------------------------------===//

void Arena::orderAfterPreviousEpoch(StreamKey stream) {
  if (contains(ordered, stream))
    return;
  for (StreamKey previous : previousStreams)
    if (previous != stream)
      backend.orderAfter(stream, previous);
  ordered.push_back(stream);
}

uint64_t Arena::allocate(uint64_t bytes, StreamKey stream,
                         AllocFailure *failure) {
  uint64_t need = roundUp(bytes == 0 ? 1 : bytes, kAlign);
  if (need < bytes) {
    if (failure)
      *failure = AllocFailure{bytes, 0, 0, false};
    return 0;
  }
  std::lock_guard<std::mutex> guard(lock);
  orderAfterPreviousEpoch(stream);
  if (!contains(epochStreams, stream))
    epochStreams.push_back(stream);
  while (current < chunks.size()) {
    Chunk &c = chunks[current];
    if (offset + need <= c.size) {
      uint64_t p = c.base + offset;
      offset += need;
      used += need;
      counters.highWater = std::max(counters.highWater, used);
      return p;
    }
    ++current;
    offset = 0;
  }
  uint64_t size =
      std::max(chunkBytes, roundUp(need, CachingAllocator::kLargeQuantum));
  uint64_t base = allocator.allocate(size, stream, failure);
  if (!base) {
    if (failure)
      failure->requested = bytes;
    return 0;
  }
  chunks.push_back(Chunk{base, size});
  counters.chunkBytes += size;
  counters.chunks = chunks.size();
  current = chunks.size() - 1;
  offset = need; // the backend's blocks are 256-byte aligned
  used += need;
  counters.highWater = std::max(counters.highWater, used);
  return base;
}

bool Arena::holds(uint64_t ptr) {
  std::lock_guard<std::mutex> guard(lock);
  for (const Chunk &c : chunks)
    if (ptr >= c.base && ptr < c.base + c.size)
      return true;
  return false;
}

void Arena::reset() {
  std::lock_guard<std::mutex> guard(lock);
  if (!epochStreams.empty())
    previousStreams = epochStreams;
  epochStreams.clear();
  ordered.clear();
  current = 0;
  offset = 0;
  used = 0;
  ++counters.resets;
}

ArenaStats Arena::stats() {
  std::lock_guard<std::mutex> guard(lock);
  ArenaStats s = counters;
  s.usedBytes = used;
  return s;
}

} // namespace neve_gpu
