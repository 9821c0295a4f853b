//===- neve-opt.cpp - Run Neve passes on MLIR -----------------------------===//
//
// MlirOptMain with every Neve dialect and pass registered, plus the upstream
// dialects and passes of Neve's pipelines: how a researcher inspects one
// lowering step (`neve-opt file.mlir --convert-neve-to-llvm`).
//
// Plugins and fusion pattern files are loaded first, by Neve
// (neve/Pipeline/Plugins.h): `--load-pass-plugin=`, `--load-dialect-plugin=`
// and `-ffusion-patterns=` are errors when the file does not load, where
// upstream's options would only warn.
//
//===----------------------------------------------------------------------===//

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
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "Neve optimizer driver\n\n"
      "  -ffusion-patterns=FILE  register the fusion patterns of a PDL "
      "(.mlir) or PDLL (.pdll) file with neve-fuse\n",
      registry));
}
