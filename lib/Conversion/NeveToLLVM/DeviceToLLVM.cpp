//===- DeviceToLLVM.cpp - The neve ops of device code to LLVM -------------===//
//
// --convert-neve-device-to-llvm runs on the kernels' gpu.module before
// upstream convert-gpu-to-nvvm: the few neve ops device code may hold
// (tuples, checked division, fixed-array index checks) are lowered by the
// host patterns in a partial conversion; failing checks trap
// (RuntimeCalls::emitError).
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/NeveToLLVM/NeveToLLVM.h"
#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::neve {
#define GEN_PASS_DEF_CONVERTNEVEDEVICETOLLVMPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

struct ConvertNeveDeviceToLLVMPass
    : neve::impl::ConvertNeveDeviceToLLVMPassBase<ConvertNeveDeviceToLLVMPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    populateNeveToLLVMTypeConversions(converter);
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
