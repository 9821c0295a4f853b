//===- MLIRGenCall.cpp - Calls and builtins to MLIR -------------------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

Value Generator::emitCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  if (e.callKind == CallKind::FunctionValue)
    return emitFunctionValueCall(e);
  if (e.callKind == CallKind::Method)
    return emitMethodCall(e);
  if (e.callKind == CallKind::Builtin || e.callKind == CallKind::BuiltinMethod)
    return emitBuiltin(e);
  llvm::SmallVector<Value> args;
  // Rule 3 of §3.6: `x.m(args)` calls `MT_m(x, args)`.
  if (e.callKind == CallKind::ExtMethod)
    args.push_back(emitExpr(*e.receiver));
  for (auto &a : e.args)
    args.push_back(emitArg(a));
  if (e.decl->kind == FuncKind::Proto)
    return emitProtoCall(e, args);
  auto call =
      mlir::func::CallOp::create(b, l, getFunc(e.decl, e.ctimeArgs, args), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

