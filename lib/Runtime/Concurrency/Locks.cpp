//===- Locks.cpp - Named process-wide locks ---------------------*- C++ -*-===//
//
// `lock "name"` and bare `lock` (language reference §6.8.4): one mutex per
// distinct name for the whole process, interned on first use ("" is the
// anonymous lock of a bare `lock`). Compiled code gets the lock once with
// neve_lock_get (it may cache the pointer: a name's lock never changes) and
// brackets the block with neve_lock_acquire / neve_lock_release. The locks
// are plain pthread mutexes: not re-entrant, and a release happens before
// the next acquisition (§6.8.6). They live until the process ends.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <mutex>
#include <string>
#include <unordered_map>

namespace {

struct NamedLock {
  std::mutex mutex;
};

struct LockTable {
  std::mutex mutex;
  std::unordered_map<std::string, NamedLock *> locks;
};

/// Never destroyed: threads may still take locks while static destructors
/// run at exit.
LockTable &table() {
  static LockTable *t = new LockTable;
  return *t;
}

} // namespace

extern "C" void *neve_lock_get(const char *name) {
  LockTable &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  NamedLock *&lock = t.locks[name ? name : ""];
  if (!lock)
    lock = new NamedLock;
  return lock;
}

extern "C" void neve_lock_acquire(void *lock) {
  if (!lock)
    neve_rt_error("<runtime>", 0, 0, "member access through nil");
  static_cast<NamedLock *>(lock)->mutex.lock();
}

extern "C" void neve_lock_release(void *lock) {
  if (!lock)
    neve_rt_error("<runtime>", 0, 0, "member access through nil");
  static_cast<NamedLock *>(lock)->mutex.unlock();
}
