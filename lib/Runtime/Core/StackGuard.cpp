//===- StackGuard.cpp - Stack overflow as a run-time error ------*- C++ -*-===//
//
// Recursion 10^6 deep, or a 16 MB fixed array on the stack, runs into the
// guard region below a thread's stack: the kernel's gap below the main
// thread's stack, or the guard pages glibc puts below each thread's. That
// fault used to end the program with a bare SIGSEGV. Now a SIGSEGV handler,
// running on an alternate signal stack (the overflowed stack has no room
// for it), recognises a fault just below the faulting thread's own stack,
// or a stack pointer that has gone below it, and reports
//
//   PROGRAM: runtime error: stack overflow (in thread tid T of N)
//
// on stderr with status 1, as other run-time errors end (Errors.cpp). There
// is no source location: the fault is in the middle of a frame. Any other
// fault goes to the handler that was there before (by default the process
// dies of SIGSEGV, as before).
//
// Each thread records its stack's bounds (pthread_getattr_np) and gets its
// own alternate stack when the runtime starts it (guardThisThread); a
// thread the runtime did not start (the collector's markers, a foreign
// library's) has neither, and its faults stay plain SIGSEGVs.
//
// The handler does only async-signal-safe work: it reads thread-local
// words, formats numbers by hand and calls write and _exit. It does not
// flush the thread's unfinished print line (the print buffer may be what was
// being written); finished lines are already out (Print.cpp).
//
//===----------------------------------------------------------------------===//

#include "StackGuard.h"

#include "../Concurrency/ConcurrencyInternal.h"
#include "ErrorsInternal.h"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <ucontext.h>
#include <unistd.h>

namespace {

/// The lowest usable byte of the calling thread's stack; 0 while unknown.
thread_local uintptr_t stackLow = 0;

/// What the report names: the program's argv[0] (the source file under
/// `neve run`).
const char *programName = nullptr;

/// The SIGSEGV disposition before ours, for faults that are not overflows.
struct sigaction previous;

/// How far below the stack a fault still counts as its overflow: frames
/// larger than the guard jump over it (nothing probes the stack), but
/// not 256 MiB.
constexpr uintptr_t kReach = uintptr_t(256) << 20;

/// The alternate stack: large enough for the handler whatever
/// SIGSTKSZ says (glibc 2.34 makes it a run-time value).
constexpr size_t kAltStackSize = 64 * 1024;

void writeText(const char *s) {
  size_t n = std::strlen(s);
  while (n > 0) {
    ssize_t w = ::write(STDERR_FILENO, s, n);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    s += w;
    n -= static_cast<size_t>(w);
  }
}

void writeNumber(int64_t v) {
  char buf[24];
  char *p = buf + sizeof buf;
  *--p = '\0';
  uint64_t u = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  do {
    *--p = char('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (v < 0)
    *--p = '-';
  writeText(p);
}

uintptr_t stackPointer(void *context) {
  auto *uc = static_cast<ucontext_t *>(context);
#if defined(__x86_64__)
  return uintptr_t(uc->uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
  return uintptr_t(uc->uc_mcontext.sp);
#else
  (void)uc;
  return 0; // unknown: only the fault address decides
#endif
}

void onSegv(int sig, siginfo_t *info, void *context) {
  // si_code > 0: a fault of this thread, not a kill() from elsewhere.
  if (info->si_code > 0 &&
      neve_rt::isStackOverflow(uintptr_t(info->si_addr),
                               stackPointer(context), stackLow, kReach)) {
    neve_rt::claimExit();
    writeText(programName ? programName : "<program>");
    writeText(": runtime error: stack overflow");
    int32_t tid, tn;
    if (neve_rt::currentTask(tid, tn)) {
      writeText(" (in thread tid ");
      writeNumber(tid);
      writeText(" of ");
      writeNumber(tn);
      writeText(")");
    }
    writeText("\n");
    _exit(1);
  }
  // Not ours: as if we had never been installed. A fault runs its
  // instruction again and faults under the previous disposition; a signal
  // sent by kill() is raised again, to arrive once this handler returns.
  sigaction(sig, &previous, nullptr);
  if (info->si_code <= 0)
    raise(sig);
}

} // namespace

bool neve_rt::isStackOverflow(uintptr_t fault, uintptr_t sp,
                              uintptr_t stackLow, uintptr_t reach) {
  if (stackLow == 0)
    return false;
  uintptr_t floor = stackLow > reach ? stackLow - reach : 0;
  auto justBelow = [&](uintptr_t a) { return a < stackLow && a >= floor; };
  return justBelow(fault) || justBelow(sp);
}

void neve_rt::guardThisThread() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr = nullptr;
    size_t size = 0;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0)
      stackLow = uintptr_t(addr);
    pthread_attr_destroy(&attr);
  }
  // Never freed: runtime threads live until the process ends (Tasks.cpp).
  void *alt = mmap(nullptr, kAltStackSize, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (alt == MAP_FAILED) {
    stackLow = 0; // without an alternate stack the handler cannot run
    return;
  }
  stack_t ss = {};
  ss.ss_sp = alt;
  ss.ss_size = kAltStackSize;
  if (sigaltstack(&ss, nullptr) != 0) {
    munmap(alt, kAltStackSize);
    stackLow = 0;
  }
}

void neve_rt::installStackOverflowHandler(const char *program) {
  // Once: a second install would record this handler as the previous one,
  // and a fault that is not an overflow would come back here forever.
  static bool installed = false;
  if (installed)
    return;
  installed = true;
  programName = program;
  guardThisThread();
  // With no stack limit the main thread's stack grows past the bound glibc
  // reports, and nothing faults there: leave it unguarded.
  struct rlimit limit;
  if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur == RLIM_INFINITY)
    stackLow = 0;
  struct sigaction sa = {};
  sa.sa_sigaction = onSegv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previous);
}
