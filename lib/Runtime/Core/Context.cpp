//===- Context.cpp - The per-thread runtime context -------------*- C++ -*-===//
//
// Every thread that runs Neve code has one neve_thread_context (§3.8): a
// `proto` declared without `sys` receives it as a hidden first argument, so
// foreign code can reach the thread id, the collector's allocator and the
// string constructor through plain function pointers, without linking
// against runtime symbols. The context is thread-local, built on the
// thread's first call of neve_context, and lives as long as the thread.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

namespace {

void *contextAlloc(int64_t size) {
  void *p = GC_MALLOC(size > 0 ? static_cast<size_t>(size) : 1);
  if (!p)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  return p;
}

void *contextAllocAtomic(int64_t size) {
  void *p = GC_MALLOC_ATOMIC(size > 0 ? static_cast<size_t>(size) : 1);
  if (!p)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  return p;
}

void contextCollect(void) { GC_gcollect(); }

neve_thread_context makeContext() {
  neve_thread_context c;
  c.size = static_cast<int32_t>(sizeof(neve_thread_context));
  c.thread_id = 0;
  c.alloc = contextAlloc;
  c.alloc_atomic = contextAllocAtomic;
  c.str_from_cstr = neve_str_from_cstr;
  c.collect = contextCollect;
  return c;
}

/// The calling thread's context (holds no collected pointer, so the
/// collector need not scan it).
thread_local neve_thread_context threadContext = makeContext();

} // namespace

extern "C" void *neve_context(void) { return &threadContext; }

extern "C" void neve_context_set_thread_id(int32_t id) {
  threadContext.thread_id = id;
}
