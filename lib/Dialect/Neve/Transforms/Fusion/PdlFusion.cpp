//===- PdlFusion.cpp - Fusion patterns from PDL (-ffusion-patterns) -------===//
//
// Debian's MLIR ships the PDL bytecode interpreter but no PDLL parser
// library, so a PDLL file is compiled to PDL IR by `mlir-pdll -x mlir`
// (the tools run it for a .pdll file) and that IR is registered here: each
// `pdl.pattern` becomes a fusion pattern of its own name, which `-ffuse=`
// and `-fno-fuse` switch like the compiler's. The PDL is checked when it
// is loaded, and kept as text: each use parses it into the context being
// compiled (a PDL pattern set lives in the context of the IR it rewrites).
//
// The native constraints and the rewrite below are what a call-chain
// pattern needs beyond matching ops (declared for PDLL in
// include/neve/Dialect/Neve/Transforms/Fusion.pdll):
//
//   NeveRole(op, role)                the call carries `neve.role` = role
//   NeveSingleUse(value)              nothing else reads the intermediate
//   NeveSameBlock(a, b)
//   NeveNothingWritesBetween(first, last)
//                                     nothing between them other than the
//                                     calls on the way from first to last
//                                     may write or free memory
//   NeveOutsideBarrier(op)            not inside a replacement function
//   NeveHasReplacementN(root, role, v1, ..., vN)   (N = 1..6)
//   NeveHasReplacementRange(root, role, values)
//                                     some function declares role, takes
//                                     the values (and root's caller
//                                     position, if it takes one) and
//                                     returns what root returns
//   NeveReplaceChain(name, root, role, args)
//                                     root becomes a call of that function
//                                     with args; the calls with a role that
//                                     fed only the chain are erased; the
//                                     remark neve-fuse[name] names them all
//
// A native rewrite cannot fail under the greedy driver (MLIR aborts), so
// a pattern that calls NeveReplaceChain must check the same replacement in
// its match with NeveHasReplacementN/Range on the same root, role and
// values; registerPdlFusionPatterns refuses a pattern that does not.
//
//===----------------------------------------------------------------------===//

#include "CallChain.h"

#include "neve/Support/FusionRoles.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDL/IR/PDLOps.h"
#include "mlir/Dialect/PDL/IR/PDLTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::neve {
namespace {

/// What each native takes, as PDL types: 'o' an operation, 'a' an
/// attribute, 'v' a value, 'r' a range of values.
struct Native {
  const char *name;
  const char *args;
  const char *signature; ///< as Fusion.pdll declares it
  bool rewrite;
};

const Native kNatives[] = {
    {"NeveRole", "oa", "(op: Op, role: Attr)", false},
    {"NeveSingleUse", "v", "(value: Value)", false},
    {"NeveSameBlock", "oo", "(a: Op, b: Op)", false},
    {"NeveNothingWritesBetween", "oo", "(first: Op, last: Op)", false},
    {"NeveOutsideBarrier", "o", "(op: Op)", false},
    {"NeveHasReplacement1", "oav", "(root: Op, role: Attr, a: Value)", false},
    {"NeveHasReplacement2", "oavv",
     "(root: Op, role: Attr, a: Value, b: Value)", false},
    {"NeveHasReplacement3", "oavvv",
     "(root: Op, role: Attr, a: Value, b: Value, c: Value)", false},
    {"NeveHasReplacement4", "oavvvv",
     "(root: Op, role: Attr, a: Value, b: Value, c: Value, d: Value)", false},
    {"NeveHasReplacement5", "oavvvvv",
     "(root: Op, role: Attr, a: Value, b: Value, c: Value, d: Value, "
     "e: Value)",
     false},
    {"NeveHasReplacement6", "oavvvvvv",
     "(root: Op, role: Attr, a: Value, b: Value, c: Value, d: Value, "
     "e: Value, f: Value)",
     false},
    {"NeveHasReplacementRange", "oar",
     "(root: Op, role: Attr, values: ValueRange)", false},
    {"NeveReplaceChain", "aoar",
     "(name: Attr, root: Op, role: Attr, args: ValueRange)", true},
};

const Native *findNative(StringRef name) {
  for (const Native &n : kNatives)
    if (name == n.name)
      return &n;
  return nullptr;
}

/// The kind letter of a PDL value type (see Native::args).
char kindOf(Type t) {
  if (isa<pdl::OperationType>(t))
    return 'o';
  if (isa<pdl::AttributeType>(t))
    return 'a';
  if (isa<pdl::ValueType>(t))
    return 'v';
  if (auto range = dyn_cast<pdl::RangeType>(t))
    if (isa<pdl::ValueType>(range.getElementType()))
      return 'r';
  return '?';
}

const char *kindName(char k) {
  switch (k) {
  case 'o':
    return "Op";
  case 'a':
    return "Attr";
  case 'v':
    return "Value";
  case 'r':
    return "ValueRange";
  default:
    return "another type";
  }
}

/// The string of a constant `pdl.attribute = "..."`, or "".
StringRef constantString(Value v) {
  if (auto attr = v.getDefiningOp<pdl::AttributeOp>())
    if (auto s = dyn_cast_or_null<StringAttr>(attr.getValueAttr()))
      return s.getValue();
  return "";
}

StringRef roleAttr(Attribute a) {
  auto s = dyn_cast_or_null<StringAttr>(a);
  return s ? s.getValue() : StringRef();
}

/// The operations strictly between \p first and \p last (one block, in that
/// order) on a def-use path from one to the other: the chain's middle calls.
llvm::SmallPtrSet<Operation *, 8> pathBetween(Operation *first,
                                              Operation *last) {
  llvm::SmallPtrSet<Operation *, 8> fromFirst = {first};
  for (Operation *op = first->getNextNode(); op != last; op = op->getNextNode())
    if (llvm::any_of(op->getOperands(), [&](Value v) {
          return fromFirst.contains(v.getDefiningOp());
        }))
      fromFirst.insert(op);
  llvm::SmallPtrSet<Operation *, 8> path;
  llvm::SmallPtrSet<Operation *, 8> toLast = {last};
  for (Operation *op = last->getPrevNode(); op != first; op = op->getPrevNode())
    if (llvm::any_of(op->getUsers(),
                     [&](Operation *u) { return toLast.contains(u); })) {
      toLast.insert(op);
      if (fromFirst.contains(op))
        path.insert(op);
    }
  return path;
}

/// \p root and the calls with a role before it in its block whose results
/// only the chain reads and that produce none of \p keep, in block order:
/// what replacing root by a call taking \p keep leaves dead.
SmallVector<Operation *> chainOf(Operation *root, ValueRange keep) {
  llvm::SmallPtrSet<Operation *, 8> in = {root};
  SmallVector<Operation *> chain = {root};
  for (Operation *op = root->getPrevNode(); op; op = op->getPrevNode()) {
    if (!isa<func::CallOp>(op) || neve::roleNameOf(op).empty() ||
        op->use_empty())
      continue;
    bool onlyChain = llvm::all_of(op->getUsers(),
                                  [&](Operation *u) { return in.contains(u); });
    bool kept = llvm::any_of(
        op->getResults(), [&](Value r) { return llvm::is_contained(keep, r); });
    if (onlyChain && !kept) {
      in.insert(op);
      chain.push_back(op);
    }
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

/// The function declaring \p role that a call replacing \p root with
/// \p args would call, with the operands of that call (\p args, and
/// root's caller position when the function takes one), or null.
func::FuncOp findReplacement(Operation *root, StringRef role, ValueRange args,
                             SmallVectorImpl<Value> &operands) {
  auto rootCall = dyn_cast<func::CallOp>(root);
  if (!rootCall || role.empty())
    return nullptr;
  operands.assign(args.begin(), args.end());
  SmallVector<Type> inputs(args.getTypes());
  func::FuncOp fused =
      neve::lookupReplacement(root, role, inputs, root->getResultTypes());
  // The chain's caller position (a trailing `str at = caller`) goes on to
  // a replacement that takes one, so its errors name the program's line.
  if (Value at = neve::callerPosition(rootCall); !fused && at) {
    inputs.push_back(at.getType());
    operands.push_back(at);
    fused = neve::lookupReplacement(root, role, inputs, root->getResultTypes());
  }
  return fused;
}

/// NeveHasReplacementN and NeveHasReplacementRange: (root, role, values...).
LogicalResult hasReplacement(PatternRewriter &, PDLResultList &,
                             ArrayRef<PDLValue> values) {
  SmallVector<Value> args;
  for (const PDLValue &v : values.drop_front(2)) {
    if (v.getKind() == PDLValue::Kind::ValueRange)
      llvm::append_range(args, v.cast<ValueRange>());
    else
      args.push_back(v.cast<Value>());
  }
  SmallVector<Value> operands;
  return success(findReplacement(values[0].cast<Operation *>(),
                                 roleAttr(values[1].cast<Attribute>()), args,
                                 operands) != nullptr);
}

LogicalResult replaceChain(PatternRewriter &rewriter, Attribute nameAttr,
                           Operation *root, Attribute roleAttribute,
                           ValueRange args) {
  SmallVector<Value> operands;
  func::FuncOp fused =
      findReplacement(root, roleAttr(roleAttribute), args, operands);
  // The match checked it (NeveHasReplacement*, required at load).
  if (!fused)
    return rewriter.notifyMatchFailure(root, "no replacement to call");
  SmallVector<Operation *> chain = chainOf(root, args);
  neve::remarkChainFused(roleAttr(nameAttr), chain, fused);
  rewriter.setInsertionPoint(root);
  auto call = func::CallOp::create(rewriter, root->getLoc(), fused, operands);
  neve::carryRole(call, fused);
  rewriter.replaceOp(root, call.getResults());
  for (Operation *op : llvm::reverse(ArrayRef(chain).drop_back()))
    rewriter.eraseOp(op);
  return success();
}

void registerNatives(PDLPatternModule &pdl) {
  pdl.registerConstraintFunction(
      "NeveRole", [](PatternRewriter &, Operation *op, Attribute role) {
        StringRef want = roleAttr(role);
        return success(!want.empty() && neve::roleNameOf(op) == want);
      });
  pdl.registerConstraintFunction(
      "NeveSingleUse",
      [](PatternRewriter &, Value v) { return success(v.hasOneUse()); });
  pdl.registerConstraintFunction(
      "NeveSameBlock", [](PatternRewriter &, Operation *a, Operation *b) {
        return success(a->getBlock() == b->getBlock());
      });
  pdl.registerConstraintFunction(
      "NeveNothingWritesBetween",
      [](PatternRewriter &, Operation *first, Operation *last) {
        if (first == last || first->getBlock() != last->getBlock() ||
            !first->isBeforeInBlock(last))
          return failure();
        SmallVector<Operation *> chain = {first};
        for (Operation *op : pathBetween(first, last))
          chain.push_back(op);
        chain.push_back(last);
        return success(neve::nothingWritesBetween(chain));
      });
  pdl.registerConstraintFunction(
      "NeveOutsideBarrier", [](PatternRewriter &, Operation *op) {
        return success(!neve::insideFusionBarrier(op));
      });
  for (const Native &n : kNatives)
    if (StringRef(n.name).starts_with("NeveHasReplacement"))
      pdl.registerConstraintFunction(n.name,
                                     PDLConstraintFunction(hasReplacement));
  pdl.registerRewriteFunction("NeveReplaceChain", replaceChain);
}

/// The values a NeveHasReplacement* constraint passes, in order: its own
/// arguments after the role, or those of the pdl.range it is given.
SmallVector<Value> checkedValues(ValueRange args) {
  ValueRange rest = args.drop_front(2);
  SmallVector<Value> values(rest.begin(), rest.end());
  if (values.size() == 1)
    if (auto range = values[0].getDefiningOp<pdl::RangeOp>())
      return SmallVector<Value>(range.getArguments().begin(),
                                range.getArguments().end());
  return values;
}

/// Whether the match of \p pattern checks the replacement that \p rewrite
/// (a NeveReplaceChain) will call: a NeveHasReplacement* on the same root,
/// with the same role and the same values.
bool replacementChecked(pdl::PatternOp pattern,
                        pdl::ApplyNativeRewriteOp rewrite) {
  ValueRange args = rewrite.getArgs();
  StringRef role = constantString(args[2]);
  SmallVector<Value> passed = {args[3]};
  if (auto range = args[3].getDefiningOp<pdl::RangeOp>())
    passed.assign(range.getArguments().begin(), range.getArguments().end());
  bool found = false;
  pattern.walk([&](pdl::ApplyNativeConstraintOp c) {
    if (!c.getName().starts_with("NeveHasReplacement") || c.getIsNegated())
      return;
    ValueRange cargs = c.getArgs();
    if (cargs.size() < 3 || cargs[0] != args[1] ||
        constantString(cargs[1]).empty() || constantString(cargs[1]) != role)
      return;
    if (llvm::equal(checkedValues(cargs), passed))
      found = true;
  });
  return found;
}

/// Checks one native call of a pattern: a name Neve provides, of the right
/// kind, with the right arguments.
LogicalResult checkNative(Operation *op, StringRef name, bool rewrite,
                          ValueRange args) {
  const Native *n = findNative(name);
  if (!n || n->rewrite != rewrite) {
    std::string known;
    for (const Native &k : kNatives)
      if (k.rewrite == rewrite)
        known += (known.empty() ? "" : ", ") + std::string(k.name);
    return op->emitError() << "unknown native "
                           << (rewrite ? "rewrite" : "constraint") << " '"
                           << name << "' (Neve provides: " << known << ")";
  }
  std::string given;
  for (Value a : args)
    given += given.empty() ? kindName(kindOf(a.getType()))
                           : std::string(", ") + kindName(kindOf(a.getType()));
  std::string want;
  for (char k : StringRef(n->args))
    want += (want.empty() ? "" : ", ") + std::string(kindName(k));
  if (want != given)
    return op->emitError() << name << " takes " << n->signature << " (" << want
                           << "), given (" << given << ")";
  if (!op->getResultTypes().empty())
    return op->emitError() << name << " returns nothing";
  return success();
}

} // namespace

std::vector<std::string> pdlFusionNatives() {
  std::vector<std::string> names;
  for (const Native &n : kNatives)
    names.push_back(n.name);
  return names;
}

LogicalResult registerPdlFusionPatterns(StringRef pdlText, StringRef origin,
                                        llvm::raw_ostream &os) {
  MLIRContext scratch;
  scratch.getOrLoadDialect<pdl::PDLDialect>();
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(pdlText, origin),
                        llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sm, &scratch, os);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sm, &scratch);
  if (!module)
    return failure();

  struct Loaded {
    std::string name, text;
    std::vector<std::string> roles, replacements;
  };
  std::vector<Loaded> loaded;
  bool ok = true;
  for (auto pattern : module->getOps<pdl::PatternOp>()) {
    std::optional<StringRef> name = pattern.getSymName();
    if (!name) {
      pattern.emitError("a fusion pattern needs a name (`Pattern NAME "
                        "{ ... }` in PDLL): -ffuse= selects it by name");
      ok = false;
      continue;
    }
    Loaded l;
    l.name = name->str();
    pattern.walk([&](Operation *op) {
      if (auto c = dyn_cast<pdl::ApplyNativeConstraintOp>(op)) {
        if (failed(checkNative(op, c.getName(), false, c.getArgs()))) {
          ok = false;
          return;
        }
        // `not NeveRole(...)` names a role too, but triggers nothing.
        if (c.getName() == "NeveRole" && !c.getIsNegated()) {
          StringRef role = constantString(c.getArgs()[1]);
          if (!role.empty())
            l.roles.push_back(role.str());
        }
      } else if (auto r = dyn_cast<pdl::ApplyNativeRewriteOp>(op)) {
        if (failed(checkNative(op, r.getName(), true, r.getArgs()))) {
          ok = false;
          return;
        }
        StringRef said = constantString(r.getArgs()[0]);
        if (said != l.name) {
          op->emitError() << "NeveReplaceChain names pattern '" << said
                          << "' in pattern '" << l.name
                          << "': the remark must name the pattern that "
                             "-ffuse= selects";
          ok = false;
          return;
        }
        StringRef role = constantString(r.getArgs()[2]);
        if (role.empty()) {
          op->emitError() << "NeveReplaceChain needs a constant role name "
                             "(attr<\"\\\"ROLE\\\"\">)";
          ok = false;
          return;
        }
        if (!replacementChecked(pattern, r)) {
          op->emitError()
              << "NeveReplaceChain in pattern '" << l.name
              << "' needs NeveHasReplacementN(root, role, the same values) "
                 "(or NeveHasReplacementRange) in the match: once a rewrite "
                 "runs it cannot fail";
          ok = false;
          return;
        }
        l.replacements.push_back(role.str());
      }
    });
    // The pattern alone, with its locations, parsed again at each use.
    OwningOpRef<ModuleOp> one = ModuleOp::create(UnknownLoc::get(&scratch));
    one->push_back(pattern->clone());
    llvm::raw_string_ostream text(l.text);
    one->print(text, OpPrintingFlags().enableDebugInfo());
    loaded.push_back(std::move(l));
  }
  if (!ok)
    return failure();
  if (loaded.empty()) {
    os << "error: " << origin << " holds no pdl.pattern\n";
    return failure();
  }

  for (Loaded &l : loaded) {
    for (const std::string &role : l.roles)
      ::neve::registerFusionRole(role);
    for (const std::string &replacement : l.replacements)
      ::neve::registerFusionReplacementRole(replacement, l.roles);
    std::string text = l.text;
    FusionPatternInfo info{
        l.name, "PDL pattern from " + origin.str(), /*onByDefault=*/true,
        [text](RewritePatternSet &set) {
          OwningOpRef<ModuleOp> m =
              parseSourceString<ModuleOp>(text, ParserConfig(set.getContext()));
          if (!m)
            return; // checked when it was loaded
          PDLPatternModule pdl(std::move(m));
          registerNatives(pdl);
          set.add(std::move(pdl));
        },
        origin.str()};
    std::string error;
    if (failed(registerFusionPattern(std::move(info), &error))) {
      os << "error: " << origin << ": " << error << "\n";
      return failure();
    }
  }
  return success();
}

} // namespace mlir::neve
