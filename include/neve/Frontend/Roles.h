//===- Roles.h - The roles library functions declare (§3.10) ----*- C++ -*-===//
//
// `@role("NAME")` before a `def` says which part the function plays in the
// chains that neve-fuse's call-level patterns rewrite (softmax, the scores
// product of attention, ...). Patterns match roles, never symbol names, so
// renaming a library function keeps its fusions. The names a program may
// declare are those the patterns know: the tools register them
// (mlir::neve::registerFusionRoles, from FusionPrimitives.td; plugins and
// pattern files add theirs) in the registry of neve/Support/FusionRoles.h
// before checking a program.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_ROLES_H
#define NEVE_FRONTEND_ROLES_H

#include "neve/Support/FusionRoles.h"

namespace neve {

class DiagEngine;
struct Program;

/// Checks every `@role` of \p program: a registered name (when any are
/// registered), declared by one function only.
void checkRoles(const Program &program, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_ROLES_H
