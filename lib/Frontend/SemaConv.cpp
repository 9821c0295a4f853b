//===- SemaConv.cpp - Conversions and overload resolution -----------------===//
//
// The implicit conversions of §4.5, the promotion of §5.1, and argument
// matching with keywords and defaults (§3.2) and overloads (§3.3).
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

static bool isFloatLike(const Type *t) { return t->isFloat(); }

bool Checker::isConvertible(const Type *from, const Type *to) const {
  if (from == to || from->isError() || to->isError())
    return true;
  using K = Type::Kind;
  if (from->is(K::Nil))
    return to->isNullable();
  // Between integer types either way (char is a one-byte integer here).
  if ((from->isInteger() || from->is(K::Char)) &&
      (to->isInteger() || to->is(K::Char)))
    return true;
  // Integers and bool to floats; between floats; bool to integers.
  if (isFloatLike(to) && (from->isIntegral() || isFloatLike(from)))
    return true;
  if (to->isInteger() && from->is(K::Bool))
    return true;
  if (from->is(K::Char) && to->is(K::Str))
    return true;
  // References and pointers to `any`, and back (checked at run time).
  if (to->is(K::Any) && from->isNullable())
    return true;
  if (from->is(K::Any) && to->isNullable())
    return true;
  if (to->is(K::Pointer)) {
    if (from->is(K::FixedArray) && from->getElement() == to->getElement())
      return true;
    if (from->is(K::Layout) && from->getElement() == to->getElement() &&
        (from->getSpace() == MemSpace::Global ||
         from->getSpace() == MemSpace::Host))
      return true;
    if (from->is(K::Address) && from->getElement() == to->getElement())
      return true;
  }
  if (from->is(K::Layout) && to->is(K::Layout))
    return layoutArgFits(from, to);
  if (from->is(K::Function) && to->is(K::Function)) {
    auto f = from->getMembers(), t = to->getMembers();
    if (f.size() != t.size() || f[0] != t[0])
      return false;
    // §3.3: a class, container, channel, pointer or `any` parameter is
    // accepted where the function type has `any`.
    auto anyCompatible = [](const Type *p) {
      return p->is(K::Class) || p->is(K::Array) || p->is(K::Map) ||
             p->is(K::Channel) || p->isPointerLike() || p->is(K::Any);
    };
    for (size_t i = 1; i < f.size(); ++i)
      if (f[i] != t[i] && !(t[i]->is(K::Any) && anyCompatible(f[i])))
        return false;
    return true;
  }
  return false;
}

bool Checker::layoutArgFits(const Type *from, const Type *to) const {
  if (!from->is(Type::Kind::Layout) || !to->is(Type::Kind::Layout))
    return false;
  if (from->getElement() != to->getElement() ||
      from->getExtents().size() != to->getExtents().size())
    return false;
  for (size_t i = 0; i < from->getExtents().size(); ++i) {
    const Extent &f = from->getExtents()[i], &t = to->getExtents()[i];
    if (f.isConst() && t.isConst() && f.value != t.value)
      return false;
  }
  return true;
}

bool Checker::coerce(ExprPtr &e, const Type *to, const llvm::Twine &what) {
  const Type *from = e->type;
  if (!from || from == to || from->isError() || to->isError())
    return true;
  if (!isConvertible(from, to)) {
    std::string hint;
    if (isFloatLike(from) && to->isIntegral())
      hint = " (float to integer is never implicit: use " + to->str() + "(x))";
    else if (from->isNumeric() && to->is(Type::Kind::Bool))
      hint = " (a number is never implicitly a bool: compare it, or use "
             "bool(x))";
    diag.error(at(*e), "cannot convert " + from->str() + " to " +
                                to->str() + " in " + what + hint);
    return false;
  }
  if (from->is(Type::Kind::Function) && to->is(Type::Kind::Function)) {
    // The `any` adaptation of §3.3 is for a function, written by its name:
    // a Function value has no parameter types left to convert through.
    const Expr *x = e.get();
    while (auto *c = llvm::dyn_cast<CastExpr>(x))
      x = c->operand.get();
    auto *name = llvm::dyn_cast<NameExpr>(x);
    if (!name || name->ref != NameRef::Function) {
      diag.error(at(*e), "cannot convert the Function value of type " +
                                  from->str() + " to " + to->str() + " in " +
                                  what + ": only a function named by its "
                                  "name adapts its parameters to any (§3.3)");
      return false;
    }
  }
  SMLoc loc = e->getLoc();
  auto cast = std::make_unique<CastExpr>(loc, std::move(e), true);
  cast->setRange(cast->operand->getRange());
  cast->type = to;
  e = std::move(cast);
  return true;
}

const Type *Checker::promote(const Type *a, const Type *b) const {
  if (a->isFloat() || b->isFloat())
    return types.floatTy();
  // Integral operands become the wider integer type; bool and char count as
  // integers, and the result of arithmetic on them is at least `int`.
  unsigned width = std::max({a->getBitWidth(), b->getBitWidth(), 32u});
  return width > 32 ? types.i64Ty() : types.intTy();
}

const Type *Checker::commonType(const Type *a, const Type *b) const {
  if (a == b)
    return a;
  if (a->isError() || b->isError())
    return types.errorTy();
  if (a->isNumeric() && b->isNumeric() && !a->is(Type::Kind::Bool) &&
      !b->is(Type::Kind::Bool))
    return promote(a, b);
  if (a->is(Type::Kind::Nil) && b->isNullable())
    return b;
  if (b->is(Type::Kind::Nil) && a->isNullable())
    return a;
  if ((a->is(Type::Kind::Char) && b->is(Type::Kind::Str)) ||
      (b->is(Type::Kind::Char) && a->is(Type::Kind::Str)))
    return types.strTy();
  return nullptr;
}

ArgMatch Checker::matchArgs(const FuncDecl &fn, std::vector<Arg> &args,
                            unsigned skipFirst, const Type *receiver) {
  ArgMatch m;
  size_t n = fn.params.size();
  m.argForParam.assign(n, -2); // -2: unfilled
  if (skipFirst > n) {
    m.why = "it takes no receiver";
    return m;
  }
  if (receiver) {
    const Type *p0 = fn.paramTypes[0];
    if (receiver != p0) {
      m.exact = false;
      if (!isConvertible(receiver, p0)) {
        m.why = "its first parameter is " + p0->str();
        return m;
      }
    }
  }
  size_t next = skipFirst;
  for (size_t i = 0; i < args.size(); ++i) {
    Arg &a = args[i];
    size_t target;
    if (a.keyword.empty()) {
      if (next >= n) {
        m.arity = true;
        return m;
      }
      target = next++;
    } else {
      target = n;
      for (size_t p = skipFirst; p < n; ++p)
        if (fn.params[p]->name == a.keyword)
          target = p;
      if (target == n) {
        m.why = "it has no parameter named '" + a.keyword + "'";
        return m;
      }
      if (m.argForParam[target] != -2) {
        m.why = "parameter '" + a.keyword + "' is given twice";
        return m;
      }
    }
    m.argForParam[target] = static_cast<int>(i);
    const Type *from = a.value->type;
    const Type *to = fn.paramTypes[target];
    if (!from || from->isError() || to->isError() || from == to)
      continue;
    if (to->is(Type::Kind::Layout) ? layoutArgFits(from, to)
                                   : isConvertible(from, to)) {
      m.exact = false;
      continue;
    }
    m.why = "argument " + std::to_string(i + 1) + " is " + from->str() +
            ", which does not convert to " + to->str();
    m.badArg = static_cast<int>(i);
    m.badFrom = from;
    m.badTo = to;
    return m;
  }
  // A shape identifier used by several layout parameters must bind equal
  // constants (§8.5.6); runtime extents are not checked.
  llvm::StringMap<int64_t> shapes;
  for (size_t p = skipFirst; p < n; ++p) {
    const Type *to = fn.paramTypes[p];
    int from = m.argForParam[p];
    if (!to->is(Type::Kind::Layout) || from < 0)
      continue;
    const Type *at = args[from].value->type;
    if (!at || !at->is(Type::Kind::Layout))
      continue;
    for (size_t i = 0; i < to->getExtents().size(); ++i) {
      const Extent &pe = to->getExtents()[i], &ae = at->getExtents()[i];
      if (pe.kind != Extent::Kind::Named || !ae.isConst())
        continue;
      auto [it, inserted] = shapes.try_emplace(pe.name, ae.value);
      if (!inserted && it->second != ae.value) {
        m.why = "shape parameter '" + pe.name + "' would be both " +
                std::to_string(it->second) + " and " +
                std::to_string(ae.value);
        return m;
      }
    }
  }
  for (size_t p = skipFirst; p < n; ++p)
    if (m.argForParam[p] == -2) {
      if (!fn.params[p]->init) {
        bool keywords = false;
        for (const Arg &a : args)
          keywords |= !a.keyword.empty();
        if (keywords)
          m.why = "parameter '" + fn.params[p]->name +
                  "' has no default and no argument";
        else
          m.arity = true;
        return m;
      }
      m.argForParam[p] = -1;
    }
  m.viable = true;
  return m;
}

static std::string describeArgs(const std::vector<Arg> &args) {
  std::string s = "(";
  for (size_t i = 0; i < args.size(); ++i) {
    s += i ? ", " : "";
    s += args[i].value->type ? args[i].value->type->str() : "?";
  }
  return s + ")";
}

FuncDecl *Checker::resolveOverload(llvm::ArrayRef<FuncDecl *> candidates,
                                   std::vector<Arg> &args, DiagLoc loc,
                                   const llvm::Twine &what,
                                   unsigned skipFirst, const Type *receiver,
                                   bool quiet) {
  std::vector<std::pair<FuncDecl *, ArgMatch>> exact, converting;
  std::string lastWhy;
  ArgMatch lastFailure;
  for (FuncDecl *fn : candidates) {
    ArgMatch m = matchArgs(*fn, args, skipFirst, receiver);
    if (!m.viable) {
      lastWhy = m.why;
      lastFailure = m;
      continue;
    }
    (m.exact ? exact : converting).push_back({fn, std::move(m)});
  }
  auto &pool = !exact.empty() ? exact : converting;
  if (pool.size() == 1) {
    FuncDecl *fn = pool[0].first;
    applyArgs(*fn, args, pool[0].second, skipFirst, loc.loc);
    return fn;
  }
  if (quiet)
    return nullptr;
  if (pool.empty()) {
    if (candidates.size() == 1 && lastFailure.badArg >= 0) {
      const Arg &bad = args[lastFailure.badArg];
      std::string hint;
      if (lastFailure.badFrom->isFloat() && lastFailure.badTo->isIntegral())
        hint = " (float to integer is never implicit: use " +
               lastFailure.badTo->str() + "(x))";
      else if (lastFailure.badFrom->isNumeric() &&
               lastFailure.badTo->is(Type::Kind::Bool))
        hint = " (a number is never implicitly a bool: compare it, or use "
               "bool(x))";
      diag.error(at(*bad.value),
                 "cannot convert " + lastFailure.badFrom->str() + " to " +
                     lastFailure.badTo->str() + " in argument " +
                     std::to_string(lastFailure.badArg + 1) + " of " + what +
                     hint);
    } else if (candidates.size() == 1 && lastFailure.arity) {
      // Parameters with defaults come last (§3.2): say how many may be
      // left out.
      size_t total = candidates[0]->params.size() - skipFirst;
      size_t required = total;
      while (required > 0 && candidates[0]->params[skipFirst + required - 1]
                                 ->init)
        --required;
      diag.error(loc, what + " takes " +
                          (required == total
                               ? std::to_string(total)
                               : std::to_string(required) + " to " +
                                     std::to_string(total)) +
                          " argument(s), but " + std::to_string(args.size()) +
                          " were given");
      diag.note(candidates[0]->loc, "'" + candidates[0]->name +
                                        "' is declared here");
    } else if (candidates.size() == 1) {
      diag.error(loc, "cannot call " + what + ": " + lastWhy);
      diag.note(candidates[0]->loc, "'" + candidates[0]->name +
                                        "' is declared here");
    } else {
      diag.error(loc, "no overload of " + what + " accepts the arguments " +
                          describeArgs(args));
      for (FuncDecl *fn : candidates)
        diag.note(fn->loc, "candidate declared here");
    }
    return nullptr;
  }
  diag.error(loc, "the call of " + what + " is ambiguous: " +
                      std::to_string(pool.size()) + " overloads accept " +
                      describeArgs(args));
  for (auto &[fn, m] : pool)
    diag.note(fn->loc, "candidate declared here");
  return nullptr;
}

/// Copies a default value (a literal, possibly negated, §3.2).
static ExprPtr cloneDefault(const Expr &e, SMLoc loc) {
  ExprPtr out;
  switch (e.getKind()) {
  case Expr::Kind::IntLit:
    out = std::make_unique<IntLitExpr>(loc, llvm::cast<IntLitExpr>(e).value);
    break;
  case Expr::Kind::FloatLit: {
    auto &f = llvm::cast<FloatLitExpr>(e);
    out = std::make_unique<FloatLitExpr>(loc, f.value, f.isInf);
    break;
  }
  case Expr::Kind::StrLit:
    out = std::make_unique<StrLitExpr>(loc, llvm::cast<StrLitExpr>(e).value);
    break;
  case Expr::Kind::CharLit:
    out = std::make_unique<CharLitExpr>(loc, llvm::cast<CharLitExpr>(e).value);
    break;
  case Expr::Kind::BoolLit:
    out = std::make_unique<BoolLitExpr>(loc, llvm::cast<BoolLitExpr>(e).value);
    break;
  case Expr::Kind::NilLit:
    out = std::make_unique<NilLitExpr>(loc);
    break;
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    out = std::make_unique<UnaryExpr>(loc, u.op, cloneDefault(*u.operand, loc));
    llvm::cast<UnaryExpr>(*out).operand->type = u.operand->type;
    break;
  }
  case Expr::Kind::Cast: {
    auto &c = llvm::cast<CastExpr>(e);
    out = std::make_unique<CastExpr>(loc, cloneDefault(*c.operand, loc),
                                     c.isImplicit);
    llvm::cast<CastExpr>(*out).target = c.target;
    break;
  }
  default:
    out = std::make_unique<NilLitExpr>(loc);
    break;
  }
  out->type = e.type;
  return out;
}

void Checker::applyArgs(FuncDecl &fn, std::vector<Arg> &args,
                        const ArgMatch &m, unsigned skipFirst, SMLoc callLoc) {
  std::vector<Arg> ordered;
  for (size_t p = skipFirst; p < fn.params.size(); ++p) {
    Arg a;
    int from = m.argForParam[p];
    if (from >= 0) {
      a = std::move(args[from]);
      a.keyword.clear();
    } else {
      // The default is evaluated at each call (§3.2): a copy per call site.
      SMLoc loc = fn.params[p]->init ? fn.params[p]->init->getLoc() : fn.loc;
      a.loc = loc;
      if (fn.params[p]->hasCallerDefault())
        // The position of this call (§3.2).
        a.value = std::make_unique<StrLitExpr>(callLoc,
                                               diag.positionText(callLoc));
      else if (fn.params[p]->init && fn.params[p]->init->type)
        a.value = cloneDefault(*fn.params[p]->init, loc);
      else
        a.value = std::make_unique<NilLitExpr>(loc);
      if (!a.value->type)
        a.value->type = fn.paramTypes[p];
    }
    const Type *to = fn.paramTypes[p];
    if (!to->is(Type::Kind::Layout))
      coerce(a.value, to, "argument " + std::to_string(p + 1 - skipFirst) +
                              " of '" + fn.name + "'");
    ordered.push_back(std::move(a));
  }
  args = std::move(ordered);
}
