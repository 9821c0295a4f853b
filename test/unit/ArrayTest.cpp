//===- ArrayTest.cpp - Runtime array<T> tests -------------------*- C++ -*-===//
//
// Unit tests of lib/Runtime/Core/Array.cpp (language reference §5.2, §5.3,
// §7): construction, growth, indexing with negative indices and range
// errors, slices, shuffle, folds and scans, printing, and nil arrays.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace {

using neve_test::StdoutCapture;
using neve_test::ThreadsafeDeathTest;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "t.nv", 1, 2

template <typename T> T get(neve_array *a, int64_t i) {
  T v;
  std::memcpy(&v, neve_array_at(a, i, LOC), sizeof(T));
  return v;
}

template <typename T> void put(neve_array *a, int64_t i, T v) {
  std::memcpy(neve_array_at(a, i, LOC), &v, sizeof(T));
}

template <typename T> void push(neve_array *a, T v) {
  neve_array_append(a, &v, LOC);
}

template <typename T> neve_array *make(const std::vector<T> &values) {
  neve_array *a = neve_array_new_atomic(sizeof(T), 0);
  for (const T &v : values)
    push(a, v);
  return a;
}

template <typename T> std::vector<T> contents(neve_array *a) {
  std::vector<T> out;
  for (int64_t i = 0; i < neve_array_size(a, LOC); ++i)
    out.push_back(get<T>(a, i));
  return out;
}

struct Triple {
  int64_t a, b, c;
  bool operator==(const Triple &o) const {
    return a == o.a && b == o.b && c == o.c;
  }
};

//===----------------------------------------------------------------------===//
// Construction, growth, indexing
//===----------------------------------------------------------------------===//

TEST(RuntimeArray, NewIsZeroFilled) {
  for (int64_t elemSize : {1, 2, 4, 8, 24}) {
    for (bool atomic : {false, true}) {
      neve_array *a = atomic ? neve_array_new_atomic(elemSize, 37)
                             : neve_array_new(elemSize, 37);
      ASSERT_NE(a, nullptr);
      EXPECT_EQ(neve_array_size(a, LOC), 37);
      EXPECT_EQ(a->elem_size, elemSize);
      EXPECT_EQ(a->atomic != 0, atomic);
      for (int64_t i = 0; i < 37; ++i) {
        auto *p = static_cast<unsigned char *>(neve_array_at(a, i, LOC));
        for (int64_t b = 0; b < elemSize; ++b)
          EXPECT_EQ(p[b], 0) << "element " << i << " byte " << b;
      }
    }
  }
  EXPECT_EQ(neve_array_size(neve_array_new(4, 0), LOC), 0);
  EXPECT_EQ(neve_array_size(neve_array_new(4, -3), LOC), 0);
}

TEST(RuntimeArray, ElementsAreContiguous) {
  neve_array *a = neve_array_new(4, 10);
  for (int64_t i = 0; i < 10; ++i)
    EXPECT_EQ(static_cast<char *>(neve_array_at(a, i, LOC)),
              static_cast<char *>(a->data) + 4 * i);
}

TEST(RuntimeArray, GrowthPastManyReallocations) {
  neve_array *ints = neve_array_new_atomic(4, 0);
  neve_array *wide = neve_array_new(sizeof(Triple), 3);
  const int32_t n = 200000;
  for (int32_t i = 0; i < n; ++i) {
    push<int32_t>(ints, i * 7 - 5);
    push(wide, Triple{i, -i, i * 3});
  }
  ASSERT_EQ(neve_array_size(ints, LOC), n);
  ASSERT_EQ(neve_array_size(wide, LOC), n + 3);
  EXPECT_GE(ints->capacity, ints->size);
  for (int32_t i = 0; i < n; ++i) {
    ASSERT_EQ(get<int32_t>(ints, i), i * 7 - 5);
    ASSERT_EQ(get<Triple>(wide, i + 3), (Triple{i, -i, i * 3}));
  }
  EXPECT_EQ(get<Triple>(wide, 0), (Triple{0, 0, 0}));
}

TEST(RuntimeArray, ScannedStorageKeepsElementsAlive) {
  // The strings are reachable only through the array's storage.
  neve_array *strs = neve_array_new(sizeof(void *), 0);
  for (int i = 0; i < 5000; ++i) {
    neve_str *s = neve_str_from_i64(i);
    push(strs, s);
  }
  GC_gcollect();
  // Allocate garbage that would reuse freed memory.
  for (int i = 0; i < 20000; ++i)
    neve_str_from_cstr("xxxxxxxxxxxxxxxxxxxxxxxx");
  for (int i = 0; i < 5000; ++i) {
    neve_str *s = get<neve_str *>(strs, i);
    ASSERT_EQ(std::string(s->data, s->size), std::to_string(i));
  }
}

TEST(RuntimeArray, AppendOwnElementAtFullCapacity) {
  neve_array *a = make<int64_t>({11, 22, 33, 44});
  ASSERT_EQ(a->size, a->capacity);
  neve_array_append(a, neve_array_at(a, 0, LOC), LOC);
  neve_array_append(a, neve_array_at(a, -2, LOC), LOC);
  EXPECT_EQ(contents<int64_t>(a), (std::vector<int64_t>{11, 22, 33, 44, 11, 44}));
}

TEST(RuntimeArray, NegativeIndices) {
  neve_array *a = make<int32_t>({10, 20, 30, 40, 50});
  EXPECT_EQ(get<int32_t>(a, -1), 50);
  EXPECT_EQ(get<int32_t>(a, -2), 40);
  EXPECT_EQ(get<int32_t>(a, -5), 10);
  EXPECT_EQ(get<int32_t>(a, 0), 10);
  EXPECT_EQ(get<int32_t>(a, 4), 50);
  put<int32_t>(a, -3, 99);
  EXPECT_EQ(get<int32_t>(a, 2), 99);
  EXPECT_EQ(neve_array_at(a, -5, LOC), neve_array_at(a, 0, LOC));
}

TEST(RuntimeArray, ClearEmptiesAndStaysUsable) {
  neve_array *a = make<int32_t>({1, 2, 3});
  neve_array_clear(a, LOC);
  EXPECT_EQ(neve_array_size(a, LOC), 0);
  push<int32_t>(a, 8);
  EXPECT_EQ(contents<int32_t>(a), std::vector<int32_t>{8});
  neve_array *e = neve_array_new(8, 0);
  neve_array_clear(e, LOC);
  EXPECT_EQ(neve_array_size(e, LOC), 0);
}

using RuntimeArrayDeathTest = ThreadsafeDeathTest;

TEST_F(RuntimeArrayDeathTest, IndexOutOfRange) {
  neve_array *a = make<int32_t>({1, 2, 3});
  EXPECT_EXIT(neve_array_at(a, 3, "p.nv", 4, 7), testing::ExitedWithCode(1),
              "^p\\.nv:4:7: runtime error: index 3 out of range for array of "
              "size 3\n$");
  EXPECT_EXIT(neve_array_at(a, -4, "p.nv", 5, 1), testing::ExitedWithCode(1),
              "^p\\.nv:5:1: runtime error: index -4 out of range for array of "
              "size 3\n$");
  EXPECT_EXIT(neve_array_at(a, INT64_MIN, "p.nv", 5, 1),
              testing::ExitedWithCode(1),
              "index -9223372036854775808 out of range for array of size 3");
  neve_array *empty = neve_array_new(4, 0);
  EXPECT_EXIT(neve_array_at(empty, 0, "p.nv", 6, 2),
              testing::ExitedWithCode(1),
              "^p\\.nv:6:2: runtime error: index 0 out of range for array of "
              "size 0\n$");
  EXPECT_EXIT(neve_array_at(empty, -1, "p.nv", 6, 2),
              testing::ExitedWithCode(1), "index -1 out of range");
}

TEST_F(RuntimeArrayDeathTest, NilArrayIsMemberAccessThroughNil) {
  const char *msg = "^n\\.nv:9:3: runtime error: member access through nil\n$";
  neve_array *nil = nullptr;
  int32_t v = 1;
  EXPECT_EXIT(neve_array_size(nil, "n.nv", 9, 3), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_array_at(nil, 0, "n.nv", 9, 3), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_array_append(nil, &v, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_clear(nil, "n.nv", 9, 3), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_array_slice(nil, 0, 1, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_shuffle(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_sum_i32(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_prod_f32(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_scan_sum_i64(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_print_i32(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_array_print_str(nil, "n.nv", 9, 3),
              testing::ExitedWithCode(1), msg);
}

TEST_F(RuntimeArrayDeathTest, FoldOfWrongElementSize) {
  neve_array *a = make<int64_t>({1, 2});
  EXPECT_EXIT(neve_array_sum_i32(a, "w.nv", 1, 1), testing::ExitedWithCode(1),
              "array element size 8 does not match");
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

/// The §5.2 slice, written independently of the runtime: Python's rule for
/// a step of 1.
std::vector<int32_t> referenceSlice(const std::vector<int32_t> &v,
                                    long long s, long long e) {
  long long n = static_cast<long long>(v.size());
  if (s < 0)
    s = std::max(0LL, s + n);
  if (e < 0)
    e = std::max(0LL, e + n);
  s = std::min(s, n);
  e = std::min(e, n);
  std::vector<int32_t> out;
  for (long long i = s; i < e; ++i)
    out.push_back(v[static_cast<size_t>(i)]);
  return out;
}

TEST(RuntimeArray, SliceLiteralCases) {
  neve_array *a = make<int32_t>({0, 1, 2, 3, 4});
  auto slice = [&](int64_t s, int64_t e) {
    return contents<int32_t>(neve_array_slice(a, s, e, LOC));
  };
  using V = std::vector<int32_t>;
  EXPECT_EQ(slice(1, 3), (V{1, 2}));
  EXPECT_EQ(slice(0, NEVE_SLICE_END), (V{0, 1, 2, 3, 4})); // a[:]
  EXPECT_EQ(slice(0, 2), (V{0, 1}));                        // a[:2]
  EXPECT_EQ(slice(3, NEVE_SLICE_END), (V{3, 4}));           // a[3:]
  EXPECT_EQ(slice(-2, NEVE_SLICE_END), (V{3, 4}));          // a[-2:]
  EXPECT_EQ(slice(0, -1), (V{0, 1, 2, 3}));                 // a[:-1]
  EXPECT_EQ(slice(-4, -2), (V{1, 2}));
  EXPECT_EQ(slice(-100, 100), (V{0, 1, 2, 3, 4}));
  EXPECT_EQ(slice(3, 1), V{});
  EXPECT_EQ(slice(5, NEVE_SLICE_END), V{});
  EXPECT_EQ(slice(2, 2), V{});
  EXPECT_EQ(slice(INT64_MIN, INT64_MAX), (V{0, 1, 2, 3, 4}));
  EXPECT_EQ(slice(INT64_MAX, INT64_MIN), V{});
}

TEST(RuntimeArray, SliceEveryBoundCombination) {
  std::vector<int64_t> bounds = {INT64_MIN, INT64_MAX};
  for (int64_t b = -9; b <= 9; ++b)
    bounds.push_back(b);
  for (int n : {0, 1, 2, 5, 7}) {
    std::vector<int32_t> values;
    for (int i = 0; i < n; ++i)
      values.push_back(100 + i);
    neve_array *a = make<int32_t>(values);
    for (int64_t s : bounds)
      for (int64_t e : bounds) {
        neve_array *sl = neve_array_slice(a, s, e, LOC);
        ASSERT_EQ(contents<int32_t>(sl), referenceSlice(values, s, e))
            << "n=" << n << " s=" << s << " e=" << e;
        EXPECT_EQ(sl->elem_size, 4);
      }
  }
}

TEST(RuntimeArray, SliceCopiesAndKeepsKind) {
  neve_array *a = make<int32_t>({1, 2, 3});
  neve_array *s = neve_array_slice(a, 0, NEVE_SLICE_END, LOC);
  EXPECT_NE(s, a);
  EXPECT_EQ(s->atomic, a->atomic);
  put<int32_t>(s, 0, 42);
  EXPECT_EQ(get<int32_t>(a, 0), 1);
  push<int32_t>(s, 4);
  EXPECT_EQ(neve_array_size(a, LOC), 3);
  neve_array *scanned = neve_array_new(8, 4);
  EXPECT_EQ(neve_array_slice(scanned, 1, 3, LOC)->atomic, 0);
}

//===----------------------------------------------------------------------===//
// Shuffle
//===----------------------------------------------------------------------===//

std::vector<int32_t> iota(int n) {
  std::vector<int32_t> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    v[static_cast<size_t>(i)] = i;
  return v;
}

TEST(RuntimeArray, ShuffleIsAPermutation) {
  neve_seed(1);
  neve_array *a = make<int32_t>(iota(1000));
  neve_array_shuffle(a, LOC);
  std::vector<int32_t> got = contents<int32_t>(a);
  EXPECT_NE(got, iota(1000)); // 1/1000! chance of a false failure
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, iota(1000));

  // Wide elements move whole.
  neve_array *w = neve_array_new(sizeof(Triple), 0);
  for (int64_t i = 0; i < 50; ++i)
    push(w, Triple{i, i * 2, i * 3});
  neve_array_shuffle(w, LOC);
  std::vector<int64_t> firsts;
  for (const Triple &t : contents<Triple>(w)) {
    EXPECT_EQ(t.b, t.a * 2);
    EXPECT_EQ(t.c, t.a * 3);
    firsts.push_back(t.a);
  }
  std::sort(firsts.begin(), firsts.end());
  for (int64_t i = 0; i < 50; ++i)
    EXPECT_EQ(firsts[static_cast<size_t>(i)], i);

  // Empty and one-element arrays are left alone.
  neve_array *e = neve_array_new(4, 0);
  neve_array_shuffle(e, LOC);
  EXPECT_EQ(neve_array_size(e, LOC), 0);
  neve_array *one = make<int32_t>({5});
  neve_array_shuffle(one, LOC);
  EXPECT_EQ(contents<int32_t>(one), std::vector<int32_t>{5});
}

TEST(RuntimeArray, ShuffleIsSeededReproducible) {
  auto shuffled = [](int32_t seed) {
    neve_seed(seed);
    neve_array *a = make<int32_t>(iota(200));
    neve_array_shuffle(a, LOC);
    return contents<int32_t>(a);
  };
  std::vector<int32_t> a = shuffled(7), b = shuffled(7), c = shuffled(8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(shuffled(0), shuffled(0));
  EXPECT_NE(shuffled(0), shuffled(-1));
}

TEST(RuntimeArray, ShuffleIsUniform) {
  // All 6 orders of 3 elements, 60000 shuffles: each count is about 10000
  // (standard deviation about 91); a bias of a few percent fails.
  neve_seed(3);
  std::map<std::vector<int32_t>, int> counts;
  neve_array *a = make<int32_t>({0, 1, 2});
  for (int t = 0; t < 60000; ++t) {
    // Start from the same order each time: repeated shuffles of one array
    // would hide a bias (a random walk on permutations tends to uniform).
    for (int32_t i = 0; i < 3; ++i)
      put<int32_t>(a, i, i);
    neve_array_shuffle(a, LOC);
    ++counts[contents<int32_t>(a)];
  }
  EXPECT_EQ(counts.size(), 6u);
  for (const auto &entry : counts)
    EXPECT_NEAR(entry.second, 10000, 500);
}

TEST(RuntimeRandom, BelowStaysInRange) {
  neve_seed(5);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    uint64_t r = neve_random_below(7);
    ASSERT_LT(r, 7u);
    ++seen[r];
  }
  for (int c : seen)
    EXPECT_GT(c, 800);
  EXPECT_EQ(neve_random_below(0), 0u);
  EXPECT_EQ(neve_random_below(1), 0u);
}

//===----------------------------------------------------------------------===//
// Folds and scans
//===----------------------------------------------------------------------===//

TEST(RuntimeArray, SumsAndProducts) {
  neve_array *i32 = make<int32_t>({1, 2, 3, 4});
  EXPECT_EQ(neve_array_sum_i32(i32, LOC), 10);
  EXPECT_EQ(neve_array_prod_i32(i32, LOC), 24);
  neve_array *i64 = make<int64_t>({3000000000LL, 5, -1});
  EXPECT_EQ(neve_array_sum_i64(i64, LOC), 3000000004LL);
  EXPECT_EQ(neve_array_prod_i64(i64, LOC), -15000000000LL);
  neve_array *f32 = make<float>({0.5f, 1.5f, -4.0f});
  EXPECT_EQ(neve_array_sum_f32(f32, LOC), -2.0f);
  EXPECT_EQ(neve_array_prod_f32(f32, LOC), -3.0f);
  // int wraps (§4.1).
  neve_array *big = make<int32_t>({INT32_MAX, 1});
  EXPECT_EQ(neve_array_sum_i32(big, LOC), INT32_MIN);
  neve_array *bigProd = make<int32_t>({65536, 65536, 3});
  EXPECT_EQ(neve_array_prod_i32(bigProd, LOC), 0);
  // Floats fold left to right in float: 1e8 + 1 + 1 stays 1e8.
  neve_array *order = make<float>({1e8f, 1.0f, 1.0f});
  EXPECT_EQ(neve_array_sum_f32(order, LOC), 1e8f);
}

TEST(RuntimeArray, EmptyFolds) {
  EXPECT_EQ(neve_array_sum_i32(neve_array_new(4, 0), LOC), 0);
  EXPECT_EQ(neve_array_prod_i32(neve_array_new(4, 0), LOC), 1);
  EXPECT_EQ(neve_array_sum_i64(neve_array_new(8, 0), LOC), 0);
  EXPECT_EQ(neve_array_prod_i64(neve_array_new(8, 0), LOC), 1);
  EXPECT_EQ(neve_array_sum_f32(neve_array_new(4, 0), LOC), 0.0f);
  EXPECT_FALSE(std::signbit(neve_array_sum_f32(neve_array_new(4, 0), LOC)));
  EXPECT_EQ(neve_array_prod_f32(neve_array_new(4, 0), LOC), 1.0f);
}

TEST(RuntimeArray, Scans) {
  neve_array *i32 = make<int32_t>({1, 2, 3, 4});
  EXPECT_EQ(contents<int32_t>(neve_array_scan_sum_i32(i32, LOC)),
            (std::vector<int32_t>{1, 3, 6, 10}));
  EXPECT_EQ(contents<int32_t>(neve_array_scan_prod_i32(i32, LOC)),
            (std::vector<int32_t>{1, 2, 6, 24}));
  EXPECT_EQ(contents<int32_t>(i32), (std::vector<int32_t>{1, 2, 3, 4}));
  neve_array *i64 = make<int64_t>({-2, 5, 3000000000LL});
  EXPECT_EQ(contents<int64_t>(neve_array_scan_sum_i64(i64, LOC)),
            (std::vector<int64_t>{-2, 3, 3000000003LL}));
  EXPECT_EQ(contents<int64_t>(neve_array_scan_prod_i64(i64, LOC)),
            (std::vector<int64_t>{-2, -10, -30000000000LL}));
  neve_array *f32 = make<float>({0.5f, 2.0f, -3.0f});
  EXPECT_EQ(contents<float>(neve_array_scan_sum_f32(f32, LOC)),
            (std::vector<float>{0.5f, 2.5f, -0.5f}));
  EXPECT_EQ(contents<float>(neve_array_scan_prod_f32(f32, LOC)),
            (std::vector<float>{0.5f, 1.0f, -3.0f}));
  neve_array *s = neve_array_scan_sum_i32(i32, LOC);
  EXPECT_NE(s, i32);
  EXPECT_EQ(s->elem_size, 4);
  // Empty arrays give empty scans.
  EXPECT_EQ(neve_array_size(neve_array_scan_sum_i32(neve_array_new(4, 0), LOC),
                            LOC),
            0);
  EXPECT_EQ(neve_array_size(
                neve_array_scan_prod_f32(neve_array_new(4, 0), LOC), LOC),
            0);
  EXPECT_EQ(neve_array_size(
                neve_array_scan_prod_i64(neve_array_new(8, 0), LOC), LOC),
            0);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST(RuntimeArray, PrintFormats) {
  StdoutCapture capture;
  neve_array_print_i32(make<int32_t>({1, -2, 30}), LOC);
  neve_array_print_i32(neve_array_new(4, 0), LOC);
  neve_array_print_i64(make<int64_t>({INT64_MIN, 0, INT64_MAX}), LOC);
  neve_array_print_f32(
      make<float>({2.0f, 3.5f, 0.1f, -0.25f, 1e-5f, 1e16f, -0.0f,
                   std::numeric_limits<float>::infinity(),
                   -std::numeric_limits<float>::infinity(), NAN}),
      LOC);
  neve_array_print_i8(make<int8_t>({-128, 0, 127}), LOC);
  neve_array_print_i16(make<int16_t>({-32768, 7}), LOC);
  neve_array_print_bool(make<bool>({true, false}), LOC);
  neve_array_print_char(make<int8_t>({'a', 'b', ' '}), LOC);
  neve_str *one = neve_str_from_cstr("one");
  neve_str *empty = neve_str_from_cstr("");
  neve_array *strs = neve_array_new(sizeof(void *), 0);
  push(strs, one);
  push<neve_str *>(strs, nullptr);
  push(strs, empty);
  neve_array_print_str(strs, LOC);
  neve_array_print_f32(make<float>({1.0f}), LOC);
  EXPECT_EQ(capture.take(),
            "[1, -2, 30]\n"
            "[]\n"
            "[-9223372036854775808, 0, 9223372036854775807]\n"
            "[2.0, 3.5, 0.1, -0.25, 1e-05, 1e+16, -0.0, inf, -inf, nan]\n"
            "[-128, 0, 127]\n"
            "[-32768, 7]\n"
            "[true, false]\n"
            "[a, b,  ]\n"
            "[one, nil, ]\n"
            "[1.0]\n");
}

TEST(RuntimeArray, PrintFloatsMatchScalarPrint) {
  std::vector<float> values = {0.3f, 1.0f / 3.0f, 123456.789f, 1e-4f,
                               9.999e-5f, 16777216.0f, 3.4028235e38f};
  std::string expected = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    char buf[NEVE_FORMAT_BUF_SIZE];
    neve_format_f32(values[i], buf, sizeof(buf));
    expected += (i ? ", " : "") + std::string(buf);
  }
  expected += "]\n";
  StdoutCapture capture;
  neve_array_print_f32(make<float>(values), LOC);
  EXPECT_EQ(capture.take(), expected);
}

TEST(RuntimeArray, PrintEndsThePendingLine) {
  StdoutCapture capture;
  neve_print_cstr("xs = ");
  neve_array_print_i32(make<int32_t>({4, 5}), LOC);
  neve_print_cstr("after");
  neve_print_end(true);
  EXPECT_EQ(capture.take(), "xs = [4, 5]\nafter\n");
}

TEST(RuntimeArray, PrintLinesDoNotInterleave) {
  const int threads = 4, rounds = 200;
  std::vector<neve_array *> arrays;
  std::vector<std::string> lines;
  for (int t = 0; t < threads; ++t) {
    std::vector<int32_t> v;
    for (int i = 0; i < 300; ++i)
      v.push_back(t * 1000 + i);
    arrays.push_back(make<int32_t>(v));
    std::string line = "[";
    for (int i = 0; i < 300; ++i)
      line += (i ? ", " : "") + std::to_string(t * 1000 + i);
    lines.push_back(line + "]");
  }
  StdoutCapture capture;
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      neve_test::GcThreadScope scope;
      for (int r = 0; r < rounds; ++r)
        neve_array_print_i32(arrays[static_cast<size_t>(t)], LOC);
    });
  for (std::thread &w : workers)
    w.join();
  std::string out = capture.take();
  std::map<std::string, int> seen;
  size_t start = 0;
  while (start < out.size()) {
    size_t nl = out.find('\n', start);
    ASSERT_NE(nl, std::string::npos);
    ++seen[out.substr(start, nl - start)];
    start = nl + 1;
  }
  ASSERT_EQ(seen.size(), static_cast<size_t>(threads));
  for (const std::string &line : lines)
    EXPECT_EQ(seen[line], rounds);
}

} // namespace
