//===- RuntimeHostBuffersTest.cpp - Host buffer natives tests ---*- C++ -*-===//
//
// Unit tests of lib/Runtime/Core/HostBuffers.cpp (language reference §9.1,
// §4.4): cumalloc_host and float_cpu_print, called with the C ABI of §3.8
// (the runtime context first), and the table of buffers behind
// neve_host_bytes_after.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include "HostBuffers.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using neve_test::StdoutCapture;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

neve_array *shape(std::vector<int32_t> dims) {
  neve_array *a = neve_array_new_atomic(4, static_cast<int64_t>(dims.size()));
  if (!dims.empty())
    std::memcpy(a->data, dims.data(), dims.size() * 4);
  return a;
}

TEST(RuntimeHostBuffers, CumallocHostIsAlignedWritableAndDistinct) {
  void *ctx = neve_context();
  float *a = cumalloc_host(ctx, 6 * 4);
  float *b = cumalloc_host(ctx, 0);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(a, b);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 64, 0u);
  for (int i = 0; i < 6; ++i)
    a[i] = static_cast<float>(i) * 0.5f;
  EXPECT_EQ(a[5], 2.5f);
  std::free(a);
  std::free(b);
}

TEST(RuntimeHostBuffers, BytesAfterKnowsEveryBufferAndInteriorPointers) {
  void *ctx = neve_context();
  float *a = cumalloc_host(ctx, 40);
  float *b = cumalloc_host(ctx, 0);
  EXPECT_EQ(neve_host_bytes_after(a), 40);
  EXPECT_EQ(neve_host_bytes_after(a + 3), 28);  // `a offby 3`
  EXPECT_EQ(neve_host_bytes_after(a + 10), 0);  // just past the end
  EXPECT_EQ(neve_host_bytes_after(b), 0);
  EXPECT_EQ(neve_host_bytes_after(nullptr), -1);
  float local[4];
  EXPECT_EQ(neve_host_bytes_after(local), -1);
  static float global[16];
  EXPECT_EQ(neve_host_bytes_after(global + 8), -1);
  std::free(a);
  std::free(b);
}

TEST(RuntimeHostBuffers, ANewBufferReplacesStaleEntriesItOverlaps) {
  // Programs free buffers with libc's free, which the table does not see;
  // the addresses come back in later buffers. Addresses only: no memory of
  // this array is touched through the table.
  alignas(64) static char arena[256];
  neve_rt::rememberHostBuffer(arena, 200);
  EXPECT_EQ(neve_host_bytes_after(arena + 100), 100);
  neve_rt::rememberHostBuffer(arena + 64, 16); // reused inside the old one
  EXPECT_EQ(neve_host_bytes_after(arena + 64), 16);
  EXPECT_EQ(neve_host_bytes_after(arena + 70), 10);
  EXPECT_EQ(neve_host_bytes_after(arena), -1);       // the stale one is gone
  EXPECT_EQ(neve_host_bytes_after(arena + 100), -1); // not its tail either
  neve_rt::rememberHostBuffer(arena + 32, 64); // overlaps the new one's start
  EXPECT_EQ(neve_host_bytes_after(arena + 64), 32);
  neve_rt::forgetHostBuffer(arena + 32);
  EXPECT_EQ(neve_host_bytes_after(arena + 64), -1);
}

using RuntimeHostBuffersDeathTest = neve_test::ThreadsafeDeathTest;

TEST_F(RuntimeHostBuffersDeathTest, CumallocHostNegativeSize) {
  EXPECT_EXIT(cumalloc_host(neve_context(), -4), testing::ExitedWithCode(1),
              "runtime error: cumalloc_host: negative size -4 bytes");
}

TEST(RuntimeHostBuffers, PrintNestsByShape) {
  float data[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.5f, -6.25f};
  StdoutCapture capture;
  EXPECT_EQ(float_cpu_print(neve_context(), data, shape({2, 3})), 0);
  float_cpu_print(neve_context(), data, shape({3, 2}));
  float_cpu_print(neve_context(), data, shape({6}));
  float_cpu_print(neve_context(), data, shape({1, 2, 3}));
  float_cpu_print(neve_context(), data, shape({}));
  float_cpu_print(neve_context(), data, shape({2, 0}));
  float_cpu_print(neve_context(), nullptr, shape({0}));
  EXPECT_EQ(capture.take(), "[[1.0, 2.0, 3.0], [4.0, 5.5, -6.25]]\n"
                            "[[1.0, 2.0], [3.0, 4.0], [5.5, -6.25]]\n"
                            "[1.0, 2.0, 3.0, 4.0, 5.5, -6.25]\n"
                            "[[[1.0, 2.0, 3.0], [4.0, 5.5, -6.25]]]\n"
                            "1.0\n"
                            "[[], []]\n"
                            "[]\n");
}

TEST(RuntimeHostBuffers, PrintFloatsAsPrintDoes) {
  float data[] = {0.1f, 1e20f, -0.0f};
  char expected[3][NEVE_FORMAT_BUF_SIZE];
  for (int i = 0; i < 3; ++i)
    neve_format_f32(data[i], expected[i], NEVE_FORMAT_BUF_SIZE);
  StdoutCapture capture;
  float_cpu_print(neve_context(), data, shape({3}));
  EXPECT_EQ(capture.take(), "[" + std::string(expected[0]) + ", " +
                                std::string(expected[1]) + ", " +
                                std::string(expected[2]) + "]\n");
}

TEST_F(RuntimeHostBuffersDeathTest, PrintErrors) {
  EXPECT_EXIT(float_cpu_print(neve_context(), nullptr, nullptr),
              testing::ExitedWithCode(1),
              "runtime error: float_cpu_print: the shape is nil");
  EXPECT_EXIT(float_cpu_print(neve_context(), nullptr, shape({2})),
              testing::ExitedWithCode(1),
              "runtime error: float_cpu_print: the buffer is nil");
}

} // namespace
