//===- Analysis.cpp - What the language server knows about a file --------===//

#include "neve/Lsp/Analysis.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace neve;
using namespace neve::lsp;

std::string neve::lsp::signatureOf(const FuncDecl &f) {
  std::string s;
  switch (f.kind) {
  case FuncKind::Kernel:
    s = "kernel ";
    break;
  case FuncKind::Gpu:
    s = "gpu ";
    break;
  case FuncKind::Proto:
    s = f.isSys ? "proto sys " : "proto ";
    break;
  case FuncKind::Operation:
    s = "operation ";
    break;
  case FuncKind::Main:
    return "main";
  default:
    s = "def ";
  }
  if (f.kind == FuncKind::Ctor)
    return (f.parent ? f.parent->name : std::string("?")) + ".ctor" + [&] {
      std::string p = "(";
      for (size_t i = 0; i < f.params.size(); ++i) {
        if (i)
          p += ", ";
        const Type *t = i < f.paramTypes.size() ? f.paramTypes[i] : nullptr;
        p += (t ? t->str() : f.params[i]->typeExpr ? f.params[i]->typeExpr->str() : "?");
        p += " " + f.params[i]->name;
      }
      return p + ")";
    }();
  s += f.returnType ? f.returnType->str() : f.returnTypeExpr.str();
  s += " ";
  if (f.parent)
    s += f.parent->name + ".";
  s += f.name + "(";
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (i)
      s += ", ";
    const Type *t = i < f.paramTypes.size() ? f.paramTypes[i] : nullptr;
    s += t ? t->str()
           : (f.params[i]->typeExpr ? f.params[i]->typeExpr->str() : "?");
    if (!f.params[i]->name.empty())
      s += " " + f.params[i]->name;
  }
  return s + ")";
}

namespace neve::lsp {

/// Walks the main module's AST and records every name with its
/// declaration and type.
class Indexer {
public:
  explicit Indexer(Analysis &a) : a(a) {}

  void module(const Module &m) {
    for (auto &c : m.classes) {
      cls(*c);
    }
    for (auto &f : m.funcs)
      func(*f);
  }

private:
  bool inMain(llvm::SMLoc loc) const {
    return loc.isValid() && a.sm.FindBufferContainingLoc(loc) == a.mainID;
  }
  unsigned offset(llvm::SMLoc loc) const {
    return unsigned(loc.getPointer() -
                    a.sm.getMemoryBuffer(a.mainID)->getBufferStart());
  }
  void add(llvm::SMLoc loc, llvm::StringRef name, std::string hover,
           llvm::SMLoc def, llvm::StringRef defName) {
    if (!inMain(loc) || name.empty())
      return;
    Occurrence o;
    o.begin = offset(loc);
    o.end = o.begin + name.size();
    o.hover = std::move(hover);
    if (def.isValid())
      o.definition = a.locationOf(def, defName);
    a.occs.push_back(std::move(o));
  }
  static std::string typeStr(const Type *t) { return t ? t->str() : "?"; }

  /// A class named in a type (`Point p`, `def Point f()`): hover and
  /// definition lead to the class.
  void typeName(const TypeExpr *te, const Type *t) {
    if (!te || !t)
      return;
    if (ClassDecl *c = t->getClass())
      if (te->name == c->name)
        add(te->loc, te->name, "class " + c->name, c->loc, c->name);
  }

  void var(const VarDecl &v, bool param) {
    typeName(v.typeExpr.get(), v.type);
    std::string t = v.type ? v.type->str()
                           : (v.typeExpr ? v.typeExpr->str() : "var");
    add(v.loc, v.name, (param ? "(parameter) " : "") + t + " " + v.name, v.loc,
        v.name);
    if (inMain(v.loc))
      a.vars.push_back({offset(v.loc), v.name, v.type});
    if (v.init)
      expr(*v.init);
  }

  void cls(const ClassDecl &c) {
    add(c.loc, c.name, "class " + c.name, c.loc, c.name);
    if (inMain(c.loc)) {
      Symbol s;
      s.name = c.name;
      s.kind = 5;
      s.detail = "class";
      s.range = s.selection = a.rangeOf(c.loc, c.name.size());
      for (auto &f : c.fields) {
        Symbol fs;
        fs.name = f->name;
        fs.kind = 8;
        fs.detail = typeStr(f->type);
        fs.range = fs.selection = a.rangeOf(f->loc, f->name.size());
        s.children.push_back(fs);
        add(f->loc, f->name, typeStr(f->type) + " " + c.name + "." + f->name,
            f->loc, f->name);
        typeName(&f->typeExpr, f->type);
      }
      if (c.ctor)
        s.children.push_back(funcSymbol(*c.ctor));
      for (auto &m : c.methods)
        s.children.push_back(funcSymbol(*m));
      a.syms.push_back(std::move(s));
    }
    if (c.ctor)
      func(*c.ctor, false);
    for (auto &m : c.methods)
      func(*m, false);
  }

  Symbol funcSymbol(const FuncDecl &f) {
    Symbol s;
    s.name = f.name;
    s.detail = signatureOf(f);
    s.kind = f.kind == FuncKind::Ctor ? 9 : f.parent ? 6 : 12;
    s.range = s.selection = a.rangeOf(f.loc, f.name.size());
    return s;
  }

  void func(const FuncDecl &f, bool topLevel = true) {
    if (topLevel && inMain(f.loc))
      a.syms.push_back(funcSymbol(f));
    if (f.kind != FuncKind::Main && f.kind != FuncKind::Ctor) {
      add(f.loc, f.name, signatureOf(f), f.loc, f.name);
      typeName(&f.returnTypeExpr, f.returnType);
    }
    for (auto &p : f.params)
      var(*p, true);
    block(f.body);
  }

  void block(const Block &b) {
    for (auto &s : b)
      stmt(*s);
  }

  void args(const std::vector<Arg> &as) {
    for (auto &arg : as)
      if (arg.value)
        expr(*arg.value);
  }

  void stmt(const Stmt &s) {
    switch (s.getKind()) {
    case Stmt::Kind::VarDecl:
      for (auto &v : llvm::cast<VarDeclStmt>(s).vars)
        var(*v, false);
      break;
    case Stmt::Kind::Assign: {
      auto &as = llvm::cast<AssignStmt>(s);
      for (auto &t : as.targets)
        expr(*t);
      expr(*as.value);
      break;
    }
    case Stmt::Kind::Channel: {
      auto &c = llvm::cast<ChannelStmt>(s);
      expr(*c.lhs);
      expr(*c.rhs);
      break;
    }
    case Stmt::Kind::Expr:
      expr(*llvm::cast<ExprStmt>(s).expr);
      break;
    case Stmt::Kind::Return:
      if (auto &v = llvm::cast<ReturnStmt>(s).value)
        expr(*v);
      break;
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      break;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(s);
      expr(*i.cond);
      block(i.thenBody);
      block(i.elseBody);
      break;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(s);
      expr(*w.cond);
      block(w.body);
      break;
    }
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(s);
      var(*f.var, false);
      if (f.cond)
        expr(*f.cond);
      if (f.step)
        expr(*f.step);
      block(f.body);
      break;
    }
    case Stmt::Kind::ForIn: {
      auto &f = llvm::cast<ForInStmt>(s);
      var(*f.var, false);
      expr(*f.iterable);
      block(f.body);
      break;
    }
    case Stmt::Kind::MultiLoop: {
      auto &m = llvm::cast<MultiLoopStmt>(s);
      for (auto &e : m.lower)
        expr(*e);
      for (auto &e : m.upper)
        expr(*e);
      for (auto &v : m.vars)
        var(*v, false);
      block(m.body);
      break;
    }
    case Stmt::Kind::Finish:
      block(llvm::cast<FinishStmt>(s).body);
      break;
    case Stmt::Kind::Lock:
      block(llvm::cast<LockStmt>(s).body);
      break;
    case Stmt::Kind::Async:
      block(llvm::cast<AsyncStmt>(s).body);
      break;
    case Stmt::Kind::Asyncs: {
      auto &as = llvm::cast<AsyncsStmt>(s);
      if (as.count)
        expr(*as.count);
      block(as.body);
      break;
    }
    case Stmt::Kind::Launch: {
      auto &l = llvm::cast<LaunchStmt>(s);
      for (auto &e : l.grid)
        expr(*e);
      for (auto &e : l.block)
        expr(*e);
      if (l.smem)
        expr(*l.smem);
      if (l.stream)
        expr(*l.stream);
      if (l.kernel)
        add(l.kernelLoc, l.kernelName, signatureOf(*l.kernel), l.kernel->loc,
            l.kernel->name);
      args(l.args);
      break;
    }
    }
  }

  void expr(const Expr &e) {
    switch (e.getKind()) {
    case Expr::Kind::Name: {
      auto &n = llvm::cast<NameExpr>(e);
      if (n.decl)
        add(n.getLoc(), n.name, typeStr(n.decl->type) + " " + n.name,
            n.decl->loc, n.decl->name);
      else if (n.func)
        add(n.getLoc(), n.name, signatureOf(*n.func), n.func->loc,
            n.func->name);
      else if (n.type)
        add(n.getLoc(), n.name, typeStr(n.type) + " " + n.name, {}, "");
      break;
    }
    case Expr::Kind::Global: {
      auto &g = llvm::cast<GlobalExpr>(e);
      if (g.cls)
        add(g.getLoc(), "$" + g.className, "$" + g.className + ": the singleton of class " + g.className,
            g.cls->loc, g.cls->name);
      break;
    }
    case Expr::Kind::Unary:
      expr(*llvm::cast<UnaryExpr>(e).operand);
      break;
    case Expr::Kind::Binary: {
      auto &b = llvm::cast<BinaryExpr>(e);
      expr(*b.lhs);
      expr(*b.rhs);
      break;
    }
    case Expr::Kind::Fold:
      expr(*llvm::cast<FoldExpr>(e).operand);
      break;
    case Expr::Kind::Call: {
      auto &c = llvm::cast<CallExpr>(e);
      if (c.receiver)
        expr(*c.receiver);
      if (auto *n = llvm::dyn_cast_or_null<NameExpr>(c.callee.get())) {
        if (c.decl)
          add(n->getLoc(), n->name, signatureOf(*c.decl), c.decl->loc,
              c.decl->name);
        else if (c.builtin != BuiltinId::None)
          add(n->getLoc(), n->name, "builtin " + builtinName(c.builtin).str() + " -> " + typeStr(c.type), {}, "");
        else
          expr(*n);
      } else if (auto *m = llvm::dyn_cast_or_null<MemberExpr>(c.callee.get())) {
        if (m->base)
          expr(*m->base);
        if (c.decl)
          add(m->getLoc(), m->member, signatureOf(*c.decl), c.decl->loc,
              c.decl->name);
        else if (c.builtin != BuiltinId::None)
          add(m->getLoc(), m->member, "builtin method " + builtinName(c.builtin).str() + " -> " + typeStr(c.type), {}, "");
      } else if (c.callee) {
        expr(*c.callee);
      }
      args(c.args);
      break;
    }
    case Expr::Kind::Member: {
      auto &m = llvm::cast<MemberExpr>(e);
      expr(*m.base);
      if (m.field)
        add(m.getLoc(), m.member, typeStr(m.field->type) + " " + m.member,
            m.field->loc, m.field->name);
      else if (m.type)
        add(m.getLoc(), m.member, typeStr(m.type) + " " + m.member, {}, "");
      break;
    }
    case Expr::Kind::Index: {
      auto &ix = llvm::cast<IndexExpr>(e);
      expr(*ix.base);
      for (auto &it : ix.items) {
        if (it.index)
          expr(*it.index);
        if (it.sliceEnd)
          expr(*it.sliceEnd);
      }
      break;
    }
    case Expr::Kind::Select: {
      auto &s = llvm::cast<SelectExpr>(e);
      expr(*s.base);
      for (auto &b : s.braces)
        expr(*b);
      break;
    }
    case Expr::Kind::ListLit:
      for (auto &x : llvm::cast<ListLitExpr>(e).elems)
        expr(*x);
      break;
    case Expr::Kind::MapLit: {
      auto &m = llvm::cast<MapLitExpr>(e);
      for (auto &x : m.keys)
        expr(*x);
      for (auto &x : m.values)
        expr(*x);
      break;
    }
    case Expr::Kind::Tuple:
      for (auto &x : llvm::cast<TupleExpr>(e).elems)
        expr(*x);
      break;
    case Expr::Kind::New: {
      auto &n = llvm::cast<NewExpr>(e);
      if (n.ctor && n.ctor->parent)
        add(n.cls.loc, n.cls.name, signatureOf(*n.ctor), n.ctor->parent->loc,
            n.ctor->parent->name);
      args(n.args);
      break;
    }
    case Expr::Kind::LayoutNew: {
      auto &l = llvm::cast<LayoutNewExpr>(e);
      for (auto &x : l.extentExprs)
        expr(*x);
      break;
    }
    case Expr::Kind::Cast:
      expr(*llvm::cast<CastExpr>(e).operand);
      break;
    default:
      break;
    }
  }

  Analysis &a;
};

} // namespace neve::lsp

Analysis::Analysis(std::string path, std::string text,
                   const std::string &libsDir)
    : path(std::move(path)), text(std::move(text)) {
  lineStarts.push_back(0);
  for (unsigned i = 0; i < this->text.size(); ++i)
    if (this->text[i] == '\n')
      lineStarts.push_back(i + 1);
  mainID = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(this->text, this->path),
      llvm::SMLoc());
  DiagEngine diag(sm);
  diag.setErrorLimit(100);
  LoadOptions options;
  options.libsDir = libsDir;
  loadProgram(sm, mainID, diag, options, program);
  if (!diag.hadError()) {
    checkProgram(program, types, diag);
    isChecked = true;
  }
  for (const Diagnostic &d : diag.diagnostics()) {
    Diag out;
    out.severity = d.severity == Severity::Error     ? 1
                   : d.severity == Severity::Warning ? 2
                                                     : 3;
    out.message = d.message;
    unsigned id = d.loc.isValid() ? sm.FindBufferContainingLoc(d.loc) : 0;
    if (id == mainID) {
      // the token at the location: up to the next space or punctuation
      const char *p = d.loc.getPointer();
      const char *end = sm.getMemoryBuffer(mainID)->getBufferEnd();
      unsigned len = 0;
      if (p < end && (*p == '"' || *p == '\'')) {
        // a string or character literal: up to its closing quote
        len = 1;
        while (p + len < end && p[len] != *p && p[len] != '\n')
          len += p[len] == '\\' ? 2 : 1;
        if (p + len < end && p[len] == *p)
          ++len;
      } else {
        while (p + len < end && (isalnum((unsigned char)p[len]) || p[len] == '_'))
          ++len;
      }
      out.range = rangeOf(d.loc, std::max(len, 1u));
    } else {
      // a problem in an imported file: shown on the first line, naming it
      LineCol lc = diag.resolve(d.loc);
      if (!lc.file.empty())
        out.message = lc.file + ":" + std::to_string(lc.line) + ":" +
                      std::to_string(lc.column) + ": " + out.message;
      out.range = {{0, 0}, {0, 0}};
    }
    for (const Diagnostic &n : d.notes)
      out.message += "\nnote: " + n.message;
    diags.push_back(std::move(out));
  }
  index();
}

Analysis::~Analysis() = default;

void Analysis::index() {
  if (!program.main)
    return;
  Indexer(*this).module(*program.main);
  std::sort(occs.begin(), occs.end(), [](const Occurrence &x, const Occurrence &y) {
    return x.begin < y.begin;
  });
  std::sort(vars.begin(), vars.end(),
            [](const Var &x, const Var &y) { return x.offset < y.offset; });
}

unsigned Analysis::offsetOf(Position pos) const {
  if (pos.line >= lineStarts.size())
    return text.size();
  unsigned start = lineStarts[pos.line];
  unsigned lineEnd = pos.line + 1 < lineStarts.size() ? lineStarts[pos.line + 1] - 1
                                                      : text.size();
  return std::min(start + pos.character, lineEnd);
}

Position Analysis::positionOf(unsigned offset) const {
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  unsigned line = unsigned(it - lineStarts.begin()) - 1;
  return {line, offset - lineStarts[line]};
}

Range Analysis::rangeOf(llvm::SMLoc loc, unsigned length) const {
  unsigned off = unsigned(loc.getPointer() -
                          sm.getMemoryBuffer(mainID)->getBufferStart());
  return {positionOf(off), positionOf(off + length)};
}

Location Analysis::locationOf(llvm::SMLoc loc, llvm::StringRef name) const {
  Location l;
  unsigned id = sm.FindBufferContainingLoc(loc);
  if (!id)
    return l;
  l.file = sm.getMemoryBuffer(id)->getBufferIdentifier().str();
  auto [line, col] = sm.getLineAndColumn(loc, id);
  l.range.start = {line - 1, col - 1};
  l.range.end = {line - 1, unsigned(col - 1 + name.size())};
  return l;
}

const Occurrence *Analysis::at(Position pos) const {
  unsigned off = offsetOf(pos);
  const Occurrence *best = nullptr;
  for (const Occurrence &o : occs)
    if (o.begin <= off && off <= o.end &&
        (!best || o.end - o.begin < best->end - best->begin))
      best = &o;
  return best;
}

static const char *const keywords[] = {
    "def", "class", "ctor", "kernel", "gpu", "proto", "operation", "import",
    "main", "var", "if", "else", "for", "while", "return", "break",
    "continue", "in", "and", "or", "xor", "finish", "async", "asyncs",
    "lock", "launch", "new", "nil", "true", "false", "self", "offby",
    "reduce", "scan", "int", "i64", "float", "bool", "str", "char", "bf16",
    "half", "void", "any", "array", "map", "tuple", "Function", "layout"};

std::vector<Completion> Analysis::complete(const std::string &current,
                                           unsigned off) const {
  std::vector<Completion> out;
  off = std::min<unsigned>(off, current.size());
  // the identifier being typed, and what precedes it
  unsigned start = off;
  while (start > 0 && (isalnum((unsigned char)current[start - 1]) || current[start - 1] == '_'))
    --start;
  if (start > 0 && current[start - 1] == '.') {
    unsigned e = start - 1, b = e;
    while (b > 0 && (isalnum((unsigned char)current[b - 1]) || current[b - 1] == '_'))
      --b;
    std::string base = current.substr(b, e - b);
    const Type *t = nullptr;
    if (base == "self") {
      // the class of the nearest method or constructor before the position
      unsigned bestOff = 0;
      if (program.main)
        for (auto &c : program.main->classes) {
          std::vector<const FuncDecl *> fs;
          if (c->ctor)
            fs.push_back(c->ctor.get());
          for (auto &m : c->methods)
            fs.push_back(m.get());
          for (const FuncDecl *f : fs) {
            if (sm.FindBufferContainingLoc(f->loc) != mainID)
              continue;
            unsigned o = unsigned(f->loc.getPointer() -
                                  sm.getMemoryBuffer(mainID)->getBufferStart());
            if (o < off && o >= bestOff) {
              bestOff = o;
              t = c->type;
            }
          }
        }
    } else {
      // the nearest declaration of that name before the position
      for (const Var &v : vars)
        if (v.offset < off && v.name == base)
          t = v.type;
    }
    if (!t)
      return out;
    if (ClassDecl *c = t->getClass()) {
      for (auto &f : c->fields)
        out.push_back({f->name, f->type ? f->type->str() : "", 5});
      for (auto &m : c->methods)
        out.push_back({m->name, signatureOf(*m), 2});
    } else {
      // The builtin methods of str, array, map and channel (Builtins.td).
      for (const BuiltinInfo &b : allBuiltins())
        if (b.form == BuiltinForm::Method && !b.testOnly &&
            t->is(b.receiver))
          out.push_back({b.name, b.signature, 2});
    }
    return out;
  }
  for (const char *k : keywords)
    out.push_back({k, "keyword", 14});
  for (const BuiltinInfo &b : allBuiltins())
    if (b.form != BuiltinForm::Method && !b.testOnly)
      out.push_back({b.name, b.signature, 3});
  for (auto &m : program.modules) {
    for (auto &c : m->classes)
      out.push_back({c->name, "class", 7});
    for (auto &f : m->funcs)
      if (f->kind != FuncKind::Main && !f->isOperator)
        out.push_back({f->name, signatureOf(*f), 3});
  }
  for (const Var &v : vars)
    if (v.offset < off)
      out.push_back({v.name, v.type ? v.type->str() : "", 6});
  // one entry per label, the last (innermost) declaration winning
  std::vector<Completion> unique;
  for (auto it = out.rbegin(); it != out.rend(); ++it)
    if (std::none_of(unique.begin(), unique.end(),
                     [&](const Completion &c) { return c.label == it->label; }))
      unique.push_back(*it);
  std::reverse(unique.begin(), unique.end());
  return unique;
}
