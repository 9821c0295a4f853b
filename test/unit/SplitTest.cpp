//===- SplitTest.cpp - Split arguments of asyncs ----------------*- C++ -*-===//
//
// `>xs` (contiguous chunks of ceil(len / n)) and `:xs` (strided) shares of
// thread t of n (language reference §6.8.2, Split.cpp), including empty
// shares and n > len; shares are copies with the element size and kind of
// the original.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cstring>
#include <vector>

namespace {

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "split.nv", 1, 1

neve_array *range(int32_t n) { return neve_array_range_i32(0, n); }

std::vector<int32_t> ints(neve_array *a) {
  std::vector<int32_t> out;
  for (int64_t i = 0; i < neve_array_size(a, LOC); ++i) {
    int32_t v;
    std::memcpy(&v, neve_array_at(a, i, LOC), 4);
    out.push_back(v);
  }
  return out;
}

using V = std::vector<int32_t>;

TEST(RuntimeSplit, ChunkShares) {
  neve_array *xs = range(10);
  // n = 3: c = 4.
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 0, 3)), V({0, 1, 2, 3}));
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 1, 3)), V({4, 5, 6, 7}));
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 2, 3)), V({8, 9}));
  // n = 4: c = 3, the last share is short.
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 3, 4)), V({9}));
  // len 5, n = 4: c = 2, the last thread gets nothing.
  neve_array *five = range(5);
  EXPECT_EQ(ints(neve_array_split_chunk(five, 2, 4)), V({4}));
  EXPECT_EQ(ints(neve_array_split_chunk(five, 3, 4)), V());
  // n > len: one element each, then empty shares.
  neve_array *three = range(3);
  for (int t = 0; t < 3; ++t)
    EXPECT_EQ(ints(neve_array_split_chunk(three, t, 5)), V({t}));
  EXPECT_EQ(ints(neve_array_split_chunk(three, 3, 5)), V());
  EXPECT_EQ(ints(neve_array_split_chunk(three, 4, 5)), V());
  // n = 1: everything.
  EXPECT_EQ(ints(neve_array_split_chunk(three, 0, 1)), V({0, 1, 2}));
  // Empty input, invalid t or n: empty shares.
  EXPECT_EQ(ints(neve_array_split_chunk(range(0), 0, 2)), V());
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 3, 3)), V());
  EXPECT_EQ(ints(neve_array_split_chunk(xs, -1, 3)), V());
  EXPECT_EQ(ints(neve_array_split_chunk(xs, 0, 0)), V());
}

TEST(RuntimeSplit, ChunksCoverEveryElementOnce) {
  for (int32_t len : {0, 1, 7, 64, 100}) {
    for (int64_t n : {1, 2, 3, 7, 8, 150}) {
      V all;
      for (int64_t t = 0; t < n; ++t) {
        V part = ints(neve_array_split_chunk(range(len), t, n));
        all.insert(all.end(), part.begin(), part.end());
      }
      V expect;
      for (int32_t i = 0; i < len; ++i)
        expect.push_back(i);
      EXPECT_EQ(all, expect) << "len " << len << " n " << n;
    }
  }
}

TEST(RuntimeSplit, StrideShares) {
  neve_array *xs = range(10);
  EXPECT_EQ(ints(neve_array_split_stride(xs, 0, 3)), V({0, 3, 6, 9}));
  EXPECT_EQ(ints(neve_array_split_stride(xs, 1, 3)), V({1, 4, 7}));
  EXPECT_EQ(ints(neve_array_split_stride(xs, 2, 3)), V({2, 5, 8}));
  neve_array *three = range(3);
  EXPECT_EQ(ints(neve_array_split_stride(three, 2, 5)), V({2}));
  EXPECT_EQ(ints(neve_array_split_stride(three, 3, 5)), V());
  EXPECT_EQ(ints(neve_array_split_stride(three, 0, 1)), V({0, 1, 2}));
  EXPECT_EQ(ints(neve_array_split_stride(range(0), 0, 4)), V());
  EXPECT_EQ(ints(neve_array_split_stride(xs, 5, 3)), V());
}

TEST(RuntimeSplit, SharesAreCopiesOfTheSameKind) {
  // Scanned 8-byte elements (references) and odd-sized tuples.
  neve_array *strs = neve_array_new(sizeof(void *), 0);
  for (int i = 0; i < 5; ++i) {
    neve_str *s = neve_str_from_i64(i);
    neve_array_append(strs, &s, "split.nv", 1, 1);
  }
  neve_array *part = neve_array_split_stride(strs, 1, 2);
  EXPECT_EQ(part->elem_size, 8);
  EXPECT_EQ(part->atomic, 0);
  ASSERT_EQ(neve_array_size(part, LOC), 2);
  neve_str *s;
  std::memcpy(&s, neve_array_at(part, 1, LOC), 8);
  EXPECT_EQ(std::string(s->data, size_t(s->size)), "3");

  neve_array *tuples = neve_array_new_atomic(12, 7);
  for (int i = 0; i < 7; ++i)
    std::memset(neve_array_at(tuples, i, LOC), i, 12);
  neve_array *chunk = neve_array_split_chunk(tuples, 1, 2); // [4, 7)
  EXPECT_EQ(chunk->elem_size, 12);
  EXPECT_NE(chunk->atomic, 0);
  ASSERT_EQ(neve_array_size(chunk, LOC), 3);
  EXPECT_EQ(static_cast<unsigned char *>(neve_array_at(chunk, 0, LOC))[11], 4);
  neve_array *strided = neve_array_split_stride(tuples, 0, 3); // 0, 3, 6
  ASSERT_EQ(neve_array_size(strided, LOC), 3);
  EXPECT_EQ(static_cast<unsigned char *>(neve_array_at(strided, 2, LOC))[0], 6);

  // Writing to a share leaves the original alone.
  neve_array *xs = range(4);
  neve_array *first = neve_array_split_chunk(xs, 0, 2);
  int32_t v = 99;
  std::memcpy(neve_array_at(first, 0, LOC), &v, 4);
  EXPECT_EQ(ints(xs), V({0, 1, 2, 3}));
}

class RuntimeSplitDeathTest : public neve_test::ThreadsafeDeathTest {};

TEST_F(RuntimeSplitDeathTest, NilArrayIsAnError) {
  EXPECT_EXIT(neve_array_split_chunk(nullptr, 0, 2), testing::ExitedWithCode(1),
              "runtime error: member access through nil");
  EXPECT_EXIT(neve_array_split_stride(nullptr, 0, 2),
              testing::ExitedWithCode(1),
              "runtime error: member access through nil");
}

} // namespace
