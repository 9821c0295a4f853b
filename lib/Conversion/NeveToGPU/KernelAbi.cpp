//===- KernelAbi.cpp - Kernel parameters and targets of Hopper code -------===//
//
// --neve-kernel-abi (Passes.td): tensor_map parameters become 128-byte
// grid-constant byval parameters, and a module whose kernel uses Hopper's
// instructions drops the targets below the sm it needs.
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

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

/// The least sm \p fn's instructions need, and whether one of them is
/// sm_90a's alone (wgmma, setmaxnreg).
std::pair<int32_t, bool> needsOf(LLVM::LLVMFuncOp fn) {
  int32_t sm = 0;
  if (auto attr = fn->getAttrOfType<IntegerAttr>("neve.min_sm"))
    sm = attr.getInt();
  bool archSpecific = false;
  fn.walk([&](Operation *op) {
    archSpecific |= kernels::isArchSpecific(op);
    return archSpecific ? WalkResult::interrupt() : WalkResult::advance();
  });
  return {sm, archSpecific};
}

bool chipHas(StringRef chip, int32_t sm, bool archSpecific) {
  return int32_t(kernels::smNumber(chip)) >= sm &&
         (!archSpecific || chip.ends_with("a"));
}

/// A library's kernel (Frost's wgmma GEMM in a build for sm_90, say) that
/// no chip of the build has the instructions of does not stop the program:
/// its body becomes a trap, and the library launches it only where it
/// runs (sm90a_available(), gpu_capability()).
void trapUnbuildable(gpu::GPUModuleOp module, ArrayRef<std::string> chips) {
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!fn->hasAttr(kLibraryKernelAttrName) || fn.isExternal())
      continue;
    auto [sm, archSpecific] = needsOf(fn);
    if (llvm::any_of(chips, [&, sm = sm, archSpecific = archSpecific](
                                const std::string &chip) {
          return chipHas(chip, sm, archSpecific);
        }))
      continue;
    fn.getBody().dropAllReferences();
    fn.getBody().getBlocks().clear();
    OpBuilder b(fn);
    Block *entry = fn.addEntryBlock(b);
    b.setInsertionPointToEnd(entry);
    LLVM::Trap::create(b, fn.getLoc());
    LLVM::ReturnOp::create(b, fn.getLoc(), ValueRange{});
    fn->removeAttr("neve.min_sm");
    fn->removeAttr(NVVM::NVVMDialect::getMaxntidAttrName());
    fn->removeAttr(NVVM::NVVMDialect::getMinctasmAttrName());
  }
}

struct KernelAbiPass : neve::impl::NeveKernelAbiPassBase<KernelAbiPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    bool failedAny = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
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
      if (!chipList.empty())
        trapUnbuildable(module, chipList);
      int32_t minSm = 0;
      bool archSpecific = false; // wgmma and setmaxnreg: sm_90a alone
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
        auto [sm, fnArchSpecific] = needsOf(fn);
        archSpecific |= fnArchSpecific;
        if (sm > minSm) {
          minSm = sm;
          needing = fn;
        }
      }
      SmallVector<Attribute> kept;
      auto needs = [&](StringRef chip) {
        return chipHas(chip, minSm, archSpecific);
      };
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
                ->emitError("the kernel uses instructions of ")
            << (archSpecific ? std::string("sm_90a")
                             : "sm_" + std::to_string(minSm) + " and later")
            << ", and no target of its module is one";
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
