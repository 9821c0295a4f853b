//===- ModuleLoader.h - Imports and the prelude -----------------*- C++ -*-===//
//
// Loads a program (§2.1): parses the main file, then every module reachable
// through `import`, each once (cycles are allowed), and the prelude
// `$NEVE_LIBS/std_lib/include.nv`. `import a.b.c` resolves to the first of
// `DIR/a/b/c.nv` (DIR: the importing file's directory) and
// `$NEVE_LIBS/a/b/c/include.nv`.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_MODULELOADER_H
#define NEVE_FRONTEND_MODULELOADER_H

#include "neve/Frontend/Sema.h"

#include <string>

namespace neve {

struct LoadOptions {
  /// The package directory ($NEVE_LIBS); empty: no installed packages.
  std::string libsDir;
  /// Import the prelude implicitly.
  bool prelude = true;
};

/// The package directory: $NEVE_LIBS if set, else `<dir of argv0>/../lib/neve`.
std::string defaultLibsDir(const char *argv0, void *mainAddr);

/// Parses the main buffer `mainID` of `sm` and everything it imports into
/// `program`. Errors go to `diag`; returns false if any was reported.
bool loadProgram(llvm::SourceMgr &sm, unsigned mainID, DiagEngine &diag,
                 const LoadOptions &options, Program &program);

} // namespace neve

#endif // NEVE_FRONTEND_MODULELOADER_H
