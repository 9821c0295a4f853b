//===- FusionPrimitives.h - Frost functions fusion may see ------*- C++ -*-===//
//
// The roles of FusionPrimitives.td: symbolizeFusionRole(calleeSymbol) says
// which part of a fusable chain a call plays.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_DIALECT_NEVE_TRANSFORMS_FUSIONPRIMITIVES_H
#define NEVE_DIALECT_NEVE_TRANSFORMS_FUSIONPRIMITIVES_H

#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h.inc"

namespace mlir::neve {

/// Whether \p role names a function that replaces a chain (MLIRGen emits
/// it as soon as the program reaches a trigger, isFusionTrigger).
bool isFusionReplacement(FusionRole role);

/// Whether a program reaching this function may hold a chain that a
/// pattern replaces (then MLIRGen emits the replacements; a chain cannot
/// exist without it, so programs that only use softmax, say, do not pay
/// for compiling flash attention).
bool isFusionTrigger(FusionRole role);

/// Whether \p role names a function inside which no chain is rewritten
/// (the replacement itself and its fallback).
bool isFusionBarrier(FusionRole role);

} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_TRANSFORMS_FUSIONPRIMITIVES_H
