//===- ArrayLowering.cpp - array<T> ops to LLVM and runtime calls ----------===//

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

/// The runtime element size in bytes of `elem` (converted to LLVM).
static int64_t elementSize(const LLVMTypeConverter &converter, Operation *op,
                           Type elem) {
  if (isa<StrType>(elem))
    return 8;
  if (elem.isInteger(1))
    return 1;
  return DataLayout::closest(op).getTypeSize(converter.convertType(elem));
}

/// Stores `value` to the element `index` of `array` (both converted).
static Value elementAddress(ConversionPatternRewriter &rewriter, Operation *op,
                            Value array, Value index) {
  RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
  return rt.call(op->getLoc(), "neve_array_at",
                 withLocation(rewriter, op, {array, index}));
}

/// An i1 element is stored as one byte (0 or 1).
static Value toMemory(ConversionPatternRewriter &rewriter, Location loc,
                      Value v) {
  if (v.getType().isInteger(1))
    return LLVM::ZExtOp::create(rewriter, loc, rewriter.getI8Type(), v);
  return v;
}

static Value loadElement(ConversionPatternRewriter &rewriter, Location loc,
                         Type llvmElem, Value addr) {
  if (llvmElem.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(rewriter, loc, rewriter.getI8Type(), addr);
    Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(), 0);
    return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, byte,
                                zero);
  }
  return LLVM::LoadOp::create(rewriter, loc, llvmElem, addr);
}

/// neve.array_new [%x, ...] -> neve_array_new[_atomic](size, n) and a store
/// of each element (neve_array_new, scanned by the collector, for str).
struct ArrayNewLowering : ConvertOpToLLVMPattern<ArrayNewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Type elem = op.getResult().getType().getElementType();
    int64_t size = elementSize(*getTypeConverter(), op, elem);
    Value sizeV = LLVM::ConstantOp::create(rewriter, loc,
                                           rewriter.getI64Type(), size);
    Value n = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                       (int64_t)op.getElements().size());
    Value array = rt.call(loc,
                          isa<StrType>(elem) ? "neve_array_new"
                                             : "neve_array_new_atomic",
                          {sizeV, n});
    for (auto [i, v] : llvm::enumerate(adaptor.getElements())) {
      Value idx = LLVM::ConstantOp::create(rewriter, loc,
                                           rewriter.getI64Type(), (int64_t)i);
      Value addr = elementAddress(rewriter, op, array, idx);
      LLVM::StoreOp::create(rewriter, loc, toMemory(rewriter, loc, v), addr);
    }
    rewriter.replaceOp(op, array);
    return success();
  }
};

/// neve.array_size %a -> neve_array_size(%a, loc).
struct ArraySizeLowering : ConvertOpToLLVMPattern<ArraySizeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArraySizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(
        op, rt.call(op.getLoc(), "neve_array_size",
                    withLocation(rewriter, op, {adaptor.getArray()})));
    return success();
  }
};

/// neve.array_get %a[%i] -> load from neve_array_at(%a, %i, loc).
struct ArrayGetLowering : ConvertOpToLLVMPattern<ArrayGetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type llvmElem = getTypeConverter()->convertType(op.getResult().getType());
    Value addr = elementAddress(rewriter, op, adaptor.getArray(),
                                adaptor.getIndex());
    rewriter.replaceOp(op, loadElement(rewriter, op.getLoc(), llvmElem, addr));
    return success();
  }
};

/// neve.array_set %x, %a[%i] -> store to neve_array_at(%a, %i, loc).
struct ArraySetLowering : ConvertOpToLLVMPattern<ArraySetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArraySetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = elementAddress(rewriter, op, adaptor.getArray(),
                                adaptor.getIndex());
    LLVM::StoreOp::create(rewriter, op.getLoc(),
                          toMemory(rewriter, op.getLoc(), adaptor.getValue()),
                          addr);
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.array_append %a, %x -> neve_array_append(%a, &x, loc), x spilled to
/// a stack slot.
struct ArrayAppendLowering : ConvertOpToLLVMPattern<ArrayAppendOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayAppendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value v = toMemory(rewriter, loc, adaptor.getValue());
    Value slot;
    {
      // The slot goes to the entry block so loops do not grow the stack.
      OpBuilder::InsertionGuard guard(rewriter);
      Block &entry =
          op->getParentOfType<FunctionOpInterface>().getFunctionBody().front();
      rewriter.setInsertionPointToStart(&entry);
      Value one = LLVM::ConstantOp::create(rewriter, loc,
                                           rewriter.getI64Type(), 1);
      slot = LLVM::AllocaOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
          v.getType(), one);
    }
    LLVM::StoreOp::create(rewriter, loc, v, slot);
    rt.call(loc, "neve_array_append",
            withLocation(rewriter, op, {adaptor.getArray(), slot}));
    rewriter.eraseOp(op);
    return success();
  }
};

/// The runtime suffix of a foldable element type: i32, i64 or f32.
static StringRef foldSuffix(Type elem) {
  return elem.isF32() ? "f32" : elem.isInteger(64) ? "i64" : "i32";
}

/// neve.array_reduce -> neve_array_{sum,prod}_<t>(%a, loc).
struct ArrayReduceLowering : ConvertOpToLLVMPattern<ArrayReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    std::string fn = (Twine("neve_array_") +
                      (op.getProduct() ? "prod_" : "sum_") +
                      foldSuffix(op.getResult().getType()))
                         .str();
    rewriter.replaceOp(op, rt.call(op.getLoc(), fn,
                                   withLocation(rewriter, op,
                                                {adaptor.getArray()})));
    return success();
  }
};

/// neve.array_scan -> neve_array_scan_{sum,prod}_<t>(%a, loc).
struct ArrayScanLowering : ConvertOpToLLVMPattern<ArrayScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    std::string fn =
        (Twine("neve_array_scan_") + (op.getProduct() ? "prod_" : "sum_") +
         foldSuffix(op.getArray().getType().getElementType()))
            .str();
    rewriter.replaceOp(op, rt.call(op.getLoc(), fn,
                                   withLocation(rewriter, op,
                                                {adaptor.getArray()})));
    return success();
  }
};

/// neve.array_slice %a[%s : %e] -> neve_array_slice(%a, %s, %e, loc).
struct ArraySliceLowering : ConvertOpToLLVMPattern<ArraySliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArraySliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(
        op, rt.call(op.getLoc(), "neve_array_slice",
                    withLocation(rewriter, op,
                                 {adaptor.getArray(), adaptor.getStart(),
                                  adaptor.getEnd()})));
    return success();
  }
};

/// neve.array_clear / neve.array_shuffle -> the runtime call of `Name`.
template <typename OpTy>
struct ArrayInPlaceLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->template getParentOfType<ModuleOp>());
    StringRef fn = std::is_same_v<OpTy, ArrayClearOp> ? "neve_array_clear"
                                                      : "neve_array_shuffle";
    rt.call(op.getLoc(), fn, withLocation(rewriter, op, {adaptor.getArray()}));
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.array_print %a -> neve_array_print_<kind>(%a, loc).
struct ArrayPrintLowering : ConvertOpToLLVMPattern<ArrayPrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayPrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Type elem = op.getArray().getType().getElementType();
    StringRef fn;
    if (isa<StrType>(elem))
      fn = "neve_array_print_str";
    else if (elem.isF32())
      fn = "neve_array_print_f32";
    else if (elem.isInteger(1))
      fn = "neve_array_print_bool";
    else if (op.getIsChar())
      fn = "neve_array_print_char";
    else if (elem.isInteger(8))
      fn = "neve_array_print_i8";
    else if (elem.isInteger(16))
      fn = "neve_array_print_i16";
    else if (elem.isInteger(32))
      fn = "neve_array_print_i32";
    else if (elem.isInteger(64))
      fn = "neve_array_print_i64";
    else
      return rewriter.notifyMatchFailure(op, "unprintable element type");
    rt.call(op.getLoc(), fn, withLocation(rewriter, op, {adaptor.getArray()}));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::neve::populateArrayLoweringPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<ArrayNewLowering, ArraySizeLowering, ArrayGetLowering,
               ArraySetLowering, ArrayAppendLowering, ArrayPrintLowering,
               ArrayReduceLowering, ArrayScanLowering, ArraySliceLowering,
               ArrayInPlaceLowering<ArrayClearOp>,
               ArrayInPlaceLowering<ArrayShuffleOp>>(converter);
}
