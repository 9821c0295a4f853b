//===- StackGuard.h - Stack overflow as a run-time error --------*- C++ -*-===//
//
// Runtime-internal: a fault on a thread's guard region (recursion too deep,
// locals too large) is reported as `runtime error: stack overflow` with
// status 1 instead of a silent SIGSEGV. See StackGuard.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CORE_STACKGUARD_H
#define NEVE_RUNTIME_CORE_STACKGUARD_H

#include <cstddef>
#include <cstdint>

namespace neve_rt {

/// The stack size of task threads (Tasks.cpp): 64 MiB of address space,
/// touched only as deep as a task goes; the main thread has the process's
/// stack limit (`ulimit -s`, usually 8 MiB).
constexpr size_t kTaskStackSize = size_t(64) << 20;
/// The guard region below a task thread's stack, as large as the kernel's
/// gap below the main thread's (1 MiB): a frame of up to that size that
/// overflows faults in it rather than writing into the memory below.
constexpr size_t kTaskStackGuard = size_t(1) << 20;

/// Installs the SIGSEGV handler (on an alternate signal stack) and guards
/// the calling thread, normally the main thread; \p program names the
/// program in the report. Call after the collector has started; calls
/// after the first do nothing.
void installStackOverflowHandler(const char *program);

/// Gives the calling thread its own alternate signal stack (a handler for a
/// stack overflow cannot run on the stack that overflowed) and records its
/// stack's bounds. Every thread the runtime creates calls it first.
void guardThisThread();

/// Whether a fault at \p fault with the stack pointer at \p sp is a stack
/// overflow of a stack whose lowest usable byte is \p stackLow: the fault
/// or the stack pointer lies below the stack, at most \p reach bytes below
/// (a frame larger than the guard region jumps over it). An unknown stack
/// (\p stackLow == 0) never overflows.
bool isStackOverflow(uintptr_t fault, uintptr_t sp, uintptr_t stackLow,
                     uintptr_t reach);

} // namespace neve_rt

#endif // NEVE_RUNTIME_CORE_STACKGUARD_H
