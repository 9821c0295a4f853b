//===- NeveDialect.h - The neve dialect -------------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_NEVE_IR_NEVEDIALECT_H
#define NEVE_DIALECT_NEVE_IR_NEVEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "neve/Dialect/Neve/IR/NeveDialect.h.inc"

#endif // NEVE_DIALECT_NEVE_IR_NEVEDIALECT_H
