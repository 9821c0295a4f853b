//===- SemaStmt.cpp - Function bodies and statements ----------------------===//
//
// The typing rules of §6: declarations and scopes, assignments (including
// tuple unpacking and the accumulating form of §8.6), loops, concurrency
// statements and `launch`, and the device-code restrictions of §8.3.
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

VarDecl *Checker::lookupVar(llvm::StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (auto found = it->find(name); found != it->end())
      return found->second;
  return nullptr;
}

void Checker::declareVar(VarDecl &var) {
  if (scopes.empty())
    return;
  if (VarDecl *prev = lookupVar(var.name)) {
    diag.error(var.loc, "'" + var.name + "' is already declared in this "
                        "function; Neve does not allow shadowing locals");
    diag.note(prev->loc, "previous declaration is here");
    return;
  }
  // Parameters were checked with the signature (resolveSignature).
  bool isParam = currentFn && llvm::any_of(currentFn->params, [&](auto &p) {
                   return p.get() == &var;
                 });
  if (!isParam && isReservedTypeName(var.name,
                                      currentFn ? currentFn->bufferID : 0))
    diag.error(var.loc, "'" + var.name + "' is a type name; it cannot name a "
                        "variable");
  // Declared even then, so that its uses are not reported again.
  scopes.back()[var.name] = &var;
}

VarDecl *Checker::makeConstVar(SMLoc loc, llvm::StringRef name) {
  syntheticVars.push_back(std::make_unique<VarDecl>(loc, name.str()));
  VarDecl *v = syntheticVars.back().get();
  v->type = types.intTy();
  v->isReadOnly = true;
  constVars.insert(v);
  return v;
}

bool Checker::refuseInDevice(SMLoc loc, const llvm::Twine &what) {
  if (context != Context::Device)
    return false;
  diag.error(loc, what + " is not allowed in device code (kernel and gpu "
                         "functions, §8.3)");
  return true;
}

bool Checker::refuseInHost(SMLoc loc, const llvm::Twine &what) {
  if (context != Context::Host)
    return false;
  diag.error(loc, what + " is only available in device code (kernel and gpu "
                         "functions)");
  return true;
}

static bool isDeviceType(const Type *t);

//===----------------------------------------------------------------------===//
// Functions and blocks
//===----------------------------------------------------------------------===//

void Checker::checkFunction(FuncDecl &fn) {
  currentFn = &fn;
  sideBuffer = fn.bufferID;
  context = fn.isDevice() ? Context::Device : Context::Host;
  scopes.clear();
  loopDepth = 0;
  asyncsDepth = 0;
  pushScope();
  // Compile-time parameters (§3.9) and layout shape parameters (§8.5.6) are
  // int constants of each specialisation.
  llvm::StringSet<> shapeNames;
  for (const std::string &name : fn.ctimeParams) {
    if (lookupVar(name)) {
      diag.error(fn.loc, "compile-time parameter '" + name +
                             "' is declared twice");
      continue;
    }
    scopes.back()[name] = makeConstVar(fn.loc, name);
  }
  for (const Type *t : fn.paramTypes)
    if (t->is(Type::Kind::Layout))
      for (const Extent &e : t->getExtents())
        if (e.kind == Extent::Kind::Named && !lookupVar(e.name))
          scopes.back()[e.name] = makeConstVar(fn.loc, e.name);
  for (auto &p : fn.params)
    if (!p->name.empty())
      declareVar(*p);
  // gpu functions are device code: their interface is too (§3.7, §8.3).
  if (fn.kind == FuncKind::Gpu) {
    for (size_t i = 0; i < fn.params.size(); ++i) {
      VarDecl &p = *fn.params[i];
      if (!p.type || isDeviceType(p.type))
        continue;
      diag.error(p.loc, "a gpu function cannot take a " + p.type->str() +
                            " (device code uses scalars, pointers, fixed "
                            "arrays, tuples and layouts, §8.3)");
      // Reported: its uses in the body are not reported again.
      p.type = types.errorTy();
    }
    if (fn.returnType && !isDeviceType(fn.returnType))
      diag.error(fn.loc, "a gpu function cannot return a " +
                             fn.returnType->str() + " (§8.3)");
  }
  pushScope();
  checkBlock(fn.body, /*newScope=*/false);
  scopes.clear();
  currentFn = nullptr;
  context = Context::Host;
}

void Checker::checkBlock(Block &block, bool newScope) {
  if (newScope)
    pushScope();
  for (auto &s : block)
    checkStmt(*s);
  if (newScope)
    popScope();
}

void Checker::checkCondition(ExprPtr &cond, llvm::StringRef what) {
  const Type *t = checkExpr(cond);
  if (!t->isError() && !t->is(Type::Kind::Bool)) {
    std::string hint;
    if (t->isNumeric())
      hint = " (numbers are not conditions: compare with 0)";
    else if (t->isNullable())
      hint = " (test a reference with !x or !!x)";
    diag.error(at(*cond), "the condition of " + what +
                                   " must be bool, not " + t->str() + hint);
  }
}

/// Is a value of type `t` allowed in device code (§8.3)?
static bool isDeviceType(const Type *t) {
  using K = Type::Kind;
  if (t->isError() || t->isScalar())
    return true;
  switch (t->getKind()) {
  case K::Pointer:
  case K::FixedArray:
  case K::Layout:
  case K::Address:
  case K::Void:
    return true;
  case K::Foreign: // a kernel's tensor_map parameter (§8.4)
    return t->getName() == "tensor_map";
  case K::Tuple:
    for (const Type *m : t->getMembers())
      if (!isDeviceType(m))
        return false;
    return true;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Checker::checkVarDecl(VarDecl &var) {
  const Type *declared = nullptr;
  if (var.typeExpr) {
    declared = resolveType(*var.typeExpr, /*allowVoid=*/true);
    if (declared->isVoid()) {
      diag.error(var.typeExpr->loc, "a variable cannot have type void");
      declared = types.errorTy();
    }
    var.type = declared;
  }
  if (var.isConstruction) {
    if (declared && !declared->isError() && !declared->is(Type::Kind::Class)) {
      diag.error(var.loc, "'" + var.name + "(...)' constructs an object, but " +
                              declared->str() + " is not a class");
      var.type = types.errorTy();
    } else if (var.init) {
      checkExpr(var.init);
    }
  } else if (var.isReceive) {
    const Type *ch = checkExpr(var.init);
    if (!ch->isError() && !ch->is(Type::Kind::Channel)) {
      diag.error(at(*var.init), "'<-' in a declaration receives from a "
                                     "channel, but this is " + ch->str());
      var.type = types.errorTy();
    } else if (ch->is(Type::Kind::Channel)) {
      const Type *elem = ch->getElement();
      if (!declared)
        var.type = elem;
      else if (!isConvertible(elem, declared))
        diag.error(at(*var.init), "cannot receive " + elem->str() +
                                           " into '" + var.name + "' of type " +
                                           declared->str());
    } else if (!declared) {
      var.type = types.errorTy();
    }
  } else if (var.init) {
    const Type *t = checkExpr(var.init, declared);
    if (declared) {
      if (!refuseAddress(*var.init))
        coerce(var.init, declared, "the initialization of '" + var.name + "'");
    } else if (t->is(Type::Kind::Nil)) {
      diag.error(at(*var.init), "'var' needs an initializer with a type; "
                                     "nil has none");
      var.type = types.errorTy();
    } else if (t->isVoid()) {
      diag.error(at(*var.init), "'var' initializer has no value");
      var.type = types.errorTy();
    } else if (refuseAddress(*var.init)) {
      var.type = types.errorTy();
    } else {
      var.type = t;
    }
  }
  if (!var.type)
    var.type = types.errorTy();
  // A layout variable names a view, bound once where it is declared
  // (§8.5): it needs one. (The parameters of gpu functions are views too.)
  if (var.type->is(Type::Kind::Layout) && !var.init)
    diag.error(var.loc, "the layout variable '" + var.name + "' needs a "
                        "view: a layout is bound where it is declared (§8.5)");
  if (context == Context::Device && !isDeviceType(var.type))
    refuseInDevice(var.loc, "a variable of type " + var.type->str());
  declareVar(var);
}

bool Checker::refuseAddress(const Expr &e) {
  if (!e.type || !e.type->is(Type::Kind::Address))
    return false;
  diag.error(at(e), "an element address can only be passed to an "
                         "intrinsic or a T[] parameter");
  return true;
}

bool Checker::checkAssignable(Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Name: {
    auto &n = llvm::cast<NameExpr>(e);
    if (n.ref == NameRef::Var && n.decl) {
      if (n.decl->isReadOnly) {
        diag.error(at(e), constVars.count(n.decl)
                                   ? "'" + n.name + "' is a compile-time "
                                                    "constant; it cannot be "
                                                    "assigned"
                                   : "the loop variable '" + n.name +
                                         "' cannot be assigned");
        return false;
      }
      return true;
    }
    if (n.ref == NameRef::Unresolved)
      return false; // already reported
    if (n.ref == NameRef::Function) {
      diag.error(at(e), "'" + n.name + "' is a function; call it with '" +
                                 n.name + "(...)'");
      return false;
    }
    diag.error(at(e), "'" + n.name + "' cannot be assigned");
    return false;
  }
  case Expr::Kind::Member:
    return llvm::cast<MemberExpr>(e).field != nullptr || !e.type ||
           e.type->isError();
  case Expr::Kind::Index: {
    auto &ix = llvm::cast<IndexExpr>(e);
    const Type *bt = ix.base->type;
    if (!bt || bt->isError())
      return false;
    if (bt->is(Type::Kind::Str)) {
      diag.error(at(e), "strings are immutable; build a new one instead");
      return false;
    }
    if (bt->is(Type::Kind::Tuple)) {
      diag.error(at(e), "tuples are immutable");
      return false;
    }
    if (!ix.items.empty() && ix.items[0].isSlice) {
      diag.error(at(e), "a slice is a copy; it cannot be assigned to");
      return false;
    }
    return true;
  }
  case Expr::Kind::Global:
    diag.error(at(e), "'$" + llvm::cast<GlobalExpr>(e).className +
                               "' cannot be assigned; assign its fields");
    return false;
  case Expr::Kind::Self:
    diag.error(at(e), "'self' cannot be assigned");
    return false;
  default:
    if (e.type && e.type->isError())
      return false;
    diag.error(at(e), "this expression cannot be assigned to");
    return false;
  }
}

void Checker::checkAssign(AssignStmt &as) {
  if (as.targets.size() > 1) {
    // Tuple unpacking into existing targets (§6.2).
    const Type *t = checkExpr(as.value);
    for (auto &target : as.targets) {
      checkExpr(target);
      checkAssignable(*target);
    }
    if (t->isError())
      return;
    if (!t->is(Type::Kind::Tuple) ||
        t->getMembers().size() != as.targets.size()) {
      diag.error(at(*as.value),
                 "unpacking into " + std::to_string(as.targets.size()) +
                     " targets needs a tuple of " +
                     std::to_string(as.targets.size()) + " elements, not " +
                     t->str());
      return;
    }
    for (size_t i = 0; i < as.targets.size(); ++i) {
      const Type *tt = as.targets[i]->type;
      if (tt && !isConvertible(t->getMembers()[i], tt))
        diag.error(at(*as.targets[i]),
                   "cannot assign element " + std::to_string(i + 1) + " (" +
                       t->getMembers()[i]->str() + ") to a target of type " +
                       tt->str());
    }
    return;
  }
  ExprPtr &target = as.targets[0];
  const Type *tt = checkExpr(target);
  if (!as.compound && tt->is(Type::Kind::Layout) &&
      llvm::isa<NameExpr>(*target)) {
    // Its elements may be assigned, not the view (§8.5).
    checkExpr(as.value);
    diag.error(at(as), "a layout variable cannot be assigned: it is "
                            "bound once, where it is declared (§8.5); assign "
                            "its elements instead");
    return;
  }
  if (!as.compound) {
    bool ok = checkAssignable(*target);
    checkExpr(as.value, tt);
    if (!ok)
      return;
    std::string what = "the assignment";
    if (auto *n = llvm::dyn_cast<NameExpr>(target.get()))
      what += " to '" + n->name + "'";
    if (!refuseAddress(*as.value))
      coerce(as.value, tt, what);
    return;
  }
  // The accumulating form `Z += X op Y` (§8.6).
  auto *bin = llvm::dyn_cast<BinaryExpr>(as.value.get());
  if (*as.compound == BinaryOp::Add && bin && context == Context::Device) {
    const Type *l = checkExpr(bin->lhs);
    const Type *r = checkExpr(bin->rhs);
    if (l->isError() || r->isError() || tt->isError()) {
      as.value->type = types.errorTy();
      return;
    }
    if (FuncDecl *acc = findOperator(bin->op, l, r, bin->lhs, bin->rhs,
                                     at(as), 3, &target)) {
      as.accumulator = acc;
      as.value->type = types.voidTy();
      return;
    }
    if (lastOperatorAmbiguous) {
      as.value->type = types.errorTy();
      return;
    }
    if (bin->op == BinaryOp::MatMul && l->is(Type::Kind::Layout) &&
        r->is(Type::Kind::Layout)) {
      auto isHalfish = [](const Type *t) {
        return t->is(Type::Kind::BF16) || t->is(Type::Kind::Half);
      };
      if (!isHalfish(l->getElement()) || l->getElement() != r->getElement() ||
          !tt->is(Type::Kind::Layout) ||
          !tt->getElement()->is(Type::Kind::Float) ||
          l->getExtents().size() != 2 || r->getExtents().size() != 2 ||
          tt->getExtents().size() != 2) {
        diag.error(at(*bin),
                   "the builtin tiled product 'Z += X @ Y' needs X and Y "
                   "bf16 or half layouts of rank 2 and Z a float layout of "
                   "rank 2; got " + l->str() + ", " + r->str() + " and " +
                       tt->str());
        as.value->type = types.errorTy();
        return;
      }
      as.isBuiltinMatmul = true;
      as.value->type = types.voidTy();
      return;
    }
    // Not an accumulation: an ordinary `Z = Z + (X op Y)`.
    bin->type = checkBuiltinBinary(*bin, l, r);
  } else {
    checkExpr(as.value);
  }
  if (!checkAssignable(*target))
    return;
  const Type *vt = as.value->type;
  if (tt->isError() || vt->isError())
    return;
  // `x op= e` means `x = x op e` (§6.2): a user operator assigns its result.
  ExprPtr lhsCopy; // only used to probe operator definitions
  if (tt->is(Type::Kind::Class) || tt->is(Type::Kind::Foreign) ||
      vt->is(Type::Kind::Class) || vt->is(Type::Kind::Foreign)) {
    ExprPtr probe = std::make_unique<NilLitExpr>(target->getLoc());
    probe->type = tt;
    if (FuncDecl *op = findOperator(*as.compound, tt, vt, probe, as.value,
                                    at(as))) {
      as.compoundOp = op;
      if (!isConvertible(op->returnType, tt))
        diag.error(at(as), "the result of '" + spelling(*as.compound) +
                                    "' is " + op->returnType->str() +
                                    ", which cannot be assigned to " +
                                    tt->str());
      return;
    }
    if (lastOperatorAmbiguous)
      return;
    diag.error(at(as), "no operator '" + spelling(*as.compound) +
                                "' for " + tt->str() + " and " + vt->str());
    return;
  }
  if (*as.compound == BinaryOp::Add && tt->is(Type::Kind::Str)) {
    if (!vt->isScalar() && !vt->is(Type::Kind::Str))
      diag.error(at(as), "cannot append " + vt->str() + " to a str");
    return;
  }
  if (!tt->isNumeric() || !vt->isNumeric()) {
    diag.error(at(as), "'" + spelling(*as.compound) +
                                "=' needs numbers, not " + tt->str() +
                                " and " + vt->str());
    return;
  }
  const Type *result = *as.compound == BinaryOp::Div ? types.floatTy()
                                                     : promote(tt, vt);
  if (!isConvertible(result, tt)) {
    diag.error(at(as), "the result of '" + spelling(*as.compound) +
                                "' is " + result->str() +
                                ", which cannot be assigned to " + tt->str());
    return;
  }
  coerce(as.value, result, "the compound assignment");
}

void Checker::checkChannel(ChannelStmt &cs) {
  refuseInDevice(cs.getLoc(), "a channel operation");
  const Type *l = checkExpr(cs.lhs);
  const Type *r = checkExpr(cs.rhs);
  if (l->isError() || r->isError())
    return;
  if (l->is(Type::Kind::Channel) && isConvertible(r, l->getElement())) {
    cs.isSend = true;
    coerce(cs.rhs, l->getElement(), "the channel send");
    return;
  }
  if (r->is(Type::Kind::Channel) && isConvertible(r->getElement(), l)) {
    cs.isSend = false;
    checkAssignable(*cs.lhs);
    return;
  }
  if (l->is(Type::Kind::Channel))
    diag.error(at(cs), "cannot send " + r->str() + " on a " + l->str());
  else if (r->is(Type::Kind::Channel))
    diag.error(at(cs), "cannot receive from a " + r->str() +
                                " into a value of type " + l->str());
  else
    diag.error(at(cs), "'<-' needs a channel on one side; got " +
                                l->str() + " and " + r->str());
}

void Checker::checkReturn(ReturnStmt &rs) {
  const Type *ret = currentFn->returnType;
  if (!ret)
    ret = types.errorTy();
  if (rs.value) {
    checkExpr(rs.value, ret);
    if (ret->isVoid())
      diag.error(at(*rs.value),
                 currentFn->isMain()
                     ? llvm::Twine("'main' cannot return a value")
                     : "'" + currentFn->name +
                           "' returns void; it cannot return a value");
    else if (!refuseAddress(*rs.value))
      coerce(rs.value, ret, "the return value");
    return;
  }
  if (!ret->isVoid() && !ret->isError()) {
    std::string name = ret->str();
    diag.error(at(rs), "'" + currentFn->name + "' must return " +
                                (name[0] == 'i' || name[0] == 'a' ? "an "
                                                                  : "a ") +
                                name + " value");
  }
}

void Checker::checkLaunch(LaunchStmt &ls) {
  if (refuseInDevice(ls.getLoc(), "'launch'"))
    return;
  auto dims = [&](std::vector<ExprPtr> &list, llvm::StringRef what) {
    if (list.empty() || list.size() > 3)
      diag.error(ls.getLoc(), "the " + what + " of a launch has one to three "
                              "dimensions, not " + std::to_string(list.size()));
    for (auto &e : list)
      checkIntOperand(e, what);
  };
  dims(ls.grid, "grid");
  dims(ls.block, "block");
  if (ls.smem && !ls.smemIsKernelSize)
    checkIntOperand(ls.smem, "shared-memory size");
  if (ls.stream) {
    // An opaque CUDA stream: a foreign pointer (§6.7, §4.3), or nil for
    // the thread's own stream.
    const Type *st = checkExpr(ls.stream);
    if (!st->isError() && !st->is(Type::Kind::Foreign) &&
        !st->is(Type::Kind::Pointer) && !st->is(Type::Kind::Nil))
      diag.error(at(*ls.stream),
                 "the launch stream must be a foreign pointer (a CUDA stream "
                 "from a native package), not " + st->str());
  }
  checkArgsUntyped(ls.args);
  std::vector<FuncDecl *> named = lookupFunctions(ls.kernelName);
  FuncDecl *kernel = nullptr;
  for (FuncDecl *fn : named)
    if (fn->kind == FuncKind::Kernel)
      kernel = fn;
  if (!kernel) {
    diag.error(ls.kernelLoc, named.empty()
                                 ? "launch of undeclared kernel '" +
                                       ls.kernelName + "'"
                                 : "'" + ls.kernelName +
                                       "' is not a kernel; only kernels can "
                                       "be launched");
    return;
  }
  ls.kernel = kernel;
  FuncDecl *cands[] = {kernel};
  resolveOverload(cands, ls.args, ls.kernelLoc,
                  "kernel '" + ls.kernelName + "'");
  if (ls.ctimeArgs.size() != kernel->ctimeParams.size())
    diag.error(ls.kernelLoc,
               "kernel '" + ls.kernelName + "' takes " +
                   std::to_string(kernel->ctimeParams.size()) +
                   " compile-time argument(s), but " +
                   std::to_string(ls.ctimeArgs.size()) + " were given");
}

void Checker::checkStmt(Stmt &stmt) { visitStmt(stmt); }

//===----------------------------------------------------------------------===//
// One visitor method per statement kind (ASTVisitor.h)
//===----------------------------------------------------------------------===//

void Checker::visitVarDeclStmt(VarDeclStmt &s) {
  for (auto &var : s.vars)
    checkVarDecl(*var);
}

void Checker::visitAssignStmt(AssignStmt &s) { checkAssign(s); }

void Checker::visitChannelStmt(ChannelStmt &s) { checkChannel(s); }

void Checker::visitExprStmt(ExprStmt &es) {
  if (auto *call = llvm::dyn_cast<CallExpr>(es.expr.get())) {
    call->type = checkCall(*call, /*asStatement=*/true);
    return;
  }
  checkExpr(es.expr);
}

void Checker::visitReturnStmt(ReturnStmt &s) { checkReturn(s); }

void Checker::checkLoopExit(Stmt &s, llvm::StringRef what) {
  if (loopDepth == 0)
    diag.error(s.getLoc(), "'" + what + "' outside of a loop");
}

void Checker::visitBreakStmt(BreakStmt &s) { checkLoopExit(s, "break"); }

void Checker::visitContinueStmt(ContinueStmt &s) {
  checkLoopExit(s, "continue");
}

void Checker::visitIfStmt(IfStmt &is) {
  checkCondition(is.cond, "'if'");
  checkBlock(is.thenBody);
  checkBlock(is.elseBody);
}

void Checker::visitWhileStmt(WhileStmt &ws) {
  checkCondition(ws.cond, "'while'");
  ++loopDepth;
  checkBlock(ws.body);
  --loopDepth;
}

void Checker::visitForStmt(ForStmt &fs) {
  const Type *t = checkExpr(fs.var->init);
  if (!t->isError() && !t->is(Type::Kind::Int) && !t->is(Type::Kind::I64) &&
      !t->is(Type::Kind::Float)) {
    diag.error(fs.var->init->getLoc(),
               "the start of a counted loop must be int, i64 or float, not " +
                   t->str());
    t = types.errorTy();
  }
  fs.var->type = t;
  fs.var->isReadOnly = true;
  pushScope();
  declareVar(*fs.var);
  checkCondition(fs.cond, "the 'for' loop");
  if (fs.step) {
    checkExpr(fs.step);
    coerce(fs.step, t, "the loop step");
  }
  ++loopDepth;
  checkBlock(fs.body);
  --loopDepth;
  popScope();
}

void Checker::visitForInStmt(ForInStmt &fs) {
  const Type *t = checkExpr(fs.iterable);
  const Type *elem = types.errorTy();
  if (t->is(Type::Kind::Array))
    elem = t->getElement();
  else if (!t->isError())
    diag.error(at(*fs.iterable),
               "'for ... in' iterates over an array, not " + t->str());
  fs.var->type = elem;
  pushScope();
  declareVar(*fs.var);
  ++loopDepth;
  checkBlock(fs.body);
  --loopDepth;
  popScope();
}

void Checker::visitMultiLoopStmt(MultiLoopStmt &ml) {
  // Bounds are evaluated before the loop and cannot see its variables.
  for (size_t i = 0; i < ml.lower.size(); ++i) {
    checkIntOperand(ml.lower[i], "loop bound");
    checkIntOperand(ml.upper[i], "loop bound");
  }
  if (ml.vars.size() != ml.lower.size())
    diag.error(ml.getLoc(), "a multi-loop needs one variable per range: " +
                                std::to_string(ml.lower.size()) +
                                " range(s), " + std::to_string(ml.vars.size()) +
                                " variable(s)");
  pushScope();
  for (auto &v : ml.vars) {
    v->type = types.intTy();
    v->isReadOnly = true;
    declareVar(*v);
  }
  ++loopDepth;
  checkBlock(ml.body);
  --loopDepth;
  popScope();
}

void Checker::visitFinishStmt(FinishStmt &s) {
  refuseInDevice(s.getLoc(), "'finish'");
  // `finish` and `lock` bodies do not open a scope (§6.1).
  checkBlock(s.body, /*newScope=*/false);
}

void Checker::visitLockStmt(LockStmt &s) {
  refuseInDevice(s.getLoc(), "'lock'");
  checkBlock(s.body, /*newScope=*/false);
}

void Checker::visitAsyncStmt(AsyncStmt &s) {
  refuseInDevice(s.getLoc(), "'async'");
  // break and continue cannot cross an async body (§6.6).
  unsigned savedLoops = loopDepth;
  loopDepth = 0;
  checkBlock(s.body);
  loopDepth = savedLoops;
}

void Checker::visitAsyncsStmt(AsyncsStmt &as) {
  refuseInDevice(as.getLoc(), "'asyncs'");
  checkIntOperand(as.count, "thread count");
  unsigned savedLoops = loopDepth;
  loopDepth = 0;
  ++asyncsDepth;
  checkBlock(as.body);
  --asyncsDepth;
  loopDepth = savedLoops;
}

void Checker::visitLaunchStmt(LaunchStmt &s) { checkLaunch(s); }
