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
#include "neve/Frontend/ASTVisitor.h"
#include "neve/Frontend/MLIRGen.h"
#include "neve/Frontend/Sema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <map>

namespace neve::mlirgen {

using mlir::Value;

/// `T[]` of an integral or float element, or float_cpu: what `p[i]`
/// compiles to a load or store for (MLIRGenPointer.cpp).
bool isHostPointerIndexable(const Type *t);

/// `p offby k` on float_pp, bf16_pp, float_cpu or bf16_cpu: address
/// arithmetic, not a call of the prelude's `operation` (§3.8, §9.1).
bool isBufferOffby(const BinaryExpr &e);
/// Is `op` the `operation` of such an offby (`float_pp_int_offby`), which
/// is address arithmetic when called by name too?
bool isBufferOffbyName(const FuncDecl &op);

/// Element types whose arrays the runtime folds (`reduce`, `sum`): int,
/// i64, float.
bool isFoldable(const Type *t);
/// The symbol of a top-level function before overload mangling: its name
/// (`operator+` for an operator), prefixed `main.` when it shadows a
/// library's (§2.1).
std::string baseSymbol(const FuncDecl &fn);

/// Whether the default of `t` (§4.6) is all-zero bits (what neve.new gives
/// a field and a terminated channel gives a receive).
bool hasZeroDefault(const Type *t);

/// The read-modify-write of an atomic intrinsic (§8.4).
enum class AtomicKind { Add, Max, Min, Exch };

class Generator : public ExprVisitor<Generator, /*Const=*/true, Value>,
                  public StmtVisitor<Generator, /*Const=*/true, void> {
public:
  Generator(mlir::MLIRContext &ctx, const llvm::SourceMgr &sm,
            DiagEngine &diag)
      : ctx(ctx), sm(sm), b(&ctx), diag(&diag) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(const Program &program);

  //===--- MLIRGenInvariants.cpp: what code generation relies on ------===//
  /// Reports, at `l`, an internal error: code generation met `what`, which
  /// the type checker rejects; the module is discarded at the end. (No
  /// construct of the language is refused: these are Sema's guarantees,
  /// checked again where each construct is emitted.)
  void internalError(llvm::SMLoc l, const llvm::Twine &what);
  /// A stand-in for an expression of type `t` after an internal error
  /// (null for void).
  Value refusedValue(const Type *t, mlir::Location l);
  /// Whether values of type `t` have a form in the IR; an internal error
  /// naming `what` + the type at `l` when not.
  bool supportsType(const Type *t, llvm::SMLoc l, const llvm::Twine &what);
  /// A member of a map, tuple, channel or function type: as supportsType,
  /// but a fixed array is stored inline only in variables, fields, results.
  bool supportsMember(const Type *m, const Type *outer, llvm::SMLoc l,
                      const llvm::Twine &what);
  /// A parameter or result type of a `proto` or `operation`.
  bool supportsProtoType(const Type *t, llvm::SMLoc l, const llvm::Twine &what);
  /// The parameter and result types of `fn`, once per function.
  void checkSignature(const FuncDecl &fn);
  bool supportsOperatorFunc(const FuncDecl &fn, llvm::SMLoc l);
  /// The shapes the builtin tiled product lowers (§8.6).
  bool supportsBuiltinMatmul(const AssignStmt &as);
  bool supportsBinary(const BinaryExpr &e);
  bool supportsIndex(const IndexExpr &ix);
  bool supportsCall(const CallExpr &c);

  //===--- MLIRGen.cpp: types, conversions, functions ---------------------===//
  mlir::Location loc(llvm::SMLoc l);
  mlir::Type convert(const Type *t);
  Value convertValue(Value v, const Type *from, const Type *to,
                     mlir::Location l);
  Value defaultValue(const Type *t, mlir::Location l);
  /// A bf16 or half value widened to float (§4.1: they are storage types;
  /// printing and formatting see the float); any other value unchanged.
  Value widenStorageFloat(Value v, mlir::Location l);
  /// The func.func of `fn`, declared on first use; its body (if it has one)
  /// is queued for emission. A function with compile-time parameters
  /// (§3.9) has one specialization per tuple `ctime` of constants, with the
  /// symbol `name<c1,c2>`.
  /// With layout parameters (§8.5.6) the function is specialised for the
  /// arguments' view types (memory space and static extents): `args` are
  /// the call's values.
  mlir::func::FuncOp getFunc(const FuncDecl *fn,
                             llvm::ArrayRef<int64_t> ctime = {},
                             llvm::ArrayRef<Value> args = {});
  /// The constant of a compile-time parameter named by `e` in the
  /// specialization being emitted; null for other names.
  Value emitCtimeParam(const NameExpr &e);
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

  //===--- MLIRGenFixed.cpp: fixed arrays T[N] ----------------------------===//
  /// `!llvm.array<N x T>`: the storage of a local, field or result.
  mlir::Type fixedStorageType(const Type *t);
  Value fixedByteSize(const Type *t, mlir::Location l);
  /// New storage for one T[N], in the entry block.
  Value allocaFixed(const Type *t, mlir::Location l);
  void copyFixed(Value dst, Value src, const Type *t, mlir::Location l);
  void zeroFixed(Value dst, const Type *t, mlir::Location l);
  /// Stores a returned aggregate into new storage; returns its address.
  Value materializeFixed(Value aggregate, const Type *t, mlir::Location l);
  /// The aggregate at `addr` (to return it).
  Value loadFixed(Value addr, const Type *t, mlir::Location l);
  /// A runtime error unless 0 <= index (i64) < N.
  void checkFixedIndex(Value index, const Type *t, mlir::Location l);

  //===--- MLIRGenStmt.cpp ------------------------------------------------===//
  void emitStmt(const Stmt &s);
#define NEVE_STMT(K) void visit##K##Stmt(const K##Stmt &s);
#include "neve/Frontend/ASTNodes.def"
  void emitAssign(const AssignStmt &s);
  void emitIf(const IfStmt &s);
  /// The control flow of every loop: a header evaluating `cond`, the body,
  /// then `latch` (if any) before the next test; `continue` goes to the
  /// latch (or the header), `break` to the exit, where the builder is left.
  void emitLoop(mlir::Location l, llvm::function_ref<Value()> cond,
                llvm::function_ref<void()> body,
                llvm::function_ref<void()> latch);
  void emitWhile(const WhileStmt &s);
  void emitFor(const ForStmt &s);
  void emitForIn(const ForInStmt &s);
  void emitMultiLoop(const MultiLoopStmt &s);

  //===--- MLIRGenExpr.cpp ------------------------------------------------===//
  Value emitExpr(const Expr &e);
#define NEVE_EXPR(K) Value visit##K##Expr(const K##Expr &e);
#include "neve/Frontend/ASTNodes.def"
  Value exprTooDeep(const Expr &e, bool first);
  Value emitBinary(const BinaryExpr &e);
  Value emitArith(BinaryOp op, Value l, Value r, const Type *operandType,
                  mlir::Location l2);
  Value emitShortCircuit(const BinaryExpr &e);
  /// `lhs + rhs` on a str: rhs (of type `rhsType`) is converted to the text
  /// print writes for it (§5.1).
  Value emitConcat(Value lhs, Value rhs, const Type *rhsType, mlir::Location l);
  /// The i64 start and end of a slice `[s:e]` of an array or a string.
  std::pair<Value, Value> emitSliceBounds(const IndexItem &item,
                                          mlir::Location l);
  /// An integer index widened to the i64 that container ops take.
  Value toIndex(Value v, const Type *t, mlir::Location l);
  /// `e` converted to `to` (the implicit conversions of §4.5).
  Value emitExprAs(const Expr &e, const Type *to);

  //===--- MLIRGenCall.cpp ------------------------------------------------===//
  Value emitCall(const CallExpr &e);

  //===--- MLIRGenArray.cpp -----------------------------------------------===//
  Value emitIndex(const IndexExpr &e);
  Value emitListLit(const ListLitExpr &e);
  Value emitFold(const FoldExpr &e);

  //===--- MLIRGenBuiltin.cpp: builtins, _prebuild, protos ---------------===//
  /// A call of an entry of Builtins.td: the generated dispatch to its
  /// emitter.
  Value emitBuiltin(const CallExpr &e);
  /// A predeclared value of Builtins.td (`tid`, `bx`, `float_t`).
  Value emitPredeclaredValue(BuiltinId id, mlir::Location l);
  /// The arguments of a builtin call, converted by Sema to its parameters.
  llvm::SmallVector<Value> emitArgs(const CallExpr &e);
  mlir::Type strArrayType();
  /// A call of the C function `name`, declared once as a private func.func
  /// of the argument and result types.
  Value callRuntime(llvm::StringRef name, mlir::TypeRange results,
                    mlir::ValueRange args, mlir::Location l);
  /// Calls of the `_prebuild` functions (§2.2), at the start of main.
  void emitPrebuildCalls();
  /// The C declaration of a `proto` (symbol = its C name, shared by
  /// identical repeated protos): the runtime context first unless `sys`.
  mlir::func::FuncOp getProtoFunc(const FuncDecl *fn);
  /// A call of a `proto` with its converted arguments (§3.8).
  Value emitProtoCall(const CallExpr &e, llvm::ArrayRef<Value> args);

  //===--- MLIRGenMap.cpp -------------------------------------------------===//
  /// A new empty map of the Neve map type `mapType` (`{}`, §4.6 default).
  Value emitNewMap(const Type *mapType, mlir::Location l);
  Value emitMapLit(const MapLitExpr &e);
  /// `m[k]` read.
  Value emitMapIndex(const IndexExpr &e);
  /// `m[k] = v` and `m[k] op= v`.
  void emitMapAssign(const AssignStmt &as, const IndexExpr &target);

  //===--- MLIRGenStr.cpp -------------------------------------------------===//
  /// `s[i]` and `s[a:b]`.
  Value emitStrIndex(const IndexExpr &e);
  Value emitStrOffby(const BinaryExpr &e);

  //===--- MLIRGenObject.cpp ----------------------------------------------===//
  /// Declares the `neve.class` of `cls` (once).
  void ensureClass(const ClassDecl &cls);
  /// A new object of `cls` with every field at its default (§4.6).
  Value emitAlloc(const ClassDecl &cls, mlir::Location l);
  Value emitNew(const NewExpr &e);
  Value emitFieldGet(const MemberExpr &e);
  void emitFieldAssign(const AssignStmt &as, const MemberExpr &target);
  /// `target op= rhs` given the target's current value: a user operator
  /// (`compoundOp`), string concatenation or arithmetic.
  Value emitCompound(const AssignStmt &as, Value cur, const Type *targetType,
                     Value rhs);
  Value emitMethodCall(const CallExpr &e);
  /// `a op b` implemented by an operator definition.
  Value emitOperatorCall(const BinaryExpr &e);
  Value emitSingleton(const GlobalExpr &e);

  //===--- MLIRGenValue.cpp: nil, tuples, function values, any ------------===//
  /// `nil` of the reference type `t`.
  Value emitNull(const Type *t, mlir::Location l);
  /// The default of tuples (element defaults), classes, any and Function
  /// (nil); null for other types.
  Value emitValueDefault(const Type *t, mlir::Location l);
  /// nil -> reference, reference -> any (boxed), any -> reference (checked);
  /// null when the conversion is none of these.
  Value emitRefConversion(Value v, const Type *from, const Type *to,
                          mlir::Location l);
  /// `!x` on a reference (§4.7).
  Value emitNilTest(const UnaryExpr &e);
  /// `==`/`!=` on tuples, references other than str, and nil.
  bool isValueEquality(const BinaryExpr &e);
  Value emitValueEquality(const BinaryExpr &e);
  /// `lhs == rhs` for values of type `t` (§4.7), as an i1.
  Value emitEquality(Value lhs, Value rhs, const Type *t, mlir::Location l);
  /// The function comparing two arrays of type `t` element by element.
  mlir::func::FuncOp arrayEqualityFunc(const Type *t, mlir::Location l);
  Value emitTuple(const TupleExpr &e);
  /// `t[k]` on a tuple (k constant).
  Value emitTupleIndex(const IndexExpr &e);
  /// `a, b = e` (§6.2).
  void emitUnpack(const AssignStmt &as);
  /// Stores `v` (already of the target's type) into an assignable target:
  /// a variable, a field, or an element of an array, map, pointer or layout.
  void storeInto(const Expr &target, Value v);
  /// A top-level function used as a value (func.constant).
  Value emitFunctionRef(const NameExpr &e);
  /// A call of a Function value (nil-checked func.call_indirect).
  Value emitFunctionValueCall(const CallExpr &e);
  /// Function<R, A..> to Function<R, ..any..> (§3.3): a thunk.
  bool isFunctionAdaptation(const CastExpr &c);
  /// Refuses an adaptation of anything but a function name (a closure).
  bool supportsFunctionConversion(const CastExpr &c);
  Value emitFunctionAdaptation(const CastExpr &c);

  //===--- MLIRGenPointer.cpp: host pointers, foreign operations -------===//
  /// The MLIR type of the element `p[i]` reads for a host pointer type.
  mlir::Type pointeeType(const Type *ptrType);
  /// The address of element `index` (i64) of `ptr`.
  Value emitElementAddress(Value ptr, const Type *ptrType, Value index,
                           mlir::Location l);
  /// `p[i]` on `T[]` or float_cpu (unchecked, §5.2).
  Value emitPointerIndex(const IndexExpr &e);
  /// `p[i] = x` and `p[i] op= x`.
  void emitPointerAssign(const AssignStmt &as, const IndexExpr &target);
  /// `p offby k` on `T[]` (§5.3).
  Value emitPointerOffby(const BinaryExpr &e);
  /// A call of an operator definition or of a foreign `operation` (the
  /// latter receives the runtime context first, §3.8); a `caller` parameter
  /// receives the position `at` (§3.2).
  Value emitOperatorFuncCall(const FuncDecl &op, Value lhs, Value rhs,
                             mlir::Location l, llvm::SMLoc at);

  //===--- MLIRGenDevice.cpp: kernels, launch, intrinsics, layouts -----===//
  /// An integer value as i32 (launch dimensions).
  Value toI32(Value v, mlir::Location l);
  void emitLaunch(const LaunchStmt &s);
  /// `lhs op rhs` approximated by one PTX instruction (`ex2.approx.f32`).
  Value emitApprox(llvm::StringRef instr, Value x, mlir::Location l);
  Value emitF32Constant(double c, mlir::Location l);

  //===--- MLIRGenTensorCore.cpp: cp.async, ldmatrix, mma (§8.4) -------===//
  /// The arguments of an intrinsic in the address form: a layout or tile
  /// stands for the address of its corner (§8.5.5).
  llvm::SmallVector<Value> emitIntrinsicArgs(const CallExpr &e);
  /// A layout operand: a view and element coordinates (`v{i, j}`), or a
  /// tile or layout standing for its corner.
  std::pair<Value, llvm::SmallVector<Value>> emitLayoutOperand(const Expr &e);
  llvm::SmallVector<std::pair<Value, llvm::SmallVector<Value>>>
  emitLayoutOperands(const CallExpr &e);
  /// A generic pointer cast to an NVVM address space (1 global, 3 shared).
  Value toAddressSpace(Value p, unsigned space, mlir::Location l);
  /// The address of element `i` of type `t` from `base`.
  Value elementAt(Value base, mlir::Type t, int64_t i, mlir::Location l);

  //===--- Emitters of Builtins.td entries (their `Emit`) ---------------===//
  // MLIRGenBuiltin.cpp: §7.
  template <bool newline>
  Value emitPrint(const CallExpr &e, mlir::Location l);
  Value emitPow(const CallExpr &e, mlir::Location l);
  Value emitSqrt(const CallExpr &e, mlir::Location l);
  template <bool isMin>
  Value emitMinMax(const CallExpr &e, mlir::Location l);
  Value emitGlob(const CallExpr &e, mlir::Location l);
  Value emitArgv(const CallExpr &e, mlir::Location l);
  template <int32_t value>
  Value emitIntFill(const CallExpr &e, mlir::Location l);
  Value emitArangeInt(const CallExpr &e, mlir::Location l);
  Value emitRandu(const CallExpr &e, mlir::Location l);
  Value emitRandn(const CallExpr &e, mlir::Location l);
  Value emitSeed(const CallExpr &e, mlir::Location l);
  Value emitStartTimer(const CallExpr &e, mlir::Location l);
  Value emitEndTimer(const CallExpr &e, mlir::Location l);
  Value emitSm90aAvailable(const CallExpr &e, mlir::Location l);
  Value emitSleep(const CallExpr &e, mlir::Location l);
  Value emitToCuda(const CallExpr &e, mlir::Location l);
  Value emitTarenaReset(const CallExpr &e, mlir::Location l);
  Value emitQuit(const CallExpr &e, mlir::Location l);
  Value emitFailAt(const CallExpr &e, mlir::Location l);
  Value emitTestFma(const CallExpr &e, mlir::Location l);
  // MLIRGenDebug.cpp: print in device code, assert (issue 33).
  /// Is the function being emitted a kernel or gpu function?
  bool inDeviceCode() const;
  Value emitDevicePrint(const CallExpr &e, bool newline, mlir::Location l);
  Value emitAssert(const CallExpr &e, mlir::Location l);
  Value emitTestTwice(const CallExpr &e, mlir::Location l);
  template <int32_t value>
  Value emitIntConstant(llvm::StringRef name, mlir::Location l);
  // MLIRGenStr.cpp, MLIRGenArray.cpp, MLIRGenMap.cpp: builtin methods.
  Value emitStrSize(const CallExpr &e, mlir::Location l);
  Value emitStrSplit(const CallExpr &e, mlir::Location l);
  Value emitArraySize(const CallExpr &e, mlir::Location l);
  Value emitArrayAppend(const CallExpr &e, mlir::Location l);
  Value emitArrayClear(const CallExpr &e, mlir::Location l);
  Value emitArrayShuffle(const CallExpr &e, mlir::Location l);
  Value emitArrayPrint(const CallExpr &e, mlir::Location l);
  template <bool prod>
  Value emitArrayFold(const CallExpr &e, mlir::Location l);
  Value emitMapHas(const CallExpr &e, mlir::Location l);
  Value emitMapSize(const CallExpr &e, mlir::Location l);
  Value emitMapClear(const CallExpr &e, mlir::Location l);
  Value emitMapKeys(const CallExpr &e, mlir::Location l);
  Value emitMapValues(const CallExpr &e, mlir::Location l);
  // MLIRGenConcurrency.cpp: channel methods and thread ids (§6.8).
  Value emitChannelAlive(const CallExpr &e, mlir::Location l);
  Value emitChannelTerminate(const CallExpr &e, mlir::Location l);
  Value emitChannelSum(const CallExpr &e, mlir::Location l);
  Value emitThreadId(llvm::StringRef name, mlir::Location l);
  // MLIRGenDevice.cpp: §8.2 values and §8.4 intrinsics.
  template <typename IndexOp, mlir::gpu::Dimension dim>
  Value emitGpuIndex(llvm::StringRef name, mlir::Location l);
  Value emitWarpIndex(llvm::StringRef name, mlir::Location l);
  Value emitLaneIndex(llvm::StringRef name, mlir::Location l);
  Value emitSyncthreads(const CallExpr &e, mlir::Location l);
  template <bool arrive>
  Value emitNamedBarrier(const CallExpr &e, mlir::Location l);
  template <mlir::gpu::ShuffleMode mode>
  Value emitShuffle(const CallExpr &e, mlir::Location l);
  template <AtomicKind kind>
  Value emitAtomic(const CallExpr &e, mlir::Location l);
  template <typename MathOp>
  Value emitMathUnary(const CallExpr &e, mlir::Location l);
  Value emitFastExp(const CallExpr &e, mlir::Location l);
  Value emitFastExp2(const CallExpr &e, mlir::Location l);
  Value emitFastLog(const CallExpr &e, mlir::Location l);
  Value emitFastTanh(const CallExpr &e, mlir::Location l);
  Value emitFastRcp(const CallExpr &e, mlir::Location l);
  Value emitTf32Round(const CallExpr &e, mlir::Location l);
  Value emitMathFma(const CallExpr &e, mlir::Location l);
  // MLIRGenTensorCore.cpp.
  Value emitCpAsync16(const CallExpr &e, mlir::Location l);
  Value emitCpCommitGroup(const CallExpr &e, mlir::Location l);
  Value emitCpWaitGroup(const CallExpr &e, mlir::Location l);
  Value emitCpWaitAll(const CallExpr &e, mlir::Location l);
  template <int count, bool transpose>
  Value emitLdmatrix(const CallExpr &e, mlir::Location l);
  Value emitMma16x8x16(const CallExpr &e, mlir::Location l);
  // MLIRGenHopper.cpp: the Hopper intrinsics and tensor maps (§8.4).
  /// Marks the function being emitted as needing sm_NN (`neve.min_sm`).
  void requireSm(int sm);
  /// An operand's address in the shared space (3): an element address,
  /// or a layout's or tile's corner.
  Value sharedAddress(const Expr &e, mlir::Location l);
  /// The bytes of a row of the shared layout under a wgmma operand, or -1.
  int64_t swizzleRowBytes(const Expr &e);
  /// The bytes between the panels of a shared layout [P, rows, cols], or -1.
  int64_t wgmmaPanelBytes(const Expr &e);
  /// wgmma's shared-memory matrix descriptor of a swizzled tile: K-major,
  /// or MN-major over mnMajorColumns columns when that is positive.
  Value wgmmaDescriptor(const Expr &e, mlir::Location l,
                        int64_t mnMajorColumns);
  /// The address of a NUL-terminated constant string (one global per text).
  Value cStringConstant(llvm::StringRef text, mlir::Location l);
  Value emitTensorMapCall(const CallExpr &e, mlir::Location l, int rank);
  Value emitLaunchBounds(const CallExpr &e, mlir::Location l);
  Value emitMbarInit(const CallExpr &e, mlir::Location l);
  Value emitMbarArrive(const CallExpr &e, mlir::Location l);
  Value emitMbarExpectTx(const CallExpr &e, mlir::Location l);
  Value emitMbarArriveExpectTx(const CallExpr &e, mlir::Location l);
  Value emitMbarTryWait(const CallExpr &e, mlir::Location l);
  Value emitMbarWait(const CallExpr &e, mlir::Location l);
  Value emitFenceProxyAsync(const CallExpr &e, mlir::Location l);
  Value emitElectOne(const CallExpr &e, mlir::Location l);
  /// The layout under a register operand (`pf` of `pf{t, 0}`).
  const Expr *layoutRoot(const Expr &e);
  /// The type a 32-bit register of that layout is read as: a pair of its
  /// 16-bit elements (bf16, half, i16), so that SROA keeps the layout as
  /// pairs and a pair written from two floats is one cvt.rn.bf16x2.f32;
  /// i32 otherwise.
  mlir::Type registerWord(const Expr *root);
  template <int count, bool transpose>
  Value emitStmatrix(const CallExpr &e, mlir::Location l);
  Value emitTmaLoad(const CallExpr &e, mlir::Location l);
  template <bool add>
  Value emitTmaStore(const CallExpr &e, mlir::Location l);
  Value emitTmaCommitGroup(const CallExpr &e, mlir::Location l);
  template <bool read>
  Value emitTmaWaitGroup(const CallExpr &e, mlir::Location l);
  template <bool mnMajorA, bool mnMajorB>
  Value emitWgmma(const CallExpr &e, mlir::Location l);
  /// Pins a register operand of a wgmma (its `words` 32-bit registers, of
  /// type `word`: f32, i32 or a pair of 16-bit values) before the last
  /// wgmma_fence, as CUTLASS's warpgroup_fence_operand.
  void fenceWgmmaOperand(Value view, int64_t words, mlir::Type word,
                         mlir::Location l);
  /// Passes each 32-bit register (of type `word`) of a register view
  /// through an empty volatile asm at the insertion point.
  void pinRegisters(Value view, int64_t words, mlir::Type word,
                    mlir::Location l);
  Value emitWgmmaFence(const CallExpr &e, mlir::Location l);
  Value emitWgmmaCommitGroup(const CallExpr &e, mlir::Location l);
  Value emitWgmmaWaitGroup(const CallExpr &e, mlir::Location l);
  template <bool increase>
  Value emitSetmaxnreg(const CallExpr &e, mlir::Location l);
  Value emitTensorMap(const CallExpr &e, mlir::Location l);
  Value emitTensorMap3d(const CallExpr &e, mlir::Location l);

  //===--- MLIRGenLayout.cpp: layouts, tiles, the tiled product --------===//
  /// A layout extent: a literal or a compile-time parameter (§3.9), else
  /// ShapedType::kDynamic.
  int64_t extentValue(const Extent &x);
  /// The `!layout.view` type of a Neve layout type.
  mlir::Type convertLayout(const Type *t);
  /// `layout<T, d...>(p)`, `layout<T, d..., smem>()`, `layout<T, d...>()`.
  Value emitLayoutNew(const LayoutNewExpr &e);
  /// An integer expression as an `index` (coordinates, extents).
  Value layoutIndex(const Expr &x);
  llvm::SmallVector<Value> emitCoords(llvm::ArrayRef<ExprPtr> exprs);
  /// `v{t0, t1}(c0, c1)` (§8.5.4).
  Value emitTile(const SelectExpr &e);
  /// `v{i, j}`: an element address (§8.5.5), or a tile.
  Value emitSelect(const SelectExpr &e);
  /// The address of a layout's corner element (a layout as `T[]`).
  Value emitLayoutCorner(Value view, mlir::Location l);
  /// `v offby k` on a layout over global or host memory (§5.3).
  Value emitLayoutOffby(const BinaryExpr &e);
  /// `v[i, j]` read and written (§8.5.3).
  Value emitLayoutLoad(const IndexExpr &e);
  void emitLayoutAssign(const AssignStmt &as, const IndexExpr &target);
  /// Binds the layout parameters and shape parameters of `fn` at entry.
  void bindLayoutParams(const FuncDecl &fn, mlir::ValueRange args);
  /// `Z += X op Y` with a user accumulating operator: op(X, Y, Z) (§8.6).
  void emitAccumulate(const AssignStmt &as);
  /// `Z += X @ Y` with the builtin tiled product (§8.6).
  void emitBuiltinMatmul(const AssignStmt &as);
  Value emitForeignOffby(const BinaryExpr &e);
  /// `ptr` advanced by `k` elements of a float or bf16 buffer type.
  Value emitBufferOffset(Value ptr, const Type *ptrType, Value k,
                         const Type *kType, mlir::Location l);

  mlir::MLIRContext &ctx;
  const llvm::SourceMgr &sm;
  mlir::OpBuilder b;
  /// Where errors are reported, and how many internal errors and failed
  /// shape checks (supportsBuiltinMatmul) there were.
  DiagEngine *diag;
  unsigned refusals = 0;
  /// Functions whose signatures were checked (checkSignature).
  llvm::SmallPtrSet<const FuncDecl *, 32> checkedSignatures;
  mlir::ModuleOp module;
  /// The globals of cStringConstant, by text.
  llvm::StringMap<std::string> cStrings;
  /// The accumulators (register views and their element counts) of the
  /// wgmmas emitted in the current function: wgmma_wait_group fences them.
  llvm::SmallVector<std::pair<Value, int64_t>> wgmmaAccumulators;
  /// The last wgmma_fence of the current function, and the register views
  /// already fenced before it (fenceWgmmaOperand).
  mlir::Operation *lastWgmmaFence = nullptr;
  /// The accumulators of each wgmma group committed so far in the current
  /// function (program order), and of the group still open.
  std::vector<llvm::SmallVector<Value>> wgmmaGroups;
  llvm::SmallVector<Value> wgmmaOpenGroup;
  llvm::SmallVector<std::pair<mlir::Operation *, Value>> wgmmaFencedViews;
  const Program *program = nullptr;
  /// The buffers of library modules (Module::isLibrary).
  llvm::DenseSet<unsigned> libraryBuffers;
  llvm::DenseMap<const FuncDecl *, mlir::func::FuncOp> funcOps;
  /// Specializations of functions with compile-time parameters (§3.9).
  std::map<std::pair<const FuncDecl *, std::vector<int64_t>>,
           mlir::func::FuncOp>
      specializations;
  /// Functions (and their compile-time arguments) declared but whose
  /// bodies are not emitted yet.
  std::deque<std::pair<const FuncDecl *, std::vector<int64_t>>> pending;
  /// The compile-time arguments of the function being emitted.
  std::vector<int64_t> currentCtime;
  /// How many top-level functions share each name (overloads get mangled
  /// symbols).
  llvm::StringMap<unsigned> topLevelNameCount;
  llvm::DenseMap<const VarDecl *, Value> slots;
  /// Layout variables: bound once to their view (MLIRGenLayout.cpp).
  llvm::DenseMap<const VarDecl *, Value> layoutVars;
  /// Shape parameters (§8.5.6) of the function being emitted: a constant
  /// or the extent of its layout argument.
  llvm::StringMap<Value> shapeValues;
  const FuncDecl *currentFn = nullptr;
  /// The receiver in a method or constructor body.
  Value selfValue;
  llvm::SmallPtrSet<const ClassDecl *, 8> declaredClasses;
  mlir::Block *entryBlock = nullptr;
  struct LoopTargets {
    mlir::Block *breakTo, *continueTo;
    /// `cleanups.size()` when the loop started: break and continue run the
    /// cleanups above it.
    size_t cleanupDepth = 0;
  };
  std::vector<LoopTargets> loops;

  //===--- MLIRGenConcurrency.cpp: threads, locks, channels (§6.8) -------===//
  /// What leaving a `lock` or `finish` block must undo, on every path out
  /// (fall-through, return, break, continue).
  struct Cleanup {
    enum class Kind { Lock, Finish } kind;
    std::string lockName;
    Value scope;
  };
  std::vector<Cleanup> cleanups;
  /// The `finish` scopes lexically around the code being emitted.
  std::vector<Value> finishScopes;
  /// A task body being emitted (a region of neve.async/asyncs), with the
  /// state of the code around it.
  struct TaskFrame {
    /// The body, detached until the neve.async/asyncs is built at the end.
    std::unique_ptr<mlir::Region> body;
    mlir::Block *entry;
    llvm::SmallVector<Value> captures;
    mlir::OpBuilder::InsertPoint spawnPoint;
    llvm::DenseMap<const VarDecl *, Value> outerSlots;
    Value outerSelf;
    mlir::Block *outerEntry;
    std::vector<LoopTargets> outerLoops;
    std::vector<Cleanup> outerCleanups;
    std::vector<Value> outerFinish;
  };
  std::vector<TaskFrame> taskFrames;

  void emitFinish(const FinishStmt &s);
  void emitLock(const LockStmt &s);
  void emitTask(const Stmt &s, const Block &body, const Expr *count);
  void emitChannelStmt(const ChannelStmt &s);
  /// Receives from `channel` and converts to `to`.
  Value emitReceive(const Expr &channel, const Type *to, mlir::Location l);
  /// A call argument, with its split (`>xs`, `:xs`) applied.
  Value emitArg(const Arg &a);
  /// Runs the cleanups above `depth` (innermost first), keeping them.
  void emitCleanups(size_t depth);
  /// The slot of `var` seen from task level `level`, capturing it into
  /// the task bodies between its declaration and that level.
  Value captureSlot(const VarDecl &var, size_t level);
};

} // namespace neve::mlirgen

#endif // NEVE_LIB_FRONTEND_MLIRGENINTERNAL_H
