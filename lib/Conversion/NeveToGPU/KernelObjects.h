//===- KernelObjects.h - Kernels as the runtime loads them ------*- C++ -*-===//
//
// What --neve-embed-kernels and --neve-compile-kernels share: running
// ptxas (found by neve/Support/CudaToolkit.h), and the runtime's NEVEKRN1
// container of a cubin and PTX (docs/runtime-gpu.md). Nothing here emits diagnostics: the compile pass
// calls it from several threads and reports afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_CONVERSION_NEVETOGPU_KERNELOBJECTS_H
#define NEVE_CONVERSION_NEVETOGPU_KERNELOBJECTS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <utility>

namespace mlir::neve::kernels {

/// "sm_90" -> 90, "sm_90a" -> 90.
unsigned smNumber(StringRef chip);

/// A container entry's `sm` for an arch-specific chip ("sm_90a") is its
/// number with this bit set: such a cubin or PTX runs on that one chip
/// only (the runtime's KernelContainer.h reads the same bit).
inline constexpr uint32_t kArchSpecificSm = 1u << 16;

/// The `sm` field of a container entry for \p chip: 90 for "sm_90",
/// 90 | kArchSpecificSm for "sm_90a".
uint32_t containerSm(StringRef chip);

/// The name suffix of a module's sm_90a variant (--neve-arch-variants),
/// merged into the module's binary by --neve-compile-kernels.
inline constexpr const char *kHopperVariantSuffix = "__sm_90a";

/// A module's own chips (an array of strings), which --neve-kernel-abi
/// attaches instead of its `chips` option.
inline constexpr const char *kChipsAttr = "neve.chips";

/// A module whose tiled products --lower-layouts lowers to wgmma.
inline constexpr const char *kWgmmaAttr = "neve.wgmma";

/// Instructions of sm_90a alone (wgmma, setmaxnreg): MLIRGenHopper.cpp
/// emits them as these NVVM ops.
bool isArchSpecific(Operation *op);

/// The entries of \p variant (a NEVEKRN1 container) and then \p base's, as
/// one container; "" when either is not a well-formed container.
std::string mergeContainers(StringRef base, StringRef variant);

/// The PTX of one NVVM target.
using TargetPtx = std::pair<NVVM::NVVMTargetAttr, std::string>;

/// The NEVEKRN1 container of \p ptx: the cubin of \p chip's PTX (assembled
/// with \p ptxas, keeping line information with \p lineInfo; none when
/// \p ptxas is "", for a PTX-only build) and every target's PTX. On failure
/// (ptxas rejects the PTX), "" and \p error says why.
std::string pack(ArrayRef<TargetPtx> ptx, StringRef chip, StringRef ptxas,
                 std::string &error, bool lineInfo = false);

/// The attribute --neve-kernel-cache leaves on a module it did not find:
/// the key --neve-compile-kernels stores the module's result under.
inline constexpr const char *kKernelKeyAttr = "neve.kernel_key";

/// The kernels of \p module for remarks, "add_k" or "a_k, b_k" (gpu.func
/// kernels before the lowering, llvm.func NVVM kernels after).
std::string kernelNames(gpu::GPUModuleOp module);

/// The source location of \p module's first kernel, else the module's.
Location kernelLoc(gpu::GPUModuleOp module);

/// The target of \p module whose cubin is embedded: the one of \p chip,
/// else the first.
Attribute binaryTarget(gpu::GPUModuleOp module, StringRef chip);

/// Replaces \p module by a gpu.binary of the same name holding \p container
/// (a NEVEKRN1 container) as its one object, for \p target.
void replaceByBinary(gpu::GPUModuleOp module, StringRef container,
                     Attribute target);

/// A cache entry: the binary's target (printed) and the container.
std::string cachePayload(Attribute target, StringRef container);

/// The target and container of a cache entry's payload; a null target
/// when it is not one.
std::pair<Attribute, StringRef> parseCachePayload(MLIRContext *ctx,
                                                  StringRef payload);

} // namespace mlir::neve::kernels

#endif // NEVE_CONVERSION_NEVETOGPU_KERNELOBJECTS_H
