//===- MLIRGenInternal.h - The MLIRGen generator, shared by its files -*- C++ -*-===//
//
// MLIRGen is one class split across files by concern: MLIRGen.cpp (the
// driver, functions, types and conversions), MLIRGenStmt.cpp (statements),
// MLIRGenExpr.cpp (operators and literals), MLIRGenCall.cpp (calls and
// builtins) and one file per kind of value (arrays, maps, objects, ...).
//
// Functions are emitted on demand: `run` starts from `main` (and the
// `_prebuild` functions) and every reference to a function, method or
// constructor declares it with `getFunc` and queues its body, so unused
// library code (the prelude, imported modules) costs nothing and is never
// required to be compilable.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_FRONTEND_MLIRGENINTERNAL_H
#define NEVE_LIB_FRONTEND_MLIRGENINTERNAL_H

#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "neve/Frontend/AST.h"
#include "neve/Frontend/MLIRGen.h"
#include "neve/Frontend/Sema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <deque>

namespace neve::mlirgen {

using mlir::Value;

class Generator {
public:
  Generator(mlir::MLIRContext &ctx, const llvm::SourceMgr &sm)
      : ctx(ctx), sm(sm), b(&ctx) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(const Program &program);

  //===--- MLIRGen.cpp: types, conversions, functions ---------------------===//
  mlir::Location loc(llvm::SMLoc l);
  mlir::Type convert(const Type *t);
  Value convertValue(Value v, const Type *from, const Type *to,
                     mlir::Location l);
  Value defaultValue(const Type *t, mlir::Location l);
  /// The func.func of `fn`, declared on first use; its body (if it has one)
  /// is queued for emission.
  mlir::func::FuncOp getFunc(const FuncDecl *fn);
  /// The symbol of `fn`: `neve_main` for main, the C name of a proto,
  /// `C.m` for methods, `C.ctor` for constructors, the name of a top-level
  /// function (with its mangled parameter types when it is overloaded).
  std::string symbolFor(const FuncDecl &fn);
  void emitFunction(const FuncDecl &fn, mlir::func::FuncOp op);
  Value slotFor(const VarDecl &var);
  void declareSlot(const VarDecl &var);
  /// Starts a new block for code following a terminator (unreachable code
  /// stays well-formed; canonicalization removes it).
  void startDeadBlock();
  bool isTerminated();
  void emitBlock(const Block &block);

  //===--- MLIRGenStmt.cpp ------------------------------------------------===//
  void emitStmt(const Stmt &s);
  void emitAssign(const AssignStmt &s);
  void emitIf(const IfStmt &s);
  void emitWhile(const WhileStmt &s);
  void emitFor(const ForStmt &s);
  void emitForIn(const ForInStmt &s);

  //===--- MLIRGenExpr.cpp ------------------------------------------------===//
  Value emitExpr(const Expr &e);
  Value emitBinary(const BinaryExpr &e);
  Value emitArith(BinaryOp op, Value l, Value r, const Type *operandType,
                  mlir::Location l2);
  Value emitShortCircuit(const BinaryExpr &e);
  /// `lhs + rhs` on a str: rhs (of type `rhsType`) is converted to the text
  /// print writes for it (§5.1).
  Value emitConcat(Value lhs, Value rhs, const Type *rhsType, mlir::Location l);
  /// An integer index widened to the i64 that container ops take.
  Value toIndex(Value v, const Type *t, mlir::Location l);
  /// `e` converted to `to` (the implicit conversions of §4.5).
  Value emitExprAs(const Expr &e, const Type *to);

  //===--- MLIRGenCall.cpp ------------------------------------------------===//
  Value emitCall(const CallExpr &e);
  /// print / printl.
  Value emitPrint(const CallExpr &e);

  //===--- MLIRGenArray.cpp -----------------------------------------------===//
  /// Calls of the builtin methods of arrays (§7).
  Value emitArrayMethod(const CallExpr &e);
  Value emitIndex(const IndexExpr &e);
  Value emitListLit(const ListLitExpr &e);
  Value emitFold(const FoldExpr &e);

  mlir::MLIRContext &ctx;
  const llvm::SourceMgr &sm;
  mlir::OpBuilder b;
  mlir::ModuleOp module;
  const Program *program = nullptr;
  llvm::DenseMap<const FuncDecl *, mlir::func::FuncOp> funcOps;
  /// Functions declared but whose bodies are not emitted yet.
  std::deque<const FuncDecl *> pending;
  /// How many top-level functions share each name (overloads get mangled
  /// symbols).
  llvm::StringMap<unsigned> topLevelNameCount;
  llvm::DenseMap<const VarDecl *, Value> slots;
  const FuncDecl *currentFn = nullptr;
  /// The receiver in a method or constructor body.
  Value selfValue;
  mlir::Block *entryBlock = nullptr;
  struct LoopTargets {
    mlir::Block *breakTo, *continueTo;
  };
  std::vector<LoopTargets> loops;
};

} // namespace neve::mlirgen

#endif // NEVE_LIB_FRONTEND_MLIRGENINTERNAL_H
