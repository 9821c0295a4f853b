//===- FusionRegistryTest.cpp - The registries plugins extend -------------===//
//
// What pass plugins and pattern files add to (libNeve): the fusion patterns
// of neve-fuse (Fusion.h: registerFusionPattern, fusionPatterns), the roles
// that `@role` may declare (neve/Support/FusionRoles.h), and the PDL
// patterns of -ffusion-patterns (registerPdlFusionPatterns), applied here
// to IR. The registries are per process, so each test uses names of its own.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/Transforms/Fusion.h"
#include "neve/Support/FusionRoles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace mlir;
namespace fusion = mlir::neve;

namespace {

fusion::FusionPatternInfo info(std::string name, std::string origin) {
  return {std::move(name), "a test pattern", /*onByDefault=*/false,
          [](RewritePatternSet &) {}, std::move(origin)};
}

size_t countNamed(llvm::StringRef name) {
  return llvm::count_if(
      fusion::fusionPatterns(),
      [&](const fusion::FusionPatternInfo &p) { return p.name == name; });
}

TEST(FusionRegistry, CompilersPatternsFirstThenRegistered) {
  ASSERT_TRUE(
      succeeded(fusion::registerFusionPattern(info("unit-first", "a.so"))));
  std::vector<fusion::FusionPatternInfo> all = fusion::fusionPatterns();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().name, "elementwise");
  EXPECT_TRUE(all.front().origin.empty());
  auto it = llvm::find_if(all, [](const fusion::FusionPatternInfo &p) {
    return p.name == "unit-first";
  });
  ASSERT_NE(it, all.end());
  EXPECT_EQ(it->origin, "a.so");
  EXPECT_FALSE(it->onByDefault);
}

TEST(FusionRegistry, RefusesNamesThatCannotBeSelected) {
  std::string error;
  EXPECT_TRUE(failed(fusion::registerFusionPattern(info("", "a.so"), &error)));
  EXPECT_EQ(error, "a fusion pattern needs a name");
  EXPECT_TRUE(
      failed(fusion::registerFusionPattern(info("a,b", "a.so"), &error)));
  EXPECT_NE(error.find("contains a comma"), std::string::npos) << error;
  EXPECT_TRUE(
      failed(fusion::registerFusionPattern(info("add-relu", "a.so"), &error)));
  EXPECT_EQ(error,
            "fusion pattern 'add-relu' is already one of the compiler's");
  fusion::FusionPatternInfo noPopulate = info("unit-nopopulate", "a.so");
  noPopulate.populate = nullptr;
  EXPECT_TRUE(failed(fusion::registerFusionPattern(noPopulate, &error)));
  EXPECT_EQ(countNamed("unit-nopopulate"), 0u);
}

TEST(FusionRegistry, ANameBelongsToOneOrigin) {
  std::string error;
  ASSERT_TRUE(
      succeeded(fusion::registerFusionPattern(info("unit-owned", "x.so"))));
  // The same plugin loaded twice: nothing new.
  EXPECT_TRUE(
      succeeded(fusion::registerFusionPattern(info("unit-owned", "x.so"))));
  EXPECT_EQ(countNamed("unit-owned"), 1u);
  // Another one with the same name: an error naming the first.
  EXPECT_TRUE(failed(
      fusion::registerFusionPattern(info("unit-owned", "y.so"), &error)));
  EXPECT_EQ(error,
            "fusion pattern 'unit-owned' is already registered (by x.so)");
  EXPECT_EQ(countNamed("unit-owned"), 1u);
}

TEST(FusionRoles, ReplacementRolesCollectTheirTriggers) {
  ::neve::registerFusionReplacementRole("unit.fused", {"unit.a"});
  ::neve::registerFusionReplacementRole("unit.fused", {"unit.b", "unit.a"});
  EXPECT_EQ(::neve::fusionReplacementTriggers("unit.fused"),
            (std::vector<std::string>{"unit.a", "unit.b"}));
  EXPECT_TRUE(::neve::fusionReplacementTriggers("unit.a").empty());
  std::vector<std::string> known = ::neve::knownFusionRoles();
  for (const char *role : {"unit.fused", "unit.a", "unit.b"})
    EXPECT_TRUE(llvm::is_contained(known, role)) << role;
  EXPECT_TRUE(llvm::is_sorted(known));
  ::neve::registerFusionRole("unit.plain");
  EXPECT_TRUE(::neve::fusionReplacementTriggers("unit.plain").empty());
  // What plugins call (Fusion.h) is the same registry.
  fusion::registerFusionRole("unit.from-plugin");
  fusion::registerFusionReplacementRole("unit.plugin-fused",
                                        {"unit.from-plugin"});
  EXPECT_TRUE(
      llvm::is_contained(::neve::knownFusionRoles(), "unit.from-plugin"));
  EXPECT_EQ(::neve::fusionReplacementTriggers("unit.plugin-fused"),
            (std::vector<std::string>{"unit.from-plugin"}));
}

/// times(x, y) + z -> fma(x, y, z), as mlir-pdll writes it.
const char *kMulAdd = R"mlir(
pdl.pattern @UnitMulAdd : benefit(1) {
  %x = operand
  %y = operand
  %t = type
  %mul = operation "func.call"(%x, %y : !pdl.value, !pdl.value) -> (%t : !pdl.type)
  %mulRole = attribute = "unit.mul"
  apply_native_constraint "NeveRole"(%mul, %mulRole : !pdl.operation, !pdl.attribute)
  %m = result 0 of %mul
  %z = operand
  %ts = types
  %add = operation "func.call"(%m, %z : !pdl.value, !pdl.value) -> (%ts : !pdl.range<type>)
  %addRole = attribute = "unit.add"
  apply_native_constraint "NeveRole"(%add, %addRole : !pdl.operation, !pdl.attribute)
  apply_native_constraint "NeveSingleUse"(%m : !pdl.value)
  apply_native_constraint "NeveNothingWritesBetween"(%mul, %add : !pdl.operation, !pdl.operation)
  %fma = attribute = "unit.fma"
  apply_native_constraint "NeveHasReplacement3"(%add, %fma, %x, %y, %z : !pdl.operation, !pdl.attribute, !pdl.value, !pdl.value, !pdl.value)
  rewrite %add {
    %name = attribute = "UnitMulAdd"
    %role = attribute = "unit.fma"
    %args = range %x, %y, %z : !pdl.value, !pdl.value, !pdl.value
    apply_native_rewrite "NeveReplaceChain"(%name, %add, %role, %args : !pdl.attribute, !pdl.operation, !pdl.attribute, !pdl.range<value>)
  }
}
)mlir";

const char *kProgram = R"mlir(
func.func private @times(f32, f32) -> f32 attributes {neve.role = "unit.mul"}
func.func private @plus(f32, f32) -> f32 attributes {neve.role = "unit.add"}
func.func private @fma(f32, f32, f32) -> f32 attributes {neve.role = "unit.fma"}
func.func @f(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times(%x, %y) {neve.role = "unit.mul"} : (f32, f32) -> f32
  %r = call @plus(%m, %z) {neve.role = "unit.add"} : (f32, f32) -> f32
  return %r : f32
}
)mlir";

TEST(PdlFusion, RegistersEachPatternWithItsRoles) {
  std::string log;
  llvm::raw_string_ostream os(log);
  ASSERT_TRUE(
      succeeded(fusion::registerPdlFusionPatterns(kMulAdd, "unit.mlir", os)))
      << log;
  std::vector<fusion::FusionPatternInfo> all = fusion::fusionPatterns();
  auto it = llvm::find_if(all, [](const fusion::FusionPatternInfo &p) {
    return p.name == "UnitMulAdd";
  });
  ASSERT_NE(it, all.end());
  EXPECT_TRUE(it->onByDefault);
  EXPECT_EQ(it->origin, "unit.mlir");
  EXPECT_EQ(it->summary, "PDL pattern from unit.mlir");
  EXPECT_EQ(::neve::fusionReplacementTriggers("unit.fma"),
            (std::vector<std::string>{"unit.add", "unit.mul"}));

  // Applied: the chain becomes one call of the function declaring unit.fma.
  DialectRegistry registry;
  registry.insert<func::FuncDialect, pdl::PDLDialect,
                  pdl_interp::PDLInterpDialect>();
  MLIRContext ctx(registry);
  ctx.allowUnregisteredDialects();
  ctx.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kProgram, &ctx);
  ASSERT_TRUE(module);
  RewritePatternSet set(&ctx);
  it->populate(set);
  FrozenRewritePatternSet frozen(std::move(set));
  std::vector<std::string> remarks;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    remarks.push_back(d.str());
    return success();
  });
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, frozen)));
  std::vector<std::string> callees;
  module->walk(
      [&](func::CallOp call) { callees.push_back(call.getCallee().str()); });
  EXPECT_EQ(callees, (std::vector<std::string>{"fma"}));
  ASSERT_EQ(remarks.size(), 1u);
  EXPECT_EQ(remarks[0].rfind("neve-fuse[UnitMulAdd]: fused 'times' (line ", 0),
            0u)
      << remarks[0];
}

TEST(PdlFusion, ReportsWhatIsWrong) {
  std::string log;
  llvm::raw_string_ostream os(log);
  EXPECT_TRUE(
      failed(fusion::registerPdlFusionPatterns("pdl.patern", "bad.mlir", os)));
  EXPECT_NE(log.find("bad.mlir:1:1: error:"), std::string::npos) << log;
  log.clear();
  EXPECT_TRUE(
      failed(fusion::registerPdlFusionPatterns("module {}", "none.mlir", os)));
  EXPECT_EQ(log, "error: none.mlir holds no pdl.pattern\n");
  log.clear();
  std::string unknown = kMulAdd;
  unknown.replace(unknown.find("\"NeveSingleUse\""), 15, "\"NeveSingle\"");
  unknown.replace(unknown.find("@UnitMulAdd"), 11, "@UnitUnknown");
  EXPECT_TRUE(
      failed(fusion::registerPdlFusionPatterns(unknown, "unknown.mlir", os)));
  EXPECT_NE(log.find("unknown native constraint 'NeveSingle'"),
            std::string::npos)
      << log;
  EXPECT_EQ(countNamed("UnitUnknown"), 0u);
  // A rewrite whose replacement the match does not check could fail once
  // it runs, which MLIR's greedy driver does not survive: refused.
  log.clear();
  std::string unchecked = kMulAdd;
  unchecked.replace(unchecked.find("\"NeveHasReplacement3\""), 21,
                    "\"NeveHasReplacement2\"");
  unchecked.replace(unchecked.find(", %z : !pdl.operation, !pdl.attribute, "
                                   "!pdl.value, !pdl.value, !pdl.value"),
                    73,
                    " : !pdl.operation, !pdl.attribute, !pdl.value, "
                    "!pdl.value");
  unchecked.replace(unchecked.find("@UnitMulAdd"), 11, "@UnitUnchecked");
  unchecked.replace(unchecked.find("\"UnitMulAdd\""), 12, "\"UnitUnchecked\"");
  EXPECT_TRUE(
      failed(fusion::registerPdlFusionPatterns(unchecked, "u.mlir", os)));
  EXPECT_NE(log.find("NeveReplaceChain in pattern 'UnitUnchecked' needs "
                     "NeveHasReplacementN"),
            std::string::npos)
      << log;
  EXPECT_EQ(countNamed("UnitUnchecked"), 0u);
  EXPECT_TRUE(
      llvm::is_contained(fusion::pdlFusionNatives(), "NeveReplaceChain"));
}

} // namespace
