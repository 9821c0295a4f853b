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

/// For a function that replaces a chain, the role whose function a program
/// must reach to hold that chain (its trigger); otherwise none. MLIRGen
/// emits a replacement as soon as the program reaches its trigger: a chain
/// cannot exist without it, so programs that only use softmax, say, do not
/// pay for compiling flash attention.
std::optional<FusionRole> fusionTriggerOf(FusionRole replacement);

/// Whether \p role names a function that replaces a chain.
bool isFusionReplacement(FusionRole role);

/// Whether \p role is the trigger of some replacement.
bool isFusionTrigger(FusionRole role);

/// Whether \p role names a function inside which no chain is rewritten
/// (the replacements themselves, which may fall back to their chain, and
/// attention's fallback).
bool isFusionBarrier(FusionRole role);

} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_TRANSFORMS_FUSIONPRIMITIVES_H
