//===- AST.cpp - Helpers of the AST node classes --------------------------===//

#include "neve/Frontend/AST.h"
#include "neve/Frontend/ASTVisitor.h"

#include "llvm/Support/raw_ostream.h"

using namespace neve;

llvm::StringRef neve::spelling(UnaryOp op) {
  return op == UnaryOp::Neg ? "-" : "!";
}

llvm::StringRef neve::spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::FloorDiv: return "//";
  case BinaryOp::CeilDiv: return "/|";
  case BinaryOp::Mod: return "%";
  case BinaryOp::MatMul: return "@";
  case BinaryOp::Shl: return "<|";
  case BinaryOp::Shr: return "|>";
  case BinaryOp::BitOr: return "|";
  case BinaryOp::Offby: return "offby";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::And: return "and";
  case BinaryOp::Or: return "or";
  case BinaryOp::Xor: return "xor";
  }
  return "?";
}

llvm::StringRef neve::canonicalName(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "add";
  case BinaryOp::Sub: return "sub";
  case BinaryOp::Mul: return "mult";
  case BinaryOp::Div: return "div";
  case BinaryOp::Mod: return "mod";
  case BinaryOp::MatMul: return "mma";
  case BinaryOp::Eq: return "equal";
  case BinaryOp::Ne: return "different";
  case BinaryOp::Lt: return "minor";
  case BinaryOp::Gt: return "higher";
  case BinaryOp::Le: return "minor_eq";
  case BinaryOp::Ge: return "higher_eq";
  case BinaryOp::Offby: return "offby";
  default: return "";
  }
}

std::string TypeExpr::str() const {
  std::string out;
  llvm::raw_string_ostream os(out);
  if (isPointer) {
    os << (args.empty() ? std::string("?") : args[0].str()) << "[";
    if (fixedSize)
      os << *fixedSize;
    os << "]";
    return out;
  }
  os << name;
  if (args.empty() && extents.empty())
    return out;
  os << "<";
  for (size_t i = 0; i < args.size(); ++i)
    os << (i ? ", " : "") << args[i].str();
  if (name == "channel")
    os << ", " << channelCapacity;
  for (const LayoutExtent &e : extents) {
    os << ", ";
    if (e.value)
      os << *e.value;
    else
      os << e.name;
  }
  if (isSmem)
    os << ", smem";
  os << ">";
  return out;
}

llvm::StringRef CallExpr::calleeName() const {
  if (!callee)
    return "";
  if (auto *n = llvm::dyn_cast<NameExpr>(callee.get()))
    return n->name;
  if (auto *m = llvm::dyn_cast<MemberExpr>(callee.get()))
    return m->member;
  return "";
}

FieldDecl *ClassDecl::findField(llvm::StringRef n) const {
  for (auto &f : fields)
    if (f->name == n)
      return f.get();
  return nullptr;
}

FuncDecl *ClassDecl::findMethod(llvm::StringRef n) const {
  for (auto &m : methods)
    if (m->name == n)
      return m.get();
  return nullptr;
}

std::string ImportDecl::dottedName() const {
  std::string s;
  for (size_t i = 0; i < path.size(); ++i)
    s += (i ? "." : "") + path[i];
  return s;
}

//===----------------------------------------------------------------------===//
// Deep trees, without recursion
//===----------------------------------------------------------------------===//

unsigned neve::exprDepth(const Expr &root, const Expr **deepestNode) {
  unsigned deepest = 0;
  const Expr *node = &root;
  llvm::SmallVector<std::pair<const Expr *, unsigned>, 64> work{{&root, 1}};
  llvm::SmallVector<std::pair<const Expr *, unsigned>, 8> children;
  while (!work.empty()) {
    auto [e, depth] = work.pop_back_val();
    if (depth > deepest) {
      deepest = depth;
      node = e;
    }
    // Pushed in reverse, so that children are visited in source order and
    // the first deepest node is the one kept.
    children.clear();
    forEachChild<true>(*e, [&, d = depth](const Expr &c) {
      children.push_back({&c, d + 1});
    });
    work.append(children.rbegin(), children.rend());
  }
  if (deepestNode)
    *deepestNode = node;
  return deepest;
}

void neve::destroyExpr(ExprPtr e) {
  std::vector<ExprPtr> work;
  if (e)
    work.push_back(std::move(e));
  while (!work.empty()) {
    ExprPtr next = std::move(work.back());
    work.pop_back();
    forEachChildSlot</*Const=*/false>(*next, [&](ExprPtr &slot) {
      if (slot)
        work.push_back(std::move(slot));
    });
    // `next` dies here with no children left.
  }
}

bool VarDecl::hasCallerDefault() const {
  auto *name = llvm::dyn_cast_or_null<NameExpr>(init.get());
  return name && name->name == "caller";
}

unsigned FuncDecl::numCallerParams() const {
  unsigned n = 0;
  while (n < params.size() && params[params.size() - 1 - n]->hasCallerDefault())
    ++n;
  return n;
}
