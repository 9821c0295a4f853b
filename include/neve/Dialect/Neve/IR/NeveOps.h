//===- NeveOps.h - Operations of the neve dialect ---------------*- C++ -*-===//

#ifndef NEVE_DIALECT_NEVE_IR_NEVEOPS_H
#define NEVE_DIALECT_NEVE_IR_NEVEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "neve/Dialect/Neve/IR/NeveDialect.h"
#include "neve/Dialect/Neve/IR/NeveTypes.h"

#define GET_OP_CLASSES
#include "neve/Dialect/Neve/IR/NeveOps.h.inc"

namespace mlir::neve {
/// Marks the `func.func` of a `kernel` (§3.7) until --neve-outline-kernels
/// makes it a `gpu.func`.
inline constexpr llvm::StringLiteral kKernelAttrName = "neve.kernel";
/// On a function and on every call of it: the role it declares (`@role`,
/// §3.10), which neve-fuse's call-level patterns match.
inline constexpr llvm::StringLiteral kRoleAttrName = "neve.role";
/// Marks the `func.func` of a `gpu` device function (§3.7).
inline constexpr llvm::StringLiteral kDeviceAttrName = "neve.device";
/// Marks the `func.func` of a function written in a library (the prelude,
/// a package: Module::isLibrary) rather than in the program; the program's
/// calls into libraries name their line in run-time errors (--neve-call-sites).
inline constexpr llvm::StringLiteral kLibraryAttrName = "neve.library";
/// A kernel defined in a library (MLIRGen): where none of the build's chips
/// has the instructions it uses, --neve-kernel-abi compiles it with a body
/// that only traps, instead of refusing the program (spec §8.1).
inline constexpr llvm::StringLiteral kLibraryKernelAttrName =
    "neve.library_kernel";
} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_IR_NEVEOPS_H
