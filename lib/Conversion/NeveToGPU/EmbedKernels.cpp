//===- EmbedKernels.cpp - A cubin and PTX in one embedded object ----------===//
//
// --neve-embed-kernels: after `gpu-module-to-binary{format=isa}` each
// gpu.binary holds one PTX object per NVVM target. The PTX of the chosen
// chip is assembled by ptxas into a cubin, and the objects are replaced by
// one `bin` object: the runtime's NEVEKRN1 container (lib/Runtime/GPU,
// docs/runtime-gpu.md), which the runtime's mgpuModuleLoad opens at the
// first launch, picking the cubin when the device matches and the best PTX
// otherwise.
//
//   header:  char magic[8] = "NEVEKRN1"; uint32 count; uint32 reserved
//   entries: uint32 kind (0 cubin, 1 PTX); uint32 sm; uint64 offset, size
//   payloads (PTX NUL-terminated, the NUL counted in its size)
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"
#include "KernelObjects.h"
#include "neve/Support/CudaToolkit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEEMBEDKERNELSPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

struct EmbedKernelsPass
    : mlir::neve::impl::NeveEmbedKernelsPassBase<EmbedKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<gpu::BinaryOp> binaries(
        getOperation().getOps<gpu::BinaryOp>());
    if (binaries.empty())
      return;
    ::neve::cuda::Search tool = ::neve::cuda::findPtxas(ptxas);
    for (gpu::BinaryOp bin : binaries)
      if (failed(embed(bin, tool)))
        return signalPassFailure();
  }

  LogicalResult embed(gpu::BinaryOp bin, const ::neve::cuda::Search &tool) {
    SmallVector<kernels::TargetPtx> ptx;
    Attribute cubinTarget;
    for (Attribute a : bin.getObjectsAttr()) {
      auto object = cast<gpu::ObjectAttr>(a);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly)
        return bin.emitError("expects PTX objects for NVVM targets "
                             "(gpu-module-to-binary{format=isa})");
      ptx.push_back({target, object.getObject().getValue().str()});
      if (target.getChip() == chip)
        cubinTarget = target;
    }
    if (cubinTarget && !tool.found())
      return bin.emitError(::neve::cuda::missingPtxasMessage(tool));
    std::string error;
    std::string packed = kernels::pack(ptx, chip, tool.path, error);
    if (packed.empty())
      return bin.emitError(error);
    if (!cubinTarget)
      cubinTarget = ptx.front().first;
    auto object = gpu::ObjectAttr::get(
        &getContext(), cubinTarget, gpu::CompilationTarget::Binary,
        StringAttr::get(&getContext(), packed), nullptr, nullptr);
    bin.setObjectsAttr(ArrayAttr::get(&getContext(), {object}));
    return success();
  }
};

} // namespace
