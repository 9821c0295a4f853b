//===- LayoutDialect.h - The layout dialect ---------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H
#define NEVE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "neve/Dialect/Layout/IR/LayoutDialect.h.inc"
#include "neve/Dialect/Layout/IR/LayoutEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "neve/Dialect/Layout/IR/LayoutTypes.h.inc"

#endif // NEVE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H
