//===- LayoutOps.h - Operations of the layout dialect -----------*- C++ -*-===//

#ifndef NEVE_DIALECT_LAYOUT_IR_LAYOUTOPS_H
#define NEVE_DIALECT_LAYOUT_IR_LAYOUTOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "neve/Dialect/Layout/IR/LayoutDialect.h"

#define GET_OP_CLASSES
#include "neve/Dialect/Layout/IR/LayoutOps.h.inc"

#endif // NEVE_DIALECT_LAYOUT_IR_LAYOUTOPS_H
