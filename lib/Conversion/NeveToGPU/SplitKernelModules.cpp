//===- SplitKernelModules.cpp - One gpu.module per kernel ------------------===//
//
// --neve-split-kernel-modules: a gpu.module holding several kernels becomes
// one module per kernel, each with a copy of the module's other symbols, and
// launches are redirected. What one kernel's module holds then depends on
// that kernel alone: it compiles on its own thread and is found in the
// kernel cache whatever else the program holds (--neve-compile-kernels).
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVESPLITKERNELMODULESPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;

namespace {

struct SplitKernelModulesPass
    : neve::impl::NeveSplitKernelModulesPassBase<SplitKernelModulesPass> {
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    SymbolTable symbols(top);
    // (module, kernel) -> the module that holds that kernel alone.
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> moved;
    for (auto module :
         llvm::make_early_inc_range(top.getOps<gpu::GPUModuleOp>())) {
      SmallVector<gpu::GPUFuncOp> kernelFuncs;
      for (auto fn : module.getOps<gpu::GPUFuncOp>())
        if (fn.isKernel())
          kernelFuncs.push_back(fn);
      if (kernelFuncs.size() < 2)
        continue;
      OpBuilder b(module);
      b.setInsertionPointAfter(module);
      for (gpu::GPUFuncOp kernel : kernelFuncs) {
        auto single = cast<gpu::GPUModuleOp>(b.cloneWithoutRegions(*module));
        single.getBodyRegion().emplaceBlock();
        // The name is kept unique in the parent's symbol table.
        single.setName((module.getName() + "_" + kernel.getName()).str());
        symbols.insert(single, b.getInsertionPoint());
        OpBuilder inner = OpBuilder::atBlockEnd(single.getBody());
        for (Operation &op : module.getBody()->without_terminator()) {
          auto fn = dyn_cast<gpu::GPUFuncOp>(op);
          if (fn && fn.isKernel() && fn != kernel)
            continue;
          inner.clone(op);
        }
        moved[{module.getNameAttr(), kernel.getNameAttr()}] =
            single.getNameAttr();
        b.setInsertionPointAfter(single);
      }
      symbols.erase(module);
    }
    if (moved.empty())
      return;
    top.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr ref = launch.getKernel();
      auto it = moved.find({ref.getRootReference(), ref.getLeafReference()});
      if (it == moved.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          ctx, it->second, {FlatSymbolRefAttr::get(ref.getLeafReference())}));
    });
  }
};

} // namespace
