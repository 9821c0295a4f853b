//===- Memory.h - Device memory of the GPU runtime (internal) ---*- C++ -*-===//
//
// The process-wide caching allocator and temporary arena (Allocator.h) over
// the driver, as the other GPU files use them (DeviceMemory.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_MEMORY_H
#define NEVE_RUNTIME_GPU_MEMORY_H

#include "Driver.h"

#include <cstdint>

namespace neve_gpu {

/// \p bytes of device memory for work on \p stream from the caching
/// allocator; out of memory ends the program with "<what>: out of device
/// memory: ...".
uint64_t deviceAlloc(uint64_t bytes, CUstream stream, const char *what);

/// \p bytes from the temporary arena (256-byte aligned), likewise.
uint64_t arenaAlloc(uint64_t bytes, CUstream stream, const char *what);

/// Everything queued on \p stream has finished (the runtime synchronised
/// it): its cached blocks may serve other streams.
void streamIdle(CUstream stream);

/// Writes the allocator's statistics to stderr (NEVE_GPU_ALLOC_STATS=1).
void printAllocStats();

/// The class size of a live block of the caching allocator, or 0 (arena
/// memory, a pointer into a block, a freed block).
uint64_t deviceBlockSize(uint64_t ptr);

/// Gives a live block back on the stream it was allocated for; its class
/// size, or 0 when it is not a live block (Reclaim.h).
uint64_t deviceFreeOnOwnStream(uint64_t ptr);

/// Starts the allocator's peak of bytes in use again from now.
void resetDevicePeak();

/// Whether \p ptr points into the temporary arena.
bool arenaHolds(uint64_t ptr);

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_MEMORY_H
