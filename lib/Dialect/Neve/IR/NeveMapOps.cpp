//===- NeveMapOps.cpp - Verifiers of the map ops and str methods ----------===//
//
// The map_* ops (NeveMapOps.td) and str_split (NeveStrOps.td).
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

using namespace mlir;
using namespace mlir::neve;

//===----------------------------------------------------------------------===//
// Maps
//===----------------------------------------------------------------------===//

/// Key types the runtime hashes: integers (i1 to i64), f32, str, objects.
static bool isMapKeyType(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.isSignless() && (i.getWidth() == 1 || i.getWidth() == 8 ||
                              i.getWidth() == 16 || i.getWidth() == 32 ||
                              i.getWidth() == 64);
  return t.isF32() || isa<StrType, ObjectType>(t);
}

static LogicalResult verifyMap(Operation *op, Value map) {
  Type key = cast<MapType>(map.getType()).getKeyType();
  if (!isMapKeyType(key))
    return op->emitOpError("unsupported map key type ")
           << key << " (expected i1, i8, i16, i32, i64, f32, !neve.str or an "
              "object type)";
  return success();
}

LogicalResult MapNewOp::verify() {
  MapType type = getResult().getType();
  if (!isMapKeyType(type.getKeyType()))
    return emitOpError("unsupported map key type ")
           << type.getKeyType()
           << " (expected i1, i8, i16, i32, i64, f32, !neve.str or an object "
              "type)";
  if (getKeyIsChar() && !type.getKeyType().isInteger(8))
    return emitOpError("'key_is_char' needs i8 keys, not ")
           << type.getKeyType();
  return success();
}

LogicalResult MapGetOp::verify() {
  if (failed(verifyMap(*this, getMap())))
    return failure();
  if (getInnerKeyIsChar()) {
    auto inner = dyn_cast<MapType>(getResult().getType());
    if (!inner || !inner.getKeyType().isInteger(8))
      return emitOpError("'inner_key_is_char' needs a map value with i8 "
                         "keys, not ")
             << getResult().getType();
  }
  return success();
}
LogicalResult MapSetOp::verify() { return verifyMap(*this, getMap()); }
LogicalResult MapHasOp::verify() { return verifyMap(*this, getMap()); }
LogicalResult MapSizeOp::verify() { return verifyMap(*this, getMap()); }
LogicalResult MapClearOp::verify() { return verifyMap(*this, getMap()); }

LogicalResult MapKeysOp::verify() {
  if (failed(verifyMap(*this, getMap())))
    return failure();
  Type key = getMap().getType().getKeyType();
  Type elem = getResult().getType().getElementType();
  if (elem != key)
    return emitOpError("result has element type ")
           << elem << ", not the key type " << key;
  return success();
}

LogicalResult MapValuesOp::verify() {
  if (failed(verifyMap(*this, getMap())))
    return failure();
  Type value = getMap().getType().getValueType();
  Type elem = getResult().getType().getElementType();
  if (elem != value)
    return emitOpError("result has element type ")
           << elem << ", not the value type " << value;
  return success();
}

//===----------------------------------------------------------------------===//
// str methods
//===----------------------------------------------------------------------===//

LogicalResult StrSplitOp::verify() {
  Type elem = getResult().getType().getElementType();
  if (!isa<StrType>(elem))
    return emitOpError("result must be an array of !neve.str, not ")
           << getResult().getType();
  return success();
}
