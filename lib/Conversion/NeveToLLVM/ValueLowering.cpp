//===- ValueLowering.cpp - nil, identity, tuples and any to LLVM ----------===//
//
// References are one pointer each, so nil is the null pointer and identity
// is pointer equality; tuples are literal structs; `any` boxes are made and
// opened by the runtime (lib/Runtime/Core/Any.cpp).
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"
#include "RuntimeCalls.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::neve;

namespace {

Type ptrType(MLIRContext *ctx) { return LLVM::LLVMPointerType::get(ctx); }

/// neve.null -> llvm.mlir.zero : !llvm.ptr.
struct NullLowering : ConvertOpToLLVMPattern<NullOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(NullOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(op,
                                              ptrType(rewriter.getContext()));
    return success();
  }
};

/// neve.is_nil %x -> icmp eq %x, null.
struct IsNilLowering : ConvertOpToLLVMPattern<IsNilOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(IsNilOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value null = LLVM::ZeroOp::create(rewriter, op.getLoc(),
                                      adaptor.getValue().getType());
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::eq,
                                              adaptor.getValue(), null);
    return success();
  }
};

/// neve.ref_eq %a, %b -> icmp eq %a, %b; on any, neve_any_same(%a, %b).
struct RefEqLowering : ConvertOpToLLVMPattern<RefEqOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(RefEqOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isa<AnyType>(op.getLhs().getType())) {
      RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
      Value same = rt.call(loc, "neve_any_same",
                           {adaptor.getLhs(), adaptor.getRhs()});
      Value zero =
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(), 0);
      rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::ne,
                                                same, zero);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(
        op, LLVM::ICmpPredicate::eq, adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// neve.nil_check %x, "msg" -> if (%x == null) neve_rt_error(loc, "msg").
struct NilCheckLowering : ConvertOpToLLVMPattern<NilCheckOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(NilCheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitNilCheck(rewriter, op, adaptor.getValue(), op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.tuple_make %a, %b -> insertvalue into an undef literal struct.
struct TupleMakeLowering : ConvertOpToLLVMPattern<TupleMakeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TupleMakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "unconvertible tuple type");
    Location loc = op.getLoc();
    Value result = LLVM::UndefOp::create(rewriter, loc, structType);
    for (auto [i, elem] : llvm::enumerate(adaptor.getElements()))
      result = LLVM::InsertValueOp::create(rewriter, loc, result, elem,
                                           ArrayRef<int64_t>{(int64_t)i});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// neve.tuple_get %t[i] -> extractvalue %t[i].
struct TupleGetLowering : ConvertOpToLLVMPattern<TupleGetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TupleGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(
        op, adaptor.getTuple(), ArrayRef<int64_t>{(int64_t)op.getIndex()});
    return success();
  }
};

/// neve.any_box %x {type_name} -> neve_any_box("type_name", %x).
struct AnyBoxLowering : ConvertOpToLLVMPattern<AnyBoxOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AnyBoxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    RuntimeCalls rt(rewriter, module);
    Value name = getCString(rewriter, loc, module, op.getTypeName());
    rewriter.replaceOp(op,
                       rt.call(loc, "neve_any_box", {name, adaptor.getValue()}));
    return success();
  }
};

/// neve.any_cast %a {type_name} ->
///   neve_any_unbox(%a, "type_name", file, line, col).
struct AnyCastLowering : ConvertOpToLLVMPattern<AnyCastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AnyCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    RuntimeCalls rt(rewriter, module);
    Value name = getCString(rewriter, loc, module, op.getTypeName());
    rewriter.replaceOp(
        op, rt.call(loc, "neve_any_unbox",
                    withLocation(rewriter, op, {adaptor.getValue(), name})));
    return success();
  }
};

} // namespace

void mlir::neve::populateValueLoweringPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<NullLowering, IsNilLowering, RefEqLowering, NilCheckLowering,
               TupleMakeLowering, TupleGetLowering, AnyBoxLowering,
               AnyCastLowering>(converter);
}
