//===- ASTPrinter.cpp - Print the AST as an indented tree -----------------===//
//
// `neve-translate --emit=ast`: one node per line, children indented by two
// spaces, as `Kind details 'type' <line:col>`, where the type appears once
// Sema has set it. Lines without a location (`Then`, `Else`, `Step`,
// `Callee`, `Range`, ...) label the children under them.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/AST.h"
#include "neve/Frontend/ASTVisitor.h"

#include <algorithm>
#include <functional>

using namespace neve;

namespace {
/// Visits with the indentation depth of the node's line.
class Printer : public ExprVisitor<Printer, /*Const=*/true, void, unsigned>,
                public StmtVisitor<Printer, /*Const=*/true, void, unsigned> {
  friend ExprVisitor;
  friend StmtVisitor;

public:
  Printer(const llvm::SourceMgr &sm, llvm::raw_ostream &os) : sm(sm), os(os) {}

  void print(const Module &m) {
    os << "Module \"" << m.fileName << "\"\n";
    // Top-level declarations in source order: by file, then by position.
    struct Item {
      unsigned buffer;
      const char *at;
      const ImportDecl *imp = nullptr;
      const ClassDecl *cls = nullptr;
      const FuncDecl *fn = nullptr;
    };
    std::vector<Item> items;
    for (auto &imp : m.imports)
      items.push_back({m.bufferID, imp->loc.getPointer(), imp.get()});
    for (auto &cls : m.classes)
      items.push_back(
          {cls->bufferID, cls->loc.getPointer(), nullptr, cls.get()});
    for (auto &fn : m.funcs)
      items.push_back(
          {fn->bufferID, fn->loc.getPointer(), nullptr, nullptr, fn.get()});
    std::stable_sort(items.begin(), items.end(),
                     [](const Item &a, const Item &b) {
                       if (a.buffer != b.buffer)
                         return a.buffer < b.buffer;
                       return std::less<const char *>()(a.at, b.at);
                     });
    for (const Item &item : items) {
      if (item.imp)
        printImport(*item.imp, 1);
      else if (item.cls)
        printClass(*item.cls, 1);
      else
        printFunc(*item.fn, 1);
    }
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
  /// A line that only labels the children printed under it.
  void label(llvm::StringRef text, unsigned d) {
    line(d);
    os << text << "\n";
  }
  void ctime(const std::vector<int64_t> &args) {
    if (args.empty())
      return;
    os << " ctime<";
    for (size_t i = 0; i < args.size(); ++i)
      os << (i ? ", " : "") << args[i];
    os << ">";
  }

  //===--------------------------------------------------------------------===//
  // Declarations
  //===--------------------------------------------------------------------===//

  void printImport(const ImportDecl &imp, unsigned d) {
    line(d);
    os << "Import " << (imp.isDefault ? "default " : "") << imp.dottedName();
    if (!imp.resolvedPath.empty())
      os << " \"" << imp.resolvedPath << "\"";
    where(imp.loc);
    os << "\n";
  }

  void printClass(const ClassDecl &cls, unsigned d) {
    line(d);
    os << "ClassDecl " << cls.name;
    typeOf(cls.type);
    where(cls.loc);
    os << "\n";
    for (auto &f : cls.fields) {
      line(d + 1);
      os << "Field " << f->name;
      if (f->type)
        typeOf(f->type);
      else
        os << " '" << f->typeExpr.str() << "'";
      where(f->loc);
      os << "\n";
    }
    // The constructor and the methods, in source order.
    std::vector<const FuncDecl *> members;
    if (cls.ctor)
      members.push_back(cls.ctor.get());
    for (auto &m : cls.methods)
      members.push_back(m.get());
    std::stable_sort(members.begin(), members.end(),
                     [](const FuncDecl *a, const FuncDecl *b) {
                       return std::less<const char *>()(a->loc.getPointer(),
                                                        b->loc.getPointer());
                     });
    for (const FuncDecl *m : members)
      printFunc(*m, d + 1);
  }

  static llvm::StringRef kindName(FuncKind kind) {
    switch (kind) {
    case FuncKind::Def:
      return "FuncDecl";
    case FuncKind::Gpu:
      return "GpuFunc";
    case FuncKind::Kernel:
      return "Kernel";
    case FuncKind::Method:
      return "Method";
    case FuncKind::Ctor:
      return "Ctor";
    case FuncKind::Proto:
      return "Proto";
    case FuncKind::Operation:
      return "Operation";
    case FuncKind::Main:
      return "Main";
    }
    return "FuncDecl";
  }

  void printFunc(const FuncDecl &fn, unsigned d) {
    line(d);
    os << kindName(fn.kind);
    if (!fn.isMain()) {
      if (fn.kind != FuncKind::Ctor)
        os << " " << fn.name;
      if (fn.isOperator)
        os << " operator";
      if (fn.isSys)
        os << " sys";
      os << " '";
      if (fn.kind != FuncKind::Ctor)
        os << fn.returnTypeExpr.str();
      if (fn.kind != FuncKind::Operation) {
        os << "(";
        for (size_t i = 0; i < fn.params.size(); ++i) {
          const VarDecl &p = *fn.params[i];
          os << (i ? ", " : "") << (p.typeExpr ? p.typeExpr->str() : "?");
          if (!p.name.empty())
            os << " " << p.name;
        }
        os << ")";
      }
      os << "'";
      if (!fn.ctimeParams.empty()) {
        os << " ctime<";
        for (size_t i = 0; i < fn.ctimeParams.size(); ++i)
          os << (i ? ", " : "") << fn.ctimeParams[i];
        os << ">";
      }
    }
    where(fn.loc);
    os << "\n";
    for (auto &p : fn.params) {
      if (!p->init)
        continue;
      line(d + 1);
      os << "Default " << p->name;
      where(p->loc);
      os << "\n";
      printExpr(*p->init, d + 2);
    }
    printBlock(fn.body, d + 1);
  }

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void printBlock(const Block &block, unsigned d) {
    for (auto &s : block)
      printStmt(*s, d);
  }

  void printVar(const VarDecl &v, unsigned d, llvm::StringRef kind) {
    line(d);
    os << kind << " " << v.name;
    if (v.type)
      typeOf(v.type);
    else if (v.typeExpr)
      os << " '" << v.typeExpr->str() << "'";
    if (v.isReceive)
      os << " receive";
    if (v.isConstruction)
      os << " construct";
    where(v.loc);
    os << "\n";
    if (v.init)
      printExpr(*v.init, d + 1);
  }

  /// The start of a statement line: `Kind <line:col>`.
  void head(llvm::StringRef kind, const Stmt &s, unsigned d) {
    line(d);
    os << kind;
    where(s.getLoc());
    os << "\n";
  }

  void printStmt(const Stmt &s, unsigned d) { visitStmt(s, d); }

  void visitVarDeclStmt(const VarDeclStmt &s, unsigned d) {
    for (auto &v : s.vars)
      printVar(*v, d, "VarDecl");
  }

  void visitAssignStmt(const AssignStmt &a, unsigned d) {
    line(d);
    os << "Assign '" << (a.compound ? spelling(*a.compound) : "") << "='";
    if (a.targets.size() > 1)
      os << " unpack";
    if (a.accumulator)
      os << " => accumulate " << a.accumulator->name;
    if (a.isBuiltinMatmul)
      os << " => builtin tiled matmul";
    if (a.compoundOp) {
      os << " => " << a.compoundOp->name << "(";
      for (size_t i = 0; i < a.compoundOp->paramTypes.size(); ++i)
        os << (i ? ", " : "") << a.compoundOp->paramTypes[i]->str();
      os << ")";
    }
    where(a.getLoc());
    os << "\n";
    for (auto &t : a.targets)
      printExpr(*t, d + 1);
    printExpr(*a.value, d + 1);
  }

  void visitChannelStmt(const ChannelStmt &c, unsigned d) {
    line(d);
    os << "Channel '<-'";
    if (c.lhs->type) // typed: Sema decided the direction
      os << (c.isSend ? " send" : " receive");
    where(c.getLoc());
    os << "\n";
    printExpr(*c.lhs, d + 1);
    printExpr(*c.rhs, d + 1);
  }

  void visitExprStmt(const ExprStmt &s, unsigned d) {
    head("ExprStmt", s, d);
    printExpr(*s.expr, d + 1);
  }

  void visitReturnStmt(const ReturnStmt &s, unsigned d) {
    head("Return", s, d);
    if (s.value)
      printExpr(*s.value, d + 1);
  }

  void visitBreakStmt(const BreakStmt &s, unsigned d) { head("Break", s, d); }

  void visitContinueStmt(const ContinueStmt &s, unsigned d) {
    head("Continue", s, d);
  }

  void visitIfStmt(const IfStmt &i, unsigned d) {
    head("If", i, d);
    printExpr(*i.cond, d + 1);
    label("Then", d + 1);
    printBlock(i.thenBody, d + 2);
    if (i.hasElse) {
      label("Else", d + 1);
      printBlock(i.elseBody, d + 2);
    }
  }

  void visitWhileStmt(const WhileStmt &w, unsigned d) {
    head("While", w, d);
    printExpr(*w.cond, d + 1);
    printBlock(w.body, d + 1);
  }

  void visitForStmt(const ForStmt &f, unsigned d) {
    head("For", f, d);
    printVar(*f.var, d + 1, "LoopVar");
    printExpr(*f.cond, d + 1);
    if (f.step) {
      label("Step", d + 1);
      printExpr(*f.step, d + 2);
    }
    printBlock(f.body, d + 1);
  }

  void visitForInStmt(const ForInStmt &f, unsigned d) {
    head("ForIn", f, d);
    printVar(*f.var, d + 1, "LoopVar");
    printExpr(*f.iterable, d + 1);
    printBlock(f.body, d + 1);
  }

  void visitMultiLoopStmt(const MultiLoopStmt &m, unsigned d) {
    head("MultiLoop", m, d);
    for (size_t i = 0; i < m.lower.size(); ++i) {
      label("Range", d + 1);
      printExpr(*m.lower[i], d + 2);
      printExpr(*m.upper[i], d + 2);
    }
    for (auto &v : m.vars)
      printVar(*v, d + 1, "LoopVar");
    printBlock(m.body, d + 1);
  }

  void visitFinishStmt(const FinishStmt &s, unsigned d) {
    head("Finish", s, d);
    printBlock(s.body, d + 1);
  }

  void visitLockStmt(const LockStmt &l, unsigned d) {
    line(d);
    os << "Lock";
    if (l.name) {
      os << " \"";
      os.write_escaped(*l.name);
      os << "\"";
    }
    where(l.getLoc());
    os << "\n";
    printBlock(l.body, d + 1);
  }

  void visitAsyncStmt(const AsyncStmt &a, unsigned d) {
    head(a.isInline ? "Async inline" : "Async", a, d);
    printBlock(a.body, d + 1);
  }

  void visitAsyncsStmt(const AsyncsStmt &a, unsigned d) {
    head(a.isInline ? "Asyncs inline" : "Asyncs", a, d);
    printExpr(*a.count, d + 1);
    printBlock(a.body, d + 1);
  }

  void visitLaunchStmt(const LaunchStmt &l, unsigned d) { printLaunch(l, d); }

  void printLaunch(const LaunchStmt &l, unsigned d) {
    head("Launch", l, d);
    label("Grid", d + 1);
    for (auto &e : l.grid)
      printExpr(*e, d + 2);
    label("Block", d + 1);
    for (auto &e : l.block)
      printExpr(*e, d + 2);
    if (l.smemIsKernelSize) {
      label("Smem smem_size", d + 1);
    } else if (l.smem) {
      label("Smem", d + 1);
      printExpr(*l.smem, d + 2);
    }
    if (l.stream) {
      label("Stream", d + 1);
      printExpr(*l.stream, d + 2);
    }
    line(d + 1);
    os << "Kernel " << l.kernelName;
    ctime(l.ctimeArgs);
    where(l.kernelLoc);
    os << "\n";
    printArgs(l.args, d + 2);
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  void printArgs(const std::vector<Arg> &args, unsigned d) {
    for (const Arg &a : args) {
      if (a.keyword.empty() && a.split == ArgSplit::None) {
        printExpr(*a.value, d);
        continue;
      }
      line(d);
      if (!a.keyword.empty())
        os << "Keyword " << a.keyword;
      else
        os << "Split '" << (a.split == ArgSplit::Chunked ? ">" : ":") << "'";
      where(a.loc);
      os << "\n";
      printExpr(*a.value, d + 1);
    }
  }

  void printExpr(const Expr &e, unsigned d) { visitExpr(e, d); }

  /// The start of an expression's line, at depth `d`.
  llvm::raw_ostream &open(unsigned d) {
    line(d);
    return os;
  }

  /// The end of an expression's line: its type, what Sema resolved, where.
  void close(const Expr &e) {
    typeOf(e.type);
    resolution(e);
    where(e.getLoc());
    os << "\n";
  }

  void exprTooDeep(const Expr &e, bool, unsigned d) {
    open(d) << "... (nested more than " << kMaxExprDepth << " levels)";
    where(e.getLoc());
    os << "\n";
  }

  void visitIntLitExpr(const IntLitExpr &e, unsigned d) {
    open(d) << "IntLit " << e.value;
    close(e);
  }

  void visitFloatLitExpr(const FloatLitExpr &e, unsigned d) {
    open(d) << "FloatLit " << e.value;
    close(e);
  }

  void visitStrLitExpr(const StrLitExpr &e, unsigned d) {
    open(d) << "StrLit \"";
    os.write_escaped(e.value);
    os << "\"";
    close(e);
  }

  void visitCharLitExpr(const CharLitExpr &e, unsigned d) {
    open(d) << "CharLit '";
    char c = static_cast<char>(e.value);
    if (c == '\'')
      os << "\\'";
    else
      os.write_escaped(llvm::StringRef(&c, 1));
    os << "'";
    close(e);
  }

  void visitBoolLitExpr(const BoolLitExpr &e, unsigned d) {
    open(d) << "BoolLit " << (e.value ? "true" : "false");
    close(e);
  }

  void visitNilLitExpr(const NilLitExpr &e, unsigned d) {
    open(d) << "NilLit";
    close(e);
  }

  void visitNameExpr(const NameExpr &e, unsigned d) {
    open(d) << "Name " << e.name;
    close(e);
  }

  void visitSelfExpr(const SelfExpr &e, unsigned d) {
    open(d) << "Self";
    close(e);
  }

  void visitGlobalExpr(const GlobalExpr &e, unsigned d) {
    open(d) << "Global $" << e.className;
    close(e);
  }

  void visitUnaryExpr(const UnaryExpr &e, unsigned d) {
    open(d) << "Unary '" << spelling(e.op) << "'";
    close(e);
    printExpr(*e.operand, d + 1);
  }

  void visitBinaryExpr(const BinaryExpr &e, unsigned d) {
    open(d) << "Binary '" << spelling(e.op) << "'";
    close(e);
    printExpr(*e.lhs, d + 1);
    printExpr(*e.rhs, d + 1);
  }

  void visitFoldExpr(const FoldExpr &f, unsigned d) {
    open(d) << "Fold " << (f.isScan ? "scan" : "reduce") << " '"
            << spelling(f.op) << "'";
    close(f);
    printExpr(*f.operand, d + 1);
  }

  void visitCallExpr(const CallExpr &c, unsigned d) {
    open(d) << "Call";
    if (!c.calleeName().empty())
      os << " " << c.calleeName();
    ctime(c.ctimeArgs);
    close(c);
    // A plain `f(…)` shows only its arguments; other callees are shown.
    if (c.callee && !llvm::isa<NameExpr>(*c.callee)) {
      label("Callee", d + 1);
      printExpr(*c.callee, d + 2);
    }
    if (c.receiver) {
      label("Receiver", d + 1);
      printExpr(*c.receiver, d + 2);
    }
    printArgs(c.args, d + 1);
  }

  void visitMemberExpr(const MemberExpr &e, unsigned d) {
    open(d) << "Member " << e.member;
    close(e);
    if (e.base)
      printExpr(*e.base, d + 1);
  }

  void visitIndexExpr(const IndexExpr &x, unsigned d) {
    open(d) << "Index";
    close(x);
    printExpr(*x.base, d + 1);
    for (const IndexItem &item : x.items) {
      if (!item.isSlice) {
        printExpr(*item.index, d + 1);
        continue;
      }
      line(d + 1);
      os << "Slice " << (item.index ? "lo" : "") << ":"
         << (item.sliceEnd ? "hi" : "");
      where(item.loc);
      os << "\n";
      if (item.index)
        printExpr(*item.index, d + 2);
      if (item.sliceEnd)
        printExpr(*item.sliceEnd, d + 2);
    }
  }

  void visitSelectExpr(const SelectExpr &s, unsigned d) {
    open(d) << "Select " << (s.isTile ? "tile" : "addr");
    close(s);
    printExpr(*s.base, d + 1);
    label("Braces", d + 1);
    for (auto &b : s.braces)
      printExpr(*b, d + 2);
    if (s.isTile) {
      label("Coords", d + 1);
      for (auto &c : s.coords)
        printExpr(*c, d + 2);
    }
  }

  void visitListLitExpr(const ListLitExpr &e, unsigned d) {
    open(d) << "ListLit";
    close(e);
    for (auto &x : e.elems)
      printExpr(*x, d + 1);
  }

  void visitMapLitExpr(const MapLitExpr &m, unsigned d) {
    open(d) << "MapLit";
    close(m);
    for (size_t i = 0; i < m.keys.size() && i < m.values.size(); ++i) {
      label("Entry", d + 1);
      printExpr(*m.keys[i], d + 2);
      printExpr(*m.values[i], d + 2);
    }
  }

  void visitTupleExpr(const TupleExpr &e, unsigned d) {
    open(d) << "Tuple";
    close(e);
    for (auto &x : e.elems)
      printExpr(*x, d + 1);
  }

  void visitNewExpr(const NewExpr &e, unsigned d) {
    open(d) << "New " << e.cls.str();
    close(e);
    printArgs(e.args, d + 1);
  }

  void visitLayoutNewExpr(const LayoutNewExpr &l, unsigned d) {
    open(d) << "LayoutNew " << l.layoutType.str();
    close(l);
    if (l.base)
      printExpr(*l.base, d + 1);
    for (size_t i = 0; i < l.extentExprs.size(); ++i) {
      if (!l.extentExprs[i])
        continue;
      line(d + 1);
      os << "Extent " << i << "\n";
      printExpr(*l.extentExprs[i], d + 2);
    }
  }

  void visitCastExpr(const CastExpr &c, unsigned d) {
    open(d) << (c.isImplicit ? "ImplicitCast" : "Cast");
    if (!c.isImplicit)
      os << " to " << c.target.str();
    close(c);
    printExpr(*c.operand, d + 1);
  }

  void visitTypeTagExpr(const TypeTagExpr &e, unsigned d) {
    open(d) << "TypeTag " << e.typeName;
    close(e);
  }

  /// What Sema resolved, where it is not plain from the node: the method,
  /// extension function or operator definition called (§3.5, §3.6), calls of
  /// function values, nil tests (§4.7).
  void resolution(const Expr &e) {
    auto signature = [&](const FuncDecl &fn) {
      os << fn.name << "(";
      for (size_t i = 0; i < fn.paramTypes.size(); ++i)
        os << (i ? ", " : "") << fn.paramTypes[i]->str();
      os << ")";
    };
    if (auto *c = llvm::dyn_cast<CallExpr>(&e)) {
      switch (c->callKind) {
      case CallKind::Method:
        os << " => method " << (c->decl->parent ? c->decl->parent->name : "")
           << "." << c->decl->name;
        break;
      case CallKind::ExtMethod:
        os << " => ";
        signature(*c->decl);
        break;
      case CallKind::BuiltinMethod:
        os << " => builtin method";
        break;
      case CallKind::FunctionValue:
        os << " => function value";
        break;
      default:
        break;
      }
    } else if (auto *b = llvm::dyn_cast<BinaryExpr>(&e)) {
      if (b->opFunc) {
        os << " => ";
        signature(*b->opFunc);
      }
    } else if (auto *u = llvm::dyn_cast<UnaryExpr>(&e)) {
      if (u->isNilTest)
        os << " => nil test";
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
