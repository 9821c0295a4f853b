//===- Passes.h - neve dialect transformations ------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H
#define NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H

#include "neve/Dialect/Neve/Transforms/Fusion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::neve {

#define GEN_PASS_DECL
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"

} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H
