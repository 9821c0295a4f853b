//===- Passes.h - neve dialect transformations ------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H
#define NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/ArrayRef.h"

namespace mlir::neve {

#define GEN_PASS_DECL
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"

/// One fusion pattern of `neve-fuse` (lib/Dialect/Neve/Transforms/Fusion/).
struct FusionPatternInfo {
  const char *name;    ///< its name in `neve-fuse="patterns=..."`
  const char *summary; ///< one line for --help and errors
  bool onByDefault;    ///< applied without a `patterns` option
  void (*populate)(RewritePatternSet &patterns);
};

/// Every registered fusion pattern (FusionRegistry.cpp), in order.
llvm::ArrayRef<FusionPatternInfo> fusionPatterns();

} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_TRANSFORMS_PASSES_H
