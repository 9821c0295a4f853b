//===- LowerMatmulWgmma.cpp - layout.matmul on Hopper's wgmma -------------===//
//
// The warpgroup pipeline of the block-wide tiled product (MatmulEmitter,
// --lower-layouts="wgmma=true"): the cp.async stages that LowerMatmul.cpp
// fills are, for 32- and 64-wide bf16/f16 slices, exactly wgmma's 64- and
// 128-byte swizzled K-major layouts, so wgmma.mma_async reads them in place
// through shared-memory matrix descriptors. docs/layout-dialect.md, §6.
//
//===----------------------------------------------------------------------===//

#include "MatmulEmitter.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::layout;
using namespace mlir::layout::lowering;

namespace mlir::layout::lowering::matmul {

SmallVector<Value> MatmulEmitter::pipelineWgmma(bool masked) {
  this->masked = masked;
  MLIRContext *ctx = b.getContext();
  // Slices copied ahead: S-1, since the stage slice kt-1 read is free
  // once iteration kt-1 waited for its wgmma group. Leaving a group
  // running across iterations was measured slower
  // (bench/results/gemm-wgmma-variants.txt): as written first, ptxas
  // serialised every wgmma of the kernel (C7515: the loop-skipping path
  // copied the initial accumulators into the registers the running group
  // writes), 343 against 535 TFLOP/s at 4096^3; as a do-while with the
  // accumulators fenced after the last wait, without serialisation but
  // with a stage less to copy ahead, 477 against 539.
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

void MatmulEmitter::descriptorBases() {
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

} // namespace mlir::layout::lowering::matmul
