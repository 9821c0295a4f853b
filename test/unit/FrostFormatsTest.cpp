//===- FrostFormatsTest.cpp - The runtime's file-format parsers -*- C++ -*-===//
//
// Unit tests of the parsers under Frost's natives (lib/Runtime/Frost:
// SafetensorsFormat, IdxFormat over ByteSource, PngFormat), called on bytes
// in memory as the fuzzers call them: what each accepts, and that each
// malicious input of issue 35 is refused with its reason before anything
// large is read or allocated. FrostLimitsTest.cpp runs the same inputs
// through the natives.
//
//===----------------------------------------------------------------------===//

#include "FrostTestSupport.h"

#include "ByteSource.h"
#include "IdxFormat.h"
#include "PngFormat.h"
#include "SafetensorsFormat.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace neve_test;
using namespace neve_rt;

//===----------------------------------------------------------------------===//
// safetensors
//===----------------------------------------------------------------------===//

/// Parses a whole file held in \p b; the error, or "" when accepted.
std::string parseSt(const Bytes &b, safetensors::Header *out = nullptr) {
  std::string error;
  uint64_t length = 0;
  if (!safetensors::headerLength(b.data(), b.size(), length, error))
    return error;
  safetensors::Header h;
  if (!safetensors::parseHeader(reinterpret_cast<const char *>(b.data()) + 8,
                                length, b.size(), h, error))
    return error;
  if (out)
    *out = h;
  return "";
}

TEST(FrostFormatsSafetensors, AcceptsEveryDtypeAndListsUnreadableOnes) {
  Bytes f32 = safetensorsBytes("[2,1]", "[0,8]", {0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0});
  safetensors::Header h;
  ASSERT_EQ(parseSt(f32, &h), "");
  ASSERT_EQ(h.tensors.size(), 1u);
  const safetensors::Tensor &t = h.tensors[0];
  EXPECT_EQ(t.shape, (std::vector<int32_t>{2, 1}));
  EXPECT_EQ(t.count, 2u);
  EXPECT_EQ(t.elementSize, 4);
  float out[2];
  safetensors::toFloats(t.dtype, f32.data() + h.dataStart + t.begin, 2, out);
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[1], -2.0f);
  // I64 cannot be read as floats but is still listed
  safetensors::Header i64;
  ASSERT_EQ(parseSt(safetensorsBytes("[1]", "[0,8]", Bytes(8), "I64"), &i64),
            "");
  EXPECT_EQ(i64.tensors[0].elementSize, 0);
  // an empty tensor: a zero extent makes the product 0 whatever the others
  safetensors::Header empty;
  ASSERT_EQ(parseSt(safetensorsBytes("[2147483647,0,2147483647,2147483647]",
                                     "[0,0]", {}),
                    &empty),
            "");
  EXPECT_EQ(empty.tensors[0].count, 0u);
}

TEST(FrostFormatsSafetensors, RefusesShapesThatOverflowOrDoNotFitAnInt) {
  // 2^62+1 elements: n*4 wrapped to 4 and matched data_offsets [0, 4]
  EXPECT_EQ(parseSt(safetensorsBytes("[4611686018427387905]", "[0,4]",
                                     Bytes(4))),
            "tensor 'w': extent 4611686018427387905 does not fit an int");
  EXPECT_EQ(parseSt(safetensorsBytes("[1099511627776]", "[0,4]", Bytes(4))),
            "tensor 'w': extent 1099511627776 does not fit an int");
  EXPECT_EQ(parseSt(safetensorsBytes("[18446744073709551615]", "[0,4]",
                                     Bytes(4))),
            "tensor 'w': extent 18446744073709551615 does not fit an int");
  // [2^32, 0] used to read as [0, 0]
  EXPECT_EQ(parseSt(safetensorsBytes("[4294967296,0]", "[0,0]", {})),
            "tensor 'w': extent 4294967296 does not fit an int");
  // every extent an int, the product over 2^64
  EXPECT_EQ(parseSt(safetensorsBytes("[2147483647,2147483647,2147483647,4]",
                                     "[0,4]", Bytes(4))),
            "tensor 'w': its shape has more than 2^64 elements");
  // 2^64 itself is not an unsigned JSON integer any more
  EXPECT_EQ(parseSt(safetensorsBytes("[18446744073709551616]", "[0,4]",
                                     Bytes(4))),
            "malformed entry for 'w'");
}

TEST(FrostFormatsSafetensors, ChecksOffsetsAgainstTheFile) {
  EXPECT_EQ(parseSt(safetensorsBytes("[4]", "[0,16]", Bytes(4))),
            "tensor 'w': data_offsets [0, 16] go past the 4 bytes of data in "
            "the file");
  EXPECT_EQ(parseSt(safetensorsBytes("[2]", "[0,4]", Bytes(4))),
            "tensor 'w': data_offsets do not match its shape and dtype");
  EXPECT_EQ(parseSt(safetensorsBytes("[1]", "[4,0]", Bytes(4))),
            "bad data_offsets for 'w'");
}

TEST(FrostFormatsSafetensors, ChecksTheHeaderLengthBeforeReadingIt) {
  std::string error;
  uint64_t length = 0;
  Bytes claim = {0, 0, 0x20, 0x03, 0, 0, 0, 0, '{', '}'}; // 50 MiB
  EXPECT_FALSE(safetensors::headerLength(claim.data(), claim.size(), length,
                                         error));
  EXPECT_EQ(error, "truncated header (52428800 bytes announced, 2 in the "
                   "file)");
  Bytes over = {0, 0, 0, 0x10, 0, 0, 0, 0}; // 256 MiB
  EXPECT_FALSE(
      safetensors::headerLength(over.data(), uint64_t(1) << 40, length, error));
  EXPECT_EQ(error, "header of 268435456 bytes: not a safetensors file");
  EXPECT_FALSE(safetensors::headerLength(claim.data(), 7, length, error));
  EXPECT_EQ(error, "too short for a safetensors header");
  EXPECT_EQ(parseSt(Bytes{2, 0, 0, 0, 0, 0, 0, 0, '[', ']'}),
            "the header is not a JSON object");
}

//===----------------------------------------------------------------------===//
// IDX over plain and gzip streams
//===----------------------------------------------------------------------===//

/// Counts the bytes a source delivers.
class Counting final : public ByteSource {
public:
  explicit Counting(ByteSource &in) : in(in) {}
  int64_t read(uint8_t *buf, size_t n) override {
    int64_t r = in.read(buf, n);
    if (r < 0)
      return fail(in.error());
    delivered += uint64_t(r);
    return r;
  }
  uint64_t delivered = 0;

private:
  ByteSource &in;
};

struct IdxResult {
  std::string error; // "" when accepted
  idx::Array array;
  int allocations = 0;
  uint64_t delivered = 0; // bytes read after decompression
  std::vector<float> values;
};

IdxResult readIdxBytes(const Bytes &file) {
  MemorySource memory(file.data(), file.size());
  MaybeGzipSource gz(memory);
  Counting src(gz);
  IdxResult r;
  auto allocate = [&r](uint64_t bytes) {
    ++r.allocations;
    return static_cast<float *>(std::malloc(bytes ? bytes : 1));
  };
  if (!idx::readIdx(src, allocate, r.array, r.error) && r.error.empty())
    r.error = "(refused without a reason)";
  r.delivered = src.delivered;
  if (r.array.data) {
    r.values.assign(r.array.data, r.array.data + r.array.count);
    std::free(r.array.data);
  }
  return r;
}

TEST(FrostFormatsIdx, ReadsPlainGzipAndConcatenatedGzip) {
  Bytes raw = idxBytes(0x0B, {2}, {0xFF, 0xFE, 0x01, 0x2C});
  for (const Bytes &file : {raw, gzipBytes(raw)}) {
    IdxResult r = readIdxBytes(file);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.array.dims, (std::vector<int32_t>{2}));
    EXPECT_EQ(r.values, (std::vector<float>{-2.0f, 300.0f}));
    EXPECT_EQ(r.allocations, 1);
  }
  // gzip writes one member per input when appending; gzread reads them all
  Bytes head(raw.begin(), raw.begin() + 6), tail(raw.begin() + 6, raw.end());
  Bytes two = gzipBytes(head), second = gzipBytes(tail);
  two.insert(two.end(), second.begin(), second.end());
  IdxResult r = readIdxBytes(two);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.values, (std::vector<float>{-2.0f, 300.0f}));
  IdxResult f64 = readIdxBytes(idxBytes(
      0x0E, {1}, {0xBF, 0xF8, 0, 0, 0, 0, 0, 0})); // -1.5
  EXPECT_EQ(f64.values, (std::vector<float>{-1.5f}));
}

TEST(FrostFormatsIdx, NamesTheElementTypeInHex) {
  EXPECT_EQ(readIdxBytes(idxBytes(0x42, {1}, {0})).error,
            "unknown IDX element type 0x42");
  EXPECT_EQ(readIdxBytes(idxBytes(0x0A, {1}, {0})).error,
            "unknown IDX element type 0x0A");
}

TEST(FrostFormatsIdx, AHeaderClaimingGigabytesCostsOnlyTheRealBytes) {
  // 2^31 - 1 one-byte elements announced, 4 KB present
  for (bool gz : {false, true}) {
    Bytes file = idxBytes(0x08, {0x7fffffff}, Bytes(4096));
    IdxResult r = readIdxBytes(gz ? gzipBytes(file) : file);
    EXPECT_EQ(r.error, "truncated: the header announces 2147483647 bytes of "
                       "data, the file holds 4096");
    EXPECT_EQ(r.allocations, 0);
  }
  EXPECT_EQ(readIdxBytes(idxBytes(0x08, {65536, 65536, 2}, {})).error,
            "too many elements (over 2147483647)");
  EXPECT_EQ(readIdxBytes(idxBytes(0x08, {0x80000000u}, {})).error,
            "extent 2147483648 does not fit an int");
  IdxResult empty = readIdxBytes(idxBytes(0x0D, {3, 0}, {}));
  EXPECT_EQ(empty.error, "");
  EXPECT_EQ(empty.array.count, 0u);
}

TEST(FrostFormatsIdx, RefusesTrailingDataWithoutReadingIt) {
  // ten bytes announced and present, then 64 MiB of zeros (64 KiB gzipped)
  Bytes file = idxBytes(0x08, {10}, Bytes(10 + (64 << 20)));
  Bytes gz = gzipBytes(file);
  ASSERT_LT(gz.size(), size_t(1) << 20);
  for (const Bytes &f : {file, gz}) {
    IdxResult r = readIdxBytes(f);
    EXPECT_EQ(r.error,
              "trailing data after the 10 bytes of data the header announces");
    EXPECT_EQ(r.allocations, 0);
    // the header, the payload and one byte more: the zeros are never read
    EXPECT_EQ(r.delivered, 8u + 10u + 1u);
  }
}

TEST(FrostFormatsIdx, RefusesCorruptTruncatedAndTrailingGzip) {
  Bytes gz = gzipBytes(idxBytes(0x08, {4, 4}, Bytes(16)));
  Bytes truncated(gz.begin(), gz.end() - 12);
  EXPECT_EQ(readIdxBytes(truncated).error, "truncated gzip data");
  Bytes corrupt = gz;
  corrupt[10] |= 0x06; // the first deflate block's type: 3, reserved
  EXPECT_NE(readIdxBytes(corrupt).error.find("corrupt gzip data"),
            std::string::npos);
  Bytes badCrc = gz;
  badCrc[badCrc.size() - 6] ^= 0x01; // the CRC-32 of the trailer
  EXPECT_NE(readIdxBytes(badCrc).error.find("corrupt gzip data"),
            std::string::npos);
  Bytes garbage = gz;
  garbage.push_back('x');
  garbage.push_back('y');
  EXPECT_EQ(readIdxBytes(garbage).error,
            "unexpected bytes after the end of the gzip data");
}

//===----------------------------------------------------------------------===//
// PNG
//===----------------------------------------------------------------------===//

std::string checkPng(const Bytes &b, png::Info *out = nullptr) {
  png::Info info;
  std::string error;
  if (!png::checkHeader(b.data(), b.size(), info, error))
    return error;
  if (out)
    *out = info;
  return "";
}

TEST(FrostFormatsPng, ChecksTheHeaderAndDecodes) {
  Bytes grey = greyPng(5, 3, 51);
  png::Info info;
  ASSERT_EQ(checkPng(grey, &info), "");
  EXPECT_EQ(info.width, 5u);
  EXPECT_EQ(info.height, 3u);
  EXPECT_EQ(info.channels, 1);
  png::Image img;
  std::string error;
  ASSERT_TRUE(png::decodeRgb(grey.data(), grey.size(), img, error)) << error;
  EXPECT_EQ(img.rgb, Bytes(5 * 3 * 3, 51));
  // 1-bit grey, 9 pixels wide: two bytes per row
  Bytes bits = pngBytes(9, 1, 0, 1, {0, 0xAA, 0x80});
  ASSERT_TRUE(png::decodeRgb(bits.data(), bits.size(), img, error)) << error;
  EXPECT_EQ(img.rgb[0], 255);
  EXPECT_EQ(img.rgb[3], 0);
  EXPECT_EQ(img.rgb[8 * 3], 255);
}

TEST(FrostFormatsPng, RefusesMalformedHeaders) {
  EXPECT_EQ(checkPng({1, 2, 3}), "not a PNG file (no PNG signature)");
  Bytes grey = greyPng(2, 2);
  EXPECT_EQ(checkPng(Bytes(grey.begin(), grey.begin() + 20)),
            "truncated PNG header");
  Bytes noIhdr = grey;
  noIhdr[12] = 'X';
  EXPECT_EQ(checkPng(noIhdr),
            "corrupt PNG: the first chunk is not a 13-byte IHDR");
  EXPECT_EQ(checkPng(pngBytes(2, 2, 2, 4, Bytes(8))),
            "corrupt PNG: bad IHDR (bit depth 4, colour type 2)");
  EXPECT_EQ(checkPng(pngBytes(0, 2, 0, 8, Bytes(2))),
            "corrupt PNG: bad image size 2x0");
}

TEST(FrostFormatsPng, RefusesImagesTheFileCannotHoldOrOverTheLimit) {
  Bytes claim = claimPng(30000, 30000);
  EXPECT_LT(claim.size(), 80u);
  EXPECT_EQ(checkPng(claim), "the image is 30000x30000 (900000000 pixels), "
                             "over the limit of 268435456 pixels");
  EXPECT_EQ(checkPng(claimPng(1000000, 1000000)),
            "the image is 1000000x1000000 (1000000000000 pixels), over the "
            "limit of 268435456 pixels");
  // under the pixel limit, but 300 MB of pixels cannot come from 69 bytes
  Bytes tenK = claimPng(10000, 10000);
  EXPECT_EQ(checkPng(tenK), "a " + std::to_string(tenK.size()) +
                                "-byte file cannot hold a 10000x10000 image "
                                "(its pixels need at least 290698 bytes "
                                "compressed)");
  png::Image img;
  std::string error;
  EXPECT_FALSE(png::decodeRgb(tenK.data(), tenK.size(), img, error));
  EXPECT_TRUE(img.rgb.empty());
  // a real 512x512 image compresses far below what it needs to be refused
  EXPECT_EQ(checkPng(greyPng(512, 512)), "");
}

} // namespace
