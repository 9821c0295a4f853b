//===- ElementwiseFusion.cpp - Pattern 1: elementwise kernel fusion -------===//
//
//   neve.launch @a grid(g,1,1) block(b,1,1) smem(0) args(t, x, n)   t[k] = f(x[k])
//   neve.launch @b grid(g,1,1) block(b,1,1) smem(0) args(y, t, n)   y[k] = h(t[k])
// =>
//   neve.launch @a__b grid(g,1,1) block(b,1,1) smem(0) args(y, x, n)
//                                                       y[k] = h(f(x[k]))
//
// Rooted at the second launch: the op before it (skipping pure operations
// and the runtime's allocations, which the fused launch may follow) must be
// a launch of an elementwise kernel (ElementwiseKernel.h) over the same
// grid, block and bound n, with no stream and no dynamic shared memory.
// Thread k of the fused kernel runs the first kernel's body, then the
// second's, so every dependence between the two through element k is kept;
// what could break is a dependence between different elements, which two
// different buffer values may have when one is the other offset. So for
// every pair of buffers of the two launches of which one is written, they
// must be the same value or provably disjoint: one of them a fresh
// allocation that the other is not derived from.
//
// In the fused kernel a load of an element the first kernel stored is
// replaced by the stored value; a buffer that only the two launches use
// (and at most a later neve_gpu_free), freshly allocated, is then neither
// stored, allocated nor freed any more.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseKernel.h"
#include "FusionPatterns.h"
#include "LaunchUtils.h"

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::neve;
using namespace mlir::neve::fusion;

namespace {

struct FuseElementwiseLaunches : OpRewritePattern<LaunchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LaunchOp second,
                                PatternRewriter &rewriter) const override {
    LaunchOp first = launchJustBefore(second);
    if (!first)
      return rewriter.notifyMatchFailure(second, "no launch just before");
    if (first.getStream() || second.getStream() ||
        !isZero(first.getSmem()) || !isZero(second.getSmem()))
      return rewriter.notifyMatchFailure(second, "streams or shared memory");
    if (!sameInt(first.getGridX(), second.getGridX()) ||
        !sameInt(first.getBlockX(), second.getBlockX()))
      return rewriter.notifyMatchFailure(second, "different index spaces");
    for (Value one : {first.getGridY(), first.getGridZ(), first.getBlockY(),
                      first.getBlockZ(), second.getGridY(), second.getGridZ(),
                      second.getBlockY(), second.getBlockZ()})
      if (!isOne(one))
        return rewriter.notifyMatchFailure(second, "not a 1-D launch");

    auto module = second->getParentOfType<ModuleOp>();
    SymbolTable symbols(module);
    auto fa = symbols.lookup<func::FuncOp>(first.getKernel());
    auto fb = symbols.lookup<func::FuncOp>(second.getKernel());
    if (!fa || !fb)
      return failure();
    std::optional<ElementwiseKernel> ka = analyzeElementwise(fa);
    std::optional<ElementwiseKernel> kb = analyzeElementwise(fb);
    if (!ka || !kb)
      return rewriter.notifyMatchFailure(second, "not elementwise kernels");
    ValueRange argsA = first.getArgs(), argsB = second.getArgs();
    if (!sameInt(argsA[ka->boundParam], argsB[kb->boundParam]))
      return rewriter.notifyMatchFailure(second, "different bounds");

    // a dependence through the same buffer value is per element: kept
    bool connected = false;
    for (auto [i, ua] : llvm::enumerate(ka->params)) {
      if (!ua.read && !ua.written)
        continue;
      for (auto [j, ub] : llvm::enumerate(kb->params)) {
        if (!ub.read && !ub.written)
          continue;
        if (!ua.written && !ub.written)
          continue;
        Value p = argsA[i], q = argsB[j];
        if (p == q) {
          if (ua.element != ub.element)
            return rewriter.notifyMatchFailure(second, "element types differ");
          connected |= ua.written && ub.read;
          continue;
        }
        if (!disjoint(p, q))
          return rewriter.notifyMatchFailure(second,
                                             "buffers that may overlap");
      }
    }
    if (!connected)
      return rewriter.notifyMatchFailure(
          second, "the second kernel reads nothing the first writes");

    fuse(first, second, *ka, *kb, symbols, rewriter);
    return success();
  }

  void fuse(LaunchOp first, LaunchOp second, ElementwiseKernel ka,
            ElementwiseKernel kb, SymbolTable &symbols,
            PatternRewriter &rewriter) const {
    Location loc = second.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    fusion::FusedKernel fk =
        fusion::createFusedKernel(first, second, ka.func, kb.func, kb.func,
                                  kb.func.getLoc(), loc, symbols, rewriter);
    SmallVector<Value> &operands = fk.operands;
    llvm::DenseMap<Value, unsigned> &indexOf = fk.indexOf;
    func::FuncOp fused = fk.func;
    Region &region = fused.getBody();
    Block *entry = fk.entry;
    rewriter.setInsertionPointToEnd(entry);
    // the first kernel's blocks, its parameters mapped to the fused ones
    IRMapping map;
    for (auto [k, v] : llvm::enumerate(first.getArgs()))
      map.map(ka.entry->getArgument(k),
              entry->getArgument(indexOf.lookup(v)));
    Block *body = rewriter.createBlock(&region, region.end());
    Block *exit = rewriter.createBlock(&region, region.end());
    map.map(ka.body, body);
    map.map(ka.exit, exit);
    for (auto [from, to] : {std::pair(ka.entry, entry), std::pair(ka.body, body),
                            std::pair(ka.exit, exit)}) {
      rewriter.setInsertionPointToEnd(to);
      for (Operation &op : *from)
        rewriter.clone(op, map);
    }
    // then the second's entry (minus its branch) and body (minus its
    // branch), its index being the first's
    IRMapping mapB;
    for (auto [k, v] : llvm::enumerate(second.getArgs()))
      mapB.map(kb.entry->getArgument(k),
               entry->getArgument(indexOf.lookup(v)));
    rewriter.setInsertionPoint(entry->getTerminator());
    for (Operation &op : kb.entry->without_terminator())
      rewriter.clone(op, mapB);
    mapB.map(kb.index, map.lookup(ka.index));
    rewriter.setInsertionPoint(body->getTerminator());
    for (Operation &op : kb.body->without_terminator())
      rewriter.clone(op, mapB);

    // store-to-load forwarding through element k
    llvm::DenseMap<unsigned, Value> stored;
    ElementwiseKernel view{fused, 0, map.lookup(ka.index), entry, body, exit, {}};
    for (Operation &op : llvm::make_early_inc_range(body->without_terminator())) {
      if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        stored[*addressedParam(view, store.getAddr())] = store.getValue();
      } else if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        auto it = stored.find(*addressedParam(view, load.getAddr()));
        if (it != stored.end() && it->second.getType() == load.getType())
          rewriter.replaceOp(load, it->second);
      }
    }

    // intermediates: fresh, used by these two launches only, no longer read
    SmallVector<Value> launchArgs(operands.begin(), operands.end());
    llvm::BitVector dropped(launchArgs.size());
    SmallVector<std::string> removed;
    for (auto [k, v] : llvm::enumerate(launchArgs)) {
      if (allocKind(v) != Alloc::Removable)
        continue;
      // used by the two launches, and at most freed after them
      SmallVector<Operation *> frees;
      bool onlyHere = fusion::onlyLaunchesAndFrees(v, first, second, frees);
      if (!onlyHere)
        continue;
      BlockArgument param = entry->getArgument(k);
      bool read = false;
      for (Operation *u : param.getUsers())
        for (Operation *w : u->getUsers())
          read |= isa<LLVM::LoadOp>(w);
      if (read)
        continue;
      for (Operation *u : llvm::make_early_inc_range(param.getUsers())) {
        for (Operation *w : llvm::make_early_inc_range(u->getUsers()))
          rewriter.eraseOp(w);
        rewriter.eraseOp(u);
      }
      for (Operation *f : frees)
        rewriter.eraseOp(f);
      dropped.set(k);
      removed.push_back(neve::fusionLineOf(v.getLoc()));
    }
    eraseDead(*body, rewriter);
    eraseDead(*entry, rewriter);
    SmallVector<Value> kept;
    for (auto [k, v] : llvm::enumerate(launchArgs))
      if (!dropped.test(k))
        kept.push_back(v);
    (void)fused.eraseArguments(dropped);

    fused = reuseIdentical(fused, fk.name, symbols, rewriter);

    rewriter.setInsertionPoint(second);
    auto launch = LaunchOp::create(
        rewriter, rewriter.getFusedLoc({first.getLoc(), second.getLoc()}),
        FlatSymbolRefAttr::get(fused.getSymNameAttr()), second.getGridX(),
        second.getGridY(), second.getGridZ(), second.getBlockX(),
        second.getBlockY(), second.getBlockZ(), second.getSmem(),
        /*stream=*/Value(), kept);
    InFlightDiagnostic remark = emitRemark(launch.getLoc())
                                << "neve-fuse[elementwise]: fused the launches of '"
                                << ka.func.getSymName() << "' ("
                                << neve::fusionLineOf(first.getLoc()) << ") and '"
                                << kb.func.getSymName() << "' ("
                                << neve::fusionLineOf(second.getLoc()) << ") into '"
                                << fused.getSymName() << "'";
    for (const std::string &r : removed)
      remark << "; the intermediate buffer allocated at "
             << r << " is gone";
    remark.report();
    rewriter.eraseOp(second);
    rewriter.eraseOp(first);
    for (auto [k, v] : llvm::enumerate(launchArgs))
      if (dropped.test(k) && v.use_empty())
        rewriter.eraseOp(v.getDefiningOp());
    // kernels nothing launches any more go
    for (func::FuncOp f : {ka.func, kb.func})
      if (f != fused && SymbolTable::symbolKnownUseEmpty(
                            f, f->getParentOfType<ModuleOp>()))
        rewriter.eraseOp(f);
  }
};

} // namespace

void mlir::neve::populateElementwiseFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseElementwiseLaunches>(patterns.getContext());
}
