//===- Sema.h - Name resolution and type checking ---------------*- C++ -*-===//
//
// Resolves names and checks types of a whole program (the main file and
// every module it imports, §2.1) in place: every expression gets its type,
// every name its declaration, and implicit conversions (spec §4.5) become
// explicit CastExpr nodes, so that code generation needs no type rules of
// its own.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_SEMA_H
#define NEVE_FRONTEND_SEMA_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"

namespace neve {

/// A program: the file named on the command line and the modules it
/// imports, each loaded once (§2.1).
struct Program {
  /// The main file's module; also modules[0].
  Module *main = nullptr;
  std::vector<std::unique_ptr<Module>> modules;
  /// The test-only entries of Builtins.td are visible
  /// (neve-translate --enable-test-builtins).
  bool testBuiltins = false;
  /// The GPU the kernels are compiled for (neve-translate --gpu-arch,
  /// "sm_90"): intrinsics that need a later or an arch-specific chip
  /// (Builtins.td's `Chip`) are refused at their calls. Empty: not known
  /// (the language server), nothing refused.
  std::string gpuArch;
  /// The native libraries of the imported packages' manifests (§11.9):
  /// names to link (`-l`) and absolute directories to search (`-L`, also
  /// the executable's run-time path), in import order, without repeats.
  std::vector<std::string> nativeLibs, nativeLibDirs;
};

/// Checks `program`; returns false if any error was reported.
bool checkProgram(Program &program, TypeContext &types, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_SEMA_H
