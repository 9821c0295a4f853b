//===- CodegenSupport.cpp - What MLIRGen can compile yet ------------------===//

#include "neve/Frontend/CodegenSupport.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace neve;

namespace {
class SupportChecker {
public:
  SupportChecker(const Program &program, DiagEngine &diag)
      : program(program), diag(diag) {}

  /// Checks main and every function it reaches, in any module: the same
  /// set that MLIRGen emits.
  bool run() {
    if (program.main->main)
      reach(program.main->main);
    while (!worklist.empty()) {
      const FuncDecl *fn = worklist.back();
      worklist.pop_back();
      function(*fn);
    }
    return ok;
  }

private:
  /// Queues `fn` for checking the first time it is referenced.
  void reach(const FuncDecl *fn) {
    if (fn && seen.insert(fn).second)
      worklist.push_back(fn);
  }

  void function(const FuncDecl &fn) {
    switch (fn.kind) {
    case FuncKind::Def:
    case FuncKind::Main:
      if (fn.isOperator) {
        refuse(fn.loc, "operator definitions");
        return;
      }
      if (!fn.ctimeParams.empty())
        refuse(fn.loc, "compile-time parameters");
      for (auto &p : fn.params)
        type(p->type, p->loc, "parameters of type ");
      type(fn.returnType, fn.loc, "functions returning ");
      block(fn.body);
      return;
    case FuncKind::Gpu:
    case FuncKind::Kernel:
      refuse(fn.loc, "kernels and gpu functions");
      return;
    case FuncKind::Method:
    case FuncKind::Ctor:
      refuse(fn.loc, "classes");
      return;
    case FuncKind::Proto:
    case FuncKind::Operation:
      refuse(fn.loc, "calls of foreign functions");
      return;
    }
  }

private:
  void refuse(llvm::SMLoc loc, const llvm::Twine &what) {
    diag.error(loc, "code generation for " + what + " is not implemented yet");
    ok = false;
  }

  /// Element types whose arrays the runtime folds: int, i64, float.
  static bool foldable(const Type *t) {
    return t && (t->is(Type::Kind::Int) || t->is(Type::Kind::I64) ||
                 t->is(Type::Kind::Float));
  }

  void type(const Type *t, llvm::SMLoc loc, const llvm::Twine &what) {
    if (!t || t->isError() || t->isVoid())
      return;
    using K = Type::Kind;
    switch (t->getKind()) {
    case K::Bool:
    case K::Char:
    case K::I8:
    case K::I16:
    case K::Int:
    case K::I64:
    case K::Float:
    case K::Str:
      return;
    case K::Array: {
      // Arrays of scalars and strings; not of other arrays, maps or classes.
      const Type *e = t->getElement();
      if (e && (e->isIntegral() || e->is(K::Float) || e->is(K::Str)))
        return;
      refuse(loc, what + t->str() + " (arrays of " +
                      (e ? e->str() : "?") + ")");
      return;
    }
    default:
      refuse(loc, what + t->str());
    }
  }

  void block(const Block &b) {
    for (auto &s : b)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    switch (s.getKind()) {
    case Stmt::Kind::VarDecl:
      for (auto &v : llvm::cast<VarDeclStmt>(s).vars) {
        if (v->isReceive || v->isConstruction) {
          refuse(v->loc, v->isReceive ? "channel receives" : "objects");
          continue;
        }
        type(v->type, v->loc, "variables of type ");
        if (v->init)
          expr(*v->init);
      }
      return;
    case Stmt::Kind::Assign: {
      auto &a = llvm::cast<AssignStmt>(s);
      if (a.targets.size() == 1 && !a.accumulator && !a.isBuiltinMatmul &&
          !a.compoundOp && llvm::isa<IndexExpr>(*a.targets[0])) {
        // `a[i] = x` on an array.
        expr(*a.targets[0]);
        expr(*a.value);
        return;
      }
      if (a.targets.size() != 1 || a.accumulator || a.isBuiltinMatmul ||
          a.compoundOp ||
          !llvm::isa<NameExpr>(*a.targets[0])) {
        refuse(s.getLoc(), a.targets.size() != 1
                               ? "tuple unpacking"
                               : "assignments to fields and elements");
        return;
      }
      expr(*a.targets[0]);
      expr(*a.value);
      return;
    }
    case Stmt::Kind::Expr:
      expr(*llvm::cast<ExprStmt>(s).expr);
      return;
    case Stmt::Kind::Return:
      if (auto &v = llvm::cast<ReturnStmt>(s).value)
        expr(*v);
      return;
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      return;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(s);
      expr(*i.cond);
      block(i.thenBody);
      block(i.elseBody);
      return;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(s);
      expr(*w.cond);
      block(w.body);
      return;
    }
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(s);
      expr(*f.var->init);
      expr(*f.cond);
      if (f.step)
        expr(*f.step);
      block(f.body);
      return;
    }
    case Stmt::Kind::ForIn: {
      auto &f = llvm::cast<ForInStmt>(s);
      const Type *t = f.iterable->type;
      if (!t || !t->is(Type::Kind::Array)) {
        refuse(s.getLoc(), "'for ... in' loops over " +
                               (t ? t->str() : std::string("?")));
        return;
      }
      expr(*f.iterable);
      block(f.body);
      return;
    }
    case Stmt::Kind::MultiLoop:
      refuse(s.getLoc(), "multi-loops");
      return;
    case Stmt::Kind::Channel:
      refuse(s.getLoc(), "channel operations");
      return;
    case Stmt::Kind::Finish:
    case Stmt::Kind::Lock:
    case Stmt::Kind::Async:
    case Stmt::Kind::Asyncs:
      refuse(s.getLoc(), "threads, 'finish' and 'lock'");
      return;
    case Stmt::Kind::Launch:
      refuse(s.getLoc(), "'launch'");
      return;
    }
  }

  void expr(const Expr &e) {
    switch (e.getKind()) {
    case Expr::Kind::IntLit:
    case Expr::Kind::FloatLit:
    case Expr::Kind::StrLit:
    case Expr::Kind::CharLit:
    case Expr::Kind::BoolLit:
      return;
    case Expr::Kind::Name: {
      auto &n = llvm::cast<NameExpr>(e);
      if (n.ref != NameRef::Var)
        refuse(e.getLoc(), n.ref == NameRef::Function
                               ? llvm::Twine("function values")
                               : "'" + n.name + "'");
      else
        type(e.type, e.getLoc(), "values of type ");
      return;
    }
    case Expr::Kind::Unary: {
      auto &u = llvm::cast<UnaryExpr>(e);
      if (u.isNilTest)
        refuse(e.getLoc(), "nil tests");
      else
        expr(*u.operand);
      return;
    }
    case Expr::Kind::Binary: {
      auto &b = llvm::cast<BinaryExpr>(e);
      const Type *ot = b.operandType;
      bool strOp = ot && ot->is(Type::Kind::Str);
      bool strSupported = b.op == BinaryOp::Eq || b.op == BinaryOp::Ne ||
                          b.op == BinaryOp::Add || b.op == BinaryOp::Lt ||
                          b.op == BinaryOp::Gt || b.op == BinaryOp::Le ||
                          b.op == BinaryOp::Ge;
      if (b.opFunc || b.op == BinaryOp::Offby || b.op == BinaryOp::MatMul ||
          (strOp && !strSupported) ||
          (ot && !ot->isScalar() && !strOp)) {
        refuse(e.getLoc(), "operator '" + spelling(b.op) + "' on " +
                               (b.lhs->type ? b.lhs->type->str() : "?") +
                               " and " +
                               (b.rhs->type ? b.rhs->type->str() : "?"));
        return;
      }
      expr(*b.lhs);
      expr(*b.rhs);
      return;
    }
    case Expr::Kind::Cast:
      type(e.type, e.getLoc(), "conversions to ");
      expr(*llvm::cast<CastExpr>(e).operand);
      return;
    case Expr::Kind::ListLit:
      type(e.type, e.getLoc(), "values of type ");
      for (auto &x : llvm::cast<ListLitExpr>(e).elems)
        expr(*x);
      return;
    case Expr::Kind::Index: {
      auto &ix = llvm::cast<IndexExpr>(e);
      const Type *bt = ix.base->type;
      if (!bt || !bt->is(Type::Kind::Array)) {
        refuse(e.getLoc(), "indexing a " + (bt ? bt->str() : std::string("?")));
        return;
      }
      if (ix.items.size() != 1) {
        refuse(e.getLoc(), "multiple indices");
        return;
      }
      expr(*ix.base);
      if (ix.items[0].index)
        expr(*ix.items[0].index);
      if (ix.items[0].sliceEnd)
        expr(*ix.items[0].sliceEnd);
      return;
    }
    case Expr::Kind::Fold: {
      auto &f = llvm::cast<FoldExpr>(e);
      const Type *t = f.operand->type;
      if (!t || !t->is(Type::Kind::Array) || !foldable(t->getElement())) {
        refuse(e.getLoc(), "'reduce' and 'scan' on " +
                               (t ? t->str() : std::string("?")));
        return;
      }
      expr(*f.operand);
      return;
    }
    case Expr::Kind::Call: {
      auto &c = llvm::cast<CallExpr>(e);
      if (c.callKind == CallKind::BuiltinMethod) {
        const Type *rt = c.receiver ? c.receiver->type : nullptr;
        if (!rt || !rt->is(Type::Kind::Array)) {
          refuse(e.getLoc(), "methods of " + (rt ? rt->str() : std::string("?")));
          return;
        }
        bool fold = c.builtin == "sum" || c.builtin == "prod";
        if ((c.builtin != "size" && c.builtin != "append" &&
             c.builtin != "print" && c.builtin != "clear" &&
             c.builtin != "shuffle" && !fold) ||
            (fold && !foldable(rt->getElement()))) {
          refuse(e.getLoc(), "the array method '" + c.builtin + "' on " +
                                 rt->str());
          return;
        }
        expr(*c.receiver);
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      bool print = c.callKind == CallKind::Builtin &&
                   (c.builtin == "print" || c.builtin == "printl");
      bool direct = c.callKind == CallKind::Function && c.decl &&
                    c.decl->kind == FuncKind::Def && !c.decl->isOperator;
      if (!print && !direct) {
        refuse(e.getLoc(), "calls of '" + c.calleeName() + "'");
        return;
      }
      if (direct)
        reach(c.decl);
      for (auto &a : c.args) {
        // `nil` has no value form yet except as a print argument.
        if (print && llvm::isa<NilLitExpr>(*a.value))
          continue;
        if (print && a.value->type && a.value->type->is(Type::Kind::Array)) {
          refuse(a.value->getLoc(), "printing an array with print (use its "
                                    "print() method)");
          continue;
        }
        expr(*a.value);
      }
      return;
    }
    default:
      refuse(e.getLoc(), "this expression");
      return;
    }
  }

  const Program &program;
  DiagEngine &diag;
  bool ok = true;
  llvm::SmallPtrSet<const FuncDecl *, 32> seen;
  std::vector<const FuncDecl *> worklist;
};
} // namespace

bool neve::checkCodegenSupport(const Program &program, DiagEngine &diag) {
  return SupportChecker(program, diag).run();
}
