//===- LowerMatmul.cpp - The block-wide tiled product (layout.matmul) -----===//
//
// Z (BM×BN, f32) += X (BM×K) · Y (BN×K)ᵀ by one block of W warps:
//
//   prologue   stages 0..S-2: cp.async slices [k0, k0+BK) of X and Y
//              into swizzled shared buffers, one commit group each; wait
//              for slice 0, barrier, ldmatrix its first k step's fragments
//   main loop  for kt < ceil(K/BK), on stage kt%S: prefetch slice kt+S-1
//              into the stage freed by kt-1, then for each 16-wide k step
//              ldmatrix the fragments of the step after it (A x4, B x4 =
//              two n8 tiles) and mma.sync m16n8k16 the current ones into
//              the warp's (WM/16)·(WN/8) accumulators. Before the last
//              step: wait until slice kt+1 landed and barrier, so that its
//              first fragments load under the last step's mma. Fragments
//              are double buffered: mma never waits on the ldmatrix just
//              issued, nor a new slice on the barrier's ldmatrix round trip.
//              (With 2 stages slice kt+1 is only copied during iteration
//              kt: the wait, barrier and first fragments stay at the top.)
//              Accumulators, next fragments and stage are scf.for
//              iteration values.
//   epilogue   Z[r, c] += acc, masked by Z's valid region; or, when the
//              op has an epilogue region, that region once per valid
//              element with acc and the element's linear position in Z's
//              buffer (Z is then not accessed)
//
// On Hopper (--lower-layouts="wgmma=true", neve-translate --gpu-arch=sm_90a)
// products of one warpgroup (block tiles up to 128×128, 32- or 64-wide
// slices, 3+ stages in dynamic shared memory) use wgmma instead of ldmatrix
// and mma.sync: the same swizzled stages are exactly wgmma's 64- and
// 128-byte swizzled K-major layouts, read through shared-memory matrix
// descriptors (pipelineWgmma); the accumulator layout per 16×8 tile is
// mma.sync's, so the epilogue is shared.
//
// Rows past X's or Y's valid region and columns past K are zero-filled
// (cp.async's src-size operand); a row stride that is not a multiple of 8
// elements (16 bytes) takes a scalar copy path instead of cp.async.
// Shared rows of BK elements are swizzled by 16-byte chunk so that the 8
// rows one ldmatrix reads fall in 8 different bank groups.
//
//===----------------------------------------------------------------------===//

#include "MatmulEmitter.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::layout;
using namespace mlir::layout::lowering;

namespace mlir::layout::lowering::matmul {

void MatmulEmitter::emit() {
  identity();
  Value kx = memref::DimOp::create(b, l, x, 1);
  Value ky = memref::DimOp::create(b, l, y, 1);
  k = ix.min(kx, ky);
  Value smemA, smemB;
  if (op.usesDynamicSmem()) {
    // The kernel's dynamic shared memory: A's stages, then B's. Another
    // product of the kernel may have used it: every thread is done.
    gpu::BarrierOp::create(b, l);
    auto view = [&](int64_t offset, int64_t count) -> Value {
      return dynamicSharedBuffer(b, l, in, ix.c(offset), count);
    };
    int64_t bytes = in.getIntOrFloatBitWidth() / 8;
    smemA = view(0, stages * bm * bk);
    smemB = view(stages * bm * bk * bytes, stages * bn * bk);
  } else {
    smemA = sharedBuffer(b, op, in, stages * bm * bk, "__layout_matmul_a");
    smemB = sharedBuffer(b, op, in, stages * bn * bk, "__layout_matmul_b");
  }
  a = {x, memref::DimOp::create(b, l, x, 0), smemA, bm};
  bOp = {y, memref::DimOp::create(b, l, y, 0), smemB, bn};
  aligned = ix.andi(alignedRows(x), alignedRows(y));
  slices = ix.div(ix.add(k, bk - 1), bk);
  if (wg)
    descriptorBases();
  else
    fragmentOffsets();

  // Interior tiles (every row valid, k a multiple of BK, 16-byte rows)
  // run a pipeline with no masks and no branches; edge tiles the
  // masked one.
  Value full = ix.andi(
      aligned,
      ix.andi(ix.andi(ix.eq(a.validRows, ix.c(bm)),
                      ix.eq(bOp.validRows, ix.c(bn))),
              ix.eq(ix.rem(k, bk), ix.c(0))));
  SmallVector<Type> accTypes(mt * nt * 4, b.getF32Type());
  auto branch = scf::IfOp::create(b, l, accTypes, full, true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, l, wg ? pipelineWgmma(/*masked=*/false)
                                  : pipeline(/*masked=*/false));
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, l, wg ? pipelineWgmma(/*masked=*/true)
                                  : pipeline(/*masked=*/true));
  }
  epilogue(branch.getResults());
}

SmallVector<Value> MatmulEmitter::pipeline(bool masked) {
  this->masked = masked;
  // With 3 or more stages, slice kt+1's copies were issued an iteration
  // before kt: its first fragments load under slice kt's last k step.
  // With 2, slice kt+1 is copied during iteration kt, so waiting for it
  // there would serialise copy and compute: iteration kt instead waits
  // for slice kt at its top, as the prefetch of the next slice starts.
  bool early = stages >= 3;
  // Prologue: slices 0..S-2, then slice 0's first fragments.
  for (int64_t s = 0; s + 1 < stages; ++s) {
    Value sv = ix.c(s);
    guarded(ix.lt(sv, slices), [&] { loadSlice(ix.c(s * bk), ix.c(s)); });
    NVVM::CpAsyncCommitGroupOp::create(b, l);
  }
  // Main loop: the accumulators, (early) the fragments of the next k
  // step, the stage read (kt % S) and, unmasked, the first column of the
  // slice the iteration prefetches are iteration values.
  Value zeroAcc = arith::ConstantOp::create(b, l, b.getF32FloatAttr(0));
  SmallVector<Value> init(mt * nt * 4, zeroAcc);
  if (early) {
    sliceLanded();
    loadFragments(ix.c(0), 0).appendTo(init);
  }
  init.push_back(ix.c(0));
  if (!masked) // min(S-1, slices-1)·BK: inside K however few slices
    init.push_back(
        ix.mul(ix.min(ix.c(stages - 1), ix.sub(slices, ix.c(1))), bk));
  auto loop = scf::ForOp::create(b, l, ix.c(0), slices, ix.c(1), init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    ValueRange args = loop.getRegionIterArgs();
    SmallVector<Value> acc(args.take_front(mt * nt * 4));
    Value kFetch = masked ? Value() : args.back();
    if (!masked)
      args = args.drop_back();
    Value stage = args.back();
    Fragments cur;
    if (early) {
      cur = Fragments::from(args.drop_front(mt * nt * 4).drop_back(), mt,
                            nt);
    } else {
      sliceLanded();
      cur = loadFragments(stage, 0);
    }
    Value following = ix.add(stage, 1);
    Value nextStage =
        ix.select(ix.eq(following, ix.c(stages)), ix.c(0), following);
    for (int64_t kk = 0; kk < bk / 16; ++kk) {
      if (kk == 0)
        prefetch(kt, stage, kFetch);
      bool last = kk + 1 == bk / 16;
      if (last && !early) {
        mma(cur, acc);
        break;
      }
      // Before the last k step: slice kt+1 landed and every warp is
      // done reading slice kt's stage (its last fragments were loaded
      // in the step before), which iteration kt+1 then refills.
      if (last)
        sliceLanded();
      // The next k step's fragments (slice kt+1's first after the last
      // step) load while this step's mma run on the ones loaded before.
      Fragments nextFrags =
          last ? loadFragments(nextStage, 0) : loadFragments(stage, kk + 1);
      mma(cur, acc);
      cur = std::move(nextFrags);
    }
    if (early)
      cur.appendTo(acc);
    acc.push_back(nextStage);
    if (!masked) // min(kt+S, slices-1)·BK
      acc.push_back(ix.select(ix.lt(ix.add(kt, stages), slices),
                              ix.add(kFetch, bk), kFetch));
    scf::YieldOp::create(b, l, acc);
  }
  NVVM::CpAsyncWaitGroupOp::create(b, l, b.getI32IntegerAttr(0));
  SmallVector<Value> out(loop.getResults().take_front(mt * nt * 4));
  return out;
}

void MatmulEmitter::sliceLanded() {
  NVVM::CpAsyncWaitGroupOp::create(b, l, b.getI32IntegerAttr(stages - 2));
  gpu::BarrierOp::create(b, l);
}

void MatmulEmitter::prefetch(Value kt, Value stage, Value kFetch) {
  Value next = ix.add(kt, stages - 1);
  Value write = ix.select(ix.eq(stage, ix.c(0)), ix.c(stages - 1),
                          ix.sub(stage, ix.c(1)));
  copySlice(next, write, kFetch);
}

void MatmulEmitter::copySlice(Value next, Value write, Value kFetch) {
  Value more = ix.lt(next, slices);
  if (masked) {
    guarded(more, [&] { loadSlice(ix.mul(next, bk), write); });
  } else {
    fill = ix.select(more, ix.c(8), ix.c(0));
    loadSlice(kFetch, write);
    fill = Value();
  }
  NVVM::CpAsyncCommitGroupOp::create(b, l);
}

void MatmulEmitter::fragmentOffsets() {
  Value lane16 = ix.rem(lane, 16), half = ix.div(lane, 16);
  Value lane8 = ix.rem(lane, 8), quad = ix.div(lane, 8);
  for (int64_t kk = 0; kk < bk / 16; ++kk) {
    Value rowA = ix.add(warpRow, lane16);
    fragA.push_back(rowOffset(rowA, ix.add(half, kk * 2)));
    Value rowB = nt > 1 ? ix.add(warpCol, ix.add(ix.mul(ix.div(quad, 2), 8),
                                                 lane8))
                        : ix.add(warpCol, lane8);
    fragB.push_back(rowOffset(rowB, ix.add(ix.rem(quad, 2), kk * 2)));
  }
}

void MatmulEmitter::identity() {
  auto dim = [&](gpu::Dimension d) -> Value {
    return gpu::ThreadIdOp::create(b, l, d);
  };
  auto bdim = [&](gpu::Dimension d) -> Value {
    return gpu::BlockDimOp::create(b, l, d);
  };
  Value bdx = bdim(gpu::Dimension::x), bdy = bdim(gpu::Dimension::y);
  tid = ix.add(dim(gpu::Dimension::x),
               ix.mul(bdx, ix.add(dim(gpu::Dimension::y),
                                  ix.mul(bdy, dim(gpu::Dimension::z)))));
  Value count = ix.mul(ix.mul(bdx, bdy), bdim(gpu::Dimension::z));
  Value wrong =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, count,
                            ix.c(threads));
  guarded(wrong, [&] {
    // (The host refuses such a launch before the kernel starts; this is
    // the second line. On the wgmma path without the message: ptxas
    // serialises every wgmma of a kernel that makes a call, printf's.)
    if (wg) {
      LLVM::Trap::create(b, l);
      return;
    }
    guarded(ix.eq(tid, ix.c(0)), [&] {
      std::string where;
      if (auto fl = llvm::dyn_cast<FileLineColLoc>(l))
        where = (fl.getFilename().getValue() + ":" +
                 llvm::Twine(fl.getLine()) + ":" + llvm::Twine(fl.getColumn()) +
                 ": ")
                    .str();
      gpu::PrintfOp::create(
          b, l,
          where + "runtime error: this tiled matrix product needs " +
              std::to_string(threads) +
              " threads per block (%d warps), the launch gave %d\n",
          ValueRange{arith::IndexCastOp::create(b, l, b.getI32Type(),
                                                ix.c(warps)),
                     arith::IndexCastOp::create(b, l, b.getI32Type(),
                                                count)});
    });
    LLVM::Trap::create(b, l);
  });
  warp = ix.div(tid, 32);
  lane = ix.rem(tid, 32);
  if (wg) {
    warpRow = ix.mul(warp, 16);
    warpCol = ix.c(0);
    return;
  }
  Value warpCols = ix.c(bn / wn);
  warpRow = ix.mul(arith::DivUIOp::create(b, l, warp, warpCols), wm);
  warpCol = ix.mul(arith::RemUIOp::create(b, l, warp, warpCols), wn);
}

Value MatmulEmitter::alignedRows(Value view) {
  auto meta = memref::ExtractStridedMetadataOp::create(b, l, view);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, l, view);
  Value bytes = ix.add(base, ix.mul(meta.getOffset(), 2));
  Value zero = ix.c(0);
  return ix.andi(ix.eq(ix.rem(bytes, 16), zero),
                 ix.eq(ix.rem(meta.getStrides()[0], 8), zero));
}

Value MatmulEmitter::swizzle(Value row, Value chunk) {
  Value key = chunks >= 8 ? ix.rem(row, 8)
                          : ix.rem(ix.div(row, 8 / chunks), chunks);
  return ix.xori(chunk, key);
}

Value MatmulEmitter::rowOffset(Value row, Value chunk) {
  return ix.add(ix.mul(row, bk), ix.mul(swizzle(row, chunk), 8));
}

void MatmulEmitter::loadSlice(Value k0, Value stage) {
  Value row0 = ix.div(tid, chunks), chunk = ix.rem(tid, chunks);
  Value col = ix.add(k0, ix.mul(chunk, 8));
  Value dst0 = rowOffset(row0, chunk);
  for (Operand *o : {&a, &bOp}) {
    int64_t total = o->rows * chunks;
    Value base = ix.add(ix.mul(stage, o->rows * bk), dst0);
    for (int64_t first = 0; first < total; first += threads) {
      int64_t rowStep = first / chunks;
      Value row = ix.add(row0, rowStep);
      // The swizzle key repeats every 8 rows.
      Value dst = rowStep % 8 == 0
                      ? ix.add(base, rowStep * bk)
                      : ix.add(ix.mul(stage, o->rows * bk),
                               rowOffset(row, chunk));
      auto body = [&] { copyChunk(*o, dst, row, col); };
      if (first + threads <= total)
        body();
      else
        guarded(ix.lt(ix.add(tid, first), ix.c(total)), body);
    }
  }
}

void MatmulEmitter::copyChunk(Operand &o, Value dst, Value row, Value col) {
  auto token = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  if (!masked) {
    nvgpu::DeviceAsyncCopyOp::create(b, l, token, o.smem, ValueRange{dst},
                                     o.view, ValueRange{row, col},
                                     b.getIndexAttr(8), fill,
                                     b.getUnitAttr());
    return;
  }
  Value zero = ix.c(0);
  Value n = ix.select(ix.lt(row, o.validRows),
                      ix.max(zero, ix.min(ix.c(8), ix.sub(k, col))), zero);
  Value some = ix.lt(zero, n);
  auto ifOp = scf::IfOp::create(b, l, aligned, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    // Zero-filled past the edges; the source address stays inside.
    Value srow = ix.select(some, row, zero), scol = ix.select(some, col, zero);
    nvgpu::DeviceAsyncCopyOp::create(b, l, token, o.smem, ValueRange{dst},
                                     o.view, ValueRange{srow, scol},
                                     b.getIndexAttr(8), n, b.getUnitAttr());
    b.setInsertionPointToStart(ifOp.elseBlock());
    Value zeroElem =
        arith::ConstantOp::create(b, l, in, b.getZeroAttr(in));
    for (int64_t e = 0; e < 8; ++e) {
      Value inside = ix.lt(ix.c(e), n);
      auto read = scf::IfOp::create(b, l, TypeRange{in}, inside, true);
      {
        OpBuilder::InsertionGuard g2(b);
        b.setInsertionPointToStart(read.thenBlock());
        Value v = memref::LoadOp::create(b, l, o.view,
                                         ValueRange{row, ix.add(col, e)});
        scf::YieldOp::create(b, l, v);
        b.setInsertionPointToStart(read.elseBlock());
        scf::YieldOp::create(b, l, zeroElem);
      }
      memref::StoreOp::create(b, l, read.getResult(0), o.smem,
                              ValueRange{ix.add(dst, e)});
    }
  }
}

Value MatmulEmitter::ldmatrix(Value smem, Value index, int64_t count) {
  return nvgpu::LdMatrixOp::create(b, l, VectorType::get({count, 2}, in),
                                   smem, ValueRange{index},
                                   /*transpose=*/false, count);
}

Fragments MatmulEmitter::loadFragments(Value stage, int64_t kk) {
  Fragments f;
  Value offA = ix.add(ix.mul(stage, bm * bk), fragA[kk]);
  Value offB = ix.add(ix.mul(stage, bn * bk), fragB[kk]);
  // Lane l gives row l%16 of each 16×16 A tile, k half l/16.
  for (int64_t i = 0; i < mt; ++i)
    f.a.push_back(fragmentRows(
        b, l, ldmatrix(a.smem, ix.add(offA, i * 16 * bk), 4)));
  // x4: matrices 0,1 are n tile j (two k halves), 2,3 n tile j+1.
  for (int64_t j = 0; j < nt; j += 2) {
    Value index = ix.add(offB, j * 8 * bk);
    if (j + 1 < nt) {
      SmallVector<Value> v = fragmentRows(b, l, ldmatrix(bOp.smem, index, 4));
      f.b.push_back({v[0], v[1]});
      f.b.push_back({v[2], v[3]});
    } else {
      f.b.push_back(fragmentRows(b, l, ldmatrix(bOp.smem, index, 2)));
    }
  }
  return f;
}

void MatmulEmitter::mma(const Fragments &f, SmallVector<Value> &acc) {
  for (int64_t i = 0; i < mt; ++i)
    for (int64_t j = 0; j < nt; ++j) {
      MutableArrayRef<Value> c(&acc[(i * nt + j) * 4], 4);
      SmallVector<Value> d = mmaSync(b, l, f.a[i], f.b[j], c);
      llvm::copy(d, c.begin());
    }
}

void MatmulEmitter::epilogue(ValueRange acc) {
  Value rows = memref::DimOp::create(b, l, z, 0);
  Value cols = memref::DimOp::create(b, l, z, 1);
  Value r0 = ix.add(warpRow, ix.div(lane, 4));
  Value c0 = ix.add(warpCol, ix.mul(ix.rem(lane, 4), 2));
  struct Element {
    Value r, c, v;
  };
  SmallVector<Element> elements;
  for (int64_t i = 0; i < mt; ++i)
    for (int64_t j = 0; j < nt; ++j)
      for (int64_t h = 0; h < 2; ++h)
        for (int64_t e = 0; e < 2; ++e)
          elements.push_back({ix.add(r0, i * rowStep + h * 8),
                              ix.add(c0, j * 8 + e),
                              acc[(i * nt + j) * 4 + h * 2 + e]});
  Block *region = op.getEpilogueBlock();
  Value offset, s0, s1;
  if (region) {
    auto meta = memref::ExtractStridedMetadataOp::create(b, l, z);
    offset = meta.getOffset();
    s0 = meta.getStrides()[0];
    s1 = meta.getStrides()[1];
  }
  Value whole = ix.andi(ix.eq(rows, ix.c(bm)), ix.eq(cols, ix.c(bn)));
  auto branch = scf::IfOp::create(b, l, whole, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  if (region) {
    // The region, once per element, with the product and the element's
    // linear position in z's buffer; z itself is neither read nor written.
    auto inline_ = [&](const Element &el) {
      IRMapping map;
      map.map(region->getArgument(0), el.v);
      Value rowPart = ix.mul(el.r, s0);
      Value colPart = ix.mul(el.c, s1);
      map.map(region->getArgument(1),
              ix.add(offset, ix.add(rowPart, colPart)));
      for (Operation &o : region->without_terminator())
        b.clone(o, map);
    };
    b.setInsertionPointToStart(branch.thenBlock());
    for (Element &el : elements)
      inline_(el);
    b.setInsertionPointToStart(branch.elseBlock());
    for (Element &el : elements)
      guarded(ix.andi(ix.lt(el.r, rows), ix.lt(el.c, cols)),
              [&] { inline_(el); });
    return;
  }
  b.setInsertionPointToStart(branch.thenBlock());
  SmallVector<Value> old;
  for (Element &el : elements)
    old.push_back(memref::LoadOp::create(b, l, z, ValueRange{el.r, el.c}));
  for (auto [el, o] : llvm::zip(elements, old))
    memref::StoreOp::create(b, l, arith::AddFOp::create(b, l, o, el.v), z,
                            ValueRange{el.r, el.c});
  b.setInsertionPointToStart(branch.elseBlock());
  for (Element &el : elements)
    guarded(ix.andi(ix.lt(el.r, rows), ix.lt(el.c, cols)), [&] {
      Value o = memref::LoadOp::create(b, l, z, ValueRange{el.r, el.c});
      memref::StoreOp::create(b, l, arith::AddFOp::create(b, l, o, el.v), z,
                              ValueRange{el.r, el.c});
    });
}

} // namespace mlir::layout::lowering::matmul

using mlir::layout::lowering::matmul::MatmulEmitter;

namespace {
struct LowerMatmul : OpConversionPattern<MatmulOp> {
  LowerMatmul(const TypeConverter &converter, MLIRContext *ctx, bool wgmma)
      : OpConversionPattern(converter, ctx), wgmma(wgmma) {}
  LogicalResult
  matchAndRewrite(MatmulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A kernel module that --neve-arch-variants made for sm_90a says so.
    bool hopper = wgmma;
    for (Operation *p = op->getParentOp(); p && !hopper; p = p->getParentOp())
      hopper = p->hasAttr("neve.wgmma");
    MatmulEmitter(op, rewriter, adaptor.getZ(), adaptor.getX(), adaptor.getY(),
                  hopper)
        .emit();
    rewriter.eraseOp(op);
    return success();
  }
  bool wgmma;
};
} // namespace

void mlir::layout::populateLowerMatmulPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns,
                                               bool wgmma) {
  patterns.add<LowerMatmul>(converter, patterns.getContext(), wgmma);
}
