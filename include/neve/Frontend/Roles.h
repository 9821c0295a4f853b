//===- Roles.h - The roles library functions declare (§3.10) ----*- C++ -*-===//
//
// `@role("NAME")` before a `def` says which part the function plays in the
// chains that neve-fuse's call-level patterns rewrite (softmax, the scores
// product of attention, ...). Patterns match roles, never symbol names, so
// renaming a library function keeps its fusions. The names a program may
// declare are those the patterns know: the tools register them
// (mlir::neve::registerFusionRoles, from FusionPrimitives.td) before
// checking a program. The front end itself depends on no MLIR, so the
// registry lives here.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_ROLES_H
#define NEVE_FRONTEND_ROLES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace neve {

class DiagEngine;
struct Program;

/// Makes \p name a role that `@role` may declare (idempotent).
void registerFusionRole(llvm::StringRef name);
/// The registered roles, sorted.
std::vector<std::string> knownFusionRoles();

/// Checks every `@role` of \p program: a registered name (when any are
/// registered), declared by one function only.
void checkRoles(const Program &program, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_ROLES_H
