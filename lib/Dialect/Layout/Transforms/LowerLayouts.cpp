//===- LowerLayouts.cpp - layout → memref/vector/nvgpu (--lower-layouts) --===//
//
// Views become strided memrefs whose sizes are the valid extents
// (LoweringUtils.h); the §8.4 primitives become nvgpu/nvvm ops on them.
// The block-wide matrix product is expanded by LowerMatmul.cpp in the same
// conversion.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "neve/Dialect/Layout/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::layout {
#define GEN_PASS_DEF_LOWERLAYOUTSPASS
#include "neve/Dialect/Layout/Transforms/Passes.h.inc"
} // namespace mlir::layout

using namespace mlir;
using namespace mlir::layout;
using namespace mlir::layout::lowering;

void mlir::layout::populateLayoutTypeConversion(TypeConverter &converter) {
  converter.addConversion([](Type t) { return t; });
  converter.addConversion([](ViewType t) -> Type { return loweredType(t); });
}

namespace {

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

/// A dense row-major view of a pointer: the memref descriptor built from
/// the pointer, the extents and their suffix products.
struct LowerView : OpConversionPattern<ViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    ViewType t = op.getType();
    int64_t rank = t.getRank();
    MLIRContext *ctx = op.getContext();
    Type i64 = rewriter.getI64Type();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto arr = LLVM::LLVMArrayType::get(i64, rank);
    auto desc = LLVM::LLVMStructType::getLiteral(ctx, {ptr, ptr, i64, arr, arr});
    SmallVector<Value> extents;
    unsigned next = 0;
    for (int64_t d : t.getShape())
      extents.push_back(ShapedType::isDynamic(d)
                            ? Value(arith::IndexCastOp::create(
                                  rewriter, l, i64, adaptor.getExtents()[next++]))
                            : Value(LLVM::ConstantOp::create(rewriter, l, i64, d)));
    Value base = adaptor.getBase();
    if (base.getType() != ptr)
      base = LLVM::AddrSpaceCastOp::create(rewriter, l, ptr, base);
    Value d = LLVM::PoisonOp::create(rewriter, l, desc);
    d = LLVM::InsertValueOp::create(rewriter, l, d, base, ArrayRef<int64_t>{0});
    d = LLVM::InsertValueOp::create(rewriter, l, d, base, ArrayRef<int64_t>{1});
    d = LLVM::InsertValueOp::create(rewriter, l, d,
                                    LLVM::ConstantOp::create(rewriter, l, i64, 0),
                                    ArrayRef<int64_t>{2});
    Value stride = LLVM::ConstantOp::create(rewriter, l, i64, 1);
    for (int64_t j = rank - 1; j >= 0; --j) {
      d = LLVM::InsertValueOp::create(rewriter, l, d, extents[j],
                                      ArrayRef<int64_t>{3, j});
      d = LLVM::InsertValueOp::create(rewriter, l, d, stride,
                                      ArrayRef<int64_t>{4, j});
      if (j > 0)
        stride = LLVM::MulOp::create(rewriter, l, stride, extents[j]);
    }
    rewriter.replaceOpWithNewOp<UnrealizedConversionCastOp>(
        op, TypeRange{loweredType(t)}, d);
    return success();
  }
};

/// A static row-major view of a 1-D buffer.
Value shapeBuffer(OpBuilder &b, Location l, Value flat, ViewType t) {
  SmallVector<OpFoldResult> sizes, strides(t.getRank());
  int64_t stride = 1;
  for (int64_t j = t.getRank() - 1; j >= 0; --j) {
    strides[j] = b.getIndexAttr(stride);
    stride *= t.getShape()[j];
  }
  for (int64_t d : t.getShape())
    sizes.push_back(b.getIndexAttr(d));
  auto flatType = llvm::cast<MemRefType>(flat.getType());
  SmallVector<int64_t> staticStrides;
  for (OpFoldResult s : strides)
    staticStrides.push_back(*getConstantIntValue(s));
  auto shaped = MemRefType::get(
      t.getShape(), t.getElementType(),
      StridedLayoutAttr::get(b.getContext(), 0, staticStrides),
      flatType.getMemorySpace());
  Value v = memref::ReinterpretCastOp::create(b, l, shaped, flat,
                                              b.getIndexAttr(0), sizes, strides);
  return castTo(b, l, v, loweredType(t));
}

struct LowerSmem : OpConversionPattern<SmemOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SmemOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ViewType t = op.getType();
    Location l = op.getLoc();
    int64_t count = ShapedType::getNumElements(t.getShape());
    Value flat;
    if (std::optional<int64_t> offset = op.getDynamicOffset()) {
      // A view of the kernel's dynamic shared memory (the kernel's layouts
      // exceed static shared memory, --neve-outline-kernels). Its start
      // must have the layout's alignment: a block whose dynamic shared
      // memory does not is stopped rather than computing with misplaced
      // swizzles.
      flat = dynamicSharedBuffer(rewriter, l, t.getElementType(),
                                 cst(rewriter, l, *offset), count);
      if (op.getAlignment() > 16) {
        Value addr =
            memref::ExtractAlignedPointerAsIndexOp::create(rewriter, l, flat);
        Value misplaced = arith::CmpIOp::create(
            rewriter, l, arith::CmpIPredicate::ne,
            arith::RemUIOp::create(rewriter, l, addr,
                                   cst(rewriter, l, op.getAlignment())),
            cst(rewriter, l, 0));
        auto guard = scf::IfOp::create(rewriter, l, misplaced);
        OpBuilder::InsertionGuard g(rewriter);
        rewriter.setInsertionPointToStart(guard.thenBlock());
        LLVM::Trap::create(rewriter, l);
      }
    } else {
      flat = sharedBuffer(rewriter, op, t.getElementType(), count,
                          "__layout_smem", op.getAlignment());
    }
    rewriter.replaceOp(op, shapeBuffer(rewriter, l, flat, t));
    return success();
  }
};

/// Storage in the function's entry block (loops do not grow the stack),
/// zeroed where the op runs (§8.5.2).
struct LowerReg : OpConversionPattern<RegOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RegOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    ViewType t = op.getType();
    int64_t count = ShapedType::getNumElements(t.getShape());
    auto flatType = MemRefType::get({count}, t.getElementType());
    Value flat;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      auto fn = op->getParentOfType<FunctionOpInterface>();
      if (fn)
        rewriter.setInsertionPointToStart(&fn.getFunctionBody().front());
      flat = memref::AllocaOp::create(rewriter, l, flatType,
                                      rewriter.getI64IntegerAttr(16));
    }
    Type e = t.getElementType();
    Value zero = arith::ConstantOp::create(rewriter, l, e,
                                           rewriter.getZeroAttr(e));
    if (count <= 256) {
      for (int64_t i = 0; i < count; ++i)
        memref::StoreOp::create(rewriter, l, zero, flat,
                                ValueRange{cst(rewriter, l, i)});
    } else {
      auto loop = scf::ForOp::create(rewriter, l, cst(rewriter, l, 0),
                                     cst(rewriter, l, count),
                                     cst(rewriter, l, 1));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      memref::StoreOp::create(rewriter, l, zero, flat,
                              ValueRange{loop.getInductionVar()});
    }
    rewriter.replaceOp(op, shapeBuffer(rewriter, l, flat, t));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

/// A subview at c·t of extents clipped to the source: max(0, min(t, d - o)).
struct LowerTile : OpConversionPattern<TileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    int64_t rank = op.getType().getRank();
    Value src = mergeTrailing(rewriter, l, adaptor.getSource(), rank);
    SmallVector<OpFoldResult> offsets, sizes,
        strides(rank, rewriter.getIndexAttr(1));
    unsigned next = 0;
    Value zero = cst(rewriter, l, 0);
    for (int64_t j = 0; j < rank; ++j) {
      int64_t s = op.getStaticSizes()[j];
      Value size = ShapedType::isDynamic(s) ? adaptor.getSizes()[next++]
                                            : cst(rewriter, l, s);
      Value offset =
          arith::MulIOp::create(rewriter, l, adaptor.getCoords()[j], size);
      Value dim = memref::DimOp::create(rewriter, l, src, j);
      Value left = arith::SubIOp::create(rewriter, l, dim, offset);
      Value valid = arith::MaxSIOp::create(
          rewriter, l, zero, arith::MinSIOp::create(rewriter, l, size, left));
      offsets.push_back(offset);
      sizes.push_back(valid);
    }
    Value tile = memref::SubViewOp::create(rewriter, l, src, offsets, sizes,
                                           strides);
    rewriter.replaceOp(op, castTo(rewriter, l, tile, loweredType(op.getType())));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

/// A static extent is a constant; a run-time one the valid extent.
struct LowerDim : OpConversionPattern<DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t d = llvm::cast<ViewType>(op.getView().getType())
                    .getShape()[op.getDim()];
    if (!ShapedType::isDynamic(d)) {
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, d);
      return success();
    }
    rewriter.replaceOpWithNewOp<memref::DimOp>(op, adaptor.getView(),
                                               (int64_t)op.getDim());
    return success();
  }
};

struct LowerLoad : OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value v = mergeTrailing(rewriter, op.getLoc(), adaptor.getView(),
                            op.getIndices().size());
    rewriter.replaceOpWithNewOp<memref::LoadOp>(op, v, adaptor.getIndices());
    return success();
  }
};

struct LowerStore : OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value v = mergeTrailing(rewriter, op.getLoc(), adaptor.getView(),
                            op.getIndices().size());
    rewriter.replaceOpWithNewOp<memref::StoreOp>(op, adaptor.getValue(), v,
                                                 adaptor.getIndices());
    return success();
  }
};

/// The aligned base pointer plus the element's linear offset; a shared
/// address is cast to the generic space the intrinsics and `T[]` take.
struct LowerAddr : OpConversionPattern<AddrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    ViewType t = llvm::cast<ViewType>(op.getView().getType());
    Value flat = consecutive(rewriter, l, adaptor.getView(),
                             adaptor.getIndices(), 1);
    auto meta = memref::ExtractStridedMetadataOp::create(rewriter, l, flat);
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, l, flat);
    Type i64 = rewriter.getI64Type();
    unsigned as = t.getSpace() == MemorySpace::shared ? 3 : 0;
    auto spacePtr = LLVM::LLVMPointerType::get(op.getContext(), as);
    Value p = LLVM::IntToPtrOp::create(
        rewriter, l, spacePtr,
        Value(arith::IndexCastOp::create(rewriter, l, i64, base)));
    p = LLVM::GEPOp::create(
        rewriter, l, spacePtr, t.getElementType(), p,
        ValueRange{arith::IndexCastOp::create(rewriter, l, i64,
                                              meta.getOffset())});
    if (as != 0)
      p = LLVM::AddrSpaceCastOp::create(
          rewriter, l, LLVM::LLVMPointerType::get(op.getContext()), p);
    rewriter.replaceOp(op, p);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

struct LowerCpAsync16 : OpConversionPattern<CpAsync16Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpAsync16Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    ViewType t = llvm::cast<ViewType>(op.getDst().getType());
    Value dst = mergeTrailing(rewriter, l, adaptor.getDst(),
                              op.getDstIndices().size());
    Value src = mergeTrailing(rewriter, l, adaptor.getSrc(),
                              op.getSrcIndices().size());
    nvgpu::DeviceAsyncCopyOp::create(
        rewriter, l, nvgpu::DeviceAsyncTokenType::get(op.getContext()), dst,
        adaptor.getDstIndices(), src, adaptor.getSrcIndices(),
        rewriter.getIndexAttr(16 / t.getElementBytes()),
        adaptor.getValidElements(), rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerCommit : OpConversionPattern<CpCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct LowerWait : OpConversionPattern<CpWaitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpWaitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(
        op, rewriter.getI32IntegerAttr(op.getPending()));
    return success();
  }
};

/// Reads `count` 32-bit fragment elements as i32s.
/// Reads `count` fragment registers as i32s: 32-bit elements one each,
/// 16-bit elements two each.
SmallVector<Value> readFragment(OpBuilder &b, Location l, Value memref,
                                ValueRange indices, int64_t count) {
  Type e = llvm::cast<MemRefType>(memref.getType()).getElementType();
  int64_t per = e.getIntOrFloatBitWidth() == 16 ? 2 : 1;
  Value flat = consecutive(b, l, memref, indices, count * per);
  SmallVector<Value> words;
  for (int64_t i = 0; i < count; ++i) {
    if (per == 2) {
      SmallVector<Value> halves;
      for (int64_t h = 0; h < 2; ++h)
        halves.push_back(memref::LoadOp::create(b, l, flat,
                                                ValueRange{cst(b, l, 2 * i + h)}));
      words.push_back(rowToWord(
          b, l,
          vector::FromElementsOp::create(b, l, VectorType::get({2}, e), halves)));
      continue;
    }
    Value w = memref::LoadOp::create(b, l, flat, ValueRange{cst(b, l, i)});
    if (!w.getType().isInteger(32))
      w = arith::BitcastOp::create(b, l, b.getI32Type(), w);
    words.push_back(w);
  }
  return words;
}

void writeFragment(OpBuilder &b, Location l, Value memref, ValueRange indices,
                   ArrayRef<Value> words) {
  Type e = llvm::cast<MemRefType>(memref.getType()).getElementType();
  int64_t per = e.getIntOrFloatBitWidth() == 16 ? 2 : 1;
  Value flat = consecutive(b, l, memref, indices, words.size() * per);
  for (auto [i, w] : llvm::enumerate(words)) {
    if (per == 2) {
      Value row = wordToRow(b, l, w, e);
      for (int64_t h = 0; h < 2; ++h)
        memref::StoreOp::create(
            b, l, vector::ExtractOp::create(b, l, row, ArrayRef<int64_t>{h}),
            flat, ValueRange{cst(b, l, 2 * (int64_t)i + h)});
      continue;
    }
    Value v = w.getType() == e ? w : arith::BitcastOp::create(b, l, e, w);
    memref::StoreOp::create(b, l, v, flat, ValueRange{cst(b, l, i)});
  }
}

struct LowerLdMatrix : OpConversionPattern<LdMatrixOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LdMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    ViewType st = llvm::cast<ViewType>(op.getSrc().getType());
    int64_t n = op.getCount();
    Value src = mergeTrailing(rewriter, l, adaptor.getSrc(),
                              op.getSrcIndices().size());
    Value frag = nvgpu::LdMatrixOp::create(
        rewriter, l, VectorType::get({n, 2}, st.getElementType()), src,
        adaptor.getSrcIndices(), op.getTranspose(), n);
    SmallVector<Value> words;
    for (Value row : fragmentRows(rewriter, l, frag))
      words.push_back(rowToWord(rewriter, l, row));
    writeFragment(rewriter, l, adaptor.getDst(), adaptor.getDstIndices(),
                  words);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerMma : OpConversionPattern<MmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location l = op.getLoc();
    Type in = op.getInputType();
    auto rows = [&](Value view, ValueRange indices, int64_t n) {
      SmallVector<Value> out;
      for (Value w : readFragment(rewriter, l, view, indices, n))
        out.push_back(wordToRow(rewriter, l, w, in));
      return out;
    };
    SmallVector<Value> a = rows(adaptor.getA(), adaptor.getAIndices(), 4);
    SmallVector<Value> bf = rows(adaptor.getB(), adaptor.getBIndices(), 2);
    Value dflat = consecutive(rewriter, l, adaptor.getD(), adaptor.getDIndices(),
                              4);
    SmallVector<Value> acc;
    for (int64_t i = 0; i < 4; ++i)
      acc.push_back(memref::LoadOp::create(rewriter, l, dflat,
                                           ValueRange{cst(rewriter, l, i)}));
    SmallVector<Value> d = mmaSync(rewriter, l, a, bf, acc);
    for (int64_t i = 0; i < 4; ++i)
      memref::StoreOp::create(rewriter, l, d[i], dflat,
                              ValueRange{cst(rewriter, l, i)});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerLayoutsPass
    : layout::impl::LowerLayoutsPassBase<LowerLayoutsPass> {
  using LowerLayoutsPassBase::LowerLayoutsPassBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    populateLayoutTypeConversion(converter);
    auto materialize = [](OpBuilder &b, Type t, ValueRange inputs,
                          Location l) -> Value {
      return UnrealizedConversionCastOp::create(b, l, t, inputs).getResult(0);
    };
    converter.addSourceMaterialization(materialize);
    converter.addTargetMaterialization(materialize);

    ConversionTarget target(*ctx);
    target.addIllegalDialect<LayoutDialect>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto fn = dyn_cast<FunctionOpInterface>(op))
        return converter.isSignatureLegal(
                   llvm::cast<FunctionType>(fn.getFunctionType())) &&
               converter.isLegal(&fn.getFunctionBody());
      return converter.isLegal(op);
    });

    RewritePatternSet patterns(ctx);
    populateLowerLayoutPatterns(converter, patterns);
    populateLowerMatmulPatterns(converter, patterns, wgmma);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::layout::populateLowerLayoutPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<LowerView, LowerSmem, LowerReg, LowerTile, LowerDim, LowerLoad,
               LowerStore, LowerAddr, LowerCpAsync16, LowerCommit, LowerWait,
               LowerLdMatrix, LowerMma>(converter, patterns.getContext());
}
