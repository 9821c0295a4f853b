//===- AST.h - Abstract syntax tree of Neve ---------------------*- C++ -*-===//
//
// One node class per construct. Nodes own their children through
// std::unique_ptr; Sema fills in the semantic fields (types, resolved
// declarations) in place. LLVM-style RTTI (`isa`, `dyn_cast`) works on the
// Expr, Stmt and Decl hierarchies.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_AST_H
#define NEVE_FRONTEND_AST_H

#include "neve/Frontend/Types.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace neve {

class FuncDecl;
class VarDecl;

//===----------------------------------------------------------------------===//
// Type expressions (the syntax of a type)
//===----------------------------------------------------------------------===//

/// A type as written: a scalar keyword, `str`, `void`, or a name.
struct TypeExpr {
  llvm::SMLoc loc;
  std::string name;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind {
    IntLit, FloatLit, StrLit, BoolLit, Name, Unary, Binary, Call, Cast
  };
  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

  /// Set by Sema.
  const Type *type = nullptr;

private:
  Kind kind;
  llvm::SMLoc loc;
};
using ExprPtr = std::unique_ptr<Expr>;

#define NEVE_EXPR_CLASSOF(KIND)                                                \
  static bool classof(const Expr *e) { return e->getKind() == Kind::KIND; }

class IntLitExpr : public Expr {
public:
  IntLitExpr(llvm::SMLoc loc, uint64_t value)
      : Expr(Kind::IntLit, loc), value(value) {}
  uint64_t value;
  NEVE_EXPR_CLASSOF(IntLit)
};

class FloatLitExpr : public Expr {
public:
  FloatLitExpr(llvm::SMLoc loc, double value)
      : Expr(Kind::FloatLit, loc), value(value) {}
  double value;
  NEVE_EXPR_CLASSOF(FloatLit)
};

class StrLitExpr : public Expr {
public:
  StrLitExpr(llvm::SMLoc loc, std::string value)
      : Expr(Kind::StrLit, loc), value(std::move(value)) {}
  std::string value;
  NEVE_EXPR_CLASSOF(StrLit)
};

class BoolLitExpr : public Expr {
public:
  BoolLitExpr(llvm::SMLoc loc, bool value)
      : Expr(Kind::BoolLit, loc), value(value) {}
  bool value;
  NEVE_EXPR_CLASSOF(BoolLit)
};

/// A reference to a variable or parameter.
class NameExpr : public Expr {
public:
  NameExpr(llvm::SMLoc loc, std::string name)
      : Expr(Kind::Name, loc), name(std::move(name)) {}
  std::string name;
  /// Set by Sema.
  VarDecl *decl = nullptr;
  NEVE_EXPR_CLASSOF(Name)
};

enum class UnaryOp { Neg, Not };
enum class BinaryOp {
  Add, Sub, Mul, Div, FloorDiv, CeilDiv, Mod, Shl, Shr, BitOr,
  Eq, Ne, Lt, Gt, Le, Ge, And, Or, Xor
};
llvm::StringRef spelling(UnaryOp op);
llvm::StringRef spelling(BinaryOp op);

class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
  NEVE_EXPR_CLASSOF(Unary)
};

class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMLoc loc, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, loc), op(op), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinaryOp op;
  ExprPtr lhs, rhs;
  /// Set by Sema: the type both operands are promoted to before the
  /// operation (§5.1); for comparisons it differs from `type` (bool).
  const Type *operandType = nullptr;
  NEVE_EXPR_CLASSOF(Binary)
};

/// A call of a named function or builtin: `f(a, b)`.
class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, std::string callee, std::vector<ExprPtr> args)
      : Expr(Kind::Call, loc), callee(std::move(callee)),
        args(std::move(args)) {}
  std::string callee;
  std::vector<ExprPtr> args;
  /// Set by Sema: the user function called, or null for a builtin.
  FuncDecl *decl = nullptr;
  NEVE_EXPR_CLASSOF(Call)
};

/// An explicit conversion `float(x)`, or one Sema inserted (§4.5).
class CastExpr : public Expr {
public:
  CastExpr(llvm::SMLoc loc, ExprPtr operand, bool isImplicit)
      : Expr(Kind::Cast, loc), operand(std::move(operand)),
        isImplicit(isImplicit) {}
  ExprPtr operand;
  bool isImplicit;
  /// For explicit casts: the target type as written.
  TypeExpr target;
  NEVE_EXPR_CLASSOF(Cast)
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    VarDecl, Assign, Expr, Return, Break, Continue, If, While, For
  };
  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

private:
  Kind kind;
  llvm::SMLoc loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

#define NEVE_STMT_CLASSOF(KIND)                                                \
  static bool classof(const Stmt *s) { return s->getKind() == Kind::KIND; }

/// A variable: a local declarator, a function parameter or a loop variable.
class VarDecl {
public:
  VarDecl(llvm::SMLoc loc, std::string name) : loc(loc), name(std::move(name)) {}
  llvm::SMLoc loc;
  std::string name;
  /// Null for `var`, whose type comes from the initializer.
  std::unique_ptr<TypeExpr> typeExpr;
  ExprPtr init;
  /// Set by Sema.
  const Type *type = nullptr;
  /// Loop variables may not be assigned (§6.5).
  bool isReadOnly = false;
};

/// `int a = 1, b` or `var x = e`: one statement, several declarators.
class VarDeclStmt : public Stmt {
public:
  explicit VarDeclStmt(llvm::SMLoc loc) : Stmt(Kind::VarDecl, loc) {}
  std::vector<std::unique_ptr<VarDecl>> vars;
  NEVE_STMT_CLASSOF(VarDecl)
};

/// `x = e`, or `x op= e` with `op` one of + - * /.
class AssignStmt : public Stmt {
public:
  AssignStmt(llvm::SMLoc loc, ExprPtr target, ExprPtr value,
             std::optional<BinaryOp> compound)
      : Stmt(Kind::Assign, loc), target(std::move(target)),
        value(std::move(value)), compound(compound) {}
  ExprPtr target, value;
  std::optional<BinaryOp> compound;
  NEVE_STMT_CLASSOF(Assign)
};

class ExprStmt : public Stmt {
public:
  ExprStmt(llvm::SMLoc loc, ExprPtr expr)
      : Stmt(Kind::Expr, loc), expr(std::move(expr)) {}
  ExprPtr expr;
  NEVE_STMT_CLASSOF(Expr)
};

class ReturnStmt : public Stmt {
public:
  ReturnStmt(llvm::SMLoc loc, ExprPtr value)
      : Stmt(Kind::Return, loc), value(std::move(value)) {}
  ExprPtr value; // may be null
  NEVE_STMT_CLASSOF(Return)
};

class BreakStmt : public Stmt {
public:
  explicit BreakStmt(llvm::SMLoc loc) : Stmt(Kind::Break, loc) {}
  NEVE_STMT_CLASSOF(Break)
};

class ContinueStmt : public Stmt {
public:
  explicit ContinueStmt(llvm::SMLoc loc) : Stmt(Kind::Continue, loc) {}
  NEVE_STMT_CLASSOF(Continue)
};

class IfStmt : public Stmt {
public:
  IfStmt(llvm::SMLoc loc, ExprPtr cond) : Stmt(Kind::If, loc), cond(std::move(cond)) {}
  ExprPtr cond;
  Block thenBody, elseBody;
  bool hasElse = false;
  NEVE_STMT_CLASSOF(If)
};

class WhileStmt : public Stmt {
public:
  WhileStmt(llvm::SMLoc loc, ExprPtr cond)
      : Stmt(Kind::While, loc), cond(std::move(cond)) {}
  ExprPtr cond;
  Block body;
  NEVE_STMT_CLASSOF(While)
};

/// `for k = START, COND[, STEP]` (§6.5).
class ForStmt : public Stmt {
public:
  explicit ForStmt(llvm::SMLoc loc) : Stmt(Kind::For, loc) {}
  std::unique_ptr<VarDecl> var; // init holds START
  ExprPtr cond;
  ExprPtr step; // may be null: 1
  Block body;
  NEVE_STMT_CLASSOF(For)
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

class FuncDecl {
public:
  FuncDecl(llvm::SMLoc loc, std::string name) : loc(loc), name(std::move(name)) {}
  llvm::SMLoc loc;
  std::string name;
  TypeExpr returnTypeExpr;
  std::vector<std::unique_ptr<VarDecl>> params;
  Block body;
  /// Set by Sema.
  const Type *returnType = nullptr;
  /// The `main` block is a FuncDecl with this flag and no parameters.
  bool isMain = false;
};

/// One source file: its functions and its `main` block.
class Module {
public:
  std::string fileName;
  std::vector<std::unique_ptr<FuncDecl>> funcs;
  /// The main block, if the file has one.
  FuncDecl *main = nullptr;
};

/// Prints the AST as an indented tree (neve-translate --emit=ast).
void printAST(const Module &module, const llvm::SourceMgr &sm,
              llvm::raw_ostream &os);

} // namespace neve

#endif // NEVE_FRONTEND_AST_H
