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
  if (e.callKind == CallKind::BuiltinMethod) {
    if (e.receiver->type->is(Type::Kind::Map))
      return emitMapMethod(e);
    if (e.receiver->type->is(Type::Kind::Str))
      return emitStrMethod(e);
    if (e.receiver->type->is(Type::Kind::Channel))
      return emitChannelMethod(e);
    return emitArrayMethod(e);
  }
  if (e.callKind == CallKind::Builtin && isDeviceIntrinsicCall(e.builtin))
    return emitIntrinsic(e);
  if (e.callKind == CallKind::Builtin && isCompiledHostBuiltin(e.builtin))
    return emitBuiltinCall(e);
  llvm::SmallVector<Value> args;
  // Rule 3 of §3.6: `x.m(args)` calls `MT_m(x, args)`.
  if (e.callKind == CallKind::ExtMethod)
    args.push_back(emitExpr(*e.receiver));
  for (auto &a : e.args)
    args.push_back(emitArg(a));
  if (!e.decl) {
    for (Value &a : args)
      a = widenStorageFloat(a, l);
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
  if (e.decl->kind == FuncKind::Proto)
    return emitProtoCall(e, args);
  auto call =
      mlir::func::CallOp::create(b, l, getFunc(e.decl, e.ctimeArgs, args), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

