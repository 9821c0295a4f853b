//===- RuntimeTestSupport.h - Helpers for runtime unit tests ----*- C++ -*-===//
//
// Shared by the container tests: starting the collector as the runtime's
// main does, capturing file descriptor 1, and the death-test fixture.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_RUNTIMETESTSUPPORT_H
#define NEVE_TEST_UNIT_RUNTIMETESTSUPPORT_H

#include "neve/Runtime/neve_runtime.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>

#define GC_THREADS
#include <gc.h>

namespace neve_test {

/// Starts the collector the way the runtime's main does (idempotent).
class GcEnvironment : public testing::Environment {
public:
  void SetUp() override {
    GC_INIT();
    GC_allow_register_threads();
  }
};

/// Registers the calling (non-main) thread with the collector while alive.
class GcThreadScope {
public:
  GcThreadScope() {
    GC_stack_base base;
    GC_get_stack_base(&base);
    GC_register_my_thread(&base);
  }
  ~GcThreadScope() { GC_unregister_my_thread(); }
};

/// Redirects file descriptor 1 to a temporary file for its lifetime;
/// take() restores it and returns what was written.
class StdoutCapture {
public:
  StdoutCapture() {
    std::fflush(stdout);
    char path[] = "/tmp/neve_rt_test_XXXXXX";
    fileFd = ::mkstemp(path);
    ::unlink(path);
    savedFd = ::dup(STDOUT_FILENO);
    ::dup2(fileFd, STDOUT_FILENO);
  }
  ~StdoutCapture() {
    restore();
    ::close(fileFd);
  }

  std::string take() {
    restore();
    std::string text;
    char chunk[4096];
    ::lseek(fileFd, 0, SEEK_SET);
    ssize_t n;
    while ((n = ::read(fileFd, chunk, sizeof(chunk))) > 0)
      text.append(chunk, static_cast<size_t>(n));
    return text;
  }

private:
  void restore() {
    if (savedFd < 0)
      return;
    ::dup2(savedFd, STDOUT_FILENO);
    ::close(savedFd);
    savedFd = -1;
  }

  int fileFd = -1;
  int savedFd = -1;
};

/// The collector runs marker threads, so death tests re-execute the test
/// binary instead of forking a threaded process.
class ThreadsafeDeathTest : public testing::Test {
protected:
  void SetUp() override {
    savedStyle = GTEST_FLAG_GET(death_test_style);
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
  void TearDown() override { GTEST_FLAG_SET(death_test_style, savedStyle); }

private:
  std::string savedStyle;
};

} // namespace neve_test

#endif // NEVE_TEST_UNIT_RUNTIMETESTSUPPORT_H
