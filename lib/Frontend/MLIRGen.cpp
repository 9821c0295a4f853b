//===- MLIRGen.cpp - Typed AST to the neve dialect ------------------------===//

#include "neve/Frontend/MLIRGen.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"

using namespace neve;
using mlir::Value;

namespace {

class Generator {
public:
  Generator(mlir::MLIRContext &ctx, const llvm::SourceMgr &sm)
      : ctx(ctx), sm(sm), b(&ctx) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(const Module &module);

private:
  mlir::Location loc(llvm::SMLoc l);
  mlir::Type convert(const Type *t);
  Value convertValue(Value v, const Type *from, const Type *to,
                     mlir::Location l);
  Value defaultValue(const Type *t, mlir::Location l);

  // Functions and statements.
  void emitFunction(const FuncDecl &fn, mlir::func::FuncOp op);
  void emitBlock(const Block &block);
  void emitStmt(const Stmt &s);
  void emitIf(const IfStmt &s);
  void emitWhile(const WhileStmt &s);
  void emitFor(const ForStmt &s);
  Value slotFor(const VarDecl &var);
  void declareSlot(const VarDecl &var);
  /// Starts a new block for code following a terminator (unreachable code
  /// stays well-formed; canonicalization removes it).
  void startDeadBlock();
  bool isTerminated();

  // Expressions.
  Value emitExpr(const Expr &e);
  Value emitBinary(const BinaryExpr &e);
  Value emitArith(BinaryOp op, Value l, Value r, const Type *operandType,
                  mlir::Location l2);
  Value emitShortCircuit(const BinaryExpr &e);
  /// `lhs + rhs` on a str: rhs (of type `rhsType`) is converted to the text
  /// print writes for it (§5.1).
  Value emitConcat(Value lhs, Value rhs, const Type *rhsType, mlir::Location l);
  Value emitCall(const CallExpr &e);
  /// Calls of the builtin methods of arrays (§7).
  Value emitArrayMethod(const CallExpr &e);
  /// An integer index widened to the i64 that array ops take.
  Value toIndex(Value v, const Type *t, mlir::Location l);
  void emitForIn(const ForInStmt &s);

  mlir::MLIRContext &ctx;
  const llvm::SourceMgr &sm;
  mlir::OpBuilder b;
  mlir::ModuleOp module;
  llvm::DenseMap<const FuncDecl *, mlir::func::FuncOp> funcOps;
  llvm::DenseMap<const VarDecl *, Value> slots;
  const FuncDecl *currentFn = nullptr;
  mlir::Block *entryBlock = nullptr;
  struct LoopTargets {
    mlir::Block *breakTo, *continueTo;
  };
  std::vector<LoopTargets> loops;
};

} // namespace

mlir::Location Generator::loc(llvm::SMLoc l) {
  if (!l.isValid())
    return b.getUnknownLoc();
  unsigned id = sm.FindBufferContainingLoc(l);
  if (!id)
    return b.getUnknownLoc();
  auto [line, col] = sm.getLineAndColumn(l, id);
  return mlir::FileLineColLoc::get(
      &ctx, sm.getMemoryBuffer(id)->getBufferIdentifier(), line, col);
}

mlir::Type Generator::convert(const Type *t) {
  switch (t->getKind()) {
  case Type::Kind::Bool:
    return b.getI1Type();
  case Type::Kind::Char:
  case Type::Kind::I8:
    return b.getI8Type();
  case Type::Kind::I16:
    return b.getI16Type();
  case Type::Kind::Int:
    return b.getI32Type();
  case Type::Kind::I64:
    return b.getI64Type();
  case Type::Kind::Float:
    return b.getF32Type();
  case Type::Kind::Str:
    return mlir::neve::StrType::get(&ctx);
  case Type::Kind::Array:
    return mlir::neve::ArrayType::get(&ctx, convert(t->getElement()));
  case Type::Kind::Void:
  case Type::Kind::Error:
    break;
  }
  llvm_unreachable("type has no MLIR form");
}

Value Generator::convertValue(Value v, const Type *from, const Type *to,
                              mlir::Location l) {
  if (from == to)
    return v;
  if (to->is(Type::Kind::Str)) {
    // A char converts implicitly to its one-character string (§1.5).
    assert(from->is(Type::Kind::Char) && "only a char converts to str");
    return mlir::neve::ToStrOp::create(b, l, v, /*is_char=*/true);
  }
  mlir::Type target = convert(to);
  if (to->is(Type::Kind::Bool)) {
    // bool(x) means x != 0 (§4.5).
    if (from->isFloat()) {
      Value zero = mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(0));
      return mlir::arith::CmpFOp::create(b, l, mlir::arith::CmpFPredicate::UNE,
                                         v, zero);
    }
    Value zero = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(v.getType(), 0));
    return mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::ne, v,
                                       zero);
  }
  // Unsigned sources: bool and char.
  bool fromUnsigned = from->is(Type::Kind::Bool) || from->is(Type::Kind::Char);
  if (to->isFloat()) {
    if (from->isFloat())
      return v;
    if (fromUnsigned)
      return mlir::arith::UIToFPOp::create(b, l, target, v);
    return mlir::arith::SIToFPOp::create(b, l, target, v);
  }
  // Integer (or char) target.
  if (from->isFloat())
    return mlir::arith::FPToSIOp::create(b, l, target, v);
  unsigned fw = from->getBitWidth(), tw = to->getBitWidth();
  if (fw == tw)
    return v;
  if (fw > tw)
    return mlir::arith::TruncIOp::create(b, l, target, v);
  if (fromUnsigned)
    return mlir::arith::ExtUIOp::create(b, l, target, v);
  return mlir::arith::ExtSIOp::create(b, l, target, v);
}

Value Generator::defaultValue(const Type *t, mlir::Location l) {
  // An array variable starts as a new empty array (§4.6).
  if (t->is(Type::Kind::Array))
    return mlir::neve::ArrayNewOp::create(
        b, l, llvm::cast<mlir::neve::ArrayType>(convert(t)),
        mlir::ValueRange{});
  if (t->is(Type::Kind::Str))
    return mlir::neve::StrConstantOp::create(b, l, "");
  mlir::Type mt = convert(t);
  if (t->isFloat())
    return mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(0));
  return mlir::arith::ConstantOp::create(b, l, b.getIntegerAttr(mt, 0));
}

//===----------------------------------------------------------------------===//
// Functions and statements
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp> Generator::run(const Module &m) {
  module = mlir::ModuleOp::create(loc(llvm::SMLoc()));
  module->setAttr("neve.source", b.getStringAttr(m.fileName));
  b.setInsertionPointToEnd(module.getBody());
  // Declare every function first: calls may precede definitions.
  for (auto &fn : m.funcs) {
    // Foreign declarations are not emitted (CodegenSupport refuses calls).
    if (fn->kind != FuncKind::Def && fn->kind != FuncKind::Main)
      continue;
    llvm::SmallVector<mlir::Type> params;
    for (auto &p : fn->params)
      params.push_back(convert(p->type));
    llvm::SmallVector<mlir::Type> results;
    if (!fn->returnType->isVoid())
      results.push_back(convert(fn->returnType));
    std::string name = fn->isMain() ? kEntrySymbol : fn->name;
    auto op = mlir::func::FuncOp::create(b, loc(fn->loc), name,
                                         b.getFunctionType(params, results));
    // Only the entry point is visible outside the program.
    if (!fn->isMain())
      op.setPrivate();
    funcOps[fn.get()] = op;
  }
  for (auto &fn : m.funcs)
    if (funcOps.count(fn.get()))
      emitFunction(*fn, funcOps[fn.get()]);
  if (mlir::failed(mlir::verify(module))) {
    module.emitError("internal error: MLIRGen produced invalid IR");
    module->erase();
    return nullptr;
  }
  return module;
}

void Generator::emitFunction(const FuncDecl &fn, mlir::func::FuncOp op) {
  currentFn = &fn;
  slots.clear();
  entryBlock = op.addEntryBlock();
  b.setInsertionPointToStart(entryBlock);
  for (auto [param, arg] : llvm::zip(fn.params, entryBlock->getArguments())) {
    declareSlot(*param);
    mlir::memref::StoreOp::create(b, loc(param->loc), arg, slots[param.get()]);
  }
  emitBlock(fn.body);
  if (!isTerminated()) {
    // Running off the end returns the default value (§3.1).
    mlir::Location l = loc(fn.loc);
    if (fn.returnType->isVoid())
      mlir::func::ReturnOp::create(b, l);
    else
      mlir::func::ReturnOp::create(b, l, defaultValue(fn.returnType, l));
  }
  currentFn = nullptr;
}

bool Generator::isTerminated() {
  mlir::Block *block = b.getInsertionBlock();
  return !block->empty() &&
         block->back().hasTrait<mlir::OpTrait::IsTerminator>();
}

void Generator::startDeadBlock() {
  mlir::Region *region = b.getInsertionBlock()->getParent();
  b.createBlock(region, region->end());
}

void Generator::declareSlot(const VarDecl &var) {
  // Allocas go to the entry block so loops do not grow the stack.
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entryBlock);
  auto memrefType = mlir::MemRefType::get({}, convert(var.type));
  slots[&var] = mlir::memref::AllocaOp::create(b, loc(var.loc), memrefType);
}

Value Generator::slotFor(const VarDecl &var) { return slots.lookup(&var); }

void Generator::emitBlock(const Block &block) {
  for (auto &s : block) {
    if (isTerminated())
      startDeadBlock();
    emitStmt(*s);
  }
}

void Generator::emitStmt(const Stmt &s) {
  mlir::Location l = loc(s.getLoc());
  switch (s.getKind()) {
  case Stmt::Kind::VarDecl:
    for (auto &var : llvm::cast<VarDeclStmt>(s).vars) {
      declareSlot(*var);
      Value init = var->init ? emitExpr(*var->init)
                             : defaultValue(var->type, loc(var->loc));
      mlir::memref::StoreOp::create(b, loc(var->loc), init, slotFor(*var));
    }
    return;
  case Stmt::Kind::Assign: {
    auto &as = llvm::cast<AssignStmt>(s);
    if (auto *ix = llvm::dyn_cast<IndexExpr>(as.targets[0].get())) {
      // `a[i] = x` and `a[i] op= x` (CodegenSupport admits arrays only);
      // errors are reported at the indexing.
      mlir::Location l = loc(ix->getLoc());
      Value array = emitExpr(*ix->base);
      Value index = toIndex(emitExpr(*ix->items[0].index),
                            ix->items[0].index->type, l);
      Value value = emitExpr(*as.value);
      const Type *elemType = ix->type;
      if (as.compound && elemType->is(Type::Kind::Str)) {
        Value cur = mlir::neve::ArrayGetOp::create(b, l, array, index);
        value = emitConcat(cur, value, as.value->type, l);
      } else if (as.compound) {
        const Type *opType = as.value->type;
        Value cur = mlir::neve::ArrayGetOp::create(b, l, array, index);
        cur = convertValue(cur, elemType, opType, l);
        value = emitArith(*as.compound, cur, value, opType, l);
        value = convertValue(value, opType, elemType, l);
      }
      mlir::neve::ArraySetOp::create(b, l, value, array, index);
      return;
    }
    auto &target = llvm::cast<NameExpr>(*as.targets[0]);
    Value slot = slotFor(*target.decl);
    Value value = emitExpr(*as.value);
    if (as.compound && target.type->is(Type::Kind::Str)) {
      Value cur = mlir::memref::LoadOp::create(b, l, slot);
      value = emitConcat(cur, value, as.value->type, l);
    } else if (as.compound) {
      const Type *opType = as.value->type;
      Value cur = mlir::memref::LoadOp::create(b, l, slot);
      cur = convertValue(cur, target.type, opType, l);
      value = emitArith(*as.compound, cur, value, opType, l);
      value = convertValue(value, opType, target.type, l);
    }
    mlir::memref::StoreOp::create(b, l, value, slot);
    return;
  }
  case Stmt::Kind::Expr:
    emitExpr(*llvm::cast<ExprStmt>(s).expr);
    return;
  case Stmt::Kind::Return: {
    auto &rs = llvm::cast<ReturnStmt>(s);
    if (rs.value)
      mlir::func::ReturnOp::create(b, l, emitExpr(*rs.value));
    else if (currentFn->returnType->isVoid())
      mlir::func::ReturnOp::create(b, l);
    else
      mlir::func::ReturnOp::create(b, l,
                                   defaultValue(currentFn->returnType, l));
    return;
  }
  case Stmt::Kind::Break:
    mlir::cf::BranchOp::create(b, l, loops.back().breakTo);
    return;
  case Stmt::Kind::Continue:
    mlir::cf::BranchOp::create(b, l, loops.back().continueTo);
    return;
  case Stmt::Kind::If:
    emitIf(llvm::cast<IfStmt>(s));
    return;
  case Stmt::Kind::While:
    emitWhile(llvm::cast<WhileStmt>(s));
    return;
  case Stmt::Kind::For:
    emitFor(llvm::cast<ForStmt>(s));
    return;
  case Stmt::Kind::ForIn:
    emitForIn(llvm::cast<ForInStmt>(s));
    return;
  default:
    break;
  }
  llvm_unreachable("statement refused by CodegenSupport");
}

void Generator::emitIf(const IfStmt &s) {
  mlir::Location l = loc(s.getLoc());
  Value cond = emitExpr(*s.cond);
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *thenBlock = b.createBlock(region, region->end());
  mlir::Block *elseBlock =
      s.hasElse ? b.createBlock(region, region->end()) : nullptr;
  mlir::Block *merge = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::CondBranchOp::create(b, l, cond, thenBlock,
                                 elseBlock ? elseBlock : merge);
  b.setInsertionPointToEnd(thenBlock);
  emitBlock(s.thenBody);
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, merge);
  if (elseBlock) {
    b.setInsertionPointToEnd(elseBlock);
    emitBlock(s.elseBody);
    if (!isTerminated())
      mlir::cf::BranchOp::create(b, l, merge);
  }
  b.setInsertionPointToEnd(merge);
}

void Generator::emitWhile(const WhileStmt &s) {
  mlir::Location l = loc(s.getLoc());
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *header = b.createBlock(region, region->end());
  mlir::Block *body = b.createBlock(region, region->end());
  mlir::Block *exit = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(header);
  Value cond = emitExpr(*s.cond);
  mlir::cf::CondBranchOp::create(b, l, cond, body, exit);
  b.setInsertionPointToEnd(body);
  loops.push_back({exit, header});
  emitBlock(s.body);
  loops.pop_back();
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(exit);
}

void Generator::emitFor(const ForStmt &s) {
  mlir::Location l = loc(s.getLoc());
  const VarDecl &var = *s.var;
  declareSlot(var);
  mlir::memref::StoreOp::create(b, l, emitExpr(*var.init), slotFor(var));
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *header = b.createBlock(region, region->end());
  mlir::Block *body = b.createBlock(region, region->end());
  mlir::Block *latch = b.createBlock(region, region->end());
  mlir::Block *exit = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(header);
  Value cond = emitExpr(*s.cond);
  mlir::cf::CondBranchOp::create(b, l, cond, body, exit);
  b.setInsertionPointToEnd(body);
  loops.push_back({exit, latch});
  emitBlock(s.body);
  loops.pop_back();
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, latch);
  b.setInsertionPointToEnd(latch);
  Value step;
  if (s.step) {
    step = emitExpr(*s.step);
  } else if (var.type->isFloat()) {
    step = mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(1));
  } else {
    step = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(convert(var.type), 1));
  }
  Value cur = mlir::memref::LoadOp::create(b, l, slotFor(var));
  mlir::memref::StoreOp::create(
      b, l, emitArith(BinaryOp::Add, cur, step, var.type, l), slotFor(var));
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(exit);
}

void Generator::emitForIn(const ForInStmt &s) {
  // `for x in a`: the size is read once at the start, so elements appended
  // by the body are not visited (§6.5).
  mlir::Location l = loc(s.getLoc());
  const VarDecl &var = *s.var;
  declareSlot(var);
  Value array = emitExpr(*s.iterable);
  Value size = mlir::neve::ArraySizeOp::create(b, l, array);
  auto counterType = mlir::MemRefType::get({}, b.getI64Type());
  Value counter;
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(entryBlock);
    counter = mlir::memref::AllocaOp::create(b, l, counterType);
  }
  Value zero = mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0));
  mlir::memref::StoreOp::create(b, l, zero, counter);
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *header = b.createBlock(region, region->end());
  mlir::Block *body = b.createBlock(region, region->end());
  mlir::Block *latch = b.createBlock(region, region->end());
  mlir::Block *exit = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(header);
  Value i = mlir::memref::LoadOp::create(b, l, counter);
  Value cond = mlir::arith::CmpIOp::create(
      b, l, mlir::arith::CmpIPredicate::slt, i, size);
  mlir::cf::CondBranchOp::create(b, l, cond, body, exit);
  b.setInsertionPointToEnd(body);
  Value elem = mlir::neve::ArrayGetOp::create(b, l, array, i);
  mlir::memref::StoreOp::create(b, l, elem, slotFor(var));
  loops.push_back({exit, latch});
  emitBlock(s.body);
  loops.pop_back();
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, latch);
  b.setInsertionPointToEnd(latch);
  Value cur = mlir::memref::LoadOp::create(b, l, counter);
  Value one = mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1));
  mlir::memref::StoreOp::create(
      b, l, mlir::arith::AddIOp::create(b, l, cur, one), counter);
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(exit);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Generator::toIndex(Value v, const Type *t, mlir::Location l) {
  unsigned w = v.getType().getIntOrFloatBitWidth();
  if (w == 64)
    return v;
  if (t->is(Type::Kind::Bool) || t->is(Type::Kind::Char))
    return mlir::arith::ExtUIOp::create(b, l, b.getI64Type(), v);
  return mlir::arith::ExtSIOp::create(b, l, b.getI64Type(), v);
}

Value Generator::emitArrayMethod(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value array = emitExpr(*e.receiver);
  const Type *elemType = e.receiver->type->getElement();
  if (e.builtin == "size") {
    Value n = mlir::neve::ArraySizeOp::create(b, l, array);
    return mlir::arith::TruncIOp::create(b, l, convert(e.type), n);
  }
  if (e.builtin == "append") {
    Value v = convertValue(emitExpr(*e.args[0].value), e.args[0].value->type,
                           elemType, l);
    mlir::neve::ArrayAppendOp::create(b, l, array, v);
    return nullptr;
  }
  if (e.builtin == "sum" || e.builtin == "prod")
    return mlir::neve::ArrayReduceOp::create(b, l, convert(elemType), array,
                                             e.builtin == "prod");
  if (e.builtin == "clear") {
    mlir::neve::ArrayClearOp::create(b, l, array);
    return nullptr;
  }
  if (e.builtin == "shuffle") {
    mlir::neve::ArrayShuffleOp::create(b, l, array);
    return nullptr;
  }
  assert(e.builtin == "print" && "array method refused by CodegenSupport");
  mlir::neve::ArrayPrintOp::create(b, l, array,
                                   elemType->is(Type::Kind::Char));
  return nullptr;
}

Value Generator::emitExpr(const Expr &e) {
  mlir::Location l = loc(e.getLoc());
  switch (e.getKind()) {
  case Expr::Kind::IntLit:
    return mlir::arith::ConstantOp::create(
        b, l,
        b.getIntegerAttr(convert(e.type), llvm::cast<IntLitExpr>(e).value));
  case Expr::Kind::FloatLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getF32FloatAttr((float)llvm::cast<FloatLitExpr>(e).value));
  case Expr::Kind::StrLit:
    return mlir::neve::StrConstantOp::create(b, l,
                                             llvm::cast<StrLitExpr>(e).value);
  case Expr::Kind::BoolLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getBoolAttr(llvm::cast<BoolLitExpr>(e).value));
  case Expr::Kind::CharLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getI8IntegerAttr(llvm::cast<CharLitExpr>(e).value));
  case Expr::Kind::NilLit:
    // Only a print argument (CodegenSupport refuses nil elsewhere).
    return mlir::neve::NilOp::create(b, l);
  case Expr::Kind::Name:
    return mlir::memref::LoadOp::create(
        b, l, slotFor(*llvm::cast<NameExpr>(e).decl));
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    Value v = emitExpr(*u.operand);
    if (u.op == UnaryOp::Not) {
      Value t = mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      return mlir::arith::XOrIOp::create(b, l, v, t);
    }
    if (e.type->isFloat())
      return mlir::arith::NegFOp::create(b, l, v);
    Value zero = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(v.getType(), 0));
    return mlir::arith::SubIOp::create(b, l, zero, v);
  }
  case Expr::Kind::Binary:
    return emitBinary(llvm::cast<BinaryExpr>(e));
  case Expr::Kind::Call:
    return emitCall(llvm::cast<CallExpr>(e));
  case Expr::Kind::Cast: {
    auto &c = llvm::cast<CastExpr>(e);
    return convertValue(emitExpr(*c.operand), c.operand->type, e.type, l);
  }
  case Expr::Kind::ListLit: {
    auto &list = llvm::cast<ListLitExpr>(e);
    const Type *elemType = e.type->getElement();
    llvm::SmallVector<Value> elems;
    for (auto &x : list.elems)
      elems.push_back(convertValue(emitExpr(*x), x->type, elemType, l));
    return mlir::neve::ArrayNewOp::create(
        b, l, llvm::cast<mlir::neve::ArrayType>(convert(e.type)), elems);
  }
  case Expr::Kind::Index: {
    // `a[i]` and `a[s:e]` on an array (CodegenSupport refuses the rest).
    auto &ix = llvm::cast<IndexExpr>(e);
    Value array = emitExpr(*ix.base);
    const IndexItem &item = ix.items[0];
    if (item.isSlice) {
      // An omitted start is 0, an omitted end NEVE_SLICE_END (INT64_MAX).
      Value start =
          item.index ? toIndex(emitExpr(*item.index), item.index->type, l)
                     : mlir::arith::ConstantOp::create(
                           b, l, b.getI64IntegerAttr(0)).getResult();
      Value end = item.sliceEnd
                      ? toIndex(emitExpr(*item.sliceEnd), item.sliceEnd->type,
                                l)
                      : mlir::arith::ConstantOp::create(
                            b, l, b.getI64IntegerAttr(INT64_MAX))
                            .getResult();
      return mlir::neve::ArraySliceOp::create(b, l, array.getType(), array,
                                              start, end);
    }
    Value index =
        toIndex(emitExpr(*ix.items[0].index), ix.items[0].index->type, l);
    return mlir::neve::ArrayGetOp::create(b, l, array, index);
  }
  case Expr::Kind::Fold: {
    // `a reduce +`, `a scan *`, … on arrays of int, i64 and float.
    auto &f = llvm::cast<FoldExpr>(e);
    Value array = emitExpr(*f.operand);
    bool product = f.op == BinaryOp::Mul;
    if (f.isScan)
      return mlir::neve::ArrayScanOp::create(b, l, array.getType(), array,
                                             product);
    return mlir::neve::ArrayReduceOp::create(b, l, convert(e.type), array,
                                             product);
  }
  default:
    break;
  }
  llvm_unreachable("unknown expression kind");
}

Value Generator::emitShortCircuit(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  bool isAnd = e.op == BinaryOp::And;
  Value lhs = emitExpr(*e.lhs);
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *rhsBlock = b.createBlock(region, region->end());
  mlir::Block *merge = b.createBlock(region, region->end());
  merge->addArgument(b.getI1Type(), l);
  b.setInsertionPointToEnd(before);
  // and: false skips the rhs; or: true skips it.
  if (isAnd)
    mlir::cf::CondBranchOp::create(b, l, lhs, rhsBlock, {}, merge, {lhs});
  else
    mlir::cf::CondBranchOp::create(b, l, lhs, merge, {lhs}, rhsBlock, {});
  b.setInsertionPointToEnd(rhsBlock);
  Value rhs = emitExpr(*e.rhs);
  mlir::cf::BranchOp::create(b, l, merge, rhs);
  b.setInsertionPointToEnd(merge);
  return merge->getArgument(0);
}

Value Generator::emitArith(BinaryOp op, Value lhs, Value rhs,
                           const Type *operandType, mlir::Location l) {
  namespace arith = mlir::arith;
  bool isFloat = operandType->isFloat();
  switch (op) {
  case BinaryOp::Add:
    return isFloat ? (Value)arith::AddFOp::create(b, l, lhs, rhs)
                   : (Value)arith::AddIOp::create(b, l, lhs, rhs);
  case BinaryOp::Sub:
    return isFloat ? (Value)arith::SubFOp::create(b, l, lhs, rhs)
                   : (Value)arith::SubIOp::create(b, l, lhs, rhs);
  case BinaryOp::Mul:
    return isFloat ? (Value)arith::MulFOp::create(b, l, lhs, rhs)
                   : (Value)arith::MulIOp::create(b, l, lhs, rhs);
  case BinaryOp::Div:
    return arith::DivFOp::create(b, l, lhs, rhs);
  case BinaryOp::Mod:
    return isFloat ? (Value)arith::RemFOp::create(b, l, lhs, rhs)
                   : (Value)mlir::neve::RemIOp::create(b, l, lhs, rhs);
  case BinaryOp::FloorDiv:
    return mlir::neve::DivIOp::create(b, l, lhs, rhs);
  case BinaryOp::CeilDiv:
    return mlir::neve::CeilDivIOp::create(b, l, lhs, rhs);
  case BinaryOp::Shl:
    return arith::ShLIOp::create(b, l, lhs, rhs);
  case BinaryOp::Shr:
    return arith::ShRUIOp::create(b, l, lhs, rhs);
  case BinaryOp::BitOr:
    return arith::OrIOp::create(b, l, lhs, rhs);
  case BinaryOp::Xor:
    return arith::XOrIOp::create(b, l, lhs, rhs);
  default:
    break;
  }
  llvm_unreachable("not an arithmetic operator");
}

Value Generator::emitConcat(Value lhs, Value rhs, const Type *rhsType,
                             mlir::Location l) {
  if (!rhsType->is(Type::Kind::Str))
    rhs = mlir::neve::ToStrOp::create(b, l, rhs,
                                      rhsType->is(Type::Kind::Char));
  return mlir::neve::StrConcatOp::create(b, l, lhs, rhs);
}

Value Generator::emitBinary(const BinaryExpr &e) {
  namespace arith = mlir::arith;
  if (e.op == BinaryOp::And || e.op == BinaryOp::Or)
    return emitShortCircuit(e);
  mlir::Location l = loc(e.getLoc());
  Value lhs = emitExpr(*e.lhs);
  Value rhs = emitExpr(*e.rhs);
  const Type *ot = e.operandType;
  bool isStr = ot->is(Type::Kind::Str);
  auto cmp = [&](arith::CmpIPredicate si, arith::CmpFPredicate f) -> Value {
    if (isStr) {
      // Ordering of strings: the sign of the three-way comparison.
      Value c = mlir::neve::StrCmpOp::create(b, l, lhs, rhs);
      Value zero = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0));
      return arith::CmpIOp::create(b, l, si, c, zero);
    }
    if (ot->isFloat())
      return arith::CmpFOp::create(b, l, f, lhs, rhs);
    return arith::CmpIOp::create(b, l, si, lhs, rhs);
  };
  switch (e.op) {
  case BinaryOp::Eq:
    if (ot->is(Type::Kind::Str))
      return mlir::neve::StrEqOp::create(b, l, lhs, rhs);
    return cmp(arith::CmpIPredicate::eq, arith::CmpFPredicate::OEQ);
  case BinaryOp::Ne:
    if (ot->is(Type::Kind::Str)) {
      Value eq = mlir::neve::StrEqOp::create(b, l, lhs, rhs);
      Value t = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      return arith::XOrIOp::create(b, l, eq, t);
    }
    return cmp(arith::CmpIPredicate::ne, arith::CmpFPredicate::UNE);
  case BinaryOp::Lt:
    return cmp(arith::CmpIPredicate::slt, arith::CmpFPredicate::OLT);
  case BinaryOp::Gt:
    return cmp(arith::CmpIPredicate::sgt, arith::CmpFPredicate::OGT);
  case BinaryOp::Le:
    return cmp(arith::CmpIPredicate::sle, arith::CmpFPredicate::OLE);
  case BinaryOp::Ge:
    return cmp(arith::CmpIPredicate::sge, arith::CmpFPredicate::OGE);
  case BinaryOp::Add:
    if (isStr)
      return emitConcat(lhs, rhs, e.rhs->type, l);
    return emitArith(e.op, lhs, rhs, ot, l);
  default:
    return emitArith(e.op, lhs, rhs, ot, l);
  }
}

Value Generator::emitCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  if (e.callKind == CallKind::BuiltinMethod)
    return emitArrayMethod(e);
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitExpr(*a.value));
  if (!e.decl) {
    // print / printl: char operands are marked, since they lower to i8.
    llvm::SmallVector<bool> chars;
    for (auto &a : e.args)
      chars.push_back(a.value->type->is(Type::Kind::Char));
    mlir::DenseBoolArrayAttr charsAttr;
    if (llvm::is_contained(chars, true))
      charsAttr = b.getDenseBoolArrayAttr(chars);
    mlir::neve::PrintOp::create(b, l, args, e.calleeName() == "print",
                                charsAttr);
    return nullptr;
  }
  auto call = mlir::func::CallOp::create(b, l, funcOps[e.decl], args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

mlir::OwningOpRef<mlir::ModuleOp>
neve::emitMLIR(mlir::MLIRContext &context, const llvm::SourceMgr &sm,
               const Module &module) {
  return Generator(context, sm).run(module);
}
