//===- ConcurrencyToRuntime.cpp - Outline task bodies ----------------------===//
//
// --convert-concurrency-to-runtime: each neve.async / neve.asyncs body (a
// region isolated from above whose entry block takes the captured values)
// moves into a function `@<enclosing>.task<N>(!llvm.ptr)`; the environment
// pointer is unpacked by neve.task_env. The op becomes neve.task_spawn.
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::neve {
#define GEN_PASS_DEF_CONVERTCONCURRENCYTORUNTIMEPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

/// Moves the body of `op` (neve.async or neve.asyncs) into a new function
/// and replaces `op` with a neve.task_spawn of it.
static void outline(Operation *op, Value scope, Value count,
                    ValueRange captures, Region &body, SymbolTable &symbols) {
  MLIRContext *ctx = op->getContext();
  IRRewriter rewriter(ctx);
  auto parent = op->getParentOfType<func::FuncOp>();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  rewriter.setInsertionPointAfter(parent);
  auto fn = func::FuncOp::create(rewriter, op->getLoc(),
                                 (parent.getSymName() + ".task").str(),
                                 rewriter.getFunctionType({ptr}, {}));
  fn.setPrivate();
  symbols.insert(fn); // renames it to a unique `...task_N` when taken

  // Entry: unpack the environment, then the body's blocks.
  Block *entry = fn.addEntryBlock();
  Block *oldEntry = &body.front();
  rewriter.setInsertionPointToStart(entry);
  SmallVector<Value> values;
  if (!captures.empty()) {
    auto env = TaskEnvOp::create(rewriter, op->getLoc(), captures.getTypes(),
                                 entry->getArgument(0));
    values.assign(env.getResults().begin(), env.getResults().end());
  }
  Region &fnBody = fn.getBody();
  fnBody.getBlocks().splice(fnBody.end(), body.getBlocks());
  rewriter.mergeBlocks(oldEntry, entry, values);
  fn.walk([&](TaskReturnOp ret) {
    rewriter.setInsertionPoint(ret);
    rewriter.replaceOpWithNewOp<func::ReturnOp>(ret);
  });

  rewriter.setInsertionPoint(op);
  TaskSpawnOp::create(rewriter, op->getLoc(), fn.getSymName(), scope, count,
                      captures);
  rewriter.eraseOp(op);
}

struct ConvertConcurrencyToRuntimePass
    : neve::impl::ConvertConcurrencyToRuntimePassBase<
          ConvertConcurrencyToRuntimePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Post-order: a task nested in a task body is outlined first.
    SmallVector<Operation *> tasks;
    module.walk([&](Operation *op) {
      if (isa<AsyncOp, AsyncsOp>(op))
        tasks.push_back(op);
    });
    for (Operation *op : tasks) {
      if (auto a = dyn_cast<AsyncOp>(op))
        outline(op, a.getScope(), Value(), a.getCaptures(), a.getBody(),
                symbols);
      else if (auto a = dyn_cast<AsyncsOp>(op))
        outline(op, a.getScope(), a.getCount(), a.getCaptures(), a.getBody(),
                symbols);
    }
  }
};

} // namespace
