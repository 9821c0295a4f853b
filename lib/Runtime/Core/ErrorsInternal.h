//===- ErrorsInternal.h - Ending the process, inside the runtime -*- C++ -*-===//
//
// Runtime-internal: the rule of Errors.cpp that only the first thread to
// end the process does so, for other ways of ending it (StackGuard.cpp's
// signal handler).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CORE_ERRORSINTERNAL_H
#define NEVE_RUNTIME_CORE_ERRORSINTERNAL_H

namespace neve_rt {

/// Makes the calling thread the one that ends the process. A thread that
/// fails again while exiting (say, inside a flush) exits at once; any other
/// thread blocks until the process is gone. Async-signal-safe.
void claimExit();

} // namespace neve_rt

#endif // NEVE_RUNTIME_CORE_ERRORSINTERNAL_H
