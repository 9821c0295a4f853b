//===- DebugLowering.cpp - assert and print in device code ----------------===//
//
// neve.assert: in host code a false condition is a run-time error at the
// op's location; in device code, with device checks (the gpu.module's
// neve.device_checks), the thread reports it (block, thread, message) and
// traps, and without them the op is erased. neve.device_print becomes
// gpu.printf with device checks, and nothing without (docs/gpu.md,
// "Debugging").
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"
#include "RuntimeCalls.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::neve;

namespace {

/// Splits the block at the rewriter's insertion point: `failed` branches to
/// a new block (returned, the rewriter in it), else execution continues.
Block *branchOnFailure(ConversionPatternRewriter &rewriter, Location loc,
                       Value failed, Block *&cont) {
  Block *before = rewriter.getInsertionBlock();
  cont = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *fail = rewriter.createBlock(cont);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, failed, fail, ValueRange(), cont,
                         ValueRange(),
                         std::make_pair<uint32_t, uint32_t>(1, 1 << 20));
  rewriter.setInsertionPointToStart(fail);
  return fail;
}

/// neve.assert %c, "msg" -> if (!c) report "assertion failed: msg".
struct AssertLowering : ConvertOpToLLVMPattern<AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool device = RuntimeCalls::inDeviceCode(op);
    if (device && !deviceChecksEnabled(op)) {
      rewriter.eraseOp(op);
      return success();
    }
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(), 1);
    Value failed =
        LLVM::XOrOp::create(rewriter, loc, adaptor.getCondition(), one);
    Block *cont;
    branchOnFailure(rewriter, loc, failed, cont);
    std::string message = ("assertion failed: " + op.getMessage()).str();
    RuntimeCalls rt(rewriter, device ? ModuleOp() : op->getParentOfType<ModuleOp>());
    rt.emitError(loc, message); // a report and a trap in device code
    rewriter.setInsertionPointToStart(cont);
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.device_print -> gpu.printf (device checks) or nothing. An i1
/// operand is the `%s` of "true" or "false": the address (as an i64) of one
/// of the two words in a constant of the gpu.module.
struct DevicePrintLowering : ConvertOpToLLVMPattern<DevicePrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(DevicePrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "neve.device_print in host code");
    if (!deviceChecksEnabled(op)) {
      rewriter.eraseOp(op);
      return success();
    }
    Location loc = op.getLoc();
    SmallVector<Value> args;
    for (Value v : adaptor.getArgs()) {
      if (v.getType().isInteger(1))
        v = boolText(rewriter, loc, module, v);
      args.push_back(v);
    }
    rewriter.replaceOpWithNewOp<gpu::PrintfOp>(op, op.getFormatAttr(), args);
    return success();
  }

  static Value boolText(ConversionPatternRewriter &rewriter, Location loc,
                        gpu::GPUModuleOp module, Value flag) {
    constexpr StringLiteral name = "neve.bool_text";
    auto array = LLVM::LLVMArrayType::get(rewriter.getI8Type(), 11);
    if (!SymbolTable::lookupSymbolIn(module, name)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(rewriter, loc, array, /*isConstant=*/true,
                             LLVM::Linkage::Internal, name,
                             rewriter.getStringAttr(StringRef("true\0false\0", 11)));
    }
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value base = LLVM::AddressOfOp::create(rewriter, loc, ptr, name);
    Value five = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 5);
    Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 0);
    Value offset = LLVM::SelectOp::create(rewriter, loc, flag, zero, five);
    Value word = LLVM::GEPOp::create(rewriter, loc, ptr, rewriter.getI8Type(),
                                     base, ValueRange{offset});
    // gpu.printf takes numbers only; vprintf reads the 8 bytes as the
    // pointer `%s` wants.
    return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), word);
  }
};

} // namespace

void mlir::neve::populateDebugLoweringPatterns(LLVMTypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<AssertLowering, DevicePrintLowering>(converter);
}
