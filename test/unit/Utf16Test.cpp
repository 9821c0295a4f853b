//===- Utf16Test.cpp - LSP positions in UTF-16 code units -----------------===//
//
// lib/Lsp/Utf16.cpp: UTF-16 lengths of UTF-8 text (one unit for the BMP,
// two above it, one per byte of invalid UTF-8) and back from a UTF-16
// column to a byte offset, clamped to the line and never inside a
// character.
//
//===----------------------------------------------------------------------===//

#include "neve/Lsp/Utf16.h"

#include <gtest/gtest.h>

using namespace neve::lsp;

TEST(Utf16, Lengths) {
  EXPECT_EQ(utf16Length(""), 0u);
  EXPECT_EQ(utf16Length("abc"), 3u);
  EXPECT_EQ(utf16Length("\xC3\xA9"), 1u);         // é: 2 bytes, 1 unit
  EXPECT_EQ(utf16Length("\xE2\x82\xAC"), 1u);     // €: 3 bytes, 1 unit
  EXPECT_EQ(utf16Length("\xF0\x9F\x98\x80"), 2u); // 😀: 4 bytes, 2 units
  EXPECT_EQ(utf16Length("a\xC3\xA9\xF0\x9F\x98\x80z"), 5u);
}

TEST(Utf16, InvalidBytesCountOneEach) {
  EXPECT_EQ(utf16Length("\xFF\xFE"), 2u);
  EXPECT_EQ(utf16Length("\xC3"), 1u);          // cut short
  EXPECT_EQ(utf16Length("\xF0\x9F\x98"), 3u);  // cut short: three bytes
  EXPECT_EQ(utf16Length("\xC3" "a"), 2u);      // not a continuation byte
}

TEST(Utf16, ByteOffsets) {
  const char *line = "a\xC3\xA9\xF0\x9F\x98\x80z"; // a é 😀 z
  EXPECT_EQ(byteOffsetOfUtf16(line, 0), 0u);
  EXPECT_EQ(byteOffsetOfUtf16(line, 1), 1u);  // before é
  EXPECT_EQ(byteOffsetOfUtf16(line, 2), 3u);  // before 😀
  EXPECT_EQ(byteOffsetOfUtf16(line, 3), 3u);  // inside 😀: its start
  EXPECT_EQ(byteOffsetOfUtf16(line, 4), 7u);  // before z
  EXPECT_EQ(byteOffsetOfUtf16(line, 5), 8u);  // the end
  EXPECT_EQ(byteOffsetOfUtf16(line, 99), 8u); // clamped
  EXPECT_EQ(byteOffsetOfUtf16("", 3), 0u);
}
