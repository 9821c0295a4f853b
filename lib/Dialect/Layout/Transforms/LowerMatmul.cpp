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
//   epilogue   Z[r, c] += acc, masked by Z's valid region
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

#include "LoweringUtils.h"

#include "neve/Dialect/Layout/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::layout;
using namespace mlir::layout::lowering;

namespace {

/// Index arithmetic at one location.
struct Ix {
  OpBuilder &b;
  Location l;
  Value c(int64_t v) const { return cst(b, l, v); }
  Value add(Value x, Value y) const { return arith::AddIOp::create(b, l, x, y); }
  Value sub(Value x, Value y) const { return arith::SubIOp::create(b, l, x, y); }
  Value mul(Value x, Value y) const { return arith::MulIOp::create(b, l, x, y); }
  Value div(Value x, int64_t y) const {
    return arith::DivUIOp::create(b, l, x, c(y));
  }
  Value rem(Value x, int64_t y) const {
    return arith::RemUIOp::create(b, l, x, c(y));
  }
  Value add(Value x, int64_t y) const { return y ? add(x, c(y)) : x; }
  Value mul(Value x, int64_t y) const { return y == 1 ? x : mul(x, c(y)); }
  Value xori(Value x, Value y) const { return arith::XOrIOp::create(b, l, x, y); }
  Value lt(Value x, Value y) const {
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, x, y);
  }
  Value eq(Value x, Value y) const {
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, y);
  }
  Value min(Value x, Value y) const { return arith::MinSIOp::create(b, l, x, y); }
  Value max(Value x, Value y) const { return arith::MaxSIOp::create(b, l, x, y); }
  Value andi(Value x, Value y) const { return arith::AndIOp::create(b, l, x, y); }
  Value select(Value p, Value x, Value y) const {
    return arith::SelectOp::create(b, l, p, x, y);
  }
};

/// One operand's staging: its lowered view, valid rows, block rows and the
/// shared buffer of `stages` slices of rows×BK elements.
struct Operand {
  Value view, validRows, smem;
  int64_t rows;
};

/// One k step's fragments of a warp: per 16-row A tile its 4 rows, per
/// 8-column B tile its 2 (rows of two 16-bit values, one register each).
struct Fragments {
  SmallVector<SmallVector<Value>> a, b;

  void appendTo(SmallVector<Value> &values) const {
    for (const auto &rows : llvm::concat<const SmallVector<Value>>(a, b))
      llvm::append_range(values, rows);
  }
  static Fragments from(ValueRange values, int64_t mt, int64_t nt) {
    Fragments f;
    for (int64_t i = 0; i < mt; ++i, values = values.drop_front(4))
      f.a.emplace_back(values.take_front(4));
    for (int64_t j = 0; j < nt; ++j, values = values.drop_front(2))
      f.b.emplace_back(values.take_front(2));
    return f;
  }
};

class MatmulEmitter {
public:
  MatmulEmitter(MatmulOp op, OpBuilder &b, Value z, Value x, Value y,
                bool wgmma)
      : op(op), b(b), l(op.getLoc()), ix{b, l}, z(z), x(x), y(y) {
    bm = op.getBlockM();
    bn = op.getBlockN();
    bk = op.getBlockK();
    stages = op.getStages();
    wm = op.getWarpM();
    wn = op.getWarpN();
    warps = op.getNumWarps();
    threads = 32 * warps;
    mt = wm / 16;
    nt = wn / 8;
    chunks = bk / 8;
    in = llvm::cast<MemRefType>(x.getType()).getElementType();
    wg = wgmma && canUseWgmma(op);
    if (wg) {
      // one warpgroup: per 64-row half of the block tile one m64nBNk16
      // instruction per k step; warp w holds rows 16w..16w+15 of each half
      // and every column (wgmma's accumulator layout: 4 floats per 16×8
      // tile, as mma.sync's)
      mt = bm / 64;
      nt = bn / 8;
      rowStep = 64;
    }
  }

  /// The shapes the warpgroup path takes: one warpgroup of 128 threads
  /// (block tiles 128×128, 128×64, 64×128...), 32- or 64-wide k slices
  /// (64- or 128-byte swizzled rows, as wgmma's descriptors describe them),
  /// at least 3 stages, staging in dynamic shared memory (1 KiB aligned).
  static bool canUseWgmma(MatmulOp op) {
    int64_t m = op.getBlockM(), n = op.getBlockN();
    return op.getNumWarps() == 4 && (m == 64 || m == 128) &&
           (n == 64 || n == 128) && m * n / 128 <= 128 &&
           (op.getBlockK() == 32 || op.getBlockK() == 64) &&
           op.getStages() >= 3 && op.usesDynamicSmem();
  }

  void emit() {
    identity();
    Value kx = memref::DimOp::create(b, l, x, 1);
    Value ky = memref::DimOp::create(b, l, y, 1);
    k = ix.min(kx, ky);
    Value smemA, smemB;
    if (op.usesDynamicSmem()) {
      // The kernel's dynamic shared memory: A's stages, then B's. Another
      // product of the kernel may have used it: every thread is done.
      gpu::BarrierOp::create(b, l);
      auto wg = gpu::AddressSpaceAttr::get(b.getContext(),
                                           gpu::AddressSpace::Workgroup);
      Value dyn = gpu::DynamicSharedMemoryOp::create(
          b, l,
          MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                          MemRefLayoutAttrInterface(), wg));
      auto view = [&](int64_t offset, int64_t count) -> Value {
        return memref::ViewOp::create(
            b, l, MemRefType::get({count}, in, MemRefLayoutAttrInterface(), wg),
            dyn, ix.c(offset), ValueRange{});
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

private:
  /// The whole multi-stage loop; returns the accumulators.
  SmallVector<Value> pipeline(bool masked) {
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

  /// The warpgroup pipeline, D = S-1 slices copied ahead. Iteration kt
  /// waits for slice kt's copies (D-1 younger groups may be in flight),
  /// makes them visible to wgmma's async proxy (fence.proxy.async), syncs
  /// the block, starts the copy of slice kt+D into the stage slice kt-1
  /// used (its wgmma group is done: every thread waited for it before the
  /// barrier), then issues slice kt's wgmma group (per 16-wide k step one
  /// m64nBNk16 per 64-row half, A and B read from the swizzled stage
  /// through descriptors) and waits for it. Copies of later slices run
  /// under the tensor-core work; a second block on the SM (96 KiB of
  /// staging at the defaults) fills the gaps.
  SmallVector<Value> pipelineWgmma(bool masked) {
    this->masked = masked;
    MLIRContext *ctx = b.getContext();
    // Slices copied ahead: S-1, since the stage slice kt-1 read is free
    // once iteration kt-1 waited for its wgmma group. (Leaving a group
    // running across iterations was measured slower: the accumulators then
    // live across the loop's back edge while wgmma writes them, and ptxas
    // serialises every wgmma of the kernel, C7515; 343 against 535 TFLOP/s
    // at 4096^3, bench/results/gemm-wgmma-variants.txt.)
    int64_t d = stages - 1;
    for (int64_t s = 0; s < d; ++s) {
      guarded(ix.lt(ix.c(s), slices), [&] { loadSlice(ix.c(s * bk), ix.c(s)); });
      NVVM::CpAsyncCommitGroupOp::create(b, l);
    }
    Type f32 = b.getF32Type();
    auto accType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(nt * 4, f32));
    Value zero = arith::ConstantOp::create(b, l, b.getF32FloatAttr(0));
    Value acc0 = LLVM::PoisonOp::create(b, l, accType);
    for (int64_t e = 0; e < nt * 4; ++e)
      acc0 = LLVM::InsertValueOp::create(b, l, acc0, zero, e);
    SmallVector<Value> init(mt, acc0);
    if (!masked) // min(D, slices-1)·BK
      init.push_back(ix.mul(ix.min(ix.c(d), ix.sub(slices, ix.c(1))), bk));
    auto loop = scf::ForOp::create(b, l, ix.c(0), slices, ix.c(1), init);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kt = loop.getInductionVar();
      SmallVector<Value> acc(loop.getRegionIterArgs().take_front(mt));
      Value kFetch = masked ? Value() : loop.getRegionIterArgs().back();
      NVVM::CpAsyncWaitGroupOp::create(b, l, b.getI32IntegerAttr(d - 1));
      NVVM::FenceProxyOp::create(
          b, l, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
          NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
      gpu::BarrierOp::create(b, l);
      Value next = ix.add(kt, d);
      copySlice(next, ix.rem(next, stages), kFetch);
      Value stage = arith::IndexCastOp::create(b, l, b.getI64Type(),
                                               ix.rem(kt, stages));
      NVVM::WgmmaFenceAlignedOp::create(b, l);
      auto shape = NVVM::MMAShapeAttr::get(ctx, 64, bn, 16);
      auto type = NVVM::WGMMATypesAttr::get(
          ctx, in.isBF16() ? NVVM::WGMMATypes::bf16 : NVVM::WGMMATypes::f16);
      auto f32Type = NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32);
      auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
      auto accumulate =
          NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one);
      auto row = NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row);
      auto col = NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::col);
      // descriptor start addresses count 16-byte units
      int64_t bytes = in.getIntOrFloatBitWidth() / 8;
      Value stageA = i64Mul(stage, bm * bk * bytes / 16);
      Value stageB = i64Mul(stage, bn * bk * bytes / 16);
      for (int64_t kk = 0; kk < bk / 16; ++kk) {
        Value db = i64Add(i64Add(descB, stageB), kk * 32 / 16);
        for (int64_t h = 0; h < mt; ++h) {
          Value da = i64Add(i64Add(descA, stageA),
                            (h * 64 * bk * bytes + kk * 32) / 16);
          acc[h] = NVVM::WgmmaMmaAsyncOp::create(
              b, l, accType, acc[h], da, db, shape, type, type, f32Type,
              accumulate, one, one, row, col, NVVM::MMAIntOverflowAttr());
        }
      }
      NVVM::WgmmaGroupSyncAlignedOp::create(b, l);
      NVVM::WgmmaWaitGroupSyncOp::create(b, l, 0);
      SmallVector<Value> yield(acc);
      if (!masked) // min(kt+D+1, slices-1)·BK
        yield.push_back(ix.select(ix.lt(ix.add(next, 1), slices),
                                  ix.add(kFetch, bk), kFetch));
      scf::YieldOp::create(b, l, yield);
    }
    NVVM::WgmmaWaitGroupSyncOp::create(b, l, 0);
    NVVM::CpAsyncWaitGroupOp::create(b, l, b.getI32IntegerAttr(0));
    SmallVector<Value> out;
    for (int64_t i = 0; i < mt; ++i)
      for (int64_t e = 0; e < nt * 4; ++e)
        out.push_back(LLVM::ExtractValueOp::create(b, l, loop.getResult(i), e));
    return out;
  }

  Value i64Mul(Value v, int64_t c) {
    return arith::MulIOp::create(
        b, l, v, arith::ConstantOp::create(b, l, b.getI64IntegerAttr(c)));
  }
  Value i64Add(Value v, int64_t c) {
    return c == 0 ? v
                  : arith::AddIOp::create(
                        b, l, v,
                        arith::ConstantOp::create(b, l, b.getI64IntegerAttr(c)));
  }
  Value i64Add(Value v, Value w) { return arith::AddIOp::create(b, l, v, w); }

  /// wgmma's shared-memory matrix descriptors of stage 0 of A and B: the
  /// start address (bits 0-13, in 16-byte units), the leading-dimension
  /// offset (unused by swizzled K-major layouts: 1), the stride between
  /// 8-row groups (bits 32-45: 8 rows of BK elements) and the swizzle mode
  /// (bits 62-63: 1 for 128-byte rows, 2 for 64-byte rows), which is the
  /// XOR of the 16-byte chunk with the row that loadSlice stores. The
  /// staging must start 1 KiB aligned (the swizzle repeats every 8 rows of
  /// 128 bytes); a kernel whose dynamic shared memory does not is stopped.
  void descriptorBases() {
    int64_t rowBytes = bk * in.getIntOrFloatBitWidth() / 8;
    int64_t mode = rowBytes == 128 ? 1 : 2;
    int64_t fixed = (int64_t(1) << 16) | ((8 * rowBytes / 16) << 32) |
                    (mode << 62);
    auto base = [&](Value smem) -> Value {
      Value addr = memref::ExtractAlignedPointerAsIndexOp::create(b, l, smem);
      Value a64 = arith::IndexCastOp::create(b, l, b.getI64Type(), addr);
      guarded(arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::ne,
                  arith::AndIOp::create(
                      b, l, a64,
                      arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1023))),
                  arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0))),
              [&] { LLVM::Trap::create(b, l); });
      Value field = arith::ShRUIOp::create(
          b, l,
          arith::AndIOp::create(
              b, l, a64,
              arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0x3FFFF))),
          arith::ConstantOp::create(b, l, b.getI64IntegerAttr(4)));
      return arith::OrIOp::create(
          b, l, field,
          arith::ConstantOp::create(b, l, b.getI64IntegerAttr(fixed)));
    };
    descA = base(a.smem);
    descB = base(bOp.smem);
  }

  /// Waits until the oldest pending slice landed (S-2 younger groups may
  /// still be in flight) and makes it visible to the whole block.
  void sliceLanded() {
    NVVM::CpAsyncWaitGroupOp::create(b, l, b.getI32IntegerAttr(stages - 2));
    gpu::BarrierOp::create(b, l);
  }

  /// Iteration kt's copy of slice kt+S-1 into the stage slice kt-1 used,
  /// (stage - 1) mod S, and its commit group (empty past the last slice).
  /// The masked pipeline branches around it; the unmasked one issues it
  /// always, with a source size of 0 past the last slice (the copies then
  /// zero-fill a stage no later k step reads), so that the loop body stays
  /// one basic block. Its source column kFetch is an iteration value that
  /// stops at the last slice (the addresses stay inside) and that LLVM
  /// turns into one add per copy.
  void prefetch(Value kt, Value stage, Value kFetch) {
    Value next = ix.add(kt, stages - 1);
    Value write = ix.select(ix.eq(stage, ix.c(0)), ix.c(stages - 1),
                            ix.sub(stage, ix.c(1)));
    copySlice(next, write, kFetch);
  }

  /// The copy of slice `next` into stage `write` and its commit group:
  /// masked, a branch around it past the last slice; unmasked, from column
  /// kFetch with a source size of 0 past the last slice.
  void copySlice(Value next, Value write, Value kFetch) {
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

  /// The per-lane parts of the ldmatrix offsets within a stage, computed
  /// once: rows 16 apart share a swizzle key (it repeats every 8 rows).
  void fragmentOffsets() {
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

  /// Thread, warp and lane of the block; refuses blocks of another size.
  void identity() {
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

  void guarded(Value cond, llvm::function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(b, l, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  }

  /// Rows start on 16-byte boundaries: cp.async can copy them.
  Value alignedRows(Value view) {
    auto meta = memref::ExtractStridedMetadataOp::create(b, l, view);
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, l, view);
    Value bytes = ix.add(base, ix.mul(meta.getOffset(), 2));
    Value zero = ix.c(0);
    return ix.andi(ix.eq(ix.rem(bytes, 16), zero),
                   ix.eq(ix.rem(meta.getStrides()[0], 8), zero));
  }

  /// The swizzled 16-byte chunk of (row, chunk) in a row of BK elements.
  Value swizzle(Value row, Value chunk) {
    Value key = chunks >= 8 ? ix.rem(row, 8)
                            : ix.rem(ix.div(row, 8 / chunks), chunks);
    return ix.xori(chunk, key);
  }

  /// The element offset of (row, chunk) within a stage.
  Value rowOffset(Value row, Value chunk) {
    return ix.add(ix.mul(row, bk), ix.mul(swizzle(row, chunk), 8));
  }

  /// Copies the slice of columns [k0, k0+BK) of X and Y into `stage`.
  /// Thread t copies chunks t, t+T, ...: rows t/C + i·T/C, chunk t%C.
  void loadSlice(Value k0, Value stage) {
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

  void copyChunk(Operand &o, Value dst, Value row, Value col) {
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

  Value ldmatrix(Value smem, Value index, int64_t count) {
    return nvgpu::LdMatrixOp::create(b, l, VectorType::get({count, 2}, in),
                                     smem, ValueRange{index},
                                     /*transpose=*/false, count);
  }

  /// The fragments of k step kk of the slice in `stage`: the lane's
  /// offsets (fragA/fragB, computed once) plus the stage's base and
  /// constant tile offsets.
  Fragments loadFragments(Value stage, int64_t kk) {
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

  /// One k step's mma.sync; acc holds 4 floats per 16×8 tile.
  void mma(const Fragments &f, SmallVector<Value> &acc) {
    for (int64_t i = 0; i < mt; ++i)
      for (int64_t j = 0; j < nt; ++j) {
        MutableArrayRef<Value> c(&acc[(i * nt + j) * 4], 4);
        SmallVector<Value> d = mmaSync(b, l, f.a[i], f.b[j], c);
        llvm::copy(d, c.begin());
      }
  }

  /// Z[r, c] += acc inside Z's valid region (lane l holds rows l/4 and
  /// l/4+8, columns 2(l%4) and +1 of each 16×8 tile). A whole Z tile reads
  /// all its old values first, then adds and writes: the loads overlap
  /// instead of each waiting for the one before (a guarded
  /// read-add-write per element serialises ~128 global round trips).
  void epilogue(ValueRange acc) {
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
    Value whole = ix.andi(ix.eq(rows, ix.c(bm)), ix.eq(cols, ix.c(bn)));
    auto branch = scf::IfOp::create(b, l, whole, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
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

  MatmulOp op;
  OpBuilder &b;
  Location l;
  Ix ix;
  Value z, x, y;
  int64_t bm, bn, bk, stages, wm, wn, warps, threads, mt, nt, chunks;
  /// The warpgroup (wgmma) path; the rows between accumulator tiles i and
  /// i+1 (16 for mma.sync's warp tiles, 64 for wgmma's halves).
  bool wg = false;
  int64_t rowStep = 16;

  /// wgmma: the descriptors of stage 0's A and B (start address field
  /// included), i64.
  Value descA, descB;
  Type in;
  Value tid, warp, lane, warpRow, warpCol, k, aligned, slices;
  Operand a, bOp;
  /// Whether the pipeline being emitted masks its copies.
  bool masked = true;
  /// The unmasked pipeline's source element count for the copies being
  /// emitted (8, or 0 past the last slice); none in its prologue.
  Value fill;
  /// Per k step: this lane's ldmatrix offsets within a stage.
  SmallVector<Value> fragA, fragB;
};

struct LowerMatmul : OpConversionPattern<MatmulOp> {
  LowerMatmul(const TypeConverter &converter, MLIRContext *ctx, bool wgmma)
      : OpConversionPattern(converter, ctx), wgmma(wgmma) {}
  LogicalResult
  matchAndRewrite(MatmulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MatmulEmitter(op, rewriter, adaptor.getZ(), adaptor.getX(), adaptor.getY(),
                  wgmma)
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
