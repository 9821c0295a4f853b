//===- Entry.cpp - Process entry point of compiled programs -----*- C++ -*-===//
//
// The runtime owns `main`: it starts the collector, keeps the command-line
// arguments for `argv()`, runs the compiled program (neve_main, which makes
// the `_prebuild` calls and runs the `main` block, §2.2) and exits with status
// 0 through neve_exit. When the program used the GPU, neve_gpu_at_exit first
// waits for the device, so a kernel that faulted after the program's last
// synchronisation still fails the run (it does nothing for CPU-only
// programs). A stack overflow of the program is reported as a run-time
// error (StackGuard.cpp). This file holds `main` and nothing the rest of
// the runtime needs, so unit tests link the other files without it.
//
//===----------------------------------------------------------------------===//

#include "StackGuard.h"

#include "neve/Runtime/neve_runtime.h"

// Threads of the program are registered with the collector.
#define GC_THREADS
#include <gc.h>

int main(int argc, char **argv) {
  GC_INIT();
  // Lets threads that the collector did not create register themselves.
  GC_allow_register_threads();
  neve_set_args(argc, argv);
  // After the collector, whose start-up may install SIGSEGV handlers of its
  // own for a while: a stack overflow is a run-time error (StackGuard.cpp).
  neve_rt::installStackOverflowHandler(argc > 0 ? argv[0] : nullptr);

  neve_main();

  // Reports a late kernel fault (exit status 1); never loads the driver.
  neve_gpu_at_exit();

  // Writes any unfinished line and stdio's buffers, then exits with status 0
  // unless another thread is already ending the process with an error.
  neve_exit(0);
}
