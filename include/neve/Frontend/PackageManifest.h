//===- PackageManifest.h - A package's neve-package.json (§11.9) -*- C++ -*-===//
//
// A package directory may hold, beside its include.nv, a manifest
//
//   {"name": "ring", "version": "1.2.0",
//    "native": {"libs": ["ring"], "lib_dirs": ["lib"], "sources": []}}
//
// `name` (required) is the package's dotted import name; `version` is
// optional text; `native` (optional) names the libraries linked into every
// program that imports the package (`libs`, as `-l`) and the directories,
// relative to the package directory, where they are found (`lib_dirs`, as
// `-L` and the run-time path). `sources` (C/C++/CUDA to build the native
// library from) is reserved: this implementation does not build sources,
// and a manifest that lists some is an error saying so. Unknown keys are
// errors, so that a misspelt `lib_dir` is not silently ignored.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_PACKAGEMANIFEST_H
#define NEVE_FRONTEND_PACKAGEMANIFEST_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace neve {

struct PackageManifest {
  std::string name, version;
  std::vector<std::string> libs;
  /// Absolute: resolved against the package directory.
  std::vector<std::string> libDirs;
};

/// Parses the manifest `text`, read from `packageDir`/neve-package.json,
/// for the package imported as `importName`. False with `error` (no
/// location: the caller reports it at the import) when it is not valid.
bool parsePackageManifest(llvm::StringRef text, llvm::StringRef packageDir,
                          llvm::StringRef importName, PackageManifest &out,
                          std::string &error);

} // namespace neve

#endif // NEVE_FRONTEND_PACKAGEMANIFEST_H
