//===- Terminal.cpp - Clock and terminal queries for Frost ------*- C++ -*-===//
//
// `proto bool stdout_is_tty()`: whether stdout is a terminal (Frost's
// progress line redraws itself there and prints plain lines otherwise).
// `proto float wall_seconds()`: monotonic seconds since the first call
// (float: millisecond resolution for a day's run).
// `proto str env_or(str, str)`: an environment variable with a fallback.
// `proto void note_stderr(str)`: one line on stderr after everything the
// program printed so far (Frost's run-time notes, frost/notes.nv).
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

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

// `proto void note_stderr(str line)`: the program's output so far (the
// thread's unfinished print line, stdio buffers), then LINE and a newline on
// stderr, in one write so that lines of different threads do not interleave.
extern "C" void note_stderr(void *ctx, const neve_str *line) {
  (void)ctx;
  neve_print_flush();
  std::fflush(nullptr);
  std::string text;
  if (line)
    text.append(line->data, static_cast<size_t>(line->size));
  text += '\n';
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
}
