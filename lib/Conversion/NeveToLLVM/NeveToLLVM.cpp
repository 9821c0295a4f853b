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
// Arrays
//===----------------------------------------------------------------------===//

/// The (file, line, col) arguments of a runtime array function: the
/// location of the op, for its runtime errors.
static SmallVector<Value, 3> locationArgs(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  StringRef file = "<unknown>";
  unsigned line = 0, col = 0;
  auto take = [&](Location l) {
    if (auto flc = dyn_cast<FileLineColLoc>(l)) {
      file = flc.getFilename();
      line = flc.getLine();
      col = flc.getColumn();
      return true;
    }
    return false;
  };
  if (!take(loc))
    if (auto fused = dyn_cast<FusedLoc>(loc))
      for (Location inner : fused.getLocations())
        if (take(inner))
          break;
  return {getCString(b, loc, op->getParentOfType<ModuleOp>(), file),
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), line),
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), col)};
}

/// `args` followed by the location arguments of `op`.
static SmallVector<Value> withLocation(OpBuilder &b, Operation *op,
                                       ValueRange args) {
  SmallVector<Value> all(args.begin(), args.end());
  llvm::append_range(all, locationArgs(b, op));
  return all;
}

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
  converter.addConversion([ctx = &converter.getContext()](ArrayType) {
    return LLVM::LLVMPointerType::get(ctx);
  });
}

void mlir::neve::populateNeveToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<StrConstantLowering, StrEqLowering, NilLowering,
               StrConcatLowering, StrCmpLowering, ToStrLowering, PrintLowering,
               CheckedDivLowering<DivIOp>, CheckedDivLowering<RemIOp>,
               CheckedDivLowering<CeilDivIOp>, ArrayNewLowering,
               ArraySizeLowering, ArrayGetLowering, ArraySetLowering,
               ArrayAppendLowering, ArrayPrintLowering, ArrayReduceLowering,
               ArrayScanLowering, ArraySliceLowering,
               ArrayInPlaceLowering<ArrayClearOp>,
               ArrayInPlaceLowering<ArrayShuffleOp>>(converter);
}
