//===- SemaCall.cpp - Calls, methods and builtins -------------------------===//
//
// Calls of functions (with overloads, keywords and defaults, §3.2-§3.3),
// function values, methods in the order of §3.6, the host builtins of §7
// and the dispatch to builtins (SemaBuiltin.cpp).
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

void Checker::checkArgsUntyped(std::vector<Arg> &args) {
  for (auto &a : args)
    checkExpr(a.value);
}

void Checker::checkArgsFor(std::vector<Arg> &args, const FuncDecl &fn,
                           unsigned skipFirst) {
  for (auto &a : args) {
    const Type *expected = nullptr;
    size_t p = a.keyword.empty() ? skipFirst + (&a - args.data())
                                 : fn.params.size();
    for (size_t q = skipFirst; !a.keyword.empty() && q < fn.params.size(); ++q)
      if (fn.params[q]->name == a.keyword)
        p = q;
    if (p < fn.paramTypes.size())
      expected = fn.paramTypes[p];
    checkExpr(a.value, expected);
  }
}

void Checker::checkSplitArgs(std::vector<Arg> &args) {
  for (auto &a : args) {
    if (a.split == ArgSplit::None)
      continue;
    if (asyncsDepth == 0) {
      diag.error(at(a), "split arguments ('>xs', ':xs') are only allowed in "
                        "calls inside an 'asyncs' body");
      continue;
    }
    const Type *t = a.value->type;
    if (t && !t->isError() && !t->is(Type::Kind::Array))
      diag.error(at(a), "only an array can be split between threads, not " +
                            t->str());
  }
}

void Checker::checkCtimeArgs(CallExpr &e, FuncDecl &fn) {
  if (e.ctimeArgs.size() != fn.ctimeParams.size())
    diag.error(at(e), "'" + fn.name + "' takes " +
                               std::to_string(fn.ctimeParams.size()) +
                               " compile-time argument(s), but " +
                               std::to_string(e.ctimeArgs.size()) +
                               " were given");
}

/// A call of a `Function<R, A...>` value: positional arguments only.
static const Type *callFunctionValue(Checker &c, CallExpr &e,
                                     const Type *fnType) {
  auto members = fnType->getMembers();
  size_t n = members.size() - 1;
  // The parameter types give list and map literals their expected type.
  for (size_t i = 0; i < e.args.size(); ++i)
    c.checkExpr(e.args[i].value, i < n ? members[i + 1] : nullptr);
  for (auto &a : e.args)
    if (!a.keyword.empty() || a.split != ArgSplit::None) {
      c.diag.error(at(a), "a function value takes positional arguments only");
      return c.types.errorTy();
    }
  if (e.args.size() != n) {
    c.diag.error(at(e), "this " + fnType->str() + " takes " +
                                 std::to_string(n) + " argument(s), but " +
                                 std::to_string(e.args.size()) +
                                 " were given");
    return c.types.errorTy();
  }
  for (size_t i = 0; i < n; ++i)
    c.coerce(e.args[i].value, members[i + 1],
             "argument " + std::to_string(i + 1) + " of the function value");
  e.callKind = CallKind::FunctionValue;
  return members[0];
}

const Type *Checker::checkCall(CallExpr &e, bool asStatement) {
  const Type *result = types.errorTy();
  if (auto *name = llvm::dyn_cast<NameExpr>(e.callee.get())) {
    result = checkFunctionCall(e, *name);
  } else if (auto *member = llvm::dyn_cast<MemberExpr>(e.callee.get())) {
    result = checkMethodCall(e, *member);
  } else {
    const Type *t = checkExpr(e.callee);
    if (t->is(Type::Kind::Function))
      result = callFunctionValue(*this, e, t);
    else
      checkArgsUntyped(e.args);
    if (!t->is(Type::Kind::Function) && !t->isError())
      diag.error(at(e), "a value of type " + t->str() +
                                 " cannot be called");
  }
  if (result->isVoid() && !asStatement && e.callKind == CallKind::Builtin) {
    diag.error(at(e), "'" + e.calleeName() + "' returns nothing; call it "
                                                  "as a statement");
    return types.errorTy();
  }
  if (result->isVoid() && !asStatement) {
    diag.error(at(e), (e.calleeName().empty()
                                ? llvm::Twine("this function value")
                                : "'" + e.calleeName() + "'") +
                               " returns void; its call can only be a "
                               "statement");
    // Reported: don't let the use of the value report it again.
    return types.errorTy();
  }
  return result;
}

const Type *Checker::checkFunctionCall(CallExpr &e, NameExpr &callee) {
  llvm::StringRef name = callee.name;
  // A local (a Function value) hides functions and builtins (§1.4).
  if (VarDecl *v = lookupVar(name)) {
    const Type *t = checkExpr(e.callee);
    if (t->is(Type::Kind::Function))
      return callFunctionValue(*this, e, t);
    checkArgsUntyped(e.args);
    if (!t->isError())
      diag.error(at(e), "'" + name + "' is a variable of type " +
                                 t->str() + ", not a function");
    (void)v;
    return types.errorTy();
  }
  std::vector<FuncDecl *> named = lookupFunctions(name);
  BuiltinId builtin = builtinFunction(name);
  // In device code the §8.4 intrinsics hide host protos of the same name.
  bool intrinsic = context == Context::Device && builtin != BuiltinId::None &&
                   builtinInfo(builtin).where == BuiltinWhere::Device;
  if (named.empty() || intrinsic) {
    if (builtin != BuiltinId::None) {
      checkBuiltinArgs(e, builtin, /*recv=*/nullptr);
      return checkBuiltin(e, builtin, /*recv=*/nullptr);
    }
    checkArgsUntyped(e.args);
    if (classes.count(name))
      diag.error(at(e), "'" + name + "' is a class; create an object "
                             "with 'new " + name + "(...)'");
    else if (currentFn && currentFn->parent &&
             currentFn->parent->findMethod(name))
      // Methods are reached only through `self` (§3.4).
      diag.error(at(e), "call to undeclared function '" + name +
                                 "'; a method is called through self: "
                                 "'self." + name + "(...)'");
    else
      diag.error(at(e), "call to undeclared function '" + name + "'");
    return types.errorTy();
  }
  callee.ref = NameRef::Function;
  std::vector<FuncDecl *> cands;
  FuncDecl *refused = nullptr;
  for (FuncDecl *fn : named) {
    bool ok = context == Context::Device ? fn->kind == FuncKind::Gpu
                                         : fn->kind != FuncKind::Gpu &&
                                               fn->kind != FuncKind::Kernel;
    (ok ? cands.push_back(fn) : (void)(refused = fn));
  }
  // Type the arguments; with one candidate, its parameters give the
  // expected types of `[]` and `{}` literals.
  if (cands.size() == 1)
    checkArgsFor(e.args, *cands[0]);
  else
    checkArgsUntyped(e.args);
  checkSplitArgs(e.args);
  if (cands.empty()) {
    if (refused->kind == FuncKind::Kernel)
      diag.error(at(e), "'" + name + "' is a kernel; start it with "
                             "'launch [grid] [block] " + name + "(...)'");
    else if (refused->kind == FuncKind::Gpu)
      diag.error(at(e), "'" + name + "' is a gpu function; it can only "
                             "be called from device code");
    else
      diag.error(at(e), "cannot call host function '" + name +
                                 "' from device code (§8.3)");
    diag.note(refused->loc, "'" + name + "' is declared here");
    return types.errorTy();
  }
  FuncDecl *fn = resolveOverload(cands, e.args, at(e),
                                 "'" + name.str() + "'");
  if (!fn)
    return types.errorTy();
  e.callKind = CallKind::Function;
  e.decl = fn;
  callee.func = fn;
  checkCtimeArgs(e, *fn);
  if (context == Context::Device && currentFn)
    deviceCalls[currentFn].push_back({fn, e.getLoc()});
  return fn->returnType;
}

const Type *Checker::checkMethodCall(CallExpr &e, MemberExpr &callee) {
  const Type *recv = checkExpr(callee.base);
  llvm::StringRef name = callee.member;
  if (recv->isError()) {
    checkArgsUntyped(e.args);
    return recv;
  }
  // (1) A method of the receiver's class.
  if (recv->is(Type::Kind::Class)) {
    ClassDecl *cls = recv->getClass();
    if (FuncDecl *m = cls->findMethod(name)) {
      checkArgsFor(e.args, *m);
      checkSplitArgs(e.args);
      FuncDecl *cands[] = {m};
      if (!resolveOverload(cands, e.args, at(e),
                           "method '" + cls->name + "." + name.str() + "'"))
        return types.errorTy();
      e.callKind = CallKind::Method;
      e.decl = m;
      e.receiver = std::move(callee.base);
      return m->returnType;
    }
    // A field holding a function value.
    if (FieldDecl *f = cls->findField(name)) {
      const Type *t = checkExpr(e.callee);
      if (t->is(Type::Kind::Function))
        return callFunctionValue(*this, e, t);
      checkArgsUntyped(e.args);
      diag.error(at(e), "field '" + name + "' of " + cls->name +
                                 " has type " + f->type->str() +
                                 ", not a Function type; it cannot be "
                                 "called");
      return types.errorTy();
    }
  }
  // Rule 3's candidates, looked up now so that a single one gives list and
  // map literals their expected types.
  std::string extName = recv->mangled() + "_" + name.str();
  std::vector<FuncDecl *> cands;
  for (FuncDecl *fn : lookupFunctions(extName))
    if (!fn->params.empty() &&
        (context == Context::Device ? fn->kind == FuncKind::Gpu
                                    : fn->kind != FuncKind::Gpu &&
                                          fn->kind != FuncKind::Kernel))
      cands.push_back(fn);
  BuiltinId method = builtinMethod(recv, name);
  bool hasBuiltinMethods =
      recv->is(Type::Kind::Str) || recv->is(Type::Kind::Array) ||
      recv->is(Type::Kind::Map) || recv->is(Type::Kind::Channel);
  // The builtin's parameter types give `[]` its type (`xs.append([])`).
  if (method != BuiltinId::None)
    checkBuiltinArgs(e, method, recv);
  else if (!hasBuiltinMethods && cands.size() == 1)
    checkArgsFor(e.args, *cands[0], 1);
  else
    checkArgsUntyped(e.args);
  // (2) A builtin method.
  if (method != BuiltinId::None) {
    const Type *t = checkBuiltin(e, method, recv);
    if (!t->isError())
      e.receiver = std::move(callee.base);
    return t;
  }
  // (3) A function named MT_m whose first parameter accepts the receiver.
  if (!cands.empty()) {
    checkSplitArgs(e.args);
    FuncDecl *fn = resolveOverload(cands, e.args, at(e),
                                   "'" + extName + "'", 1, recv);
    if (!fn)
      return types.errorTy();
    e.callKind = CallKind::ExtMethod;
    e.decl = fn;
    e.receiver = std::move(callee.base);
    coerce(e.receiver, fn->paramTypes[0], "the receiver of '" + extName + "'");
    checkCtimeArgs(e, *fn);
    if (context == Context::Device && currentFn)
      deviceCalls[currentFn].push_back({fn, e.getLoc()});
    return fn->returnType;
  }
  diag.error(at(e), "a value of type " + recv->str() + " has no method '" +
                             name + "' (nor is there a function '" + extName +
                             "')");
  return types.errorTy();
}
