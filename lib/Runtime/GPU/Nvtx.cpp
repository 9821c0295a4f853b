//===- Nvtx.cpp - NVTX ranges for Nsight Systems --------------------------===//
//
// Frost marks its layers, backward ops and optimiser steps with NVTX ranges
// (frost/profile.nv) so that `nsys profile` shows them above the kernels
// they launched. They are on only with NEVE_NVTX=1 (read once); off, a mark
// is a call that tests a flag. On, the marks go through the NVTX v3
// header-only API (CUDA's include/nvtx3): the first one looks for the
// profiler's injection library ($NVTX_INJECTION64_PATH, set by nsys) and
// every later one is a call through its table, or nothing when no
// profiler is attached. Built without the NVTX headers, NEVE_NVTX=1 says
// once on stderr that there will be no ranges.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if NEVE_HAVE_NVTX3
#include <nvtx3/nvToolsExt.h>
#endif

namespace {

bool nvtxOn() {
  static const bool on = [] {
    const char *v = std::getenv("NEVE_NVTX");
    bool wanted = v && *v && std::strcmp(v, "0") != 0;
#if !NEVE_HAVE_NVTX3
    if (wanted)
      std::fprintf(stderr, "neve: NEVE_NVTX is set, but this runtime was "
                           "built without the NVTX headers: no ranges\n");
    wanted = false;
#endif
    return wanted;
  }();
  return on;
}

} // namespace

extern "C" int32_t neve_nvtx_enabled(void) { return nvtxOn() ? 1 : 0; }

extern "C" void neve_nvtx_push(const neve_str *name) {
  if (!nvtxOn())
    return;
#if NEVE_HAVE_NVTX3
  // A Neve str need not end in NUL.
  std::string text;
  if (name)
    text.assign(name->data, static_cast<size_t>(name->size));
  nvtxRangePushA(text.c_str());
#else
  (void)name;
#endif
}

extern "C" void neve_nvtx_pop(void) {
  if (!nvtxOn())
    return;
#if NEVE_HAVE_NVTX3
  nvtxRangePop();
#endif
}
