//===- Fusion.h - What a fusion pattern registers and uses ------*- C++ -*-===//
//
// The interface of neve-fuse for every fusion pattern: those in tree
// (lib/Dialect/Neve/Transforms/Fusion/), those of a pass plugin built
// against the installed SDK (`--load-pass-plugin=`, `-fpass-plugin=`) and
// those of a PDLL file (`-ffusion-patterns=`). A pattern is registered
// under a name, which `-ffuse=`/`-fno-fuse` and neve-fuse's `patterns`
// option select, with a summary and whether it applies by default; the
// roles it matches are registered first, so that programs may declare them. The
// helpers below are those of the call-level patterns, which match calls by
// the role their callee declares (`@role`, reference §3.10; the
// `neve.role` attribute) and replace a chain by a call of the function
// that declares the replacement's role. docs/tutorials/fusion-pattern.md
// shows both routes end to end.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_DIALECT_NEVE_TRANSFORMS_FUSION_H
#define NEVE_DIALECT_NEVE_TRANSFORMS_FUSION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir::neve {

//===----------------------------------------------------------------------===//
// The registry
//===----------------------------------------------------------------------===//

/// One fusion pattern of `neve-fuse`.
struct FusionPatternInfo {
  std::string name;    ///< its name in `-ffuse=` and `patterns=`
  std::string summary; ///< one line, for errors and listings
  bool onByDefault;    ///< applied without a `patterns` option
  std::function<void(RewritePatternSet &)> populate;
  /// Where it comes from: empty for the compiler's own, else the plugin or
  /// pattern file that registered it.
  std::string origin = {};
};

/// Adds \p info to the patterns of neve-fuse (after the compiler's own, in
/// registration order). Fails, saying why in \p error, when the name is
/// empty, contains a comma (it could not be selected), or is taken by
/// another pattern; registering the same name from the same origin again
/// (a plugin loaded twice) does nothing.
LogicalResult registerFusionPattern(FusionPatternInfo info,
                                    std::string *error = nullptr);

/// Every fusion pattern: the compiler's own (FusionRegistry.cpp), then the
/// registered ones.
std::vector<FusionPatternInfo> fusionPatterns();

/// Makes \p role a role that `@role` may declare (the registry of
/// neve/Support/FusionRoles.h, which the front end checks): a plugin
/// registers its roles before its patterns.
void registerFusionRole(StringRef role);

/// Makes \p role a replacement role: MLIRGen emits a function declaring it
/// once the program reaches a function declaring one of \p triggers (the
/// rewrite is what calls it), and no chain is rewritten inside it.
void registerFusionReplacementRole(StringRef role,
                                   ArrayRef<std::string> triggers);

//===----------------------------------------------------------------------===//
// Call chains
//===----------------------------------------------------------------------===//

/// The role \p op carries (`neve.role`: a call's callee's, or a function's
/// own), or "" without one.
StringRef roleNameOf(Operation *op);

/// The call of role \p role in \p block that defines \p v, has one result
/// and whose result nothing else uses; otherwise null.
func::CallOp chainProducer(Value v, StringRef role, Block *block);

/// The caller position a library function receives last (a `str at =
/// caller` parameter, reference §3.2), or null: it is no operand of the
/// role, and a replacement that takes one receives it.
Value callerPosition(func::CallOp call);

/// \p call's operands without its caller position.
OperandRange roleOperands(func::CallOp call);

/// Whether \p op is inside a function in which no chain is rewritten: a
/// replacement (which may fall back to its chain) or attention's fallback.
bool insideFusionBarrier(Operation *op);

/// Whether nothing strictly between \p chain's first and last operations
/// (in one block, in that order) other than the chain itself may write or
/// free memory.
bool nothingWritesBetween(ArrayRef<Operation *> chain);

/// The module's function that declares role \p replacement taking
/// \p inputs and returning \p results, or null.
func::FuncOp lookupReplacement(Operation *from, StringRef replacement,
                               TypeRange inputs, TypeRange results);

/// Gives \p call the role of its callee \p fn, as MLIRGen gives it to every
/// call (`neve.role`).
void carryRole(func::CallOp call, func::FuncOp fn);

/// Emits the remark "neve-fuse[PATTERN]: fused 'a' (line N), ... and 'z'
/// (line M) into a call of 'REPLACEMENT'SUFFIX" at the chain's last call
/// (`-Rpass=neve-fuse` prints it).
void remarkChainFused(StringRef pattern, ArrayRef<Operation *> chain,
                      func::FuncOp replacement, StringRef suffix = "");

/// "line N" of the first source position in a location, or "?": how
/// remarks name the source lines they fused.
std::string fusionLineOf(Location loc);

//===----------------------------------------------------------------------===//
// PDL patterns (-ffusion-patterns)
//===----------------------------------------------------------------------===//

/// Registers every `pdl.pattern` of the PDL module in \p pdl (text, as
/// `mlir-pdll -x mlir` writes it) as a fusion pattern on by default, named
/// by its symbol, with the native constraints and rewrite of
/// include/neve/Dialect/Neve/Transforms/Fusion.pdll. The roles its
/// `NeveRole` constraints name become roles `@role` may declare; the role
/// its `NeveReplaceChain` calls becomes a replacement role triggered by
/// them. \p origin names the file in summaries. Fails with every problem
/// reported on \p os (a parse error, a pattern without a name or named like
/// another, a native function Neve does not provide).
LogicalResult registerPdlFusionPatterns(StringRef pdl, StringRef origin,
                                        llvm::raw_ostream &os);

/// The names of the native constraints and rewrites that PDL fusion
/// patterns may use.
std::vector<std::string> pdlFusionNatives();

} // namespace mlir::neve

#endif // NEVE_DIALECT_NEVE_TRANSFORMS_FUSION_H
