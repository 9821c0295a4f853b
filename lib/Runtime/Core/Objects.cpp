//===- Objects.cpp - Object allocation and singletons ---------------------===//
//
// Objects are zeroed, collector-scanned blocks. Singletons (`$C`, §2.3) are
// built lazily and once: the first thread to arrive builds the instance
// while later ones wait on a condition variable; the building thread
// reaching its own singleton again is the runtime error the spec asks for
// (it would otherwise deadlock).
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace {
std::mutex singletonMutex;
std::condition_variable singletonBuilt;

/// A token unique to the calling thread (never 0).
int64_t threadToken() {
  static thread_local char marker;
  return reinterpret_cast<int64_t>(&marker);
}
} // namespace

extern "C" void *neve_object_new(int64_t size) {
  void *p = GC_MALLOC(size > 0 ? size : 1);
  if (!p)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  return p;
}

extern "C" void *neve_singleton(neve_singleton_state *state,
                                void *(*init)(void), const char *class_name,
                                const char *file, int32_t line, int32_t col) {
  // Fast path: built already (published with release below).
  auto *phase = reinterpret_cast<std::atomic<int64_t> *>(&state->phase);
  if (phase->load(std::memory_order_acquire) == 2)
    return state->instance;
  std::unique_lock<std::mutex> lock(singletonMutex);
  if (phase->load(std::memory_order_relaxed) == 1) {
    if (state->builder == threadToken())
      neve_rt_errorf(file, line, col,
                     "the constructor of %s reaches $%s, which it is building",
                     class_name, class_name);
    singletonBuilt.wait(lock, [&] {
      return phase->load(std::memory_order_relaxed) == 2;
    });
    return state->instance;
  }
  if (phase->load(std::memory_order_relaxed) == 0) {
    phase->store(1, std::memory_order_relaxed);
    state->builder = threadToken();
    lock.unlock();
    // Never collected: the state lives in the program's data segment, which
    // the collector scans as a root.
    void *instance = init();
    lock.lock();
    state->instance = instance;
    phase->store(2, std::memory_order_release);
    singletonBuilt.notify_all();
  }
  return state->instance;
}
