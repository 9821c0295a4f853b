//===- SharedLayouts.cpp - Placing a kernel's smem layouts ----------------===//
//
// A kernel's `smem` layouts are static buffers (one per occurrence) as long
// as they fit in static shared memory together with what its tiled products
// stage there, and no product stages in dynamic shared memory. Otherwise
// every layout of the kernel moves to the
// dynamic shared memory, after the products' dynamic staging, each at an
// offset with its own alignment (§8.5.2). All of them move, not only the
// ones that overflow, so that no static allocation precedes the dynamic
// window and its start keeps the 1024-byte alignment swizzled layouts need.
//
//===----------------------------------------------------------------------===//

#include "SharedLayouts.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

FailureOr<int64_t> mlir::neve::placeSharedLayouts(func::FuncOp fn,
                                                  int64_t staticStaging,
                                                  int64_t dynamicBase) {
  using layout::MatmulOp;
  SmallVector<layout::SmemOp> layouts;
  int64_t staticBytes = staticStaging;
  fn.walk([&](layout::SmemOp op) {
    layouts.push_back(op);
    staticBytes =
        llvm::alignTo(staticBytes, op.getAlignment()) + op.getBytes();
  });
  // Layouts beside a product's dynamic staging move too: a static buffer
  // would come before the dynamic window and misalign its swizzles.
  if (layouts.empty() ||
      (staticBytes <= MatmulOp::kStaticSmemBytes && dynamicBase == 0))
    return int64_t(0);
  if (staticStaging) {
    layouts.back().emitError("the kernel's smem layouts and its tiled "
                             "product's staging need ")
        << staticBytes << " bytes of shared memory, more than the "
        << MatmulOp::kStaticSmemBytes
        << " a kernel has statically; layouts in dynamic shared memory "
           "cannot follow static staging";
    return failure();
  }
  int64_t end = dynamicBase;
  for (layout::SmemOp op : layouts) {
    int64_t offset = llvm::alignTo(end, op.getAlignment());
    end = offset + op.getBytes();
    if (end > MatmulOp::kMaxSmemBytes) {
      op.emitError("the kernel's smem layouts need more than the ")
          << MatmulOp::kMaxSmemBytes << " bytes of shared memory a block "
          << "can have (this one would end at byte " << end << ")";
      return failure();
    }
    op.setDynamicOffset(offset);
  }
  return end;
}
