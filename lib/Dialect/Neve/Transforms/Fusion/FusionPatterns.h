//===- FusionPatterns.h - The fusion patterns of neve-fuse ------*- C++ -*-===//
//
// One populate function per pattern, each defined in its own file of this
// directory and registered in FusionRegistry.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TRANSFORMS_FUSION_FUSIONPATTERNS_H
#define NEVE_TRANSFORMS_FUSION_FUSIONPATTERNS_H

#include "neve/Dialect/Neve/Transforms/Fusion.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::neve {

/// Consecutive elementwise kernel launches (ElementwiseFusion.cpp).
void populateElementwiseFusionPatterns(RewritePatternSet &patterns);

/// A layout.matmul kernel's launch and an elementwise launch over its
/// result: the second's work becomes the matmul's epilogue
/// (GemmEpilogueFusion.cpp).
void populateGemmEpilogueFusionPatterns(RewritePatternSet &patterns);

/// The attention chain of Frost calls (AttentionFusion.cpp).
void populateAttentionFusionPatterns(RewritePatternSet &patterns);

/// relu(bn.forward(x)) -> batchnorm_relu(bn, x) (ReluFusion.cpp).
void populateBatchNormReluFusionPatterns(RewritePatternSet &patterns);

/// relu(a + b) -> add_relu(a, b) (ReluFusion.cpp).
void populateAddReluFusionPatterns(RewritePatternSet &patterns);

} // namespace mlir::neve

#endif // NEVE_TRANSFORMS_FUSION_FUSIONPATTERNS_H
