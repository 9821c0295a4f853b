//===- NativeGuard.h - No C++ exception escapes a Frost native --*- C++ -*-===//
//
// The natives of lib/Runtime/Frost check every size they read from a file
// before allocating, but an allocation they allow can still fail, and the
// C++ library reports that (and a few other things) with an exception. One
// escaping a native would end the program in std::terminate with an abort;
// guardNative turns it into the usual runtime error (exit status 1) naming
// the native and its file. These sources are built with -fexceptions for it
// (lib/Runtime/CMakeLists.txt); the rest of the runtime is not.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_NATIVEGUARD_H
#define NEVE_RUNTIME_FROST_NATIVEGUARD_H

#include "neve/Runtime/neve_runtime.h"

#include <exception>
#include <new>
#include <string>

namespace neve_rt {

/// Runs \p body; an exception escaping it ends the program with
/// `WHAT: PATH: reason`.
template <typename F>
auto guardNative(const char *what, const std::string &path, F &&body)
    -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: out of host memory", what,
                   path.c_str());
  } catch (const std::exception &e) {
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: %s", what, path.c_str(),
                   e.what());
  } catch (...) {
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: unexpected C++ exception",
                   what, path.c_str());
  }
}

} // namespace neve_rt

#endif // NEVE_RUNTIME_FROST_NATIVEGUARD_H
