//===- MLIRGenMap.cpp - map<K, V>: literals, indexing, methods --------------===//
//
// Maps (§4.2, §7, §11.6) become neve.map_* ops. Sema has already converted
// keys to K and values to V (implicit casts), so the ops see exact types.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

/// True when the values of `mapType` are maps with char keys (the maps a
/// read of a missing key creates then print missing keys as characters).
static bool innerCharKeys(const Type *mapType) {
  const Type *v = mapType->getValue();
  return v->is(Type::Kind::Map) && v->getElement()->is(Type::Kind::Char);
}

Value Generator::emitNewMap(const Type *mapType, mlir::Location l) {
  auto type = llvm::cast<mlir::neve::MapType>(convert(mapType));
  // A char key is an i8 that the missing-key error prints as a character.
  bool charKey = mapType->getElement()->is(Type::Kind::Char);
  return mlir::neve::MapNewOp::create(b, l, type, charKey);
}

Value Generator::emitMapLit(const MapLitExpr &lit) {
  // `{k: v, ...}`: a new map, then the entries in order (a repeated key
  // keeps its last value).
  mlir::Location l = loc(lit.getLoc());
  const Type *keyType = lit.type->getElement();
  const Type *valueType = lit.type->getValue();
  Value map = emitNewMap(lit.type, l);
  for (size_t i = 0; i < lit.keys.size(); ++i) {
    Value key = emitExprAs(*lit.keys[i], keyType);
    Value value = emitExprAs(*lit.values[i], valueType);
    mlir::neve::MapSetOp::create(b, loc(lit.keys[i]->getLoc()), value, map,
                                 key);
  }
  return map;
}

Value Generator::emitMapIndex(const IndexExpr &ix) {
  // `m[k]`: a missing key is a runtime error, or for array and map values a
  // new empty container (the op's lowering decides from V).
  mlir::Location l = loc(ix.getLoc());
  Value map = emitExpr(*ix.base);
  Value key = emitExprAs(*ix.items[0].index, ix.base->type->getElement());
  return mlir::neve::MapGetOp::create(b, l, map, key,
                                      innerCharKeys(ix.base->type));
}

void Generator::emitMapAssign(const AssignStmt &as, const IndexExpr &ix) {
  // `m[k] = v` and `m[k] op= v` (the map and key evaluated once; a missing
  // key in `op=` is the error of `m[k]`). Errors are reported at the
  // indexing.
  mlir::Location l = loc(ix.getLoc());
  const Type *mapType = ix.base->type;
  Value map = emitExpr(*ix.base);
  Value key = emitExprAs(*ix.items[0].index, mapType->getElement());
  Value value = emitExpr(*as.value);
  if (as.compound) {
    Value cur = mlir::neve::MapGetOp::create(b, l, map, key,
                                             innerCharKeys(mapType));
    value = emitCompound(as, cur, mapType->getValue(), value);
  } else {
    value = convertValue(value, as.value->type, mapType->getValue(), l);
  }
  mlir::neve::MapSetOp::create(b, l, value, map, key);
}

//===----------------------------------------------------------------------===//
// Builtin methods (§7; entries of Builtins.td)
//===----------------------------------------------------------------------===//

Value Generator::emitMapHas(const CallExpr &e, mlir::Location l) {
  Value map = emitExpr(*e.receiver);
  Value key = emitExprAs(*e.args[0].value, e.receiver->type->getElement());
  return mlir::neve::MapHasOp::create(b, l, map, key);
}

Value Generator::emitMapSize(const CallExpr &e, mlir::Location l) {
  Value n = mlir::neve::MapSizeOp::create(b, l, emitExpr(*e.receiver));
  return mlir::arith::TruncIOp::create(b, l, convert(e.type), n);
}

Value Generator::emitMapClear(const CallExpr &e, mlir::Location l) {
  mlir::neve::MapClearOp::create(b, l, emitExpr(*e.receiver));
  return nullptr;
}

Value Generator::emitMapKeys(const CallExpr &e, mlir::Location l) {
  if (!supportsType(e.type, e.getLoc(), "'keys()' giving values of type "))
    return refusedValue(e.type, l);
  return mlir::neve::MapKeysOp::create(b, l, emitExpr(*e.receiver));
}

Value Generator::emitMapValues(const CallExpr &e, mlir::Location l) {
  if (!supportsType(e.type, e.getLoc(), "'values()' giving values of type "))
    return refusedValue(e.type, l);
  return mlir::neve::MapValuesOp::create(b, l, emitExpr(*e.receiver));
}
