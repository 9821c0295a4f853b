//===- Errors.cpp - Runtime errors and abnormal exit ------------*- C++ -*-===//
//
// A runtime error (language reference, conventions and §6.8.1) stops the
// whole program: the failing thread flushes its pending output, reports
// `file:line:col: runtime error: message` on stderr and ends the process with
// status 1. `_quit_()` ends it the same way without a message. neve_exit is
// the normal end of the program.
//
// Abnormal ends use _exit, not exit: other threads may still be running, and
// exit() would run static destructors under them. Completed print lines
// are already written (Print.cpp) and stdio is flushed explicitly, so nothing
// finished is lost. Only the first thread to end the process does so; any
// other thread that fails or quits meanwhile waits for the process to end, so
// reports never mix, the exit status is that of the first, and no lock is
// taken twice.
//
// An error raised without a location (`<runtime>`: the CUDA driver missing,
// a native failing, no memory left) is reported at the thread's current
// call site, the program line whose call into C or into a library is in
// progress (neve_rt_call_site, stored by generated code: --neve-call-sites).
//
// An error raised by a task of the thread runtime (Concurrency/Tasks.cpp)
// names it: `file:line:col: runtime error: msg (in thread tid T of N)`. The
// main thread's report has no suffix.
//
//===----------------------------------------------------------------------===//

#include "../Concurrency/ConcurrencyInternal.h"
#include "ErrorsInternal.h"

#include "neve/Runtime/neve_runtime.h"

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

__thread const neve_site *neve_rt_call_site = nullptr;

namespace {

std::atomic<bool> exitClaimed{false};
thread_local bool thisThreadExiting = false;

void writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

/// Writes everything the program produced so far: the calling thread's
/// unfinished print line, then stdio buffers of foreign code.
void flushOutput() {
  neve_print_flush();
  std::fflush(nullptr);
}

[[noreturn]] void reportAndExit(const char *file, int32_t line, int32_t col,
                                const char *msg) {
  // An error without a location of its own: the program's call in progress.
  if ((!file || std::strcmp(file, "<runtime>") == 0) && neve_rt_call_site &&
      neve_rt_call_site->file) {
    file = neve_rt_call_site->file;
    line = neve_rt_call_site->line;
    col = neve_rt_call_site->col;
  }
  std::string text = file ? file : "<unknown>";
  text += ':';
  text += std::to_string(line);
  text += ':';
  text += std::to_string(col);
  text += ": runtime error: ";
  text += msg ? msg : "";
  int32_t tid, tn;
  if (neve_rt::currentTask(tid, tn)) {
    text += " (in thread tid ";
    text += std::to_string(tid);
    text += " of ";
    text += std::to_string(tn);
    text += ')';
  }
  text += '\n';
  writeAll(STDERR_FILENO, text.data(), text.size());
  _exit(1);
}

} // namespace

void neve_rt::claimExit() {
  if (thisThreadExiting)
    _exit(1);
  thisThreadExiting = true;
  if (exitClaimed.exchange(true)) {
    for (;;)
      pause();
  }
}

extern "C" void neve_rt_error(const char *file, int32_t line, int32_t col,
                              const char *msg) {
  neve_rt::claimExit();
  flushOutput();
  reportAndExit(file, line, col, msg);
}

extern "C" void neve_rt_errorf(const char *file, int32_t line, int32_t col,
                               const char *fmt, ...) {
  neve_rt::claimExit();
  flushOutput();
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int len = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string msg;
  if (len > 0) {
    msg.resize(static_cast<size_t>(len) + 1);
    std::vsnprintf(&msg[0], msg.size(), fmt, args);
    msg.resize(static_cast<size_t>(len));
  }
  va_end(args);
  reportAndExit(file, line, col, msg.c_str());
}

extern "C" void neve_fail_at(const neve_str *at, const neve_str *msg) {
  neve_rt::claimExit();
  flushOutput();
  std::string text;
  if (at)
    text.append(at->data, static_cast<size_t>(at->size));
  text += ": error: ";
  if (msg)
    text.append(msg->data, static_cast<size_t>(msg->size));
  text += '\n';
  writeAll(STDERR_FILENO, text.data(), text.size());
  _exit(1);
}

extern "C" void neve_quit(void) {
  neve_rt::claimExit();
  flushOutput();
  _exit(1);
}

extern "C" void neve_exit(int32_t status) {
  neve_rt::claimExit();
  flushOutput();
  // A normal exit: atexit handlers of foreign libraries run, and threads that
  // are still running end with the process (§2.2).
  std::exit(status);
}
