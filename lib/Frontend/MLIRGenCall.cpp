//===- MLIRGenCall.cpp - Calls and builtins to MLIR -------------------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

Value Generator::emitCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  if (e.callKind == CallKind::BuiltinMethod)
    return emitArrayMethod(e);
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitExpr(*a.value));
  if (!e.decl) {
    // print / printl: char operands are marked, since they lower to i8.
    llvm::SmallVector<bool> chars;
    for (auto &a : e.args)
      chars.push_back(a.value->type->is(Type::Kind::Char));
    mlir::DenseBoolArrayAttr charsAttr;
    if (llvm::is_contained(chars, true))
      charsAttr = b.getDenseBoolArrayAttr(chars);
    mlir::neve::PrintOp::create(b, l, args, e.calleeName() == "print",
                                charsAttr);
    return nullptr;
  }
  auto call = mlir::func::CallOp::create(b, l, getFunc(e.decl), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

