//===- FrostFormatsTest.cpp - The runtime's file-format parsers -*- C++ -*-===//
//
// Unit tests of the parsers under Frost's natives (lib/Runtime/Frost:
// SafetensorsFormat), called on bytes
// in memory as the fuzzers call them: what each accepts, and that each
// malicious input of issue 35 is refused with its reason before anything
// large is read or allocated. FrostLimitsTest.cpp runs the same inputs
// through the natives.
//
//===----------------------------------------------------------------------===//

#include "FrostTestSupport.h"

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

} // namespace
