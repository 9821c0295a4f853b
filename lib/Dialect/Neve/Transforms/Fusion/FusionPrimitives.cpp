//===- FusionPrimitives.cpp - Frost functions fusion may see --------------===//

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.h"

#include "neve/Dialect/Neve/Transforms/FusionPrimitives.cpp.inc"

using namespace mlir;
using neve::FusionRole;

std::optional<FusionRole> neve::fusionTriggerOf(FusionRole replacement) {
  switch (replacement) {
  case FusionRole::FusedAttention:
    return FusionRole::ScoresProduct;
  case FusionRole::FusedBatchNormRelu:
    return FusionRole::BatchNorm;
  case FusionRole::FusedAddRelu:
    return FusionRole::Relu;
  default:
    return std::nullopt;
  }
}

bool neve::isFusionReplacement(FusionRole role) {
  return fusionTriggerOf(role).has_value();
}

bool neve::isFusionTrigger(FusionRole role) {
  for (uint32_t r = 0; r <= getMaxEnumValForFusionRole(); ++r)
    if (auto known = symbolizeFusionRole(r))
      if (fusionTriggerOf(*known) == role)
        return true;
  return false;
}

bool neve::isFusionBarrier(FusionRole role) {
  return isFusionReplacement(role) || role == FusionRole::AttentionFallback;
}
