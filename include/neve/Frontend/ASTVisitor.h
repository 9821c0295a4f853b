//===- ASTVisitor.h - One dispatch over the AST's node kinds ----*- C++ -*-===//
//
// The walkers of the typed AST (Sema, MLIRGen, the AST printer, the
// language server) derive from these CRTP bases instead of each switching
// over the node kinds:
//
//   class Printer : public ExprVisitor<Printer, /*Const=*/true, void, unsigned>
//
// `visitExpr(e, params...)` calls the derived class's `visit<Kind>Expr(
// <Kind>Expr &, params...)`; `visitStmt(s, params...)` its
// `visit<Kind>Stmt(<Kind>Stmt &, params...)`. A kind the derived class does
// not handle goes to `visitExprDefault` / `visitStmtDefault`, which by
// default visit the node's children (ASTChildren below) and return a
// value-initialised result, so a walker that only looks at some kinds
// overrides just those.
//
// The expression visitor carries the front end's depth limit: an expression
// nested deeper than kMaxExprDepth is not descended into. The derived class
// reports it (`exprTooDeep`, once per walk) with the location of the node
// where the limit was reached; the parser refuses such expressions first
// (Parser.cpp), so this bounds the recursion of every walker on any AST.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_ASTVISITOR_H
#define NEVE_FRONTEND_ASTVISITOR_H

#include "neve/Frontend/AST.h"

#include <type_traits>

namespace neve {

template <bool Const, typename T>
using ASTRef = std::conditional_t<Const, const T &, T &>;

/// Calls `onExpr` for each direct sub-expression of `e`, in source order.
template <bool Const, typename F>
void forEachChild(ASTRef<Const, Expr> e, F &&onExpr);
/// Calls `onSlot` with each owning pointer of a sub-expression of `e` (null
/// ones too), in source order: what destroyExpr moves out.
template <bool Const, typename F>
void forEachChildSlot(ASTRef<Const, Expr> e, F &&onSlot);
/// Calls `onExpr` / `onStmt` for each direct sub-expression and statement
/// of `s` (variables' initializers included), in source order.
template <bool Const, typename FE, typename FS>
void forEachChild(ASTRef<Const, Stmt> s, FE &&onExpr, FS &&onStmt);

template <typename Derived, bool Const, typename Ret, typename... Params>
class ExprVisitor {
public:
  Ret visitExpr(ASTRef<Const, Expr> e, Params... params) {
    if (exprDepth >= kMaxExprDepth) {
      bool first = !reportedTooDeep;
      reportedTooDeep = true;
      return derived().exprTooDeep(e, first, params...);
    }
    struct Scope {
      unsigned &depth;
      explicit Scope(unsigned &d) : depth(d) { ++depth; }
      ~Scope() { --depth; }
    } scope(exprDepth);
    switch (e.getKind()) {
#define NEVE_EXPR(K)                                                           \
  case Expr::Kind::K:                                                          \
    return derived().visit##K##Expr(llvm::cast<K##Expr>(e), params...);
#include "neve/Frontend/ASTNodes.def"
    }
    llvm_unreachable("unknown expression kind");
  }

  // Kinds the derived class does not handle.
#define NEVE_EXPR(K)                                                           \
  Ret visit##K##Expr(ASTRef<Const, K##Expr> e, Params... params) {             \
    return derived().visitExprDefault(e, params...);                           \
  }
#include "neve/Frontend/ASTNodes.def"

  /// Visits the children, then returns a value-initialised result.
  Ret visitExprDefault(ASTRef<Const, Expr> e, Params... params) {
    forEachChild<Const>(e, [&](ASTRef<Const, Expr> c) {
      derived().visitExpr(c, params...);
    });
    return Ret();
  }

  /// Past kMaxExprDepth; `first` is true the first time in this walker.
  Ret exprTooDeep(ASTRef<Const, Expr>, bool, Params...) { return Ret(); }

  unsigned currentExprDepth() const { return exprDepth; }

private:
  Derived &derived() { return *static_cast<Derived *>(this); }
  unsigned exprDepth = 0;
  bool reportedTooDeep = false;
};

template <typename Derived, bool Const, typename Ret, typename... Params>
class StmtVisitor {
public:
  Ret visitStmt(ASTRef<Const, Stmt> s, Params... params) {
    switch (s.getKind()) {
#define NEVE_STMT(K)                                                           \
  case Stmt::Kind::K:                                                          \
    return derived().visit##K##Stmt(llvm::cast<K##Stmt>(s), params...);
#include "neve/Frontend/ASTNodes.def"
    }
    llvm_unreachable("unknown statement kind");
  }

#define NEVE_STMT(K)                                                           \
  Ret visit##K##Stmt(ASTRef<Const, K##Stmt> s, Params... params) {             \
    return derived().visitStmtDefault(s, params...);                           \
  }
#include "neve/Frontend/ASTNodes.def"

  /// Visits the nested statements, and gives the statement's expressions to
  /// visitStmtExpr; returns a value-initialised result.
  Ret visitStmtDefault(ASTRef<Const, Stmt> s, Params... params) {
    forEachChild<Const>(
        s,
        [&](ASTRef<Const, Expr> e) { derived().visitStmtExpr(e); },
        [&](ASTRef<Const, Stmt> c) { derived().visitStmt(c, params...); });
    return Ret();
  }

  /// Expressions met by visitStmtDefault; a walker that is also an
  /// ExprVisitor forwards them (`visitExpr(e)`).
  void visitStmtExpr(ASTRef<Const, Expr>) {}

private:
  Derived &derived() { return *static_cast<Derived *>(this); }
};

//===----------------------------------------------------------------------===//
// Children
//===----------------------------------------------------------------------===//

template <bool Const, typename F>
void forEachChildSlot(ASTRef<Const, Expr> e, F &&f) {
  auto each = [&](auto &slot) { f(slot); };
  auto args = [&](auto &list) {
    for (auto &a : list)
      each(a.value);
  };
  using K = Expr::Kind;
  switch (e.getKind()) {
  case K::IntLit:
  case K::FloatLit:
  case K::StrLit:
  case K::CharLit:
  case K::BoolLit:
  case K::NilLit:
  case K::Name:
  case K::Self:
  case K::Global:
  case K::TypeTag:
    return;
  case K::Unary:
    return each(llvm::cast<UnaryExpr>(e).operand);
  case K::Binary:
    each(llvm::cast<BinaryExpr>(e).lhs);
    return each(llvm::cast<BinaryExpr>(e).rhs);
  case K::Fold:
    return each(llvm::cast<FoldExpr>(e).operand);
  case K::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    // After Sema, a method's receiver has moved out of its callee.
    each(c.receiver);
    each(c.callee);
    return args(c.args);
  }
  case K::Member:
    return each(llvm::cast<MemberExpr>(e).base);
  case K::Index: {
    auto &ix = llvm::cast<IndexExpr>(e);
    each(ix.base);
    for (auto &item : ix.items) {
      each(item.index);
      each(item.sliceEnd);
    }
    return;
  }
  case K::Select: {
    auto &s = llvm::cast<SelectExpr>(e);
    each(s.base);
    for (auto &x : s.braces)
      each(x);
    for (auto &x : s.coords)
      each(x);
    return;
  }
  case K::ListLit:
    for (auto &x : llvm::cast<ListLitExpr>(e).elems)
      each(x);
    return;
  case K::MapLit: {
    auto &m = llvm::cast<MapLitExpr>(e);
    for (size_t i = 0; i < m.keys.size(); ++i) {
      each(m.keys[i]);
      if (i < m.values.size())
        each(m.values[i]);
    }
    return;
  }
  case K::Tuple:
    for (auto &x : llvm::cast<TupleExpr>(e).elems)
      each(x);
    return;
  case K::New:
    return args(llvm::cast<NewExpr>(e).args);
  case K::LayoutNew: {
    auto &n = llvm::cast<LayoutNewExpr>(e);
    each(n.base);
    for (auto &x : n.extentExprs)
      each(x);
    return;
  }
  case K::Cast:
    return each(llvm::cast<CastExpr>(e).operand);
  }
}

template <bool Const, typename F>
void forEachChild(ASTRef<Const, Expr> e, F &&f) {
  forEachChildSlot<Const>(e, [&](auto &slot) {
    if (slot)
      f(*slot);
  });
}

template <bool Const, typename FE, typename FS>
void forEachChild(ASTRef<Const, Stmt> s, FE &&fe, FS &&fs) {
  auto each = [&](auto &ptr) {
    if (ptr)
      fe(*ptr);
  };
  auto block = [&](auto &b) {
    for (auto &st : b)
      fs(*st);
  };
  using K = Stmt::Kind;
  switch (s.getKind()) {
  case K::VarDecl:
    for (auto &v : llvm::cast<VarDeclStmt>(s).vars)
      each(v->init);
    return;
  case K::Assign: {
    auto &a = llvm::cast<AssignStmt>(s);
    for (auto &t : a.targets)
      each(t);
    return each(a.value);
  }
  case K::Channel:
    each(llvm::cast<ChannelStmt>(s).lhs);
    return each(llvm::cast<ChannelStmt>(s).rhs);
  case K::Expr:
    return each(llvm::cast<ExprStmt>(s).expr);
  case K::Return:
    return each(llvm::cast<ReturnStmt>(s).value);
  case K::Break:
  case K::Continue:
    return;
  case K::If: {
    auto &i = llvm::cast<IfStmt>(s);
    each(i.cond);
    block(i.thenBody);
    return block(i.elseBody);
  }
  case K::While:
    each(llvm::cast<WhileStmt>(s).cond);
    return block(llvm::cast<WhileStmt>(s).body);
  case K::For: {
    auto &f = llvm::cast<ForStmt>(s);
    if (f.var)
      each(f.var->init);
    each(f.cond);
    each(f.step);
    return block(f.body);
  }
  case K::ForIn:
    each(llvm::cast<ForInStmt>(s).iterable);
    return block(llvm::cast<ForInStmt>(s).body);
  case K::MultiLoop: {
    auto &m = llvm::cast<MultiLoopStmt>(s);
    for (size_t i = 0; i < m.lower.size(); ++i) {
      each(m.lower[i]);
      if (i < m.upper.size())
        each(m.upper[i]);
    }
    return block(m.body);
  }
  case K::Finish:
    return block(llvm::cast<FinishStmt>(s).body);
  case K::Lock:
    return block(llvm::cast<LockStmt>(s).body);
  case K::Async:
    return block(llvm::cast<AsyncStmt>(s).body);
  case K::Asyncs:
    each(llvm::cast<AsyncsStmt>(s).count);
    return block(llvm::cast<AsyncsStmt>(s).body);
  case K::Launch: {
    auto &l = llvm::cast<LaunchStmt>(s);
    for (auto &x : l.grid)
      each(x);
    for (auto &x : l.block)
      each(x);
    each(l.smem);
    each(l.stream);
    for (auto &a : l.args)
      each(a.value);
    return;
  }
  }
}

} // namespace neve

#endif // NEVE_FRONTEND_ASTVISITOR_H
