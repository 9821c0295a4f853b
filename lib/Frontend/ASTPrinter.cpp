//===- ASTPrinter.cpp - Print the AST as an indented tree -----------------===//
//
// `neve-translate --emit=ast`: one node per line, children indented by two
// spaces, as `Kind details 'type' <line:col>`, where the type appears once
// Sema has set it. Lines without a location (`Then`, `Else`, `Step`,
// `Callee`, `Range`, ...) label the children under them.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/AST.h"

#include <algorithm>
#include <functional>

using namespace neve;

namespace {
class Printer {
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
      where(s.getLoc());
      os << "\n";
      for (auto &t : a.targets)
        printExpr(*t, d + 1);
      printExpr(*a.value, d + 1);
      return;
    }
    case Stmt::Kind::Channel: {
      auto &c = llvm::cast<ChannelStmt>(s);
      line(d);
      os << "Channel '<-'";
      if (c.lhs->type) // typed: Sema decided the direction
        os << (c.isSend ? " send" : " receive");
      where(s.getLoc());
      os << "\n";
      printExpr(*c.lhs, d + 1);
      printExpr(*c.rhs, d + 1);
      return;
    }
    case Stmt::Kind::Expr:
      head("ExprStmt", s, d);
      printExpr(*llvm::cast<ExprStmt>(s).expr, d + 1);
      return;
    case Stmt::Kind::Return: {
      head("Return", s, d);
      if (auto &v = llvm::cast<ReturnStmt>(s).value)
        printExpr(*v, d + 1);
      return;
    }
    case Stmt::Kind::Break:
      head("Break", s, d);
      return;
    case Stmt::Kind::Continue:
      head("Continue", s, d);
      return;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(s);
      head("If", s, d);
      printExpr(*i.cond, d + 1);
      label("Then", d + 1);
      printBlock(i.thenBody, d + 2);
      if (i.hasElse) {
        label("Else", d + 1);
        printBlock(i.elseBody, d + 2);
      }
      return;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(s);
      head("While", s, d);
      printExpr(*w.cond, d + 1);
      printBlock(w.body, d + 1);
      return;
    }
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(s);
      head("For", s, d);
      printVar(*f.var, d + 1, "LoopVar");
      printExpr(*f.cond, d + 1);
      if (f.step) {
        label("Step", d + 1);
        printExpr(*f.step, d + 2);
      }
      printBlock(f.body, d + 1);
      return;
    }
    case Stmt::Kind::ForIn: {
      auto &f = llvm::cast<ForInStmt>(s);
      head("ForIn", s, d);
      printVar(*f.var, d + 1, "LoopVar");
      printExpr(*f.iterable, d + 1);
      printBlock(f.body, d + 1);
      return;
    }
    case Stmt::Kind::MultiLoop: {
      auto &m = llvm::cast<MultiLoopStmt>(s);
      head("MultiLoop", s, d);
      for (size_t i = 0; i < m.lower.size(); ++i) {
        label("Range", d + 1);
        printExpr(*m.lower[i], d + 2);
        printExpr(*m.upper[i], d + 2);
      }
      for (auto &v : m.vars)
        printVar(*v, d + 1, "LoopVar");
      printBlock(m.body, d + 1);
      return;
    }
    case Stmt::Kind::Finish:
      head("Finish", s, d);
      printBlock(llvm::cast<FinishStmt>(s).body, d + 1);
      return;
    case Stmt::Kind::Lock: {
      auto &l = llvm::cast<LockStmt>(s);
      line(d);
      os << "Lock";
      if (l.name) {
        os << " \"";
        os.write_escaped(*l.name);
        os << "\"";
      }
      where(s.getLoc());
      os << "\n";
      printBlock(l.body, d + 1);
      return;
    }
    case Stmt::Kind::Async: {
      auto &a = llvm::cast<AsyncStmt>(s);
      head(a.isInline ? "Async inline" : "Async", s, d);
      printBlock(a.body, d + 1);
      return;
    }
    case Stmt::Kind::Asyncs: {
      auto &a = llvm::cast<AsyncsStmt>(s);
      head(a.isInline ? "Asyncs inline" : "Asyncs", s, d);
      printExpr(*a.count, d + 1);
      printBlock(a.body, d + 1);
      return;
    }
    case Stmt::Kind::Launch:
      printLaunch(llvm::cast<LaunchStmt>(s), d);
      return;
    }
  }

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
    case Expr::Kind::CharLit: {
      os << "CharLit '";
      char c = static_cast<char>(llvm::cast<CharLitExpr>(e).value);
      if (c == '\'')
        os << "\\'";
      else
        os.write_escaped(llvm::StringRef(&c, 1));
      os << "'";
      break;
    }
    case Expr::Kind::BoolLit:
      os << "BoolLit " << (llvm::cast<BoolLitExpr>(e).value ? "true" : "false");
      break;
    case Expr::Kind::NilLit:
      os << "NilLit";
      break;
    case Expr::Kind::Name:
      os << "Name " << llvm::cast<NameExpr>(e).name;
      break;
    case Expr::Kind::Self:
      os << "Self";
      break;
    case Expr::Kind::Global:
      os << "Global $" << llvm::cast<GlobalExpr>(e).className;
      break;
    case Expr::Kind::Unary:
      os << "Unary '" << spelling(llvm::cast<UnaryExpr>(e).op) << "'";
      break;
    case Expr::Kind::Binary:
      os << "Binary '" << spelling(llvm::cast<BinaryExpr>(e).op) << "'";
      break;
    case Expr::Kind::Fold: {
      auto &f = llvm::cast<FoldExpr>(e);
      os << "Fold " << (f.isScan ? "scan" : "reduce") << " '" << spelling(f.op)
         << "'";
      break;
    }
    case Expr::Kind::Call: {
      auto &c = llvm::cast<CallExpr>(e);
      os << "Call";
      if (!c.calleeName().empty())
        os << " " << c.calleeName();
      ctime(c.ctimeArgs);
      break;
    }
    case Expr::Kind::Member:
      os << "Member " << llvm::cast<MemberExpr>(e).member;
      break;
    case Expr::Kind::Index:
      os << "Index";
      break;
    case Expr::Kind::Select:
      os << "Select " << (llvm::cast<SelectExpr>(e).isTile ? "tile" : "addr");
      break;
    case Expr::Kind::ListLit:
      os << "ListLit";
      break;
    case Expr::Kind::MapLit:
      os << "MapLit";
      break;
    case Expr::Kind::Tuple:
      os << "Tuple";
      break;
    case Expr::Kind::New:
      os << "New " << llvm::cast<NewExpr>(e).cls.str();
      break;
    case Expr::Kind::LayoutNew:
      os << "LayoutNew " << llvm::cast<LayoutNewExpr>(e).layoutType.str();
      break;
    case Expr::Kind::Cast: {
      auto &c = llvm::cast<CastExpr>(e);
      os << (c.isImplicit ? "ImplicitCast" : "Cast");
      if (!c.isImplicit)
        os << " to " << c.target.str();
      break;
    }
    case Expr::Kind::TypeTag:
      os << "TypeTag " << llvm::cast<TypeTagExpr>(e).typeName;
      break;
    }
    typeOf(e.type);
    resolution(e);
    where(e.getLoc());
    os << "\n";
    printChildren(e, d + 1);
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

  void printChildren(const Expr &e, unsigned d) {
    switch (e.getKind()) {
    case Expr::Kind::Unary:
      printExpr(*llvm::cast<UnaryExpr>(e).operand, d);
      return;
    case Expr::Kind::Binary:
      printExpr(*llvm::cast<BinaryExpr>(e).lhs, d);
      printExpr(*llvm::cast<BinaryExpr>(e).rhs, d);
      return;
    case Expr::Kind::Fold:
      printExpr(*llvm::cast<FoldExpr>(e).operand, d);
      return;
    case Expr::Kind::Call: {
      auto &c = llvm::cast<CallExpr>(e);
      // A plain `f(…)` shows only its arguments; other callees are shown.
      if (c.callee && !llvm::isa<NameExpr>(*c.callee)) {
        label("Callee", d);
        printExpr(*c.callee, d + 1);
      }
      if (c.receiver) {
        label("Receiver", d);
        printExpr(*c.receiver, d + 1);
      }
      printArgs(c.args, d);
      return;
    }
    case Expr::Kind::Member:
      if (auto &base = llvm::cast<MemberExpr>(e).base)
        printExpr(*base, d);
      return;
    case Expr::Kind::Index: {
      auto &x = llvm::cast<IndexExpr>(e);
      printExpr(*x.base, d);
      for (const IndexItem &item : x.items) {
        if (!item.isSlice) {
          printExpr(*item.index, d);
          continue;
        }
        line(d);
        os << "Slice " << (item.index ? "lo" : "") << ":"
           << (item.sliceEnd ? "hi" : "");
        where(item.loc);
        os << "\n";
        if (item.index)
          printExpr(*item.index, d + 1);
        if (item.sliceEnd)
          printExpr(*item.sliceEnd, d + 1);
      }
      return;
    }
    case Expr::Kind::Select: {
      auto &s = llvm::cast<SelectExpr>(e);
      printExpr(*s.base, d);
      label("Braces", d);
      for (auto &b : s.braces)
        printExpr(*b, d + 1);
      if (s.isTile) {
        label("Coords", d);
        for (auto &c : s.coords)
          printExpr(*c, d + 1);
      }
      return;
    }
    case Expr::Kind::ListLit:
      for (auto &x : llvm::cast<ListLitExpr>(e).elems)
        printExpr(*x, d);
      return;
    case Expr::Kind::MapLit: {
      auto &m = llvm::cast<MapLitExpr>(e);
      for (size_t i = 0; i < m.keys.size() && i < m.values.size(); ++i) {
        label("Entry", d);
        printExpr(*m.keys[i], d + 1);
        printExpr(*m.values[i], d + 1);
      }
      return;
    }
    case Expr::Kind::Tuple:
      for (auto &x : llvm::cast<TupleExpr>(e).elems)
        printExpr(*x, d);
      return;
    case Expr::Kind::New:
      printArgs(llvm::cast<NewExpr>(e).args, d);
      return;
    case Expr::Kind::LayoutNew: {
      auto &l = llvm::cast<LayoutNewExpr>(e);
      if (l.base)
        printExpr(*l.base, d);
      for (size_t i = 0; i < l.extentExprs.size(); ++i) {
        if (!l.extentExprs[i])
          continue;
        line(d);
        os << "Extent " << i << "\n";
        printExpr(*l.extentExprs[i], d + 1);
      }
      return;
    }
    case Expr::Kind::Cast:
      printExpr(*llvm::cast<CastExpr>(e).operand, d);
      return;
    default:
      return;
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
