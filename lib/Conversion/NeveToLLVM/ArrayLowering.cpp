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

/// Whether a value of `t` is, or holds, a reference the collector must see:
/// strings, containers, objects, `any`, channels, and tuples of them.
static bool holdsReferences(Type t) {
  if (isa<StrType, ArrayType, MapType, ObjectType, AnyType, ChannelType>(t))
    return true;
  if (auto tuple = dyn_cast<TupleType>(t))
    return llvm::any_of(tuple.getTypes(), holdsReferences);
  return false;
}

//===----------------------------------------------------------------------===//
// Inline access to the runtime's neve_array (neve_runtime.h):
//   struct neve_array { void *data; i64 size; i64 capacity; i64 elem_size;
//                       i64 atomic; }
// Element access, size() and the common case of append() are inline; the
// runtime is called only on the cold paths (nil, an index out of range, a full
// array), where it reports the error at the op's source location.
//===----------------------------------------------------------------------===//

enum ArrayField : int32_t { kData = 0, kSize = 1, kCapacity = 2 };

/// TBAA tags that tell LLVM the header fields of an array and its elements
/// never overlap (the storage is a separate allocation), so the header loads
/// of a loop that writes elements are hoisted out of it. They share a root of
/// their own; accesses without a tag still alias everything.
static ArrayAttr tbaaTag(MLIRContext *ctx, StringRef name) {
  auto root = LLVM::TBAARootAttr::get(ctx, StringAttr::get(ctx, "neve tbaa"));
  auto type = LLVM::TBAATypeDescriptorAttr::get(
      ctx, name, {LLVM::TBAAMemberAttr::get(ctx, root, 0)});
  return ArrayAttr::get(ctx, {LLVM::TBAATagAttr::get(type, type, 0)});
}

static ArrayAttr fieldTag(MLIRContext *ctx, ArrayField field) {
  return tbaaTag(ctx, field == kData       ? "neve_array.data"
                      : field == kSize     ? "neve_array.size"
                                           : "neve_array.capacity");
}

static ArrayAttr elementTag(MLIRContext *ctx) {
  return tbaaTag(ctx, "neve_array.element");
}

/// The address of header field `field` of the (non-nil) array `array`.
static Value fieldAddress(OpBuilder &b, Location loc, Value array,
                          ArrayField field) {
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  if (field == kData)
    return array;
  return LLVM::GEPOp::create(b, loc, ptrTy, b.getI64Type(), array,
                             ArrayRef<LLVM::GEPArg>{(int32_t)field},
                             LLVM::GEPNoWrapFlags::inbounds);
}

static Value loadField(OpBuilder &b, Location loc, Value array,
                       ArrayField field) {
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Type type = field == kData ? Type(ptrTy) : Type(b.getI64Type());
  auto load = LLVM::LoadOp::create(b, loc, type,
                                   fieldAddress(b, loc, array, field), 8);
  load.setTBAATags(fieldTag(b.getContext(), field));
  return load;
}

static void storeField(OpBuilder &b, Location loc, Value array,
                       ArrayField field, Value v) {
  auto store =
      LLVM::StoreOp::create(b, loc, v, fieldAddress(b, loc, array, field), 8);
  store.setTBAATags(fieldTag(b.getContext(), field));
}

/// Bytes of the neve_array header (five 8-byte fields).
constexpr int64_t kHeaderBytes = 40;

/// Marks the result of runtime function `name` as a new array: a fresh,
/// non-null, dereferenceable header. LLVM may then hoist header loads out of
/// loops (speculating them past the bounds checks).
static void markNewArrayResult(ConversionPatternRewriter &rewriter,
                               Operation *op, StringRef name) {
  auto fn = op->getParentOfType<ModuleOp>().lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!fn || fn.getResultAttr(0, LLVM::LLVMDialect::getDereferenceableAttrName()))
    return;
  rewriter.modifyOpInPlace(fn, [&] {
    fn.setResultAttr(0, LLVM::LLVMDialect::getNonNullAttrName(),
                     rewriter.getUnitAttr());
    fn.setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(),
                     rewriter.getUnitAttr());
    fn.setResultAttr(0, LLVM::LLVMDialect::getDereferenceableAttrName(),
                     rewriter.getI64IntegerAttr(kHeaderBytes));
    fn.setResultAttr(0, LLVM::LLVMDialect::getAlignAttrName(),
                     rewriter.getI64IntegerAttr(8));
  });
}

/// The type in memory of an element of LLVM type `llvmElem` (i1 is a byte).
static Type memoryType(Type llvmElem) {
  if (llvmElem.isInteger(1))
    return IntegerType::get(llvmElem.getContext(), 8);
  return llvmElem;
}

/// The address of element `index` (already checked) of storage `data`.
static Value elementPtr(OpBuilder &b, Location loc, Type llvmElem, Value data,
                        Value index) {
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             memoryType(llvmElem), data,
                             ArrayRef<LLVM::GEPArg>{index},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// Splits the current block at the insertion point and branches on `failed`
/// to a new cold block, filled by `fillCold`, whose end must not be reached;
/// continues in the rest of the block.
template <typename FillFn>
static void branchToCold(ConversionPatternRewriter &rewriter, Location loc,
                         Value failed, FillFn fillCold) {
  Block *before = rewriter.getInsertionBlock();
  Block *cont = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *cold = rewriter.createBlock(cont->getParent(),
                                     cont->getParent()->end());
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, failed, cold, ValueRange(), cont,
                         ValueRange(),
                         std::make_pair<uint32_t, uint32_t>(1, 1 << 20));
  rewriter.setInsertionPointToStart(cold);
  fillCold();
  LLVM::UnreachableOp::create(rewriter, loc);
  rewriter.setInsertionPointToStart(cont);
}

/// Branches to a cold block that calls neve_array_at (which reports a nil
/// array at the op's location) when `array` is nil.
static void checkNotNil(ConversionPatternRewriter &rewriter, Operation *op,
                        Value array, Value index) {
  Location loc = op->getLoc();
  Value null = LLVM::ZeroOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
  Value isNil = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                     array, null);
  branchToCold(rewriter, loc, isNil, [&] {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rt.call(loc, "neve_array_at", withLocation(rewriter, op, {array, index}));
  });
}

/// The address of element `index` of `array`: nil and bounds checks inline
/// (a negative index counts from the end, §5.2), and on failure a cold call
/// to neve_array_at, which reports the error at the op's location.
static Value elementAddress(ConversionPatternRewriter &rewriter, Operation *op,
                            Type llvmElem, Value array, Value index) {
  Location loc = op->getLoc();
  checkNotNil(rewriter, op, array, index);
  Value size = loadField(rewriter, loc, array, kSize);
  Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 0);
  Value isNeg = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt,
                                     index, zero);
  Value shifted = LLVM::AddOp::create(rewriter, loc, index, size);
  Value i = LLVM::SelectOp::create(rewriter, loc, isNeg, shifted, index);
  // One unsigned compare: a still-negative i is huge.
  Value outside =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge, i, size);
  branchToCold(rewriter, loc, outside, [&] {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rt.call(loc, "neve_array_at", withLocation(rewriter, op, {array, index}));
  });
  Value data = loadField(rewriter, loc, array, kData);
  return elementPtr(rewriter, loc, llvmElem, data, i);
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
  auto load = LLVM::LoadOp::create(rewriter, loc, memoryType(llvmElem), addr);
  load.setTBAATags(elementTag(rewriter.getContext()));
  if (llvmElem.isInteger(1)) {
    Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(), 0);
    return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, load,
                                zero);
  }
  return load;
}

static void storeElement(ConversionPatternRewriter &rewriter, Location loc,
                         Value v, Value addr) {
  auto store =
      LLVM::StoreOp::create(rewriter, loc, toMemory(rewriter, loc, v), addr);
  store.setTBAATags(elementTag(rewriter.getContext()));
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
    // Elements that are or hold references are scanned by the collector.
    StringRef fn = holdsReferences(elem) ? "neve_array_new"
                                         : "neve_array_new_atomic";
    Value array = rt.call(loc, fn, {sizeV, n});
    markNewArrayResult(rewriter, op, fn);
    // A new array holds n elements: no checks needed.
    Type llvmElem = getTypeConverter()->convertType(elem);
    Value data;
    if (!op.getElements().empty())
      data = loadField(rewriter, loc, array, kData);
    for (auto [i, v] : llvm::enumerate(adaptor.getElements())) {
      Value idx = LLVM::ConstantOp::create(rewriter, loc,
                                           rewriter.getI64Type(), (int64_t)i);
      storeElement(rewriter, loc, v,
                   elementPtr(rewriter, loc, llvmElem, data, idx));
    }
    rewriter.replaceOp(op, array);
    return success();
  }
};

/// neve.array_size %a -> a load of the size field, after a nil check whose
/// cold path calls neve_array_size(%a, loc) to report it.
struct ArraySizeLowering : ConvertOpToLLVMPattern<ArraySizeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArraySizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value array = adaptor.getArray();
    Value null = LLVM::ZeroOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
    Value isNil = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       array, null);
    branchToCold(rewriter, loc, isNil, [&] {
      RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
      rt.call(loc, "neve_array_size", withLocation(rewriter, op, {array}));
    });
    rewriter.replaceOp(op, loadField(rewriter, loc, array, kSize));
    return success();
  }
};

/// neve.array_get %a[%i] -> checked inline load (see elementAddress).
struct ArrayGetLowering : ConvertOpToLLVMPattern<ArrayGetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type llvmElem = getTypeConverter()->convertType(op.getResult().getType());
    Value addr = elementAddress(rewriter, op, llvmElem, adaptor.getArray(),
                                adaptor.getIndex());
    rewriter.replaceOp(op, loadElement(rewriter, op.getLoc(), llvmElem, addr));
    return success();
  }
};

/// neve.array_set %x, %a[%i] -> checked inline store (see elementAddress).
struct ArraySetLowering : ConvertOpToLLVMPattern<ArraySetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArraySetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type llvmElem = getTypeConverter()->convertType(op.getValue().getType());
    Value addr = elementAddress(rewriter, op, llvmElem, adaptor.getArray(),
                                adaptor.getIndex());
    storeElement(rewriter, op.getLoc(), adaptor.getValue(), addr);
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.array_append %a, %x -> inline when there is room (store the element,
/// size += 1); otherwise neve_array_append(%a, &x, loc), which grows the
/// storage (x spilled to a stack slot) or reports a nil array.
struct ArrayAppendLowering : ConvertOpToLLVMPattern<ArrayAppendOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ArrayAppendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Type llvmElem = getTypeConverter()->convertType(op.getValue().getType());
    Value array = adaptor.getArray();
    Value v = toMemory(rewriter, loc, adaptor.getValue());

    // before: nil? -> slow; check: full? -> slow; fast: store, size += 1.
    Block *before = rewriter.getInsertionBlock();
    Block *cont = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Region *region = cont->getParent();
    Block *check = rewriter.createBlock(cont);
    Block *fast = rewriter.createBlock(cont);
    Block *slow = rewriter.createBlock(region, region->end());
    auto rare = std::make_pair<uint32_t, uint32_t>(1, 1000);

    rewriter.setInsertionPointToEnd(before);
    Value null = LLVM::ZeroOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
    Value isNil = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       array, null);
    LLVM::CondBrOp::create(rewriter, loc, isNil, slow, ValueRange(), check,
                           ValueRange(), rare);

    rewriter.setInsertionPointToEnd(check);
    Value size = loadField(rewriter, loc, array, kSize);
    Value capacity = loadField(rewriter, loc, array, kCapacity);
    Value full = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge,
                                      size, capacity);
    LLVM::CondBrOp::create(rewriter, loc, full, slow, ValueRange(), fast,
                           ValueRange(), rare);

    rewriter.setInsertionPointToEnd(fast);
    Value data = loadField(rewriter, loc, array, kData);
    storeElement(rewriter, loc, adaptor.getValue(),
                 elementPtr(rewriter, loc, llvmElem, data, size));
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(), 1);
    storeField(rewriter, loc, array, kSize,
               LLVM::AddOp::create(rewriter, loc, size, one));
    LLVM::BrOp::create(rewriter, loc, ValueRange(), cont);

    // The runtime grows the storage (or reports a nil array).
    rewriter.setInsertionPointToEnd(slow);
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
    rt.call(loc, "neve_array_append", withLocation(rewriter, op, {array, slot}));
    LLVM::BrOp::create(rewriter, loc, ValueRange(), cont);
    rewriter.setInsertionPointToStart(cont);
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
    markNewArrayResult(rewriter, op, fn);
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
    markNewArrayResult(rewriter, op, "neve_array_slice");
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

void mlir::neve::annotateArrayArguments(ModuleOp module) {
  // An array parameter is nil or a whole header, as for new arrays above.
  module.walk([](FunctionOpInterface fn) {
    ArrayRef<Type> types = fn.getArgumentTypes();
    for (unsigned i = 0, e = types.size(); i < e; ++i)
      if (isa<ArrayType>(types[i]) &&
          !fn.getArgAttr(i, LLVM::LLVMDialect::getDereferenceableOrNullAttrName()))
        fn.setArgAttr(i, LLVM::LLVMDialect::getDereferenceableOrNullAttrName(),
                      IntegerAttr::get(IntegerType::get(fn->getContext(), 64),
                                       kHeaderBytes));
  });
}

namespace {
/// neve.check_index -> one unsigned compare against the constant size and a
/// cold call of neve_fixed_index_error, which reports the location.
struct CheckIndexLowering : ConvertOpToLLVMPattern<CheckIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CheckIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value size = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                          op.getSize());
    // A negative index is huge unsigned.
    Value outside = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::uge, adaptor.getIndex(), size);
    branchToCold(rewriter, loc, outside, [&] {
      RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
      // Device code cannot call the runtime: it traps, and the runtime
      // reports the kernel and its launch site (RuntimeCalls::emitError).
      if (RuntimeCalls::inDeviceCode(op)) {
        // With device checks, the thread names the index first.
        if (deviceChecksEnabled(op))
          emitDeviceReport(rewriter, loc,
                           "index %lld out of range for a fixed array of "
                           "size " +
                               std::to_string(op.getSize()),
                           {adaptor.getIndex()});
        LLVM::Trap::create(rewriter, loc);
        return;
      }
      rt.call(loc, "neve_fixed_index_error",
              withLocation(rewriter, op, {adaptor.getIndex(), size}));
    });
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
               ArrayInPlaceLowering<ArrayShuffleOp>, CheckIndexLowering>(
      converter);
}
