//===- SampleDialect.cpp - A dialect plugin over Neve's types -------------===//
//
//   neve-opt --load-dialect-plugin=libNeveSampleDialect.so file.mlir
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/IR/NeveDialect.h"
#include "neve/Dialect/Neve/IR/NeveTypes.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

#include "llvm/Config/llvm-config.h"

#include "SampleDialect.h.inc"

#define GET_OP_CLASSES
#include "SampleOps.h.inc"

#include "SampleDialect.cpp.inc"

#define GET_OP_CLASSES
#include "SampleOps.cpp.inc"

void sample::SampleDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "SampleOps.cpp.inc"
      >();
}

/// The entry point every MLIR dialect plugin has (mlir/Tools/Plugins).
extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "NeveSampleDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<sample::SampleDialect>();
          }};
}
