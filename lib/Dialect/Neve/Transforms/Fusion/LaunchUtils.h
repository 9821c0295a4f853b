//===- LaunchUtils.h - What launch-level fusion patterns share --*- C++ -*-===//
//
// Facts about the host code around neve.launch operations that the
// elementwise and GEMM-epilogue patterns both need: which buffers are fresh
// allocations, which operations a launch may be moved past, when two
// buffers cannot overlap; and the clean-up both do after a fusion.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TRANSFORMS_FUSION_LAUNCHUTILS_H
#define NEVE_TRANSFORMS_FUSION_LAUNCHUTILS_H

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::neve::fusion {

/// Runtime functions returning a fresh device buffer, and whether an unused
/// call may be dropped (randu_cuda draws from the generator: not dropped).
enum class Alloc { None, Kept, Removable };

Alloc allocKind(func::CallOp call);
Alloc allocKind(Value v);

/// \p v is a fresh buffer of zeros (zeros_cuda, zeros_cuda_pool).
bool isZeroAlloc(Value v);

/// Operations a launch may be moved past: pure ones, allocations (a fresh
/// buffer is no one else's) and the runtime's context getter.
bool movable(Operation *op);

/// The launch before \p op in its block with only movable operations
/// between them, or null.
LaunchOp launchJustBefore(LaunchOp op);

/// The value \p v is computed from (through address arithmetic and casts).
Value rootOf(Value v);

/// p and q never overlap: one is a fresh allocation the other does not
/// come from.
bool disjoint(Value p, Value q);

/// Equal integers: the same value or equal constants.
bool sameInt(Value a, Value b);
bool isOne(Value v);
bool isZero(Value v);

/// Erases the operations of \p block that nothing uses and that have no
/// effect, last first.
void eraseDead(Block &block, RewriterBase &rewriter);

/// Whether \p v is used only by \p first, \p second and calls freeing it
/// after \p second in its block (appended to \p frees).
bool onlyLaunchesAndFrees(Value v, LaunchOp first, LaunchOp second,
                          SmallVectorImpl<Operation *> &frees);

/// A new kernel for the launches \p first then \p second: one parameter
/// per distinct launch operand (\p operands, in order; \p indexOf maps an
/// operand to its parameter), named `A__B` after the two kernels (\p name;
/// the function is renamed on a clash), private and marked `neve.kernel`,
/// placed after \p after, with an empty entry block holding the parameters.
struct FusedKernel {
  std::string name;
  func::FuncOp func;
  Block *entry;
  SmallVector<Value> operands;
  llvm::DenseMap<Value, unsigned> indexOf;
};
FusedKernel createFusedKernel(LaunchOp first, LaunchOp second,
                              func::FuncOp ka, func::FuncOp kb,
                              func::FuncOp after, Location funcLoc,
                              Location argLoc, SymbolTable &symbols,
                              RewriterBase &rewriter);

/// An earlier fused kernel of the same kernels (\p name, or name_N that
/// the symbol table made of it) with the same parameters and body serves
/// instead of \p fused, which goes.
func::FuncOp reuseIdentical(func::FuncOp fused, StringRef name,
                            SymbolTable &symbols, RewriterBase &rewriter);

} // namespace mlir::neve::fusion

#endif // NEVE_TRANSFORMS_FUSION_LAUNCHUTILS_H
