//===- Analysis.cpp - What the language server knows about a file --------===//

#include "neve/Lsp/Analysis.h"
#include "neve/Frontend/ASTVisitor.h"
#include "neve/Lsp/Utf16.h"

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
/// declaration and type. Kinds it does not handle are walked through
/// (ASTVisitor.h's default: their children).
class Indexer : public ExprVisitor<Indexer, /*Const=*/true, void>,
                public StmtVisitor<Indexer, /*Const=*/true, void> {
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
      visitExpr(*v.init);
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
      visitStmt(*s);
  }

  void args(const std::vector<Arg> &as) {
    for (auto &arg : as)
      if (arg.value)
        visitExpr(*arg.value);
  }

public:
  //===--- Statements -----------------------------------------------------===//
  void visitStmtExpr(const Expr &e) { visitExpr(e); }

  void visitVarDeclStmt(const VarDeclStmt &s) {
    for (auto &v : s.vars)
      var(*v, false);
  }

  void visitForStmt(const ForStmt &f) {
    var(*f.var, false);
    if (f.cond)
      visitExpr(*f.cond);
    if (f.step)
      visitExpr(*f.step);
    block(f.body);
  }

  void visitForInStmt(const ForInStmt &f) {
    var(*f.var, false);
    visitExpr(*f.iterable);
    block(f.body);
  }

  void visitMultiLoopStmt(const MultiLoopStmt &m) {
    for (auto &e : m.lower)
      visitExpr(*e);
    for (auto &e : m.upper)
      visitExpr(*e);
    for (auto &v : m.vars)
      var(*v, false);
    block(m.body);
  }

  void visitLaunchStmt(const LaunchStmt &l) {
    for (auto &e : l.grid)
      visitExpr(*e);
    for (auto &e : l.block)
      visitExpr(*e);
    if (l.smem)
      visitExpr(*l.smem);
    if (l.stream)
      visitExpr(*l.stream);
    if (l.kernel)
      add(l.kernelLoc, l.kernelName, signatureOf(*l.kernel), l.kernel->loc,
          l.kernel->name);
    args(l.args);
  }

  //===--- Expressions ----------------------------------------------------===//
  void visitNameExpr(const NameExpr &n) {
    if (n.decl)
      add(n.getLoc(), n.name, typeStr(n.decl->type) + " " + n.name,
          n.decl->loc, n.decl->name);
    else if (n.func)
      add(n.getLoc(), n.name, signatureOf(*n.func), n.func->loc, n.func->name);
    else if (n.type)
      add(n.getLoc(), n.name, typeStr(n.type) + " " + n.name, {}, "");
  }

  void visitGlobalExpr(const GlobalExpr &g) {
    if (g.cls)
      add(g.getLoc(), "$" + g.className,
          "$" + g.className + ": the singleton of class " + g.className,
          g.cls->loc, g.cls->name);
  }

  void visitCallExpr(const CallExpr &c) {
    if (c.receiver)
      visitExpr(*c.receiver);
    if (auto *n = llvm::dyn_cast_or_null<NameExpr>(c.callee.get())) {
      if (c.decl)
        add(n->getLoc(), n->name, signatureOf(*c.decl), c.decl->loc,
            c.decl->name);
      else if (c.builtin != BuiltinId::None)
        add(n->getLoc(), n->name,
            "builtin " + builtinName(c.builtin).str() + " -> " +
                typeStr(c.type),
            {}, "");
      else
        visitExpr(*n);
    } else if (auto *m = llvm::dyn_cast_or_null<MemberExpr>(c.callee.get())) {
      if (m->base)
        visitExpr(*m->base);
      if (c.decl)
        add(m->getLoc(), m->member, signatureOf(*c.decl), c.decl->loc,
            c.decl->name);
      else if (c.builtin != BuiltinId::None)
        add(m->getLoc(), m->member,
            "builtin method " + builtinName(c.builtin).str() + " -> " +
                typeStr(c.type),
            {}, "");
    } else if (c.callee) {
      visitExpr(*c.callee);
    }
    args(c.args);
  }

  void visitMemberExpr(const MemberExpr &m) {
    visitExpr(*m.base);
    if (m.field)
      add(m.getLoc(), m.member, typeStr(m.field->type) + " " + m.member,
          m.field->loc, m.field->name);
    else if (m.type)
      add(m.getLoc(), m.member, typeStr(m.type) + " " + m.member, {}, "");
  }

  void visitNewExpr(const NewExpr &n) {
    if (n.ctor && n.ctor->parent)
      add(n.cls.loc, n.cls.name, signatureOf(*n.ctor), n.ctor->parent->loc,
          n.ctor->parent->name);
    args(n.args);
  }

private:
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
    const char *bufStart = id ? sm.getMemoryBuffer(id)->getBufferStart() : nullptr;
    if (id == mainID && d.range.isValid() &&
        d.range.Start.getPointer() >= bufStart &&
        d.range.Start.getPointer() <= d.range.End.getPointer() &&
        d.range.End.getPointer() <= sm.getMemoryBuffer(id)->getBufferEnd() &&
        d.range.Start.getPointer() < d.range.End.getPointer()) {
      // the expression the diagnostic underlines
      out.range = {positionOf(unsigned(d.range.Start.getPointer() - bufStart)),
                   positionOf(unsigned(d.range.End.getPointer() - bufStart))};
    } else if (id == mainID) {
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
  llvm::StringRef line(text.data() + start, lineEnd - start);
  return start + byteOffsetOfUtf16(line, pos.character);
}

Position Analysis::positionOf(unsigned offset) const {
  if (offset > text.size())
    offset = unsigned(text.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  unsigned line = unsigned(it - lineStarts.begin()) - 1;
  llvm::StringRef before(text.data() + lineStarts[line],
                         offset - lineStarts[line]);
  return {line, utf16Length(before)};
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
  // UTF-16 columns: the text of the line before the name, and the name
  llvm::StringRef lineText(loc.getPointer() - (col - 1), col - 1);
  unsigned start = utf16Length(lineText);
  l.range.start = {line - 1, start};
  l.range.end = {line - 1, start + utf16Length(name)};
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
