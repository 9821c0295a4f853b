//===- AttentionFusion.cpp - Frost's attention chain to flash attention ---===//
//
// Pattern `attention` of neve-fuse. The chain of Frost calls
//
//   %s = call @bmm_t(%q, %k)                       // q kᵀ
//   %t = call @"operator*.gpu_tensor.float"(%s, %c) // scale (or %c * %s)
//   %m = call @causal_mask(%t)                     // optional
//   %p = call @softmax(%m)
//   %o = call @bmm(%p, %v)                         // p v
//
// becomes %o = call @flash_attention(%q, %k, %v, %c, %causal), the kernel
// Frost provides (frost/attention.nv). The calls are recognised by the
// roles of FusionPrimitives.td, not by names spelled here.
//
// Refused (the chain stays as it is) when an intermediate has another use
// (a tensor read twice), when the chain spans blocks, when anything between
// its first call and its last may write memory (the fused call reads q, k
// and v at the last call's position), inside flash_attention and its
// fallback (the rewrite would make them call themselves), and when the
// module has no flash_attention of the expected type.
//
//===----------------------------------------------------------------------===//

#include "FusionPatterns.h"

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using neve::FusionRole;

namespace {

std::optional<FusionRole> roleOf(func::CallOp call) {
  return neve::symbolizeFusionRole(call.getCallee());
}

/// The call of role \p role in \p block that defines \p v and whose result
/// nothing else uses, or null.
func::CallOp producer(Value v, FusionRole role, Block *block) {
  auto call = v.getDefiningOp<func::CallOp>();
  if (!call || call->getBlock() != block || roleOf(call) != role ||
      call->getNumResults() != 1 || !v.hasOneUse())
    return nullptr;
  return call;
}

/// Whether \p op leaves memory as it was (it may read it).
bool writesNothing(Operation *op) {
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions() != 0)
    return false;
  return !effects.hasEffect<MemoryEffects::Write>() &&
         !effects.hasEffect<MemoryEffects::Free>();
}

struct AttentionChain : OpRewritePattern<func::CallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(func::CallOp root,
                                PatternRewriter &rewriter) const override {
    if (roleOf(root) != FusionRole::ValueProduct || root.getNumOperands() != 2)
      return failure();
    auto fn = root->getParentOfType<func::FuncOp>();
    if (!fn)
      return failure();
    if (auto inside = neve::symbolizeFusionRole(fn.getSymName()))
      if (neve::isFusionBarrier(*inside))
        return failure();

    Block *block = root->getBlock();
    func::CallOp softmax =
        producer(root.getOperand(0), FusionRole::Softmax, block);
    if (!softmax || softmax.getNumOperands() != 1)
      return failure();
    func::CallOp mask =
        producer(softmax.getOperand(0), FusionRole::CausalMask, block);
    Value scaled = mask ? mask.getOperand(0) : softmax.getOperand(0);
    // scores * c, or c * scores
    func::CallOp scale = producer(scaled, FusionRole::Scale, block);
    bool left = !scale;
    if (left)
      scale = producer(scaled, FusionRole::ScaleLeft, block);
    if (!scale || scale.getNumOperands() != 2)
      return failure();
    func::CallOp scores = producer(scale.getOperand(left ? 1 : 0),
                                   FusionRole::ScoresProduct, block);
    if (!scores || scores.getNumOperands() != 2)
      return failure();

    SmallVector<Operation *> chain = {scores, scale};
    if (mask)
      chain.push_back(mask);
    chain.append({softmax, root});
    for (Operation *op = scores->getNextNode(); op != root;
         op = op->getNextNode())
      if (!llvm::is_contained(chain, op) && !writesNothing(op))
        return rewriter.notifyMatchFailure(
            root, "something between the chain's calls may write memory");

    auto module = root->getParentOfType<ModuleOp>();
    StringRef fusedName = neve::stringifyFusionRole(FusionRole::FusedAttention);
    auto fused = module.lookupSymbol<func::FuncOp>(fusedName);
    Value q = scores.getOperand(0), k = scores.getOperand(1),
          v = root.getOperand(1), c = scale.getOperand(left ? 0 : 1);
    Type i1 = rewriter.getI1Type();
    SmallVector<Type> want = {q.getType(), k.getType(), v.getType(),
                              c.getType(), i1};
    if (!fused || fused.getFunctionType().getInputs() != ArrayRef(want) ||
        !llvm::equal(fused.getFunctionType().getResults(),
                     root.getResultTypes()))
      return rewriter.notifyMatchFailure(root, "no flash_attention to call");

    InFlightDiagnostic remark = emitRemark(root.getLoc())
                                << "neve-fuse[attention]: fused ";
    for (auto [i, op] : llvm::enumerate(chain)) {
      auto call = cast<func::CallOp>(op);
      StringRef name = call.getCallee();
      if (name.starts_with("operator"))
        name = name.drop_front(8).take_until([](char ch) { return ch == '.'; });
      remark << (i == 0 ? "" : i + 1 == chain.size() ? " and " : ", ") << "'"
             << name << "' (" << neve::fusionLineOf(call.getLoc()) << ")";
    }
    remark << " into a call of '" << fusedName << "'"
           << (mask ? " (causal)" : "");
    remark.report();

    rewriter.setInsertionPoint(root);
    Value causal = arith::ConstantOp::create(
        rewriter, root.getLoc(), i1, rewriter.getBoolAttr(mask != nullptr));
    rewriter.replaceOpWithNewOp<func::CallOp>(root, fused,
                                              ValueRange{q, k, v, c, causal});
    for (Operation *op : llvm::reverse(ArrayRef(chain).drop_back()))
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void neve::populateAttentionFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<AttentionChain>(patterns.getContext());
}
