//===- RuntimeHostTest.cpp - Host builtin runtime tests ---------*- C++ -*-===//
//
// Unit tests of lib/Runtime/Core/Host.cpp and Context.cpp (language
// reference §7, §3.8): argv(), glob, the timer, sleep, the integer array
// makers, randu/randn and the per-thread runtime context of foreign calls.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using neve_test::StdoutCapture;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "t.nv", 1, 2

std::vector<std::string> strings(neve_array *a) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < neve_array_size(a, LOC); ++i) {
    neve_str *s;
    std::memcpy(&s, neve_array_at(a, i, LOC), sizeof(s));
    out.emplace_back(s->data, static_cast<size_t>(s->size));
  }
  return out;
}

std::vector<int32_t> ints(neve_array *a) {
  std::vector<int32_t> out;
  for (int64_t i = 0; i < neve_array_size(a, LOC); ++i) {
    int32_t v;
    std::memcpy(&v, neve_array_at(a, i, LOC), sizeof(v));
    out.push_back(v);
  }
  return out;
}

TEST(RuntimeHost, ArgvSkipsTheProgramName) {
  char prog[] = "prog", a[] = "a", b[] = "with space";
  char *argv[] = {prog, a, b, nullptr};
  neve_set_args(3, argv);
  EXPECT_EQ(neve_argc(), 2);
  EXPECT_STREQ(neve_argv_at(0), "a");
  EXPECT_STREQ(neve_argv_at(1), "with space");
  EXPECT_EQ(neve_argv_at(2), nullptr);
  EXPECT_EQ(neve_argv_at(-1), nullptr);
  neve_array *arr = neve_argv();
  EXPECT_EQ(arr->elem_size, 8);
  EXPECT_EQ(arr->atomic, 0) << "str elements must be scanned";
  EXPECT_EQ(strings(arr), (std::vector<std::string>{"a", "with space"}));

  neve_set_args(1, argv);
  EXPECT_EQ(neve_argc(), 0);
  EXPECT_TRUE(strings(neve_argv()).empty());
  neve_set_args(0, nullptr);
  EXPECT_TRUE(strings(neve_argv()).empty());
}

class GlobTest : public testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/neve_glob_XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir = tmpl;
    // Created out of order: glob's result must come back sorted.
    for (const char *name : {"b.nv", "a.nv", "c.txt", "B.nv", "a10.nv"})
      touch(dir + "/" + name);
  }
  void TearDown() override {
    for (const char *name : {"b.nv", "a.nv", "c.txt", "B.nv", "a10.nv"})
      ::unlink((dir + "/" + name).c_str());
    ::rmdir(dir.c_str());
  }
  static void touch(const std::string &path) {
    int fd = ::open(path.c_str(), O_CREAT | O_WRONLY, 0644);
    ASSERT_GE(fd, 0);
    ::close(fd);
  }
  std::vector<std::string> glob(const std::string &pattern) {
    return strings(neve_glob(neve_str_from_cstr(pattern.c_str())));
  }
  std::string dir;
};

TEST_F(GlobTest, MatchesAreSortedBytewise) {
  EXPECT_EQ(glob(dir + "/*.nv"),
            (std::vector<std::string>{dir + "/B.nv", dir + "/a.nv",
                                      dir + "/a10.nv", dir + "/b.nv"}));
  EXPECT_EQ(glob(dir + "/?.txt"),
            (std::vector<std::string>{dir + "/c.txt"}));
  EXPECT_EQ(glob(dir + "/[ab].nv"),
            (std::vector<std::string>{dir + "/a.nv", dir + "/b.nv"}));
}

TEST_F(GlobTest, NoMatchIsEmpty) {
  EXPECT_TRUE(glob(dir + "/*.none").empty());
  EXPECT_TRUE(glob("/nonexistent-dir-neve/*").empty());
  neve_array *nilPattern = neve_glob(nullptr);
  ASSERT_NE(nilPattern, nullptr);
  EXPECT_EQ(nilPattern->size, 0);
}

TEST(RuntimeHost, TimerPrintsSecondsAndReturnsMilliseconds) {
  neve_start_timer();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  StdoutCapture capture;
  float ms = neve_end_timer();
  std::string out = capture.take();
  EXPECT_GE(ms, 50.0f);
  EXPECT_LT(ms, 5000.0f);
  ASSERT_EQ(out.rfind("elapsed: ", 0), 0u) << out;
  ASSERT_EQ(out.back(), '\n');
  double seconds = std::strtod(out.c_str() + 9, nullptr);
  EXPECT_NEAR(seconds * 1000.0, ms, 5.0);
  EXPECT_NE(out.find(" s\n"), std::string::npos) << out;
}

TEST(RuntimeHost, SleepPausesTheThread) {
  auto start = std::chrono::steady_clock::now();
  neve_sleep(0);
  neve_sleep(-3);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  start = std::chrono::steady_clock::now();
  neve_sleep(1);
  EXPECT_GE(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(990));
}

TEST(RuntimeHost, IntegerArrayMakers) {
  neve_array *z = neve_array_fill_i32(4, 0);
  EXPECT_EQ(ints(z), (std::vector<int32_t>{0, 0, 0, 0}));
  EXPECT_EQ(z->elem_size, 4);
  EXPECT_NE(z->atomic, 0);
  EXPECT_EQ(ints(neve_array_fill_i32(3, 1)), (std::vector<int32_t>{1, 1, 1}));
  EXPECT_TRUE(ints(neve_array_fill_i32(0, 1)).empty());
  EXPECT_TRUE(ints(neve_array_fill_i32(-5, 1)).empty());
  EXPECT_EQ(ints(neve_array_range_i32(-2, 3)),
            (std::vector<int32_t>{-2, -1, 0, 1, 2}));
  EXPECT_TRUE(ints(neve_array_range_i32(3, 3)).empty());
  EXPECT_TRUE(ints(neve_array_range_i32(5, 1)).empty());
  // The arrays grow like any other.
  neve_array *r = neve_array_range_i32(0, 2);
  int32_t seven = 7;
  neve_array_append(r, &seven, LOC);
  EXPECT_EQ(ints(r), (std::vector<int32_t>{0, 1, 7}));
}

TEST(RuntimeHost, RanduStaysInItsInterval) {
  neve_seed(3);
  double sum = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    float x = neve_randu(-2.0f, 6.0f);
    ASSERT_GE(x, -2.0f);
    ASSERT_LT(x, 6.0f);
    sum += x;
  }
  EXPECT_NEAR(sum / n, 2.0, 0.1);
  EXPECT_EQ(neve_randu(1.5f, 1.5f), 1.5f);
  // A tiny interval where rounding would reach b.
  for (int i = 0; i < 100; ++i) {
    float x = neve_randu(1.0f, std::nextafter(1.0f, 2.0f));
    ASSERT_EQ(x, 1.0f);
  }
}

TEST(RuntimeHost, RandnHasItsMeanAndDeviation) {
  neve_seed(11);
  const int n = 50000;
  double sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    float x = neve_randn(3.0f, 2.0f);
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    sq += static_cast<double>(x) * x;
  }
  double mean = sum / n;
  double var = sq / n - mean * mean;
  EXPECT_NEAR(mean, 3.0, 0.05);
  EXPECT_NEAR(std::sqrt(var), 2.0, 0.05);
}

TEST(RuntimeHost, SeedMakesDrawsReproducible) {
  auto draws = [] {
    std::vector<float> v;
    for (int i = 0; i < 8; ++i) {
      v.push_back(neve_randu(0.0f, 1.0f));
      v.push_back(neve_randn(0.0f, 1.0f));
    }
    return v;
  };
  neve_seed(42);
  std::vector<float> first = draws();
  neve_seed(42);
  EXPECT_EQ(draws(), first);
  neve_seed(43);
  EXPECT_NE(draws(), first);
}

TEST(RuntimeContext, EachThreadHasItsOwn) {
  auto *ctx = static_cast<neve_thread_context *>(neve_context());
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(neve_context(), ctx) << "stable within a thread";
  EXPECT_EQ(ctx->size, static_cast<int32_t>(sizeof(neve_thread_context)));
  EXPECT_EQ(ctx->thread_id, 0);

  void *other = nullptr;
  int32_t otherId = -1;
  std::thread t([&] {
    neve_test::GcThreadScope scope;
    neve_context_set_thread_id(5);
    auto *c = static_cast<neve_thread_context *>(neve_context());
    other = c;
    otherId = c->thread_id;
  });
  t.join();
  EXPECT_NE(other, static_cast<void *>(ctx));
  EXPECT_EQ(otherId, 5);
  EXPECT_EQ(ctx->thread_id, 0) << "set_thread_id is per thread";
}

TEST(RuntimeContext, ReachesTheCollector) {
  auto *ctx = static_cast<neve_thread_context *>(neve_context());
  auto *words = static_cast<int64_t *>(ctx->alloc(8 * sizeof(int64_t)));
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(words[i], 0) << "alloc gives zeroed memory";
  auto *bytes = static_cast<char *>(ctx->alloc_atomic(16));
  std::memset(bytes, 'x', 16);
  neve_str *s = ctx->str_from_cstr("from C");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->size, 6);
  EXPECT_STREQ(s->data, "from C");
  EXPECT_EQ(ctx->str_from_cstr(nullptr), nullptr);
  // The allocations are GC memory: still intact after a collection that
  // sees them from this stack.
  words[3] = 77;
  ctx->collect();
  EXPECT_EQ(words[3], 77);
  EXPECT_EQ(bytes[15], 'x');
  EXPECT_STREQ(s->data, "from C");
  EXPECT_TRUE(GC_is_heap_ptr(words));
}

} // namespace
