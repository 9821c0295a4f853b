//===- LayoutOps.cpp - Verifiers and folders of the layout dialect --------===//

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::layout;

#define GET_OP_CLASSES
#include "neve/Dialect/Layout/IR/LayoutOps.cpp.inc"

namespace {
ViewType viewOf(Value v) { return llvm::cast<ViewType>(v.getType()); }

/// Element coordinates: between one and rank of them (§8.5.3 merges the
/// trailing dimensions of a shorter list).
LogicalResult verifyIndices(Operation *op, StringRef what, ViewType view,
                            ValueRange indices) {
  if (indices.empty() || (int64_t)indices.size() > view.getRank())
    return op->emitOpError() << what << " takes 1 to " << view.getRank()
                             << " coordinates for a rank-" << view.getRank()
                             << " layout, not " << indices.size();
  return success();
}

LogicalResult verifySpace(Operation *op, StringRef what, ViewType view,
                          MemorySpace space) {
  if (view.getSpace() != space)
    return op->emitOpError()
           << what << " must be a " << stringifyMemorySpace(space)
           << " layout, not " << stringifyMemorySpace(view.getSpace());
  return success();
}

/// A fragment register element: a 32-bit one (int or float) holding two
/// 16-bit values, or the 16-bit values themselves (bf16, half), two per
/// register.
bool isFragmentElement(Type t) {
  return t.isInteger(32) || t.isF32() || t.isBF16() || t.isF16();
}
/// A fragment operand consumes `registers` 32-bit registers (twice as many
/// 16-bit elements) from its coordinates on: with constant coordinates
/// into a view of constant extents, they must lie within it (§8.5.5).
LogicalResult verifyFragmentFits(Operation *op, StringRef what, ViewType view,
                                 ValueRange indices, int64_t registers) {
  if (!view.hasStaticShape())
    return success();
  int64_t per = view.getElementType().getIntOrFloatBitWidth() == 16 ? 2 : 1;
  int64_t need = registers * per;
  // The shape with trailing dimensions merged to the coordinates' count.
  SmallVector<int64_t> merged(view.getShape().take_front(indices.size()));
  for (int64_t d : view.getShape().drop_front(indices.size()))
    merged.back() *= d;
  int64_t linear = 0;
  for (auto [i, d] : llvm::zip(indices, merged)) {
    std::optional<int64_t> c = getConstantIntValue(i);
    if (!c)
      return success();
    linear = linear * d + *c;
  }
  ArrayRef<int64_t> shape = view.getShape();
  int64_t total = ShapedType::getNumElements(shape);
  if (linear < 0 || linear + need > total)
    return op->emitOpError()
           << what << " needs " << need << " consecutive "
           << view.getElementType() << " elements from element " << linear
           << ", but the layout has " << total;
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  ViewType t = getType();
  if (t.getSpace() != MemorySpace::global)
    return emitOpError("views a pointer as a global layout, not ")
           << stringifyMemorySpace(t.getSpace());
  if ((int64_t)getExtents().size() != t.getNumDynamicDims())
    return emitOpError("needs one extent operand per '?' of the type (")
           << t.getNumDynamicDims() << "), got " << getExtents().size();
  return success();
}

LogicalResult SmemOp::verify() {
  ViewType t = getType();
  if (failed(verifySpace(*this, "the result", t, MemorySpace::shared)))
    return failure();
  if (!t.hasStaticShape())
    return emitOpError("smem layouts have constant extents (§8.5.2)");
  return success();
}

LogicalResult RegOp::verify() {
  ViewType t = getType();
  if (failed(verifySpace(*this, "the result", t, MemorySpace::reg)))
    return failure();
  if (!t.hasStaticShape())
    return emitOpError("register layouts have constant extents (§8.5.2)");
  return success();
}

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

SmallVector<OpFoldResult> TileOp::getMixedSizes() {
  return getMixedValues(getStaticSizes(), getSizes(), getContext());
}

LogicalResult TileOp::verify() {
  ViewType src = viewOf(getSource()), res = getType();
  ArrayRef<int64_t> sizes = getStaticSizes();
  if (sizes.empty() || (int64_t)sizes.size() > src.getRank())
    return emitOpError("a tile of a rank-")
           << src.getRank() << " layout has 1 to " << src.getRank()
           << " extents, not " << sizes.size();
  if (getCoords().size() != sizes.size())
    return emitOpError("needs one tile coordinate per tile extent (")
           << sizes.size() << "), got " << getCoords().size();
  if ((int64_t)getSizes().size() !=
      llvm::count_if(sizes, ShapedType::isDynamic))
    return emitOpError("needs one size operand per '?' tile extent");
  for (int64_t s : sizes)
    if (!ShapedType::isDynamic(s) && s <= 0)
      return emitOpError("tile extents are positive, not ") << s;
  if (res.getShape() != sizes || res.getElementType() != src.getElementType() ||
      res.getSpace() != src.getSpace())
    return emitOpError("result type must be ")
           << src.withShape(sizes) << ", not " << res;
  return success();
}

OpFoldResult TileOp::fold(FoldAdaptor adaptor) {
  // The one tile that is the whole view: same static shape, at (0, ...).
  ViewType src = viewOf(getSource());
  if (src != getType() || !src.hasStaticShape())
    return {};
  for (Attribute c : adaptor.getCoords()) {
    auto i = llvm::dyn_cast_if_present<IntegerAttr>(c);
    if (!i || i.getInt() != 0)
      return {};
  }
  return getSource();
}

namespace {
/// Constant tile sizes become static: `layout.tile %v[%c16, 8]` is
/// `layout.tile %v[16, 8]`, when every user accepts any view type.
struct StaticTileSizes : OpRewritePattern<TileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TileOp op,
                                PatternRewriter &rewriter) const override {
    for (Operation *user : op->getUsers())
      if (user->getDialect() != op->getDialect())
        return failure();
    SmallVector<int64_t> sizes(op.getStaticSizes());
    SmallVector<Value> dynamic;
    bool changed = false;
    unsigned next = 0;
    for (int64_t &s : sizes) {
      if (!ShapedType::isDynamic(s))
        continue;
      Value v = op.getSizes()[next++];
      std::optional<int64_t> c = getConstantIntValue(v);
      if (c && *c > 0) {
        s = *c;
        changed = true;
      } else {
        dynamic.push_back(v);
      }
    }
    if (!changed)
      return failure();
    ViewType type = op.getType().withShape(sizes);
    rewriter.modifyOpInPlace(op, [&] {
      op.getSizesMutable().assign(dynamic);
      op.setStaticSizes(sizes);
      op.getResult().setType(type);
    });
    return success();
  }
};
} // namespace

void TileOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<StaticTileSizes>(context);
}

LogicalResult DimOp::verify() {
  ViewType t = viewOf(getView());
  int64_t dim = static_cast<int64_t>(getDim());
  if (dim < 0 || dim >= t.getRank())
    return emitOpError("dimension ") << dim << " of a rank-" << t.getRank()
                                     << " layout";
  return success();
}

OpFoldResult DimOp::fold(FoldAdaptor) {
  int64_t d = viewOf(getView()).getShape()[getDim()];
  if (ShapedType::isDynamic(d))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), d);
}

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

LogicalResult LoadOp::verify() {
  return verifyIndices(*this, "an element read", viewOf(getView()),
                       getIndices());
}

LogicalResult StoreOp::verify() {
  return verifyIndices(*this, "an element write", viewOf(getView()),
                       getIndices());
}

LogicalResult AddrOp::verify() {
  return verifyIndices(*this, "an element address", viewOf(getView()),
                       getIndices());
}

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

LogicalResult CpAsync16Op::verify() {
  ViewType dst = viewOf(getDst()), src = viewOf(getSrc());
  if (failed(verifySpace(*this, "the destination of cp_async16", dst,
                         MemorySpace::shared)) ||
      failed(verifySpace(*this, "the source of cp_async16", src,
                         MemorySpace::global)) ||
      failed(verifyIndices(*this, "the destination", dst, getDstIndices())) ||
      failed(verifyIndices(*this, "the source", src, getSrcIndices())))
    return failure();
  if (dst.getElementType() != src.getElementType())
    return emitOpError("copies between layouts of one element type, not ")
           << src.getElementType() << " to " << dst.getElementType();
  if (16 % dst.getElementBytes() != 0)
    return emitOpError("copies 16 bytes, which is not a whole number of ")
           << dst.getElementType() << " elements";
  return success();
}

LogicalResult LdMatrixOp::verify() {
  ViewType dst = viewOf(getDst()), src = viewOf(getSrc());
  if (getCount() != 1 && getCount() != 2 && getCount() != 4)
    return emitOpError("loads 1, 2 or 4 matrices, not ") << getCount();
  if (failed(verifySpace(*this, "the source of ldmatrix", src,
                         MemorySpace::shared)) ||
      failed(verifySpace(*this, "the fragment of ldmatrix", dst,
                         MemorySpace::reg)) ||
      failed(verifyIndices(*this, "the fragment", dst, getDstIndices())) ||
      failed(verifyIndices(*this, "the source", src, getSrcIndices())))
    return failure();
  if (src.getElementType().getIntOrFloatBitWidth() != 16)
    return emitOpError("loads 16-bit elements, not ") << src.getElementType();
  if (!isFragmentElement(dst.getElementType()))
    return emitOpError("fragments are register elements of 32 bits (int, "
                       "float) or of 16 (bf16, half), not ")
           << dst.getElementType();
  if (failed(verifyFragmentFits(*this, "the fragment", dst, getDstIndices(),
                                getCount())))
    return failure();
  return success();
}

LogicalResult MmaOp::verify() {
  ViewType d = viewOf(getD()), a = viewOf(getA()), bv = viewOf(getB());
  for (auto [name, v] : {std::pair<StringRef, ViewType>{"D", d},
                         {"A", a},
                         {"B", bv}})
    if (failed(verifySpace(*this, ("the " + name + " fragment").str(), v,
                           MemorySpace::reg)))
      return failure();
  if (failed(verifyIndices(*this, "the D fragment", d, getDIndices())) ||
      failed(verifyIndices(*this, "the A fragment", a, getAIndices())) ||
      failed(verifyIndices(*this, "the B fragment", bv, getBIndices())))
    return failure();
  Type in = getInputType();
  if (!in.isBF16() && !in.isF16())
    return emitOpError("multiplies bf16 or f16 inputs, not ") << in;
  if (!d.getElementType().isF32())
    return emitOpError("accumulates into f32 fragments, not ")
           << d.getElementType();
  if (!isFragmentElement(a.getElementType()) ||
      !isFragmentElement(bv.getElementType()))
    return emitOpError("A and B fragments are 32-bit register elements "
                       "holding two ")
           << in << " each, or " << in << " elements";
  for (ViewType v : {a, bv})
    if (v.getElementType().getIntOrFloatBitWidth() == 16 &&
        v.getElementType() != in)
      return emitOpError("fragment elements are ")
             << v.getElementType() << " but the input type is " << in;
  if (failed(verifyFragmentFits(*this, "the D fragment", d, getDIndices(), 4)) ||
      failed(verifyFragmentFits(*this, "the A fragment", a, getAIndices(), 4)) ||
      failed(verifyFragmentFits(*this, "the B fragment", bv, getBIndices(), 2)))
    return failure();
  return success();
}

LogicalResult MatmulOp::verify() {
  ViewType z = viewOf(getZ()), x = viewOf(getX()), y = viewOf(getY());
  if (z.getRank() != 2 || x.getRank() != 2 || y.getRank() != 2)
    return emitOpError("multiplies rank-2 layouts (Z m×n += X m×k @ Y n×k)");
  Type in = x.getElementType();
  if ((!in.isBF16() && !in.isF16()) || y.getElementType() != in)
    return emitOpError("multiplies two bf16 or two f16 layouts, not ")
           << x.getElementType() << " and " << y.getElementType();
  if (!z.getElementType().isF32())
    return emitOpError("accumulates into a f32 layout, not ")
           << z.getElementType();
  if (x.getSpace() != MemorySpace::global ||
      y.getSpace() != MemorySpace::global)
    return emitOpError("reads X and Y from global layouts (the product "
                       "stages them in shared memory itself)");
  if (z.getSpace() == MemorySpace::reg)
    return emitOpError("accumulates into a global or shared layout, not "
                       "registers");
  int64_t m = z.getShape()[0], n = z.getShape()[1];
  if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n))
    return emitOpError("needs a Z tile with constant extents (the block "
                       "tile), not ")
           << z;
  if (m % 16 != 0 || n % 8 != 0)
    return emitOpError("needs a block tile whose extents are multiples of "
                       "16 and 8, not ")
           << m << "x" << n;
  if (x.getShape()[0] != m || y.getShape()[0] != n)
    return emitOpError("shapes do not match: Z is ")
           << m << "x" << n << ", X is " << x << " and Y is " << y
           << " (Z m×n += X m×k @ Y n×k)";
  // X and Y of different k multiply over the shorter one (k is the
  // smaller extent); Neve source with constant, different k is refused
  // before this (MLIRGenInvariants.cpp).
  int64_t stages = (int64_t)getStages(), blockK = (int64_t)getBlockK();
  if (stages < 2 || stages > 8)
    return emitOpError("stages must be 2 to 8, not ") << stages;
  if (blockK != 16 && blockK != 32 && blockK != 64 && blockK != 128)
    return emitOpError("block_k must be 16, 32, 64 or 128, not ") << blockK;
  if (getStagingBytes() > kMaxSmemBytes)
    return emitOpError("stages the tiles in ")
           << getStagingBytes() << " bytes of shared memory, more than the "
           << kMaxSmemBytes << " a block can have; use fewer stages, a "
           << "smaller block_k or a smaller block tile";
  if (getNumWarps() > 32)
    return emitOpError("needs ") << getNumWarps()
                                 << " warps, more than a block can have";
  return success();
}

LogicalResult MatmulOp::verifyRegions() {
  Block *block = getEpilogueBlock();
  if (!block)
    return success();
  if (!getEpilogue().hasOneBlock())
    return emitOpError("needs an epilogue of one block");
  Builder b(getContext());
  if (block->getNumArguments() != 2 ||
      block->getArgument(0).getType() != b.getF32Type() ||
      block->getArgument(1).getType() != b.getIndexType())
    return emitOpError("needs an epilogue whose block takes the product "
                       "(f32) and the element's position (index)");
  if (block->empty() || !isa<YieldOp>(block->back()))
    return emitOpError("needs an epilogue that ends in layout.yield");
  return success();
}
