//===- DeviceToLLVM.cpp - The neve ops of device code to LLVM -------------===//
//
// --convert-neve-device-to-llvm runs on the kernels' gpu.module before
// upstream convert-gpu-to-nvvm: the few neve ops device code may hold
// (tuples, checked division, fixed-array index checks, assert, print) are
// lowered by the host patterns in a partial conversion; failing checks trap
// (RuntimeCalls::emitError), after a report with device checks.
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/NeveToLLVM/NeveToLLVM.h"
#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "RuntimeCalls.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::neve {
#define GEN_PASS_DEF_CONVERTNEVEDEVICETOLLVMPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

/// Tuples that cross blocks (the result of an inlined gpu function with
/// several `return`s arrives as a block argument) travel as their elements:
/// each tuple block argument becomes one argument per element, rebuilt with
/// neve.tuple_make at the block's start, and the branches pass the elements.
/// (The conversion framework converts only entry blocks' arguments.)
void splitTupleBlockArguments(gpu::GPUModuleOp module) {
  module.walk([](Block *block) {
    if (block->isEntryBlock())
      return;
    for (unsigned i = 0; i < block->getNumArguments();) {
      BlockArgument arg = block->getArgument(i);
      auto tuple = dyn_cast<TupleType>(arg.getType());
      if (!tuple) {
        ++i;
        continue;
      }
      Location loc = arg.getLoc();
      SmallVector<Value> elems;
      for (Type t : tuple.getTypes())
        elems.push_back(block->addArgument(t, loc));
      OpBuilder b(block, block->begin());
      Value whole = TupleMakeOp::create(b, loc, tuple, elems);
      arg.replaceAllUsesWith(whole);
      for (Block *pred : block->getPredecessors()) {
        auto branch = cast<BranchOpInterface>(pred->getTerminator());
        for (unsigned s = 0; s < branch->getNumSuccessors(); ++s) {
          if (branch->getSuccessor(s) != block)
            continue;
          SuccessorOperands operands = branch.getSuccessorOperands(s);
          Value v = operands[i];
          OpBuilder pb(branch);
          SmallVector<Value> parts;
          for (auto [k, t] : llvm::enumerate(tuple.getTypes()))
            parts.push_back(TupleGetOp::create(pb, loc, t, v,
                                               pb.getI64IntegerAttr(k)));
          operands.erase(i);
          operands.append(parts);
        }
      }
      block->eraseArgument(i);
    }
  });
}

struct ConvertNeveDeviceToLLVMPass
    : neve::impl::ConvertNeveDeviceToLLVMPassBase<ConvertNeveDeviceToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // What the patterns consult (RuntimeCalls.h, deviceChecksEnabled).
    if (deviceChecks)
      getOperation()->setAttr(kDeviceChecksAttrName, UnitAttr::get(ctx));
    else
      getOperation()->removeAttr(kDeviceChecksAttrName);
    LLVMTypeConverter converter(ctx);
    populateNeveToLLVMTypeConversions(converter);
    splitTupleBlockArguments(getOperation());
    RewritePatternSet patterns(ctx);
    populateNeveToLLVMConversionPatterns(converter, patterns);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<NeveDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
