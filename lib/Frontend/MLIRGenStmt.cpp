//===- MLIRGenStmt.cpp - Statements to MLIR ---------------------------------===//

#include "MLIRGenInternal.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Matchers.h"

using namespace neve;
using namespace neve::mlirgen;

namespace {
/// The constant `v` folds to, through the integer ops of its definition
/// whose operands do (`h // 4` with `h` a constant of the specialisation:
/// a loop bound that is constant after specialisation, §6.5).
std::optional<int64_t> foldedConstant(Value v, int depth = 0) {
  mlir::IntegerAttr c;
  if (mlir::matchPattern(v, mlir::m_Constant(&c)))
    return c.getValue().getSExtValue();
  mlir::Operation *op = v.getDefiningOp();
  if (!op || depth > 8 || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || op->getNumOperands() == 0)
    return std::nullopt;
  llvm::SmallVector<mlir::Attribute> operands;
  for (Value o : op->getOperands()) {
    std::optional<int64_t> k = foldedConstant(o, depth + 1);
    if (!k || !o.getType().isIntOrIndex())
      return std::nullopt;
    operands.push_back(mlir::IntegerAttr::get(o.getType(), *k));
  }
  llvm::SmallVector<mlir::OpFoldResult> results;
  if (mlir::failed(op->fold(operands, results)) || results.size() != 1)
    return std::nullopt;
  if (auto attr = llvm::dyn_cast_if_present<mlir::Attribute>(results[0]))
    if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(attr))
      return i.getValue().getSExtValue();
  return std::nullopt;
}
} // namespace

void Generator::emitStmt(const Stmt &s) { visitStmt(s); }

//===----------------------------------------------------------------------===//
// One visitor method per statement kind (ASTVisitor.h)
//===----------------------------------------------------------------------===//

void Generator::visitVarDeclStmt(const VarDeclStmt &s) {
  for (auto &var : s.vars) {
    if (!supportsType(var->type, var->loc, "variables of type ")) {
      // Reported: a slot of the type's MLIR form keeps its uses emittable.
      slots[var.get()] = mlir::memref::AllocaOp::create(
          b, loc(var->loc), mlir::MemRefType::get({}, convert(var->type)));
      if (var->init)
        emitExpr(*var->init);
      continue;
    }
    if (var->type->is(Type::Kind::Layout)) {
      // A view, bound once (emitAssign refuses reassignment).
      if (!var->init) {
        internalError(var->loc, "a layout variable without an initial view");
        layoutVars[var.get()] = refusedValue(var->type, loc(var->loc));
        continue;
      }
      layoutVars[var.get()] = emitExpr(*var->init);
      continue;
    }
    declareSlot(*var);
    if (var->isReceive) {
      // `T v <- ch` (§6.8.5).
      mlir::memref::StoreOp::create(
          b, loc(var->loc), emitReceive(*var->init, var->type, loc(var->loc)),
          slotFor(*var));
      continue;
    }
    if (var->type->is(Type::Kind::FixedArray)) {
      // Zeros, or a copy of the initializer's elements (§4.3, §4.6).
      mlir::Location vl = loc(var->loc);
      Value storage = mlir::memref::LoadOp::create(b, vl, slotFor(*var));
      if (var->init)
        copyFixed(storage, emitExpr(*var->init), var->type, vl);
      else
        zeroFixed(storage, var->type, vl);
      continue;
    }
    Value init = var->init ? emitExpr(*var->init)
                           : defaultValue(var->type, loc(var->loc));
    mlir::memref::StoreOp::create(b, loc(var->loc), init, slotFor(*var));
  }
}

void Generator::visitAssignStmt(const AssignStmt &s) { emitAssign(s); }

void Generator::visitExprStmt(const ExprStmt &s) { emitExpr(*s.expr); }

void Generator::visitReturnStmt(const ReturnStmt &rs) {
  mlir::Location l = loc(rs.getLoc());
  if (!taskFrames.empty()) {
    // `return` in a task body ends the thread (its value is unused).
    if (rs.value)
      emitExpr(*rs.value);
    emitCleanups(0);
    mlir::neve::TaskReturnOp::create(b, l);
    return;
  }
  Value result;
  if (rs.value && rs.value->type->is(Type::Kind::FixedArray))
    result = loadFixed(emitExpr(*rs.value), rs.value->type, l);
  else if (rs.value)
    result = emitExpr(*rs.value);
  else if (!currentFn->returnType->isVoid())
    result = defaultValue(currentFn->returnType, l);
  // Leaving `lock` and `finish` blocks on the way out.
  emitCleanups(0);
  if (result)
    mlir::func::ReturnOp::create(b, l, result);
  else
    mlir::func::ReturnOp::create(b, l);
}

void Generator::visitBreakStmt(const BreakStmt &s) {
  emitCleanups(loops.back().cleanupDepth);
  mlir::cf::BranchOp::create(b, loc(s.getLoc()), loops.back().breakTo);
}

void Generator::visitContinueStmt(const ContinueStmt &s) {
  emitCleanups(loops.back().cleanupDepth);
  mlir::cf::BranchOp::create(b, loc(s.getLoc()), loops.back().continueTo);
}

void Generator::visitFinishStmt(const FinishStmt &s) { emitFinish(s); }

void Generator::visitLockStmt(const LockStmt &s) { emitLock(s); }

void Generator::visitAsyncStmt(const AsyncStmt &s) {
  emitTask(s, s.body, nullptr);
}

void Generator::visitAsyncsStmt(const AsyncsStmt &s) {
  emitTask(s, s.body, s.count.get());
}

void Generator::visitChannelStmt(const ChannelStmt &s) { emitChannelStmt(s); }

void Generator::visitIfStmt(const IfStmt &s) { emitIf(s); }

void Generator::visitWhileStmt(const WhileStmt &s) { emitWhile(s); }

void Generator::visitForStmt(const ForStmt &s) { emitFor(s); }

void Generator::visitForInStmt(const ForInStmt &s) { emitForIn(s); }

void Generator::visitMultiLoopStmt(const MultiLoopStmt &s) {
  emitMultiLoop(s);
}

void Generator::visitLaunchStmt(const LaunchStmt &s) { emitLaunch(s); }

void Generator::emitAssign(const AssignStmt &as) {
  mlir::Location l = loc(as.getLoc());
  if (as.targets.size() > 1)
    return emitUnpack(as);
  if (as.isBuiltinMatmul)
    return emitBuiltinMatmul(as);
  if (as.accumulator)
    return emitAccumulate(as);
  if (as.targets[0]->type && as.targets[0]->type->is(Type::Kind::Layout))
    return internalError(as.getLoc(), "assigning to a layout variable (a layout is "
                               "bound once, where it is declared)");
  if (auto *ix = llvm::dyn_cast<IndexExpr>(as.targets[0].get());
      ix && !supportsIndex(*ix))
    return;
  if (auto *ix = llvm::dyn_cast<IndexExpr>(as.targets[0].get());
      ix && ix->base->type->is(Type::Kind::Map))
    return emitMapAssign(as, *ix);
  if (auto *ix = llvm::dyn_cast<IndexExpr>(as.targets[0].get());
      ix && (ix->base->type->isPointerLike() ||
             ix->base->type->is(Type::Kind::FixedArray) ||
             ix->base->type->is(Type::Kind::Layout)))
    return emitPointerAssign(as, *ix);
  if (auto *ix = llvm::dyn_cast<IndexExpr>(as.targets[0].get())) {
    // `a[i] = x` and `a[i] op= x` (supportsIndex admits arrays only);
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
  auto *member = llvm::dyn_cast<MemberExpr>(as.targets[0].get());
  if ((!member || !member->field) && !llvm::isa<NameExpr>(*as.targets[0]))
    return internalError(as.getLoc(), "assignments to fields and elements");
  if (as.compoundOp && !supportsOperatorFunc(*as.compoundOp, as.getLoc()))
    return;
  if (member) {
    emitFieldAssign(as, *member);
    return;
  }
  auto &target = llvm::cast<NameExpr>(*as.targets[0]);
  Value slot = slotFor(*target.decl);
  Value value = emitExpr(*as.value);
  if (target.type->is(Type::Kind::FixedArray)) {
    // `a = b` copies the elements (fixed arrays are values, §4.3).
    copyFixed(mlir::memref::LoadOp::create(b, l, slot), value, target.type, l);
    return;
  }
  if (as.compound) {
    Value cur = mlir::memref::LoadOp::create(b, l, slot);
    value = emitCompound(as, cur, target.type, value);
  }
  mlir::memref::StoreOp::create(b, l, value, slot);
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

void Generator::emitLoop(mlir::Location l, llvm::function_ref<Value()> cond,
                         llvm::function_ref<void()> body,
                         llvm::function_ref<void()> latch) {
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *header = b.createBlock(region, region->end());
  mlir::Block *bodyBlock = b.createBlock(region, region->end());
  mlir::Block *latchBlock =
      latch ? b.createBlock(region, region->end()) : header;
  mlir::Block *exit = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::BranchOp::create(b, l, header);
  b.setInsertionPointToEnd(header);
  mlir::cf::CondBranchOp::create(b, l, cond(), bodyBlock, exit);
  b.setInsertionPointToEnd(bodyBlock);
  loops.push_back({exit, latchBlock, cleanups.size()});
  body();
  loops.pop_back();
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, latchBlock);
  if (latch) {
    b.setInsertionPointToEnd(latchBlock);
    latch();
    mlir::cf::BranchOp::create(b, l, header);
  }
  b.setInsertionPointToEnd(exit);
}

void Generator::emitWhile(const WhileStmt &s) {
  emitLoop(
      loc(s.getLoc()), [&] { return emitExpr(*s.cond); },
      [&] { emitBlock(s.body); }, nullptr);
}

void Generator::emitFor(const ForStmt &s) {
  mlir::Location l = loc(s.getLoc());
  const VarDecl &var = *s.var;
  declareSlot(var);
  mlir::memref::StoreOp::create(b, l, emitExpr(*var.init), slotFor(var));
  auto step = [&] {
    // After the body: k += STEP (default 1), evaluated each time (§6.5).
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
  };
  emitLoop(
      l, [&] { return emitExpr(*s.cond); }, [&] { emitBlock(s.body); }, step);
}

void Generator::emitForIn(const ForInStmt &s) {
  // `for x in a`: the size is read once at the start, so elements appended
  // by the body are not visited (§6.5).
  mlir::Location l = loc(s.getLoc());
  const Type *t = s.iterable->type;
  if (!t || !t->is(Type::Kind::Array))
    return internalError(s.getLoc(), "'for ... in' loops over " +
                                  (t ? t->str() : std::string("?")));
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
  auto cond = [&]() -> Value {
    Value i = mlir::memref::LoadOp::create(b, l, counter);
    return mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt,
                                       i, size);
  };
  auto body = [&] {
    Value i = mlir::memref::LoadOp::create(b, l, counter);
    Value elem = mlir::neve::ArrayGetOp::create(b, l, array, i);
    mlir::memref::StoreOp::create(b, l, elem, slotFor(var));
    emitBlock(s.body);
  };
  auto next = [&] {
    Value cur = mlir::memref::LoadOp::create(b, l, counter);
    Value one = mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1));
    mlir::memref::StoreOp::create(
        b, l, mlir::arith::AddIOp::create(b, l, cur, one), counter);
  };
  emitLoop(l, cond, body, next);
}

void Generator::emitMultiLoop(const MultiLoopStmt &s) {
  // `[A0..B0, A1..B1] v0, v1`: a nest over half-open ranges, the first
  // outermost. Every bound is evaluated once, left to right, before the
  // first iteration; `break` leaves the whole nest and `continue` moves to
  // the next index tuple (§6.5).
  mlir::Location l = loc(s.getLoc());
  size_t n = s.vars.size();
  llvm::SmallVector<Value> lower, upper;
  for (size_t k = 0; k < n; ++k) {
    lower.push_back(emitExprAs(*s.lower[k], s.vars[k]->type));
    upper.push_back(emitExprAs(*s.upper[k], s.vars[k]->type));
  }
  for (auto &var : s.vars)
    declareSlot(*var);
  mlir::Block *before = b.getInsertionBlock();
  mlir::Region *region = before->getParent();
  llvm::SmallVector<mlir::Block *> enter, header, latch;
  for (size_t k = 0; k < n; ++k) {
    enter.push_back(b.createBlock(region, region->end()));
    header.push_back(b.createBlock(region, region->end()));
    latch.push_back(b.createBlock(region, region->end()));
  }
  mlir::Block *body = b.createBlock(region, region->end());
  mlir::Block *exit = b.createBlock(region, region->end());
  b.setInsertionPointToEnd(before);
  mlir::cf::BranchOp::create(b, l, enter[0]);
  for (size_t k = 0; k < n; ++k) {
    Value slot = slotFor(*s.vars[k]);
    // enter_k: v_k = A_k, then test.
    b.setInsertionPointToEnd(enter[k]);
    mlir::memref::StoreOp::create(b, l, lower[k], slot);
    mlir::cf::BranchOp::create(b, l, header[k]);
    // header_k: v_k < B_k goes inward, else to the next index outside.
    b.setInsertionPointToEnd(header[k]);
    Value v = mlir::memref::LoadOp::create(b, l, slot);
    Value cond = mlir::arith::CmpIOp::create(
        b, l, mlir::arith::CmpIPredicate::slt, v, upper[k]);
    mlir::cf::CondBranchOp::create(b, l, cond, k + 1 < n ? enter[k + 1] : body,
                                   k == 0 ? exit : latch[k - 1]);
    // latch_k: v_k += 1.
    b.setInsertionPointToEnd(latch[k]);
    Value cur = mlir::memref::LoadOp::create(b, l, slot);
    Value one = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(cur.getType(), 1));
    mlir::memref::StoreOp::create(
        b, l, mlir::arith::AddIOp::create(b, l, cur, one), slot);
    auto back = mlir::cf::BranchOp::create(b, l, header[k]);
    // §6.5: in device code, loops with constant bounds are unrolled (so
    // register layouts they index stay in registers). Only those are
    // marked: LLVM warns, without a location, about a full-unroll request
    // it cannot honour.
    bool constantBounds = foldedConstant(lower[k]) && foldedConstant(upper[k]);
    if (constantBounds && currentFn &&
        (currentFn->kind == FuncKind::Kernel ||
         currentFn->kind == FuncKind::Gpu))
      back->setAttr("loop_annotation",
                    mlir::parseAttribute("#llvm.loop_annotation<unroll = "
                                         "#llvm.loop_unroll<full = true>>",
                                         &ctx));
  }
  b.setInsertionPointToEnd(body);
  loops.push_back({exit, latch[n - 1], cleanups.size()});
  emitBlock(s.body);
  loops.pop_back();
  if (!isTerminated())
    mlir::cf::BranchOp::create(b, l, latch[n - 1]);
  b.setInsertionPointToEnd(exit);
}
