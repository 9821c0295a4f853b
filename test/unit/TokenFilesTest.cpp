//===- TokenFilesTest.cpp - Text, token and window-order files --*- C++ -*-===//
//
// Unit tests of lib/Runtime/Frost/TextFiles.cpp, TokenFiles.cpp and
// TokenFileFormat.{h,cpp}: whole files as strings (any bytes), str_join,
// token files (llm.c's header, uint16 ids) and window-order files, written
// and read back, and every refusal: each names the file in the error array
// and returns nil/false, leaving the report to the Neve caller.
//
//===----------------------------------------------------------------------===//

#include "FrostTestSupport.h"
#include "TokenFileFormat.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace neve_test;
using namespace neve_rt::tokens;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

neve_array *strArray() { return neve_array_new(8, 0); }
neve_array *intArray(const std::vector<int32_t> &xs) {
  neve_array *a = neve_array_new_atomic(4, int64_t(xs.size()));
  for (size_t i = 0; i < xs.size(); ++i)
    static_cast<int32_t *>(a->data)[i] = xs[i];
  return a;
}
std::string firstError(const neve_array *err) {
  if (err->size == 0)
    return "";
  const neve_str *s = static_cast<neve_str *const *>(err->data)[0];
  return std::string(s->data, size_t(s->size));
}
std::string text(const neve_str *s) {
  return std::string(s->data, size_t(s->size));
}

TEST(TextFiles, ReadsEveryByte) {
  Bytes bytes = {'a', 0, 0xFF, 0xFE, '\r', '\n', 0xC3};
  std::string path = tempFile("bytes.txt", bytes);
  neve_array *err = strArray();
  neve_str *s = text_file_read(neve_context(), S(path), err);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(err->size, 0);
  EXPECT_EQ(s->size, 7);
  EXPECT_EQ(std::vector<uint8_t>(s->data, s->data + 7), bytes);
  EXPECT_EQ(s->data[7], '\0');
}

TEST(TextFiles, ReadsAnEmptyFile) {
  std::string path = tempFile("empty.txt", {});
  neve_array *err = strArray();
  neve_str *s = text_file_read(neve_context(), S(path), err);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->size, 0);
}

TEST(TextFiles, MissingFileIsNamed) {
  std::string path = tempDir() + "/no-such-file.txt";
  neve_array *err = strArray();
  EXPECT_EQ(text_file_read(neve_context(), S(path), err), nullptr);
  EXPECT_EQ(firstError(err), path + ": cannot open: No such file or directory");
}

TEST(TextFiles, ADirectoryIsRefused) {
  neve_array *err = strArray();
  EXPECT_EQ(text_file_read(neve_context(), S(tempDir()), err), nullptr);
  EXPECT_NE(firstError(err).find("not a regular file"), std::string::npos);
}

TEST(TextFiles, WritesAndReadsBack) {
  std::string path = tempDir() + "/written.txt";
  neve_array *err = strArray();
  std::string data("x\0y\xff", 4);
  neve_str *in = static_cast<neve_str *>(GC_MALLOC_ATOMIC(sizeof(neve_str) + 5));
  in->size = 4;
  std::memcpy(in->data, data.data(), 4);
  in->data[4] = 0;
  ASSERT_TRUE(text_file_write(neve_context(), S(path), in, err));
  neve_str *back = text_file_read(neve_context(), S(path), err);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(text(back), data);
}

TEST(TextFiles, AnUnwritablePathIsNamed) {
  std::string path = tempDir() + "/no-dir/out.txt";
  neve_array *err = strArray();
  EXPECT_FALSE(text_file_write(neve_context(), S(path), S("x"), err));
  EXPECT_NE(firstError(err).find(path + ": cannot open"), std::string::npos);
}

TEST(TextFiles, JoinConcatenatesInOrder) {
  neve_array *parts = strArray();
  for (const char *p : {"ab", "", "c", "def"}) {
    neve_str *s = S(p);
    neve_array_append(parts, &s, "t", 0, 0);
  }
  EXPECT_EQ(text(str_join(neve_context(), parts)), "abcdef");
  EXPECT_EQ(text(str_join(neve_context(), strArray())), "");
}

TEST(TokenFileFormat, HeaderRoundTrips) {
  std::vector<uint8_t> h = tokenHeader(3);
  ASSERT_EQ(h.size(), kTokenHeaderBytes);
  EXPECT_EQ(readLE32(h.data()), 20240520);
  EXPECT_EQ(readLE32(h.data() + 4), 1);
  int64_t n = -1;
  std::string error;
  EXPECT_TRUE(parseTokenHeader(h.data(), kTokenHeaderBytes + 6, n, error));
  EXPECT_EQ(n, 3);
}

TEST(TokenFileFormat, RefusesBadHeaders) {
  std::vector<uint8_t> h = tokenHeader(3);
  int64_t n;
  std::string error;
  EXPECT_FALSE(parseTokenHeader(h.data(), kTokenHeaderBytes + 4, n, error));
  EXPECT_NE(error.find("announces 3 tokens (1030 bytes)"), std::string::npos);
  EXPECT_FALSE(parseTokenHeader(h.data(), 100, n, error));
  EXPECT_NE(error.find("less than the 1024-byte header"), std::string::npos);
  h[0] ^= 1;
  EXPECT_FALSE(parseTokenHeader(h.data(), kTokenHeaderBytes + 6, n, error));
  EXPECT_NE(error.find("not a token file"), std::string::npos);
  h = tokenHeader(3);
  h[4] = 2;
  EXPECT_FALSE(parseTokenHeader(h.data(), kTokenHeaderBytes + 6, n, error));
  EXPECT_NE(error.find("version 2"), std::string::npos);
  h = tokenHeader(-1);
  EXPECT_FALSE(parseTokenHeader(h.data(), kTokenHeaderBytes, n, error));
}

TEST(TokenFiles, WriteThenMapGivesTheIds) {
  std::string path = tempDir() + "/ids.bin";
  neve_array *err = strArray();
  ASSERT_TRUE(token_file_write(neve_context(), S(path),
                               intArray({0, 1, 50256, 65535, 7}), err));
  EXPECT_EQ(file_size(neve_context(), S(path)), 1024 + 10);
  neve_array *info = intArray({});
  int16_t *p = token_file_map(neve_context(), S(path), info, err);
  ASSERT_NE(p, nullptr) << firstError(err);
  EXPECT_EQ(ints(info), (std::vector<int32_t>{5}));
  std::vector<int32_t> ids;
  for (int i = 0; i < 5; ++i)
    ids.push_back(uint16_t(p[i]));
  EXPECT_EQ(ids, (std::vector<int32_t>{0, 1, 50256, 65535, 7}));
}

TEST(TokenFiles, AnIdOver16BitsIsRefused) {
  std::string path = tempDir() + "/wide.bin";
  neve_array *err = strArray();
  EXPECT_FALSE(token_file_write(neve_context(), S(path),
                                intArray({1, 70000}), err));
  EXPECT_EQ(firstError(err),
            path + ": token 70000 at position 1 does not fit in 16 bits");
  neve_array *err2 = strArray();
  EXPECT_FALSE(
      token_file_write(neve_context(), S(path), intArray({-1}), err2));
}

TEST(TokenFiles, MapRefusesMissingAndMalformedFiles) {
  neve_array *err = strArray();
  std::string missing = tempDir() + "/missing.bin";
  EXPECT_EQ(token_file_map(neve_context(), S(missing), intArray({}), err),
            nullptr);
  EXPECT_EQ(firstError(err),
            missing + ": cannot open: No such file or directory");
  std::vector<uint8_t> h = tokenHeader(4);
  h.push_back(1); // 1 byte of 8
  std::string truncated = tempFile("truncated.bin", h);
  neve_array *err2 = strArray();
  EXPECT_EQ(token_file_map(neve_context(), S(truncated), intArray({}), err2),
            nullptr);
  EXPECT_NE(firstError(err2).find(truncated + ": the header announces 4"),
            std::string::npos);
  std::string tiny = tempFile("tiny.bin", {1, 2, 3});
  neve_array *err3 = strArray();
  EXPECT_EQ(token_file_map(neve_context(), S(tiny), intArray({}), err3),
            nullptr);
  EXPECT_NE(firstError(err3).find("less than the 1024-byte header"),
            std::string::npos);
}

TEST(OrderFiles, WriteThenReadRoundTrips) {
  std::string path = tempDir() + "/order.idx";
  neve_array *err = strArray();
  ASSERT_TRUE(order_file_write(neve_context(), S(path),
                               intArray({2, 8, 3, 42, 100, 12}),
                               intArray({0, 8, 16, 24, 32, 40}), err));
  EXPECT_EQ(file_size(neve_context(), S(path)), 64 + 24);
  neve_array *header = intArray({});
  neve_array *offsets = order_file_read(neve_context(), S(path), header, err);
  ASSERT_NE(offsets, nullptr) << firstError(err);
  EXPECT_EQ(ints(header), (std::vector<int32_t>{2, 8, 3, 42, 100, 12}));
  EXPECT_EQ(ints(offsets), (std::vector<int32_t>{0, 8, 16, 24, 32, 40}));
}

TEST(OrderFiles, RefusesMismatchedCountsAndBadFiles) {
  std::string path = tempDir() + "/bad-order.idx";
  neve_array *err = strArray();
  EXPECT_FALSE(order_file_write(neve_context(), S(path),
                                intArray({2, 8, 3, 0, 100, 12}),
                                intArray({0, 8}), err));
  EXPECT_EQ(firstError(err), path + ": 2 offsets for 3 steps of 2 rows");
  OrderHeader h;
  h.batch = 2;
  h.seq = 4;
  h.steps = 1;
  std::vector<uint8_t> bytes = orderHeader(h);
  appendLE32(bytes, 0); // one offset of two
  std::string shortFile = tempFile("short.idx", bytes);
  neve_array *err2 = strArray();
  EXPECT_EQ(order_file_read(neve_context(), S(shortFile), intArray({}), err2),
            nullptr);
  EXPECT_NE(firstError(err2).find("announces 1 steps of 2 rows (72 bytes)"),
            std::string::npos);
  std::string notOrder = tempFile("not-order.idx", tokenHeader(0));
  neve_array *err3 = strArray();
  EXPECT_EQ(order_file_read(neve_context(), S(notOrder), intArray({}), err3),
            nullptr);
  EXPECT_NE(firstError(err3).find("not a window-order file"),
            std::string::npos);
}

} // namespace
