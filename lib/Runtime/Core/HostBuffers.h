//===- HostBuffers.h - The runtime's table of host buffers ------*- C++ -*-===//
//
// Host buffers the runtime hands out (cumalloc_host, neve_gpu_host_alloc)
// are remembered with their sizes, so that neve_host_bytes_after can tell a
// native how much room a float_cpu has (HostBuffers.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CORE_HOSTBUFFERS_H
#define NEVE_RUNTIME_CORE_HOSTBUFFERS_H

#include <cstdint>

namespace neve_rt {

/// Records a buffer of \p bytes at \p p (replacing stale entries it
/// overlaps: their memory was freed and reused).
void rememberHostBuffer(const void *p, uint64_t bytes);

/// Forgets the buffer starting at \p p (when the runtime frees it).
void forgetHostBuffer(const void *p);

} // namespace neve_rt

#endif // NEVE_RUNTIME_CORE_HOSTBUFFERS_H
