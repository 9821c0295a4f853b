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

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

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
// Host builtins (§7)
//===----------------------------------------------------------------------===//

bool neve::isCompiledHostBuiltin(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"pow", "sqrt", "min", "max", "glob", "zeros_int", "ones_int"},
             true)
      .Cases({"arange_int", "randu", "randn", "seed", "start_timer"}, true)
      .Cases({"end_timer", "sleep", "_quit_", "argv"}, true)
      .Cases({"to_cuda", "tarena_reset"}, true)
      .Default(false);
}

Value Generator::emitBuiltinCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  llvm::StringRef name = e.builtin;
  // Sema converted the arguments to the parameter types (min and max: to
  // their promoted type, which is also the result type).
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitExpr(*a.value));
  mlir::Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto strArray = [&] {
    return mlir::neve::ArrayType::get(&ctx, mlir::neve::StrType::get(&ctx));
  };
  auto intArray = [&] { return mlir::neve::ArrayType::get(&ctx, i32); };

  if (name == "pow")
    return mlir::math::PowFOp::create(b, l, args[0], args[1]);
  if (name == "sqrt")
    return mlir::math::SqrtOp::create(b, l, args[0]);
  if (name == "min" || name == "max") {
    bool isMin = name == "min";
    if (e.type->isFloat())
      return isMin ? Value(mlir::arith::MinimumFOp::create(b, l, args[0],
                                                           args[1]))
                   : Value(mlir::arith::MaximumFOp::create(b, l, args[0],
                                                           args[1]));
    return isMin ? Value(mlir::arith::MinSIOp::create(b, l, args[0], args[1]))
                 : Value(mlir::arith::MaxSIOp::create(b, l, args[0], args[1]));
  }
  if (name == "glob")
    return callRuntime("neve_glob", strArray(), args, l);
  if (name == "argv")
    return callRuntime("neve_argv", strArray(), {}, l);
  if (name == "zeros_int" || name == "ones_int") {
    Value fill = mlir::arith::ConstantOp::create(
        b, l, b.getI32IntegerAttr(name == "ones_int" ? 1 : 0));
    return callRuntime("neve_array_fill_i32", intArray(), {args[0], fill}, l);
  }
  if (name == "arange_int")
    return callRuntime("neve_array_range_i32", intArray(), args, l);
  if (name == "randu")
    return callRuntime("neve_randu", f32, args, l);
  if (name == "randn")
    return callRuntime("neve_randn", f32, args, l);
  if (name == "seed")
    return callRuntime("neve_seed", {}, args, l);
  if (name == "start_timer")
    return callRuntime("neve_start_timer", {}, {}, l);
  if (name == "end_timer")
    return callRuntime("neve_end_timer", f32, {}, l);
  if (name == "sleep")
    return callRuntime("neve_sleep", {}, args, l);
  if (name == "to_cuda") {
    // A new device buffer with the array's floats (§7, runtime GPU layer).
    mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(&ctx);
    Value context = callRuntime("neve_context", ptr, {}, l);
    return callRuntime("neve_to_cuda", ptr, {context, args[0]}, l);
  }
  if (name == "tarena_reset")
    return callRuntime("neve_tarena_reset", {}, {}, l);
  assert(name == "_quit_" && "builtin refused by CodegenSupport");
  return callRuntime("neve_quit", {}, {}, l);
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

/// The fused functions of FusionPrimitives.td that the program defines,
/// each once the program reaches its trigger (fusionTriggerOf): neve-fuse's
/// call-level patterns may then call them, so they are emitted although
/// nothing calls them yet (the rewrite is what calls them). Roles name
/// functions and methods by their symbols ("relu", "BatchNorm2d.forward").
std::vector<const FuncDecl *>
neve::fusionReplacements(const Program &program,
                         llvm::function_ref<bool(const FuncDecl *)> reached) {
  using mlir::neve::FusionRole;
  std::vector<std::pair<const FuncDecl *, FusionRole>> replacements;
  llvm::SmallDenseSet<uint32_t> triggered;
  auto visit = [&](const FuncDecl &fn, const std::string &symbol) {
    std::optional<FusionRole> role = mlir::neve::symbolizeFusionRole(symbol);
    if (!role)
      return;
    if (mlir::neve::isFusionReplacement(*role))
      replacements.push_back({&fn, *role});
    else if (mlir::neve::isFusionTrigger(*role) && reached(&fn))
      triggered.insert(static_cast<uint32_t>(*role));
  };
  for (auto &mod : program.modules) {
    for (auto &fn : mod->funcs)
      if (fn->kind == FuncKind::Def && !fn->isOperator)
        visit(*fn, fn->name);
    for (auto &cls : mod->classes)
      for (auto &m : cls->methods)
        visit(*m, cls->name + "." + m->name);
  }
  std::vector<const FuncDecl *> targets;
  for (auto [fn, role] : replacements)
    if (triggered.contains(
            static_cast<uint32_t>(*mlir::neve::fusionTriggerOf(role))))
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
