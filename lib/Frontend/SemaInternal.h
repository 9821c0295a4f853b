//===- SemaInternal.h - The type checker's shared state ---------*- C++ -*-===//
//
// The Checker is split over several files by concern: declarations
// (SemaDecl.cpp), conversions and overload resolution (SemaConv.cpp),
// statements (SemaStmt.cpp), expressions (SemaExpr.cpp), calls and builtins
// (SemaCall.cpp). This header is private to lib/Frontend.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_FRONTEND_SEMAINTERNAL_H
#define NEVE_LIB_FRONTEND_SEMAINTERNAL_H

#include "neve/Frontend/ASTVisitor.h"
#include "neve/Frontend/Builtins.h"
#include "neve/Frontend/Sema.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <functional>

namespace neve {
namespace sema {

/// The result of matching call arguments against one candidate's
/// parameters: for each parameter, the argument that fills it (or -1 for
/// the default), and how good the match is.
struct ArgMatch {
  bool viable = false;
  bool exact = true;
  std::vector<int> argForParam;
  std::string why; ///< for a single candidate: why it does not match
  /// When an argument does not convert: which one (else -1).
  int badArg = -1;
  /// Too many or too few arguments.
  bool arity = false;
  const Type *badFrom = nullptr, *badTo = nullptr;
};

/// Where a diagnostic about expression `e` points: its caret, and its whole
/// text underlined.
inline DiagLoc at(const Expr &e) { return {e.getLoc(), e.getRange()}; }
/// An argument: from its start (a keyword or split marker) to its value's
/// end.
inline DiagLoc at(const Arg &a) {
  if (!a.value)
    return a.loc;
  llvm::SMRange r = a.value->getRange();
  llvm::SMLoc start = a.loc.isValid() && a.loc.getPointer() < r.Start.getPointer()
                          ? a.loc
                          : r.Start;
  return {a.loc.isValid() ? a.loc : a.value->getLoc(), {start, r.End}};
}
/// `x op= e`, `a, b = e` (the caret at the operator), `a <- b`, `return e`:
/// the whole statement.
inline DiagLoc at(const AssignStmt &s) {
  return {s.getLoc(),
          {s.targets.front()->getRange().Start, s.value->getRange().End}};
}
inline DiagLoc at(const ChannelStmt &s) {
  return {s.getLoc(), {s.lhs->getRange().Start, s.rhs->getRange().End}};
}
inline DiagLoc at(const ReturnStmt &s) {
  if (!s.value)
    return s.getLoc();
  return {s.getLoc(), {s.getLoc(), s.value->getRange().End}};
}
/// An index or slice `s:e`.
inline DiagLoc at(const IndexItem &item) {
  const Expr *last = item.sliceEnd ? item.sliceEnd.get() : item.index.get();
  if (!last)
    return item.loc;
  return {item.loc, {item.loc, last->getRange().End}};
}

/// Where a body is being checked.
enum class Context { Host, Device };

/// "sm_90a" -> 90.
unsigned chipNumber(llvm::StringRef chip);
/// Whether code compiled for `target` may use an intrinsic that needs
/// `need` (Builtins.td's Chip): sm_90a only on sm_90a, sm_90 from sm_90 on.
bool chipProvides(llvm::StringRef target, llvm::StringRef need);

class Checker;

/// Checks the arguments of a builtin call (SemaBuiltin.cpp).
struct BuiltinArgs {
  Checker &c;
  CallExpr &e;
  llvm::StringRef name;

  /// Reports keyword and split arguments.
  bool noExtras();
  /// Exactly `n` positional arguments.
  bool count(size_t n);
  bool anyError();
  /// Exactly these parameter types: `result`, or the error type.
  const Type *params(const Type *result, llvm::ArrayRef<const Type *> ps);
  const Type *type(size_t i) { return e.args[i].value->type; }
};

/// Expressions are visited with their expected type (the type a `[]` or
/// `{}` literal takes, §5.2) and give their type.
class Checker
    : public ExprVisitor<Checker, /*Const=*/false, const Type *, const Type *>,
      public StmtVisitor<Checker, /*Const=*/false, void> {
public:
  Checker(Program &program, TypeContext &types, DiagEngine &diag)
      : program(program), types(types), diag(diag) {}

  void run();

  //===--------------------------------------------------------------------===//
  // Declarations (SemaDecl.cpp)
  //===--------------------------------------------------------------------===//
  void collectDeclarations();
  void collectForeignTypes();

  //===--------------------------------------------------------------------===//
  // Names across modules (SemaShadowing.cpp, §2.1)
  //===--------------------------------------------------------------------===//
  /// Declares every class; a program class of a library class's name
  /// shadows it.
  void declareClasses();
  /// A program's named functions shadow a library's of the same name.
  void shadowFunctions();
  /// A program's operator definitions shadow a library's with the same
  /// operands.
  void shadowOperators();
  /// Is the code being checked (sideBuffer) a library's?
  bool inLibrary() const;
  /// The class `name` as the code being checked sees it.
  ClassDecl *lookupClass(llvm::StringRef name) const;
  /// Was `cls` declared (not a reported redefinition)?
  bool isDeclaredClass(const ClassDecl &cls) const;
  /// Does the code being checked see `fn`?
  bool visible(const FuncDecl *fn) const;
  /// Do the program or the library see both `a` and `b`?
  bool coVisible(const FuncDecl *a, const FuncDecl *b) const;
  /// The top-level functions `name` that the code being checked sees.
  std::vector<FuncDecl *> lookupFunctions(llvm::StringRef name) const;
  void noteShadowing(llvm::SMLoc at, const llvm::Twine &what,
                     llvm::SMLoc libraryLoc, unsigned libraryBuffer);

  void declareFunction(FuncDecl &fn);
  void resolveSignature(FuncDecl &fn);
  void resolveClass(ClassDecl &cls);
  void splitOperation(FuncDecl &op);
  const Type *parseMangled(llvm::StringRef name, unsigned &ambiguity);
  /// Resolves a written type. `shapeParams` receives fresh identifiers of
  /// layout extents (gpu layout parameters, §8.5.6); when null, an
  /// identifier extent must name a value in scope.
  const Type *resolveType(const TypeExpr &t, bool allowVoid = false,
                          std::vector<std::string> *shapeParams = nullptr);
  bool isTypeName(llvm::StringRef name) const;
  /// Is `name` a type name that a variable, parameter or function declared
  /// in buffer `bufferID` may not reuse (§1.4)? Classes count in the module
  /// that declares them, so a library's locals cannot clash with a user's
  /// class names.
  bool isReservedTypeName(llvm::StringRef name, unsigned bufferID) const;
  bool sameSignature(const FuncDecl &a, const FuncDecl &b) const;
  void checkRecursion();

  //===--------------------------------------------------------------------===//
  // Conversions (SemaConv.cpp)
  //===--------------------------------------------------------------------===//
  bool isConvertible(const Type *from, const Type *to) const;
  /// Converts `e` to `to` (wrapping it in an implicit CastExpr), or reports
  /// an error mentioning `what`. Returns false on error.
  bool coerce(ExprPtr &e, const Type *to, const llvm::Twine &what);
  const Type *promote(const Type *a, const Type *b) const;
  /// The common type of list elements (§5.2), or null.
  const Type *commonType(const Type *a, const Type *b) const;
  /// Matches `args` against `fn`'s parameters, honouring keywords and
  /// defaults; `skipFirst` parameters are already supplied (a receiver).
  ArgMatch matchArgs(const FuncDecl &fn, std::vector<Arg> &args,
                     unsigned skipFirst = 0, const Type *receiver = nullptr);
  /// Picks among `candidates` (§3.3). Reports errors at `loc` mentioning
  /// `what`; returns null when none or several match.
  FuncDecl *resolveOverload(llvm::ArrayRef<FuncDecl *> candidates,
                            std::vector<Arg> &args, DiagLoc loc,
                            const llvm::Twine &what, unsigned skipFirst = 0,
                            const Type *receiver = nullptr,
                            bool quiet = false);
  /// Converts the arguments of a resolved call to its parameter types and
  /// puts them in parameter order, with defaults filled in.
  /// A `caller` default (§3.2) receives the position `callLoc`.
  void applyArgs(FuncDecl &fn, std::vector<Arg> &args, const ArgMatch &m,
                 unsigned skipFirst, llvm::SMLoc callLoc);
  /// Does the argument of type `from` fit a layout parameter `to` (§8.5.6)?
  bool layoutArgFits(const Type *from, const Type *to) const;

  //===--------------------------------------------------------------------===//
  // Scopes
  //===--------------------------------------------------------------------===//
  void pushScope() { scopes.emplace_back(); }
  void popScope() { scopes.pop_back(); }
  VarDecl *lookupVar(llvm::StringRef name) const;
  void declareVar(VarDecl &var);
  /// A synthetic read-only int variable (compile-time and shape
  /// parameters).
  VarDecl *makeConstVar(llvm::SMLoc loc, llvm::StringRef name);

  //===--------------------------------------------------------------------===//
  // Statements (SemaStmt.cpp)
  //===--------------------------------------------------------------------===//
  void checkFunction(FuncDecl &fn);
  void checkBlock(Block &block, bool newScope = true);
  void checkStmt(Stmt &stmt);
#define NEVE_STMT(K) void visit##K##Stmt(K##Stmt &s);
#include "neve/Frontend/ASTNodes.def"
  void checkLoopExit(Stmt &s, llvm::StringRef what);
  void checkCondition(ExprPtr &cond, llvm::StringRef what);
  void checkVarDecl(VarDecl &var);
  void checkAssign(AssignStmt &as);
  void checkChannel(ChannelStmt &cs);
  void checkReturn(ReturnStmt &rs);
  void checkLaunch(LaunchStmt &ls);
  /// Reports `what` when checking device code (§8.3). Returns true if it
  /// was reported.
  bool refuseInDevice(llvm::SMLoc loc, const llvm::Twine &what);
  bool refuseInHost(llvm::SMLoc loc, const llvm::Twine &what);
  /// Reports `e` if it is an element address `v{...}` used as a value:
  /// addresses are only operands of intrinsics and T[] arguments (§8.5.5).
  bool refuseAddress(const Expr &e);
  /// Is `e` something that can be assigned to? Reports why not.
  bool checkAssignable(Expr &e);

  //===--------------------------------------------------------------------===//
  // Expressions (SemaExpr.cpp)
  //===--------------------------------------------------------------------===//
  const Type *checkExpr(ExprPtr &e, const Type *expected = nullptr);
#define NEVE_EXPR(K) const Type *visit##K##Expr(K##Expr &e, const Type *expected);
#include "neve/Frontend/ASTNodes.def"
  /// The depth limit of ASTVisitor.h: reported once, at the node.
  const Type *exprTooDeep(Expr &e, bool first, const Type *expected);
  const Type *checkName(NameExpr &e);
  const Type *checkUnary(UnaryExpr &e);
  const Type *checkBinary(BinaryExpr &e);
  const Type *checkBuiltinBinary(BinaryExpr &e, const Type *l, const Type *r);
  /// A user operator definition, canonical-name function or `operation`
  /// for `l op r` (§3.5), or null.
  FuncDecl *findOperator(BinaryOp op, const Type *l, const Type *r,
                         ExprPtr &lhs, ExprPtr &rhs, DiagLoc loc,
                         unsigned arity = 2, ExprPtr *third = nullptr);
  /// Set by findOperator when it found several equally good definitions
  /// (and reported it).
  bool lastOperatorAmbiguous = false;
  const Type *checkFold(FoldExpr &e);
  const Type *checkMember(MemberExpr &e);
  const Type *checkIndex(IndexExpr &e);
  const Type *checkSelect(SelectExpr &e);
  const Type *checkList(ListLitExpr &e, const Type *expected);
  const Type *checkMap(MapLitExpr &e, const Type *expected);
  const Type *checkNew(NewExpr &e);
  const Type *checkLayoutNew(LayoutNewExpr &e);
  const Type *checkCast(CastExpr &e);
  bool checkIntOperand(ExprPtr &e, llvm::StringRef what);
  /// The constant value of an integer expression, if it is one.
  std::optional<int64_t> constantInt(const Expr &e) const;
  Extent extentOf(const Expr &e) const;

  //===--------------------------------------------------------------------===//
  // Calls (SemaCall.cpp)
  //===--------------------------------------------------------------------===//
  const Type *checkCall(CallExpr &e, bool asStatement);
  const Type *checkFunctionCall(CallExpr &e, NameExpr &callee);
  const Type *checkMethodCall(CallExpr &e, MemberExpr &callee);

  //===--------------------------------------------------------------------===//
  // Builtins (SemaBuiltin.cpp; the table is Builtins.td)
  //===--------------------------------------------------------------------===//
  /// The builtin function, method (of `recv`) or value `name` in this
  /// program (test-only entries with --enable-test-builtins).
  BuiltinId builtinFunction(llvm::StringRef name) const;
  BuiltinId builtinMethod(const Type *recv, llvm::StringRef name) const;
  BuiltinId predeclaredValue(llvm::StringRef name) const;
  /// Names predeclared in the outer scope (§1.4, §7, §8) that top-level
  /// declarations may not reuse: builtin functions and predeclared values.
  bool isPredeclared(llvm::StringRef name) const;
  /// Types the arguments of a call of builtin `id`, the parameter types of
  /// its entry giving literals their expected types.
  void checkBuiltinArgs(CallExpr &e, BuiltinId id, const Type *recv);
  /// Checks a call of builtin `id` whose arguments are typed: where it may
  /// be called, then its signature. Resolves the call on success.
  const Type *checkBuiltin(CallExpr &e, BuiltinId id, const Type *recv);
  /// The generated switch over the entries' signatures.
  const Type *checkBuiltinSignature(BuiltinId id, CallExpr &e, BuiltinArgs &a,
                                    const Type *recv);
  llvm::SmallVector<const Type *, 4> builtinParamTypes(BuiltinId id,
                                                       const Type *recv);
  // The checks of entries whose `Check` names them.
  const Type *checkPrint(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkAssert(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkMinMax(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkStrSplit(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkArrayAppend(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkArrayFold(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkArrayPrint(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkChannelSum(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkShuffle(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkAtomic(CallExpr &e, BuiltinArgs &a, const Type *recv,
                          bool intOnly = false);
  const Type *checkAtomicIntOnly(CallExpr &e, BuiltinArgs &a,
                                 const Type *recv);
  const Type *checkCpWaitGroup(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkCpAsync16(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkLdmatrix(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkMma16x8x16(CallExpr &e, BuiltinArgs &a, const Type *recv);
  // SemaHopper.cpp: the Hopper intrinsics and tensor maps of §8.4.
  const Type *checkLaunchBounds(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkStmatrix(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkTmaLoad(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkTmaStore(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkConstantWait(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkNamedBarrier(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkWgmma(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkSetmaxnreg(CallExpr &e, BuiltinArgs &a, const Type *recv);
  const Type *checkTensorMap(CallExpr &e, BuiltinArgs &a, const Type *recv);
  /// Argument `i` of `name` is an mbarrier: an i64 shared element address.
  bool checkMbarOperand(CallExpr &e, size_t i, llvm::StringRef name);
  /// The shared layout type under a wgmma/TMA operand (a layout, a tile of
  /// one, an element address `v{i, j}`), or null when it cannot be seen.
  const Type *rootLayoutType(const Expr &e) const;
  /// The element type of address operand `i` of intrinsic `a.name` (an
  /// element address, a tile or a pointer in `space`), or null after
  /// reporting.
  const Type *intrinsicAddress(BuiltinArgs &a, size_t i,
                               std::optional<MemSpace> space,
                               llvm::StringRef role);

  void checkArgsUntyped(std::vector<Arg> &args);
  /// Types call arguments, each with the type of the parameter of `fn` it
  /// fills as its expected type (for `[]` and `{}`, §5.2); `skipFirst`
  /// parameters are already supplied (a receiver).
  void checkArgsFor(std::vector<Arg> &args, const FuncDecl &fn,
                    unsigned skipFirst = 0);
  void checkCtimeArgs(CallExpr &e, FuncDecl &fn);
  /// Checks the split markers of call arguments (§6.8.2).
  void checkSplitArgs(std::vector<Arg> &args);

  //===--------------------------------------------------------------------===//
  // State
  //===--------------------------------------------------------------------===//
  Program &program;
  TypeContext &types;
  DiagEngine &diag;

  llvm::StringMap<ClassDecl *> classes;
  /// Top-level functions by name: def, gpu, kernel, proto and operation
  /// declarations (overloads share a name). A binary operator definition is
  /// also listed under its canonical name ML_MR_name (§3.5).
  llvm::StringMap<std::vector<FuncDecl *>> functions;
  /// Operator definitions by symbol ("+", "@").
  llvm::StringMap<std::vector<FuncDecl *>> operators;
  /// Foreign pointer type names (§4.3).
  llvm::StringSet<> foreignTypes;
  /// The prelude's `tensor` class, if loaded.
  ClassDecl *tensorClass = nullptr;
  /// Program classes that shadow a library's (`classes` has the library's).
  llvm::StringMap<ClassDecl *> programClasses;
  /// The buffers of library modules (Module::isLibrary).
  llvm::DenseSet<unsigned> libraryBuffers;
  /// The buffer of the code being checked: whose names it sees (§2.1).
  unsigned sideBuffer = 0;
  /// Library definitions the program shadows, and the program's
  /// definitions that shadow them (which the library does not see).
  llvm::DenseSet<const FuncDecl *> hiddenFromProgram, hiddenFromLibrary;

  std::vector<llvm::StringMap<VarDecl *>> scopes;
  /// Synthetic variables (compile-time and shape parameters): constants
  /// once the function is specialised.
  std::vector<std::unique_ptr<VarDecl>> syntheticVars;
  llvm::DenseSet<const VarDecl *> constVars;
  FuncDecl *currentFn = nullptr;
  /// Kernels whose body declares launch_bounds (at most once, §8.4).
  llvm::SmallPtrSet<const FuncDecl *, 4> launchBounded;
  Context context = Context::Host;
  unsigned loopDepth = 0;
  /// Nesting of `asyncs` bodies in the current function (split markers).
  unsigned asyncsDepth = 0;
  /// Scope depth at which the current function's locals start.
  size_t functionScopeBase = 0;
  /// Device call graph edges, for the recursion check (§3.7).
  llvm::DenseMap<FuncDecl *, llvm::SmallVector<std::pair<FuncDecl *, llvm::SMLoc>, 4>>
      deviceCalls;
};

} // namespace sema
} // namespace neve

#endif // NEVE_LIB_FRONTEND_SEMAINTERNAL_H
