//===- ScalarLowering.cpp - print and checked integer division to LLVM -----===//

#include "LoweringPatterns.h"
#include "RuntimeCalls.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::neve;

namespace {

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

} // namespace

void mlir::neve::populateScalarLoweringPatterns(LLVMTypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<PrintLowering, CheckedDivLowering<DivIOp>,
               CheckedDivLowering<RemIOp>, CheckedDivLowering<CeilDivIOp>>(
      converter);
}
