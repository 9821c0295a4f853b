//===- AnyTest.cpp - Runtime `any` box tests --------------------*- C++ -*-===//
//
// Unit tests of lib/Runtime/Core/Any.cpp (language reference §4.5, §4.7):
// boxing keeps the value and its dynamic type, nil is not boxed, unboxing to
// the same type (by name content) gives the value back, to another type is a
// located runtime error naming both, and `==` compares the held values.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <string>

namespace {

using neve_test::ThreadsafeDeathTest;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

#define LOC "a.nv", 5, 7

TEST(RuntimeAny, BoxKeepsValueAndType) {
  neve_str *s = neve_str_from_cstr("hello");
  neve_any *a = neve_any_box("str", s);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->value, s);
  EXPECT_STREQ(neve_any_type_name(a), "str");
  EXPECT_EQ(neve_any_unbox(a, "str", LOC), s);
}

TEST(RuntimeAny, NilIsNotBoxed) {
  EXPECT_EQ(neve_any_box("array<int>", nullptr), nullptr);
  EXPECT_EQ(neve_any_unbox(nullptr, "array<int>", LOC), nullptr);
  EXPECT_STREQ(neve_any_type_name(nullptr), "nil");
}

TEST(RuntimeAny, TypeNamesCompareByContent) {
  int object = 0;
  // Two copies of the same name, as two modules would have.
  std::string name1 = "Node", name2 = "Node";
  neve_any *a = neve_any_box(name1.c_str(), &object);
  EXPECT_EQ(neve_any_unbox(a, name2.c_str(), LOC), &object);
}

TEST(RuntimeAny, SameComparesHeldValues) {
  int x = 0, y = 0;
  neve_any *a = neve_any_box("Node", &x);
  neve_any *b = neve_any_box("Node", &x);
  neve_any *c = neve_any_box("Node", &y);
  neve_any *d = neve_any_box("Leaf", &x);
  EXPECT_NE(a, b); // two boxes...
  EXPECT_TRUE(neve_any_same(a, b)); // ...of the same object
  EXPECT_FALSE(neve_any_same(a, c));
  EXPECT_FALSE(neve_any_same(a, d));
  EXPECT_FALSE(neve_any_same(a, nullptr));
  EXPECT_FALSE(neve_any_same(nullptr, a));
  EXPECT_TRUE(neve_any_same(nullptr, nullptr));
}

TEST(RuntimeAny, BoxSurvivesCollection) {
  neve_any *a = neve_any_box("str", neve_str_from_cstr("kept"));
  GC_gcollect();
  EXPECT_STREQ(static_cast<neve_str *>(neve_any_unbox(a, "str", LOC))->data,
               "kept");
}

using RuntimeAnyDeathTest = ThreadsafeDeathTest;

TEST_F(RuntimeAnyDeathTest, WrongTypeNamesBothTypes) {
  neve_any *a = neve_any_box("array<int>", neve_str_from_cstr("x"));
  EXPECT_EXIT(neve_any_unbox(a, "array<str>", "w.nv", 12, 3),
              testing::ExitedWithCode(1),
              "w.nv:12:3: runtime error: cannot convert any holding "
              "array<int> to array<str>");
}

} // namespace
