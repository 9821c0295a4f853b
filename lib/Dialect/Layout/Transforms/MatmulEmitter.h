//===- MatmulEmitter.h - Emitting the block-wide tiled product --*- C++ -*-===//
//
// The emitter of layout.matmul's expansion, shared by LowerMatmul.cpp (the
// cp.async staging, the ldmatrix/mma.sync pipeline, the epilogue: see its
// header comment) and LowerMatmulWgmma.cpp (the wgmma pipeline for
// Hopper).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_DIALECT_LAYOUT_TRANSFORMS_MATMULEMITTER_H
#define NEVE_DIALECT_LAYOUT_TRANSFORMS_MATMULEMITTER_H

#include "LoweringUtils.h"
#include "neve/Dialect/Layout/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::layout::lowering::matmul {

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
    wg = wgmma && op.lowersToWgmma();
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
  void emit();

private:
  /// The whole multi-stage loop; returns the accumulators.
  SmallVector<Value> pipeline(bool masked);

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
  SmallVector<Value> pipelineWgmma(bool masked);

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
  void descriptorBases();

  /// Waits until the oldest pending slice landed (S-2 younger groups may
  /// still be in flight) and makes it visible to the whole block.
  void sliceLanded();

  /// Iteration kt's copy of slice kt+S-1 into the stage slice kt-1 used,
  /// (stage - 1) mod S, and its commit group (empty past the last slice).
  /// The masked pipeline branches around it; the unmasked one issues it
  /// always, with a source size of 0 past the last slice (the copies then
  /// zero-fill a stage no later k step reads), so that the loop body stays
  /// one basic block. Its source column kFetch is an iteration value that
  /// stops at the last slice (the addresses stay inside) and that LLVM
  /// turns into one add per copy.
  void prefetch(Value kt, Value stage, Value kFetch);

  /// The copy of slice `next` into stage `write` and its commit group:
  /// masked, a branch around it past the last slice; unmasked, from column
  /// kFetch with a source size of 0 past the last slice.
  void copySlice(Value next, Value write, Value kFetch);

  /// The per-lane parts of the ldmatrix offsets within a stage, computed
  /// once: rows 16 apart share a swizzle key (it repeats every 8 rows).
  void fragmentOffsets();

  /// Thread, warp and lane of the block; refuses blocks of another size.
  void identity();

  void guarded(Value cond, llvm::function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(b, l, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  }

  /// Rows start on 16-byte boundaries: cp.async can copy them.
  Value alignedRows(Value view);

  /// The swizzled 16-byte chunk of (row, chunk) in a row of BK elements.
  Value swizzle(Value row, Value chunk);

  /// The element offset of (row, chunk) within a stage.
  Value rowOffset(Value row, Value chunk);

  /// Copies the slice of columns [k0, k0+BK) of X and Y into `stage`.
  /// Thread t copies chunks t, t+T, ...: rows t/C + i·T/C, chunk t%C.
  void loadSlice(Value k0, Value stage);

  void copyChunk(Operand &o, Value dst, Value row, Value col);

  Value ldmatrix(Value smem, Value index, int64_t count);

  /// The fragments of k step kk of the slice in `stage`: the lane's
  /// offsets (fragA/fragB, computed once) plus the stage's base and
  /// constant tile offsets.
  Fragments loadFragments(Value stage, int64_t kk);

  /// One k step's mma.sync; acc holds 4 floats per 16×8 tile.
  void mma(const Fragments &f, SmallVector<Value> &acc);

  /// Z[r, c] += acc inside Z's valid region (lane l holds rows l/4 and
  /// l/4+8, columns 2(l%4) and +1 of each 16×8 tile). A whole Z tile reads
  /// all its old values first, then adds and writes: the loads overlap
  /// instead of each waiting for the one before (a guarded
  /// read-add-write per element serialises ~128 global round trips).
  void epilogue(ValueRange acc);

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

} // namespace mlir::layout::lowering::matmul

#endif // NEVE_DIALECT_LAYOUT_TRANSFORMS_MATMULEMITTER_H
