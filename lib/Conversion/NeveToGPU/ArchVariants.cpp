//===- ArchVariants.cpp - Hopper variants of the kernels that gain there ---===//
//
// --neve-arch-variants (Passes.td): without --gpu-arch, a program carries
// its kernels for every GPU, and for Hopper (sm_90a) a second build of the
// kernels whose code differs there: the tiled products that run on wgmma.
// A kernel written with Hopper's arch-specific intrinsics exists for sm_90a
// only. docs/codegen.md, "One binary for every GPU".
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEARCHVARIANTSPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

struct ArchVariantsPass
    : mlir::neve::impl::NeveArchVariantsPassBase<ArchVariantsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Attribute hopperOnly =
        ArrayAttr::get(ctx, {StringAttr::get(ctx, "sm_90a")});
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules) {
      bool archSpecific = false, wgmma = false;
      module.walk([&](Operation *op) {
        archSpecific |= kernels::isArchSpecific(op);
        if (auto mm = dyn_cast<layout::MatmulOp>(op))
          wgmma |= mm.lowersToWgmma();
      });
      if (archSpecific) {
        module->setAttr(kernels::kChipsAttr, hopperOnly);
        module->setAttr(kernels::kWgmmaAttr, UnitAttr::get(ctx));
        continue;
      }
      if (!wgmma)
        continue;
      OpBuilder b(module);
      b.setInsertionPointAfter(module);
      auto variant = cast<gpu::GPUModuleOp>(b.clone(*module));
      variant.setName((module.getName() + kernels::kHopperVariantSuffix).str());
      variant->setAttr(kernels::kChipsAttr, hopperOnly);
      variant->setAttr(kernels::kWgmmaAttr, UnitAttr::get(ctx));
    }
  }
};

} // namespace
