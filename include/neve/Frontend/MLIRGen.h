//===- MLIRGen.h - Typed AST to the neve dialect ----------------*- C++ -*-===//
//
// Emits a checked Module as MLIR: the neve dialect together with func, arith,
// cf, math and memref. Locals live in memref.alloca slots that mem2reg turns
// into SSA values; control flow is unstructured (cf), which expresses
// `break`, `continue` and early `return` directly.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_MLIRGEN_H
#define NEVE_FRONTEND_MLIRGEN_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Sema.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace neve {

/// The C symbol of the program's `main` block; the runtime's `main` calls it.
inline constexpr const char *kEntrySymbol = "neve_main";

/// The functions `main` calls before its body (§2.2): every top-level def
/// whose name ends in `_prebuild` and that has no parameters, in textual
/// order with imports spliced in.
std::vector<const FuncDecl *> prebuildFunctions(const Program &program);

/// Registers the roles of FusionPrimitives.td as names `@role` may declare
/// (Roles.h); the tools call it before checking a program.
void registerFusionRoles();

/// The fusion replacements (FusionPrimitives.td, or the replacement roles
/// of plugins and pattern files) to emit besides what main reaches: those
/// the program defines, once it reaches a function declaring one of their
/// triggers (\p reached says which functions are reached so far).
std::vector<const FuncDecl *>
fusionReplacements(const Program &program,
                   llvm::function_ref<bool(const FuncDecl *)> reached);

/// Emits `program` (which must have passed Sema): main and every function,
/// method and constructor it reaches, in any module. Constructs code
/// generation does not handle yet are reported to `diag`, with their
/// locations, all of them; returns null then, or on an internal failure.
mlir::OwningOpRef<mlir::ModuleOp> emitMLIR(mlir::MLIRContext &context,
                                           const llvm::SourceMgr &sm,
                                           const Program &program,
                                           DiagEngine &diag);

/// The staging of the builtin tiled product `Z += X @ Y` (§8.6): how many
/// cp.async stages (default 3) of how wide k slices (default 64). The
/// tuning knobs NEVE_MATMUL_STAGES and NEVE_MATMUL_BLOCK_K override them
/// (docs/layout-dialect.md).
int64_t matmulStages();
int64_t matmulBlockK();

} // namespace neve

#endif // NEVE_FRONTEND_MLIRGEN_H
