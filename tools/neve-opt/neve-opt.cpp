//===- neve-opt.cpp - Run Neve passes on MLIR -----------------------------===//
//
// MlirOptMain with every Neve dialect and pass registered, plus the upstream
// dialects and passes of Neve's pipelines: how a researcher inspects one
// lowering step (`neve-opt file.mlir --convert-neve-to-llvm`).
//
//===----------------------------------------------------------------------===//

#include "neve/InitAll.h"
#include "neve/Support/ToolVersion.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  neve::setToolVersionPrinter("neve-opt");
  mlir::neve::registerAllNevePasses();
  mlir::DialectRegistry registry;
  mlir::neve::registerAllNeveDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Neve optimizer driver\n", registry));
}
