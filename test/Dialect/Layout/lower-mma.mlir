// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.mma_16x8x16: the A (4), B (2) and D (4) fragment elements are read
// from consecutive register elements; bf16 goes through nvvm.mma.sync on
// the 32-bit registers (row/col, m16n8k16, bf16 inputs), f16 through
// nvgpu.mma.sync on vector<4x2xf16>/vector<2x2xf16>/vector<2x2xf32>; the
// four results are stored back into D.

// CHECK-LABEL: func.func @bf16(
// CHECK-NOT: layout.
// CHECK: %[[A:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [4], strides: [1] : memref<?xi32, strided<[1], offset: ?>> to memref<4xi32, strided<[1], offset: ?>>
// CHECK-COUNT-4: memref.load %[[A]][%{{.*}}] : memref<4xi32, strided<[1], offset: ?>>
// CHECK: %[[B:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [2], strides: [1] : memref<?xi32, strided<[1], offset: ?>> to memref<2xi32, strided<[1], offset: ?>>
// CHECK-COUNT-2: memref.load %[[B]][%{{.*}}] : memref<2xi32, strided<[1], offset: ?>>
// CHECK: %[[D:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [4], strides: [1] : memref<?xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[D0:.*]] = memref.load %[[D]][%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[D1:.*]] = memref.load %[[D]][%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[D2:.*]] = memref.load %[[D]][%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[D3:.*]] = memref.load %[[D]][%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%[[D0]], %[[D1]], %[[D2]], %[[D3]]]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %[[MMA]][2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: memref.store %[[R0]], %[[D]][
// CHECK: memref.store %[[R1]], %[[D]][
// CHECK: memref.store %[[R2]], %[[D]][
// CHECK: memref.store %[[R3]], %[[D]][
// CHECK-NOT: nvgpu.mma.sync
// CHECK: return
func.func @bf16() {
  %c0 = arith.constant 0 : index
  %fa = layout.reg : !layout.view<4xi32, reg>
  %fb = layout.reg : !layout.view<2xi32, reg>
  %acc = layout.reg : !layout.view<4xf32, reg>
  layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// CHECK-LABEL: func.func @f16(
// CHECK-COUNT-4: vector.bitcast %{{.*}} : vector<1xi32> to vector<2xf16>
// CHECK-COUNT-2: vector.bitcast %{{.*}} : vector<1xi32> to vector<2xf16>
// CHECK-COUNT-4: memref.load %{{.*}}[%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[C:.*]] = vector.insert %{{.*}}, %{{.*}} [1, 1] : f32 into vector<2x2xf32>
// CHECK: %[[B:.*]] = vector.insert %{{.*}}, %{{.*}} [1] : vector<2xf16> into vector<2x2xf16>
// CHECK: %[[A:.*]] = vector.insert %{{.*}}, %{{.*}} [3] : vector<2xf16> into vector<4x2xf16>
// CHECK: %[[D:.*]] = nvgpu.mma.sync(%[[A]], %[[B]], %[[C]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: vector.extract %[[D]][0, 0] : f32 from vector<2x2xf32>
// CHECK: vector.extract %[[D]][0, 1] : f32 from vector<2x2xf32>
// CHECK: vector.extract %[[D]][1, 0] : f32 from vector<2x2xf32>
// CHECK: vector.extract %[[D]][1, 1] : f32 from vector<2x2xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NOT: nvvm.mma.sync
// CHECK: return
func.func @f16() {
  %c0 = arith.constant 0 : index
  %fa = layout.reg : !layout.view<4xi32, reg>
  %fb = layout.reg : !layout.view<2xi32, reg>
  %acc = layout.reg : !layout.view<4xf32, reg>
  layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = f16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// f32 A/B fragments are bitcast to i32 first; the D fragment starts at
// element (1, 0) of a 2x4 accumulator: offset + 1·stride.
// CHECK-LABEL: func.func @f32_fragments(
// CHECK-COUNT-4: arith.bitcast %{{.*}} : f32 to i32
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[R:.*]] = arith.muli %{{.*}}, %[[ST]]#0 : index
// CHECK: arith.addi %[[OFF]], %[[R]] : index
// CHECK: nvvm.mma.sync
func.func @f32_fragments() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %fa = layout.reg : !layout.view<4xf32, reg>
  %fb = layout.reg : !layout.view<2xi32, reg>
  %acc = layout.reg : !layout.view<2x4xf32, reg>
  layout.mma_16x8x16 %acc[%c1, %c0], %fa[%c0], %fb[%c0] {input_type = bf16} : !layout.view<2x4xf32, reg>, !layout.view<4xf32, reg>, !layout.view<2xi32, reg>
  return
}

// bf16 fragments: each register is two consecutive elements, packed with
// vector.from_elements (8 elements of A, 4 of B).
// CHECK-LABEL: func.func @bf16_fragments(
// CHECK: %[[A:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [8], strides: [1] : memref<?xbf16, strided<[1], offset: ?>> to memref<8xbf16, strided<[1], offset: ?>>
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}] : memref<8xbf16, strided<[1], offset: ?>>
// CHECK: %[[A1:.*]] = memref.load %[[A]][%{{.*}}] : memref<8xbf16, strided<[1], offset: ?>>
// CHECK-NEXT: %[[P:.*]] = vector.from_elements %[[A0]], %[[A1]] : vector<2xbf16>
// CHECK-NEXT: vector.bitcast %[[P]] : vector<2xbf16> to vector<1xi32>
// CHECK-COUNT-3: vector.from_elements %{{.*}}, %{{.*}} : vector<2xbf16>
// CHECK: %[[B:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [4], strides: [1] : memref<?xbf16, strided<[1], offset: ?>> to memref<4xbf16, strided<[1], offset: ?>>
// CHECK-COUNT-2: vector.from_elements %{{.*}}, %{{.*}} : vector<2xbf16>
// CHECK: nvvm.mma.sync
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>
func.func @bf16_fragments() {
  %c0 = arith.constant 0 : index
  %fa = layout.reg : !layout.view<8xbf16, reg>
  %fb = layout.reg : !layout.view<4xbf16, reg>
  %acc = layout.reg : !layout.view<4xf32, reg>
  layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<8xbf16, reg>, !layout.view<4xbf16, reg>
  return
}
