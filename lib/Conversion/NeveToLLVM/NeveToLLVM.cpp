//===- NeveToLLVM.cpp - Lower the neve dialect to LLVM --------------------===//
//
// Lowers neve ops to the LLVM dialect and calls into the Neve runtime
// (include/neve/Runtime/neve_runtime.h), and drives the full conversion of a
// host module (neve + func + arith + cf + math + index + ub) to LLVM.
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "LoweringPatterns.h"
#include "RuntimeCalls.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::neve {
#define GEN_PASS_DEF_CONVERTNEVETOLLVMPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

/// A launch's tensor_map arguments (`neve.tensor_map_args`, from
/// --neve-outline-kernels) are handles to the runtime's cached 128-byte
/// descriptors: the kernel takes the descriptor itself as a grid-constant
/// parameter (--neve-kernel-abi), so the launch passes the bytes the handle
/// points to, and the driver copies them into the kernel's parameters
/// (docs/codegen.md, "Kernel arguments").
void passTensorMaps(ModuleOp module) {
  module.walk([](gpu::LaunchFuncOp launch) {
    auto maps =
        launch->getAttrOfType<DenseI32ArrayAttr>("neve.tensor_map_args");
    if (!maps)
      return;
    OpBuilder b(launch);
    auto descriptor = LLVM::LLVMArrayType::get(b.getI64Type(), 16);
    unsigned first = launch.getKernelOperands().getBeginOperandIndex();
    for (int32_t i : maps.asArrayRef()) {
      OpOperand &arg = launch->getOpOperand(first + i);
      arg.set(LLVM::LoadOp::create(b, launch.getLoc(), descriptor, arg.get(),
                                   /*alignment=*/64));
    }
    launch->removeAttr("neve.tensor_map_args");
  });
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertNeveToLLVMPass
    : neve::impl::ConvertNeveToLLVMPassBase<ConvertNeveToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    annotateArrayArguments(module);
    passTensorMaps(module);
    LLVMTypeConverter converter(ctx);
    populateNeveToLLVMTypeConversions(converter);

    RewritePatternSet patterns(ctx);
    populateNeveToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    // Kernel launches (gpu.launch_func from --neve-outline-kernels): the
    // stream travels as the async token; the embedded gpu.binary stays
    // for the LLVM IR translation, which emits the mgpu* runtime calls.
    converter.addConversion(
        [ctx](gpu::AsyncTokenType) { return LLVM::LLVMPointerType::get(ctx); });
    populateGpuToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addLegalOp<gpu::BinaryOp>();
    target.addDynamicallyLegalOp<gpu::LaunchFuncOp>(
        [&](gpu::LaunchFuncOp op) {
          return converter.isLegal(op->getOperandTypes()) &&
                 converter.isLegal(op->getResultTypes());
        });
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::neve::populateNeveToLLVMTypeConversions(
    LLVMTypeConverter &converter) {
  // Every reference type is one pointer (null for nil).
  MLIRContext *ctx = &converter.getContext();
  converter.addConversion(
      [ctx](StrType) { return LLVM::LLVMPointerType::get(ctx); });
  converter.addConversion(
      [ctx](ArrayType) { return LLVM::LLVMPointerType::get(ctx); });
  converter.addConversion(
      [ctx](MapType) { return LLVM::LLVMPointerType::get(ctx); });
  converter.addConversion(
      [ctx](ObjectType) { return LLVM::LLVMPointerType::get(ctx); });
  converter.addConversion(
      [ctx](AnyType) { return LLVM::LLVMPointerType::get(ctx); });
  converter.addConversion(
      [ctx](ChannelType) { return LLVM::LLVMPointerType::get(ctx); });
  // Tuples are values: a literal struct of their converted elements.
  converter.addConversion([&converter](TupleType t) -> std::optional<Type> {
    SmallVector<Type> elems;
    for (Type e : t.getTypes()) {
      Type c = converter.convertType(e);
      if (!c)
        return std::nullopt;
      elems.push_back(c);
    }
    return LLVM::LLVMStructType::getLiteral(&converter.getContext(), elems);
  });
}

void mlir::neve::populateNeveToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  populateStrLoweringPatterns(converter, patterns);
  populateArrayLoweringPatterns(converter, patterns);
  populateMapLoweringPatterns(converter, patterns);
  populateObjectLoweringPatterns(converter, patterns);
  populateScalarLoweringPatterns(converter, patterns);
  populateValueLoweringPatterns(converter, patterns);
  populateConcurrencyLoweringPatterns(converter, patterns);
  populateDebugLoweringPatterns(converter, patterns);
}
