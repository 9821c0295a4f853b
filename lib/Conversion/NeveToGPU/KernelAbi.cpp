//===- KernelAbi.cpp - Kernel parameters and targets of Hopper code -------===//
//
// --neve-kernel-abi (Passes.td): tensor_map parameters become 128-byte
// grid-constant byval parameters, and a module whose kernel uses Hopper's
// instructions drops the targets below the sm it needs.
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"

#include "neve/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEKERNELABIPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

struct KernelAbiPass : neve::impl::NeveKernelAbiPassBase<KernelAbiPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    bool failedAny = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
      int32_t minSm = 0;
      Operation *needing = nullptr;
      for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
        if (auto maps = fn->getAttrOfType<DenseI32ArrayAttr>(
                "neve.tensor_map_args")) {
          auto descriptor =
              LLVM::LLVMArrayType::get(IntegerType::get(ctx, 64), 16);
          for (int32_t i : maps.asArrayRef()) {
            fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                          TypeAttr::get(descriptor));
            fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                          IntegerAttr::get(IntegerType::get(ctx, 64), 64));
            fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                          UnitAttr::get(ctx));
          }
          fn->removeAttr("neve.tensor_map_args");
        }
        if (auto sm = fn->getAttrOfType<IntegerAttr>("neve.min_sm"))
          if (sm.getInt() > minSm) {
            minSm = sm.getInt();
            needing = fn;
          }
      }
      SmallVector<Attribute> kept;
      auto needs = [&](StringRef chip) {
        return int32_t(kernels::smNumber(chip)) >= minSm;
      };
      // a module's own chips (--neve-arch-variants) replace the option's
      SmallVector<std::string> own;
      if (auto list = module->getAttrOfType<ArrayAttr>(kernels::kChipsAttr)) {
        for (Attribute a : list)
          if (auto name = dyn_cast<StringAttr>(a))
            own.push_back(name.str());
        module->removeAttr(kernels::kChipsAttr);
      }
      ArrayRef<std::string> chipList =
          own.empty() ? ArrayRef<std::string>(chips) : ArrayRef(own);
      if (!chipList.empty()) {
        ArrayAttr files;
        if (!link.empty()) {
          SmallVector<Attribute> names;
          for (const std::string &f : link)
            names.push_back(StringAttr::get(ctx, f));
          files = ArrayAttr::get(ctx, names);
        }
        for (const std::string &chip : chipList)
          if (needs(chip))
            kept.push_back(NVVM::NVVMTargetAttr::get(
                ctx, optLevel, "nvptx64-nvidia-cuda", chip, features,
                /*targetFlags=*/nullptr, files));
      } else {
        ArrayAttr targets = module.getTargetsAttr();
        if (!minSm || !targets)
          return;
        for (Attribute t : targets) {
          auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
          if (!nvvm || needs(nvvm.getChip()))
            kept.push_back(t);
        }
      }
      if (kept.empty()) {
        (needing ? needing : module.getOperation())
                ->emitError("the kernel uses instructions of sm_")
            << minSm << " and later, and no target of its module is one";
        failedAny = true;
        return;
      }
      module.setTargetsAttr(ArrayAttr::get(ctx, kept));
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
