//===- Sema.cpp - Name resolution and type checking -----------------------===//
//
// Implements the typing rules of spec §3-§6 for the constructs the front end
// supports. Errors are reported and checking goes on (an erroneous
// expression gets the error type, which silences follow-on errors).
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Sema.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace neve;
using llvm::SMLoc;

namespace {

/// Builtin functions of spec §7 known to this front end.
bool isPrintBuiltin(llvm::StringRef name) {
  return name == "print" || name == "printl";
}

/// Names predeclared in the outer scope (§1.4) that top-level declarations
/// may not reuse.
bool isPredeclared(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "print", "printl", "pow",     "sqrt",  "min",      "max",
      "glob",  "randu",  "randn",   "sleep", "_quit_",   "argv",
      "seed",  "tid",    "tN",      "tHW",   "to_cuda",  "start_timer",
      "end_timer", "zeros_int", "ones_int", "arange_int", "tarena_reset"};
  return names.contains(name);
}

class Checker {
public:
  Checker(Module &module, TypeContext &types, DiagEngine &diag)
      : module(module), types(types), diag(diag) {}

  void run();

private:
  // Types.
  const Type *resolveType(const TypeExpr &t);
  bool isImplicitlyConvertible(const Type *from, const Type *to) const;
  /// Converts `e` to `to` (wrapping it in an implicit CastExpr), or reports
  /// an error mentioning `what`.
  void coerce(ExprPtr &e, const Type *to, llvm::StringRef what);
  /// The common type of a binary numeric operation (§5.1).
  const Type *promote(const Type *a, const Type *b) const;

  // Scopes.
  void pushScope() { scopes.emplace_back(); }
  void popScope() { scopes.pop_back(); }
  VarDecl *lookupVar(llvm::StringRef name) const;
  void declareVar(VarDecl &var);

  // Bodies.
  void checkFunction(FuncDecl &fn);
  void checkBlock(Block &block);
  void checkStmt(Stmt &stmt);
  void checkCondition(ExprPtr &cond, llvm::StringRef what);
  const Type *checkExpr(ExprPtr &e);
  const Type *checkBinary(BinaryExpr &e);
  const Type *checkUnary(UnaryExpr &e);
  const Type *checkCall(CallExpr &e, bool asStatement);
  const Type *checkCast(CastExpr &e);

  Module &module;
  TypeContext &types;
  DiagEngine &diag;
  llvm::StringMap<FuncDecl *> functions;
  std::vector<llvm::StringMap<VarDecl *>> scopes;
  FuncDecl *currentFn = nullptr;
  unsigned loopDepth = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types and conversions
//===----------------------------------------------------------------------===//

const Type *Checker::resolveType(const TypeExpr &t) {
  static const llvm::StringMap<Type::Kind> kinds = {
      {"int", Type::Kind::Int},     {"i64", Type::Kind::I64},
      {"i16", Type::Kind::I16},     {"i8", Type::Kind::I8},
      {"char", Type::Kind::Char},   {"float", Type::Kind::Float},
      {"bool", Type::Kind::Bool},   {"str", Type::Kind::Str},
      {"void", Type::Kind::Void}};
  auto it = kinds.find(t.name);
  if (it == kinds.end()) {
    diag.error(t.loc, "unknown type '" + t.name + "'");
    return types.errorTy();
  }
  return types.get(it->second);
}

bool Checker::isImplicitlyConvertible(const Type *from, const Type *to) const {
  if (from == to || from->isError() || to->isError())
    return true;
  // Between integer types either way (and char, which is one byte).
  if ((from->isInteger() || from->is(Type::Kind::Char)) &&
      (to->isInteger() || to->is(Type::Kind::Char)))
    return true;
  // Integers and bool to float; bool to integers.
  if (to->isFloat() && from->isIntegral())
    return true;
  if (to->isInteger() && from->is(Type::Kind::Bool))
    return true;
  return false;
}

void Checker::coerce(ExprPtr &e, const Type *to, llvm::StringRef what) {
  const Type *from = e->type;
  if (from == to || from->isError() || to->isError())
    return;
  if (!isImplicitlyConvertible(from, to)) {
    std::string hint;
    if (from->isFloat() && to->isIntegral())
      hint = " (float to integer is never implicit: use " + to->str() + "(x))";
    diag.error(e->getLoc(), "cannot convert " + from->str() + " to " +
                                to->str() + " in " + what + hint);
    return;
  }
  SMLoc loc = e->getLoc();
  auto cast = std::make_unique<CastExpr>(loc, std::move(e), true);
  cast->type = to;
  e = std::move(cast);
}

const Type *Checker::promote(const Type *a, const Type *b) const {
  if (a->isFloat() || b->isFloat())
    return types.floatTy();
  // Integral operands become the wider integer type; bool and char count as
  // integers, and the result of arithmetic on them is at least `int`.
  unsigned width = std::max({a->getBitWidth(), b->getBitWidth(), 32u});
  return width > 32 ? types.i64Ty() : types.intTy();
}

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
  if (VarDecl *prev = lookupVar(var.name)) {
    diag.error(var.loc, "'" + var.name + "' is already declared in this "
                        "function; Neve does not allow shadowing locals");
    diag.note(prev->loc, "previous declaration is here");
    return;
  }
  if (functions.count(var.name)) {
    diag.error(var.loc,
               "'" + var.name + "' is a function; choose another name");
    diag.note(functions.lookup(var.name)->loc, "the function is declared here");
    return;
  }
  scopes.back()[var.name] = &var;
}

//===----------------------------------------------------------------------===//
// Declarations and statements
//===----------------------------------------------------------------------===//

void Checker::run() {
  // Collect every function first: declaration order does not matter (§2.2).
  for (auto &fn : module.funcs) {
    fn->returnType = resolveType(fn->returnTypeExpr);
    for (auto &p : fn->params) {
      p->type = resolveType(*p->typeExpr);
      if (p->type->isVoid()) {
        diag.error(p->typeExpr->loc, "a parameter cannot have type void");
        p->type = types.errorTy();
      }
    }
    if (fn->isMain())
      continue;
    if (isPredeclared(fn->name)) {
      diag.error(fn->loc, "'" + fn->name +
                              "' is a builtin; a top-level function may not "
                              "reuse its name");
      continue;
    }
    auto [it, inserted] = functions.try_emplace(fn->name, fn.get());
    if (!inserted) {
      diag.error(fn->loc, "redefinition of function '" + fn->name + "'");
      diag.note(it->second->loc, "previous definition is here");
    }
  }
  if (!module.main)
    diag.error(SMLoc::getFromPointer(
                   diag.getSourceMgr()
                       .getMemoryBuffer(diag.getSourceMgr().getMainFileID())
                       ->getBufferStart()),
               "the program has no 'main' block");
  for (auto &fn : module.funcs)
    checkFunction(*fn);
}

void Checker::checkFunction(FuncDecl &fn) {
  currentFn = &fn;
  pushScope();
  for (auto &p : fn.params)
    declareVar(*p);
  checkBlock(fn.body);
  popScope();
  currentFn = nullptr;
}

void Checker::checkBlock(Block &block) {
  for (auto &s : block)
    checkStmt(*s);
}

void Checker::checkCondition(ExprPtr &cond, llvm::StringRef what) {
  const Type *t = checkExpr(cond);
  if (!t->isError() && !t->is(Type::Kind::Bool))
    diag.error(cond->getLoc(), "the condition of " + what +
                                   " must be bool, not " + t->str());
}

void Checker::checkStmt(Stmt &stmt) {
  switch (stmt.getKind()) {
  case Stmt::Kind::VarDecl: {
    for (auto &var : llvm::cast<VarDeclStmt>(stmt).vars) {
      if (var->init)
        checkExpr(var->init);
      if (var->typeExpr) {
        var->type = resolveType(*var->typeExpr);
        if (var->type->isVoid()) {
          diag.error(var->typeExpr->loc, "a variable cannot have type void");
          var->type = types.errorTy();
        }
        if (var->init)
          coerce(var->init, var->type, "the initialization of '" + var->name + "'");
      } else {
        var->type = var->init->type;
        if (var->type->isVoid()) {
          diag.error(var->init->getLoc(), "'var' initializer has no value");
          var->type = types.errorTy();
        }
      }
      declareVar(*var);
    }
    return;
  }
  case Stmt::Kind::Assign: {
    auto &as = llvm::cast<AssignStmt>(stmt);
    const Type *target = checkExpr(as.targets[0]);
    auto *name = llvm::dyn_cast<NameExpr>(as.targets[0].get());
    if (!name) {
      diag.error(as.targets[0]->getLoc(), "this expression cannot be assigned to");
      checkExpr(as.value);
      return;
    }
    if (name->decl && name->decl->isReadOnly)
      diag.error(as.targets[0]->getLoc(),
                 "the loop variable '" + name->name + "' cannot be assigned");
    checkExpr(as.value);
    if (as.compound) {
      // `x op= e` means `x = x op e` (§6.2): type the operation, then the
      // assignment of its result.
      const Type *vt = as.value->type;
      if (!target->isError() && !vt->isError()) {
        if (!target->isNumeric() || !vt->isNumeric()) {
          diag.error(stmt.getLoc(), "'" + spelling(*as.compound) +
                                        "=' needs numbers, not " +
                                        target->str() + " and " + vt->str());
          return;
        }
        const Type *result = *as.compound == BinaryOp::Div
                                 ? types.floatTy()
                                 : promote(target, vt);
        if (!isImplicitlyConvertible(result, target)) {
          diag.error(stmt.getLoc(), "the result of '" +
                                        spelling(*as.compound) + "' is " +
                                        result->str() +
                                        ", which cannot be assigned to " +
                                        target->str());
          return;
        }
        coerce(as.value, result, "the compound assignment");
      }
      return;
    }
    coerce(as.value, target, "the assignment to '" + name->name + "'");
    return;
  }
  case Stmt::Kind::Expr: {
    auto &es = llvm::cast<ExprStmt>(stmt);
    if (auto *call = llvm::dyn_cast<CallExpr>(es.expr.get())) {
      call->type = checkCall(*call, /*asStatement=*/true);
      return;
    }
    checkExpr(es.expr);
    return;
  }
  case Stmt::Kind::Return: {
    auto &rs = llvm::cast<ReturnStmt>(stmt);
    const Type *ret = currentFn->returnType;
    if (rs.value) {
      checkExpr(rs.value);
      if (ret->isVoid())
        diag.error(rs.value->getLoc(),
                   currentFn->isMain()
                       ? llvm::Twine("'main' cannot return a value")
                       : "'" + currentFn->name +
                             "' returns void; it cannot return a value");
      else
        coerce(rs.value, ret, "the return value");
    } else if (!ret->isVoid() && !ret->isError()) {
      std::string name = ret->str();
      diag.error(stmt.getLoc(), "'" + currentFn->name + "' must return " +
                                    (name[0] == 'i' ? "an " : "a ") + name +
                                    " value");
    }
    return;
  }
  case Stmt::Kind::Break:
  case Stmt::Kind::Continue:
    if (loopDepth == 0)
      diag.error(stmt.getLoc(),
                 llvm::Twine("'") +
                     (stmt.getKind() == Stmt::Kind::Break ? "break"
                                                          : "continue") +
                     "' outside of a loop");
    return;
  case Stmt::Kind::If: {
    auto &is = llvm::cast<IfStmt>(stmt);
    checkCondition(is.cond, "'if'");
    pushScope();
    checkBlock(is.thenBody);
    popScope();
    pushScope();
    checkBlock(is.elseBody);
    popScope();
    return;
  }
  case Stmt::Kind::While: {
    auto &ws = llvm::cast<WhileStmt>(stmt);
    checkCondition(ws.cond, "'while'");
    pushScope();
    ++loopDepth;
    checkBlock(ws.body);
    --loopDepth;
    popScope();
    return;
  }
  case Stmt::Kind::For: {
    auto &fs = llvm::cast<ForStmt>(stmt);
    const Type *t = checkExpr(fs.var->init);
    if (!t->isError() && !t->is(Type::Kind::Int) && !t->is(Type::Kind::I64) &&
        !t->isFloat()) {
      diag.error(fs.var->init->getLoc(),
                 "the start of a counted loop must be int, i64 or float, not " +
                     t->str());
      t = types.errorTy();
    }
    fs.var->type = t;
    pushScope();
    declareVar(*fs.var);
    checkCondition(fs.cond, "the 'for' loop");
    if (fs.step) {
      checkExpr(fs.step);
      coerce(fs.step, t, "the loop step");
    }
    ++loopDepth;
    pushScope();
    checkBlock(fs.body);
    popScope();
    --loopDepth;
    popScope();
    return;
  }
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

const Type *Checker::checkExpr(ExprPtr &e) {
  const Type *t = types.errorTy();
  switch (e->getKind()) {
  case Expr::Kind::IntLit: {
    uint64_t v = llvm::cast<IntLitExpr>(*e).value;
    t = v <= 0x7fffffffULL ? types.intTy() : types.i64Ty();
    if (v > 0x7fffffffffffffffULL) {
      diag.error(e->getLoc(), "integer literal is too large for i64");
      t = types.errorTy();
    }
    break;
  }
  case Expr::Kind::FloatLit:
    t = types.floatTy();
    break;
  case Expr::Kind::StrLit:
    t = types.strTy();
    break;
  case Expr::Kind::BoolLit:
    t = types.boolTy();
    break;
  case Expr::Kind::Name: {
    auto &n = llvm::cast<NameExpr>(*e);
    n.decl = lookupVar(n.name);
    if (n.decl) {
      t = n.decl->type ? n.decl->type : types.errorTy();
    } else if (functions.count(n.name)) {
      diag.error(e->getLoc(), "'" + n.name +
                                  "' is a function; call it with '" + n.name +
                                  "(...)'");
    } else {
      diag.error(e->getLoc(), "use of undeclared name '" + n.name + "'");
    }
    break;
  }
  case Expr::Kind::Unary:
    t = checkUnary(llvm::cast<UnaryExpr>(*e));
    break;
  case Expr::Kind::Binary:
    t = checkBinary(llvm::cast<BinaryExpr>(*e));
    break;
  case Expr::Kind::Call:
    t = checkCall(llvm::cast<CallExpr>(*e), /*asStatement=*/false);
    break;
  case Expr::Kind::Cast:
    t = checkCast(llvm::cast<CastExpr>(*e));
    break;
  }
  e->type = t;
  return t;
}

const Type *Checker::checkUnary(UnaryExpr &e) {
  const Type *t = checkExpr(e.operand);
  if (t->isError())
    return t;
  if (e.op == UnaryOp::Neg) {
    if (!t->isNumeric()) {
      diag.error(e.getLoc(), "cannot negate a value of type " + t->str());
      return types.errorTy();
    }
    const Type *result = t->isFloat() ? t : promote(t, t);
    coerce(e.operand, result, "the negation");
    return result;
  }
  if (!t->is(Type::Kind::Bool)) {
    diag.error(e.getLoc(), "'!' needs a bool (or a reference to test for "
                           "nil), not " + t->str());
    return types.errorTy();
  }
  return t;
}

const Type *Checker::checkBinary(BinaryExpr &e) {
  const Type *l = checkExpr(e.lhs);
  const Type *r = checkExpr(e.rhs);
  if (l->isError() || r->isError())
    return types.errorTy();
  auto fail = [&]() {
    diag.error(e.getLoc(), "invalid operands to '" + spelling(e.op) + "': " +
                               l->str() + " and " + r->str());
    return types.errorTy();
  };
  switch (e.op) {
  case BinaryOp::And:
  case BinaryOp::Or:
  case BinaryOp::Xor:
    if (!l->is(Type::Kind::Bool) || !r->is(Type::Kind::Bool)) {
      diag.error(e.getLoc(), "the operands of '" + spelling(e.op) +
                                 "' must be bool, not " + l->str() + " and " +
                                 r->str());
      return types.errorTy();
    }
    e.operandType = types.boolTy();
    return types.boolTy();
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    if (l->is(Type::Kind::Str) && r->is(Type::Kind::Str)) {
      e.operandType = l;
      return types.boolTy();
    }
    if (l->is(Type::Kind::Bool) && r->is(Type::Kind::Bool)) {
      e.operandType = l;
      return types.boolTy();
    }
    [[fallthrough]];
  case BinaryOp::Lt:
  case BinaryOp::Gt:
  case BinaryOp::Le:
  case BinaryOp::Ge: {
    if (!l->isNumeric() || !r->isNumeric()) {
      if (l->is(Type::Kind::Str) && r->is(Type::Kind::Str))
        diag.error(e.getLoc(), "ordering strings with '" + spelling(e.op) +
                                   "' is not supported yet");
      else
        fail();
      return types.errorTy();
    }
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the comparison");
    coerce(e.rhs, e.operandType, "the comparison");
    return types.boolTy();
  }
  case BinaryOp::Add:
    if (l->is(Type::Kind::Str) || r->is(Type::Kind::Str)) {
      diag.error(e.getLoc(), "string concatenation is not supported yet");
      return types.errorTy();
    }
    [[fallthrough]];
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Mod: {
    if (!l->isNumeric() || !r->isNumeric())
      return fail();
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the operation");
    coerce(e.rhs, e.operandType, "the operation");
    return e.operandType;
  }
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
  case BinaryOp::BitOr: {
    if (!l->isIntegral() || !r->isIntegral()) {
      diag.error(e.getLoc(), "'" + spelling(e.op) + "' needs integers, not " +
                                 l->str() + " and " + r->str());
      return types.errorTy();
    }
    e.operandType = promote(l, r);
    coerce(e.lhs, e.operandType, "the operation");
    coerce(e.rhs, e.operandType, "the operation");
    return e.operandType;
  }
  }
  return fail();
}

const Type *Checker::checkCall(CallExpr &e, bool asStatement) {
  for (auto &a : e.args)
    checkExpr(a.value);
  std::string callee = e.calleeName().str();
  // A local may shadow a builtin (spec 1.4), and then hides it.
  if (lookupVar(callee)) {
    diag.error(e.getLoc(), "'" + callee + "' is a variable, not a function");
    return types.errorTy();
  }
  if (isPrintBuiltin(callee)) {
    for (auto &a : e.args) {
      const Type *t = a.value->type;
      // A char prints as its character (§7), which the neve.print lowering
      // cannot tell from an i8 yet: refuse rather than print a number.
      if (t->is(Type::Kind::Char)) {
        diag.error(a.value->getLoc(), "printing a char is not supported yet; "
                                "convert it with int(c) to print its code");
        continue;
      }
      if (t->isError() || t->isNumeric() || t->is(Type::Kind::Str))
        continue;
      diag.error(a.value->getLoc(), "cannot print a value of type " + t->str());
    }
    if (!asStatement) {
      diag.error(e.getLoc(), "'" + callee + "' returns nothing; call it "
                                              "as a statement");
      // Reported: don't let the use of the value report it again.
      return types.errorTy();
    }
    return types.voidTy();
  }
  FuncDecl *fn = functions.lookup(callee);
  if (!fn) {
    if (isPredeclared(callee))
      diag.error(e.getLoc(),
                 "the builtin '" + callee + "' is not supported yet");
    else
      diag.error(e.getLoc(), "call to undeclared function '" + callee + "'");
    return types.errorTy();
  }
  e.decl = fn;
  if (e.args.size() != fn->params.size()) {
    diag.error(e.getLoc(), "'" + fn->name + "' takes " +
                               llvm::Twine(fn->params.size()) +
                               " argument(s), but " +
                               llvm::Twine(e.args.size()) + " were given");
    diag.note(fn->loc, "'" + fn->name + "' is declared here");
    return fn->returnType;
  }
  for (size_t i = 0; i < e.args.size(); ++i)
    coerce(e.args[i].value, fn->params[i]->type,
           "argument " + std::to_string(i + 1) + " of '" + fn->name + "'");
  if (fn->returnType->isVoid() && !asStatement) {
    diag.error(e.getLoc(), "'" + fn->name + "' returns void; its call can "
                                            "only be a statement");
    // Reported: don't let the use of the value report it again.
    return types.errorTy();
  }
  return fn->returnType;
}

const Type *Checker::checkCast(CastExpr &e) {
  const Type *from = checkExpr(e.operand);
  const Type *to = resolveType(e.target);
  if (from->isError() || to->isError())
    return types.errorTy();
  if (to->is(Type::Kind::Bool)) {
    if (!from->isNumeric()) {
      diag.error(e.getLoc(), "cannot convert " + from->str() + " to bool");
      return types.errorTy();
    }
    return to;
  }
  if (!from->isNumeric() || !to->isNumeric()) {
    diag.error(e.getLoc(), "cannot convert " + from->str() + " to " + to->str());
    return types.errorTy();
  }
  return to;
}

bool neve::checkModule(Module &module, TypeContext &types, DiagEngine &diag) {
  unsigned before = diag.numErrors();
  Checker(module, types, diag).run();
  return diag.numErrors() == before;
}
