//===- FrostLimitsTest.cpp - Frost's natives on hostile input ---*- C++ -*-===//
//
// Regression tests of issue 35: each malicious file (or undersized buffer)
// that crashed a native, overflowed the heap, aborted or cost gigabytes now
// ends the program with a runtime error (status 1) naming the native, the
// file and the problem. Under ASan (sanitized/*), the write past a buffer
// these natives used to do would fail the test even without the message.
//
//===----------------------------------------------------------------------===//

#include "FrostTestSupport.h"

#include "NativeGuard.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

// `proto tuple<float_cpu, array<int>> load_image(str, int)` (Images.cpp),
// which neve_runtime.h does not declare.
struct ImageResult {
  float *data;
  neve_array *dims;
};
extern "C" ImageResult load_image(void *ctx, const neve_str *p,
                                  int32_t channels);

namespace {

using namespace neve_test;
using testing::ExitedWithCode;

testing::Environment *const gcEnvironment =
    testing::AddGlobalTestEnvironment(new neve_test::GcEnvironment);

using FrostLimitsDeathTest = neve_test::ThreadsafeDeathTest;

neve_array *newDims() { return neve_array_new_atomic(4, 0); }

//===----------------------------------------------------------------------===//
// safetensors_read, safetensors_names, safetensors_save
//===----------------------------------------------------------------------===//

TEST_F(FrostLimitsDeathTest, SafetensorsShapeOverflowIsRefused) {
  // [2^62+1] with data_offsets [0, 4]: used to write 2^62+1 floats into a
  // 4-byte buffer
  std::string overflow = tempFile(
      "overflow.safetensors",
      safetensorsBytes("[4611686018427387905]", "[0,4]", Bytes(4)));
  EXPECT_EXIT(safetensors_read(neve_context(), S(overflow), S("w"), newDims()),
              ExitedWithCode(1),
              "runtime error: safetensors_read: .*overflow.safetensors: "
              "tensor 'w': extent 4611686018427387905 does not fit an int");
  EXPECT_EXIT(safetensors_names(neve_context(), S(overflow)),
              ExitedWithCode(1), "safetensors_names: .*does not fit an int");
  // used to abort with bad_alloc and length_error
  std::string huge = tempFile(
      "huge.safetensors",
      safetensorsBytes("[1099511627776]", "[0,4398046511104]", Bytes(4)));
  EXPECT_EXIT(safetensors_read(neve_context(), S(huge), S("w"), newDims()),
              ExitedWithCode(1), "extent 1099511627776 does not fit an int");
  std::string max = tempFile(
      "max.safetensors",
      safetensorsBytes("[18446744073709551615]", "[0,18446744073709551612]",
                       Bytes(4)));
  EXPECT_EXIT(safetensors_read(neve_context(), S(max), S("w"), newDims()),
              ExitedWithCode(1),
              "extent 18446744073709551615 does not fit an int");
  // used to read as [0, 0]
  std::string wide = tempFile("wide.safetensors",
                              safetensorsBytes("[4294967296,0]", "[0,0]", {}));
  EXPECT_EXIT(safetensors_read(neve_context(), S(wide), S("w"), newDims()),
              ExitedWithCode(1), "extent 4294967296 does not fit an int");
}

TEST_F(FrostLimitsDeathTest, SafetensorsOffsetsAndHeaderAreChecked) {
  std::string past = tempFile("past.safetensors",
                              safetensorsBytes("[4]", "[0,16]", Bytes(4)));
  EXPECT_EXIT(safetensors_read(neve_context(), S(past), S("w"), newDims()),
              ExitedWithCode(1), "data_offsets \\[0, 16\\] go past the 4 bytes");
  std::string claim = tempFile("claim.safetensors",
                               {0, 0, 0x20, 0x03, 0, 0, 0, 0, '{', '}'});
  EXPECT_EXIT(safetensors_names(neve_context(), S(claim)), ExitedWithCode(1),
              "truncated header \\(52428800 bytes announced, 2 in the file\\)");
  EXPECT_EXIT(safetensors_names(neve_context(), S(tempDir())),
              ExitedWithCode(1), "not a regular file");
}

TEST_F(FrostLimitsDeathTest, SafetensorsSaveNeverReadsPastItsBuffer) {
  HostFloats data(4);
  neve_array *names = neve_array_new(8, 0);
  neve_str *w = S("w");
  neve_array_append(names, &w, "t", 0, 0);
  neve_array *ranks = neve_array_new_atomic(4, 1);
  static_cast<int32_t *>(ranks->data)[0] = 2;
  neve_array *dims = neve_array_new_atomic(4, 2);
  static_cast<int32_t *>(dims->data)[0] = 2;
  static_cast<int32_t *>(dims->data)[1] = 3;
  EXPECT_EXIT(safetensors_save(neve_context(), S(tempDir() + "/s.safetensors"),
                               names, data.data(), ranks, dims),
              ExitedWithCode(1),
              "the tensors need 24 bytes of data, the buffer holds 16");
}

TEST_F(FrostLimitsDeathTest, NoCxxExceptionEscapesANative) {
  // nlohmann::json throws on a name that is not UTF-8: it used to abort
  HostFloats data(1);
  neve_array *names = neve_array_new(8, 0);
  neve_str *bad = S("w\xff");
  neve_array_append(names, &bad, "t", 0, 0);
  neve_array *ranks = neve_array_new_atomic(4, 1);
  static_cast<int32_t *>(ranks->data)[0] = 0;
  EXPECT_EXIT(safetensors_save(neve_context(), S(tempDir() + "/u.safetensors"),
                               names, data.data(), ranks, newDims()),
              ExitedWithCode(1),
              "safetensors_save: .*u.safetensors: .*invalid UTF-8");
  EXPECT_EXIT(neve_rt::guardNative("native", "f.bin", []() -> int {
                throw std::bad_alloc();
              }),
              ExitedWithCode(1),
              "runtime error: native: f.bin: out of host memory");
  EXPECT_EXIT(neve_rt::guardNative("native", "f.bin", []() -> int {
                throw std::length_error("vector::_M_default_append");
              }),
              ExitedWithCode(1), "runtime error: native: f.bin: vector::");
  EXPECT_EXIT(neve_rt::guardNative("native", "f.bin", []() -> int {
                throw 7;
              }),
              ExitedWithCode(1),
              "native: f.bin: unexpected C\\+\\+ exception");
  EXPECT_EQ(neve_rt::guardNative("native", "f.bin", [] { return 3; }), 3);
}

//===----------------------------------------------------------------------===//
// load_img, load_img_sized, load_image, save_png
//===----------------------------------------------------------------------===//

TEST_F(FrostLimitsDeathTest, LoadImgRefusesAnImageLargerThanTheBuffer) {
  std::string big = tempFile("big.png", greyPng(512, 512));
  // the reproducer: cumalloc_host(i64(3 * 4 * 4) * 4), a 512x512 PNG
  HostFloats h(3 * 4 * 4);
  EXPECT_EXIT(float_cpu_load_img(neve_context(), h.data(), S(big), 3),
              ExitedWithCode(1),
              "runtime error: load_img: .*big.png: the image is 512x512: 3 x "
              "512x512 floats need 3145728 bytes, the buffer holds 192");
  // an interior pointer (`h offby k`): the room is what follows it
  HostFloats exact(3 * 512 * 512 + 5, -1.0f);
  float_cpu_load_img(neve_context(), exact.data() + 5, S(big), 3);
  EXPECT_EQ(exact[4], -1.0f);
  EXPECT_NEAR(exact[5], 128.0f / 255.0f, 1e-6f);
  EXPECT_NEAR(exact[5 + 3 * 512 * 512 - 1], 128.0f / 255.0f, 1e-6f);
  EXPECT_EXIT(float_cpu_load_img(neve_context(), exact.data() + 6, S(big), 3),
              ExitedWithCode(1), "need 3145728 bytes, the buffer holds 3145724");
  // grey needs a third of it
  float_cpu_load_img(neve_context(), exact.data() + 2 * 512 * 512, S(big), 1);
  // the sized form checks the buffer too
  HostFloats small(512 * 512 - 1);
  EXPECT_EXIT(load_img_sized(neve_context(), small.data(), S(big), 1, 512, 512),
              ExitedWithCode(1), "need 1048576 bytes, the buffer holds 1048572");
}

TEST_F(FrostLimitsDeathTest, LoadImgRefusesBuffersOfUnknownSize) {
  std::string img = tempFile("small.png", greyPng(2, 2));
  std::vector<float> notOurs(100);
  EXPECT_EXIT(float_cpu_load_img(neve_context(), notOurs.data(), S(img), 1),
              ExitedWithCode(1),
              "load_img: .*small.png: the buffer was not allocated by "
              "cumalloc_host, so its size is unknown");
}

TEST_F(FrostLimitsDeathTest, TinyPngsClaimingHugeSizesAreRefusedAtOnce) {
  HostFloats h(16);
  std::string claim = tempFile("claim30000.png", claimPng(30000, 30000));
  EXPECT_EXIT(float_cpu_load_img(neve_context(), h.data(), S(claim), 3),
              ExitedWithCode(1),
              "claim30000.png: the image is 30000x30000 \\(900000000 pixels\\), "
              "over the limit of 268435456 pixels");
  std::string million = tempFile("claim1e6.png", claimPng(1000000, 1000000));
  EXPECT_EXIT(load_image(neve_context(), S(million), 3), ExitedWithCode(1),
              "load_image: .*claim1e6.png: the image is 1000000x1000000");
  std::string tenK = tempFile("claim10000.png", claimPng(10000, 10000));
  EXPECT_EXIT(load_image(neve_context(), S(tenK), 1), ExitedWithCode(1),
              "load_image: .*claim10000.png: a [0-9]+-byte file cannot hold a "
              "10000x10000 image");
  EXPECT_EXIT(load_image(neve_context(), S(tempDir()), 1), ExitedWithCode(1),
              "not a regular file");
}

TEST_F(FrostLimitsDeathTest, SavePngNeverReadsPastItsBuffer) {
  HostFloats h(5);
  EXPECT_EXIT(float_cpu_save_png(neve_context(), h.data(), 1, 2, 3,
                                 S(tempDir() + "/out.png")),
              ExitedWithCode(1),
              "save_png: .*the buffer holds 20 bytes, not 1 x 2 x 3 floats");
}

//===----------------------------------------------------------------------===//
// idx_read, cifar_read
//===----------------------------------------------------------------------===//

TEST_F(FrostLimitsDeathTest, IdxErrors) {
  std::string type = tempFile("type.idx", idxBytes(0x42, {1}, {0}));
  EXPECT_EXIT(idx_read(neve_context(), S(type), newDims()), ExitedWithCode(1),
              "idx_read: .*type.idx: unknown IDX element type 0x42");
  // 2 GiB announced, 4 KB there: used to be read whole before any check
  std::string claim = tempFile(
      "claim.idx.gz", gzipBytes(idxBytes(0x08, {0x7fffffff}, Bytes(4096))));
  EXPECT_EXIT(idx_read(neve_context(), S(claim), newDims()), ExitedWithCode(1),
              "claim.idx.gz: truncated: the header announces 2147483647 bytes "
              "of data, the file holds 4096");
  // used to be accepted, after decompressing everything
  std::string trailing = tempFile(
      "trailing.idx.gz", gzipBytes(idxBytes(0x08, {10}, Bytes(10 + (1 << 20)))));
  EXPECT_EXIT(idx_read(neve_context(), S(trailing), newDims()),
              ExitedWithCode(1),
              "trailing.idx.gz: trailing data after the 10 bytes of data the "
              "header announces");
  std::string many = tempFile("many.idx", idxBytes(0x08, {65536, 65536, 2}, {}));
  EXPECT_EXIT(idx_read(neve_context(), S(many), newDims()), ExitedWithCode(1),
              "many.idx: too many elements");
}

TEST_F(FrostLimitsDeathTest, CifarReadStaysInsideItsBuffers) {
  Bytes records(3 * 3073, 1);
  records[0] = records[3073] = records[2 * 3073] = 2;
  std::string path = tempFile("three.bin", records);
  HostFloats images(2 * 3072), labels(2), labels3(3);
  EXPECT_EXIT(cifar_read(neve_context(), S(path), images.data(), labels.data()),
              ExitedWithCode(1),
              "cifar_read: .*three.bin: more than the 2 records the buffers "
              "hold");
  HostFloats images3(3 * 3072);
  EXPECT_EXIT(cifar_read(neve_context(), S(path), images3.data(),
                         labels.data()),
              ExitedWithCode(1), "room for 3 images and 2 labels");
  EXPECT_EQ(cifar_read(neve_context(), S(path), images3.data(), labels3.data()),
            3);
  std::vector<float> notOurs(3 * 3072);
  EXPECT_EXIT(cifar_read(neve_context(), S(path), notOurs.data(),
                         labels3.data()),
              ExitedWithCode(1), "the images buffer was not allocated by "
                                 "cumalloc_host");
}

} // namespace
