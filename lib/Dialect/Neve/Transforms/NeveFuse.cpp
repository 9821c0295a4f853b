//===- NeveFuse.cpp - The neve-fuse pass ----------------------------------===//
//
// Collects the patterns named by the `patterns` option (or those on by
// default) from the registry (FusionRegistry.cpp: the compiler's own, then
// those of plugins and pattern files) and applies them greedily to the
// module.
// The patterns report what they fuse as remarks.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEFUSEPASS
#include "neve/Dialect/Neve/Transforms/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;

namespace {

struct NeveFusePass : neve::impl::NeveFusePassBase<NeveFusePass> {
  using NeveFusePassBase::NeveFusePassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    std::vector<neve::FusionPatternInfo> known = neve::fusionPatterns();
    RewritePatternSet set(ctx);
    for (const neve::FusionPatternInfo &p : known) {
      bool wanted = patterns.empty() ? p.onByDefault
                                     : llvm::is_contained(patterns, p.name);
      if (wanted)
        p.populate(set);
    }
    for (const std::string &name : patterns) {
      if (llvm::none_of(known, [&](const neve::FusionPatternInfo &p) {
            return name == p.name;
          })) {
        std::string names;
        for (const neve::FusionPatternInfo &p : known)
          names += (names.empty() ? "" : ", ") + p.name;
        return emitError(UnknownLoc::get(ctx))
               << "neve-fuse: unknown pattern '" << name
               << "' (known: " << names << ")";
      }
    }
    frozen = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(applyPatternsGreedily(getOperation(), frozen, config)))
      getOperation().emitWarning("neve-fuse: fusion did not converge");
  }

  FrozenRewritePatternSet frozen;
};

} // namespace
