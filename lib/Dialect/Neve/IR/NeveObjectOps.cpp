//===- NeveObjectOps.cpp - Verifiers of the class and object ops ----------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::neve;

//===----------------------------------------------------------------------===//
// ClassOp
//===----------------------------------------------------------------------===//

LogicalResult ClassOp::verify() {
  ArrayAttr names = getFieldNames(), types = getFieldTypes();
  if (names.size() != types.size())
    return emitOpError("has ") << names.size() << " field names but "
                               << types.size() << " field types";
  llvm::StringSet<> seen;
  for (Attribute name : names)
    if (!seen.insert(cast<StringAttr>(name).getValue()).second)
      return emitOpError("declares field '")
             << cast<StringAttr>(name).getValue() << "' twice";
  return success();
}

int64_t ClassOp::getFieldIndex(StringRef name) {
  for (auto [i, attr] : llvm::enumerate(getFieldNames()))
    if (cast<StringAttr>(attr).getValue() == name)
      return i;
  return -1;
}

Type ClassOp::getFieldType(int64_t index) {
  return cast<TypeAttr>(getFieldTypes()[index]).getValue();
}

//===----------------------------------------------------------------------===//
// Symbol uses: the class of an object type must be declared
//===----------------------------------------------------------------------===//

/// The neve.class of `type`, or an error on `op`.
static FailureOr<ClassOp> lookupClass(Operation *op, ObjectType type,
                                      SymbolTableCollection &symbols) {
  auto cls = symbols.lookupNearestSymbolFrom<ClassOp>(op, type.getClassName());
  if (!cls)
    return op->emitOpError("refers to undeclared class '")
           << type.getClassName().getValue() << "'";
  return cls;
}

/// Checks that `field` is a field of `type`'s class with type `fieldType`.
static LogicalResult verifyField(Operation *op, ObjectType type,
                                 StringRef field, Type fieldType,
                                 SymbolTableCollection &symbols) {
  FailureOr<ClassOp> cls = lookupClass(op, type, symbols);
  if (failed(cls))
    return failure();
  int64_t index = cls->getFieldIndex(field);
  if (index < 0)
    return op->emitOpError("class '")
           << type.getClassName().getValue() << "' has no field '" << field
           << "'";
  Type declared = cls->getFieldType(index);
  if (declared != fieldType)
    return op->emitOpError("field '")
           << field << "' has type " << declared << ", not " << fieldType;
  return success();
}

LogicalResult NewOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return lookupClass(*this, getType(), symbols);
}

LogicalResult FieldGetOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyField(*this, getObject().getType(), getField(),
                     getResult().getType(), symbols);
}

LogicalResult FieldSetOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyField(*this, getObject().getType(), getField(),
                     getValue().getType(), symbols);
}

LogicalResult FieldAddrOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FailureOr<ClassOp> cls = lookupClass(*this, getObject().getType(), symbols);
  if (failed(cls))
    return failure();
  int64_t index = cls->getFieldIndex(getField());
  if (index < 0)
    return emitOpError("class '")
           << getObject().getType().getClassName().getValue()
           << "' has no field '" << getField() << "'";
  Type declared = cls->getFieldType(index);
  if (!isa<LLVM::LLVMArrayType>(declared))
    return emitOpError("field '")
           << getField() << "' has type " << declared
           << ", not an inline !llvm.array";
  return success();
}

LogicalResult SingletonOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return lookupClass(*this, getType(), symbols);
}

//===----------------------------------------------------------------------===//
// SingletonOp
//===----------------------------------------------------------------------===//

LogicalResult SingletonOp::verify() {
  FunctionType init = getInit().getType();
  if (init.getNumInputs() != 0 || init.getNumResults() != 1 ||
      init.getResult(0) != getType())
    return emitOpError("needs an initializer of type () -> ")
           << getType() << ", not " << init;
  return success();
}
