// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.ldmatrix: nvgpu.ldmatrix of `count` 8x8 matrices from the shared
// view (numTiles, transpose), giving vector<countx2xT>; each row of two
// 16-bit values is bitcast to one i32 and stored into `count` consecutive
// fragment elements starting at the fragment coordinates (bitcast again
// when the fragment holds f32); a 16-bit fragment (bf16, half) receives
// each register as its two halves, 2·count elements.

// CHECK-LABEL: func.func @x4(
// CHECK-SAME: %[[R:[^:]*]]: index, %[[C:[^:]*]]: index
// CHECK-NOT: layout.
// CHECK: %[[F:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4xi32>
// CHECK: %[[S:.*]] = memref.cast %{{.*}} to memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[FV:.*]] = memref.cast %{{.*}} to memref<?xi32, strided<[1], offset: ?>>
// CHECK: %[[M:.*]] = nvgpu.ldmatrix %[[S]][%[[R]], %[[C]]] {numTiles = 4 : i32, transpose = false} : memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: %[[R0:.*]] = vector.extract %[[M]][0] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[R1:.*]] = vector.extract %[[M]][1] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[R2:.*]] = vector.extract %[[M]][2] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[R3:.*]] = vector.extract %[[M]][3] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[B0:.*]] = vector.bitcast %[[R0]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[W0:.*]] = vector.extract %[[B0]][0] : i32 from vector<1xi32>
// CHECK-COUNT-3: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: %[[FR:.*]] = memref.reinterpret_cast %[[FV]] to offset: [%{{.*}}], sizes: [4], strides: [1] : memref<?xi32, strided<[1], offset: ?>> to memref<4xi32, strided<[1], offset: ?>>
// CHECK: memref.store %[[W0]], %[[FR]][%{{.*}}] : memref<4xi32, strided<[1], offset: ?>>
// CHECK-COUNT-3: memref.store %{{.*}}, %[[FR]][%{{.*}}] : memref<4xi32, strided<[1], offset: ?>>
// CHECK-NOT: memref.store
// CHECK: return
gpu.module @kernels {
  func.func @x4(%r: index, %c: index) {
    %c0 = arith.constant 0 : index
    %s = layout.smem : !layout.view<16x16xbf16, shared>
    %f = layout.reg : !layout.view<4xi32, reg>
    layout.ldmatrix %f[%c0], %s[%r, %c] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
    return
  }

  // Two transposed f16 matrices into f32 fragment elements 2 and 3.
  // CHECK-LABEL: func.func @x2_transpose(
  // CHECK: %[[M:.*]] = nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {numTiles = 2 : i32, transpose = true} : memref<?x?xf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<2x2xf16>
  // CHECK-COUNT-2: vector.extract %[[M]][{{[01]}}] : vector<2xf16> from vector<2x2xf16>
  // CHECK-COUNT-2: vector.bitcast %{{.*}} : vector<2xf16> to vector<1xi32>
  // CHECK: %[[FR:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [2], strides: [1] : memref<?xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  // CHECK: %[[F0:.*]] = arith.bitcast %{{.*}} : i32 to f32
  // CHECK: memref.store %[[F0]], %[[FR]][
  // CHECK: %[[F1:.*]] = arith.bitcast %{{.*}} : i32 to f32
  // CHECK: memref.store %[[F1]], %[[FR]][
  func.func @x2_transpose(%r: index, %c: index) {
    %c2 = arith.constant 2 : index
    %s = layout.smem : !layout.view<8x16xf16, shared>
    %f = layout.reg : !layout.view<4xf32, reg>
    layout.ldmatrix %f[%c2], %s[%r, %c] {count = 2 : i32, transpose} : !layout.view<4xf32, reg>, !layout.view<8x16xf16, shared>
    return
  }

  // One coordinate on the source: the rows are merged first.
  // CHECK-LABEL: func.func @merged_source(
  // CHECK: %[[C:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1]]
  // CHECK: %[[S:.*]] = memref.cast %[[C]] : {{.*}} to memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
  // CHECK: nvgpu.ldmatrix %[[S]][%{{.*}}] {numTiles = 1 : i32, transpose = false} : memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>> -> vector<1x2xbf16>
  func.func @merged_source(%r: index) {
    %c0 = arith.constant 0 : index
    %s = layout.smem : !layout.view<16x16xbf16, shared>
    %f = layout.reg : !layout.view<1xi32, reg>
    layout.ldmatrix %f[%c0], %s[%r] {count = 1 : i32} : !layout.view<1xi32, reg>, !layout.view<16x16xbf16, shared>
    return
  }

  // Half fragments: 4 registers into 8 consecutive f16 elements from 0.
  // CHECK-LABEL: func.func @half_fragment(
  // CHECK: %[[M:.*]] = nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<?x?xf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
  // CHECK-COUNT-4: vector.bitcast %{{.*}} : vector<2xf16> to vector<1xi32>
  // CHECK: %[[FR:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [8], strides: [1] : memref<?xf16, strided<[1], offset: ?>> to memref<8xf16, strided<[1], offset: ?>>
  // CHECK: %[[R0:.*]] = vector.bitcast %{{.*}} : vector<1xi32> to vector<2xf16>
  // CHECK: %[[H0:.*]] = vector.extract %[[R0]][0] : f16 from vector<2xf16>
  // CHECK: memref.store %[[H0]], %[[FR]][%{{.*}}] : memref<8xf16, strided<[1], offset: ?>>
  // CHECK: %[[H1:.*]] = vector.extract %[[R0]][1] : f16 from vector<2xf16>
  // CHECK: memref.store %[[H1]], %[[FR]][%{{.*}}] : memref<8xf16, strided<[1], offset: ?>>
  // CHECK-COUNT-6: memref.store %{{.*}}, %[[FR]][%{{.*}}] : memref<8xf16, strided<[1], offset: ?>>
  // CHECK-NOT: memref.store
  // CHECK: return
  func.func @half_fragment(%r: index) {
    %c0 = arith.constant 0 : index
    %s = layout.smem : !layout.view<16x16xf16, shared>
    %f = layout.reg : !layout.view<8xf16, reg>
    layout.ldmatrix %f[%c0], %s[%r, %r] {count = 4 : i32} : !layout.view<8xf16, reg>, !layout.view<16x16xf16, shared>
    return
  }
}
