//===- GemmEpilogueFusion.cpp - Pattern 2: GEMM epilogue fusion -----------===//
//
//   c = zeros_cuda(m*n)
//   neve.launch @gemm grid(m /| BM, n /| BN, 1) ... args(a, b, c, m, n, k)
//        c{BM, BN}(bx, by) += a{BM, k}(bx, 0) @ b{BN, k}(by, 0)
//   neve.launch @ew grid(m*n /| B, 1, 1) block(B, 1, 1) args(y, c, bias, m*n, n)
//        y[i] = bf16(relu(c[i] + bias[i % n]))
// =>
//   neve.launch @gemm__ew grid(m /| BM, n /| BN, 1) ... args(a, b, null, m, n, k, y, bias)
//        layout.matmul a, b into c epilogue {
//        ^bb0(%acc: f32, %i: index):  y[i] = bf16(relu(acc + bias[i % n]))
//        }
//
// Rooted at the elementwise launch. The op before it (skipping what a
// launch may be moved past, as in ElementwiseFusion.cpp) must be a launch
// of a matmul kernel: a kernel whose only effect is one layout.matmul
// (without an epilogue yet) into the tile at (block_id.x, block_id.y) of a
// row-major view of a pointer parameter P with extents of two integer
// parameters m and n, launched over a grid that covers every tile
// (m /| BM by n /| BN). The second kernel must be elementwise
// (ElementwiseKernel.h, with gathers: read-only buffers may be read at
// any index) over exactly the m·n elements of P: bound m*n, a grid of
// bound /| block threads, and P read at k only. Thread k's work then
// moves into the epilogue of element k, which the lowering runs once per
// valid element of each tile, with k = the element's position in P.
//
// What could break: the epilogue of one tile runs while other blocks still
// multiply. So a buffer the epilogue writes must be disjoint from P and
// from every buffer the matmul reads, and a buffer it reads (other than P
// at k) disjoint from P (LaunchUtils.h: one of the two a fresh
// allocation).
//
// P's value (acc + the old element) is what the epilogue's loads of P[k]
// become. P is still stored unless it is a fresh allocation that only the
// two launches use (and at most a later neve_gpu_free); a fresh buffer of
// zeros then needs no load either, and the launch passes a null pointer
// for P, whose view only gives the tiles' shape and position.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseKernel.h"
#include "FusionPatterns.h"
#include "LaunchUtils.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::neve;
using namespace mlir::neve::fusion;

namespace {

/// A kernel whose one effect is `Z{BM, BN}(bx, by) += X @ Y` with Z a
/// row-major m×n view of a pointer parameter.
struct MatmulKernel {
  func::FuncOp func;
  layout::MatmulOp matmul;
  unsigned zParam, rowsParam, colsParam;
  int64_t bm, bn;
};

/// The parameter \p v is index_cast from, or nothing.
std::optional<unsigned> paramOfExtent(Value v, Block *entry) {
  auto cast = v.getDefiningOp<arith::IndexCastOp>();
  if (!cast)
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(cast.getIn());
  if (!arg || arg.getOwner() != entry)
    return std::nullopt;
  return arg.getArgNumber();
}

bool isBlockId(Value v, gpu::Dimension d) {
  auto id = v.getDefiningOp<gpu::BlockIdOp>();
  return id && id.getDimension() == d;
}

std::optional<MatmulKernel> analyzeMatmulKernel(func::FuncOp func) {
  if (!func->hasAttr("neve.kernel") || func.isExternal() ||
      !func.getBody().hasOneBlock())
    return std::nullopt;
  Block *entry = &func.getBody().front();
  MatmulKernel k;
  k.func = func;
  for (Operation &op : *entry) {
    if (auto mm = dyn_cast<layout::MatmulOp>(op)) {
      if (k.matmul || mm.getEpilogueBlock())
        return std::nullopt;
      k.matmul = mm;
      continue;
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      if (ret.getNumOperands())
        return std::nullopt;
      continue;
    }
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      return std::nullopt;
  }
  if (!k.matmul)
    return std::nullopt;
  auto tile = k.matmul.getZ().getDefiningOp<layout::TileOp>();
  if (!tile || !tile.getSizes().empty() || tile.getCoords().size() != 2 ||
      !isBlockId(tile.getCoords()[0], gpu::Dimension::x) ||
      !isBlockId(tile.getCoords()[1], gpu::Dimension::y))
    return std::nullopt;
  auto view = tile.getSource().getDefiningOp<layout::ViewOp>();
  if (!view || view.getType().getRank() != 2 || view.getExtents().size() != 2)
    return std::nullopt;
  auto base = dyn_cast<BlockArgument>(view.getBase());
  if (!base || base.getOwner() != entry || !base.hasOneUse())
    return std::nullopt;
  std::optional<unsigned> rows = paramOfExtent(view.getExtents()[0], entry);
  std::optional<unsigned> cols = paramOfExtent(view.getExtents()[1], entry);
  if (!rows || !cols)
    return std::nullopt;
  k.zParam = base.getArgNumber();
  k.rowsParam = *rows;
  k.colsParam = *cols;
  k.bm = k.matmul.getBlockM();
  k.bn = k.matmul.getBlockN();
  return k;
}

std::optional<int64_t> constantOf(Value v) {
  APInt x;
  if (matchPattern(v, m_ConstantInt(&x)))
    return x.getSExtValue();
  return std::nullopt;
}

/// `count` blocks of `size` cover `extent`: count is extent /| size, or
/// all three are constants with count·size >= extent.
bool covers(Value count, Value extent, Value size) {
  if (auto div = count.getDefiningOp<neve::CeilDivIOp>())
    return sameInt(div.getLhs(), extent) && sameInt(div.getRhs(), size);
  std::optional<int64_t> c = constantOf(count), e = constantOf(extent),
                         s = constantOf(size);
  return c && e && s && *c * *s >= *e;
}

bool covers(Value count, Value extent, int64_t size) {
  if (auto div = count.getDefiningOp<neve::CeilDivIOp>())
    return sameInt(div.getLhs(), extent) && constantOf(div.getRhs()) == size;
  std::optional<int64_t> c = constantOf(count), e = constantOf(extent);
  return c && e && *c * size >= *e;
}

/// v is rows·cols (the same values in either order, or constants).
bool isProduct(Value v, Value rows, Value cols) {
  if (auto mul = v.getDefiningOp<arith::MulIOp>())
    return (sameInt(mul.getLhs(), rows) && sameInt(mul.getRhs(), cols)) ||
           (sameInt(mul.getLhs(), cols) && sameInt(mul.getRhs(), rows));
  std::optional<int64_t> p = constantOf(v), r = constantOf(rows),
                         c = constantOf(cols);
  return p && r && c && *p == *r * *c;
}

/// The kernel uses the thread's position (gpu.thread_id, block_id, ...)
/// only to compute k: its work does not depend on which thread of which
/// launch does it, so it can move into another kernel's epilogue.
bool onlyKUsesThreadIds(ElementwiseKernel k) {
  llvm::SmallPtrSet<Operation *, 16> slice;
  SmallVector<Value> work{k.index};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != k.entry || !slice.insert(def).second)
      continue;
    llvm::append_range(work, def->getOperands());
  }
  // every value computed from a thread position serves k alone
  bool ok = true;
  k.func.walk([&](Operation *op) {
    if (!isa<gpu::GPUDialect>(op->getDialect()))
      return;
    SmallVector<Operation *> users{op};
    while (ok && !users.empty()) {
      Operation *u = users.pop_back_val();
      if (!slice.contains(u)) {
        ok = false;
        break;
      }
      for (Operation *next : u->getUsers())
        if (next != k.index.getDefiningOp())
          users.push_back(next);
    }
  });
  return ok;
}

struct FuseGemmEpilogue : OpRewritePattern<LaunchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LaunchOp second,
                                PatternRewriter &rewriter) const override {
    LaunchOp first = launchJustBefore(second);
    if (!first)
      return rewriter.notifyMatchFailure(second, "no launch just before");
    if (first.getStream() || second.getStream() || !isZero(second.getSmem()))
      return rewriter.notifyMatchFailure(second, "streams or shared memory");
    auto module = second->getParentOfType<ModuleOp>();
    SymbolTable symbols(module);
    auto fa = symbols.lookup<func::FuncOp>(first.getKernel());
    auto fb = symbols.lookup<func::FuncOp>(second.getKernel());
    if (!fa || !fb)
      return failure();
    std::optional<MatmulKernel> ka = analyzeMatmulKernel(fa);
    if (!ka)
      return rewriter.notifyMatchFailure(second, "not after a matmul kernel");
    std::optional<ElementwiseKernel> kb =
        analyzeElementwise(fb, /*allowGathers=*/true);
    if (!kb)
      return rewriter.notifyMatchFailure(second, "not an elementwise kernel");
    if (!onlyKUsesThreadIds(*kb))
      return rewriter.notifyMatchFailure(
          second, "the kernel uses the thread's position other than in k");

    // index spaces: the matmul's grid covers every tile of the m×n view,
    // the elementwise kernel runs over exactly its m·n elements
    ValueRange argsA = first.getArgs(), argsB = second.getArgs();
    Value rows = argsA[ka->rowsParam], cols = argsA[ka->colsParam];
    if (!covers(first.getGridX(), rows, ka->bm) ||
        !covers(first.getGridY(), cols, ka->bn) || !isOne(first.getGridZ()))
      return rewriter.notifyMatchFailure(second,
                                         "the matmul's grid is not its tiles");
    Value bound = argsB[kb->boundParam];
    if (!isProduct(bound, rows, cols))
      return rewriter.notifyMatchFailure(second, "different index spaces");
    if (!covers(second.getGridX(), bound, second.getBlockX()))
      return rewriter.notifyMatchFailure(second, "the grid misses elements");
    for (Value one : {second.getGridY(), second.getGridZ(),
                      second.getBlockY(), second.getBlockZ()})
      if (!isOne(one))
        return rewriter.notifyMatchFailure(second, "not a 1-D launch");

    // buffers
    Value c = argsA[ka->zParam];
    for (auto [i, v] : llvm::enumerate(argsA))
      if (i != ka->zParam && v == c)
        return rewriter.notifyMatchFailure(second, "the product reads Z");
    bool connected = false;
    for (auto [j, use] : llvm::enumerate(kb->params)) {
      if (!use.read && !use.written)
        continue;
      Value v = argsB[j];
      if (v == c) {
        if (use.gathered || !use.element || !use.element.isF32())
          return rewriter.notifyMatchFailure(
              second, "the product is read at another element");
        connected |= use.read;
        continue;
      }
      if (!disjoint(v, c))
        return rewriter.notifyMatchFailure(second,
                                           "a buffer may overlap the product");
      if (!use.written)
        continue;
      for (auto [i, w] : llvm::enumerate(argsA))
        if (i != ka->zParam && isa<LLVM::LLVMPointerType>(w.getType()) &&
            !disjoint(v, w))
          return rewriter.notifyMatchFailure(
              second, "a written buffer may overlap the matmul's inputs");
    }
    if (!connected)
      return rewriter.notifyMatchFailure(second,
                                         "the kernel does not read the product");

    fuse(first, second, *ka, *kb, symbols, rewriter);
    return success();
  }

  void fuse(LaunchOp first, LaunchOp second, MatmulKernel ka,
            ElementwiseKernel kb, SymbolTable &symbols,
            PatternRewriter &rewriter) const {
    Location loc = second.getLoc();
    Value c = first.getArgs()[ka.zParam];
    // c goes when only the two launches (and later frees) use it
    SmallVector<Operation *> frees;
    bool dead = allocKind(c) == Alloc::Removable &&
                fusion::onlyLaunchesAndFrees(c, first, second, frees);
    bool needOld = !isZeroAlloc(c), needStore = !dead;

    OpBuilder::InsertionGuard guard(rewriter);
    fusion::FusedKernel fk =
        fusion::createFusedKernel(first, second, ka.func, kb.func, kb.func,
                                  ka.func.getLoc(), loc, symbols, rewriter);
    SmallVector<Value> &operands = fk.operands;
    llvm::DenseMap<Value, unsigned> &indexOf = fk.indexOf;
    func::FuncOp fused = fk.func;
    Block *entry = fk.entry;
    rewriter.setInsertionPointToEnd(entry);
    // the matmul kernel, its parameters mapped to the fused ones
    IRMapping map;
    for (auto [k, v] : llvm::enumerate(first.getArgs()))
      map.map(ka.func.getArgument(k), entry->getArgument(indexOf.lookup(v)));
    rewriter.setInsertionPointToEnd(entry);
    for (Operation &op : ka.func.getBody().front())
      rewriter.clone(op, map);
    auto matmul = cast<layout::MatmulOp>(map.lookup(ka.matmul.getOperation()));

    // the epilogue: P[k] = acc (+ old), then the elementwise body at k
    Block *epi = rewriter.createBlock(
        &matmul.getEpilogue(), matmul.getEpilogue().end(),
        {rewriter.getF32Type(), rewriter.getIndexType()}, {loc, loc});
    Value acc = epi->getArgument(0);
    Value k32 = arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(),
                                           epi->getArgument(1));
    Value k64 = arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(), k32);
    BlockArgument p = entry->getArgument(indexOf.lookup(c));
    auto f32 = rewriter.getF32Type();
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    auto pAt = [&]() -> Value {
      return LLVM::GEPOp::create(rewriter, loc, ptr, f32, p, ValueRange{k64});
    };
    Value value = acc;
    if (needOld)
      value = arith::AddFOp::create(
          rewriter, loc, LLVM::LoadOp::create(rewriter, loc, f32, pAt()), acc);
    LLVM::StoreOp::create(rewriter, loc, value, pAt());
    IRMapping mapB;
    for (auto [k, v] : llvm::enumerate(second.getArgs()))
      mapB.map(kb.entry->getArgument(k), entry->getArgument(indexOf.lookup(v)));
    for (Operation &op : kb.entry->without_terminator())
      rewriter.clone(op, mapB);
    mapB.map(kb.index, k32);
    for (Operation &op : kb.body->without_terminator())
      rewriter.clone(op, mapB);
    layout::YieldOp::create(rewriter, loc);

    // store-to-load forwarding through element k; P's stores go when P does
    auto paramAtK = [&](Value address) -> std::optional<unsigned> {
      auto gep = address.getDefiningOp<LLVM::GEPOp>();
      if (!gep || gep.getIndices().size() != 1)
        return std::nullopt;
      auto base = dyn_cast<BlockArgument>(gep.getBase());
      Value i = llvm::dyn_cast_if_present<Value>(gep.getIndices()[0]);
      auto ext = i ? i.getDefiningOp<arith::ExtSIOp>() : arith::ExtSIOp();
      if (!base || base.getOwner() != entry || !ext || ext.getIn() != k32)
        return std::nullopt;
      return base.getArgNumber();
    };
    llvm::DenseMap<unsigned, Value> stored;
    llvm::DenseMap<unsigned, Operation *> lastStore;
    SmallVector<Operation *> storesToP;
    for (Operation &op : llvm::make_early_inc_range(epi->without_terminator())) {
      if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        if (std::optional<unsigned> q = paramAtK(store.getAddr())) {
          // an earlier store of element k that nothing read: overwritten
          if (auto it = lastStore.find(*q); it != lastStore.end()) {
            llvm::erase(storesToP, it->second);
            rewriter.eraseOp(it->second);
          }
          lastStore[*q] = store;
          stored[*q] = store.getValue();
          if (*q == p.getArgNumber())
            storesToP.push_back(store);
        }
      } else if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        std::optional<unsigned> q = paramAtK(load.getAddr());
        auto it = q ? stored.find(*q) : stored.end();
        if (it != stored.end() && it->second.getType() == load.getType())
          rewriter.replaceOp(load, it->second);
      }
    }
    if (!needStore)
      for (Operation *store : storesToP)
        rewriter.eraseOp(store);
    eraseDead(*epi, rewriter);

    fused = reuseIdentical(fused, fk.name, symbols, rewriter);

    // the launch, in the second's place, with the first's grid
    SmallVector<Value> args(operands);
    bool dropped = dead && !needOld;
    rewriter.setInsertionPoint(second);
    if (dropped)
      args[indexOf.lookup(c)] = LLVM::ZeroOp::create(rewriter, loc, ptr);
    auto launch = LaunchOp::create(
        rewriter, rewriter.getFusedLoc({first.getLoc(), second.getLoc()}),
        FlatSymbolRefAttr::get(fused.getSymNameAttr()), first.getGridX(),
        first.getGridY(), first.getGridZ(), first.getBlockX(),
        first.getBlockY(), first.getBlockZ(), first.getSmem(),
        /*stream=*/Value(), args);
    InFlightDiagnostic remark =
        emitRemark(launch.getLoc())
        << "neve-fuse[gemm-epilogue]: fused the launches of '"
        << ka.func.getSymName() << "' (" << fusionLineOf(first.getLoc())
        << ") and '" << kb.func.getSymName() << "' ("
        << fusionLineOf(second.getLoc()) << ") into '" << fused.getSymName()
        << "'";
    if (dropped)
      remark << "; the intermediate buffer allocated at "
             << fusionLineOf(c.getLoc()) << " is gone";
    remark.report();
    rewriter.eraseOp(second);
    rewriter.eraseOp(first);
    if (dropped) {
      for (Operation *f : frees)
        rewriter.eraseOp(f);
      if (c.use_empty())
        rewriter.eraseOp(c.getDefiningOp());
    }
    // kernels nothing launches any more go
    for (func::FuncOp f : {ka.func, kb.func})
      if (f != fused && SymbolTable::symbolKnownUseEmpty(
                            f, f->getParentOfType<ModuleOp>()))
        rewriter.eraseOp(f);
  }
};

} // namespace

void mlir::neve::populateGemmEpilogueFusionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseGemmEpilogue>(patterns.getContext());
}
