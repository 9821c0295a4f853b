//===- ReluFusion.cpp - relu folded into the call that produces its input -===//
//
// Patterns `bn-relu` and `add-relu` of neve-fuse: a Frost relu whose
// operand comes from a batchnorm or from a tensor sum, with nothing else
// reading that intermediate, becomes one call that does both in one pass
// over memory, forward and backward:
//
//   %y = call @BatchNorm2d.forward(%bn, %x)          %r = call @batchnorm_relu(%bn, %x)
//   %r = call @relu(%y)                        ->
//
//   %s = call @"operator+.gpu_tensor.gpu_tensor"(%a, %b)
//   %r = call @relu(%s)                        ->    %r = call @add_relu(%a, %b)
//
// The fused functions are Frost's (frost/nn.nv, frost/elementwise.nv): the
// relu becomes a max in the producer's output kernel, and its backward a
// mask on the incoming gradient (where the output is positive) inside the
// producer's backward kernels, so neither the intermediate tensor nor its
// gradient exists. The results are the same bits as the chain's.
//
// Refused (the chain stays) when the intermediate has another use, when the
// two calls are in different blocks, when something between them may write
// memory, inside the replacements (add_relu falls back to relu(a + b)), and
// when the module has no replacement of the expected type.
//
//===----------------------------------------------------------------------===//

#include "CallChain.h"
#include "FusionPatterns.h"

using namespace mlir;
using neve::FusionRole;

namespace {

/// relu(producer(args...)) -> replacement(args...), for a producer of role
/// `producerRole` whose operands are the replacement's.
struct ReluOfProducer : OpRewritePattern<func::CallOp> {
  ReluOfProducer(MLIRContext *ctx, StringRef pattern, FusionRole producerRole,
                 FusionRole replacement)
      : OpRewritePattern(ctx), pattern(pattern), producerRole(producerRole),
        replacement(replacement) {}

  LogicalResult matchAndRewrite(func::CallOp relu,
                                PatternRewriter &rewriter) const override {
    if (neve::roleOf(relu) != FusionRole::Relu || relu.getNumOperands() != 1 ||
        relu.getNumResults() != 1 || neve::insideFusionBarrier(relu))
      return failure();
    func::CallOp producer = neve::chainProducer(relu.getOperand(0),
                                                producerRole, relu->getBlock());
    if (!producer)
      return failure();
    SmallVector<Operation *> chain = {producer, relu};
    if (!neve::nothingWritesBetween(chain))
      return rewriter.notifyMatchFailure(
          relu, "something between the two calls may write memory");
    func::FuncOp fused = neve::lookupReplacement(
        relu, replacement, producer.getOperandTypes(), relu.getResultTypes());
    if (!fused)
      return rewriter.notifyMatchFailure(relu, "no replacement to call");

    neve::remarkChainFused(pattern, chain, fused);
    rewriter.setInsertionPoint(relu);
    auto call = rewriter.replaceOpWithNewOp<func::CallOp>(
        relu, fused, producer.getOperands());
    neve::carryRole(call, fused);
    rewriter.eraseOp(producer);
    return success();
  }

  StringRef pattern;
  FusionRole producerRole, replacement;
};

} // namespace

void neve::populateBatchNormReluFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<ReluOfProducer>(patterns.getContext(), "bn-relu",
                               FusionRole::BatchNorm,
                               FusionRole::FusedBatchNormRelu);
}

void neve::populateAddReluFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<ReluOfProducer>(patterns.getContext(), "add-relu",
                               FusionRole::Add, FusionRole::FusedAddRelu);
}
