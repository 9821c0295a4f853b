//===- FusionRoles.h - The roles library functions may declare --*- C++ -*-===//
//
// `@role("NAME")` before a `def` (reference §3.10) says which part the
// function plays in the call chains that neve-fuse rewrites. The names a
// program may declare are those registered here: the roles of
// FusionPrimitives.td (mlir::neve::registerFusionRoles), and those a pass
// plugin or a pattern file (-ffusion-patterns) brings. A replacement role
// names a function that replaces a chain: MLIRGen emits such a function
// once the program reaches a function declaring one of its triggers (it is
// called only after the rewrite), and no chain is rewritten inside it (it
// may fall back to the chain it replaces).
//
// The registry needs neither MLIR nor the front end, so that Sema (which
// checks `@role`), MLIRGen and the patterns all see it; it is one per
// process (libNeve), shared with the plugins loaded into the tool.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_FUSIONROLES_H
#define NEVE_SUPPORT_FUSIONROLES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace neve {

/// Makes \p name a role that `@role` may declare (idempotent).
void registerFusionRole(llvm::StringRef name);

/// Makes \p name a replacement role whose function is emitted once the
/// program reaches a function declaring one of \p triggers; registers
/// \p name and the triggers as roles. Registering it again adds triggers.
void registerFusionReplacementRole(llvm::StringRef name,
                                   llvm::ArrayRef<std::string> triggers);

/// The registered roles, sorted.
std::vector<std::string> knownFusionRoles();

/// The triggers of replacement role \p name registered with
/// registerFusionReplacementRole, sorted; empty for any other role.
std::vector<std::string> fusionReplacementTriggers(llvm::StringRef name);

} // namespace neve

#endif // NEVE_SUPPORT_FUSIONROLES_H
