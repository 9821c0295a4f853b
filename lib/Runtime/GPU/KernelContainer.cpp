//===- KernelContainer.cpp - Parsing NEVEKRN1 containers --------*- C++ -*-===//
//
// See KernelContainer.h for the format and docs/runtime-gpu.md for why the
// runtime picks as it does: an exact cubin is loaded as is; otherwise the
// driver compiles the newest PTX the device can run (PTX for sm_N runs on
// every device of capability >= N, a cubin only on its own).
//
//===----------------------------------------------------------------------===//

#include "KernelContainer.h"

#include <cstring>

namespace neve_gpu {

namespace {

struct Entry {
  uint32_t kind;
  uint32_t sm;
  uint64_t offset;
  uint64_t size;
};

uint32_t readU32(const unsigned char *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

uint64_t readU64(const unsigned char *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

std::string kindName(uint32_t kind) {
  return kind == kKindCubin ? "cubin" : kind == kKindPtx ? "PTX" : "?";
}


/// Reads and validates the entries; false with \p error set when the
/// container is malformed.
bool readEntries(const unsigned char *base, uint64_t size, uint32_t &count,
                 std::string &error) {
  if (size != kUnknownSize && size < kContainerHeaderSize) {
    error = "truncated kernel container: " + std::to_string(size) +
            " bytes, smaller than its 16-byte header";
    return false;
  }
  count = readU32(base + 8);
  uint64_t tableEnd =
      kContainerHeaderSize + uint64_t(count) * kContainerEntrySize;
  if (count > (1u << 20) || (size != kUnknownSize && tableEnd > size)) {
    error = "truncated kernel container: " + std::to_string(count) +
            " entries do not fit in " +
            (size == kUnknownSize ? std::string("it")
                                  : std::to_string(size) + " bytes");
    return false;
  }
  for (uint32_t i = 0; i < count; ++i) {
    const unsigned char *p =
        base + kContainerHeaderSize + uint64_t(i) * kContainerEntrySize;
    Entry e{readU32(p), readU32(p + 4), readU64(p + 8), readU64(p + 16)};
    std::string where = "kernel container entry " + std::to_string(i);
    if (e.kind != kKindCubin && e.kind != kKindPtx) {
      error = where + " has unknown kind " + std::to_string(e.kind) +
              " (0 is cubin, 1 is PTX)";
      return false;
    }
    if (e.offset < tableEnd || e.size == 0 || e.offset + e.size < e.offset ||
        (size != kUnknownSize && e.offset + e.size > size)) {
      error =
          where + " (" + kindName(e.kind) + " " + containerSmName(e.sm) +
          ") lies outside the container: offset " + std::to_string(e.offset) +
          ", size " + std::to_string(e.size) +
          (size == kUnknownSize ? std::string()
                                : ", container size " + std::to_string(size));
      return false;
    }
    if (e.kind == kKindPtx && base[e.offset + e.size - 1] != 0) {
      error = where + " (PTX " + containerSmName(e.sm) + ") is not NUL-terminated";
      return false;
    }
  }
  return true;
}

} // namespace

std::string containerSmName(uint32_t sm) {
  return "sm_" + std::to_string(sm & ~kArchSpecificSm) +
         (sm & kArchSpecificSm ? "a" : "");
}

bool isKernelContainer(const void *data, uint64_t size) {
  if (!data || size < sizeof(kContainerMagic))
    return false;
  const char *p = static_cast<const char *>(data);
  for (size_t i = 0; i < sizeof(kContainerMagic); ++i)
    if (p[i] != kContainerMagic[i])
      return false;
  return true;
}

std::string describeKernelContainer(const void *data, uint64_t size) {
  const unsigned char *base = static_cast<const unsigned char *>(data);
  uint32_t count = 0;
  std::string error;
  if (!isKernelContainer(data, size) || !readEntries(base, size, count, error))
    return "a malformed container";
  if (count == 0)
    return "no kernel images";
  std::string text;
  for (uint32_t i = 0; i < count; ++i) {
    const unsigned char *p =
        base + kContainerHeaderSize + uint64_t(i) * kContainerEntrySize;
    if (i > 0)
      text += ", ";
    text += kindName(readU32(p)) + " " + containerSmName(readU32(p + 4));
  }
  return text;
}

PickResult pickKernelImage(const void *data, uint64_t size, int deviceSm,
                           bool forcePtx, bool archSpecific) {
  PickResult result;
  if (!data) {
    result.error = "no kernel image (null data)";
    return result;
  }
  if (!isKernelContainer(data, size)) {
    result.ok = true;
    result.image.data = data;
    result.image.size = size;
    return result;
  }
  const unsigned char *base = static_cast<const unsigned char *>(data);
  uint32_t count = 0;
  if (!readEntries(base, size, count, result.error))
    return result;

  // the first of each kind, and the PTX every GPU runs of the highest sm
  int32_t cubin = -1, cubinArch = -1, ptx = -1, ptxArch = -1;
  uint32_t ptxSm = 0;
  bool skippedArch = false;
  for (uint32_t i = 0; i < count; ++i) {
    const unsigned char *p =
        base + kContainerHeaderSize + uint64_t(i) * kContainerEntrySize;
    uint32_t kind = readU32(p), sm = readU32(p + 4);
    uint32_t number = sm & ~kArchSpecificSm;
    bool arch = sm & kArchSpecificSm;
    if (deviceSm < 0)
      continue;
    if (arch && (!archSpecific || number != uint32_t(deviceSm))) {
      skippedArch |= number == uint32_t(deviceSm);
      continue;
    }
    if (kind == kKindCubin && !forcePtx && number == uint32_t(deviceSm)) {
      int32_t &slot = arch ? cubinArch : cubin;
      if (slot < 0)
        slot = static_cast<int32_t>(i);
    }
    if (kind == kKindPtx && number <= uint32_t(deviceSm)) {
      if (arch) {
        if (ptxArch < 0)
          ptxArch = static_cast<int32_t>(i);
      } else if (ptx < 0 || number > ptxSm) {
        ptx = static_cast<int32_t>(i);
        ptxSm = number;
      }
    }
  }
  int32_t chosen = forcePtx ? (ptx >= 0 ? ptx : ptxArch)
                   : cubinArch >= 0 ? cubinArch
                   : cubin >= 0     ? cubin
                   : ptxArch >= 0   ? ptxArch
                                    : ptx;
  if (chosen < 0) {
    result.error = "no kernel image for this GPU: the device has compute "
                   "capability " +
                   std::to_string(deviceSm / 10) + "." +
                   std::to_string(deviceSm % 10) + " (sm_" +
                   std::to_string(deviceSm) + ")" +
                   (forcePtx ? " and NEVE_GPU_FORCE_PTX=1 allows only PTX"
                             : std::string()) +
                   (skippedArch ? " (NEVE_GPU_ARCH_SPECIFIC=0 leaves out its "
                                  "arch-specific images)"
                                : std::string()) +
                   ", the program holds " + describeKernelContainer(data, size);
    return result;
  }
  const unsigned char *p =
      base + kContainerHeaderSize + uint64_t(chosen) * kContainerEntrySize;
  result.ok = true;
  result.image.container = true;
  result.image.kind = readU32(p);
  result.image.sm = readU32(p + 4);
  result.image.data = base + readU64(p + 8);
  result.image.size = readU64(p + 16);
  result.image.entry = chosen;
  return result;
}

} // namespace neve_gpu
