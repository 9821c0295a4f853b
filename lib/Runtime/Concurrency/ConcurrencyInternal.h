//===- ConcurrencyInternal.h - Thread runtime helpers -----------*- C++ -*-===//
//
// Runtime-internal: what the rest of the runtime needs to know about the
// thread runtime (Tasks.cpp). Errors.cpp names the failing task in reports.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CONCURRENCY_CONCURRENCYINTERNAL_H
#define NEVE_RUNTIME_CONCURRENCY_CONCURRENCYINTERNAL_H

#include <cstdint>

namespace neve_rt {

/// True when the calling thread is running a task started by neve_async or
/// neve_asyncs; then \p tid and \p tn are its `tid` and `tN`.
bool currentTask(int32_t &tid, int32_t &tn);

/// The most threads the pool runs at once (busy and idle workers together):
/// a task started beyond it is a runtime error (§6.8.1 allows a cap >= 64).
constexpr int64_t kMaxThreads = 4096;

} // namespace neve_rt

#endif // NEVE_RUNTIME_CONCURRENCY_CONCURRENCYINTERNAL_H
