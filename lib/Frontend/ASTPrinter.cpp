//===- ASTPrinter.cpp - Print the AST as an indented tree -----------------===//
//
// `neve-translate --emit=ast`: one node per line, children indented by two
// spaces, with `line:col` and, once Sema ran, the type in quotes.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/AST.h"

using namespace neve;

namespace {
class Printer {
public:
  Printer(const llvm::SourceMgr &sm, llvm::raw_ostream &os) : sm(sm), os(os) {}

  void print(const Module &m) {
    os << "Module \"" << m.fileName << "\"\n";
    for (auto &fn : m.funcs)
      printFunc(*fn, 1);
  }

private:
  void line(unsigned depth) { os.indent(depth * 2); }
  void where(llvm::SMLoc loc) {
    if (!loc.isValid())
      return;
    auto [l, c] = sm.getLineAndColumn(loc);
    os << " <" << l << ":" << c << ">";
  }
  void typeOf(const Type *t) {
    if (t)
      os << " '" << t->str() << "'";
  }

  void printFunc(const FuncDecl &fn, unsigned d) {
    line(d);
    if (fn.isMain()) {
      os << "Main";
    } else {
      os << "FuncDecl " << fn.name << " '" << fn.returnTypeExpr.name << "(";
      for (size_t i = 0; i < fn.params.size(); ++i)
        os << (i ? ", " : "") << fn.params[i]->typeExpr->name << " "
           << fn.params[i]->name;
      os << ")'";
    }
    where(fn.loc);
    os << "\n";
    printBlock(fn.body, d + 1);
  }

  void printBlock(const Block &block, unsigned d) {
    for (auto &s : block)
      printStmt(*s, d);
  }

  void printVar(const VarDecl &v, unsigned d, llvm::StringRef label) {
    line(d);
    os << label << " " << v.name;
    if (v.type)
      typeOf(v.type);
    else if (v.typeExpr)
      os << " '" << v.typeExpr->name << "'";
    where(v.loc);
    os << "\n";
    if (v.init)
      printExpr(*v.init, d + 1);
  }

  void printStmt(const Stmt &s, unsigned d) {
    switch (s.getKind()) {
    case Stmt::Kind::VarDecl:
      for (auto &v : llvm::cast<VarDeclStmt>(s).vars)
        printVar(*v, d, "VarDecl");
      return;
    case Stmt::Kind::Assign: {
      auto &a = llvm::cast<AssignStmt>(s);
      line(d);
      os << "Assign '" << (a.compound ? spelling(*a.compound) : "") << "='";
      where(s.getLoc());
      os << "\n";
      printExpr(*a.targets[0], d + 1);
      printExpr(*a.value, d + 1);
      return;
    }
    case Stmt::Kind::Expr:
      line(d);
      os << "ExprStmt";
      where(s.getLoc());
      os << "\n";
      printExpr(*llvm::cast<ExprStmt>(s).expr, d + 1);
      return;
    case Stmt::Kind::Return: {
      line(d);
      os << "Return";
      where(s.getLoc());
      os << "\n";
      if (auto &v = llvm::cast<ReturnStmt>(s).value)
        printExpr(*v, d + 1);
      return;
    }
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      line(d);
      os << (s.getKind() == Stmt::Kind::Break ? "Break" : "Continue");
      where(s.getLoc());
      os << "\n";
      return;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(s);
      line(d);
      os << "If";
      where(s.getLoc());
      os << "\n";
      printExpr(*i.cond, d + 1);
      line(d + 1);
      os << "Then\n";
      printBlock(i.thenBody, d + 2);
      if (i.hasElse) {
        line(d + 1);
        os << "Else\n";
        printBlock(i.elseBody, d + 2);
      }
      return;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(s);
      line(d);
      os << "While";
      where(s.getLoc());
      os << "\n";
      printExpr(*w.cond, d + 1);
      printBlock(w.body, d + 1);
      return;
    }
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(s);
      line(d);
      os << "For";
      where(s.getLoc());
      os << "\n";
      printVar(*f.var, d + 1, "LoopVar");
      printExpr(*f.cond, d + 1);
      if (f.step) {
        line(d + 1);
        os << "Step\n";
        printExpr(*f.step, d + 2);
      }
      printBlock(f.body, d + 1);
      return;
    }
    }
  }

  void printExpr(const Expr &e, unsigned d) {
    line(d);
    switch (e.getKind()) {
    case Expr::Kind::IntLit:
      os << "IntLit " << llvm::cast<IntLitExpr>(e).value;
      break;
    case Expr::Kind::FloatLit:
      os << "FloatLit " << llvm::cast<FloatLitExpr>(e).value;
      break;
    case Expr::Kind::StrLit:
      os << "StrLit \"";
      os.write_escaped(llvm::cast<StrLitExpr>(e).value);
      os << "\"";
      break;
    case Expr::Kind::BoolLit:
      os << "BoolLit " << (llvm::cast<BoolLitExpr>(e).value ? "true" : "false");
      break;
    case Expr::Kind::Name:
      os << "Name " << llvm::cast<NameExpr>(e).name;
      break;
    case Expr::Kind::Unary:
      os << "Unary '" << spelling(llvm::cast<UnaryExpr>(e).op) << "'";
      break;
    case Expr::Kind::Binary:
      os << "Binary '" << spelling(llvm::cast<BinaryExpr>(e).op) << "'";
      break;
    case Expr::Kind::Call:
      os << "Call " << llvm::cast<CallExpr>(e).calleeName();
      break;
    case Expr::Kind::Cast: {
      auto &c = llvm::cast<CastExpr>(e);
      os << (c.isImplicit ? "ImplicitCast" : "Cast");
      if (!c.isImplicit)
        os << " to " << c.target.name;
      break;
    }
    }
    typeOf(e.type);
    where(e.getLoc());
    os << "\n";
    switch (e.getKind()) {
    case Expr::Kind::Unary:
      printExpr(*llvm::cast<UnaryExpr>(e).operand, d + 1);
      break;
    case Expr::Kind::Binary:
      printExpr(*llvm::cast<BinaryExpr>(e).lhs, d + 1);
      printExpr(*llvm::cast<BinaryExpr>(e).rhs, d + 1);
      break;
    case Expr::Kind::Call:
      for (auto &a : llvm::cast<CallExpr>(e).args)
        printExpr(*a.value, d + 1);
      break;
    case Expr::Kind::Cast:
      printExpr(*llvm::cast<CastExpr>(e).operand, d + 1);
      break;
    default:
      break;
    }
  }

  const llvm::SourceMgr &sm;
  llvm::raw_ostream &os;
};
} // namespace

void neve::printAST(const Module &module, const llvm::SourceMgr &sm,
                    llvm::raw_ostream &os) {
  Printer(sm, os).print(module);
}
