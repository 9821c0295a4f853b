//===- CallChain.h - Matching chains of Frost calls -------------*- C++ -*-===//
//
// What the call-level patterns (attention, bn-relu, add-relu) share, for
// the roles of FusionPrimitives.td: the role of a call as an enum, and the
// helpers of neve/Dialect/Neve/Transforms/Fusion.h (which plugins use with
// role names) taking one.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TRANSFORMS_FUSION_CALLCHAIN_H
#define NEVE_TRANSFORMS_FUSION_CALLCHAIN_H

#include "neve/Dialect/Neve/Transforms/Fusion.h"
#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::neve {

/// The role of \p call's callee, if FusionPrimitives.td names it.
std::optional<FusionRole> roleOf(func::CallOp call);

/// The call of role \p role in \p block that defines \p v, has one result
/// and whose result nothing else uses; otherwise null.
func::CallOp chainProducer(Value v, FusionRole role, Block *block);

/// The module's function that declares role \p replacement (`neve.role`)
/// taking \p inputs and returning \p results, or null.
func::FuncOp lookupReplacement(Operation *from, FusionRole replacement,
                               TypeRange inputs, TypeRange results);

} // namespace mlir::neve

#endif // NEVE_TRANSFORMS_FUSION_CALLCHAIN_H
