// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.tile: a memref.subview at offsets c·t whose sizes are the valid
// extents, clipped to the source: max(0, min(t, dim - c·t)); strides of
// the source (subview strides 1). With fewer tile extents than the rank,
// the trailing dimensions are merged first (memref.collapse_shape).

// CHECK-LABEL: func.func @mixed_sizes(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[K:[^:]*]]: index, %[[BX:[^:]*]]: index
// CHECK-NOT: layout.
// CHECK: arith.constant 0 : index
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[T0:.*]] = arith.constant 128 : index
// CHECK: %[[OFF0:.*]] = arith.muli %[[BX]], %[[T0]] : index
// CHECK: %[[DIM0:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK: %[[LEFT0:.*]] = arith.subi %[[DIM0]], %[[OFF0]] : index
// CHECK: %[[MIN0:.*]] = arith.minsi %[[T0]], %[[LEFT0]] : index
// CHECK: %[[SIZE0:.*]] = arith.maxsi %[[ZERO]], %[[MIN0]] : index
// CHECK: %[[OFF1:.*]] = arith.muli %[[BX]], %[[K]] : index
// CHECK: %[[DIM1:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK: %[[LEFT1:.*]] = arith.subi %[[DIM1]], %[[OFF1]] : index
// CHECK: %[[MIN1:.*]] = arith.minsi %[[K]], %[[LEFT1]] : index
// CHECK: %[[SIZE1:.*]] = arith.maxsi %[[ZERO]], %[[MIN1]] : index
// CHECK: %[[T:.*]] = memref.subview %[[A]][%[[OFF0]], %[[OFF1]]] [%[[SIZE0]], %[[SIZE1]]] [1, 1] : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK: memref.load %[[T]][%{{.*}}, %{{.*}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
func.func @mixed_sizes(%a: !layout.view<?x?xbf16, global>, %k: index, %bx: index) -> bf16 {
  %c0 = arith.constant 0 : index
  %t = layout.tile %a[128, %k] at(%bx, %bx) : !layout.view<?x?xbf16, global> -> !layout.view<128x?xbf16, global>
  %x = layout.load %t[%c0, %c0] : !layout.view<128x?xbf16, global>
  return %x : bf16
}

// A tile of a tile is a subview of the first subview.
// CHECK-LABEL: func.func @nested(
// CHECK: %[[T1:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: arith.constant 16 : index
// CHECK: memref.dim %[[T1]], %{{.*}}
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: %[[T2:.*]] = memref.subview %[[T1]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: memref.store %{{.*}}, %[[T2]][
func.func @nested(%a: !layout.view<?x?xf32, global>, %i: index, %x: f32) {
  %t = layout.tile %a[64, 64] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<64x64xf32, global>
  %u = layout.tile %t[16, 16] at(%i, %i) : !layout.view<64x64xf32, global> -> !layout.view<16x16xf32, global>
  layout.store %x, %u[%i, %i] : !layout.view<16x16xf32, global>
  return
}

// Two tile extents of a rank-3 view merge the last two dimensions.
// CHECK-LABEL: func.func @merged(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[C:.*]] = memref.collapse_shape %[[A]] {{\[}}[0], [1, 2]] : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>, #gpu.address_space<workgroup>> into memref<?x?xf32, strided<[?, ?], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[M:.*]] = memref.cast %[[C]] : {{.*}} to memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: arith.constant 2 : index
// CHECK: memref.dim %[[M]]
// CHECK: arith.constant 16 : index
// CHECK: memref.dim %[[M]]
// CHECK: memref.subview %[[M]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
func.func @merged(%a: !layout.view<4x8x8xf32, shared>, %i: index) -> f32 {
  %t = layout.tile %a[2, 16] at(%i, %i) : !layout.view<4x8x8xf32, shared> -> !layout.view<2x16xf32, shared>
  %x = layout.load %t[%i, %i] : !layout.view<2x16xf32, shared>
  return %x : f32
}
