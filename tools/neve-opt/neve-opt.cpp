//===- neve-opt.cpp - Run Neve passes on MLIR -----------------------------===//
//
// MlirOptMain with every Neve dialect and pass registered, plus the upstream
// dialects and passes of Neve's pipelines: how a researcher inspects one
// lowering step (`neve-opt file.mlir --convert-neve-to-llvm`).
//
// Plugins and fusion pattern files are loaded first, by Neve
// (neve/Pipeline/Plugins.h): `--load-pass-plugin=`, `--load-dialect-plugin=`
// and `-ffusion-patterns=` are errors when the file does not load, where
// upstream's options would only warn. `--list-fusion-patterns` lists
// neve-fuse's patterns with their summaries, those loaded included.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Fusion.h"
#include "neve/InitAll.h"
#include "neve/Pipeline/Plugins.h"
#include "neve/Support/ToolVersion.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  neve::setToolVersionPrinter("neve-opt");
  mlir::neve::registerAllNevePasses();
  mlir::DialectRegistry registry;
  mlir::neve::registerAllNeveDialects(registry);
  if (!neve::loadPluginArguments(argc, argv, registry, "neve-opt"))
    return 1;
  // --list-fusion-patterns: what -ffuse= and neve-fuse's `patterns` may
  // name, the compiler's and those just loaded.
  for (int i = 1; i < argc; ++i)
    if (llvm::StringRef(argv[i]).ltrim('-') == "list-fusion-patterns") {
      for (const mlir::neve::FusionPatternInfo &p :
           mlir::neve::fusionPatterns())
        llvm::outs() << p.name << " (" << (p.onByDefault ? "on" : "off")
                     << (p.origin.empty() ? "" : ", from " + p.origin)
                     << "): " << p.summary << "\n";
      return 0;
    }
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "Neve optimizer driver\n\n"
      "  -ffusion-patterns=FILE  register the fusion patterns of a PDL "
      "(.mlir) or PDLL (.pdll) file with neve-fuse\n"
      "  --list-fusion-patterns  list neve-fuse's patterns (with those of the "
      "plugins and files given) and exit\n",
      registry));
}
