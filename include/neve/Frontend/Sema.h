//===- Sema.h - Name resolution and type checking ---------------*- C++ -*-===//
//
// Resolves names and checks types of a parsed Module in place: every
// expression gets its type, every name its declaration, and implicit
// conversions (spec §4.5) become explicit CastExpr nodes, so that code
// generation needs no type rules of its own.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_SEMA_H
#define NEVE_FRONTEND_SEMA_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"

namespace neve {

/// Checks `module`; returns false if any error was reported.
bool checkModule(Module &module, TypeContext &types, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_SEMA_H
