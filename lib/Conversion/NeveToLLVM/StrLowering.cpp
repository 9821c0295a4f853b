//===- StrLowering.cpp - Strings and nil to LLVM ---------------------------===//

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

/// neve.str_size / str_get / str_slice / str_split -> the runtime call of
/// `fn` with the operands and the location (neve_str_size, neve_str_at,
/// neve_str_slice, neve_str_split).
template <typename OpTy>
struct StrMethodLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  StrMethodLowering(LLVMTypeConverter &converter, StringRef fn)
      : ConvertOpToLLVMPattern<OpTy>(converter), fn(fn.str()) {}

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->template getParentOfType<ModuleOp>());
    rewriter.replaceOp(op, rt.call(op.getLoc(), fn,
                                   withLocation(rewriter, op,
                                                adaptor.getOperands())));
    return success();
  }

  std::string fn;
};

} // namespace


void mlir::neve::populateStrLoweringPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<StrConstantLowering, StrEqLowering, NilLowering,
               StrConcatLowering, StrCmpLowering, ToStrLowering>(converter);
  patterns.add<StrMethodLowering<StrSizeOp>>(converter, "neve_str_size");
  patterns.add<StrMethodLowering<StrGetOp>>(converter, "neve_str_at");
  patterns.add<StrMethodLowering<StrSliceOp>>(converter, "neve_str_slice");
  patterns.add<StrMethodLowering<StrSplitOp>>(converter, "neve_str_split");
}
