//===- ElementwiseKernel.h - Recognising elementwise kernels ----*- C++ -*-===//
//
// An elementwise kernel is a `neve.kernel` function of the shape every
// `k = bx*bdx + tx; if k < n` kernel takes after cleanup:
//
//   entry:  pure operations, among them k = block_id.x * block_dim.x +
//           thread_id.x (i32, through index_cast) and
//           cond_br (k < n), ^body, ^exit      with n a parameter
//   body:   pure operations; p[k] addresses (llvm.getelementptr of a
//           pointer parameter by extsi(k), no other index) used only as
//           the address of llvm.load / llvm.store; br ^exit
//   exit:   return
//
// so thread k touches element k of each buffer and nothing else (or, for
// GEMM epilogues, also reads read-only buffers elsewhere): two such
// kernels over the same k < n can run as one (ElementwiseFusion.cpp), and
// a later pattern (GEMM epilogues) can recognise the work to move into an
// epilogue.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TRANSFORMS_FUSION_ELEMENTWISEKERNEL_H
#define NEVE_TRANSFORMS_FUSION_ELEMENTWISEKERNEL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::neve::fusion {

/// How an elementwise kernel uses one of its parameters.
struct ParamUse {
  bool read = false, written = false;
  /// read at an index other than k (analyzeElementwise with allowGathers)
  bool gathered = false;
  Type element; ///< the element type of its accesses (pointers only)
};

struct ElementwiseKernel {
  func::FuncOp func;
  unsigned boundParam; ///< the n of `k < n`
  Value index;         ///< k (i32) in the entry block
  Block *entry, *body, *exit;
  llvm::SmallVector<ParamUse> params;
};

/// The kernel's elementwise structure, or nothing when it has another
/// shape (any access at another index, a call, an atomic, a loop...).
/// With \p allowGathers, loads of parameters that the kernel never writes
/// may be at any index computed in the kernel (bias[k % n]), and checked
/// integer divisions (neve.divi, remi, ceildivi) may compute it.
std::optional<ElementwiseKernel> analyzeElementwise(func::FuncOp func,
                                                    bool allowGathers = false);

/// The pointer parameter that \p address (an llvm.getelementptr of one
/// index in the body) is an element of, at whatever index, or nothing.
std::optional<unsigned> gatheredParam(const ElementwiseKernel &k,
                                      Value address);

/// The pointer parameter whose element k \p address is (a p[k] address of
/// an analysed kernel), or nothing.
std::optional<unsigned> addressedParam(const ElementwiseKernel &k,
                                       Value address);

} // namespace mlir::neve::fusion

#endif // NEVE_TRANSFORMS_FUSION_ELEMENTWISEKERNEL_H
