//===- NeveGpuOps.cpp - Verifiers of the kernel ops ------------------------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::neve;

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(*this, getKernelAttr());
  if (!fn)
    return emitOpError("refers to undeclared kernel ") << getKernelAttr();
  if (!fn->hasAttr(kKernelAttrName))
    return emitOpError("needs a function marked 'neve.kernel', not @")
           << fn.getSymName();
  FunctionType type = fn.getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError("kernel @") << fn.getSymName() << " returns values";
  if (TypeRange(getArgs().getTypes()) != type.getInputs())
    return emitOpError("arguments do not match kernel @")
           << fn.getSymName() << " of type " << type;
  return success();
}

