//===- SharedLayouts.h - Placing a kernel's smem layouts --------*- C++ -*-===//
//
// Static shared memory ends at 48 KiB; a kernel whose `smem` layouts need
// more has all of them placed in its dynamic shared memory instead
// (docs/neve-language.md §8.5.2, docs/codegen.md "Shared memory").
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_CONVERSION_NEVETOGPU_SHAREDLAYOUTS_H
#define NEVE_CONVERSION_NEVETOGPU_SHAREDLAYOUTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::neve {

/// Places the `layout.smem` ops of kernel `fn` in its dynamic shared
/// memory when, with `staticStaging` bytes of the kernel's tiled products
/// staged statically, they would not fit in static shared memory, or when
/// a product stages in dynamic shared memory (`dynamicBase` > 0): each gets
/// its `dynamic_offset`, from `dynamicBase` (the bytes its tiled products
/// stage dynamically) on. Returns the dynamic shared memory the kernel then
/// needs (0 when the layouts stay static), or failure after an error at
/// the op that overflows (more than a block can have, or layouts that would
/// follow static staging whose end is not aligned for them).
FailureOr<int64_t> placeSharedLayouts(func::FuncOp fn, int64_t staticStaging,
                                      int64_t dynamicBase);

} // namespace mlir::neve

#endif // NEVE_CONVERSION_NEVETOGPU_SHAREDLAYOUTS_H
