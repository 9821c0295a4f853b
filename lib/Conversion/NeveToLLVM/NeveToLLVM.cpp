//===- NeveToLLVM.cpp - Lower the neve dialect to LLVM --------------------===//
//
// Lowers neve ops to the LLVM dialect and calls into the Neve runtime
// (include/neve/Runtime/neve_runtime.h), and drives the full conversion of a
// host module (neve + func + arith + cf + math + index + ub) to LLVM.
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "RuntimeCalls.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::neve {
#define GEN_PASS_DEF_CONVERTNEVETOLLVMPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

/// neve.str_constant "abc" -> address of a constant `{i64 3, "abc\0"}`.
struct StrConstantLowering : ConvertOpToLLVMPattern<StrConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StrConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       getStrLiteral(rewriter, op.getLoc(), op->getParentOfType<ModuleOp>(),
                                     op.getValue()));
    return success();
  }
};

/// neve.str_eq %a, %b -> neve_str_eq(%a, %b) != 0.
struct StrEqLowering : ConvertOpToLLVMPattern<StrEqOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StrEqOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value eq = rt.call(loc, "neve_str_eq", {adaptor.getLhs(), adaptor.getRhs()});
    Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(), 0);
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::ne, eq,
                                              zero);
    return success();
  }
};

/// neve.nil -> the null pointer.
struct NilLowering : ConvertOpToLLVMPattern<NilOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(NilOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(
        op, LLVM::LLVMPointerType::get(rewriter.getContext()));
    return success();
  }
};

/// neve.str_concat %a, %b -> neve_str_concat(%a, %b).
struct StrConcatLowering : ConvertOpToLLVMPattern<StrConcatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StrConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(op, rt.call(op.getLoc(), "neve_str_concat",
                                   {adaptor.getLhs(), adaptor.getRhs()}));
    return success();
  }
};

/// neve.str_cmp %a, %b -> neve_str_cmp(%a, %b).
struct StrCmpLowering : ConvertOpToLLVMPattern<StrCmpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StrCmpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(op, rt.call(op.getLoc(), "neve_str_cmp",
                                   {adaptor.getLhs(), adaptor.getRhs()}));
    return success();
  }
};

/// neve.to_str %x -> neve_str_from_<kind>(%x), the kinds chosen as print
/// chooses them (integers narrower than i64 are sign-extended).
struct ToStrLowering : ConvertOpToLLVMPattern<ToStrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ToStrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Type type = op.getValue().getType();
    Value value = adaptor.getValue();
    Value result;
    if (type.isF32()) {
      result = rt.call(loc, "neve_str_from_f32", {value});
    } else if (type.isInteger(1)) {
      result = rt.call(loc, "neve_str_from_bool", {rt.boolArg(loc, value)});
    } else if (op.getIsChar()) {
      result = rt.call(loc, "neve_str_from_char", {value});
    } else if (auto intTy = dyn_cast<IntegerType>(type)) {
      if (intTy.getWidth() < 64)
        value = LLVM::SExtOp::create(rewriter, loc, rewriter.getI64Type(),
                                     value);
      else if (intTy.getWidth() > 64)
        return rewriter.notifyMatchFailure(op, "integer wider than i64");
      result = rt.call(loc, "neve_str_from_i64", {value});
    } else {
      return rewriter.notifyMatchFailure(op, "unconvertible operand type");
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// neve.print %a, %b -> neve_print_<kind>(%a); ...; neve_print_end(newline).
struct PrintLowering : ConvertOpToLLVMPattern<PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    for (auto [i, orig, value] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      Type type = orig.getType();
      if (op.isChar(i)) {
        rt.call(loc, "neve_print_char", {value});
      } else if (isa<StrType>(type)) {
        rt.call(loc, "neve_print_str", {value});
      } else if (type.isF32()) {
        rt.call(loc, "neve_print_f32", {value});
      } else if (type.isInteger(1)) {
        rt.call(loc, "neve_print_bool", {rt.boolArg(loc, value)});
      } else if (type.isInteger(32)) {
        rt.call(loc, "neve_print_i32", {value});
      } else if (auto intTy = dyn_cast<IntegerType>(type)) {
        Value wide = value;
        if (intTy.getWidth() < 64)
          wide = LLVM::SExtOp::create(rewriter, loc, rewriter.getI64Type(),
                                      value);
        rt.call(loc, "neve_print_i64", {wide});
      } else {
        return rewriter.notifyMatchFailure(op, "unprintable operand type");
      }
    }
    Value nl = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(),
                                        op.getNewline() ? 1 : 0);
    rt.call(loc, "neve_print_end", {nl});
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Checked integer division
//===----------------------------------------------------------------------===//

/// Emits `if (rhs == 0) neve_rt_error(loc, "integer division by zero")` and
/// leaves the rewriter in the continuation block.
static void emitZeroCheck(ConversionPatternRewriter &rewriter, Operation *op,
                          Value rhs) {
  Location loc = op->getLoc();
  Value zero = LLVM::ConstantOp::create(rewriter, loc, rhs.getType(), 0);
  Value isZero = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      rhs, zero);
  Block *before = rewriter.getInsertionBlock();
  Block *cont = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *fail = rewriter.createBlock(cont);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, isZero, fail, cont);
  rewriter.setInsertionPointToStart(fail);
  RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
  rt.emitError(loc, "integer division by zero");
  rewriter.setInsertionPointToStart(cont);
}

/// Division and remainder by -1 are rewritten so that INT_MIN // -1 wraps
/// (to INT_MIN) and INT_MIN % -1 is 0 instead of trapping in the hardware.
template <typename OpTy>
struct CheckedDivLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    Type type = lhs.getType();
    emitZeroCheck(rewriter, op, rhs);
    Value minusOne = LLVM::ConstantOp::create(rewriter, loc, type, -1);
    Value one = LLVM::ConstantOp::create(rewriter, loc, type, 1);
    Value zero = LLVM::ConstantOp::create(rewriter, loc, type, 0);
    Value isMinusOne = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, rhs, minusOne);
    Value safeRhs = LLVM::SelectOp::create(rewriter, loc, isMinusOne, one, rhs);
    Value quot = LLVM::SDivOp::create(rewriter, loc, lhs, safeRhs);
    Value rem = LLVM::SRemOp::create(rewriter, loc, lhs, safeRhs);
    Value result;
    if constexpr (std::is_same_v<OpTy, RemIOp>) {
      result = LLVM::SelectOp::create(rewriter, loc, isMinusOne, zero, rem);
    } else {
      Value neg = LLVM::SubOp::create(rewriter, loc, zero, lhs);
      quot = LLVM::SelectOp::create(rewriter, loc, isMinusOne, neg, quot);
      if constexpr (std::is_same_v<OpTy, CeilDivIOp>) {
        // Round up when there is a remainder and the exact quotient is
        // positive (operands of the same sign).
        Value hasRem = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::ne, rem, zero);
        Value x = LLVM::XOrOp::create(rewriter, loc, lhs, rhs);
        Value sameSign = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::sge, x, zero);
        Value up = LLVM::AndOp::create(rewriter, loc, hasRem, sameSign);
        Value bump = LLVM::ZExtOp::create(rewriter, loc, type, up);
        quot = LLVM::AddOp::create(rewriter, loc, quot, bump);
      }
      result = quot;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertNeveToLLVMPass
    : neve::impl::ConvertNeveToLLVMPassBase<ConvertNeveToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
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

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::neve::populateNeveToLLVMTypeConversions(
    LLVMTypeConverter &converter) {
  converter.addConversion([ctx = &converter.getContext()](StrType) {
    return LLVM::LLVMPointerType::get(ctx);
  });
}

void mlir::neve::populateNeveToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<StrConstantLowering, StrEqLowering, NilLowering,
               StrConcatLowering, StrCmpLowering, ToStrLowering, PrintLowering,
               CheckedDivLowering<DivIOp>, CheckedDivLowering<RemIOp>,
               CheckedDivLowering<CeilDivIOp>>(converter);
}
