//===- neve-mlir-lsp.cpp - The MLIR language server with Neve's dialects --===//
//
// Upstream's MLIR language server (MlirLspServerMain) with every dialect
// neve-opt knows, so that editors get diagnostics, hover and go-to-
// definition in the .mlir files of the lit tests and of `neve-opt` output.
//
//===----------------------------------------------------------------------===//

#include "neve/InitAll.h"
#include "neve/Support/ToolVersion.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  neve::setToolVersionPrinter("neve-mlir-lsp");
  mlir::DialectRegistry registry;
  mlir::neve::registerAllNeveDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
