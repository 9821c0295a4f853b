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
  if (e.decl->kind == FuncKind::Operation) {
    // An `operation` called by its canonical name (§3.8): as `l op r`.
    if (isBufferOffbyName(*e.decl))
      return emitBufferOffset(args[0], e.decl->paramTypes[0], args[1],
                              e.decl->paramTypes[1], l);
    return emitOperatorFuncCall(*e.decl, args[0], args[1], l, e.getLoc());
  }
  auto call =
      mlir::func::CallOp::create(b, l, getFunc(e.decl, e.ctimeArgs, args), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

