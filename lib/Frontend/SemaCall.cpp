//===- SemaCall.cpp - Calls, methods and builtins -------------------------===//
//
// Calls of functions (with overloads, keywords and defaults, §3.2-§3.3),
// function values, methods in the order of §3.6, the host builtins of §7
// and the device intrinsics of §8.4.
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
      diag.error(a.loc, "split arguments ('>xs', ':xs') are only allowed in "
                        "calls inside an 'asyncs' body");
      continue;
    }
    const Type *t = a.value->type;
    if (t && !t->isError() && !t->is(Type::Kind::Array))
      diag.error(a.loc, "only an array can be split between threads, not " +
                            t->str());
  }
}

void Checker::checkCtimeArgs(CallExpr &e, FuncDecl &fn) {
  if (e.ctimeArgs.size() != fn.ctimeParams.size())
    diag.error(e.getLoc(), "'" + fn.name + "' takes " +
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
      c.diag.error(a.loc, "a function value takes positional arguments only");
      return c.types.errorTy();
    }
  if (e.args.size() != n) {
    c.diag.error(e.getLoc(), "this " + fnType->str() + " takes " +
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
      diag.error(e.getLoc(), "a value of type " + t->str() +
                                 " cannot be called");
  }
  if (result->isVoid() && !asStatement && e.callKind == CallKind::Builtin) {
    diag.error(e.getLoc(), "'" + e.calleeName() + "' returns nothing; call it "
                                                  "as a statement");
    return types.errorTy();
  }
  if (result->isVoid() && !asStatement) {
    diag.error(e.getLoc(), (e.calleeName().empty()
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
      diag.error(e.getLoc(), "'" + name + "' is a variable of type " +
                                 t->str() + ", not a function");
    (void)v;
    return types.errorTy();
  }
  auto it = functions.find(name);
  // In device code the §8.4 intrinsics hide host protos of the same name.
  bool intrinsic = context == Context::Device && isDeviceIntrinsic(name);
  if (it == functions.end() || it->second.empty() || intrinsic) {
    // The one builtin taking a container gives list literals their type.
    if (name == "to_cuda" && e.args.size() == 1)
      checkExpr(e.args[0].value, types.array(types.floatTy()));
    else
      checkArgsUntyped(e.args);
    bool found = false;
    const Type *t = checkBuiltinCall(e, name, found);
    if (found)
      return t;
    if (classes.count(name))
      diag.error(e.getLoc(), "'" + name + "' is a class; create an object "
                             "with 'new " + name + "(...)'");
    else if (currentFn && currentFn->parent &&
             currentFn->parent->findMethod(name))
      // Methods are reached only through `self` (§3.4).
      diag.error(e.getLoc(), "call to undeclared function '" + name +
                                 "'; a method is called through self: "
                                 "'self." + name + "(...)'");
    else
      diag.error(e.getLoc(), "call to undeclared function '" + name + "'");
    return types.errorTy();
  }
  callee.ref = NameRef::Function;
  std::vector<FuncDecl *> cands;
  FuncDecl *refused = nullptr;
  for (FuncDecl *fn : it->second) {
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
      diag.error(e.getLoc(), "'" + name + "' is a kernel; start it with "
                             "'launch [grid] [block] " + name + "(...)'");
    else if (refused->kind == FuncKind::Gpu)
      diag.error(e.getLoc(), "'" + name + "' is a gpu function; it can only "
                             "be called from device code");
    else
      diag.error(e.getLoc(), "cannot call host function '" + name +
                                 "' from device code (§8.3)");
    diag.note(refused->loc, "'" + name + "' is declared here");
    return types.errorTy();
  }
  FuncDecl *fn = resolveOverload(cands, e.args, e.getLoc(),
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
      if (!resolveOverload(cands, e.args, e.getLoc(),
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
      diag.error(e.getLoc(), "field '" + name + "' of " + cls->name +
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
  if (auto it = functions.find(extName); it != functions.end())
    for (FuncDecl *fn : it->second)
      if (!fn->params.empty() &&
          (context == Context::Device ? fn->kind == FuncKind::Gpu
                                      : fn->kind != FuncKind::Gpu &&
                                            fn->kind != FuncKind::Kernel))
        cands.push_back(fn);
  bool hasBuiltinMethods =
      recv->is(Type::Kind::Str) || recv->is(Type::Kind::Array) ||
      recv->is(Type::Kind::Map) || recv->is(Type::Kind::Channel);
  // `xs.append([])`: the element type is the expected type of a literal.
  if (recv->is(Type::Kind::Array) && name == "append" && e.args.size() == 1)
    checkExpr(e.args[0].value, recv->getElement());
  else if (!hasBuiltinMethods && cands.size() == 1)
    checkArgsFor(e.args, *cands[0], 1);
  else
    checkArgsUntyped(e.args);
  // (2) A builtin method.
  bool found = false;
  const Type *t = checkBuiltinMethod(e, recv, name, found);
  if (found) {
    if (!t->isError()) {
      e.callKind = CallKind::BuiltinMethod;
      e.builtin = name.str();
      e.receiver = std::move(callee.base);
    }
    return t;
  }
  // (3) A function named MT_m whose first parameter accepts the receiver.
  if (!cands.empty()) {
    checkSplitArgs(e.args);
    FuncDecl *fn = resolveOverload(cands, e.args, e.getLoc(),
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
  diag.error(e.getLoc(), "a value of type " + recv->str() + " has no method '" +
                             name + "' (nor is there a function '" + extName +
                             "')");
  return types.errorTy();
}

//===----------------------------------------------------------------------===//
// Builtin functions and intrinsics
//===----------------------------------------------------------------------===//

namespace {
/// Checks the arguments of a builtin against fixed parameter types.
struct BuiltinArgs {
  Checker &c;
  CallExpr &e;
  llvm::StringRef name;

  bool noExtras() {
    for (auto &a : e.args)
      if (!a.keyword.empty() || a.split != ArgSplit::None) {
        c.diag.error(a.loc, "'" + name + "' takes positional arguments only");
        return false;
      }
    return true;
  }
  bool count(size_t n) {
    if (!noExtras())
      return false;
    if (e.args.size() != n) {
      c.diag.error(e.getLoc(), "'" + name + "' takes " + std::to_string(n) +
                                   " argument(s), but " +
                                   std::to_string(e.args.size()) +
                                   " were given");
      return false;
    }
    return true;
  }
  bool anyError() {
    for (auto &a : e.args)
      if (a.value->type->isError())
        return true;
    return false;
  }
  /// Exactly these parameter types.
  bool params(llvm::ArrayRef<const Type *> ps) {
    if (!count(ps.size()))
      return false;
    bool ok = true;
    for (size_t i = 0; i < ps.size(); ++i)
      ok &= c.coerce(e.args[i].value, ps[i],
                     "argument " + std::to_string(i + 1) + " of '" + name +
                         "'");
    return ok;
  }
  const Type *type(size_t i) { return e.args[i].value->type; }
};
} // namespace

const Type *Checker::checkBuiltinCall(CallExpr &e, llvm::StringRef name,
                                      bool &found) {
  found = true;
  BuiltinArgs a{*this, e, name};
  const Type *I = types.intTy(), *F = types.floatTy(), *S = types.strTy();
  const Type *V = types.voidTy();
  auto done = [&](const Type *t) {
    e.callKind = CallKind::Builtin;
    e.builtin = name.str();
    return t;
  };
  auto host = [&]() {
    return !refuseInDevice(e.getLoc(), "'" + name + "'");
  };
  auto device = [&]() {
    return !refuseInHost(e.getLoc(), "'" + name + "'");
  };
  auto fixed = [&](const Type *ret, llvm::ArrayRef<const Type *> ps) {
    return a.params(ps) ? done(ret) : types.errorTy();
  };

  // §7 host builtins.
  if (name == "print" || name == "printl") {
    if (!host() || !a.noExtras())
      return types.errorTy();
    for (auto &arg : e.args) {
      const Type *t = arg.value->type;
      if (t->isError() || t->isNumeric() || t->is(Type::Kind::Str) ||
          t->is(Type::Kind::Nil))
        continue;
      diag.error(arg.value->getLoc(), "cannot print a value of type " +
                                          t->str() +
                                          (t->is(Type::Kind::Array)
                                               ? llvm::Twine(
                                                     " (use its .print())")
                                               : llvm::Twine("")));
    }
    return done(V);
  }
  if (name == "pow")
    return fixed(F, {F, F});
  if (name == "sqrt")
    return fixed(F, {F});
  if (name == "min" || name == "max") {
    if (!a.count(2) || a.anyError())
      return types.errorTy();
    if (!a.type(0)->isNumeric() || !a.type(1)->isNumeric()) {
      diag.error(e.getLoc(), "'" + name + "' takes two numbers, not " +
                                 a.type(0)->str() + " and " + a.type(1)->str());
      return types.errorTy();
    }
    const Type *t = promote(a.type(0), a.type(1));
    coerce(e.args[0].value, t, "the argument of '" + name + "'");
    coerce(e.args[1].value, t, "the argument of '" + name + "'");
    return done(t);
  }
  static const llvm::StringSet<> hostOnly = {
      "glob", "zeros_int", "ones_int", "arange_int", "randu", "randn",
      "start_timer", "end_timer", "sleep", "_quit_", "tarena_reset", "argv",
      "seed", "to_cuda"};
  if (hostOnly.contains(name)) {
    if (!host())
      return types.errorTy();
    const Type *arrInt = types.array(I);
    if (name == "glob")
      return fixed(types.array(S), {S});
    if (name == "zeros_int" || name == "ones_int")
      return fixed(arrInt, {I});
    if (name == "arange_int")
      return fixed(arrInt, {I, I});
    if (name == "randu" || name == "randn")
      return fixed(F, {F, F});
    if (name == "start_timer" || name == "_quit_" || name == "tarena_reset")
      return fixed(V, {});
    if (name == "end_timer")
      return fixed(F, {});
    if (name == "sleep" || name == "seed")
      return fixed(V, {I});
    if (name == "argv")
      return fixed(types.array(S), {});
    if (name == "to_cuda")
      return fixed(types.foreign("float_pp"), {types.array(F)});
  }

  // §8.4 intrinsics.

  if (!isDeviceIntrinsic(name)) {
    found = false;
    return types.errorTy();
  }
  if (!device())
    return types.errorTy();
  if (name == "syncthreads" || name == "cp_commit_group" ||
      name == "cp_wait_all")
    return fixed(V, {});
  if (name == "exp" || name == "log" || name == "tanh" || name == "abs" ||
      name == "floor" || name == "ceil" || name.starts_with("fast_"))
    return fixed(F, {F});
  if (name.starts_with("shfl_")) {
    if (!a.count(2) || a.anyError())
      return types.errorTy();
    const Type *t = a.type(0);
    if (!t->is(Type::Kind::Int) && !t->is(Type::Kind::Float)) {
      diag.error(e.args[0].loc, "'" + name + "' exchanges an int or a float, "
                                "not " + t->str());
      return types.errorTy();
    }
    coerce(e.args[1].value, I, "the lane argument of '" + name + "'");
    return done(t);
  }
  if (name.starts_with("atomic_")) {
    if (!a.count(3) || a.anyError())
      return types.errorTy();
    const Type *p = a.type(0);
    const Type *elem = p->is(Type::Kind::Pointer) || p->is(Type::Kind::Address)
                           ? p->getElement()
                           : nullptr;
    if (!elem || !(elem->is(Type::Kind::Int) || elem->is(Type::Kind::Float))) {
      diag.error(e.args[0].loc, "'" + name + "' needs an int[] or float[] "
                                "pointer (or a layout element address), not " +
                                    p->str());
      return types.errorTy();
    }
    if ((name == "atomic_max" || name == "atomic_min") &&
        !elem->is(Type::Kind::Int)) {
      diag.error(e.getLoc(), "'" + name + "' works on int only");
      return types.errorTy();
    }
    coerce(e.args[1].value, I, "the index of '" + name + "'");
    coerce(e.args[2].value, elem, "the value of '" + name + "'");
    return done(elem);
  }
  if (name == "cp_wait_group") {
    if (!a.params({I}))
      return types.errorTy();
    if (!constantInt(*e.args[0].value)) {
      diag.error(e.args[0].loc, "'cp_wait_group' needs a constant");
      return types.errorTy();
    }
    return done(V);
  }
  // Address operands: element addresses, tiles or pointers (§8.5.5).
  auto address = [&](size_t i, std::optional<MemSpace> space,
                     llvm::StringRef role) -> const Type * {
    const Type *t = a.type(i);
    if (t->is(Type::Kind::Address) || t->is(Type::Kind::Layout)) {
      if (space && t->getSpace() != *space) {
        diag.error(e.args[i].loc,
                   "the " + role + " of '" + name + "' must be in " +
                       (*space == MemSpace::Shared     ? "shared memory"
                        : *space == MemSpace::Register ? "registers"
                                                       : "global memory") +
                       ", not " + t->str());
        return nullptr;
      }
      return t->getElement();
    }
    if (t->is(Type::Kind::Pointer) &&
        (!space || *space == MemSpace::Global))
      return t->getElement();
    diag.error(e.args[i].loc, "the " + role + " of '" + name +
                                  "' must be an element address 'v{...}' or "
                                  "a tile, not " + t->str());
    return nullptr;
  };
  if (name == "cp_async16") {
    if (!a.count(2) || a.anyError())
      return types.errorTy();
    bool ok = address(0, MemSpace::Shared, "destination") &&
              address(1, MemSpace::Global, "source");
    return ok ? done(V) : types.errorTy();
  }
  if (name.starts_with("ldmatrix_")) {
    if (!a.count(2) || a.anyError())
      return types.errorTy();
    bool ok = address(0, MemSpace::Register, "destination") &&
              address(1, MemSpace::Shared, "source");
    return ok ? done(V) : types.errorTy();
  }
  if (name == "mma_16x8x16") {
    if (!a.count(3) || a.anyError())
      return types.errorTy();
    const Type *d = address(0, MemSpace::Register, "accumulator");
    const Type *fa = d ? address(1, MemSpace::Register, "A fragment") : nullptr;
    const Type *fb = fa ? address(2, MemSpace::Register, "B fragment") : nullptr;
    if (!fb)
      return types.errorTy();
    if (!d->is(Type::Kind::Float)) {
      diag.error(e.args[0].loc, "the accumulator of 'mma_16x8x16' must be a "
                                "float layout (§11.2), not " + d->str());
      return types.errorTy();
    }
    auto fragment = [](const Type *t) {
      return t->is(Type::Kind::Int) || t->is(Type::Kind::BF16) ||
             t->is(Type::Kind::Half);
    };
    if (!fragment(fa) || !fragment(fb)) {
      diag.error(e.getLoc(), "the fragments of 'mma_16x8x16' are bf16 or half "
                             "layouts (or int fragment storage)");
      return types.errorTy();
    }
    return done(V);
  }
  found = false;
  return types.errorTy();
}

const Type *Checker::checkBuiltinMethod(CallExpr &e, const Type *recv,
                                        llvm::StringRef name, bool &found) {
  found = true;
  BuiltinArgs a{*this, e, name};
  const Type *I = types.intTy(), *V = types.voidTy();
  using K = Type::Kind;
  auto fixed = [&](const Type *ret, llvm::ArrayRef<const Type *> ps) {
    return a.params(ps) ? ret : types.errorTy();
  };
  if (recv->is(K::Str)) {
    if (name == "size")
      return fixed(I, {});
    if (name == "split") {
      if (!a.count(1) || a.anyError())
        return types.errorTy();
      if (!a.type(0)->is(K::Str) && !a.type(0)->is(K::Char)) {
        diag.error(e.args[0].loc, "'split' takes a str or char separator, "
                                  "not " + a.type(0)->str());
        return types.errorTy();
      }
      coerce(e.args[0].value, types.strTy(), "the separator");
      return types.array(types.strTy());
    }
  }
  if (recv->is(K::Array)) {
    const Type *elem = recv->getElement();
    bool numeric = elem->is(K::Int) || elem->is(K::I64) || elem->is(K::Float) ||
                   elem->is(K::I16) || elem->is(K::I8);
    if (name == "append") {
      if (!a.count(1))
        return types.errorTy();
      coerce(e.args[0].value, elem, "the appended value");
      return V;
    }
    if (name == "size")
      return fixed(I, {});
    if (name == "clear" || name == "shuffle" || name == "print")
      return fixed(V, {});
    if (name == "sum" || name == "prod") {
      if (!numeric) {
        diag.error(e.getLoc(), "'" + name + "' needs an array of numbers, not " +
                                   recv->str());
        return types.errorTy();
      }
      return fixed(elem, {});
    }
  }
  if (recv->is(K::Map)) {
    if (name == "has")
      return fixed(types.boolTy(), {recv->getElement()});
    if (name == "size")
      return fixed(I, {});
    if (name == "clear")
      return fixed(V, {});
    if (name == "keys")
      return fixed(types.array(recv->getElement()), {});
    if (name == "values")
      return fixed(types.array(recv->getValue()), {});
  }
  if (recv->is(K::Channel)) {
    if (name == "alive")
      return fixed(types.boolTy(), {});
    if (name == "terminate")
      return fixed(V, {});
    if (name == "sum") {
      const Type *elem = recv->getElement();
      if (!elem->is(K::Int) && !elem->is(K::Float)) {
        diag.error(e.getLoc(), "'sum' needs a channel of int or float, not " +
                                   recv->str());
        return types.errorTy();
      }
      return fixed(elem, {});
    }
  }
  found = false;
  return types.errorTy();
}
