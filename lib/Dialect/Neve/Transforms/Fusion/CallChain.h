//===- CallChain.h - Matching chains of Frost calls -------------*- C++ -*-===//
//
// What the call-level patterns (attention, bn-relu, add-relu) share: the
// role of a call (FusionPrimitives.td), the producer of an operand when it
// is a call of a given role that nothing else reads, the check that nothing
// between a chain's calls may write memory (the replacement reads the
// chain's inputs at the chain's last call), the lookup of the replacement
// function, and the remark naming the calls fused and their source lines.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TRANSFORMS_FUSION_CALLCHAIN_H
#define NEVE_TRANSFORMS_FUSION_CALLCHAIN_H

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::neve {

/// The role of \p call's callee, if FusionPrimitives.td names it.
std::optional<FusionRole> roleOf(func::CallOp call);

/// The caller position a Frost function receives last (a `str at =
/// caller` parameter, reference §3.2), or null: it is no operand of the
/// role, and a replacement that takes one receives it.
Value callerPosition(func::CallOp call);

/// \p call's operands without its caller position.
OperandRange roleOperands(func::CallOp call);

/// The call of role \p role in \p block that defines \p v, has one result
/// and whose result nothing else uses; otherwise null.
func::CallOp chainProducer(Value v, FusionRole role, Block *block);

/// Whether \p op is inside a function in which no chain is rewritten
/// (isFusionBarrier: a replacement, which may fall back to its chain).
bool insideFusionBarrier(Operation *op);

/// Whether nothing strictly between \p chain's first and last operations
/// (in one block, in that order) other than the chain itself may write or
/// free memory.
bool nothingWritesBetween(ArrayRef<Operation *> chain);

/// The module's function that declares role \p replacement (`neve.role`)
/// taking \p inputs and returning \p results, or null.
func::FuncOp lookupReplacement(Operation *from, FusionRole replacement,
                               TypeRange inputs, TypeRange results);

/// Gives \p call the role of its callee \p fn, as MLIRGen gives it to every
/// call (`neve.role`).
void carryRole(func::CallOp call, func::FuncOp fn);

/// Emits the remark "neve-fuse[PATTERN]: fused 'a' (line N), ... and 'z'
/// (line M) into a call of 'REPLACEMENT'SUFFIX" at the chain's last call.
void remarkChainFused(StringRef pattern, ArrayRef<Operation *> chain,
                      func::FuncOp replacement, StringRef suffix = "");

} // namespace mlir::neve

#endif // NEVE_TRANSFORMS_FUSION_CALLCHAIN_H
