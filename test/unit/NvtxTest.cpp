//===- NvtxTest.cpp - NVTX ranges (lib/Runtime/GPU/Nvtx.cpp) --------------===//
//
// With NEVE_NVTX=1 and a tool attached (the fake one, FakeNvtx.cpp, where
// Nsight Systems would be), neve_nvtx_push/pop reach the tool with the
// range names; without NEVE_NVTX they do nothing, even with the tool there.
// Each case runs in a process of its own (a death test that exits 0): the
// setting and the tool are read once per process.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "neve/Runtime/neve_runtime.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>


namespace {

class NvtxTest : public neve_test::ThreadsafeDeathTest {
protected:
  void SetUp() override {
    ThreadsafeDeathTest::SetUp();
    // The same name in the death test's child (a new process running
    // SetUp again), so no process id in it.
    log = testing::TempDir() + "neve-nvtx-" +
          testing::UnitTest::GetInstance()->current_test_info()->name();
    if (!testing::internal::InDeathTestChild())
      std::remove(log.c_str());
  }
  void TearDown() override {
    if (!testing::internal::InDeathTestChild())
      std::remove(log.c_str());
    ThreadsafeDeathTest::TearDown();
  }
  std::string logText() const {
    std::ifstream in(log);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  /// A Neve str of `text` (not NUL-terminated past its size).
  static neve_str *str(const char *text) {
    alignas(8) static char storage[4096];
    static size_t used = 0;
    size_t n = std::strlen(text);
    auto *s = reinterpret_cast<neve_str *>(storage + used);
    used += (sizeof(neve_str) + n + 8 + 7) & ~size_t(7);
    s->size = static_cast<int64_t>(n);
    std::memcpy(s->data, text, n);
    s->data[n] = 'X'; // not a terminator
    return s;
  }
  std::string log;
};

void rangesWith(const char *nvtx, const std::string &log) {
  if (nvtx)
    ::setenv("NEVE_NVTX", nvtx, 1);
  else
    ::unsetenv("NEVE_NVTX");
  ::setenv("NVTX_INJECTION64_PATH", NEVE_FAKE_NVTX_PATH, 1);
  ::setenv("NEVE_FAKE_NVTX_LOG", log.c_str(), 1);
}

TEST_F(NvtxTest, RangesReachTheTool) {
  EXPECT_EXIT(
      {
        rangesWith("1", log);
        if (neve_nvtx_enabled() != 1)
          std::exit(2);
        neve_nvtx_push(str("Linear.forward"));
        neve_nvtx_push(str("backward"));
        neve_nvtx_pop();
        neve_nvtx_pop();
        std::exit(0);
      },
      testing::ExitedWithCode(0), "");
  EXPECT_EQ(logText(), "attached\npush Linear.forward\npush backward\npop\npop\n");
}

TEST_F(NvtxTest, OffByDefault) {
  EXPECT_EXIT(
      {
        rangesWith(nullptr, log);
        if (neve_nvtx_enabled() != 0)
          std::exit(2);
        neve_nvtx_push(str("Linear.forward"));
        neve_nvtx_pop();
        std::exit(0);
      },
      testing::ExitedWithCode(0), "");
  EXPECT_EQ(logText(), "");
}

TEST_F(NvtxTest, ZeroIsOff) {
  EXPECT_EXIT(
      {
        rangesWith("0", log);
        neve_nvtx_push(str("step"));
        neve_nvtx_pop();
        std::exit(neve_nvtx_enabled());
      },
      testing::ExitedWithCode(0), "");
  EXPECT_EQ(logText(), "");
}

} // namespace
