//===- FrostNativesTest.cpp - Frost's native layer tests --------*- C++ -*-===//
//
// Unit tests of lib/Runtime/Frost: IDX and CIFAR-10 readers, PNG load and
// save, safetensors save/read/names, bf16 host buffers, env_or,
// note_stderr. Called with
// the C ABI of §3.8 (the runtime context first); files go to a fresh
// temporary directory. Buffers the natives write into come from
// cumalloc_host, as in programs: the natives check their room with the
// runtime (FrostLimitsTest.cpp tests the refusals).
//
//===----------------------------------------------------------------------===//

#include "FrostTestSupport.h"

#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace neve_test;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

TEST(FrostIdx, ReadsPlainUbyteImages) {
  std::string path = tempDir() + "/img.idx";
  writeFile(path, idxBytes(0x08, {2, 2, 3}, {0, 1, 2, 3, 4, 5, 250, 251, 252,
                                            253, 254, 255}));
  neve_array *dims = neve_array_new_atomic(4, 0);
  float *x = idx_read(neve_context(), S(path), dims);
  EXPECT_EQ(ints(dims), (std::vector<int32_t>{2, 2, 3}));
  EXPECT_EQ(x[0], 0.0f);
  EXPECT_EQ(x[5], 5.0f);
  EXPECT_EQ(x[11], 255.0f);
  std::free(x);
}

TEST(FrostIdx, ReadsGzipAndWiderTypes) {
  std::string path = tempDir() + "/labels.idx.gz";
  // i16 big-endian: -2, 300
  std::vector<uint8_t> raw = idxBytes(0x0B, {2}, {0xFF, 0xFE, 0x01, 0x2C});
  gzFile f = gzopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  gzwrite(f, raw.data(), unsigned(raw.size()));
  gzclose(f);
  neve_array *dims = neve_array_new_atomic(4, 0);
  float *x = idx_read(neve_context(), S(path), dims);
  EXPECT_EQ(ints(dims), (std::vector<int32_t>{2}));
  EXPECT_EQ(x[0], -2.0f);
  EXPECT_EQ(x[1], 300.0f);
  std::free(x);
}

TEST(FrostIdx, ErrorsNameTheFileAndTheProblem) {
  std::string bad = tempDir() + "/bad.idx";
  writeFile(bad, {1, 2, 3, 4, 5});
  std::string shortFile = tempDir() + "/short.idx";
  writeFile(shortFile, idxBytes(0x08, {4, 4}, {1, 2, 3}));
  neve_array *dims = neve_array_new_atomic(4, 0);
  EXPECT_EXIT(idx_read(neve_context(), S(bad), dims),
              testing::ExitedWithCode(1), "idx_read: .*bad.idx: not an IDX");
  EXPECT_EXIT(idx_read(neve_context(), S(shortFile), dims),
              testing::ExitedWithCode(1), "short.idx: truncated");
  EXPECT_EXIT(idx_read(neve_context(), S(tempDir() + "/none.idx"), dims),
              testing::ExitedWithCode(1), "none.idx: cannot open");
}

TEST(FrostCifar, ReadsRecordsAndRejectsBadLabels) {
  std::string path = tempDir() + "/data_batch.bin";
  std::vector<uint8_t> rec(2 * 3073, 7);
  rec[0] = 3;
  rec[3073] = 9;
  rec[3073 + 1] = 200;
  writeFile(path, rec);
  EXPECT_EQ(file_size(neve_context(), S(path)), 2 * 3073);
  HostFloats images(2 * 3072), labels(2);
  EXPECT_EQ(cifar_read(neve_context(), S(path), images.data(), labels.data()),
            2);
  EXPECT_EQ(labels[0], 3.0f);
  EXPECT_EQ(labels[1], 9.0f);
  EXPECT_EQ(images[3072], 200.0f);
  EXPECT_EQ(images[1], 7.0f);
  rec[0] = 10;
  writeFile(path, rec);
  EXPECT_EXIT(cifar_read(neve_context(), S(path), images.data(),
                         labels.data()),
              testing::ExitedWithCode(1), "record 0 has label 10");
}

TEST(FrostPng, SaveThenLoadRoundTrips) {
  std::string path = tempDir() + "/img.png";
  // 3 channels, 2x3: channel c, pixel i = (c*6 + i) / 17
  std::vector<float> h(18);
  for (int k = 0; k < 18; ++k)
    h[k] = float(k) / 17.0f;
  float_cpu_save_png(neve_context(), h.data(), 3, 2, 3, S(path));
  HostFloats back(18, -1.0f);
  float_cpu_load_img(neve_context(), back.data(), S(path), 3);
  for (int k = 0; k < 18; ++k)
    EXPECT_NEAR(back[k], h[k], 0.5f / 255.0f + 1e-6f) << k;
  // grey: the mean of the three channels
  HostFloats grey(6);
  float_cpu_load_img(neve_context(), grey.data(), S(path), 1);
  EXPECT_NEAR(grey[0], (back[0] + back[6] + back[12]) / 3.0f, 1e-5f);
}

TEST(FrostPng, CorruptAndMissingFilesAreErrors) {
  std::string path = tempDir() + "/junk.png";
  writeFile(path, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  HostFloats h(16);
  EXPECT_EXIT(float_cpu_load_img(neve_context(), h.data(), S(path), 3),
              testing::ExitedWithCode(1), "load_img: .*junk.png: ");
  EXPECT_EXIT(float_cpu_load_img(neve_context(), h.data(),
                                 S(tempDir() + "/missing.png"), 3),
              testing::ExitedWithCode(1), "missing.png: cannot open");
  EXPECT_EXIT(float_cpu_load_img(neve_context(), h.data(), S(path), 2),
              testing::ExitedWithCode(1), "channels must be 1 or 3");
}

neve_array *strArray(std::vector<std::string> xs) {
  neve_array *a = neve_array_new(8, 0);
  for (const std::string &x : xs) {
    neve_str *s = S(x);
    neve_array_append(a, &s, "t", 0, 0);
  }
  return a;
}

neve_array *intArray(std::vector<int32_t> xs) {
  neve_array *a = neve_array_new_atomic(4, int64_t(xs.size()));
  if (!xs.empty())
    std::memcpy(a->data, xs.data(), xs.size() * 4);
  return a;
}

TEST(FrostSafetensors, SaveReadNamesRoundTrip) {
  std::string path = tempDir() + "/ck.safetensors";
  std::vector<float> data = {1, 2, 3, 4, 5, 6, -0.5f};
  safetensors_save(neve_context(), S(path), strArray({"w", "b"}), data.data(),
                   intArray({2, 1}), intArray({2, 3, 1}));
  neve_array *names = safetensors_names(neve_context(), S(path));
  ASSERT_EQ(names->size, 2);
  neve_str **ns = static_cast<neve_str **>(names->data);
  EXPECT_STREQ(ns[0]->data, "w");
  EXPECT_STREQ(ns[1]->data, "b");
  neve_array *dims = neve_array_new_atomic(4, 0);
  float *w = safetensors_read(neve_context(), S(path), S("w"), dims);
  EXPECT_EQ(ints(dims), (std::vector<int32_t>{2, 3}));
  for (int k = 0; k < 6; ++k)
    EXPECT_EQ(w[k], data[k]);
  neve_array *bd = neve_array_new_atomic(4, 0);
  float *b = safetensors_read(neve_context(), S(path), S("b"), bd);
  EXPECT_EQ(ints(bd), (std::vector<int32_t>{1}));
  EXPECT_EQ(b[0], -0.5f);
  std::free(w);
  std::free(b);
  // the header is 8-byte aligned JSON, as the format asks
  std::ifstream f(path, std::ios::binary);
  uint64_t n = 0;
  f.read(reinterpret_cast<char *>(&n), 8);
  EXPECT_EQ(n % 8, 0u);
  EXPECT_FALSE(std::ifstream(path + ".tmp").good());
}

TEST(FrostSafetensors, HeaderListsNamesShapesAndDtypes) {
  std::string path = tempDir() + "/header.safetensors";
  std::vector<float> data = {1, 2, 3, 4, 5, 6, -0.5f, 7};
  safetensors_save(neve_context(), S(path),
                   strArray({"w", "b", "scalar"}), data.data(),
                   intArray({2, 1, 0}), intArray({2, 3, 1}));
  neve_array *names = neve_array_new(8, 0), *dtypes = neve_array_new(8, 0);
  neve_array *ranks = neve_array_new_atomic(4, 0);
  neve_array *dims = neve_array_new_atomic(4, 0);
  safetensors_header(neve_context(), S(path), names, ranks, dims, dtypes);
  ASSERT_EQ(names->size, 3);
  ASSERT_EQ(dtypes->size, 3);
  neve_str **ns = static_cast<neve_str **>(names->data);
  neve_str **ds = static_cast<neve_str **>(dtypes->data);
  EXPECT_STREQ(ns[0]->data, "w");
  EXPECT_STREQ(ns[1]->data, "b");
  EXPECT_STREQ(ns[2]->data, "scalar");
  for (int k = 0; k < 3; ++k)
    EXPECT_STREQ(ds[k]->data, "F32");
  EXPECT_EQ(ints(ranks), (std::vector<int32_t>{2, 1, 0}));
  EXPECT_EQ(ints(dims), (std::vector<int32_t>{2, 3, 1}));
  // the appended entries follow what the arrays held
  safetensors_header(neve_context(), S(path), names, ranks, dims, dtypes);
  EXPECT_EQ(names->size, 6);
  EXPECT_EQ(ints(ranks), (std::vector<int32_t>{2, 1, 0, 2, 1, 0}));
}

TEST(FrostSafetensors, HeaderNamesOtherDtypesAndRefusesJunk) {
  std::string header = "{\"step\":{\"dtype\":\"I64\",\"shape\":[],"
                       "\"data_offsets\":[0,8]}}";
  std::vector<uint8_t> bytes(8);
  for (int i = 0; i < 8; ++i)
    bytes[i] = uint8_t(uint64_t(header.size()) >> (8 * i));
  bytes.insert(bytes.end(), header.begin(), header.end());
  for (int i = 0; i < 8; ++i)
    bytes.push_back(0);
  std::string path = tempDir() + "/i64.safetensors";
  writeFile(path, bytes);
  neve_array *names = neve_array_new(8, 0), *dtypes = neve_array_new(8, 0);
  neve_array *ranks = neve_array_new_atomic(4, 0);
  neve_array *dims = neve_array_new_atomic(4, 0);
  safetensors_header(neve_context(), S(path), names, ranks, dims, dtypes);
  ASSERT_EQ(dtypes->size, 1);
  EXPECT_STREQ(static_cast<neve_str **>(dtypes->data)[0]->data, "I64");
  EXPECT_EQ(ints(ranks), (std::vector<int32_t>{0}));
  EXPECT_EQ(dims->size, 0);
  std::string junk = tempDir() + "/junk-header.safetensors";
  writeFile(junk, {4, 0, 0, 0, 0, 0, 0, 0, 'n', 'o', 'p', 'e'});
  EXPECT_EXIT(safetensors_header(neve_context(), S(junk), names, ranks, dims,
                                 dtypes),
              testing::ExitedWithCode(1),
              "safetensors_header: .*junk-header.safetensors: the header is "
              "not a JSON object");
  EXPECT_EXIT(safetensors_header(neve_context(), S(tempDir() + "/absent"),
                                 names, ranks, dims, dtypes),
              testing::ExitedWithCode(1), "cannot open");
}

TEST(FrostSafetensors, ReadsBf16AndF16) {
  // {"h":{"dtype":"F16",...},"g":{"dtype":"BF16",...}} by hand
  std::string header = "{\"h\":{\"dtype\":\"F16\",\"shape\":[2],"
                       "\"data_offsets\":[0,4]},\"g\":{\"dtype\":\"BF16\","
                       "\"shape\":[1],\"data_offsets\":[4,6]}}";
  std::vector<uint8_t> bytes(8);
  for (int i = 0; i < 8; ++i)
    bytes[i] = uint8_t(uint64_t(header.size()) >> (8 * i));
  bytes.insert(bytes.end(), header.begin(), header.end());
  // F16 1.5 = 0x3E00, -2 = 0xC000; BF16 3.0 = 0x4040
  for (uint8_t v : {0x00, 0x3E, 0x00, 0xC0, 0x40, 0x40})
    bytes.push_back(v);
  std::string path = tempDir() + "/half.safetensors";
  writeFile(path, bytes);
  neve_array *dims = neve_array_new_atomic(4, 0);
  float *h = safetensors_read(neve_context(), S(path), S("h"), dims);
  EXPECT_EQ(h[0], 1.5f);
  EXPECT_EQ(h[1], -2.0f);
  float *g = safetensors_read(neve_context(), S(path), S("g"), dims);
  EXPECT_EQ(g[0], 3.0f);
  std::free(h);
  std::free(g);
}

TEST(FrostSafetensors, ErrorsAreClear) {
  std::string path = tempDir() + "/ck2.safetensors";
  std::vector<float> data = {1};
  safetensors_save(neve_context(), S(path), strArray({"a"}), data.data(),
                   intArray({1}), intArray({1}));
  neve_array *dims = neve_array_new_atomic(4, 0);
  EXPECT_EXIT(safetensors_read(neve_context(), S(path), S("zz"), dims),
              testing::ExitedWithCode(1), "no tensor named 'zz'");
  std::string junk = tempDir() + "/junk.safetensors";
  writeFile(junk, {4, 0, 0, 0, 0, 0, 0, 0, 'n', 'o', 'p', 'e'});
  EXPECT_EXIT(safetensors_names(neve_context(), S(junk)),
              testing::ExitedWithCode(1), "the header is not a JSON object");
  EXPECT_EXIT(safetensors_save(neve_context(), S(path), strArray({"a", "a"}),
                               data.data(), intArray({0, 0}), intArray({})),
              testing::ExitedWithCode(1), "duplicate tensor name 'a'");
}

TEST(FrostBf16, SaveWritesRawBits) {
  std::string path = tempDir() + "/w.bf16";
  std::vector<uint16_t> h = {0x3F80, 0xC000}; // 1.0, -2.0
  EXPECT_EQ(bf16_cpu_save(neve_context(), h.data(), 2, S(path)), 0);
  std::ifstream f(path, std::ios::binary);
  uint16_t back[2] = {0, 0};
  f.read(reinterpret_cast<char *>(back), 4);
  EXPECT_EQ(back[0], 0x3F80);
  EXPECT_EQ(back[1], 0xC000);
  neve_test::StdoutCapture out;
  EXPECT_EQ(bf16_cpu_print(neve_context(), h.data(), intArray({2})), 0);
  EXPECT_EQ(out.take(), "[1.0, -2.0]\n");
}

TEST(FrostSystem, EnvOrFallsBack) {
  setenv("FROST_TEST_VAR", "/data/x", 1);
  EXPECT_STREQ(env_or(neve_context(), S("FROST_TEST_VAR"), S("d"))->data,
               "/data/x");
  EXPECT_STREQ(env_or(neve_context(), S("FROST_TEST_UNSET_VAR"), S("d"))->data,
               "d");
  float a = wall_seconds(neve_context());
  EXPECT_GE(wall_seconds(neve_context()), a);
}

TEST(FrostSystem, NoteStderrWritesOneLine) {
  testing::internal::CaptureStderr();
  note_stderr(neve_context(), S("frost: a note"));
  note_stderr(neve_context(), nullptr);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "frost: a note\n\n");
}

} // namespace
