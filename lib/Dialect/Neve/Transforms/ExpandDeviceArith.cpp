//===- ExpandDeviceArith.cpp - arith expansion for kernels ----------------===//
//
// neve-expand-device-arith (Passes.td): the integer divisions NVVM cannot
// lower are expanded; float maxima and minima stay for NVPTX's max/min.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEEXPANDDEVICEARITHPASS
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;

namespace {
struct NeveExpandDeviceArithPass
    : neve::impl::NeveExpandDeviceArithPassBase<NeveExpandDeviceArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandScalingExtTruncPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
