//===- ModuleLoader.h - Imports and the prelude -----------------*- C++ -*-===//
//
// Loads a program (§2.1): parses the main file, then every module reachable
// through `import`, each once (cycles are allowed), and the prelude
// `std_lib/include.nv` of the package search path. `import a.b.c` resolves
// to the first of `DIR/a/b/c.nv` (DIR: the importing file's directory) and
// `P/a/b/c/include.nv` for each directory P of the search path ($NEVE_LIBS,
// colon-separated, then the default package directory). A package's
// manifest `neve-package.json` beside its include.nv (§11.9) is read when
// the package is imported: its native libraries are recorded in the
// Program for the link.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_MODULELOADER_H
#define NEVE_FRONTEND_MODULELOADER_H

#include "neve/Frontend/Sema.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace neve {

struct LoadOptions {
  /// The package search path: directories separated by ':' (as
  /// defaultLibsDir gives it); empty: no installed packages.
  std::string libsDir;
  /// Import the prelude implicitly.
  bool prelude = true;
};

/// The package search path: the directories of $NEVE_LIBS (colon-separated)
/// followed by the default package directory (`<dir of argv0>/../share/neve`
/// when installed, else `<dir of argv0>/../lib/neve`), joined with ':'.
std::string defaultLibsDir(const char *argv0, void *mainAddr);

/// The directories of a search path: split at ':', empty entries dropped.
std::vector<std::string> splitSearchPath(llvm::StringRef path);

/// Parses the main buffer `mainID` of `sm` and everything it imports into
/// `program`. Errors go to `diag`; returns false if any was reported.
bool loadProgram(llvm::SourceMgr &sm, unsigned mainID, DiagEngine &diag,
                 const LoadOptions &options, Program &program);

} // namespace neve

#endif // NEVE_FRONTEND_MODULELOADER_H
