//===- RuntimePrintTest.cpp - Print and runtime error tests -----*- C++ -*-===//
//
// Unit tests of the runtime core: number formatting (§7 `print`), line
// assembly and thread integrity of print/printl, and runtime errors. Output
// is captured by pointing file descriptor 1 at a temporary file.
//
// Expected float texts come from an exact oracle: the shortest decimal that
// rounds back to the binary32 value (exact ties broken to an even last digit,
// as Python's dtoa does), laid out by Python's repr.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include "gtest/gtest.h"

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "RuntimeTestSupport.h"

namespace {

using neve_test::GcThreadScope;
using neve_test::StdoutCapture;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

float fromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

std::string formatF32(float v) {
  char buf[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_f32(v, buf, sizeof(buf));
  EXPECT_EQ(static_cast<size_t>(len), std::strlen(buf));
  return std::string(buf, static_cast<size_t>(len));
}

std::string formatI64(int64_t v) {
  char buf[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_i64(v, buf, sizeof(buf));
  EXPECT_EQ(static_cast<size_t>(len), std::strlen(buf));
  return std::string(buf, static_cast<size_t>(len));
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

//===----------------------------------------------------------------------===//
// Float formatting
//===----------------------------------------------------------------------===//

struct FloatCase {
  uint32_t bits;
  const char *text;
};

// Bit patterns with their oracle text.
const FloatCase FloatTable[] = {
    // Examples of the language reference and simple values.
    {0x40000000, "2.0"},
    {0x40600000, "3.5"},
    {0x3dcccccd, "0.1"},
    {0xbe800000, "-0.25"},
    {0x3727c5ac, "1e-05"},
    {0x3f800000, "1.0"},
    {0x3f000000, "0.5"},
    {0x42c80000, "100.0"},
    {0x00000000, "0.0"},
    {0x80000000, "-0.0"},
    {0x7f800000, "inf"},
    {0xff800000, "-inf"},
    {0x7fc00000, "nan"},
    {0xffc00000, "nan"},
    {0x7f800001, "nan"},
    // Lower plain/exponent boundary, 1e-4.
    {0x38d1b717, "0.0001"},
    {0x38d1b718, "0.000100000005"},
    {0x38d1b716, "9.999999e-05"},
    {0x3a83126f, "0.001"},
    {0x3900f990, "0.000123"},
    {0x374f07e5, "1.234e-05"},
    {0x377ba882, "1.5e-05"},
    {0x2edbe6ff, "1e-10"},
    // Upper boundary, 1e16.
    {0x5a0e1bca, "1e+16"},
    {0x5a0e1bcb, "1.0000001e+16"},
    {0x5a0e1bc9, "9999999000000000.0"},
    {0x5a0e1bc0, "9999990000000000.0"},
    {0x58635fa9, "1000000000000000.0"},
    {0x5a5529af, "1.5e+16"},
    {0x60ad78ec, "1e+20"},
    {0x7e967699, "1e+38"},
    // Integers whose shortest text is not the exact value.
    {0x4ceb79a3, "123456790.0"}, // 123456789.0f == 123456792
    {0x4f800000, "4294967300.0"},
    {0x4d800000, "268435460.0"},
    {0x4b800000, "16777216.0"},
    {0x4b800001, "16777218.0"},
    {0x4c000001, "33554436.0"},
    {0x4b189680, "10000000.0"},
    {0x501502f9, "10000000000.0"},
    {0x4996b438, "1234567.0"},
    // Many digits, rounding neighbours of 1.
    {0x40490fdb, "3.1415927"},
    {0x4640e6b6, "12345.678"},
    {0x3eaaaaab, "0.33333334"},
    {0x3f2aaaab, "0.6666667"},
    {0x3e99999b, "0.30000004"},
    {0x3f7fffff, "0.99999994"},
    {0x3f800001, "1.0000001"},
    // Exactly halfway between two shortest candidates: even digit wins.
    {0xc9e9c616, "-1915074.8"},
    {0x4986f3a6, "1105524.8"},
    // Limits and denormals.
    {0x7f7fffff, "3.4028235e+38"},
    {0xff7fffff, "-3.4028235e+38"},
    {0x00800000, "1.1754944e-38"},
    {0x007fffff, "1.1754942e-38"},
    {0x00000001, "1e-45"},
    {0x80000001, "-1e-45"},
    {0x00000002, "3e-45"},
    {0x006ce3ee, "1e-38"},
    {0x00d9c7dd, "2e-38"},
};

TEST(RuntimeFormat, FloatTable) {
  for (const FloatCase &c : FloatTable) {
    SCOPED_TRACE(testing::Message() << "bits 0x" << std::hex << c.bits);
    EXPECT_EQ(formatF32(fromBits(c.bits)), c.text);
  }
}

TEST(RuntimeFormat, FloatComputedValues) {
  volatile float one = 1.0f, three = 3.0f, a = 0.1f, b = 0.2f;
  EXPECT_EQ(formatF32(a + b), "0.3"); // 0.1f + 0.2f rounds to 0.3f
  EXPECT_EQ(formatF32(one / three), "0.33333334");
  EXPECT_EQ(formatF32(-one / three), "-0.33333334");
  EXPECT_EQ(formatF32(7.0f / 2.0f), "3.5");
  EXPECT_EQ(formatF32(FLT_MAX), "3.4028235e+38");
  EXPECT_EQ(formatF32(FLT_MIN), "1.1754944e-38");
  EXPECT_EQ(formatF32(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(formatF32(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(formatF32(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(formatF32(std::nanf("")), "nan");
  EXPECT_EQ(formatF32(-std::nanf("")), "nan");
  EXPECT_EQ(formatF32(123456789.0f), "123456790.0");
}

TEST(RuntimeFormat, FloatPowersOfTen) {
  // Every power of ten representable as a normal or denormal binary32 value
  // prints as `1e±XX` outside [1e-4, 1e16) and as plain text inside.
  for (int e = -45; e <= 38; ++e) {
    float v = std::strtof(("1e" + std::to_string(e)).c_str(), nullptr);
    std::string expected;
    if (e >= -4 && e < 0)
      expected = "0." + std::string(-e - 1, '0') + "1";
    else if (e >= 0 && e < 16)
      expected = "1" + std::string(e, '0') + ".0";
    else {
      char buf[16];
      std::snprintf(buf, sizeof(buf), "1e%c%02d", e < 0 ? '-' : '+',
                    e < 0 ? -e : e);
      expected = buf;
    }
    SCOPED_TRACE(e);
    EXPECT_EQ(formatF32(v), expected);
  }
}

TEST(RuntimeFormat, FloatRoundTrips) {
  // Whatever the text, it reads back to the same value; sweep all exponents.
  for (uint32_t bits = 0x00000001; bits < 0x7f800000; bits += 0x000a3d71) {
    float v = fromBits(bits);
    std::string text = formatF32(v);
    SCOPED_TRACE(text);
    float back = std::strtof(text.c_str(), nullptr);
    EXPECT_EQ(std::memcmp(&back, &v, sizeof(v)), 0);
    bool hasPointOrExp = text.find('.') != std::string::npos ||
                         text.find('e') != std::string::npos;
    EXPECT_TRUE(hasPointOrExp);
    EXPECT_LT(text.size(), static_cast<size_t>(NEVE_FORMAT_BUF_SIZE));
  }
}

TEST(RuntimeFormat, FloatTruncation) {
  char buf[8];
  std::memset(buf, 'x', sizeof(buf));
  EXPECT_EQ(neve_format_f32(3.1415927f, buf, 5), 9);
  EXPECT_STREQ(buf, "3.14");
  EXPECT_EQ(buf[5], 'x');
  EXPECT_EQ(neve_format_f32(2.0f, nullptr, 0), 3);
  EXPECT_EQ(neve_format_f32(2.0f, buf, 1), 3);
  EXPECT_STREQ(buf, "");
}

TEST(RuntimeFormat, Integers) {
  EXPECT_EQ(formatI64(0), "0");
  EXPECT_EQ(formatI64(7), "7");
  EXPECT_EQ(formatI64(-42), "-42");
  EXPECT_EQ(formatI64(INT32_MIN), "-2147483648");
  EXPECT_EQ(formatI64(INT32_MAX), "2147483647");
  EXPECT_EQ(formatI64(INT64_MIN), "-9223372036854775808");
  EXPECT_EQ(formatI64(INT64_MAX), "9223372036854775807");
  char buf[4];
  EXPECT_EQ(neve_format_i64(-12345, buf, sizeof(buf)), 6);
  EXPECT_STREQ(buf, "-12");
}

TEST(RuntimeStr, FromCString) {
  neve_str *s = neve_str_from_cstr("hello");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->size, 5);
  EXPECT_STREQ(s->data, "hello");
  neve_str *empty = neve_str_from_cstr("");
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(empty->size, 0);
  EXPECT_EQ(empty->data[0], '\0');
  EXPECT_EQ(neve_str_from_cstr(nullptr), nullptr);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST(RuntimePrint, Integers) {
  StdoutCapture capture;
  neve_print_i32(INT32_MIN);
  neve_print_end(true);
  neve_print_i32(INT32_MAX);
  neve_print_end(true);
  neve_print_i64(INT64_MIN);
  neve_print_end(true);
  neve_print_i64(INT64_MAX);
  neve_print_end(true);
  neve_print_i32(0);
  neve_print_i32(-1);
  neve_print_end(true);
  EXPECT_EQ(capture.take(), "-2147483648\n2147483647\n-9223372036854775808\n"
                            "9223372036854775807\n0-1\n");
}

TEST(RuntimePrint, ScalarsAndStrings) {
  StdoutCapture capture;
  neve_print_bool(true);
  neve_print_char(' ');
  neve_print_bool(false);
  neve_print_end(true);
  neve_print_char('A');
  neve_print_char('z');
  neve_print_end(true);
  neve_print_str(neve_str_from_cstr("hello, "));
  neve_print_str(nullptr);
  neve_print_str(neve_str_from_cstr(""));
  neve_print_nil();
  neve_print_end(true);
  neve_print_f32(2.0f);
  neve_print_cstr(" ");
  neve_print_f32(1e-5f);
  neve_print_cstr(" ");
  neve_print_f32(-0.25f);
  neve_print_end(true);
  neve_print_end(true); // print() with no arguments
  EXPECT_EQ(capture.take(),
            "true false\nAz\nhello, nilnil\n2.0 1e-05 -0.25\n\n");
}

TEST(RuntimePrint, StrUsesSizeNotNul) {
  // A str may hold NUL bytes; its size decides what is printed.
  neve_str *s = neve_str_from_cstr("abcdef");
  s->data[2] = '\0';
  s->size = 4;
  StdoutCapture capture;
  neve_print_str(s);
  neve_print_char('\0');
  neve_print_end(true);
  EXPECT_EQ(capture.take(), std::string("ab\0d\0\n", 6));
}

TEST(RuntimePrint, PrintlIsWrittenInOrder) {
  StdoutCapture capture;
  neve_print_cstr("a");
  neve_print_end(false); // printl("a")
  // printl output is written at once, before later output of any kind.
  ASSERT_EQ(::write(STDOUT_FILENO, "|", 1), 1);
  neve_print_i32(1);
  neve_print_end(false);
  neve_print_cstr("b");
  neve_print_end(true);
  neve_print_end(false); // printl() writes nothing
  neve_print_cstr("c");
  neve_print_end(true);
  EXPECT_EQ(capture.take(), "a|1b\nc\n");
}

TEST(RuntimePrint, FlushWritesPendingText) {
  StdoutCapture capture;
  neve_print_cstr("partial");
  neve_print_flush();
  neve_print_flush(); // nothing left
  neve_print_end(true);
  EXPECT_EQ(capture.take(), "partial\n");
}

TEST(RuntimePrint, LongLines) {
  // Lines longer than the inline buffer and than PIPE_BUF stay whole.
  std::string big(100000, 'x');
  neve_str *s = neve_str_from_cstr(big.c_str());
  StdoutCapture capture;
  neve_print_str(s);
  neve_print_i32(1);
  neve_print_end(true);
  for (int i = 0; i < 1000; ++i)
    neve_print_char('y');
  neve_print_end(true);
  neve_print_cstr("short");
  neve_print_end(true);
  EXPECT_EQ(capture.take(), big + "1\n" + std::string(1000, 'y') + "\nshort\n");
}

size_t padLength(int thread) {
  return thread == 7 ? 9000 : static_cast<size_t>(thread) * 97;
}

TEST(RuntimePrint, ThreadsDoNotInterleave) {
  // (printl text is written at once, so only whole print lines are atomic.)
  constexpr int NumThreads = 8;
  constexpr int LinesPerThread = 2000;
  StdoutCapture capture;
  std::vector<std::thread> threads;
  for (int t = 0; t < NumThreads; ++t) {
    threads.emplace_back([t] {
      GcThreadScope gcScope;
      // Line lengths vary, some beyond the inline buffer and PIPE_BUF.
      std::string pad(padLength(t), static_cast<char>('a' + t));
      neve_str *padStr = neve_str_from_cstr(pad.c_str());
      for (int i = 0; i < LinesPerThread; ++i) {
        neve_print_cstr("thread ");
        neve_print_i32(t);
        neve_print_cstr(" line ");
        neve_print_i64(i);
        neve_print_char(' ');
        neve_print_f32(static_cast<float>(i) + 0.5f);
        neve_print_char(' ');
        neve_print_str(padStr);
        neve_print_cstr(" end");
        neve_print_end(true);
      }
    });
  }
  for (std::thread &th : threads)
    th.join();
  std::string text = capture.take();

  std::vector<std::string> lines = splitLines(text);
  ASSERT_EQ(lines.size(), static_cast<size_t>(NumThreads * LinesPerThread));
  std::vector<int> next(NumThreads, 0);
  for (const std::string &line : lines) {
    int t = -1;
    long i = -1;
    int consumed = 0;
    ASSERT_EQ(
        std::sscanf(line.c_str(), "thread %d line %ld %n", &t, &i, &consumed),
        2)
        << line;
    ASSERT_GE(t, 0);
    ASSERT_LT(t, NumThreads);
    // Each thread's lines arrive complete and in its own order.
    ASSERT_EQ(i, next[t]) << line;
    ++next[t];
    std::string pad(padLength(t), static_cast<char>('a' + t));
    char expected[NEVE_FORMAT_BUF_SIZE];
    neve_format_f32(static_cast<float>(i) + 0.5f, expected, sizeof(expected));
    ASSERT_EQ(line.substr(static_cast<size_t>(consumed)),
              std::string(expected) + " " + pad + " end");
  }
  for (int t = 0; t < NumThreads; ++t)
    EXPECT_EQ(next[t], LinesPerThread);
}

TEST(RuntimePrint, ThreadExitWritesUnfinishedText) {
  StdoutCapture capture;
  std::thread([] { neve_print_cstr("left over"); }).join();
  neve_print_end(true);
  EXPECT_EQ(capture.take(), "left over\n");
}

//===----------------------------------------------------------------------===//
// Runtime errors
//===----------------------------------------------------------------------===//

using RuntimeErrorDeathTest = neve_test::ThreadsafeDeathTest;

TEST_F(RuntimeErrorDeathTest, MessageAndStatus) {
  EXPECT_EXIT(neve_rt_error("prog.nv", 12, 5, "integer division by zero"),
              testing::ExitedWithCode(1),
              "^prog\\.nv:12:5: runtime error: integer division by zero\n$");
}

TEST_F(RuntimeErrorDeathTest, FormattedMessage) {
  EXPECT_EXIT(neve_rt_errorf("m.nv", 3, 9, "missing key %d in %s", 42, "map"),
              testing::ExitedWithCode(1),
              "^m\\.nv:3:9: runtime error: missing key 42 in map\n$");
}

TEST_F(RuntimeErrorDeathTest, NoLocationTakesTheCurrentCallSite) {
  // What generated code stores around the program's calls (--neve-call-sites).
  static const neve_site site = {"prog.nv", 7, 15};
  EXPECT_EXIT(
      {
        neve_rt_call_site = &site;
        neve_rt_error("<runtime>", 0, 0, "no CUDA driver");
      },
      testing::ExitedWithCode(1),
      "^prog\\.nv:7:15: runtime error: no CUDA driver\n$");
  EXPECT_EXIT(
      {
        neve_rt_call_site = &site;
        neve_rt_errorf(nullptr, 0, 0, "%s failed", "cumalloc");
      },
      testing::ExitedWithCode(1),
      "^prog\\.nv:7:15: runtime error: cumalloc failed\n$");
  // A location of its own wins; none at all stays <runtime>.
  EXPECT_EXIT(
      {
        neve_rt_call_site = &site;
        neve_rt_error("other.nv", 2, 3, "boom");
      },
      testing::ExitedWithCode(1), "^other\\.nv:2:3: runtime error: boom\n$");
  EXPECT_EXIT(
      {
        neve_rt_call_site = nullptr;
        neve_rt_error("<runtime>", 0, 0, "out of memory");
      },
      testing::ExitedWithCode(1),
      "^<runtime>:0:0: runtime error: out of memory\n$");
}

TEST_F(RuntimeErrorDeathTest, QuitIsSilentWithStatusOne) {
  EXPECT_EXIT(neve_quit(), testing::ExitedWithCode(1), "^$");
}

TEST_F(RuntimeErrorDeathTest, PendingOutputIsWrittenFirst) {
  // Stdout is pointed at stderr in the child, so the death test's pattern
  // sees both streams in the order they were written.
  EXPECT_EXIT(
      {
        std::fflush(stdout);
        ::dup2(STDERR_FILENO, STDOUT_FILENO);
        neve_print_cstr("done");
        neve_print_end(true);
        neve_print_cstr("x = "); // print("x = ", 1 // 0)
        neve_rt_error("a.nv", 1, 2, "boom");
      },
      testing::ExitedWithCode(1),
      "^done\nx = a\\.nv:1:2: runtime error: boom\n$");
}

TEST_F(RuntimeErrorDeathTest, ConcurrentErrorsReportOnce) {
  // Several threads fail at once: one message, status 1, no deadlock.
  EXPECT_EXIT(
      {
        int devNull = ::open("/dev/null", O_WRONLY);
        ::dup2(devNull, STDOUT_FILENO);
        std::vector<std::thread> threads;
        for (int t = 0; t < 6; ++t)
          threads.emplace_back([t] {
            neve_print_cstr("pending");
            neve_rt_errorf("t.nv", t + 1, 1, "thread %d failed", t);
          });
        for (std::thread &th : threads)
          th.join();
      },
      testing::ExitedWithCode(1),
      "^t\\.nv:[1-6]:1: runtime error: thread [0-5] failed\n$");
}

TEST_F(RuntimeErrorDeathTest, NormalExitStatus) {
  EXPECT_EXIT(neve_exit(0), testing::ExitedWithCode(0), "^$");
}

} // namespace
