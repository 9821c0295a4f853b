// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.smem: one uninitialised memref.global in the workgroup address
// space per op (unique names), aligned to 1024 bytes when its size is a
// multiple of 1024, else to 128 when a multiple of 128 (TMA boxes and the
// swizzles of wgmma operands, spec 8.5.2), else to 16; read with
// memref.get_global and shaped row-major by memref.reinterpret_cast, then
// cast to the lowered view type.

// CHECK-LABEL: gpu.module @kernels
// Each op gets its own global (the symbol table makes the names unique).
// CHECK-DAG: memref.global "private" @__layout_smem : memref<1056xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 128 : i64}
// CHECK-DAG: memref.global "private" @__layout_smem_0 : memref<1056xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 128 : i64}
// CHECK-DAG: memref.global "private" @__layout_smem_1 : memref<512xbf16, #gpu.address_space<workgroup>> = uninitialized {alignment = 1024 : i64}
// CHECK-LABEL: func.func @two_buffers(
// CHECK-SAME: %[[I:[^:]*]]: index
// CHECK: %[[B1:.*]] = memref.get_global @__layout_smem : memref<1056xf32, #gpu.address_space<workgroup>>
// CHECK: %[[R1:.*]] = memref.reinterpret_cast %[[B1]] to offset: [0], sizes: [32, 33], strides: [33, 1] : memref<1056xf32, #gpu.address_space<workgroup>> to memref<32x33xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// CHECK: %[[S1:.*]] = memref.cast %[[R1]] : memref<32x33xf32, strided<[33, 1]>, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[B2:.*]] = memref.get_global @__layout_smem_0 : memref<1056xf32, #gpu.address_space<workgroup>>
// CHECK: %[[R2:.*]] = memref.reinterpret_cast %[[B2]] to offset: [0], sizes: [32, 33], strides: [33, 1]
// CHECK: %[[S2:.*]] = memref.cast %[[R2]]
// CHECK: %[[X:.*]] = memref.load %[[S1]][%[[I]], %[[I]]] : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: memref.store %[[X]], %[[S2]][%[[I]], %[[I]]] : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
gpu.module @kernels {
  func.func @two_buffers(%i: index) -> f32 {
    %s = layout.smem : !layout.view<32x33xf32, shared>
    %t = layout.smem : !layout.view<32x33xf32, shared>
    %x = layout.load %s[%i, %i] : !layout.view<32x33xf32, shared>
    layout.store %x, %t[%i, %i] : !layout.view<32x33xf32, shared>
    return %x : f32
  }

  // A 3-D smem layout: strides 64, 16, 1 (8·4·16 = 512 elements).
  // CHECK-LABEL: func.func @rank3(
  // CHECK: %[[B:.*]] = memref.get_global @__layout_smem_1 : memref<512xbf16, #gpu.address_space<workgroup>>
  // CHECK: memref.reinterpret_cast %[[B]] to offset: [0], sizes: [8, 4, 16], strides: [64, 16, 1]
  // CHECK-SAME: to memref<8x4x16xbf16, strided<[64, 16, 1]>, #gpu.address_space<workgroup>>
  // CHECK: memref.cast %{{.*}} to memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>, #gpu.address_space<workgroup>>
  func.func @rank3(%i: index) -> bf16 {
    %s = layout.smem : !layout.view<8x4x16xbf16, shared>
    %x = layout.load %s[%i, %i, %i] : !layout.view<8x4x16xbf16, shared>
    return %x : bf16
  }
}
