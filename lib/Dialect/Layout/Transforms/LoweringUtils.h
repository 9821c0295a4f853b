//===- LoweringUtils.h - Helpers shared by the layout lowerings -*- C++ -*-===//
//
// A lowered view is a strided memref whose sizes are the view's valid
// extents and whose innermost stride is 1 (every layout is row-major
// inside a row, §8.5.1): memref<?x?xT, strided<[?, 1], offset: ?>, space>.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_DIALECT_LAYOUT_TRANSFORMS_LOWERINGUTILS_H
#define NEVE_LIB_DIALECT_LAYOUT_TRANSFORMS_LOWERINGUTILS_H

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::layout::lowering {

/// The memref type a view of `rank` dimensions of `element` in `space`
/// lowers to.
MemRefType loweredType(MLIRContext *ctx, int64_t rank, Type element,
                       MemorySpace space);
inline MemRefType loweredType(ViewType t) {
  return loweredType(t.getContext(), t.getRank(), t.getElementType(),
                     t.getSpace());
}

/// `memref` with its trailing dimensions merged so that it has `rank`
/// dimensions (§8.5.3); `memref` itself when it already has.
Value mergeTrailing(OpBuilder &b, Location l, Value memref, int64_t rank);

/// `memref.cast` of `memref` to the canonical lowered type `to`.
Value castTo(OpBuilder &b, Location l, Value memref, MemRefType to);

/// A 1-D memref of `count` consecutive elements (row-major) starting at
/// the element `indices` of `memref` (register fragments, §8.5.5).
Value consecutive(OpBuilder &b, Location l, Value memref, ValueRange indices,
                  int64_t count);

/// A static workgroup-memory global of `count` elements, aligned to
/// `alignment` bytes (16 by default), in the symbol table around `op`, and
/// its 1-D memref at the builder.
Value sharedBuffer(OpBuilder &b, Operation *op, Type element, int64_t count,
                   StringRef prefix, int64_t alignment = 16);

/// `count` elements of the kernel's dynamic shared memory from byte
/// `offset` on, as a 1-D memref (a view of gpu.dynamic_shared_memory).
Value dynamicSharedBuffer(OpBuilder &b, Location l, Type element,
                          Value offset, int64_t count);

/// Fragments are kept as rows of two 16-bit values (`vector<2xT>`, one
/// 32-bit register each) and accumulators as f32 scalars, so that only
/// 1-D vectors reach the LLVM lowering.
/// The rows of an `nvgpu.ldmatrix` result `vector<Nx2xT>`.
SmallVector<Value> fragmentRows(OpBuilder &b, Location l, Value frag);
/// A row as its 32-bit register, and back.
Value rowToWord(OpBuilder &b, Location l, Value row);
Value wordToRow(OpBuilder &b, Location l, Value word, Type half);

/// D = A·B + C on tensor cores (m16n8k16): A 4 rows, B 2 rows, C and the
/// result 4 f32 (lane order (r, c), (r, c+1), (r+8, c), (r+8, c+1)). f16
/// goes through nvgpu.mma.sync; bf16, which nvgpu's lowering does not
/// type, through nvvm.mma.sync on the 32-bit registers.
SmallVector<Value> mmaSync(OpBuilder &b, Location l, ArrayRef<Value> a,
                           ArrayRef<Value> bRows, ArrayRef<Value> c);

/// Index constants and arithmetic.
Value cst(OpBuilder &b, Location l, int64_t v);

} // namespace mlir::layout::lowering

#endif // NEVE_LIB_DIALECT_LAYOUT_TRANSFORMS_LOWERINGUTILS_H
