//===- NeveTypes.h - Types of the neve dialect ------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_NEVE_IR_NEVETYPES_H
#define NEVE_DIALECT_NEVE_IR_NEVETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "neve/Dialect/Neve/IR/NeveTypes.h.inc"

#endif // NEVE_DIALECT_NEVE_IR_NEVETYPES_H
