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

#include "CallChain.h"
#include "FusionPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using neve::FusionRole;

namespace {

struct AttentionChain : OpRewritePattern<func::CallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(func::CallOp root,
                                PatternRewriter &rewriter) const override {
    if (neve::roleOf(root) != FusionRole::ValueProduct ||
        neve::roleOperands(root).size() != 2 ||
        neve::insideFusionBarrier(root))
      return failure();

    Block *block = root->getBlock();
    func::CallOp softmax =
        neve::chainProducer(root.getOperand(0), FusionRole::Softmax, block);
    if (!softmax || softmax.getNumOperands() != 1)
      return failure();
    func::CallOp mask = neve::chainProducer(softmax.getOperand(0),
                                            FusionRole::CausalMask, block);
    Value scaled = mask ? mask.getOperand(0) : softmax.getOperand(0);
    // scores * c, or c * scores
    func::CallOp scale = neve::chainProducer(scaled, FusionRole::Scale, block);
    bool left = !scale;
    if (left)
      scale = neve::chainProducer(scaled, FusionRole::ScaleLeft, block);
    if (!scale || scale.getNumOperands() != 2)
      return failure();
    func::CallOp scores = neve::chainProducer(
        scale.getOperand(left ? 1 : 0), FusionRole::ScoresProduct, block);
    if (!scores || neve::roleOperands(scores).size() != 2)
      return failure();

    SmallVector<Operation *> chain = {scores, scale};
    if (mask)
      chain.push_back(mask);
    chain.append({softmax, root});
    if (!neve::nothingWritesBetween(chain))
      return rewriter.notifyMatchFailure(
          root, "something between the chain's calls may write memory");

    Value q = scores.getOperand(0), k = scores.getOperand(1),
          v = root.getOperand(1), c = scale.getOperand(left ? 0 : 1);
    Type i1 = rewriter.getI1Type();
    // bmm's caller position (a trailing `str at = caller`, §3.2) goes on
    // to flash_attention, so that its errors name the program's line.
    Value at = neve::callerPosition(root);
    SmallVector<Type> inputs = {q.getType(), k.getType(), v.getType(),
                                c.getType(), i1};
    if (at)
      inputs.push_back(at.getType());
    func::FuncOp fused = neve::lookupReplacement(
        root, FusionRole::FusedAttention, inputs, root.getResultTypes());
    if (!fused)
      return rewriter.notifyMatchFailure(root, "no flash_attention to call");

    neve::remarkChainFused("attention", chain, fused,
                           mask ? " (causal)" : "");
    rewriter.setInsertionPoint(root);
    Value causal = arith::ConstantOp::create(
        rewriter, root.getLoc(), i1, rewriter.getBoolAttr(mask != nullptr));
    SmallVector<Value> operands = {q, k, v, c, causal};
    if (at)
      operands.push_back(at);
    auto call = rewriter.replaceOpWithNewOp<func::CallOp>(root, fused, operands);
    neve::carryRole(call, fused);
    for (Operation *op : llvm::reverse(ArrayRef(chain).drop_back()))
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void neve::populateAttentionFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<AttentionChain>(patterns.getContext());
}
