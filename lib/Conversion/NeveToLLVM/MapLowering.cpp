//===- MapLowering.cpp - map<K, V> ops to runtime calls --------------------===//
//
// Every map op is a call of a neve_map_* function (neve_runtime.h). Keys
// travel as 64 bits: integers sign-extended (i1 zero-extended), an f32 as
// its bit pattern zero-extended, str and object keys as the pointer. Values
// travel by address, stored as arrays store elements (i1 as one byte).
//
//===----------------------------------------------------------------------===//

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

/// The neve_map_key_kind values of neve_runtime.h.
enum KeyKind : int32_t {
  KeyI8 = 0,
  KeyI16 = 1,
  KeyI32 = 2,
  KeyI64 = 3,
  KeyBool = 4,
  KeyChar = 5,
  KeyF32 = 6,
  KeyStr = 7,
  KeyPtr = 8,
};

static int32_t keyKind(Type key, bool isChar) {
  if (isa<StrType>(key))
    return KeyStr;
  if (key.isF32())
    return KeyF32;
  switch (key.getIntOrFloatBitWidth()) {
  case 1:
    return KeyBool;
  case 8:
    return isChar ? KeyChar : KeyI8;
  case 16:
    return KeyI16;
  case 32:
    return KeyI32;
  default:
    return KeyI64;
  }
}

static int32_t keyKindOf(Type key, bool isChar = false) {
  if (isa<ObjectType>(key))
    return KeyPtr;
  return keyKind(key, isChar);
}

/// The runtime size in bytes of a value (or array element) of type `t`.
static int64_t valueSize(const TypeConverter &converter, Operation *op,
                         Type t) {
  if (t.isInteger(1))
    return 1;
  Type llvm = converter.convertType(t);
  if (isa<LLVM::LLVMPointerType>(llvm))
    return 8;
  return DataLayout::closest(op).getTypeSize(llvm);
}

static Value i64Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(), v);
}
static Value i32Const(OpBuilder &b, Location loc, int32_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), v);
}

/// The 64-bit key of `key` (already converted), of Neve key type `type`.
static Value keyBits(OpBuilder &b, Location loc, Type type, Value key) {
  Type i64 = b.getI64Type();
  if (isa<LLVM::LLVMPointerType>(key.getType()))
    return LLVM::PtrToIntOp::create(b, loc, i64, key);
  if (type.isF32()) {
    Value bits = LLVM::BitcastOp::create(b, loc, b.getI32Type(), key);
    return LLVM::ZExtOp::create(b, loc, i64, bits);
  }
  if (type.isInteger(1))
    return LLVM::ZExtOp::create(b, loc, i64, key);
  if (type.isInteger(64))
    return key;
  return LLVM::SExtOp::create(b, loc, i64, key);
}

/// An i1 value is stored as one byte (0 or 1).
static Value toMemory(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(1))
    return LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
  return v;
}

static Value loadValue(OpBuilder &b, Location loc, Type llvmType, Value addr) {
  if (llvmType.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), addr);
    Value zero = LLVM::ConstantOp::create(b, loc, b.getI8Type(), 0);
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, byte, zero);
  }
  return LLVM::LoadOp::create(b, loc, llvmType, addr);
}

/// The runtime's bool result as an i1.
static Value fromBool(OpBuilder &b, Location loc, Value byte) {
  Value zero = LLVM::ConstantOp::create(b, loc, b.getI8Type(), 0);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, byte, zero);
}

/// neve.map_new -> neve_map_new(key kind, value size).
struct MapNewLowering : ConvertOpToLLVMPattern<MapNewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapNewOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MapType type = op.getResult().getType();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value kind = i32Const(rewriter, loc,
                          keyKindOf(type.getKeyType(), op.getKeyIsChar()));
    Value size = i64Const(
        rewriter, loc, valueSize(*getTypeConverter(), op, type.getValueType()));
    rewriter.replaceOp(op, rt.call(loc, "neve_map_new", {kind, size}));
    return success();
  }
};

/// neve.map_get -> a load from neve_map_get (a missing key is an error), or,
/// for array and map values, neve_map_get_array / neve_map_get_map (a
/// missing key gets a new empty container).
struct MapGetLowering : ConvertOpToLLVMPattern<MapGetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    MapType type = op.getMap().getType();
    Value key =
        keyBits(rewriter, loc, type.getKeyType(), adaptor.getKey());
    Type valueType = type.getValueType();
    if (auto array = dyn_cast<ArrayType>(valueType)) {
      Type elem = array.getElementType();
      bool atomic = isa<IntegerType>(elem) || elem.isF32();
      Value size = i64Const(rewriter, loc,
                            valueSize(*getTypeConverter(), op, elem));
      Value atomicV = LLVM::ConstantOp::create(rewriter, loc,
                                               rewriter.getI8Type(), atomic);
      rewriter.replaceOp(
          op, rt.call(loc, "neve_map_get_array",
                      withLocation(rewriter, op,
                                   {adaptor.getMap(), key, size, atomicV})));
      return success();
    }
    if (auto inner = dyn_cast<MapType>(valueType)) {
      Value kind = i32Const(
          rewriter, loc,
          keyKindOf(inner.getKeyType(), op.getInnerKeyIsChar()));
      Value size = i64Const(
          rewriter, loc,
          valueSize(*getTypeConverter(), op, inner.getValueType()));
      rewriter.replaceOp(
          op, rt.call(loc, "neve_map_get_map",
                      withLocation(rewriter, op,
                                   {adaptor.getMap(), key, kind, size})));
      return success();
    }
    Value addr = rt.call(loc, "neve_map_get",
                         withLocation(rewriter, op, {adaptor.getMap(), key}));
    Type llvmType = getTypeConverter()->convertType(valueType);
    rewriter.replaceOp(op, loadValue(rewriter, loc, llvmType, addr));
    return success();
  }
};

/// neve.map_set %v, %m[%k] -> neve_map_set(%m, key, &v, loc), v spilled to
/// a stack slot in the entry block.
struct MapSetLowering : ConvertOpToLLVMPattern<MapSetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapSetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    MapType type = op.getMap().getType();
    Value key = keyBits(rewriter, loc, type.getKeyType(), adaptor.getKey());
    Value v = toMemory(rewriter, loc, adaptor.getValue());
    Value slot;
    {
      // The slot goes to the entry block so loops do not grow the stack.
      OpBuilder::InsertionGuard guard(rewriter);
      Block &entry =
          op->getParentOfType<FunctionOpInterface>().getFunctionBody().front();
      rewriter.setInsertionPointToStart(&entry);
      Value one = i64Const(rewriter, loc, 1);
      slot = LLVM::AllocaOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
          v.getType(), one);
    }
    LLVM::StoreOp::create(rewriter, loc, v, slot);
    rt.call(loc, "neve_map_set",
            withLocation(rewriter, op, {adaptor.getMap(), key, slot}));
    rewriter.eraseOp(op);
    return success();
  }
};

/// neve.map_has -> neve_map_has(%m, key, loc) != 0.
struct MapHasLowering : ConvertOpToLLVMPattern<MapHasOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapHasOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value key = keyBits(rewriter, loc, op.getMap().getType().getKeyType(),
                        adaptor.getKey());
    Value has = rt.call(loc, "neve_map_has",
                        withLocation(rewriter, op, {adaptor.getMap(), key}));
    rewriter.replaceOp(op, fromBool(rewriter, loc, has));
    return success();
  }
};

/// neve.map_size / map_clear / map_keys / map_values -> the runtime call of
/// the same name, with the map and the location.
template <typename OpTy>
struct MapUnaryLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  MapUnaryLowering(LLVMTypeConverter &converter, StringRef fn)
      : ConvertOpToLLVMPattern<OpTy>(converter), fn(fn.str()) {}

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->template getParentOfType<ModuleOp>());
    Value result = rt.call(op.getLoc(), fn,
                           withLocation(rewriter, op, {adaptor.getMap()}));
    if (op->getNumResults())
      rewriter.replaceOp(op, result);
    else
      rewriter.eraseOp(op);
    return success();
  }

  std::string fn;
};

} // namespace

void mlir::neve::populateMapLoweringPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<MapNewLowering, MapGetLowering, MapSetLowering,
               MapHasLowering>(converter);
  patterns.add<MapUnaryLowering<MapSizeOp>>(converter, "neve_map_size");
  patterns.add<MapUnaryLowering<MapClearOp>>(converter, "neve_map_clear");
  patterns.add<MapUnaryLowering<MapKeysOp>>(converter, "neve_map_keys");
  patterns.add<MapUnaryLowering<MapValuesOp>>(converter, "neve_map_values");
}
