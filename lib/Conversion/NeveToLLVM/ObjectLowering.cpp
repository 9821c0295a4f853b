//===- ObjectLowering.cpp - Classes and objects to LLVM --------------------===//
//
// An object is a pointer to a garbage-collected struct of its fields (the
// converted field types of its neve.class, in order), allocated zeroed by
// the runtime. Field accesses are inline GEPs, loads and stores behind an
// inline nil check whose failure path (cold) reports the source location.
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

/// Emits `if (ptr == null) error(msg)` at the op's location and leaves the
/// rewriter in the continuation block.
void mlir::neve::emitNilCheck(ConversionPatternRewriter &rewriter,
                              Operation *op, Value ptr, StringRef msg) {
  Location loc = op->getLoc();
  Value null = LLVM::ZeroOp::create(rewriter, loc, ptr.getType());
  Value isNil =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, ptr, null);
  Block *before = rewriter.getInsertionBlock();
  Block *cont = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *fail = rewriter.createBlock(cont);
  rewriter.setInsertionPointToEnd(before);
  // The failure path is cold: weights tell LLVM to lay it out of line.
  LLVM::CondBrOp::create(rewriter, loc, isNil, fail, ValueRange{}, cont,
                         ValueRange{},
                         std::make_pair<uint32_t, uint32_t>(1, 1u << 20));
  rewriter.setInsertionPointToStart(fail);
  RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
  rt.emitError(loc, msg);
  rewriter.setInsertionPointToStart(cont);
}

namespace {

/// The neve.class of an object type, looked up from `op`.
static ClassOp getClass(Operation *op, ObjectType type) {
  return SymbolTable::lookupNearestSymbolFrom<ClassOp>(op,
                                                       type.getClassName());
}

/// The LLVM struct of a class's fields.
static LLVM::LLVMStructType getStructType(const TypeConverter &converter,
                                          ClassOp cls) {
  SmallVector<Type> fields;
  for (Attribute t : cls.getFieldTypes())
    fields.push_back(converter.convertType(cast<TypeAttr>(t).getValue()));
  return LLVM::LLVMStructType::getLiteral(cls.getContext(), fields);
}

/// The address of field `name` of the object `ptr` of class `cls`.
static Value fieldAddress(ConversionPatternRewriter &rewriter, Location loc,
                          const TypeConverter &converter, ClassOp cls,
                          Value ptr, StringRef name) {
  int32_t index = cls.getFieldIndex(name);
  return LLVM::GEPOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
      getStructType(converter, cls), ptr,
      ArrayRef<LLVM::GEPArg>{0, index});
}

/// neve.class -> nothing (its layout lives on in the accesses).
struct ClassLowering : ConvertOpToLLVMPattern<ClassOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ClassOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.new -> neve_object_new(sizeof(struct)).
struct NewLowering : ConvertOpToLLVMPattern<NewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(NewOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ClassOp cls = getClass(op, op.getType());
    if (!cls)
      return rewriter.notifyMatchFailure(op, "undeclared class");
    auto structType = getStructType(*getTypeConverter(), cls);
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    // sizeof: the address of element 1 of a null struct pointer.
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptrType);
    Value end = LLVM::GEPOp::create(rewriter, loc, ptrType, structType, null,
                                    ArrayRef<LLVM::GEPArg>{1});
    Value size =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), end);
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(op, rt.call(loc, "neve_object_new", {size}));
    return success();
  }
};

/// The address of field `field` of `object` (the converted object of `op`),
/// after an inline nil check whose message says what `verb` could not do;
/// null when the class is undeclared.
template <typename Op>
static Value checkedFieldAddress(Op op, Value object, StringRef verb,
                                 const TypeConverter &converter,
                                 ConversionPatternRewriter &rewriter) {
  ObjectType type = op.getObject().getType();
  ClassOp cls = getClass(op, type);
  if (!cls)
    return nullptr;
  emitNilCheck(rewriter, op, object,
               ("nil object: cannot " + verb + " field '" + op.getField() +
                "' of " + type.getClassName().getValue())
                   .str());
  return fieldAddress(rewriter, op.getLoc(), converter, cls, object,
                      op.getField());
}

/// neve.field_get -> nil check, GEP, load.
struct FieldGetLowering : ConvertOpToLLVMPattern<FieldGetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FieldGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = checkedFieldAddress(op, adaptor.getObject(), "read",
                                     *getTypeConverter(), rewriter);
    if (!addr)
      return rewriter.notifyMatchFailure(op, "undeclared class");
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, getTypeConverter()->convertType(op.getType()), addr);
    return success();
  }
};

/// neve.field_set -> nil check, GEP, store.
struct FieldSetLowering : ConvertOpToLLVMPattern<FieldSetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FieldSetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = checkedFieldAddress(op, adaptor.getObject(), "assign",
                                     *getTypeConverter(), rewriter);
    if (!addr)
      return rewriter.notifyMatchFailure(op, "undeclared class");
    LLVM::StoreOp::create(rewriter, op.getLoc(), adaptor.getValue(), addr);
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.field_addr -> nil check, GEP.
struct FieldAddrLowering : ConvertOpToLLVMPattern<FieldAddrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FieldAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = checkedFieldAddress(op, adaptor.getObject(), "use",
                                     *getTypeConverter(), rewriter);
    if (!addr)
      return rewriter.notifyMatchFailure(op, "undeclared class");
    rewriter.replaceOp(op, addr);
    return success();
  }
};

/// neve.singleton %init -> neve_singleton(&state, %init, "C", loc), with
/// one zeroed state global per class.
struct SingletonLowering : ConvertOpToLLVMPattern<SingletonOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SingletonOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    StringRef className = op.getType().getClassName().getValue();
    std::string symbol = ("neve.singleton." + className).str();
    // The runtime's neve_singleton_state: 4 words, zero at start.
    auto stateType = LLVM::LLVMArrayType::get(rewriter.getI64Type(), 4);
    if (!module.lookupSymbol<LLVM::GlobalOp>(symbol)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto global = LLVM::GlobalOp::create(
          rewriter, loc, stateType, /*isConstant=*/false,
          LLVM::Linkage::Internal, symbol, Attribute());
      Block *init = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(init);
      LLVM::ReturnOp::create(rewriter, loc,
                             LLVM::ZeroOp::create(rewriter, loc, stateType));
    }
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value state = LLVM::AddressOfOp::create(rewriter, loc, ptrType, symbol);
    Value name = getCString(rewriter, loc, module, className);
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(
        op, rt.call(loc, "neve_singleton",
                    withLocation(rewriter, op,
                                 {state, adaptor.getInit(), name})));
    return success();
  }
};

} // namespace

void mlir::neve::populateObjectLoweringPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<ClassLowering, NewLowering, FieldGetLowering, FieldSetLowering,
               FieldAddrLowering,
               SingletonLowering>(converter);
}
