// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.load / layout.store: memref.load / memref.store on the lowered
// view; with fewer coordinates than the rank the trailing dimensions are
// merged (memref.collapse_shape) and cast back to the unit-stride form.

// CHECK-LABEL: func.func @full_rank(
// CHECK-SAME: %[[V:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[V]][%[[I]], %[[J]]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: memref.store %[[X]], %[[V]][%[[J]], %[[I]]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %[[X]] : f32
func.func @full_rank(%v: !layout.view<?x?xf32, global>, %i: index, %j: index) -> f32 {
  %x = layout.load %v[%i, %j] : !layout.view<?x?xf32, global>
  layout.store %x, %v[%j, %i] : !layout.view<?x?xf32, global>
  return %x : f32
}

// CHECK-LABEL: func.func @fewer(
// CHECK-SAME: %[[V:[^:]*]]: memref<?x?x?xi32, strided<[?, ?, 1], offset: ?>>, %[[I:[^:]*]]: index, %[[X:[^:]*]]: i32
// One coordinate: all three dimensions merged.
// CHECK: %[[C1:.*]] = memref.collapse_shape %[[V]] {{\[}}[0, 1, 2]] : memref<?x?x?xi32, strided<[?, ?, 1], offset: ?>> into memref<?xi32, strided<[?], offset: ?>>
// CHECK: %[[M1:.*]] = memref.cast %[[C1]] : memref<?xi32, strided<[?], offset: ?>> to memref<?xi32, strided<[1], offset: ?>>
// CHECK: %[[Y:.*]] = memref.load %[[M1]][%[[I]]] : memref<?xi32, strided<[1], offset: ?>>
// Two coordinates: the last two merged.
// CHECK: %[[C2:.*]] = memref.collapse_shape %[[V]] {{\[}}[0], [1, 2]] : memref<?x?x?xi32, strided<[?, ?, 1], offset: ?>> into memref<?x?xi32, strided<[?, ?], offset: ?>>
// CHECK: %[[M2:.*]] = memref.cast %[[C2]] : memref<?x?xi32, strided<[?, ?], offset: ?>> to memref<?x?xi32, strided<[?, 1], offset: ?>>
// CHECK: memref.store %[[X]], %[[M2]][%[[I]], %[[I]]] : memref<?x?xi32, strided<[?, 1], offset: ?>>
// Three coordinates: no merge.
// CHECK-NOT: memref.collapse_shape
// CHECK: memref.store %[[Y]], %[[V]][%[[I]], %[[I]], %[[I]]] : memref<?x?x?xi32, strided<[?, ?, 1], offset: ?>>
func.func @fewer(%v: !layout.view<4x8x8xi32, global>, %i: index, %x: i32) {
  %y = layout.load %v[%i] : !layout.view<4x8x8xi32, global>
  layout.store %x, %v[%i, %i] : !layout.view<4x8x8xi32, global>
  layout.store %y, %v[%i, %i, %i] : !layout.view<4x8x8xi32, global>
  return
}

// In shared memory the memref keeps the workgroup address space.
// CHECK-LABEL: func.func @shared(
// CHECK: %[[S:.*]] = memref.cast %{{.*}} to memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[C:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1]] : memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> into memref<?xbf16, strided<[?], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[M:.*]] = memref.cast %[[C]] : {{.*}} to memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[M]][%{{.*}}] : memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
func.func @shared(%i: index) -> bf16 {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %x = layout.load %s[%i] : !layout.view<16x16xbf16, shared>
  return %x : bf16
}
