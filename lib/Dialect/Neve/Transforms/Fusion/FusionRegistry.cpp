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
  };
  return table;
}
