//===- GpuContainerTest.cpp - NEVEKRN1 parsing and picking ------*- C++ -*-===//
//
// Unit tests of lib/Runtime/GPU/KernelContainer.cpp: which image of a kernel
// container the runtime loads for a device (exact cubin, else the newest
// PTX the device runs, NEVE_GPU_FORCE_PTX), the arch-specific (sm_90a)
// images of a program built for every GPU, raw images, and malformed
// containers.
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"
#include "KernelContainer.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>

namespace {

using neve_gpu::kUnknownSize;
using neve_gpu::pickKernelImage;
using neve_test::cubin;
using neve_test::makeContainer;
using neve_test::payloadOf;
using neve_test::ptx;

TEST(GpuContainer, ExactCubinIsPreferred) {
  auto c = makeContainer({{1, 80, ptx("p80")}, {0, 90, cubin("c90")}});
  auto r = pickKernelImage(c.data(), c.size(), 90, false);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.image.container);
  EXPECT_EQ(r.image.kind, 0u);
  EXPECT_EQ(r.image.sm, 90u);
  EXPECT_EQ(r.image.entry, 1);
  EXPECT_EQ(r.image.data, payloadOf(c, 1));
  EXPECT_EQ(r.image.size, cubin("c90").size());
}

TEST(GpuContainer, OtherCapabilityFallsBackToPtx) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  auto r = pickKernelImage(c.data(), c.size(), 86, false);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.image.kind, 1u);
  EXPECT_EQ(r.image.sm, 80u);
  EXPECT_EQ(r.image.data, payloadOf(c, 1));
}

TEST(GpuContainer, NewestPtxTheDeviceRuns) {
  auto c = makeContainer(
      {{1, 70, ptx("p70")}, {1, 90, ptx("p90")}, {1, 80, ptx("p80")}});
  auto r86 = pickKernelImage(c.data(), c.size(), 86, false);
  ASSERT_TRUE(r86.ok);
  EXPECT_EQ(r86.image.sm, 80u);
  auto r90 = pickKernelImage(c.data(), c.size(), 90, false);
  ASSERT_TRUE(r90.ok);
  EXPECT_EQ(r90.image.sm, 90u);
  auto r75 = pickKernelImage(c.data(), c.size(), 75, false);
  ASSERT_TRUE(r75.ok);
  EXPECT_EQ(r75.image.sm, 70u);
}

TEST(GpuContainer, ForcePtxSkipsTheCubin) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  auto r = pickKernelImage(c.data(), c.size(), 90, true);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.image.kind, 1u);
  EXPECT_EQ(r.image.data, payloadOf(c, 1));
}

TEST(GpuContainer, ForcePtxWithoutPtxIsAnError) {
  auto c = makeContainer({{0, 90, cubin("c90")}});
  auto r = pickKernelImage(c.data(), c.size(), 90, true);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("NEVE_GPU_FORCE_PTX=1 allows only PTX"),
            std::string::npos)
      << r.error;
}

TEST(GpuContainer, NothingForTheDeviceNamesCapabilityAndContents) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  auto r = pickKernelImage(c.data(), c.size(), 75, false);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, "no kernel image for this GPU: the device has compute "
                     "capability 7.5 (sm_75), the program holds cubin sm_90, "
                     "PTX sm_80");
  // A cubin for another device of a newer capability is no help either.
  auto only = makeContainer({{0, 90, cubin("c90")}});
  EXPECT_FALSE(pickKernelImage(only.data(), only.size(), 100, false).ok);
  auto none = makeContainer({});
  auto empty = pickKernelImage(none.data(), none.size(), 90, false);
  ASSERT_FALSE(empty.ok);
  EXPECT_NE(empty.error.find("holds no kernel images"), std::string::npos);
}

TEST(GpuContainer, RawImagesPassThrough) {
  std::string raw = ptx("raw");
  auto r = pickKernelImage(raw.data(), raw.size(), 90, false);
  ASSERT_TRUE(r.ok);
  EXPECT_FALSE(r.image.container);
  EXPECT_EQ(r.image.data, raw.data());
  EXPECT_EQ(r.image.size, raw.size());
  // Unknown size (mgpuModuleLoadJIT) and a NUL-terminated string shorter
  // than the magic: the check stops at the NUL (ASan sees an over-read).
  char *shortText = static_cast<char *>(std::malloc(4));
  std::memcpy(shortText, "NEV", 4);
  EXPECT_FALSE(neve_gpu::isKernelContainer(shortText, kUnknownSize));
  auto s = pickKernelImage(shortText, kUnknownSize, 90, false);
  EXPECT_TRUE(s.ok);
  EXPECT_FALSE(s.image.container);
  std::free(shortText);
  EXPECT_FALSE(pickKernelImage(nullptr, 0, 90, false).ok);
}

TEST(GpuContainer, UnknownSizeTrustsTheHeader) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  auto r = pickKernelImage(c.data(), kUnknownSize, 86, false);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.image.data, payloadOf(c, 1));
}

TEST(GpuContainer, TruncatedHeader) {
  auto c = makeContainer({{0, 90, cubin("c90")}});
  auto r = pickKernelImage(c.data(), 12, 90, false);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, "truncated kernel container: 12 bytes, smaller than its "
                     "16-byte header");
}

TEST(GpuContainer, TruncatedEntryTable) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  auto r = pickKernelImage(c.data(), 16 + 24 + 10, 90, false);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, "truncated kernel container: 2 entries do not fit in 50 "
                     "bytes");
}

TEST(GpuContainer, PayloadOutsideTheContainer) {
  auto c = makeContainer({{0, 90, cubin("c90")}});
  auto r = pickKernelImage(c.data(), c.size() - 1, 90, false);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("kernel container entry 0 (cubin sm_90) lies outside "
                         "the container"),
            std::string::npos)
      << r.error;
}

TEST(GpuContainer, UnknownKind) {
  auto c = makeContainer({{7, 90, cubin("c90")}});
  auto r = pickKernelImage(c.data(), c.size(), 90, false);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(
      r.error,
      "kernel container entry 0 has unknown kind 7 (0 is cubin, 1 is PTX)");
}

TEST(GpuContainer, PtxMustBeNulTerminated) {
  auto c = makeContainer({{1, 80, std::string(".version 8.0")}});
  auto r = pickKernelImage(c.data(), c.size(), 90, false);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error, "kernel container entry 0 (PTX sm_80) is not "
                     "NUL-terminated");
}

TEST(GpuContainer, Describe) {
  auto c = makeContainer({{0, 90, cubin("c90")}, {1, 80, ptx("p80")}});
  EXPECT_EQ(neve_gpu::describeKernelContainer(c.data(), c.size()),
            "cubin sm_90, PTX sm_80");
}

// A program built for every GPU: a kernel faster on Hopper carries sm_90a's
// cubin and PTX (the arch-specific bit in `sm`) beside sm_90's cubin and
// sm_80's PTX (lib/Conversion/NeveToGPU/CompileKernels.cpp merges them).
constexpr uint32_t kA = neve_gpu::kArchSpecificSm;

std::vector<unsigned char> everyGpu() {
  return makeContainer({{0, 90 | kA, cubin("c90a")},
                        {1, 90 | kA, ptx("p90a")},
                        {0, 90, cubin("c90")},
                        {1, 90, ptx("p90")},
                        {1, 80, ptx("p80")}});
}

TEST(GpuContainer, HopperTakesTheArchSpecificCubin) {
  auto c = everyGpu();
  auto r = pickKernelImage(c.data(), c.size(), 90, false);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.image.kind, 0u);
  EXPECT_EQ(r.image.sm, 90u | kA);
  EXPECT_EQ(r.image.entry, 0);
  // whatever the order of the entries
  auto swapped = makeContainer({{0, 90, cubin("c90")},
                                {1, 80, ptx("p80")},
                                {0, 90 | kA, cubin("c90a")}});
  auto s = pickKernelImage(swapped.data(), swapped.size(), 90, false);
  ASSERT_TRUE(s.ok) << s.error;
  EXPECT_EQ(s.image.entry, 2);
}

TEST(GpuContainer, ArchSpecificImagesOnlyOnTheirChip) {
  auto c = everyGpu();
  // a later GPU runs the PTX every GPU runs, not sm_90a's
  auto r100 = pickKernelImage(c.data(), c.size(), 100, false);
  ASSERT_TRUE(r100.ok) << r100.error;
  EXPECT_EQ(r100.image.kind, 1u);
  EXPECT_EQ(r100.image.sm, 90u);
  auto r86 = pickKernelImage(c.data(), c.size(), 86, false);
  ASSERT_TRUE(r86.ok) << r86.error;
  EXPECT_EQ(r86.image.sm, 80u);
}

TEST(GpuContainer, ArchSpecificCanBeLeftOut) {
  auto c = everyGpu();
  auto r = pickKernelImage(c.data(), c.size(), 90, false,
                           /*archSpecific=*/false);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.image.kind, 0u);
  EXPECT_EQ(r.image.sm, 90u);
  EXPECT_EQ(r.image.entry, 2);
  // a kernel of Hopper's intrinsics has nothing else
  auto only = makeContainer({{0, 90 | kA, cubin("c90a")}, {1, 90 | kA, ptx("p90a")}});
  auto none = pickKernelImage(only.data(), only.size(), 90, false, false);
  EXPECT_FALSE(none.ok);
  EXPECT_NE(none.error.find("NEVE_GPU_ARCH_SPECIFIC=0"), std::string::npos)
      << none.error;
  auto other = pickKernelImage(only.data(), only.size(), 100, false);
  EXPECT_FALSE(other.ok);
  EXPECT_NE(other.error.find("cubin sm_90a, PTX sm_90a"), std::string::npos)
      << other.error;
}

TEST(GpuContainer, ForcePtxTakesThePtxEveryGpuRuns) {
  auto c = everyGpu();
  auto r = pickKernelImage(c.data(), c.size(), 90, true);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.image.kind, 1u);
  EXPECT_EQ(r.image.sm, 90u);
  // sm_90a's PTX when the kernel has no other
  auto only = makeContainer({{0, 90 | kA, cubin("c90a")}, {1, 90 | kA, ptx("p90a")}});
  auto h = pickKernelImage(only.data(), only.size(), 90, true);
  ASSERT_TRUE(h.ok) << h.error;
  EXPECT_EQ(h.image.kind, 1u);
  EXPECT_EQ(h.image.sm, 90u | kA);
}

TEST(GpuContainer, DescribeArchSpecific) {
  auto c = makeContainer({{0, 90 | kA, cubin("c90a")}, {1, 80, ptx("p80")}});
  EXPECT_EQ(neve_gpu::describeKernelContainer(c.data(), c.size()),
            "cubin sm_90a, PTX sm_80");
  EXPECT_EQ(neve_gpu::containerSmName(90 | kA), "sm_90a");
}

} // namespace
