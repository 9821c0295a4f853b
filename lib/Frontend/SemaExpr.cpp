//===- SemaExpr.cpp - Expressions -----------------------------------------===//
//
// The typing rules of §5 (operators, access, indexing, literals), §3.5
// (user operators), §4.5 (explicit conversions) and §8.5 (layouts, tiles
// and element addresses).
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

const Type *Checker::checkExpr(ExprPtr &e, const Type *expected) {
  const Type *t = visitExpr(*e, expected);
  e->type = t;
  return t;
}

const Type *Checker::exprTooDeep(Expr &e, bool first, const Type *) {
  if (first)
    diag.error(at(e), "this expression is nested too deeply (more than " +
                               std::to_string(kMaxExprDepth) +
                               " levels); split it with variables");
  return types.errorTy();
}

//===----------------------------------------------------------------------===//
// One visitor method per expression kind (ASTVisitor.h)
//===----------------------------------------------------------------------===//

const Type *Checker::visitIntLitExpr(IntLitExpr &e, const Type *) {
  uint64_t v = e.value;
  if (v > 0x7fffffffffffffffULL) {
    diag.error(at(e), "integer literal is too large for i64");
    return types.errorTy();
  }
  return v <= 0x7fffffffULL ? types.intTy() : types.i64Ty();
}

const Type *Checker::visitFloatLitExpr(FloatLitExpr &, const Type *) {
  return types.floatTy();
}

const Type *Checker::visitStrLitExpr(StrLitExpr &e, const Type *) {
  // Refused in device code: the error type keeps `var s = "x"` from being
  // reported again for its variable.
  if (refuseInDevice(e.getLoc(), "a str"))
    return types.errorTy();
  return types.strTy();
}

const Type *Checker::visitCharLitExpr(CharLitExpr &, const Type *) {
  return types.charTy();
}

const Type *Checker::visitBoolLitExpr(BoolLitExpr &, const Type *) {
  return types.boolTy();
}

const Type *Checker::visitNilLitExpr(NilLitExpr &, const Type *) {
  return types.nilTy();
}

const Type *Checker::visitNameExpr(NameExpr &e, const Type *) {
  return checkName(e);
}

const Type *Checker::visitSelfExpr(SelfExpr &e, const Type *) {
  if (currentFn && currentFn->parent)
    return currentFn->parent->type;
  diag.error(at(e), "'self' is only defined in constructors and methods");
  return types.errorTy();
}

const Type *Checker::visitGlobalExpr(GlobalExpr &g, const Type *) {
  if (refuseInDevice(g.getLoc(), "a '$' singleton"))
    return types.errorTy();
  ClassDecl *cls = lookupClass(g.className);
  if (!cls) {
    diag.error(at(g), "'$" + g.className + "' needs a class named '" +
                               g.className + "'");
    return types.errorTy();
  }
  g.cls = cls;
  if (cls->ctor)
    for (auto &p : cls->ctor->params)
      if (!p->init) {
        diag.error(at(g), "'$" + g.className + "' needs a constructor "
                               "that can be called with no arguments");
        diag.note(cls->ctor->loc, "the constructor is declared here");
        break;
      }
  return cls->type;
}

const Type *Checker::visitUnaryExpr(UnaryExpr &e, const Type *) {
  return checkUnary(e);
}

const Type *Checker::visitBinaryExpr(BinaryExpr &e, const Type *) {
  return checkBinary(e);
}

const Type *Checker::visitFoldExpr(FoldExpr &e, const Type *) {
  return checkFold(e);
}

const Type *Checker::visitCallExpr(CallExpr &e, const Type *) {
  return checkCall(e, /*asStatement=*/false);
}

const Type *Checker::visitMemberExpr(MemberExpr &e, const Type *) {
  return checkMember(e);
}

const Type *Checker::visitIndexExpr(IndexExpr &e, const Type *) {
  return checkIndex(e);
}

const Type *Checker::visitSelectExpr(SelectExpr &e, const Type *) {
  return checkSelect(e);
}

const Type *Checker::visitListLitExpr(ListLitExpr &e, const Type *expected) {
  return checkList(e, expected);
}

const Type *Checker::visitMapLitExpr(MapLitExpr &e, const Type *expected) {
  return checkMap(e, expected);
}

const Type *Checker::visitTupleExpr(TupleExpr &tu, const Type *expected) {
  std::vector<const Type *> elems;
  bool bad = false;
  for (size_t i = 0; i < tu.elems.size(); ++i) {
    const Type *want = expected && expected->is(Type::Kind::Tuple) &&
                               i < expected->getMembers().size()
                           ? expected->getMembers()[i]
                           : nullptr;
    const Type *et = checkExpr(tu.elems[i], want);
    if (want)
      bad |= !coerce(tu.elems[i], want, "tuple element " + std::to_string(i + 1));
    else
      bad |= et->isError() || et->isVoid() || et->is(Type::Kind::Nil);
    if (!want && et->is(Type::Kind::FixedArray)) {
      // Stored inline in variables, fields and results only (§4.3).
      diag.error(at(*tu.elems[i]), "a fixed array (" + et->str() +
                                            ") cannot be a tuple element");
      bad = true;
    }
    elems.push_back(want ? want : et);
  }
  return bad ? types.errorTy() : types.tuple(elems);
}

const Type *Checker::visitNewExpr(NewExpr &e, const Type *) {
  return checkNew(e);
}

const Type *Checker::visitLayoutNewExpr(LayoutNewExpr &e, const Type *) {
  return checkLayoutNew(e);
}

const Type *Checker::visitCastExpr(CastExpr &e, const Type *) {
  return checkCast(e);
}

const Type *Checker::visitTypeTagExpr(TypeTagExpr &tag, const Type *) {
  // The scalar type keywords that name a tag when written as an argument.
  static const llvm::StringSet<> tagged = {
      "int", "i8", "i16", "i64", "float", "bf16", "half", "char", "bool"};
  if (!tagged.contains(tag.typeName)) {
    diag.error(at(tag), "'" + tag.typeName + "' has no type tag");
    return types.errorTy();
  }
  tag.builtin = predeclaredValue(tag.typeName + "_t");
  return types.intTy();
}

std::optional<int64_t> Checker::constantInt(const Expr &e) const {
  if (auto *i = llvm::dyn_cast<IntLitExpr>(&e))
    return static_cast<int64_t>(i->value);
  if (auto *c = llvm::dyn_cast<CastExpr>(&e))
    return c->isImplicit ? constantInt(*c->operand) : std::nullopt;
  if (auto *u = llvm::dyn_cast<UnaryExpr>(&e))
    if (u->op == UnaryOp::Neg)
      if (std::optional<int64_t> v = constantInt(*u->operand))
        return -*v;
  return std::nullopt;
}

Extent Checker::extentOf(const Expr &e) const {
  if (std::optional<int64_t> v = constantInt(e))
    return Extent::constant(*v);
  const Expr *inner = &e;
  while (auto *c = llvm::dyn_cast<CastExpr>(inner))
    inner = c->operand.get();
  if (auto *n = llvm::dyn_cast<NameExpr>(inner))
    if (n->decl && constVars.count(n->decl))
      return Extent::named(n->name);
  return Extent::dynamic();
}

bool Checker::checkIntOperand(ExprPtr &e, llvm::StringRef what) {
  const Type *t = checkExpr(e);
  if (t->isError())
    return false;
  if (!t->isIntegral()) {
    diag.error(at(*e), "the " + what + " must be an integer, not " +
                                t->str());
    return false;
  }
  if (!t->is(Type::Kind::I64))
    coerce(e, types.intTy(), "the " + what);
  return true;
}

const Type *Checker::checkName(NameExpr &e) {
  if (VarDecl *v = lookupVar(e.name)) {
    e.ref = NameRef::Var;
    e.decl = v;
    return v->type ? v->type : types.errorTy();
  }
  if (BuiltinId value = predeclaredValue(e.name); value != BuiltinId::None) {
    BuiltinWhere where = builtinInfo(value).where;
    if (where == BuiltinWhere::Device && context != Context::Device) {
      diag.error(at(e), "'" + e.name + "' is only defined in device code "
                             "(kernel and gpu functions)");
      return types.errorTy();
    }
    if (where == BuiltinWhere::Host && context == Context::Device) {
      diag.error(at(e), "'" + e.name + "' is not defined in device code");
      return types.errorTy();
    }
    e.ref = NameRef::Predeclared;
    e.builtin = value;
    return types.intTy();
  }
  if (std::vector<FuncDecl *> group = lookupFunctions(e.name);
      !group.empty()) {
    FuncDecl *fn = group.front();
    if (group.size() > 1) {
      diag.error(at(e), "'" + e.name + "' is overloaded; an overloaded "
                             "function cannot be used as a value");
      return types.errorTy();
    }
    if (fn->kind != FuncKind::Def) {
      diag.error(at(e), "'" + e.name + "' is a " +
                                 (fn->kind == FuncKind::Kernel ? "kernel"
                                  : fn->kind == FuncKind::Gpu  ? "gpu function"
                                                               : "foreign "
                                                                 "function") +
                                 "; only def functions are values");
      return types.errorTy();
    }
    if (refuseInDevice(e.getLoc(), "a function value"))
      return types.errorTy();
    if (llvm::any_of(fn->paramTypes, [](const Type *p) {
          return p->is(Type::Kind::FixedArray);
        }) || fn->returnType->is(Type::Kind::FixedArray)) {
      // A Function type holds no inline arrays (§4.3).
      diag.error(at(e), "'" + e.name + "' takes or returns a fixed "
                             "array; it is not a value");
      return types.errorTy();
    }
    if (!fn->ctimeParams.empty()) {
      // Its constants are written at a call (§3.9); a value has none.
      diag.error(at(e), "'" + e.name + "' has compile-time parameters; "
                             "it is not a value (call it with <constants>)");
      return types.errorTy();
    }
    e.ref = NameRef::Function;
    e.func = fn;
    return types.function(fn->returnType, fn->paramTypes);
  }
  if (classes.count(e.name)) {
    diag.error(at(e), "'" + e.name + "' is a class; create an object with "
                           "'new " + e.name + "(...)'");
    return types.errorTy();
  }
  if (builtinFunction(e.name) != BuiltinId::None) {
    diag.error(at(e), "'" + e.name + "' is a builtin function; call it "
                           "with '" + e.name + "(...)'");
    return types.errorTy();
  }
  // Fields are reached only through `self` (§3.4).
  bool isField = currentFn && currentFn->parent &&
                 currentFn->parent->findField(e.name);
  diag.error(at(e), "use of undeclared name '" + e.name + "'" +
                             (isField ? "; a field is reached through self: "
                                        "'self." + e.name + "'"
                                      : std::string()));
  return types.errorTy();
}

const Type *Checker::checkUnary(UnaryExpr &e) {
  const Type *t = checkExpr(e.operand);
  if (t->isError())
    return t;
  if (e.op == UnaryOp::Neg) {
    if (!t->isNumeric()) {
      diag.error(at(e), "cannot negate a value of type " + t->str());
      return types.errorTy();
    }
    const Type *result = t->isFloat() ? types.floatTy() : promote(t, t);
    coerce(e.operand, result, "the negation");
    return result;
  }
  if (t->is(Type::Kind::Bool))
    return t;
  if (t->isNullable() || t->is(Type::Kind::Nil)) {
    e.isNilTest = true;
    return types.boolTy();
  }
  diag.error(at(e), "'!' needs a bool (or a reference to test for "
                         "nil), not " + t->str());
  return types.errorTy();
}

/// Types that may take part in user operator definitions (§3.5).
static bool isUserOperand(const Type *t) {
  return t->is(Type::Kind::Class) || t->is(Type::Kind::Foreign) ||
         t->is(Type::Kind::Layout) || t->is(Type::Kind::Pointer) ||
         t->is(Type::Kind::Address);
}

FuncDecl *Checker::findOperator(BinaryOp op, const Type *l, const Type *r,
                                ExprPtr &lhs, ExprPtr &rhs, DiagLoc loc,
                                unsigned arity, ExprPtr *third) {
  std::vector<FuncDecl *> cands;
  bool device = context == Context::Device;
  auto usable = [&](FuncDecl *fn) {
    if (fn->params.size() - fn->numCallerParams() != arity || !visible(fn))
      return false;
    return device ? fn->kind == FuncKind::Gpu : fn->kind != FuncKind::Gpu;
  };
  llvm::StringRef canon = canonicalName(op);
  if (!canon.empty() && arity == 2) {
    // Every function named ML_MR_name for its own operand types L and R
    // defines `op` (§3.5); operator definitions are listed under that name
    // too. Overload resolution (§3.3) then picks among those whose operands
    // accept `l` and `r`, through implicit conversions if need be.
    std::string suffix = "_" + canon.str();
    for (auto &entry : functions) {
      if (!entry.first().ends_with(suffix))
        continue;
      for (FuncDecl *fn : entry.second)
        if (fn->paramTypes.size() >= 2 && usable(fn) &&
            entry.first() == fn->paramTypes[0]->mangled() + "_" +
                                 fn->paramTypes[1]->mangled() + suffix)
          cands.push_back(fn);
    }
  } else if (auto it = operators.find(spelling(op)); it != operators.end()) {
    for (FuncDecl *fn : it->second)
      if (usable(fn))
        cands.push_back(fn);
  }
  if (cands.empty())
    return nullptr;
  std::vector<Arg> args(arity);
  args[0].value = std::move(lhs);
  args[0].loc = args[0].value->getLoc();
  args[1].value = std::move(rhs);
  args[1].loc = args[1].value->getLoc();
  if (arity == 3) {
    args[2].value = std::move(*third);
    args[2].loc = args[2].value->getLoc();
  }
  std::string what = "operator '" + spelling(op).str() + "'";
  FuncDecl *fn = resolveOverload(cands, args, loc, what, 0, nullptr,
                                 /*quiet=*/true);
  lastOperatorAmbiguous = false;
  if (!fn) {
    // No match falls back to the builtin operators; several equally good
    // matches are an error of their own (§3.3).
    unsigned exact = 0, converting = 0;
    for (FuncDecl *c : cands) {
      ArgMatch m = matchArgs(*c, args);
      if (m.viable)
        ++(m.exact ? exact : converting);
    }
    if (exact > 1 || (exact == 0 && converting > 1)) {
      lastOperatorAmbiguous = true;
      resolveOverload(cands, args, loc, what);
    }
  }
  lhs = std::move(args[0].value);
  rhs = std::move(args[1].value);
  if (arity == 3)
    *third = std::move(args[2].value);
  if (fn && device && currentFn)
    deviceCalls[currentFn].push_back({fn, loc.loc});
  return fn;
}

const Type *Checker::checkBinary(BinaryExpr &e) {
  const Type *l = checkExpr(e.lhs);
  const Type *r = checkExpr(e.rhs);
  if (l->isError() || r->isError())
    return types.errorTy();
  return checkBuiltinBinary(e, l, r);
}

const Type *Checker::checkBuiltinBinary(BinaryExpr &e, const Type *l,
                                        const Type *r) {
  if (isUserOperand(l) || isUserOperand(r)) {
    if (FuncDecl *fn = findOperator(e.op, l, r, e.lhs, e.rhs, at(e))) {
      e.opFunc = fn;
      return fn->returnType;
    }
    if (lastOperatorAmbiguous)
      return types.errorTy();
  }
  auto fail = [&]() {
    diag.error(at(e), "invalid operands to '" + spelling(e.op) + "': " +
                               l->str() + " and " + r->str());
    return types.errorTy();
  };
  using K = Type::Kind;
  switch (e.op) {
  case BinaryOp::And:
  case BinaryOp::Or:
  case BinaryOp::Xor:
    if (!l->is(K::Bool) || !r->is(K::Bool)) {
      diag.error(at(e), "the operands of '" + spelling(e.op) +
                                 "' must be bool, not " + l->str() + " and " +
                                 r->str());
      return types.errorTy();
    }
    e.operandType = types.boolTy();
    return types.boolTy();
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    if ((l->is(K::Str) && r->is(K::Str)) || (l->is(K::Bool) && r->is(K::Bool))) {
      e.operandType = l;
      return types.boolTy();
    }
    if (l->is(K::Tuple) && l == r) {
      e.operandType = l;
      return types.boolTy();
    }
    if ((l->isNullable() || l->is(K::Nil)) &&
        (r->isNullable() || r->is(K::Nil))) {
      const Type *common = commonType(l, r);
      if (!common && (l->is(K::Any) || r->is(K::Any)))
        common = types.anyTy();
      if (!common)
        return fail();
      e.operandType = common->is(K::Nil) ? l : common;
      if (!common->is(K::Nil)) {
        coerce(e.lhs, common, "the comparison");
        coerce(e.rhs, common, "the comparison");
      }
      return types.boolTy();
    }
    [[fallthrough]];
  case BinaryOp::Lt:
  case BinaryOp::Gt:
  case BinaryOp::Le:
  case BinaryOp::Ge:
    if (l->is(K::Str) && r->is(K::Str)) {
      e.operandType = l;
      return types.boolTy();
    }
    if (!l->isNumeric() || !r->isNumeric())
      return fail();
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the comparison");
    coerce(e.rhs, e.operandType, "the comparison");
    return types.boolTy();
  case BinaryOp::Add:
    if (l->is(K::Str)) {
      if (!r->is(K::Str) && !r->isNumeric() && !r->is(K::Char))
        return fail();
      e.operandType = types.strTy();
      return types.strTy();
    }
    [[fallthrough]];
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Mod:
    if (!l->isNumeric() || !r->isNumeric())
      return fail();
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the operation");
    coerce(e.rhs, e.operandType, "the operation");
    return e.operandType;
  case BinaryOp::Div:
    // `/` is always true division with a float result (§5.1).
    if (!l->isNumeric() || !r->isNumeric())
      return fail();
    e.operandType = types.floatTy();
    coerce(e.lhs, e.operandType, "the division");
    coerce(e.rhs, e.operandType, "the division");
    return e.operandType;
  case BinaryOp::FloorDiv:
  case BinaryOp::CeilDiv:
  case BinaryOp::Shl:
  case BinaryOp::Shr:
  case BinaryOp::BitOr:
    if (!l->isIntegral() || !r->isIntegral()) {
      diag.error(at(e), "'" + spelling(e.op) + "' needs integers, not " +
                                 l->str() + " and " + r->str());
      return types.errorTy();
    }
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the operation");
    coerce(e.rhs, e.operandType, "the operation");
    return e.operandType;
  case BinaryOp::Offby: {
    if (!r->isIntegral() || r->is(K::Bool)) {
      diag.error(at(*e.rhs), "'offby' needs an integer offset, not " +
                                      r->str());
      return types.errorTy();
    }
    e.operandType = r;
    if (l->is(K::Pointer))
      return l;
    if (l->is(K::FixedArray))
      return types.pointer(l->getElement());
    if (l->is(K::Layout) && (l->getSpace() == MemSpace::Global ||
                             l->getSpace() == MemSpace::Host))
      return types.pointer(l->getElement());
    if (l->is(K::Str))
      return l;
    diag.error(at(e), "no 'offby' for " + l->str() +
                               ": declare it with an 'operation'");
    return types.errorTy();
  }
  case BinaryOp::MatMul:
    diag.error(at(e), "no operator '@' for " + l->str() + " and " +
                               r->str() + " (define one, §3.5)");
    return types.errorTy();
  }
  return fail();
}

const Type *Checker::checkFold(FoldExpr &e) {
  const Type *t = checkExpr(e.operand);
  if (t->isError())
    return t;
  refuseInDevice(e.getLoc(), "'reduce' and 'scan'");
  if (!t->is(Type::Kind::Array) ||
      !(t->getElement()->is(Type::Kind::Int) ||
        t->getElement()->is(Type::Kind::I64) ||
        t->getElement()->is(Type::Kind::Float))) {
    diag.error(at(e), std::string(e.isScan ? "'scan'" : "'reduce'") +
                               " needs an array of int, i64 or float, not " +
                               t->str());
    return types.errorTy();
  }
  return e.isScan ? t : t->getElement();
}

const Type *Checker::checkMember(MemberExpr &e) {
  const Type *t = checkExpr(e.base);
  if (t->isError())
    return t;
  if (t->is(Type::Kind::Class)) {
    if (refuseInDevice(e.getLoc(), "an object"))
      return types.errorTy();
    ClassDecl *cls = t->getClass();
    if (FieldDecl *f = cls->findField(e.member)) {
      e.field = f;
      return f->type ? f->type : types.errorTy();
    }
    if (cls->findMethod(e.member)) {
      diag.error(at(e), "'" + e.member + "' is a method of " + cls->name +
                                 "; call it with '." + e.member + "(...)'");
      return types.errorTy();
    }
    diag.error(at(e), "class " + cls->name + " has no field '" +
                               e.member + "'");
    diag.note(cls->loc, "class " + cls->name + " is declared here");
    return types.errorTy();
  }
  diag.error(at(e), "a value of type " + t->str() + " has no field '" +
                             e.member + "'");
  return types.errorTy();
}

const Type *Checker::checkIndex(IndexExpr &e) {
  const Type *t = checkExpr(e.base);
  using K = Type::Kind;
  bool anySlice = false;
  for (auto &item : e.items)
    anySlice |= item.isSlice;
  auto checkItems = [&](bool allowSlice) {
    for (auto &item : e.items) {
      if (item.isSlice && !allowSlice)
        diag.error(at(item), "only arrays and strings can be sliced");
      if (item.index)
        checkIntOperand(item.index, "index");
      if (item.sliceEnd)
        checkIntOperand(item.sliceEnd, "slice bound");
    }
  };
  if (t->isError()) {
    for (auto &item : e.items) {
      if (item.index)
        checkExpr(item.index);
      if (item.sliceEnd)
        checkExpr(item.sliceEnd);
    }
    return t;
  }
  auto oneIndex = [&]() {
    if (e.items.size() != 1) {
      diag.error(at(e), "a value of type " + t->str() +
                                 " takes one index, not " +
                                 std::to_string(e.items.size()));
      return false;
    }
    return true;
  };
  switch (t->getKind()) {
  case K::Array:
  case K::Str:
    checkItems(true);
    if (!oneIndex())
      return types.errorTy();
    if (anySlice)
      return t;
    return t->is(K::Str) ? types.charTy() : t->getElement();
  case K::Map: {
    if (!oneIndex() || anySlice) {
      if (anySlice)
        diag.error(at(e), "a map cannot be sliced");
      return types.errorTy();
    }
    checkExpr(e.items[0].index, t->getElement());
    coerce(e.items[0].index, t->getElement(), "the map key");
    return t->getValue();
  }
  case K::Tuple: {
    if (!oneIndex() || anySlice)
      return types.errorTy();
    checkExpr(e.items[0].index);
    std::optional<int64_t> k = constantInt(*e.items[0].index);
    int64_t n = t->getMembers().size();
    if (!k) {
      diag.error(at(e.items[0]), "a tuple index must be an integer constant");
      return types.errorTy();
    }
    if (*k < -n || *k >= n) {
      diag.error(at(e.items[0]), "tuple index " + std::to_string(*k) +
                                     " is out of range for " + t->str());
      return types.errorTy();
    }
    return t->getMembers()[*k < 0 ? *k + n : *k];
  }
  case K::Pointer:
  case K::FixedArray:
    checkItems(false);
    if (!oneIndex())
      return types.errorTy();
    return t->getElement();
  case K::Foreign:
    checkItems(false);
    if (!oneIndex())
      return types.errorTy();
    if (t->getName() == "float_cpu")
      return types.floatTy();
    if (t->getName() == "bf16_cpu")
      return types.get(K::BF16);
    diag.error(at(e), t->str() + " cannot be indexed" +
                               (t->getName().ends_with("_pp")
                                    ? llvm::Twine(": device buffers cannot be "
                                                  "read on the host")
                                    : llvm::Twine("")));
    return types.errorTy();
  case K::Layout: {
    checkItems(false);
    if (e.items.size() > t->getExtents().size()) {
      diag.error(at(e), "a rank-" +
                                 std::to_string(t->getExtents().size()) +
                                 " layout takes at most " +
                                 std::to_string(t->getExtents().size()) +
                                 " indices");
      return types.errorTy();
    }
    return t->getElement();
  }
  default:
    // Type the items, but report only that the value cannot be indexed.
    for (auto &item : e.items) {
      if (item.index)
        checkExpr(item.index);
      if (item.sliceEnd)
        checkExpr(item.sliceEnd);
    }
    diag.error(at(e), "a value of type " + t->str() +
                               " cannot be indexed");
    return types.errorTy();
  }
}

const Type *Checker::checkSelect(SelectExpr &e) {
  const Type *t = checkExpr(e.base);
  for (auto &b : e.braces)
    checkIntOperand(b, "selector");
  for (auto &c : e.coords)
    checkIntOperand(c, "tile coordinate");
  if (t->isError())
    return t;
  if (!t->is(Type::Kind::Layout)) {
    diag.error(at(e), "'{...}' selects in a layout, not in a value of "
                           "type " + t->str());
    return types.errorTy();
  }
  size_t rank = t->getExtents().size();
  if (e.braces.empty() || e.braces.size() > rank) {
    diag.error(at(e), "a rank-" + std::to_string(rank) +
                               " layout takes one to " +
                               std::to_string(rank) + " selector values");
    return types.errorTy();
  }
  if (!e.isTile)
    return types.address(t->getElement(), t->getSpace());
  if (e.coords.size() != e.braces.size()) {
    diag.error(at(e), "a tile of " + std::to_string(e.braces.size()) +
                               " extents needs " +
                               std::to_string(e.braces.size()) +
                               " tile coordinates, not " +
                               std::to_string(e.coords.size()));
    return types.errorTy();
  }
  std::vector<Extent> extents;
  for (auto &b : e.braces)
    extents.push_back(extentOf(*b));
  return types.layout(t->getElement(), extents, t->getSpace());
}

const Type *Checker::checkList(ListLitExpr &e, const Type *expected) {
  if (refuseInDevice(e.getLoc(), "an array"))
    return types.errorTy();
  const Type *elem = nullptr;
  if (expected && expected->is(Type::Kind::Array))
    elem = expected->getElement();
  if (e.elems.empty()) {
    if (!elem) {
      diag.error(at(e), "the empty list '[]' needs an expected type, "
                             "e.g. 'array<int> xs = []'");
      return types.errorTy();
    }
    return expected;
  }
  bool bad = false;
  const Type *common = nullptr;
  for (auto &x : e.elems) {
    const Type *t = checkExpr(x, elem);
    bad |= t->isError();
    if (!elem && !bad) {
      const Type *c = common ? commonType(common, t) : t;
      if (!c) {
        diag.error(at(*x), "list elements have no common type: " +
                                    common->str() + " and " + t->str());
        bad = true;
      }
      common = c;
    }
  }
  if (bad)
    return types.errorTy();
  if (!elem) {
    elem = common;
    if (elem->is(Type::Kind::Nil) || elem->isVoid()) {
      diag.error(at(e), "cannot infer the element type of this list");
      return types.errorTy();
    }
    if (elem->is(Type::Kind::FixedArray)) {
      // Stored inline in variables, fields and results only (§4.3).
      diag.error(at(e), "a fixed array (" + elem->str() + ") cannot be "
                             "an array element");
      return types.errorTy();
    }
  }
  for (auto &x : e.elems)
    coerce(x, elem, "the list element");
  return types.array(elem);
}

const Type *Checker::checkMap(MapLitExpr &e, const Type *expected) {
  if (refuseInDevice(e.getLoc(), "a map"))
    return types.errorTy();
  const Type *kt = nullptr, *vt = nullptr;
  if (expected && expected->is(Type::Kind::Map)) {
    kt = expected->getElement();
    vt = expected->getValue();
  }
  if (e.keys.empty()) {
    if (!kt) {
      diag.error(at(e), "the empty map '{}' needs an expected type, e.g. "
                             "'map<str, int> m = {}'");
      return types.errorTy();
    }
    return expected;
  }
  bool bad = false;
  const Type *ck = nullptr, *cv = nullptr;
  for (size_t i = 0; i < e.keys.size(); ++i) {
    const Type *k = checkExpr(e.keys[i], kt);
    const Type *v = checkExpr(e.values[i], vt);
    bad |= k->isError() || v->isError();
    if (!kt && !bad) {
      ck = ck ? commonType(ck, k) : k;
      cv = cv ? commonType(cv, v) : v;
      if (!ck || !cv) {
        diag.error(at(*e.keys[i]), "map entries have no common type");
        bad = true;
      }
    }
  }
  if (bad)
    return types.errorTy();
  if (!kt) {
    kt = ck;
    vt = cv;
  }
  for (size_t i = 0; i < e.keys.size(); ++i) {
    coerce(e.keys[i], kt, "the map key");
    coerce(e.values[i], vt, "the map value");
  }
  return types.map(kt, vt);
}

const Type *Checker::checkNew(NewExpr &e) {
  if (refuseInDevice(e.getLoc(), "'new'")) {
    checkArgsUntyped(e.args);
    return types.errorTy();
  }
  const Type *t = resolveType(e.cls);
  // The constructor's parameters give `[]` and `{}` their expected types.
  if (t->is(Type::Kind::Class) && t->getClass()->ctor)
    checkArgsFor(e.args, *t->getClass()->ctor);
  else
    checkArgsUntyped(e.args);
  if (t->isError())
    return t;
  if (!t->is(Type::Kind::Class)) {
    diag.error(at(e), "'new' creates objects of classes, not " +
                               t->str());
    return types.errorTy();
  }
  ClassDecl *cls = t->getClass();
  checkSplitArgs(e.args);
  if (cls->ctor) {
    FuncDecl *cands[] = {cls->ctor.get()};
    if (resolveOverload(cands, e.args, at(e),
                        "the constructor of " + cls->name))
      e.ctor = cls->ctor.get();
  } else if (!e.args.empty()) {
    diag.error(at(e), "class " + cls->name + " has no constructor; "
                           "'new " + cls->name + "()' takes no arguments");
  }
  return t;
}

const Type *Checker::checkLayoutNew(LayoutNewExpr &e) {
  const Type *t = resolveType(e.layoutType);
  e.extentExprs.clear();
  for (const LayoutExtent &x : e.layoutType.extents) {
    // An identifier extent that resolveType refused was reported there.
    if (x.value || t->isError()) {
      e.extentExprs.push_back(nullptr);
      continue;
    }
    ExprPtr n = std::make_unique<NameExpr>(x.loc, x.name);
    checkExpr(n);
    e.extentExprs.push_back(std::move(n));
  }
  if (t->isError()) {
    if (e.base)
      checkExpr(e.base);
    return t;
  }
  bool constExtents = llvm::all_of(t->getExtents(), [](const Extent &x) {
    return x.kind != Extent::Kind::Dynamic;
  });
  const Type *elem = t->getElement();
  if (e.base) {
    const Type *bt = checkExpr(e.base);
    if (e.layoutType.isSmem) {
      diag.error(at(e), "a smem layout allocates its own storage; it "
                             "takes no pointer");
      return types.errorTy();
    }
    if (!bt->isError() && !isConvertible(bt, types.pointer(elem))) {
      diag.error(at(*e.base), "a layout of " + elem->str() +
                                       " views a " + elem->str() +
                                       "[] pointer, not " + bt->str());
      return types.errorTy();
    }
    coerce(e.base, types.pointer(elem), "the layout base");
    return types.layout(elem, t->getExtents(),
                        context == Context::Device ? MemSpace::Global
                                                   : MemSpace::Host);
  }
  if (context != Context::Device) {
    diag.error(at(e), "shared-memory and register layouts exist only in "
                           "device code; on the host, view a pointer: "
                           "layout<T, ...>(p)");
    return types.errorTy();
  }
  if (!constExtents) {
    diag.error(at(e), "the extents of a " +
                               std::string(e.layoutType.isSmem ? "smem"
                                                               : "register") +
                               " layout must be constants");
    return types.errorTy();
  }
  return types.layout(elem, t->getExtents(),
                      e.layoutType.isSmem ? MemSpace::Shared
                                          : MemSpace::Register);
}

const Type *Checker::checkCast(CastExpr &e) {
  const Type *from = checkExpr(e.operand);
  const Type *to = resolveType(e.target);
  if (from->isError() || to->isError())
    return types.errorTy();
  if (!to->isScalar()) {
    diag.error(at(e), "there is no explicit conversion to " + to->str() +
                               (to->is(Type::Kind::Str)
                                    ? llvm::Twine(" (use \"\" + x)")
                                    : llvm::Twine("")));
    return types.errorTy();
  }
  if (!from->isNumeric()) {
    diag.error(at(e), "cannot convert " + from->str() + " to " + to->str());
    return types.errorTy();
  }
  return to;
}
