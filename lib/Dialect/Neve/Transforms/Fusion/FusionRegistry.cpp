//===- FusionRegistry.cpp - The one list of fusion patterns ---------------===//
//
// Adding a pattern: write Fusion/MyFusion.cpp with a populate function,
// declare it in FusionPatterns.h, add a line here (name, summary, on by
// default or not), add the file to CMakeLists.txt and lit tests under
// test/Dialect/Neve/Fusion (docs/tutorials/fusion-pattern.md).
//
//===----------------------------------------------------------------------===//

#include "FusionPatterns.h"

#include "neve/Dialect/Neve/Transforms/Passes.h"

using namespace mlir;

llvm::ArrayRef<neve::FusionPatternInfo> neve::fusionPatterns() {
  static const FusionPatternInfo table[] = {
      {"elementwise",
       "consecutive elementwise kernel launches over one index space become "
       "one kernel",
       /*onByDefault=*/true, populateElementwiseFusionPatterns},
      {"gemm-epilogue",
       "a layout.matmul kernel's launch followed by an elementwise launch "
       "over its result (bias, activation, scaling, cast) becomes one "
       "kernel whose matmul epilogue does that work",
       /*onByDefault=*/true, populateGemmEpilogueFusionPatterns},
      {"attention",
       "the Frost chain bmm(softmax([causal_mask](bmm_t(q, k) * scale)), v) "
       "becomes one call of flash_attention",
       /*onByDefault=*/true, populateAttentionFusionPatterns},
      {"bn-relu",
       "the Frost chain relu(bn.forward(x)) becomes one call of "
       "batchnorm_relu(bn, x), the relu done in batchnorm's kernels",
       /*onByDefault=*/true, populateBatchNormReluFusionPatterns},
      {"add-relu",
       "the Frost chain relu(a + b) becomes one call of add_relu(a, b)",
       /*onByDefault=*/true, populateAddReluFusionPatterns},
  };
  return table;
}

std::string neve::fusionLineOf(Location loc) {
  if (auto fl = LocationAttr(loc).findInstanceOf<FileLineColLoc>())
    return "line " + std::to_string(fl.getLine());
  return "?";
}
