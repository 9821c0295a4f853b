//===- MLIRGenBuiltin.cpp - Host builtins, prebuild calls, protos ---------===//
//
// The §7 host builtins other than print: arithmetic ones become upstream ops
// (math.powf, math.sqrt, arith.minsi/maximumf, ...), the others calls of the
// C runtime (include/neve/Runtime/neve_runtime.h) through private func.func
// declarations. Also the `_prebuild` calls that start `main` (§2.2) and the
// C calls of `proto` functions (§3.8).
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"
#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"
#include "neve/Frontend/Roles.h"
#include "neve/Runtime/neve_runtime.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/ADT/StringSet.h"

using namespace neve;
using namespace neve::mlirgen;

//===----------------------------------------------------------------------===//
// Runtime calls
//===----------------------------------------------------------------------===//

Value Generator::callRuntime(llvm::StringRef name, mlir::TypeRange results,
                             mlir::ValueRange args, mlir::Location l) {
  auto fn = module.lookupSymbol<mlir::func::FuncOp>(name);
  if (!fn) {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    fn = mlir::func::FuncOp::create(
        b, l, name, b.getFunctionType(args.getTypes(), results));
    fn.setPrivate();
  }
  auto call = mlir::func::CallOp::create(b, l, fn, args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

//===----------------------------------------------------------------------===//
// Dispatch (generated from Builtins.td)
//===----------------------------------------------------------------------===//

Value Generator::emitBuiltin(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  switch (e.builtin) {
#define NEVE_BUILTIN_CALLS
#include "neve/Frontend/BuiltinEmit.inc"
  default:
    break;
  }
  llvm_unreachable("a call resolved to a predeclared value");
}

Value Generator::emitPredeclaredValue(BuiltinId id, mlir::Location l) {
  llvm::StringRef name = builtinName(id);
  switch (id) {
#define NEVE_BUILTIN_VALUES
#include "neve/Frontend/BuiltinEmit.inc"
  default:
    break;
  }
  llvm_unreachable("a builtin function used as a value");
}

template <int32_t value>
Value Generator::emitIntConstant(llvm::StringRef, mlir::Location l) {
  return mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(value));
}

//===----------------------------------------------------------------------===//
// Host builtins (§7)
//===----------------------------------------------------------------------===//

llvm::SmallVector<Value> Generator::emitArgs(const CallExpr &e) {
  // Sema converted the arguments to the parameter types (min and max: to
  // their promoted type, which is also the result type).
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitExpr(*a.value));
  return args;
}

template <bool newline>
Value Generator::emitPrint(const CallExpr &e, mlir::Location l) {
  if (inDeviceCode())
    return emitDevicePrint(e, newline, l);
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitArg(a));
  for (Value &a : args)
    a = widenStorageFloat(a, l);
  // char operands are marked, since they lower to i8.
  llvm::SmallVector<bool> chars;
  for (auto &a : e.args)
    chars.push_back(a.value->type->is(Type::Kind::Char));
  mlir::DenseBoolArrayAttr charsAttr;
  if (llvm::is_contained(chars, true))
    charsAttr = b.getDenseBoolArrayAttr(chars);
  mlir::neve::PrintOp::create(b, l, args,
                              newline, charsAttr);
  return nullptr;
}

Value Generator::emitPow(const CallExpr &e, mlir::Location l) {
  auto args = emitArgs(e);
  return mlir::math::PowFOp::create(b, l, args[0], args[1]);
}

Value Generator::emitSqrt(const CallExpr &e, mlir::Location l) {
  return mlir::math::SqrtOp::create(b, l, emitArgs(e)[0]);
}

template <bool isMin>
Value Generator::emitMinMax(const CallExpr &e, mlir::Location l) {
  auto args = emitArgs(e);
  if (e.type->isFloat())
    return isMin ? Value(mlir::arith::MinimumFOp::create(b, l, args[0], args[1]))
                 : Value(mlir::arith::MaximumFOp::create(b, l, args[0], args[1]));
  return isMin ? Value(mlir::arith::MinSIOp::create(b, l, args[0], args[1]))
               : Value(mlir::arith::MaxSIOp::create(b, l, args[0], args[1]));
}

mlir::Type Generator::strArrayType() {
  return mlir::neve::ArrayType::get(&ctx, mlir::neve::StrType::get(&ctx));
}

Value Generator::emitGlob(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_glob", strArrayType(), emitArgs(e), l);
}

Value Generator::emitArgv(const CallExpr &, mlir::Location l) {
  return callRuntime("neve_argv", strArrayType(), {}, l);
}

template <int32_t value>
Value Generator::emitIntFill(const CallExpr &e, mlir::Location l) {
  Value fill = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(value));
  return callRuntime("neve_array_fill_i32",
                     mlir::neve::ArrayType::get(&ctx, b.getI32Type()),
                     {emitArgs(e)[0], fill}, l);
}

Value Generator::emitArangeInt(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_array_range_i32",
                     mlir::neve::ArrayType::get(&ctx, b.getI32Type()),
                     emitArgs(e), l);
}

Value Generator::emitRandu(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_randu", b.getF32Type(), emitArgs(e), l);
}

Value Generator::emitRandn(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_randn", b.getF32Type(), emitArgs(e), l);
}

Value Generator::emitSeed(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_seed", {}, emitArgs(e), l);
}

Value Generator::emitStartTimer(const CallExpr &, mlir::Location l) {
  return callRuntime("neve_start_timer", {}, {}, l);
}

Value Generator::emitEndTimer(const CallExpr &, mlir::Location l) {
  return callRuntime("neve_end_timer", b.getF32Type(), {}, l);
}

// Built for one chip other than sm_90a (--gpu-arch), the program has no
// sm_90a kernels; otherwise the runtime says whether this GPU runs them.
Value Generator::emitSm90aAvailable(const CallExpr &, mlir::Location l) {
  if (program && !program->gpuArch.empty() && program->gpuArch != "sm_90a")
    return mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(false));
  Value usable = callRuntime("neve_gpu_sm90a_usable", b.getI32Type(), {}, l);
  return mlir::arith::CmpIOp::create(
      b, l, mlir::arith::CmpIPredicate::ne, usable,
      mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0)));
}

Value Generator::emitSleep(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_sleep", {}, emitArgs(e), l);
}

Value Generator::emitToCuda(const CallExpr &e, mlir::Location l) {
  // A new device buffer with the array's floats (§7, runtime GPU layer).
  auto args = emitArgs(e);
  mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(&ctx);
  Value context = callRuntime("neve_context", ptr, {}, l);
  return callRuntime("neve_to_cuda", ptr, {context, args[0]}, l);
}

Value Generator::emitTarenaReset(const CallExpr &, mlir::Location l) {
  return callRuntime("neve_tarena_reset", {}, {}, l);
}

Value Generator::emitQuit(const CallExpr &, mlir::Location l) {
  return callRuntime("neve_quit", {}, {}, l);
}

Value Generator::emitFailAt(const CallExpr &e, mlir::Location l) {
  return callRuntime("neve_fail_at", {}, emitArgs(e), l);
}

//===----------------------------------------------------------------------===//
// Test-only entries (--enable-test-builtins)
//===----------------------------------------------------------------------===//

Value Generator::emitTestFma(const CallExpr &e, mlir::Location l) {
  auto args = emitArgs(e);
  Value product = mlir::arith::MulFOp::create(b, l, args[0], args[1]);
  return mlir::arith::AddFOp::create(b, l, product, args[2]);
}

Value Generator::emitTestTwice(const CallExpr &e, mlir::Location l) {
  Value n = emitStrSize(e, l);
  return mlir::arith::AddIOp::create(b, l, n, n);
}

//===----------------------------------------------------------------------===//
// _prebuild functions (§2.2)
//===----------------------------------------------------------------------===//

std::vector<const FuncDecl *> neve::prebuildFunctions(const Program &program) {
  std::vector<const FuncDecl *> fns;
  // The modules are in spliced order (ModuleLoader), their functions in
  // source order.
  for (auto &mod : program.modules)
    for (auto &fn : mod->funcs)
      if (fn->kind == FuncKind::Def && !fn->isOperator && fn->params.empty() &&
          llvm::StringRef(fn->name).ends_with("_prebuild"))
        fns.push_back(fn.get());
  return fns;
}

void neve::registerFusionRoles() {
  for (uint32_t r = 0; r <= mlir::neve::getMaxEnumValForFusionRole(); ++r)
    if (auto role = mlir::neve::symbolizeFusionRole(r))
      registerFusionRole(mlir::neve::stringifyFusionRole(*role));
}

/// The roles whose functions make a function of replacement role \p role
/// worth emitting: FusionPrimitives.td's trigger, or the triggers a plugin
/// or pattern file registered (FusionRoles.h); empty for other roles.
static std::vector<std::string> replacementTriggers(llvm::StringRef role) {
  if (auto known = mlir::neve::symbolizeFusionRole(role)) {
    if (auto trigger = mlir::neve::fusionTriggerOf(*known))
      return {mlir::neve::stringifyFusionRole(*trigger).str()};
    return {};
  }
  return fusionReplacementTriggers(role);
}

/// The fused functions that the program defines, each once the program
/// reaches a function declaring one of its triggers (fusionTriggerOf, or a
/// plugin's registerFusionReplacementRole): neve-fuse's call-level
/// patterns may then call them, so they are emitted although nothing calls
/// them yet (the rewrite is what calls them). Functions are found by the
/// role they declare (`@role`, §3.10).
std::vector<const FuncDecl *>
neve::fusionReplacements(const Program &program,
                         llvm::function_ref<bool(const FuncDecl *)> reached) {
  std::vector<const FuncDecl *> replacements;
  llvm::StringSet<> reachedRoles;
  auto visit = [&](const FuncDecl &fn) {
    if (fn.role.empty())
      return;
    if (!replacementTriggers(fn.role).empty())
      replacements.push_back(&fn);
    else if (reached(&fn))
      reachedRoles.insert(fn.role);
  };
  for (auto &mod : program.modules) {
    for (auto &fn : mod->funcs)
      if (fn->kind == FuncKind::Def)
        visit(*fn);
    for (auto &cls : mod->classes)
      if (cls->type)
        for (auto &m : cls->methods)
          visit(*m);
  }
  std::vector<const FuncDecl *> targets;
  for (const FuncDecl *fn : replacements)
    if (llvm::any_of(replacementTriggers(fn->role),
                     [&](const std::string &t) {
                       return reachedRoles.contains(t);
                     }))
      targets.push_back(fn);
  return targets;
}

void Generator::emitPrebuildCalls() {
  for (const FuncDecl *fn : prebuildFunctions(*program))
    mlir::func::CallOp::create(b, loc(fn->loc), getFunc(fn),
                               mlir::ValueRange{});
}

//===----------------------------------------------------------------------===//
// Foreign functions (§3.8)
//===----------------------------------------------------------------------===//

mlir::func::FuncOp Generator::getProtoFunc(const FuncDecl *fn) {
  std::string symbol = symbolFor(*fn);
  // Identical repeated protos share one declaration.
  if (auto existing = module.lookupSymbol<mlir::func::FuncOp>(symbol)) {
    funcOps[fn] = existing;
    return existing;
  }
  llvm::SmallVector<mlir::Type> params;
  llvm::SmallVector<const Type *> neveParams;
  // Without `sys`, the calling thread's runtime context comes first.
  if (!fn->isSys) {
    params.push_back(mlir::LLVM::LLVMPointerType::get(&ctx));
    neveParams.push_back(nullptr);
  }
  for (const Type *t : fn->paramTypes) {
    params.push_back(convert(t));
    neveParams.push_back(t);
  }
  llvm::SmallVector<mlir::Type> results;
  if (!fn->returnType->isVoid())
    results.push_back(convert(fn->returnType));
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto op = mlir::func::FuncOp::create(b, loc(fn->loc), symbol,
                                       b.getFunctionType(params, results));
  op.setPrivate();
  // The C ABI extends small integers at the call: bool with zeros, i8, i16
  // and char (int8_t in C, as in neve_runtime.h) with their sign.
  auto extension = [](const Type *t) -> llvm::StringRef {
    if (!t)
      return "";
    if (t->is(Type::Kind::Bool))
      return mlir::LLVM::LLVMDialect::getZExtAttrName();
    if (t->is(Type::Kind::I8) || t->is(Type::Kind::I16) ||
        t->is(Type::Kind::Char))
      return mlir::LLVM::LLVMDialect::getSExtAttrName();
    return "";
  };
  for (auto [i, t] : llvm::enumerate(neveParams))
    if (llvm::StringRef attr = extension(t); !attr.empty())
      op.setArgAttr(i, attr, b.getUnitAttr());
  if (llvm::StringRef attr = extension(fn->returnType); !attr.empty())
    op.setResultAttr(0, attr, b.getUnitAttr());
  funcOps[fn] = op;
  return op;
}

Value Generator::emitProtoCall(const CallExpr &e, llvm::ArrayRef<Value> args) {
  mlir::Location l = loc(e.getLoc());
  mlir::func::FuncOp fn = getFunc(e.decl);
  llvm::SmallVector<Value> callArgs;
  if (!e.decl->isSys)
    callArgs.push_back(callRuntime(
        "neve_context", mlir::LLVM::LLVMPointerType::get(&ctx), {}, l));
  callArgs.append(args.begin(), args.end());
  auto call = mlir::func::CallOp::create(b, l, fn, callArgs);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}
