//===- FusionPrimitives.cpp - Frost functions fusion may see --------------===//

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.cpp.inc"

using namespace mlir;

bool neve::isFusionReplacement(FusionRole role) {
  return role == FusionRole::FusedAttention;
}

bool neve::isFusionTrigger(FusionRole role) {
  return role == FusionRole::ScoresProduct;
}

bool neve::isFusionBarrier(FusionRole role) {
  return role == FusionRole::FusedAttention ||
         role == FusionRole::AttentionFallback;
}
