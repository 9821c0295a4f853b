//===- Tasks.cpp - async, asyncs and finish ---------------------*- C++ -*-===//
//
// Host threads (language reference §6.8.1, §6.8.3). Every task runs on its
// own operating-system thread, taken from a cached pool: a worker that ends
// its task parks itself on the idle list and waits on its semaphore; a new
// task takes an idle worker when there is one and starts a new thread
// otherwise. Tasks never queue behind each other, so a task that blocks (on
// a channel, a lock or a nested finish) can never starve another, and
// spawning costs one semaphore post once the pool is warm. A parked worker
// polls its semaphore a while (yielding the core) before sleeping, with at
// most tHW - 1 workers polling at once, and neve_finish_end polls its
// counter before sleeping, so tight spawn/join loops often avoid a futex
// wakeup. Workers live until the process ends; the pool is capped at
// neve_rt::kMaxThreads threads (busy and idle), beyond which starting a task
// is a runtime error. A task's unfinished print line is flushed when it ends.
// Each worker has a 64 MiB stack (neve_rt::kTaskStackSize, address space
// that only a deep task touches) above a 1 MiB guard, and its own
// alternate signal stack, so that a task's stack overflow is reported
// (StackGuard.cpp).
//
// Workers are registered with the Boehm collector (GC_register_my_thread),
// so it stops and scans them. A worker's descriptor is uncollectable,
// scanned memory that holds the task's environment pointer from hand-off
// until the task ends, so the environment stays alive even before the body
// has loaded it.
//
// A neve_finish counts the tasks registered with it plus one for its owner;
// neve_finish_end drops the owner's share and waits until the count reaches
// zero. The thread that brings it to zero sets `done` under the mutex, so
// the waiter frees the scope only after that thread has let go of it. The
// counter's acquire-release decrements and the mutex make a task's end
// happen before neve_finish_end returns (§6.8.6).
//
//===----------------------------------------------------------------------===//

#include "ConcurrencyInternal.h"
#include "../Core/StackGuard.h"

#include "neve/Runtime/neve_runtime.h"

#define GC_THREADS
#define GC_NO_THREAD_REDIRECTS
#include <gc.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <vector>

#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <unistd.h>

struct neve_finish {
  std::atomic<int64_t> pending{1}; ///< registered tasks not ended, + owner
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false; ///< pending reached zero (guarded by mutex)
};

namespace {

/// One pool thread. Allocated with GC_MALLOC_UNCOLLECTABLE: never freed and
/// scanned by the collector, so `env` keeps the task's environment alive.
struct Worker {
  neve_task_fn fn;
  void *env;
  neve_finish *finish;
  int32_t tid;
  int32_t tn;
  /// The spawning thread's call site (neve_rt_call_site): where a task
  /// that a library started was asked for, for errors without a location.
  const neve_site *site;
  Worker *nextIdle; ///< guarded by Pool::mutex
  sem_t wake;       ///< posted when a task has been handed over
};

struct Pool {
  std::mutex mutex;
  Worker *idle = nullptr; ///< a stack: the most recently parked first
  int64_t threads = 0;    ///< workers started (busy or idle)
};

/// Never destroyed: workers may still run while static destructors do.
Pool &pool() {
  static Pool *p = [] {
    // Lets threads that the collector did not start register themselves
    // (Entry.cpp does the same; it is harmless to repeat).
    GC_allow_register_threads();
    return new Pool;
  }();
  return *p;
}

thread_local bool inTask = false;
thread_local int32_t taskTid = 0;
thread_local int32_t taskTn = 1;

void taskEnded(neve_finish *f) {
  if (!f)
    return;
  if (f->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    std::lock_guard<std::mutex> lock(f->mutex);
    f->done = true;
    f->cv.notify_all();
  }
}

/// Runs the task handed to \p w and returns its finish scope (still to be
/// told that the task ended).
neve_finish *runTask(Worker *w) {
  taskTid = w->tid;
  taskTn = w->tn;
  inTask = true;
  neve_rt_call_site = w->site;
  neve_context_set_thread_id(w->tid);
  w->fn(w->env);
  // The task's unfinished print line is its own (§7), not the next task's.
  neve_print_flush();
  neve_finish *f = w->finish;
  w->fn = nullptr;
  w->env = nullptr; // no false retention while parked
  w->finish = nullptr;
  w->site = nullptr;
  neve_rt_call_site = nullptr;
  inTask = false;
  taskTid = 0;
  taskTn = 1;
  neve_context_set_thread_id(0);
  return f;
}

/// Idle workers busy-waiting for a task right now; at most tHW - 1 (at
/// least 1) do, the others sleep at once.
std::atomic<int32_t> spinners{0};

#if defined(__SANITIZE_THREAD__)
// Under ThreadSanitizer an idle worker sleeps at once: TSan defers signals
// that arrive while a thread polls through intercepted non-blocking calls
// (sem_trywait), and the collector's stop-the-world handshake then
// intermittently fails ("Signals delivery fails constantly").
constexpr int kWorkerSpins = 0;
#else
constexpr int kWorkerSpins = 200; ///< yielding polls of an idle worker
#endif
constexpr int kFinishSpins = 256;  ///< busy polls of neve_finish_end
constexpr int kFinishYields = 32;  ///< then yielding polls

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/// Parks a worker until a task is handed to it. A task that follows soon
/// (a loop of finish/asyncs) is caught by polling, without the cost of a
/// futex sleep and wakeup on both sides.
void waitForTask(Worker *w) {
  int32_t limit = neve_thw() > 1 ? neve_thw() - 1 : 1;
  if (spinners.fetch_add(1, std::memory_order_relaxed) < limit) {
    for (int i = 0; i < kWorkerSpins; ++i) {
      if (sem_trywait(&w->wake) == 0) {
        spinners.fetch_sub(1, std::memory_order_relaxed);
        return;
      }
      // Yield, not pause: runnable threads (such as the tasks just
      // started) take the core first; the poll uses only idle time.
      sched_yield();
    }
  }
  spinners.fetch_sub(1, std::memory_order_relaxed);
  // The collector's stop-the-world signals interrupt the wait.
  while (sem_wait(&w->wake) != 0 && errno == EINTR) {
  }
}

void *workerMain(void *arg) {
  Worker *w = static_cast<Worker *>(arg);
  // Its own alternate signal stack: a stack overflow in the task is a
  // run-time error naming it (StackGuard.cpp).
  neve_rt::guardThisThread();
  GC_stack_base base;
  GC_get_stack_base(&base);
  GC_register_my_thread(&base);
  Pool &p = pool();
  for (;;) {
    neve_finish *f = runTask(w);
    // Park before ending the task, so that the spawns that follow its
    // finish find this worker idle instead of starting another thread.
    {
      std::lock_guard<std::mutex> lock(p.mutex);
      w->nextIdle = p.idle;
      p.idle = w;
    }
    taskEnded(f);
    waitForTask(w);
  }
  return nullptr;
}

[[noreturn]] void tooManyThreads() {
  neve_rt_errorf("<runtime>", 0, 0,
                 "too many threads: more than %lld live threads",
                 static_cast<long long>(neve_rt::kMaxThreads));
}

void startThread(Worker *w) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, neve_rt::kTaskStackSize);
  pthread_attr_setguardsize(&attr, neve_rt::kTaskStackGuard);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, workerMain, w);
  pthread_attr_destroy(&attr);
  if (rc != 0)
    neve_rt_errorf("<runtime>", 0, 0, "cannot start a thread (error %d)", rc);
}

/// Starts tasks tid = first .. first + count - 1 of \p tn, all running
/// fn(env): idle workers first (taken under one lock), new threads for the
/// rest.
void spawn(neve_finish *f, neve_task_fn fn, void *env, int32_t first,
           int32_t count, int32_t tn) {
  if (f)
    f->pending.fetch_add(count, std::memory_order_relaxed);
  Pool &p = pool();
  constexpr int32_t kBatch = 64;
  Worker *taken[kBatch];
  int32_t done = 0;
  while (done < count) {
    int32_t want = count - done < kBatch ? count - done : kBatch;
    int32_t got = 0, fresh = 0;
    {
      std::lock_guard<std::mutex> lock(p.mutex);
      while (got < want && p.idle) {
        taken[got++] = p.idle;
        p.idle = p.idle->nextIdle;
      }
      fresh = want - got;
      if (p.threads + fresh > neve_rt::kMaxThreads) {
        // Give the idle workers back before failing, so that the report is
        // the only thing that happens.
        while (got > 0) {
          Worker *w = taken[--got];
          w->nextIdle = p.idle;
          p.idle = w;
        }
        tooManyThreads();
      }
      p.threads += fresh;
    }
    for (int32_t i = 0; i < want; ++i) {
      Worker *w;
      if (i < got) {
        w = taken[i];
      } else {
        w = static_cast<Worker *>(GC_MALLOC_UNCOLLECTABLE(sizeof(Worker)));
        if (!w)
          neve_rt_error("<runtime>", 0, 0, "out of memory");
        sem_init(&w->wake, 0, 0);
      }
      w->fn = fn;
      w->env = env;
      w->finish = f;
      w->tid = first + done + i;
      w->tn = tn;
      w->site = neve_rt_call_site;
      w->nextIdle = nullptr;
      if (i < got)
        sem_post(&w->wake);
      else
        startThread(w);
    }
    done += want;
  }
}

} // namespace

bool neve_rt::currentTask(int32_t &tid, int32_t &tn) {
  tid = taskTid;
  tn = taskTn;
  return inTask;
}

extern "C" neve_finish *neve_finish_begin(void) { return new neve_finish; }

extern "C" void neve_finish_end(neve_finish *f) {
  if (!f)
    return;
  // Short tasks end while we poll; only then sleep on the condition.
  for (int i = 0; i < kFinishSpins + kFinishYields &&
                  f->pending.load(std::memory_order_acquire) > 1;
       ++i) {
    if (i < kFinishSpins)
      cpuRelax();
    else
      sched_yield();
  }
  if (f->pending.fetch_sub(1, std::memory_order_acq_rel) != 1) {
    std::unique_lock<std::mutex> lock(f->mutex);
    f->cv.wait(lock, [f] { return f->done; });
  }
  delete f;
}

extern "C" void neve_async(neve_finish *f, neve_task_fn fn, void *env) {
  spawn(f, fn, env, 0, 1, 1);
}

extern "C" void neve_asyncs(neve_finish *f, int64_t n, neve_task_fn fn,
                            void *env) {
  if (n <= 0)
    return;
  if (n > neve_rt::kMaxThreads)
    tooManyThreads();
  spawn(f, fn, env, 0, static_cast<int32_t>(n), static_cast<int32_t>(n));
}

extern "C" int32_t neve_tid(void) { return taskTid; }

extern "C" int32_t neve_tn(void) { return taskTn; }

extern "C" int32_t neve_thw(void) {
  static const int32_t hw = [] {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? static_cast<int32_t>(n) : 1;
  }();
  return hw;
}
