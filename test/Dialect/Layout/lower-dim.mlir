// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// RUN: %neve-opt %s --canonicalize | FileCheck %s --check-prefix=CHECK-FOLD
// layout.dim (a shape parameter's extent, spec 8.5.6): a static extent is a
// constant (and folds), a run-time one the memref's extent (the valid one).

// CHECK-LABEL: func.func @dim(
// CHECK-SAME: %[[V:.*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[K:.*]] = memref.dim %[[V]], %[[C1]]
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: return %[[K]], %[[C16]]
// CHECK-FOLD-LABEL: func.func @dim(
// CHECK-FOLD: %[[C16:.*]] = arith.constant 16 : index
// CHECK-FOLD: %[[K:.*]] = layout.dim %{{.*}}, 1
// CHECK-FOLD: return %[[K]], %[[C16]]
func.func @dim(%v: !layout.view<16x?xf32, global>) -> (index, index) {
  %k = layout.dim %v, 1 : !layout.view<16x?xf32, global>
  %r = layout.dim %v, 0 : !layout.view<16x?xf32, global>
  return %k, %r : index, index
}
