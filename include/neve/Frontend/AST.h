//===- AST.h - Abstract syntax tree of Neve ---------------------*- C++ -*-===//
//
// One node class per construct of the language reference (spec §10). Nodes
// own their children through std::unique_ptr; Sema fills in the semantic
// fields (types, resolved declarations, implicit conversions) in place.
// LLVM-style RTTI (`isa`, `dyn_cast`) works on the Expr and Stmt hierarchies.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_AST_H
#define NEVE_FRONTEND_AST_H

#include "neve/Frontend/Builtins.h"
#include "neve/Frontend/Types.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace neve {

class ClassDecl;
class FieldDecl;
class FuncDecl;
class VarDecl;

//===----------------------------------------------------------------------===//
// Type expressions (the syntax of a type, §10 `type`)
//===----------------------------------------------------------------------===//

/// One extent of a layout type: an integer literal or an identifier.
struct LayoutExtent {
  llvm::SMLoc loc;
  std::optional<int64_t> value; ///< set for a literal
  std::string name;             ///< set for an identifier
};

/// A type as written.
///  - `int`, `str`, `any`, `void`, `tensor`, a class or foreign name: `name`
///    alone;
///  - `array<T>`, `map<K,V>`, `tuple<…>`, `Function<R, …>`: `name` and
///    `args`;
///  - `channel<T, N>`: `name`, `args` = {T}, `channelCapacity` = N;
///  - `layout<T, d…[, smem]>`: `name` = "layout", `args` = {T}, `extents`,
///    `isSmem`;
///  - `T[]` and `T[N]`: `isPointer`, `args` = {T}, `fixedSize` = N for `T[N]`.
struct TypeExpr {
  llvm::SMLoc loc;
  std::string name;
  std::vector<TypeExpr> args;
  std::vector<LayoutExtent> extents;
  int64_t channelCapacity = 0;
  bool isSmem = false;
  bool isPointer = false;
  std::optional<int64_t> fixedSize;

  /// The type as it would be written in source ("array<int>", "float[]").
  std::string str() const;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// The deepest expression tree the front end accepts: nested operands,
/// left-associative chains (`1 + 1 + … + 1`) and member chains (`a.n.n….n`)
/// alike. The parser refuses deeper expressions (Parser::parseExpr) and
/// every walker (ASTVisitor.h) stops there, so their recursion is bounded.
inline constexpr unsigned kMaxExprDepth = 1000;

class Expr {
public:
  enum class Kind {
#define NEVE_EXPR(K) K,
#include "neve/Frontend/ASTNodes.def"
  };
  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  /// Where diagnostics put their caret: the operator of a binary
  /// expression, the callee's name of a call, the start of anything else.
  llvm::SMLoc getLoc() const { return loc; }
  /// The source text of the whole expression, from its first character to
  /// just past its last (what diagnostics underline, `^~~~`); set by the
  /// parser. Nodes made elsewhere (Sema's implicit conversions copy their
  /// operand's) may have none: then the empty range at getLoc().
  llvm::SMRange getRange() const {
    return range.isValid() ? range : llvm::SMRange(loc, loc);
  }
  void setRange(llvm::SMRange r) { range = r; }

  /// Set by Sema.
  const Type *type = nullptr;

private:
  Kind kind;
  llvm::SMLoc loc;
  llvm::SMRange range;
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

/// A float literal, or `inf` (value +infinity, `isInf`).
class FloatLitExpr : public Expr {
public:
  FloatLitExpr(llvm::SMLoc loc, double value, bool isInf = false)
      : Expr(Kind::FloatLit, loc), value(value), isInf(isInf) {}
  double value;
  bool isInf;
  NEVE_EXPR_CLASSOF(FloatLit)
};

class StrLitExpr : public Expr {
public:
  StrLitExpr(llvm::SMLoc loc, std::string value)
      : Expr(Kind::StrLit, loc), value(std::move(value)) {}
  std::string value;
  NEVE_EXPR_CLASSOF(StrLit)
};

/// `'c'`: exactly one character or escape (§1.5).
class CharLitExpr : public Expr {
public:
  CharLitExpr(llvm::SMLoc loc, uint8_t value)
      : Expr(Kind::CharLit, loc), value(value) {}
  uint8_t value;
  NEVE_EXPR_CLASSOF(CharLit)
};

class BoolLitExpr : public Expr {
public:
  BoolLitExpr(llvm::SMLoc loc, bool value)
      : Expr(Kind::BoolLit, loc), value(value) {}
  bool value;
  NEVE_EXPR_CLASSOF(BoolLit)
};

class NilLitExpr : public Expr {
public:
  explicit NilLitExpr(llvm::SMLoc loc) : Expr(Kind::NilLit, loc) {}
  NEVE_EXPR_CLASSOF(NilLit)
};

/// What a name refers to, decided by Sema.
enum class NameRef {
  Unresolved,
  Var,         ///< a local, parameter or loop variable: `decl`
  Function,    ///< a top-level function used as a value: `func`
  Predeclared, ///< a predeclared value (`tid`, `bx`, `float_t`, ...)
};

/// An identifier used as an expression.
class NameExpr : public Expr {
public:
  NameExpr(llvm::SMLoc loc, std::string name)
      : Expr(Kind::Name, loc), name(std::move(name)) {}
  std::string name;
  /// Set by Sema.
  NameRef ref = NameRef::Unresolved;
  VarDecl *decl = nullptr;
  FuncDecl *func = nullptr;
  /// The predeclared value (Builtins.td) when `ref` is Predeclared.
  BuiltinId builtin = BuiltinId::None;
  NEVE_EXPR_CLASSOF(Name)
};

/// `self` inside a constructor or method.
class SelfExpr : public Expr {
public:
  explicit SelfExpr(llvm::SMLoc loc) : Expr(Kind::Self, loc) {}
  NEVE_EXPR_CLASSOF(Self)
};

/// `$C`: the singleton of class C (§2.3).
class GlobalExpr : public Expr {
public:
  GlobalExpr(llvm::SMLoc loc, std::string className)
      : Expr(Kind::Global, loc), className(std::move(className)) {}
  std::string className;
  /// Set by Sema.
  ClassDecl *cls = nullptr;
  NEVE_EXPR_CLASSOF(Global)
};

enum class UnaryOp { Neg, Not };
enum class BinaryOp {
  Add, Sub, Mul, Div, FloorDiv, CeilDiv, Mod, MatMul, Shl, Shr, BitOr, Offby,
  Eq, Ne, Lt, Gt, Le, Ge, And, Or, Xor
};
llvm::StringRef spelling(UnaryOp op);
llvm::StringRef spelling(BinaryOp op);
/// The canonical operator name of §3.5 ("add", "mma", "minor_eq", ...), or
/// "" for operators that cannot be defined.
llvm::StringRef canonicalName(BinaryOp op);

class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
  /// Set by Sema: `!x` on a reference or pointer is a nil test (§4.7).
  bool isNilTest = false;
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
  /// Set by Sema: the user operator definition or `operation` that
  /// implements this expression (§3.5, §3.8), or null for a builtin one.
  FuncDecl *opFunc = nullptr;
  NEVE_EXPR_CLASSOF(Binary)
};

/// `xs reduce +`, `xs scan *` (§5.3).
class FoldExpr : public Expr {
public:
  FoldExpr(llvm::SMLoc loc, ExprPtr operand, bool isScan, BinaryOp op)
      : Expr(Kind::Fold, loc), operand(std::move(operand)), isScan(isScan),
        op(op) {}
  ExprPtr operand;
  bool isScan; ///< `scan` rather than `reduce`
  BinaryOp op; ///< Add or Mul
  NEVE_EXPR_CLASSOF(Fold)
};

/// How a call argument is written (§6.8.2, §10 `arg`).
enum class ArgSplit { None, Chunked /* >xs */, Strided /* :xs */ };

/// One argument of a call: `[name =] expr`, `>expr`, `:expr`.
struct Arg {
  llvm::SMLoc loc;
  std::string keyword; ///< `name = expr`; empty for positional arguments
  ExprPtr value;
  ArgSplit split = ArgSplit::None;
};

/// What a call calls, decided by Sema.
enum class CallKind {
  Unresolved,
  Function,      ///< a top-level def/gpu/proto function: `decl`
  Method,        ///< a method of a class: `decl`, `receiver`
  ExtMethod,     ///< rule 3 of §3.6: `decl(receiver, args…)`
  FunctionValue, ///< a `Function<…>` value: `callee` is the value
  Builtin,       ///< a builtin function or intrinsic: `builtin`
  BuiltinMethod, ///< a builtin method of str/array/map/channel: `builtin`
};

/// A call: `f(a)`, `x.m(a)`, `table[k](a)`, `f(xs)<64>`.
class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, ExprPtr callee, std::vector<Arg> args)
      : Expr(Kind::Call, loc), callee(std::move(callee)),
        args(std::move(args)) {}
  /// A NameExpr for `f(…)`, a MemberExpr for `x.m(…)`, anything else for
  /// calls of function values.
  ExprPtr callee;
  std::vector<Arg> args;
  /// Compile-time arguments `<64, 8>` (§3.9).
  std::vector<int64_t> ctimeArgs;

  /// The name called when the callee is a NameExpr or a MemberExpr ("" else).
  llvm::StringRef calleeName() const;

  /// Set by Sema.
  CallKind callKind = CallKind::Unresolved;
  FuncDecl *decl = nullptr;
  /// The entry of Builtins.td for Builtin and BuiltinMethod calls.
  BuiltinId builtin = BuiltinId::None;
  /// For methods: the receiver (moved out of the callee MemberExpr).
  ExprPtr receiver;
  NEVE_EXPR_CLASSOF(Call)
};

/// `x.f`: a field (or, as a callee, a method name).
class MemberExpr : public Expr {
public:
  MemberExpr(llvm::SMLoc loc, ExprPtr base, std::string member)
      : Expr(Kind::Member, loc), base(std::move(base)),
        member(std::move(member)) {}
  ExprPtr base;
  std::string member;
  /// Set by Sema for fields of classes.
  FieldDecl *field = nullptr;
  NEVE_EXPR_CLASSOF(Member)
};

/// One item inside `x[…]`: an index, or a slice `[s]:[e]`.
struct IndexItem {
  llvm::SMLoc loc;
  ExprPtr index;      ///< the index, or the slice start (may be null)
  ExprPtr sliceEnd;   ///< slice end (may be null)
  bool isSlice = false;
};

/// `x[i]`, `x[s:e]`, `v[r, c]`.
class IndexExpr : public Expr {
public:
  IndexExpr(llvm::SMLoc loc, ExprPtr base, std::vector<IndexItem> items)
      : Expr(Kind::Index, loc), base(std::move(base)),
        items(std::move(items)) {}
  ExprPtr base;
  std::vector<IndexItem> items;
  NEVE_EXPR_CLASSOF(Index)
};

/// `v{a, b}` (element address, §8.5.5) or `v{a, b}(i, j)` (tile, §8.5.4).
class SelectExpr : public Expr {
public:
  SelectExpr(llvm::SMLoc loc, ExprPtr base, std::vector<ExprPtr> braces)
      : Expr(Kind::Select, loc), base(std::move(base)),
        braces(std::move(braces)) {}
  ExprPtr base;
  std::vector<ExprPtr> braces;
  /// The tile coordinates `(i, j)`; empty with `isTile` false for an
  /// element address.
  std::vector<ExprPtr> coords;
  bool isTile = false;
  NEVE_EXPR_CLASSOF(Select)
};

/// `[e1, e2, …]`.
class ListLitExpr : public Expr {
public:
  ListLitExpr(llvm::SMLoc loc, std::vector<ExprPtr> elems)
      : Expr(Kind::ListLit, loc), elems(std::move(elems)) {}
  std::vector<ExprPtr> elems;
  NEVE_EXPR_CLASSOF(ListLit)
};

/// `{k: v, …}`.
class MapLitExpr : public Expr {
public:
  explicit MapLitExpr(llvm::SMLoc loc) : Expr(Kind::MapLit, loc) {}
  std::vector<ExprPtr> keys, values;
  NEVE_EXPR_CLASSOF(MapLit)
};

/// `return a, b` builds a tuple (§3.1); only the parser creates these.
class TupleExpr : public Expr {
public:
  TupleExpr(llvm::SMLoc loc, std::vector<ExprPtr> elems)
      : Expr(Kind::Tuple, loc), elems(std::move(elems)) {}
  std::vector<ExprPtr> elems;
  NEVE_EXPR_CLASSOF(Tuple)
};

/// `new C(args)`, and the construction in `C x(args)`.
class NewExpr : public Expr {
public:
  NewExpr(llvm::SMLoc loc, TypeExpr cls, std::vector<Arg> args)
      : Expr(Kind::New, loc), cls(std::move(cls)), args(std::move(args)) {}
  TypeExpr cls;
  std::vector<Arg> args;
  /// Set by Sema: the constructor called (null for the implicit one).
  FuncDecl *ctor = nullptr;
  NEVE_EXPR_CLASSOF(New)
};

/// `layout<T, d…[, smem]>(ptr)` or `layout<…>()` (§8.5.2).
class LayoutNewExpr : public Expr {
public:
  LayoutNewExpr(llvm::SMLoc loc, TypeExpr layoutType, ExprPtr base)
      : Expr(Kind::LayoutNew, loc), layoutType(std::move(layoutType)),
        base(std::move(base)) {}
  TypeExpr layoutType;
  ExprPtr base; ///< may be null: shared or register storage
  /// Extents given as identifiers that name runtime values (`rows`) are
  /// resolved by Sema into these expressions, one per extent (null for
  /// literal extents).
  std::vector<ExprPtr> extentExprs;
  NEVE_EXPR_CLASSOF(LayoutNew)
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

/// A scalar type keyword written alone as a call argument: its type tag,
/// an `int` constant (§4.4).
class TypeTagExpr : public Expr {
public:
  TypeTagExpr(llvm::SMLoc loc, std::string typeName)
      : Expr(Kind::TypeTag, loc), typeName(std::move(typeName)) {}
  std::string typeName;
  /// Set by Sema: the type tag's entry of Builtins.td (`float_t`).
  BuiltinId builtin = BuiltinId::None;
  NEVE_EXPR_CLASSOF(TypeTag)
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
#define NEVE_STMT(K) K,
#include "neve/Frontend/ASTNodes.def"
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
  /// Null for `var`, whose type comes from the initializer, and for the
  /// variables of `for x in` and multi-loops.
  std::unique_ptr<TypeExpr> typeExpr;
  /// The initializer; for parameters, the default value.
  ExprPtr init;
  /// `T x <- ch`: `init` is the channel received from.
  bool isReceive = false;
  /// `C x(args)`: `init` is a NewExpr built by the parser.
  bool isConstruction = false;
  /// Set by Sema.
  const Type *type = nullptr;
  /// Loop variables may not be assigned (§6.5).
  bool isReadOnly = false;
  /// A `str` parameter whose default is `caller` (§3.2): each call that
  /// leaves it out passes its own source position.
  bool hasCallerDefault() const;
};

/// `int a = 1, b` or `var x = e`: one statement, several declarators.
class VarDeclStmt : public Stmt {
public:
  explicit VarDeclStmt(llvm::SMLoc loc) : Stmt(Kind::VarDecl, loc) {}
  std::vector<std::unique_ptr<VarDecl>> vars;
  NEVE_STMT_CLASSOF(VarDecl)
};

/// `x = e`, `a, b = e` (tuple unpacking), or `x op= e` with `op` one of
/// + - * / (and `Z += X op Y`, the accumulating form of §8.6).
class AssignStmt : public Stmt {
public:
  AssignStmt(llvm::SMLoc loc, std::vector<ExprPtr> targets, ExprPtr value,
             std::optional<BinaryOp> compound)
      : Stmt(Kind::Assign, loc), targets(std::move(targets)),
        value(std::move(value)), compound(compound) {}
  std::vector<ExprPtr> targets; ///< at least one
  ExprPtr value;
  std::optional<BinaryOp> compound;
  /// Set by Sema: for `Z += X op Y` with a three-parameter `gpu void`
  /// operator (§8.6), the operator called as op(X, Y, Z).
  FuncDecl *accumulator = nullptr;
  /// Set by Sema: `Z += X @ Y` with no user accumulator, the builtin tiled
  /// tensor-core product (§8.6).
  bool isBuiltinMatmul = false;
  /// Set by Sema: for `t op= u` with a user operator (§6.2), the operator
  /// definition whose result is assigned to `t`.
  FuncDecl *compoundOp = nullptr;
  NEVE_STMT_CLASSOF(Assign)
};

/// `a <- b`: a send or a receive, decided by Sema from the types (§6.8.5).
class ChannelStmt : public Stmt {
public:
  ChannelStmt(llvm::SMLoc loc, ExprPtr lhs, ExprPtr rhs)
      : Stmt(Kind::Channel, loc), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  ExprPtr lhs, rhs;
  /// Set by Sema: true for `ch <- e`, false for `v <- ch`.
  bool isSend = false;
  NEVE_STMT_CLASSOF(Channel)
};

class ExprStmt : public Stmt {
public:
  ExprStmt(llvm::SMLoc loc, ExprPtr expr)
      : Stmt(Kind::Expr, loc), expr(std::move(expr)) {}
  ExprPtr expr;
  NEVE_STMT_CLASSOF(Expr)
};

/// `return`, `return e`, or `return a, b` (value is then a TupleExpr).
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

/// `for x in xs` (§6.5).
class ForInStmt : public Stmt {
public:
  explicit ForInStmt(llvm::SMLoc loc) : Stmt(Kind::ForIn, loc) {}
  std::unique_ptr<VarDecl> var;
  ExprPtr iterable;
  Block body;
  NEVE_STMT_CLASSOF(ForIn)
};

/// `[A0..B0, A1..B1] v0, v1` (§6.5).
class MultiLoopStmt : public Stmt {
public:
  explicit MultiLoopStmt(llvm::SMLoc loc) : Stmt(Kind::MultiLoop, loc) {}
  std::vector<ExprPtr> lower, upper;
  std::vector<std::unique_ptr<VarDecl>> vars;
  Block body;
  NEVE_STMT_CLASSOF(MultiLoop)
};

/// `finish` with a block (§6.8.3).
class FinishStmt : public Stmt {
public:
  explicit FinishStmt(llvm::SMLoc loc) : Stmt(Kind::Finish, loc) {}
  Block body;
  NEVE_STMT_CLASSOF(Finish)
};

/// `lock ["name"]` with a block (§6.8.4).
class LockStmt : public Stmt {
public:
  explicit LockStmt(llvm::SMLoc loc) : Stmt(Kind::Lock, loc) {}
  std::optional<std::string> name;
  Block body;
  NEVE_STMT_CLASSOF(Lock)
};

/// `async STMT` or `async` with a block (§6.8.1).
class AsyncStmt : public Stmt {
public:
  explicit AsyncStmt(llvm::SMLoc loc) : Stmt(Kind::Async, loc) {}
  Block body;
  bool isInline = false; ///< the one-line form
  NEVE_STMT_CLASSOF(Async)
};

/// `asyncs N STMT` or `asyncs N` with a block (§6.8.1).
class AsyncsStmt : public Stmt {
public:
  explicit AsyncsStmt(llvm::SMLoc loc) : Stmt(Kind::Asyncs, loc) {}
  ExprPtr count;
  Block body;
  bool isInline = false;
  NEVE_STMT_CLASSOF(Asyncs)
};

/// `launch [g…] [b…] [SMEM [STREAM]] k(args)<ctime>` (§6.7).
class LaunchStmt : public Stmt {
public:
  explicit LaunchStmt(llvm::SMLoc loc) : Stmt(Kind::Launch, loc) {}
  std::vector<ExprPtr> grid, block;
  ExprPtr smem;   ///< may be null: 0
  ExprPtr stream; ///< may be null: the thread's stream
  /// `smem_size` was written in the SMEM position.
  bool smemIsKernelSize = false;
  std::string kernelName;
  llvm::SMLoc kernelLoc;
  std::vector<Arg> args;
  std::vector<int64_t> ctimeArgs;
  /// Set by Sema.
  FuncDecl *kernel = nullptr;
  NEVE_STMT_CLASSOF(Launch)
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// What a FuncDecl is.
enum class FuncKind {
  Def,       ///< `def` at top level (also operator definitions)
  Gpu,       ///< `gpu` device function
  Kernel,    ///< `kernel` entry point
  Method,    ///< `def` inside a class
  Ctor,      ///< `ctor` inside a class
  Proto,     ///< `proto` foreign declaration (no body)
  Operation, ///< `operation` foreign operator (no body)
  Main,      ///< the `main` block
};

class FuncDecl {
public:
  FuncDecl(llvm::SMLoc loc, std::string name) : loc(loc), name(std::move(name)) {}
  llvm::SMLoc loc;
  /// The identifier, or the operator symbol ("+", "@") of an operator
  /// definition, or "ctor" / "main".
  std::string name;
  FuncKind kind = FuncKind::Def;
  /// The name is an operator symbol (§3.5).
  bool isOperator = false;
  /// `proto RET sys name(…)`.
  bool isSys = false;
  TypeExpr returnTypeExpr;
  /// Parameters; for `proto`, unnamed (empty names) with types only.
  std::vector<std::unique_ptr<VarDecl>> params;
  /// `<int N, int M>` compile-time parameters (§3.9).
  std::vector<std::string> ctimeParams;
  Block body;
  /// The class of a method or constructor.
  ClassDecl *parent = nullptr;
  /// The file this declaration came from (for notes and imports).
  unsigned bufferID = 0;
  /// `@role("NAME")` (§3.10): the part the function plays in the chains
  /// that neve-fuse rewrites; empty when it plays none.
  std::string role;
  llvm::SMLoc roleLoc;

  /// Set by Sema.
  const Type *returnType = nullptr;
  std::vector<const Type *> paramTypes;
  /// Set by Sema: a top-level definition of the program that shadows a
  /// library's (§2.1), or has the name of a library class. Its IR symbol
  /// starts with `main.`, so that it differs from the library's (and
  /// fusion, which knows the library's by symbol, never takes it for one).
  bool shadows = false;

  bool isMain() const { return kind == FuncKind::Main; }
  /// The trailing parameters whose default is `caller` (§3.2): not
  /// operands of an operator, not part of its symbol.
  unsigned numCallerParams() const;
  bool isDevice() const {
    return kind == FuncKind::Gpu || kind == FuncKind::Kernel;
  }
  bool hasBody() const {
    return kind != FuncKind::Proto && kind != FuncKind::Operation;
  }
};

/// `TYPE a, b` inside a class: one FieldDecl per name.
class FieldDecl {
public:
  FieldDecl(llvm::SMLoc loc, std::string name, TypeExpr typeExpr)
      : loc(loc), name(std::move(name)), typeExpr(std::move(typeExpr)) {}
  llvm::SMLoc loc;
  std::string name;
  TypeExpr typeExpr;
  /// Set by Sema.
  const Type *type = nullptr;
  unsigned index = 0;
};

class ClassDecl {
public:
  ClassDecl(llvm::SMLoc loc, std::string name) : loc(loc), name(std::move(name)) {}
  llvm::SMLoc loc;
  std::string name;
  std::vector<std::unique_ptr<FieldDecl>> fields;
  /// The constructor, if written (at most one).
  std::unique_ptr<FuncDecl> ctor;
  std::vector<std::unique_ptr<FuncDecl>> methods;
  unsigned bufferID = 0;

  /// Set by Sema: the class type.
  const Type *type = nullptr;
  /// Set by Sema: a program class that shadows a library's (§2.1), or has
  /// the name of a library function; its IR name is `main.NAME`
  /// (Type::getSymbol).
  bool shadows = false;
  FieldDecl *findField(llvm::StringRef name) const;
  FuncDecl *findMethod(llvm::StringRef name) const;
};

/// `import [default] a.b.c` (§2.1).
class ImportDecl {
public:
  explicit ImportDecl(llvm::SMLoc loc) : loc(loc) {}
  llvm::SMLoc loc;
  std::vector<std::string> path;
  bool isDefault = false;
  /// Set by the module loader: the file it resolved to.
  std::string resolvedPath;

  std::string dottedName() const;
};

/// One source file.
class Module {
public:
  std::string fileName;
  unsigned bufferID = 0;
  /// Set by the module loader: part of an installed package ($NEVE_LIBS,
  /// the prelude included) rather than of the program (§2.1). The program
  /// is the main file and the modules it imports from its own directories.
  bool isLibrary = false;
  std::vector<std::unique_ptr<ImportDecl>> imports;
  std::vector<std::unique_ptr<ClassDecl>> classes;
  /// Functions, gpu functions, kernels, protos and operations, in source
  /// order (the main block is among them, with kind Main).
  std::vector<std::unique_ptr<FuncDecl>> funcs;
  /// The main block, if the file has one.
  FuncDecl *main = nullptr;
};

/// The depth of the deepest node of `e` (1 for a leaf), found without
/// recursion; `deepest` receives that node (the first in source order).
unsigned exprDepth(const Expr &e, const Expr **deepest = nullptr);

/// Destroys `e` without recursion (a tree deeper than the stack allows).
void destroyExpr(ExprPtr e);

/// Prints the AST as an indented tree (neve-translate --emit=ast).
void printAST(const Module &module, const llvm::SourceMgr &sm,
              llvm::raw_ostream &os);

} // namespace neve

#endif // NEVE_FRONTEND_AST_H
