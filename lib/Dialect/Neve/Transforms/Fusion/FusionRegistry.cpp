//===- FusionRegistry.cpp - The one list of fusion patterns ---------------===//
//
// Adding a pattern: write Fusion/MyFusion.cpp with a populate function,
// declare it in FusionPatterns.h, add a line here (name, summary, on by
// default or not), add the file to CMakeLists.txt and lit tests under
// test/Dialect/Neve/Fusion (docs/tutorials/fusion-pattern.md). Plugins
// and pattern files add theirs with registerFusionPattern (Fusion.h).
//
//===----------------------------------------------------------------------===//

#include "FusionPatterns.h"

#include "llvm/ADT/STLExtras.h"

#include <mutex>

using namespace mlir;

/// The compiler's own patterns.
static llvm::ArrayRef<neve::FusionPatternInfo> builtinFusionPatterns() {
  using namespace neve;
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

namespace {
/// The patterns of plugins and pattern files, registered while the tools
/// start; the lock covers registrations from several threads.
struct Registered {
  std::mutex lock;
  std::vector<neve::FusionPatternInfo> patterns;
};
Registered &registered() {
  static Registered r;
  return r;
}
} // namespace

LogicalResult neve::registerFusionPattern(FusionPatternInfo info,
                                          std::string *error) {
  auto fail = [&](const std::string &why) {
    if (error)
      *error = why;
    return failure();
  };
  if (info.name.empty())
    return fail("a fusion pattern needs a name");
  if (llvm::StringRef(info.name).contains(','))
    return fail("fusion pattern name '" + info.name +
                "' contains a comma (-ffuse= separates names with commas)");
  if (!info.populate)
    return fail("fusion pattern '" + info.name + "' has no populate function");
  Registered &r = registered();
  std::lock_guard<std::mutex> guard(r.lock);
  auto sameName = [&](const FusionPatternInfo &p) { return p.name == info.name; };
  if (llvm::any_of(builtinFusionPatterns(), sameName))
    return fail("fusion pattern '" + info.name +
                "' is already one of the compiler's");
  auto it = llvm::find_if(r.patterns, sameName);
  // The same plugin or file loaded twice registers nothing new.
  if (it != r.patterns.end() && !info.origin.empty() &&
      it->origin == info.origin)
    return success();
  if (it != r.patterns.end())
    return fail("fusion pattern '" + info.name + "' is already registered" +
                (it->origin.empty() ? "" : " (by " + it->origin + ")"));
  r.patterns.push_back(std::move(info));
  return success();
}

std::vector<neve::FusionPatternInfo> neve::fusionPatterns() {
  std::vector<FusionPatternInfo> all(builtinFusionPatterns().begin(),
                                     builtinFusionPatterns().end());
  Registered &r = registered();
  std::lock_guard<std::mutex> guard(r.lock);
  all.insert(all.end(), r.patterns.begin(), r.patterns.end());
  return all;
}

std::string neve::fusionLineOf(Location loc) {
  if (auto fl = LocationAttr(loc).findInstanceOf<FileLineColLoc>())
    return "line " + std::to_string(fl.getLine());
  return "?";
}
