//===- Plugins.h - Loading plugins and fusion pattern files -----*- C++ -*-===//
//
// What the tools load besides the compiler itself: pass plugins
// (`--load-pass-plugin=`, `-fpass-plugin=`: MLIR's `mlirGetPassPluginInfo`
// entry point, whose registration adds passes, fusion patterns and roles),
// dialect plugins (`--load-dialect-plugin=`: `mlirGetDialectPluginInfo`)
// and fusion pattern files (`-ffusion-patterns=`: PDL IR, or PDLL compiled
// with mlir-pdll). A plugin links libNeve, as the tools do, so it
// registers into the same registries (docs/architecture.md). Unlike
// upstream's mlir-opt, which ignores a plugin that does not load, every
// failure here is an error naming the file.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_PIPELINE_PLUGINS_H
#define NEVE_PIPELINE_PLUGINS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace neve {

/// Loads the pass plugin \p path and runs its registration callback.
llvm::Error loadPassPlugin(llvm::StringRef path);

/// Loads the dialect plugin \p path and adds its dialects to \p registry.
llvm::Error loadDialectPlugin(llvm::StringRef path,
                              mlir::DialectRegistry &registry);

/// Registers the fusion patterns of \p path: PDL IR (`.mlir`), or PDLL
/// (`.pdll`) compiled first by mlir-pdll ($NEVE_MLIR_PDLL, else LLVM 22's,
/// else one on PATH) with Neve's include directory (next to \p argv0's
/// `bin`: `neve/Dialect/Neve/Transforms/Fusion.pdll`) and MLIR's on its
/// include path. Problems in the file are reported on \p os.
llvm::Error loadFusionPatternFile(llvm::StringRef path, const char *argv0,
                                  llvm::raw_ostream &os);

/// For neve-opt: loads what `--load-pass-plugin=`, `--load-dialect-plugin=`
/// (into \p registry) and `-ffusion-patterns=` name, and removes them from
/// argv before MlirOptMain sees them. False after reporting an error.
bool loadPluginArguments(int &argc, char **argv,
                         mlir::DialectRegistry &registry, llvm::StringRef tool);

} // namespace neve

#endif // NEVE_PIPELINE_PLUGINS_H
