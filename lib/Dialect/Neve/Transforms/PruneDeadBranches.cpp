//===- PruneDeadBranches.cpp - constant branches, unreachable blocks ------===//
//
// neve-prune-dead-branches (Passes.td): cf.cond_br on a constant becomes a
// cf.br, and the blocks no branch reaches are erased, to a fixpoint.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEPRUNEDEADBRANCHESPASS
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;

namespace {
struct NevePruneDeadBranchesPass
    : neve::impl::NevePruneDeadBranchesPassBase<NevePruneDeadBranchesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<cf::CondBranchOp> constant;
      getOperation()->walk([&](cf::CondBranchOp br) {
        if (matchPattern(br.getCondition(), m_Constant()))
          constant.push_back(br);
      });
      for (cf::CondBranchOp br : constant) {
        bool taken = matchPattern(br.getCondition(), m_One());
        rewriter.setInsertionPoint(br);
        rewriter.replaceOpWithNewOp<cf::BranchOp>(
            br, taken ? br.getTrueDest() : br.getFalseDest(),
            taken ? br.getTrueDestOperands() : br.getFalseDestOperands());
        changed = true;
      }
      for (Region &region : getOperation()->getRegions())
        changed |= succeeded(eraseUnreachableBlocks(rewriter, region));
    }
  }
};
} // namespace
