//===- MLIRGenConcurrency.cpp - Threads, locks and channels (§6.8) --------===//
//
// `async`/`asyncs` bodies become the regions of neve.async/neve.asyncs,
// isolated from above. Captures are found while the body is emitted: the
// first use of a local of the code around the body (slotFor misses) loads
// its value at the spawn point, adds it as an operand and an entry-block
// argument, and gives the body a slot of its own holding it: capture by
// value when the threads start, private assignments (§6.8.1). `self` and
// the enclosing `finish` scope are captured up front. `lock` and `finish`
// are bracketing ops; every path out of their blocks (fall-through,
// return, break, continue) runs the matching release through `cleanups`.
// Channels are `!neve.channel<T>` references.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace neve;
using namespace neve::mlirgen;

void Generator::emitCleanups(size_t depth) {
  for (size_t i = cleanups.size(); i > depth; --i) {
    const Cleanup &c = cleanups[i - 1];
    mlir::Location l = b.getUnknownLoc();
    if (c.kind == Cleanup::Kind::Lock)
      mlir::neve::LockReleaseOp::create(b, l, c.lockName);
    else
      mlir::neve::FinishEndOp::create(b, l, c.scope);
  }
}

void Generator::emitFinish(const FinishStmt &s) {
  mlir::Location l = loc(s.getLoc());
  Value scope = mlir::neve::FinishBeginOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx));
  finishScopes.push_back(scope);
  cleanups.push_back({Cleanup::Kind::Finish, "", scope});
  emitBlock(s.body);
  cleanups.pop_back();
  finishScopes.pop_back();
  if (!isTerminated())
    mlir::neve::FinishEndOp::create(b, l, scope);
}

void Generator::emitLock(const LockStmt &s) {
  mlir::Location l = loc(s.getLoc());
  std::string name = s.name.value_or("");
  mlir::neve::LockAcquireOp::create(b, l, name);
  cleanups.push_back({Cleanup::Kind::Lock, name, nullptr});
  emitBlock(s.body);
  cleanups.pop_back();
  if (!isTerminated())
    mlir::neve::LockReleaseOp::create(b, l, name);
}

/// Adds a captured value (taken at the spawn point) to a task body: an
/// operand of the op built at the end and an entry-block argument.
static Value addCapture(Generator::TaskFrame &frame, Value v) {
  frame.captures.push_back(v);
  return frame.entry->addArgument(v.getType(), v.getLoc());
}

Value Generator::captureSlot(const VarDecl &var, size_t level) {
  assert(level > 0 && "a local without a slot outside any task body");
  TaskFrame &frame = taskFrames[level - 1];
  // The variable's slot in the code around this task body.
  Value outer = frame.outerSlots.lookup(&var);
  if (!outer) {
    outer = captureSlot(var, level - 1);
    frame.outerSlots[&var] = outer;
  }
  mlir::Location l = loc(var.loc);
  Value value;
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.restoreInsertionPoint(frame.spawnPoint);
    value = mlir::memref::LoadOp::create(b, l, outer);
    // A fixed array is captured by value: its elements.
    if (var.type->is(Type::Kind::FixedArray))
      value = loadFixed(value, var.type, l);
  }
  Value arg = addCapture(frame, value);
  // The body's own slot, set on entry.
  mlir::OpBuilder::InsertionGuard guard(b);
  mlir::Block *savedEntry = entryBlock;
  entryBlock = frame.entry;
  auto memrefType = mlir::MemRefType::get({}, convert(var.type));
  b.setInsertionPointToStart(frame.entry);
  Value slot = mlir::memref::AllocaOp::create(b, l, memrefType);
  if (var.type->is(Type::Kind::FixedArray)) {
    Value one = mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(), 1);
    Value storage = mlir::LLVM::AllocaOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
        fixedStorageType(var.type), one);
    mlir::memref::StoreOp::create(b, l, storage, slot);
    mlir::LLVM::StoreOp::create(b, l, arg, storage);
  } else {
    mlir::memref::StoreOp::create(b, l, arg, slot);
  }
  entryBlock = savedEntry;
  // Record it at this level (the current slots when level is innermost).
  if (level == taskFrames.size())
    slots[&var] = slot;
  else
    taskFrames[level].outerSlots[&var] = slot;
  return slot;
}

void Generator::emitTask(const Stmt &s, const Block &body, const Expr *count) {
  mlir::Location l = loc(s.getLoc());
  Value scope = finishScopes.empty() ? Value() : finishScopes.back();
  Value n = count ? toIndex(emitExpr(*count), count->type, l) : Value();

  TaskFrame frame;
  frame.body = std::make_unique<mlir::Region>();
  frame.entry = new mlir::Block();
  frame.body->push_back(frame.entry);
  frame.spawnPoint = b.saveInsertionPoint();
  frame.outerSlots = std::move(slots);
  frame.outerSelf = selfValue;
  frame.outerEntry = entryBlock;
  frame.outerLoops = std::move(loops);
  frame.outerCleanups = std::move(cleanups);
  frame.outerFinish = std::move(finishScopes);
  slots.clear();
  loops.clear();
  cleanups.clear();
  finishScopes.clear();
  entryBlock = frame.entry;
  // `self` and the `finish` around the task are captured up front.
  if (frame.outerSelf)
    selfValue = addCapture(frame, frame.outerSelf);
  if (!frame.outerFinish.empty())
    finishScopes.push_back(addCapture(frame, frame.outerFinish.back()));
  taskFrames.push_back(std::move(frame));

  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(taskFrames.back().entry);
    emitBlock(body);
    if (!isTerminated())
      mlir::neve::TaskReturnOp::create(b, l);
  }

  TaskFrame done = std::move(taskFrames.back());
  taskFrames.pop_back();
  slots = std::move(done.outerSlots);
  selfValue = done.outerSelf;
  entryBlock = done.outerEntry;
  loops = std::move(done.outerLoops);
  cleanups = std::move(done.outerCleanups);
  finishScopes = std::move(done.outerFinish);

  mlir::Operation *op =
      count ? mlir::neve::AsyncsOp::create(b, l, scope, n, done.captures)
                  .getOperation()
            : mlir::neve::AsyncOp::create(b, l, scope, done.captures)
                  .getOperation();
  op->getRegion(0).takeBody(*done.body);
}

Value Generator::emitThreadId(llvm::StringRef name, mlir::Location l) {
  return mlir::neve::ThreadIdOp::create(b, l, b.getI32Type(), name);
}

Value Generator::emitArg(const Arg &a) {
  Value v = emitExpr(*a.value);
  if (a.split == ArgSplit::None)
    return v;
  auto split = mlir::neve::ArraySplitOp::create(b, loc(a.loc), v);
  if (a.split == ArgSplit::Strided)
    split.setStrided(true);
  return split;
}

/// The channel `e`, checked for nil at its location (the runtime's own
/// check cannot name the source line).
static Value checkedChannel(Generator &g, const Expr &e,
                            const llvm::Twine &what, mlir::Location l) {
  Value ch = g.emitExpr(e);
  mlir::neve::NilCheckOp::create(g.b, l, ch,
                                 ("nil channel: cannot " + what).str());
  return ch;
}

Value Generator::emitReceive(const Expr &channel, const Type *to,
                             mlir::Location l) {
  Value ch = checkedChannel(*this, channel, "receive", l);
  const Type *elem = channel.type->getElement();
  auto recv = mlir::neve::ChannelRecvOp::create(b, l, convert(elem),
                                                b.getI1Type(), ch);
  Value v = recv.getResult();
  if (!hasZeroDefault(elem)) {
    // Terminated and empty: the default of T (§6.8.5), e.g. "" for str.
    mlir::Region *region = b.getInsertionBlock()->getParent();
    mlir::Block *before = b.getInsertionBlock();
    mlir::Block *fallback = b.createBlock(region, region->end());
    mlir::Block *merge = b.createBlock(region, region->end(), {v.getType()},
                                       {l});
    b.setInsertionPointToEnd(before);
    mlir::cf::CondBranchOp::create(b, l, recv.getReceived(), merge,
                                   mlir::ValueRange{v}, fallback,
                                   mlir::ValueRange{});
    b.setInsertionPointToEnd(fallback);
    mlir::cf::BranchOp::create(b, l, merge, defaultValue(elem, l));
    b.setInsertionPointToEnd(merge);
    v = merge->getArgument(0);
  }
  return convertValue(v, elem, to, l);
}

void Generator::emitChannelStmt(const ChannelStmt &s) {
  mlir::Location l = loc(s.getLoc());
  if (s.isSend) {
    Value ch = checkedChannel(*this, *s.lhs, "send", l);
    const Type *elem = s.lhs->type->getElement();
    Value v = convertValue(emitExpr(*s.rhs), s.rhs->type, elem, l);
    mlir::neve::ChannelSendOp::create(b, l, ch, v);
    return;
  }
  // `target <- ch`: any assignable target (§6.8.5), as `target = x`.
  const Expr &target = *s.lhs;
  if (auto *ix = llvm::dyn_cast<IndexExpr>(&target); ix && !supportsIndex(*ix))
    return;
  storeInto(target, emitReceive(*s.rhs, target.type, l));
}

//===----------------------------------------------------------------------===//
// Channel methods (§6.8.5; entries of Builtins.td)
//===----------------------------------------------------------------------===//

Value Generator::emitChannelAlive(const CallExpr &e, mlir::Location l) {
  Value ch = checkedChannel(*this, *e.receiver, "call 'alive'", l);
  return mlir::neve::ChannelAliveOp::create(b, l, ch);
}

Value Generator::emitChannelTerminate(const CallExpr &e, mlir::Location l) {
  Value ch = checkedChannel(*this, *e.receiver, "call 'terminate'", l);
  mlir::neve::ChannelTerminateOp::create(b, l, ch);
  return nullptr;
}

Value Generator::emitChannelSum(const CallExpr &e, mlir::Location l) {
  Value ch = checkedChannel(*this, *e.receiver, "call 'sum'", l);
  return mlir::neve::ChannelSumOp::create(
      b, l, convert(e.receiver->type->getElement()), ch);
}
