//===- AxpyFusion.cpp - A fusion pattern from outside the compiler --------===//
//
// A pass plugin for neve-translate, neve-opt and `neve run`, built against
// the installed Neve SDK (CMakeLists.txt: find_package(Neve),
// add_neve_plugin). It teaches neve-fuse one call-chain fusion:
//
//   %s = call @scaled(%x, %a)   {neve.role = "axpy.scale"}
//   %r = call @plus(%s, %y)     {neve.role = "axpy.add"}       (or plus(y, s))
//     ->
//   %r = call @axpy(%a, %x, %y) {neve.role = "axpy.fused"}
//
// one pass over the arrays instead of two, and no intermediate array. The
// functions are the program's (axpy.nv); the pattern knows them only by
// the roles they declare (`@role`, reference §3.10), which this plugin
// registers, so that programs may declare them. docs/tutorials/
// fusion-pattern.md walks through it.
//
//   neve run -fpass-plugin=libNeveAxpyFusion.so -Rpass=neve-fuse axpy.nv
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Fusion.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
// What neve-fuse offers its patterns (Fusion.h). The front end's namespace
// is `neve` too, hence a name of our own for this one.
namespace fusion = mlir::neve;

namespace {

constexpr const char *kScale = "axpy.scale";
constexpr const char *kAdd = "axpy.add";
constexpr const char *kFused = "axpy.fused";

/// plus(scaled(x, a), y) or plus(y, scaled(x, a)) -> axpy(a, x, y), rooted
/// at the sum.
struct FuseAxpy : OpRewritePattern<func::CallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(func::CallOp add,
                                PatternRewriter &rewriter) const override {
    // Check first, explain failures, then mutate.
    if (fusion::roleNameOf(add) != kAdd || add.getNumOperands() != 2 ||
        add.getNumResults() != 1 || fusion::insideFusionBarrier(add))
      return failure();
    Block *block = add->getBlock();
    Value y = add.getOperand(1);
    func::CallOp scale =
        fusion::chainProducer(add.getOperand(0), kScale, block);
    if (!scale) {
      y = add.getOperand(0);
      scale = fusion::chainProducer(add.getOperand(1), kScale, block);
    }
    if (!scale || scale.getNumOperands() != 2)
      return rewriter.notifyMatchFailure(add, "no scaled(x, a) operand");
    SmallVector<Operation *> chain = {scale, add};
    if (!fusion::nothingWritesBetween(chain))
      return rewriter.notifyMatchFailure(
          add, "something between the two calls may write memory");
    Value x = scale.getOperand(0), a = scale.getOperand(1);
    func::FuncOp axpy = fusion::lookupReplacement(
        add, kFused, TypeRange{a.getType(), x.getType(), y.getType()},
        add.getResultTypes());
    if (!axpy)
      return rewriter.notifyMatchFailure(add,
                                         "no function declares axpy.fused");

    fusion::remarkChainFused("axpy", chain, axpy);
    rewriter.setInsertionPoint(add);
    auto call = rewriter.replaceOpWithNewOp<func::CallOp>(add, axpy,
                                                          ValueRange{a, x, y});
    fusion::carryRole(call, axpy);
    rewriter.eraseOp(scale);
    return success();
  }
};

void populateAxpyFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseAxpy>(patterns.getContext());
}

/// What loading the plugin does: the roles, then the pattern, under the
/// name that -ffuse= and -fno-fuse switch.
void registerAxpyFusion() {
  fusion::registerFusionRole(kScale);
  fusion::registerFusionRole(kAdd);
  // axpy is emitted (for the rewrite to call) once a program reaches a
  // function declaring axpy.scale, and no chain is rewritten inside it.
  fusion::registerFusionReplacementRole(kFused, {kScale});
  std::string error;
  if (failed(fusion::registerFusionPattern(
          {"axpy",
           "plus(scaled(x, a), y) becomes axpy(a, x, y): one pass over the "
           "arrays, no intermediate",
           /*onByDefault=*/true, populateAxpyFusionPatterns,
           "libNeveAxpyFusion.so"},
          &error))) {
    llvm::errs() << "error: libNeveAxpyFusion.so: " << error << "\n";
    std::exit(1);
  }
}

} // namespace

/// The entry point every MLIR pass plugin has (mlir/Tools/Plugins).
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "NeveAxpyFusion", LLVM_VERSION_STRING,
          registerAxpyFusion};
}
