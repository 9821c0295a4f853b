//===- Terminal.cpp - Clock and terminal queries for Frost ------*- C++ -*-===//
//
// `proto bool stdout_is_tty()`: whether stdout is a terminal (Frost's
// progress line redraws itself there and prints plain lines otherwise).
// `proto float wall_seconds()`: monotonic seconds since the first call
// (float: millisecond resolution for a day's run).
// `proto str env_or(str, str)`: an environment variable with a fallback.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>

extern "C" bool stdout_is_tty(void *ctx) {
  (void)ctx;
  return isatty(STDOUT_FILENO) == 1;
}

extern "C" float wall_seconds(void *ctx) {
  (void)ctx;
  using clock = std::chrono::steady_clock;
  static const clock::time_point start = clock::now();
  return std::chrono::duration<float>(clock::now() - start).count();
}

// `proto str env_or(str name, str fallback)`: the environment variable, or
// the fallback when it is unset or empty (data directories of examples).
extern "C" neve_str *env_or(void *ctx, const neve_str *name,
                            neve_str *fallback) {
  if (!name)
    neve_rt_error("<runtime>", 0, 0, "env_or: the name is nil");
  const char *v = std::getenv(name->data);
  if (!v || !*v)
    return fallback;
  return static_cast<neve_thread_context *>(ctx)->str_from_cstr(v);
}
