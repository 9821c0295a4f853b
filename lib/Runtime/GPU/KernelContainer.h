//===- KernelContainer.h - The NEVEKRN1 kernel container --------*- C++ -*-===//
//
// The compiler embeds a program's GPU kernels as one container per
// gpu.binary (docs/runtime-gpu.md, "Kernel container"):
//
//   struct { char magic[8] = "NEVEKRN1"; uint32_t count; uint32_t reserved; }
//   count entries of
//   struct { uint32_t kind;   // 0 = cubin (ELF), 1 = PTX text
//            uint32_t sm;     // 90 for sm_90, 80 for compute_80, ...;
//                             // bit 16 set for an arch-specific chip
//                             // (sm_90a: 90 | 1 << 16), which only that
//                             // chip runs
//            uint64_t offset; // from the start of the container
//            uint64_t size; } // bytes; a PTX payload's size counts its NUL
//   then the payloads.
//
// All fields are little-endian and read with memcpy, so the container needs
// no alignment. pickKernelImage is pure (no driver, no environment), so it
// is unit-tested directly (test/unit/GpuContainerTest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_KERNELCONTAINER_H
#define NEVE_RUNTIME_GPU_KERNELCONTAINER_H

#include <cstdint>
#include <string>

namespace neve_gpu {

constexpr char kContainerMagic[8] = {'N', 'E', 'V', 'E', 'K', 'R', 'N', '1'};
constexpr uint64_t kContainerHeaderSize = 16;
constexpr uint64_t kContainerEntrySize = 24;
constexpr uint32_t kKindCubin = 0;
constexpr uint32_t kKindPtx = 1;
/// The `sm` bit of an arch-specific image (sm_90a): it runs on a device of
/// exactly that capability, and is preferred there (the compiler's
/// KernelObjects.h sets the same bit).
constexpr uint32_t kArchSpecificSm = 1u << 16;

/// "Unknown size": mgpuModuleLoadJIT passes no size; the container's own
/// header and entries then bound what is read.
constexpr uint64_t kUnknownSize = ~uint64_t(0);

/// What to hand to cuModuleLoadDataEx.
struct KernelImage {
  const void *data = nullptr;
  uint64_t size = 0;          ///< kUnknownSize for raw data of unknown size
  bool container = false;     ///< false: the data had no magic, passed as is
  uint32_t kind = kKindCubin; ///< for container entries
  uint32_t sm = 0;            ///< for container entries
  int32_t entry = -1;         ///< index of the chosen entry
};

struct PickResult {
  bool ok = false;
  KernelImage image;
  std::string error; ///< when !ok: why, for the runtime error message
};

/// True when \p data starts with the container magic (reads at most 8
/// bytes, stopping at the first mismatch, so a short NUL-terminated PTX
/// string is never over-read; \p size bounds it when known).
bool isKernelContainer(const void *data, uint64_t size);

/// Chooses the image for a device of compute capability \p deviceSm
/// (major * 10 + minor): an arch-specific cubin of exactly that sm (sm_90a
/// on an H100/H200: the kernels built for Hopper's wgmma), else a cubin
/// of exactly that sm, else arch-specific PTX of that sm, else the PTX with
/// the highest sm <= it. An arch-specific image is never taken for another
/// sm, nor when \p archSpecific is false (NEVE_GPU_ARCH_SPECIFIC=0: the
/// kernels every GPU runs, to compare or to test them on Hopper). With
/// \p forcePtx only PTX is considered, the PTX every GPU runs first (the
/// fallback it tests), arch-specific PTX only for a kernel that has none.
/// Data without the magic is returned as is (raw cubin or PTX). A malformed
/// container (truncated header or entries, a payload outside the container,
/// an unknown kind, a PTX payload without its NUL) or one with nothing for
/// the device is an error naming the device's capability and the entries.
PickResult pickKernelImage(const void *data, uint64_t size, int deviceSm,
                           bool forcePtx, bool archSpecific = true);

/// "sm_90", or "sm_90a" for an `sm` with kArchSpecificSm.
std::string containerSmName(uint32_t sm);

/// "cubin sm_90, PTX sm_80" for the entries of a well-formed container
/// (used in error messages).
std::string describeKernelContainer(const void *data, uint64_t size);

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_KERNELCONTAINER_H
