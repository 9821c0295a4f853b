//===- NeveConcurrencyOps.cpp - Verifiers of the concurrency ops -----------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::neve;

/// A task body's entry block receives exactly the captured values.
static LogicalResult verifyTaskBody(Operation *op, Region &body,
                                    ValueRange captures) {
  if (body.empty())
    return op->emitOpError("needs a body");
  TypeRange args = body.front().getArgumentTypes();
  if (args != captures.getTypes())
    return op->emitOpError("body's entry block must take the captured "
                           "values: expected ")
           << captures.size() << " arguments of the captures' types";
  return success();
}

LogicalResult AsyncOp::verify() {
  return verifyTaskBody(*this, getBody(), getCaptures());
}

LogicalResult AsyncsOp::verify() {
  return verifyTaskBody(*this, getBody(), getCaptures());
}

LogicalResult TaskSpawnOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(*this, getCalleeAttr());
  if (!fn)
    return emitOpError("refers to undeclared function ") << getCalleeAttr();
  FunctionType type = fn.getFunctionType();
  if (type.getNumInputs() != 1 ||
      !isa<LLVM::LLVMPointerType>(type.getInput(0)) ||
      type.getNumResults() != 0)
    return emitOpError("needs a task body of type (!llvm.ptr) -> (), not ")
           << type;
  return success();
}

LogicalResult ThreadIdOp::verify() {
  StringRef k = getKind();
  if (k != "tid" && k != "tN" && k != "tHW")
    return emitOpError("kind must be \"tid\", \"tN\" or \"tHW\", not \"")
           << k << "\"";
  return success();
}

LogicalResult ChannelNewOp::verify() {
  if (getCapacity() <= 0)
    return emitOpError("needs a positive capacity, not ") << getCapacity();
  return success();
}

static LogicalResult verifyElement(Operation *op, ChannelType ch, Type t,
                                   StringRef what) {
  if (ch.getElementType() != t)
    return op->emitOpError() << what << " type " << t
                             << " differs from the channel's element type "
                             << ch.getElementType();
  return success();
}

LogicalResult ChannelSendOp::verify() {
  return verifyElement(*this, getChannel().getType(), getValue().getType(),
                       "value");
}

LogicalResult ChannelRecvOp::verify() {
  return verifyElement(*this, getChannel().getType(), getResult().getType(),
                       "result");
}

LogicalResult ChannelSumOp::verify() {
  return verifyElement(*this, getChannel().getType(), getResult().getType(),
                       "result");
}
