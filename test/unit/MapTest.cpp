//===- MapTest.cpp - Runtime map<K, V> tests --------------------*- C++ -*-===//
//
// Unit tests of lib/Runtime/Core/Map.cpp (language reference §4.2, §7,
// §11.6): every key kind, float and str key equality, missing keys,
// get_or_insert, keys()/values() order, many inserts, clear, nil maps.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

using neve_test::ThreadsafeDeathTest;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "m.nv", 3, 4

template <typename V> void set(neve_map *m, int64_t key, V v) {
  neve_map_set(m, key, &v, LOC);
}

template <typename V> V get(neve_map *m, int64_t key) {
  V v;
  std::memcpy(&v, neve_map_get(m, key, LOC), sizeof(V));
  return v;
}

bool has(neve_map *m, int64_t key) { return neve_map_has(m, key, LOC); }
int64_t size(neve_map *m) { return neve_map_size(m, LOC); }

int64_t strKey(const char *s) { return neve_map_key_ptr(neve_str_from_cstr(s)); }

template <typename T> std::vector<T> contents(neve_array *a) {
  std::vector<T> out(static_cast<size_t>(neve_array_size(a, LOC)));
  if (!out.empty())
    std::memcpy(out.data(), a->data, out.size() * sizeof(T));
  return out;
}

TEST(RuntimeMap, IntKeys) {
  neve_map *m = neve_map_new(NEVE_KEY_I32, 4);
  EXPECT_EQ(size(m), 0);
  EXPECT_FALSE(has(m, 1));
  set<int32_t>(m, 1, 10);
  set<int32_t>(m, -7, 70);
  set<int32_t>(m, 0, 5);
  EXPECT_EQ(size(m), 3);
  EXPECT_EQ(get<int32_t>(m, 1), 10);
  EXPECT_EQ(get<int32_t>(m, -7), 70);
  EXPECT_EQ(get<int32_t>(m, 0), 5);
  EXPECT_FALSE(has(m, 2));
  set<int32_t>(m, 1, 11); // overwrite, no new entry
  EXPECT_EQ(get<int32_t>(m, 1), 11);
  EXPECT_EQ(size(m), 3);
  // A key is compared as K: -1 sign- or zero-extended is the same int key.
  EXPECT_TRUE(has(m, int64_t(0xFFFFFFF9)));
}

TEST(RuntimeMap, NarrowIntegerBoolAndCharKeys) {
  neve_map *i8 = neve_map_new(NEVE_KEY_I8, 8);
  set<int64_t>(i8, -128, 1);
  set<int64_t>(i8, 127, 2);
  EXPECT_EQ(get<int64_t>(i8, -128), 1);
  EXPECT_EQ(get<int64_t>(i8, 0x80), 1); // low 8 bits
  EXPECT_EQ(size(i8), 2);

  neve_map *i64 = neve_map_new(NEVE_KEY_I64, 8);
  set<int64_t>(i64, INT64_MIN, 1);
  set<int64_t>(i64, int64_t(1) << 40, 2);
  EXPECT_FALSE(has(i64, 0));
  EXPECT_EQ(get<int64_t>(i64, INT64_MIN), 1);
  EXPECT_EQ(get<int64_t>(i64, int64_t(1) << 40), 2);

  neve_map *b = neve_map_new(NEVE_KEY_BOOL, 4);
  set<int32_t>(b, true, 1);
  set<int32_t>(b, false, 2);
  EXPECT_EQ(get<int32_t>(b, 1), 1);
  EXPECT_EQ(get<int32_t>(b, 0), 2);
  EXPECT_EQ(size(b), 2);

  neve_map *c = neve_map_new(NEVE_KEY_CHAR, 4);
  set<int32_t>(c, 'a', 1);
  set<int32_t>(c, 'b', 2);
  EXPECT_EQ(get<int32_t>(c, 'a'), 1);
  EXPECT_FALSE(has(c, 'c'));
}

TEST(RuntimeMap, FloatKeys) {
  neve_map *m = neve_map_new(NEVE_KEY_F32, 4);
  set<int32_t>(m, neve_map_key_f32(1.5f), 1);
  set<int32_t>(m, neve_map_key_f32(0.0f), 2);
  EXPECT_EQ(get<int32_t>(m, neve_map_key_f32(1.5f)), 1);
  // +0.0 and -0.0 are one key.
  EXPECT_TRUE(has(m, neve_map_key_f32(-0.0f)));
  set<int32_t>(m, neve_map_key_f32(-0.0f), 3);
  EXPECT_EQ(get<int32_t>(m, neve_map_key_f32(0.0f)), 3);
  EXPECT_EQ(size(m), 2);
  // A NaN key never equals anything, itself included.
  EXPECT_FALSE(has(m, neve_map_key_f32(NAN)));
  set<int32_t>(m, neve_map_key_f32(NAN), 4);
  set<int32_t>(m, neve_map_key_f32(NAN), 5);
  EXPECT_EQ(size(m), 4);
  EXPECT_FALSE(has(m, neve_map_key_f32(NAN)));
  EXPECT_FALSE(has(m, neve_map_key_f32(1.5000001f)));
  EXPECT_TRUE(has(m, neve_map_key_f32(1.5f)));
  // The keys array holds floats.
  std::vector<float> keys = contents<float>(neve_map_keys(m, LOC));
  ASSERT_EQ(keys.size(), 4u);
  EXPECT_EQ(keys[0], 1.5f);
  EXPECT_EQ(keys[1], 0.0f);
  EXPECT_TRUE(std::isnan(keys[2]));
}

TEST(RuntimeMap, StrKeysCompareByContent) {
  neve_map *m = neve_map_new(NEVE_KEY_STR, 8);
  neve_str *a1 = neve_str_from_cstr("alpha");
  neve_str *a2 = neve_str_from_cstr("alpha");
  ASSERT_NE(a1, a2);
  set<int64_t>(m, neve_map_key_ptr(a1), 1);
  EXPECT_TRUE(has(m, neve_map_key_ptr(a2)));
  set<int64_t>(m, neve_map_key_ptr(a2), 2);
  EXPECT_EQ(size(m), 1);
  EXPECT_EQ(get<int64_t>(m, neve_map_key_ptr(a1)), 2);
  EXPECT_FALSE(has(m, strKey("alph")));
  EXPECT_FALSE(has(m, strKey("alphaa")));
  // "" and nil are different keys; nil equals nil.
  set<int64_t>(m, strKey(""), 3);
  EXPECT_FALSE(has(m, 0));
  set<int64_t>(m, 0, 4);
  EXPECT_EQ(get<int64_t>(m, 0), 4);
  EXPECT_EQ(get<int64_t>(m, strKey("")), 3);
  EXPECT_EQ(size(m), 3);
  // Embedded NUL bytes count.
  neve_str *withNul = neve_str_concat(neve_str_from_cstr("a"),
                                      neve_str_from_char(0));
  EXPECT_FALSE(has(m, neve_map_key_ptr(withNul)));
  set<int64_t>(m, neve_map_key_ptr(withNul), 5);
  EXPECT_EQ(get<int64_t>(m, strKey("alpha")), 2);
  EXPECT_FALSE(has(m, strKey("a")));
}

TEST(RuntimeMap, ClassKeysUseIdentity) {
  neve_map *m = neve_map_new(NEVE_KEY_PTR, 4);
  neve_str *a1 = neve_str_from_cstr("same");
  neve_str *a2 = neve_str_from_cstr("same");
  set<int32_t>(m, neve_map_key_ptr(a1), 1);
  EXPECT_FALSE(has(m, neve_map_key_ptr(a2)));
  set<int32_t>(m, neve_map_key_ptr(a2), 2);
  EXPECT_EQ(size(m), 2);
  EXPECT_EQ(get<int32_t>(m, neve_map_key_ptr(a1)), 1);
  EXPECT_EQ(get<int32_t>(m, neve_map_key_ptr(a2)), 2);
  std::vector<neve_str *> keys = contents<neve_str *>(neve_map_keys(m, LOC));
  EXPECT_EQ(keys, (std::vector<neve_str *>{a1, a2}));
}

TEST(RuntimeMap, GetOrInsertZeroFills) {
  neve_map *m = neve_map_new(NEVE_KEY_I32, 24);
  auto *slot = static_cast<unsigned char *>(
      neve_map_get_or_insert(m, 9, LOC));
  for (int i = 0; i < 24; ++i)
    EXPECT_EQ(slot[i], 0);
  EXPECT_EQ(size(m), 1);
  slot[0] = 42;
  EXPECT_EQ(neve_map_get_or_insert(m, 9, LOC), slot);
  EXPECT_EQ(size(m), 1);
  EXPECT_EQ(static_cast<unsigned char *>(neve_map_get(m, 9, LOC))[0], 42);

  // The container case: m[k].append(x) on a missing k.
  neve_map *deps = neve_map_new(NEVE_KEY_STR, sizeof(void *));
  for (const char *dep : {"x", "y", "x", "x"}) {
    auto **arr = static_cast<neve_array **>(
        neve_map_get_or_insert(deps, strKey(dep), LOC));
    if (!*arr)
      *arr = neve_array_new(4, 0);
    int32_t one = 1;
    neve_array_append(*arr, &one, LOC);
  }
  EXPECT_EQ(neve_array_size(get<neve_array *>(deps, strKey("x")), LOC), 3);
  EXPECT_EQ(neve_array_size(get<neve_array *>(deps, strKey("y")), LOC), 1);
}

TEST(RuntimeMap, KeysAndValuesInMatchingOrder) {
  neve_map *m = neve_map_new(NEVE_KEY_I64, 8);
  std::set<int64_t> inserted;
  for (int64_t i = 0; i < 1000; ++i) {
    int64_t k = (i * 7919) % 1009 - 500;
    set<int64_t>(m, k, k * k + 1);
    inserted.insert(k);
  }
  neve_array *keys = neve_map_keys(m, LOC);
  neve_array *values = neve_map_values(m, LOC);
  EXPECT_EQ(keys->elem_size, 8);
  EXPECT_EQ(values->elem_size, 8);
  std::vector<int64_t> ks = contents<int64_t>(keys);
  std::vector<int64_t> vs = contents<int64_t>(values);
  ASSERT_EQ(ks.size(), inserted.size());
  ASSERT_EQ(vs.size(), inserted.size());
  for (size_t i = 0; i < ks.size(); ++i)
    EXPECT_EQ(vs[i], ks[i] * ks[i] + 1);
  EXPECT_EQ(std::set<int64_t>(ks.begin(), ks.end()), inserted);

  // Keys narrow to K's size.
  neve_map *small = neve_map_new(NEVE_KEY_I16, 1);
  set<int8_t>(small, -3, 'a');
  set<int8_t>(small, 300, 'b');
  EXPECT_EQ(contents<int16_t>(neve_map_keys(small, LOC)),
            (std::vector<int16_t>{-3, 300}));
  EXPECT_EQ(contents<int8_t>(neve_map_values(small, LOC)),
            (std::vector<int8_t>{'a', 'b'}));
  neve_map *bools = neve_map_new(NEVE_KEY_BOOL, 4);
  set<int32_t>(bools, 1, 0);
  EXPECT_EQ(neve_map_keys(bools, LOC)->elem_size, 1);
  EXPECT_EQ(contents<uint8_t>(neve_map_keys(bools, LOC)),
            std::vector<uint8_t>{1});

  // An empty map gives empty arrays.
  neve_map *empty = neve_map_new(NEVE_KEY_I32, 4);
  EXPECT_EQ(neve_array_size(neve_map_keys(empty, LOC), LOC), 0);
  EXPECT_EQ(neve_array_size(neve_map_values(empty, LOC), LOC), 0);
}

TEST(RuntimeMap, HundredThousandInserts) {
  neve_map *m = neve_map_new(NEVE_KEY_I32, 4);
  const int32_t n = 100000;
  for (int32_t i = 0; i < n; ++i)
    set<int32_t>(m, i * 31 - 7, i);
  ASSERT_EQ(size(m), n);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(get<int32_t>(m, i * 31 - 7), i);
  EXPECT_FALSE(has(m, n * 31));

  // str keys reachable only through the map survive collections.
  neve_map *s = neve_map_new(NEVE_KEY_STR, 4);
  for (int32_t i = 0; i < n; ++i)
    set<int32_t>(s, neve_map_key_ptr(neve_str_from_i64(i)), i);
  GC_gcollect();
  for (int i = 0; i < 20000; ++i)
    neve_str_from_cstr("garbage garbage garbage");
  ASSERT_EQ(size(s), n);
  for (int32_t i = 0; i < n; i += 7)
    ASSERT_EQ(get<int32_t>(s, neve_map_key_ptr(neve_str_from_i64(i))), i);
  std::vector<neve_str *> keys = contents<neve_str *>(neve_map_keys(s, LOC));
  std::vector<int32_t> values = contents<int32_t>(neve_map_values(s, LOC));
  for (size_t i = 0; i < keys.size(); ++i)
    ASSERT_EQ(std::string(keys[i]->data, keys[i]->size),
              std::to_string(values[i]));
}

TEST(RuntimeMap, Clear) {
  neve_map *m = neve_map_new(NEVE_KEY_STR, 4);
  for (int i = 0; i < 100; ++i)
    set<int32_t>(m, neve_map_key_ptr(neve_str_from_i64(i)), i);
  neve_map_clear(m, LOC);
  EXPECT_EQ(size(m), 0);
  EXPECT_FALSE(has(m, strKey("5")));
  EXPECT_EQ(neve_array_size(neve_map_keys(m, LOC), LOC), 0);
  set<int32_t>(m, strKey("5"), 55);
  EXPECT_EQ(get<int32_t>(m, strKey("5")), 55);
  EXPECT_EQ(size(m), 1);
  neve_map_clear(m, LOC);
  neve_map_clear(m, LOC);
  EXPECT_EQ(size(m), 0);
}

TEST(RuntimeMap, SetFromOwnSlotSurvivesGrowth) {
  neve_map *m = neve_map_new(NEVE_KEY_I32, 8);
  for (int i = 0; i < 8; ++i)
    set<int64_t>(m, i, 100 + i);
  // The 9th insert grows the storage while the value points into it.
  neve_map_set(m, 8, neve_map_get(m, 3, LOC), LOC);
  EXPECT_EQ(get<int64_t>(m, 8), 103);
}

using RuntimeMapDeathTest = ThreadsafeDeathTest;

TEST_F(RuntimeMapDeathTest, MissingKeyNamesTheKey) {
  neve_map *ints = neve_map_new(NEVE_KEY_I32, 4);
  set<int32_t>(ints, 1, 1);
  EXPECT_EXIT(neve_map_get(ints, 42, "k.nv", 7, 9), testing::ExitedWithCode(1),
              "^k\\.nv:7:9: runtime error: missing map key 42\n$");
  EXPECT_EXIT(neve_map_get(ints, -5, "k.nv", 7, 9), testing::ExitedWithCode(1),
              "missing map key -5\n$");
  neve_map *strs = neve_map_new(NEVE_KEY_STR, 4);
  EXPECT_EXIT(neve_map_get(strs, strKey("abc"), "k.nv", 1, 1),
              testing::ExitedWithCode(1),
              "^k\\.nv:1:1: runtime error: missing map key \"abc\"\n$");
  EXPECT_EXIT(neve_map_get(strs, 0, "k.nv", 1, 1), testing::ExitedWithCode(1),
              "missing map key nil\n$");
  neve_map *floats = neve_map_new(NEVE_KEY_F32, 4);
  EXPECT_EXIT(neve_map_get(floats, neve_map_key_f32(2.5f), "k.nv", 1, 1),
              testing::ExitedWithCode(1), "missing map key 2\\.5\n$");
  EXPECT_EXIT(neve_map_get(floats, neve_map_key_f32(NAN), "k.nv", 1, 1),
              testing::ExitedWithCode(1), "missing map key nan\n$");
  neve_map *bools = neve_map_new(NEVE_KEY_BOOL, 4);
  EXPECT_EXIT(neve_map_get(bools, 1, "k.nv", 1, 1), testing::ExitedWithCode(1),
              "missing map key true\n$");
  neve_map *chars = neve_map_new(NEVE_KEY_CHAR, 4);
  EXPECT_EXIT(neve_map_get(chars, 'z', "k.nv", 1, 1),
              testing::ExitedWithCode(1), "missing map key 'z'\n$");
  neve_map *objs = neve_map_new(NEVE_KEY_PTR, 4);
  EXPECT_EXIT(neve_map_get(objs, strKey("o"), "k.nv", 1, 1),
              testing::ExitedWithCode(1), "missing map key <object 0x[0-9a-f]+>\n$");
}

TEST_F(RuntimeMapDeathTest, NilMapIsMemberAccessThroughNil) {
  const char *msg = "^n\\.nv:2:5: runtime error: member access through nil\n$";
  neve_map *nil = nullptr;
  int32_t v = 0;
  EXPECT_EXIT(neve_map_get(nil, 1, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_map_get_or_insert(nil, 1, "n.nv", 2, 5),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_map_set(nil, 1, &v, "n.nv", 2, 5),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_map_has(nil, 1, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_map_size(nil, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_map_clear(nil, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_map_keys(nil, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
  EXPECT_EXIT(neve_map_values(nil, "n.nv", 2, 5), testing::ExitedWithCode(1),
              msg);
}

TEST(RuntimeMap, ContainerValuesAreMadeOnRead) {
  // map<str, array<int>>: a missing key gets a new empty array, stored.
  neve_map *m = neve_map_new(NEVE_KEY_STR, 8);
  neve_array *a = neve_map_get_array(m, strKey("x"), 4, true, LOC);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(neve_array_size(a, LOC), 0);
  EXPECT_EQ(a->elem_size, 4);
  EXPECT_NE(a->atomic, 0);
  EXPECT_EQ(size(m), 1);
  int32_t v = 5;
  neve_array_append(a, &v, LOC);
  EXPECT_EQ(neve_map_get_array(m, strKey("x"), 4, true, LOC), a);
  EXPECT_EQ(size(m), 1);
  neve_array *b = neve_map_get_array(m, strKey("y"), 8, false, LOC);
  EXPECT_NE(b, a);
  EXPECT_EQ(b->atomic, 0);
  EXPECT_EQ(size(m), 2);
  // A stored nil is replaced too; a stored array is kept.
  neve_array *nil = nullptr;
  set<neve_array *>(m, strKey("x"), nil);
  neve_array *c = neve_map_get_array(m, strKey("x"), 4, true, LOC);
  EXPECT_NE(c, nullptr);
  EXPECT_NE(c, a);
  EXPECT_EQ(neve_array_size(c, LOC), 0);

  // map<int, map<char, float>>.
  neve_map *mm = neve_map_new(NEVE_KEY_I32, 8);
  neve_map *inner = neve_map_get_map(mm, 3, NEVE_KEY_CHAR, 4, LOC);
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(size(inner), 0);
  set<float>(inner, 'q', 1.5f);
  EXPECT_EQ(neve_map_get_map(mm, 3, NEVE_KEY_CHAR, 4, LOC), inner);
  EXPECT_EQ(get<float>(neve_map_get_map(mm, 3, NEVE_KEY_CHAR, 4, LOC), 'q'),
            1.5f);
  EXPECT_EQ(size(mm), 1);
}

TEST_F(RuntimeMapDeathTest, ContainerReadsCheckTheMap) {
  const char *msg = "^n\\.nv:2:5: runtime error: member access through nil\n$";
  neve_map *nil = nullptr;
  EXPECT_EXIT(neve_map_get_array(nil, 1, 4, true, "n.nv", 2, 5),
              testing::ExitedWithCode(1), msg);
  EXPECT_EXIT(neve_map_get_map(nil, 1, NEVE_KEY_I32, 4, "n.nv", 2, 5),
              testing::ExitedWithCode(1), msg);
  neve_map *ints = neve_map_new(NEVE_KEY_I32, 4);
  EXPECT_EXIT(neve_map_get_array(ints, 1, 4, true, "n.nv", 2, 5),
              testing::ExitedWithCode(1), "values of this map are not containers");
}

} // namespace
