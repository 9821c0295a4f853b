//===- RuntimeStringTest.cpp - String ordering and concatenation -*- C++ -*-===//
//
// Unit tests of the runtime's `str` operations (§5.1): bytewise ordering
// (neve_str_cmp), concatenation (neve_str_concat) and the text of scalars
// appended by `str + x` (neve_str_from_*), which must be exactly what print
// writes (§7).
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gc.h>

namespace {

/// The bytes of \p s; checks the NUL that follows them.
std::string text(const neve_str *s) {
  EXPECT_NE(s, nullptr);
  if (!s)
    return "<nil>";
  EXPECT_EQ(s->data[s->size], '\0');
  return std::string(s->data, static_cast<size_t>(s->size));
}

neve_str *make(const std::string &bytes) {
  neve_str *s = neve_str_concat(neve_str_from_cstr(""), neve_str_from_cstr(""));
  for (char c : bytes)
    s = neve_str_concat(s, neve_str_from_char(static_cast<int8_t>(c)));
  return s;
}

int sign(int32_t v) { return (v > 0) - (v < 0); }

class RuntimeString : public testing::Test {
protected:
  static void SetUpTestSuite() { GC_INIT(); }
};

TEST_F(RuntimeString, CompareOrdersBytewise) {
  auto cmp = [](const char *a, const char *b) {
    return sign(neve_str_cmp(neve_str_from_cstr(a), neve_str_from_cstr(b)));
  };
  EXPECT_EQ(cmp("a", "b"), -1);
  EXPECT_EQ(cmp("b", "a"), 1);
  EXPECT_EQ(cmp("abc", "abc"), 0);
  EXPECT_EQ(cmp("ab", "abc"), -1);
  EXPECT_EQ(cmp("abc", "ab"), 1);
  EXPECT_EQ(cmp("", "a"), -1);
  EXPECT_EQ(cmp("a", ""), 1);
  EXPECT_EQ(cmp("", ""), 0);
  EXPECT_EQ(cmp("B", "a"), -1);
  EXPECT_EQ(cmp("b", "abc"), 1);
  // Bytes compare as unsigned: 0xC3 (the first byte of "é") after 'z'.
  EXPECT_EQ(cmp("z", "\xc3\xa9"), -1);
  EXPECT_EQ(cmp("\x7f", "\x80"), -1);
}

TEST_F(RuntimeString, CompareSeesEmbeddedNul) {
  neve_str *withNul = make(std::string("a\0b", 3));
  neve_str *a = neve_str_from_cstr("a");
  EXPECT_EQ(sign(neve_str_cmp(withNul, a)), 1);
  EXPECT_EQ(sign(neve_str_cmp(a, withNul)), -1);
  EXPECT_EQ(sign(neve_str_cmp(withNul, make(std::string("a\0c", 3)))), -1);
}

TEST_F(RuntimeString, CompareNilFirst) {
  neve_str *empty = neve_str_from_cstr("");
  EXPECT_EQ(neve_str_cmp(nullptr, nullptr), 0);
  EXPECT_EQ(sign(neve_str_cmp(nullptr, empty)), -1);
  EXPECT_EQ(sign(neve_str_cmp(empty, nullptr)), 1);
}

TEST_F(RuntimeString, ConcatBuildsNewString) {
  neve_str *a = neve_str_from_cstr("ab");
  neve_str *b = neve_str_from_cstr("cde");
  neve_str *ab = neve_str_concat(a, b);
  EXPECT_EQ(text(ab), "abcde");
  EXPECT_EQ(ab->size, 5);
  EXPECT_NE(ab, a);
  EXPECT_EQ(text(a), "ab");
  EXPECT_EQ(text(b), "cde");
  neve_str *empty = neve_str_from_cstr("");
  EXPECT_EQ(text(neve_str_concat(empty, empty)), "");
  EXPECT_EQ(text(neve_str_concat(a, empty)), "ab");
  EXPECT_EQ(text(neve_str_concat(empty, b)), "cde");
}

TEST_F(RuntimeString, ConcatKeepsEmbeddedNul) {
  neve_str *s = make(std::string("x\0y", 3));
  EXPECT_EQ(s->size, 3);
  EXPECT_EQ(text(neve_str_concat(s, s)), std::string("x\0yx\0y", 6));
}

TEST_F(RuntimeString, ConcatNilIsNilText) {
  neve_str *a = neve_str_from_cstr("a");
  EXPECT_EQ(text(neve_str_concat(a, nullptr)), "anil");
  EXPECT_EQ(text(neve_str_concat(nullptr, a)), "nila");
  EXPECT_EQ(text(neve_str_concat(nullptr, nullptr)), "nilnil");
}

TEST_F(RuntimeString, ConcatSurvivesCollection) {
  neve_str *s = neve_str_from_cstr("");
  std::string expected;
  for (int i = 0; i < 2000; ++i) {
    s = neve_str_concat(s, neve_str_from_i64(i % 10));
    expected += static_cast<char>('0' + i % 10);
    if (i % 500 == 0)
      GC_gcollect();
  }
  GC_gcollect();
  EXPECT_EQ(text(s), expected);
}

TEST_F(RuntimeString, IntegersAsPrinted) {
  EXPECT_EQ(text(neve_str_from_i64(0)), "0");
  EXPECT_EQ(text(neve_str_from_i64(-42)), "-42");
  EXPECT_EQ(text(neve_str_from_i64(2147483647)), "2147483647");
  EXPECT_EQ(text(neve_str_from_i64(std::numeric_limits<int64_t>::min())),
            "-9223372036854775808");
  EXPECT_EQ(text(neve_str_from_i64(std::numeric_limits<int64_t>::max())),
            "9223372036854775807");
}

TEST_F(RuntimeString, FloatsAsPrinted) {
  EXPECT_EQ(text(neve_str_from_f32(0.1f)), "0.1");
  EXPECT_EQ(text(neve_str_from_f32(1e-05f)), "1e-05");
  EXPECT_EQ(text(neve_str_from_f32(-2.5f)), "-2.5");
  EXPECT_EQ(text(neve_str_from_f32(2.0f)), "2.0");
  EXPECT_EQ(text(neve_str_from_f32(-0.0f)), "-0.0");
  EXPECT_EQ(text(neve_str_from_f32(1e20f)), "1e+20");
  EXPECT_EQ(text(neve_str_from_f32(1.0f / 3.0f)), "0.33333334");
  EXPECT_EQ(text(neve_str_from_f32(std::numeric_limits<float>::max())),
            "3.4028235e+38");
  EXPECT_EQ(text(neve_str_from_f32(INFINITY)), "inf");
  EXPECT_EQ(text(neve_str_from_f32(-INFINITY)), "-inf");
  EXPECT_EQ(text(neve_str_from_f32(NAN)), "nan");
}

TEST_F(RuntimeString, FloatsMatchFormatter) {
  const float values[] = {0.0f, 1e-4f, 9.999e-5f, 1e16f, 123456.78f,
                          -7.25e-30f, 1.17549435e-38f, 1.4e-45f};
  for (float v : values) {
    char buf[NEVE_FORMAT_BUF_SIZE];
    int32_t len = neve_format_f32(v, buf, sizeof(buf));
    EXPECT_EQ(text(neve_str_from_f32(v)), std::string(buf, len)) << v;
  }
}

TEST_F(RuntimeString, BoolsAndCharsAsPrinted) {
  EXPECT_EQ(text(neve_str_from_bool(true)), "true");
  EXPECT_EQ(text(neve_str_from_bool(false)), "false");
  EXPECT_EQ(text(neve_str_from_char('c')), "c");
  EXPECT_EQ(text(neve_str_from_char(static_cast<int8_t>(0xE9))), "\xe9");
  neve_str *nul = neve_str_from_char(0);
  EXPECT_EQ(nul->size, 1);
  EXPECT_EQ(text(nul), std::string("\0", 1));
}

//===----------------------------------------------------------------------===//
// str methods (§5.2, §7): size, s[i], slices, split
//===----------------------------------------------------------------------===//

#define SLOC "s.nv", 4, 2

std::vector<std::string> fields(const neve_array *a) {
  std::vector<std::string> out;
  EXPECT_EQ(a->elem_size, 8);
  EXPECT_EQ(a->atomic, 0); // str elements must be scanned
  for (int64_t i = 0; i < a->size; ++i)
    out.push_back(text(static_cast<neve_str **>(a->data)[i]));
  return out;
}

TEST_F(RuntimeString, SizeAndIndex) {
  neve_str *s = make("ab\xe9");
  EXPECT_EQ(neve_str_size(s, SLOC), 3);
  EXPECT_EQ(neve_str_size(make(""), SLOC), 0);
  EXPECT_EQ(neve_str_at(s, 0, SLOC), 'a');
  EXPECT_EQ(neve_str_at(s, 1, SLOC), 'b');
  EXPECT_EQ(neve_str_at(s, 2, SLOC), static_cast<int8_t>(0xE9));
  EXPECT_EQ(neve_str_at(s, -1, SLOC), static_cast<int8_t>(0xE9));
  EXPECT_EQ(neve_str_at(s, -3, SLOC), 'a');
}

TEST_F(RuntimeString, SlicesClampLikeArrays) {
  neve_str *s = make("hello");
  EXPECT_EQ(text(neve_str_slice(s, 1, 3, SLOC)), "el");
  EXPECT_EQ(text(neve_str_slice(s, 0, NEVE_SLICE_END, SLOC)), "hello");
  EXPECT_EQ(text(neve_str_slice(s, -3, NEVE_SLICE_END, SLOC)), "llo");
  EXPECT_EQ(text(neve_str_slice(s, 0, -1, SLOC)), "hell");
  EXPECT_EQ(text(neve_str_slice(s, -100, 100, SLOC)), "hello");
  EXPECT_EQ(text(neve_str_slice(s, 4, 2, SLOC)), "");
  EXPECT_EQ(text(neve_str_slice(s, 5, 9, SLOC)), "");
  EXPECT_EQ(text(neve_str_slice(s, INT64_MIN, INT64_MAX, SLOC)), "hello");
  neve_str *e = make("");
  EXPECT_EQ(text(neve_str_slice(e, 0, NEVE_SLICE_END, SLOC)), "");
}

TEST_F(RuntimeString, SplitKeepsEmptyFields) {
  using V = std::vector<std::string>;
  neve_str *comma = make(",");
  EXPECT_EQ(fields(neve_str_split(make("a,b,,c"), comma, SLOC)),
            (V{"a", "b", "", "c"}));
  EXPECT_EQ(fields(neve_str_split(make(",a,"), comma, SLOC)),
            (V{"", "a", ""}));
  EXPECT_EQ(fields(neve_str_split(make(""), comma, SLOC)), (V{""}));
  EXPECT_EQ(fields(neve_str_split(make("abc"), comma, SLOC)), (V{"abc"}));
  EXPECT_EQ(fields(neve_str_split(make(",,"), comma, SLOC)),
            (V{"", "", ""}));
  // Multi-byte separators, occurrences found left to right without overlap.
  EXPECT_EQ(fields(neve_str_split(make("a::b::"), make("::"), SLOC)),
            (V{"a", "b", ""}));
  EXPECT_EQ(fields(neve_str_split(make("aaa"), make("aa"), SLOC)),
            (V{"", "a"}));
  EXPECT_EQ(fields(neve_str_split(make("x"), make("xyz"), SLOC)), (V{"x"}));
  // Embedded NUL bytes are ordinary bytes.
  EXPECT_EQ(fields(neve_str_split(make(std::string("a\0b", 3)), make(std::string("\0", 1)), SLOC)),
            (V{"a", "b"}));
}

TEST_F(RuntimeString, SplitManyFields) {
  std::string big;
  for (int i = 0; i < 1000; ++i)
    big += std::to_string(i) + " ";
  std::vector<std::string> f =
      fields(neve_str_split(make(big), make(" "), SLOC));
  ASSERT_EQ(f.size(), 1001u);
  EXPECT_EQ(f[0], "0");
  EXPECT_EQ(f[999], "999");
  EXPECT_EQ(f[1000], "");
}

class RuntimeStringDeathTest : public testing::Test {
protected:
  static void SetUpTestSuite() { GC_INIT(); }
  void SetUp() override {
    saved = GTEST_FLAG_GET(death_test_style);
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
  void TearDown() override { GTEST_FLAG_SET(death_test_style, saved); }
  std::string saved;
};

TEST_F(RuntimeStringDeathTest, IndexOutOfRangeIsLocated) {
  neve_str *s = make("abc");
  EXPECT_EXIT(neve_str_at(s, 3, "t.nv", 5, 7), testing::ExitedWithCode(1),
              "^t\\.nv:5:7: runtime error: index 3 out of range for str of "
              "size 3\n$");
  EXPECT_EXIT(neve_str_at(s, -4, "t.nv", 5, 7), testing::ExitedWithCode(1),
              "index -4 out of range for str of size 3\n$");
  EXPECT_EXIT(neve_str_at(make(""), 0, "t.nv", 5, 7),
              testing::ExitedWithCode(1),
              "index 0 out of range for str of size 0\n$");
}

/// A string header claiming \p size bytes: size() reads only the header, so
/// no gigabytes are needed to test sizes beyond an int.
struct FakeStr {
  alignas(neve_str) unsigned char bytes[sizeof(neve_str) + 1] = {};
  explicit FakeStr(int64_t size) { str()->size = size; }
  neve_str *str() { return reinterpret_cast<neve_str *>(bytes); }
};

TEST_F(RuntimeStringDeathTest, SizeBeyondIntIsAnError) {
  EXPECT_EQ(neve_str_size(FakeStr(INT32_MAX).str(), "s.nv", 3, 9), INT32_MAX);
  EXPECT_EXIT(neve_str_size(FakeStr(int64_t(INT32_MAX) + 1).str(), "s.nv", 3,
                            9),
              testing::ExitedWithCode(1),
              "^s\\.nv:3:9: runtime error: str of 2147483648 bytes is too "
              "long for size\\(\\), which returns an int \\(at most "
              "2147483647\\)\n$");
  EXPECT_EXIT(neve_str_size(FakeStr(int64_t(5) << 30).str(), "s.nv", 4, 1),
              testing::ExitedWithCode(1), "str of 5368709120 bytes");
}

TEST_F(RuntimeStringDeathTest, NilAndEmptySeparator) {
  const char *nilMsg = "^n\\.nv:2:5: runtime error: member access through nil\n$";
  neve_str *nil = nullptr;
  EXPECT_EXIT(neve_str_size(nil, "n.nv", 2, 5), testing::ExitedWithCode(1),
              nilMsg);
  EXPECT_EXIT(neve_str_at(nil, 0, "n.nv", 2, 5), testing::ExitedWithCode(1),
              nilMsg);
  EXPECT_EXIT(neve_str_slice(nil, 0, 1, "n.nv", 2, 5),
              testing::ExitedWithCode(1), nilMsg);
  EXPECT_EXIT(neve_str_split(nil, make(","), "n.nv", 2, 5),
              testing::ExitedWithCode(1), nilMsg);
  EXPECT_EXIT(neve_str_split(make("a"), nil, "n.nv", 2, 5),
              testing::ExitedWithCode(1), nilMsg);
  EXPECT_EXIT(neve_str_split(make("a"), make(""), "n.nv", 2, 5),
              testing::ExitedWithCode(1),
              "^n\\.nv:2:5: runtime error: split with an empty separator\n$");
}

} // namespace
