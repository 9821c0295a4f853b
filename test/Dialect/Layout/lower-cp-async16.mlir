// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.cp_async16: one nvgpu.device_async_copy of 16 bytes (8 bf16, 4 f32
// elements) from the global source to the shared destination with
// bypassL1 (cp.async.cg); `valid(%n)` is the copy's source element count
// (the rest is zero-filled). Fewer coordinates merge trailing dimensions.

// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[G:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[I:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK-NOT: layout.
// CHECK: %[[S:.*]] = memref.cast %{{.*}} to memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %{{.*}} = nvgpu.device_async_copy %[[G]][%[[I]], %[[N]]], %[[S]][%[[I]], %[[I]]], 8 {bypassL1} : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<?x?xbf16, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[C:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1]]
// CHECK: %[[S1:.*]] = memref.cast %[[C]] : {{.*}} to memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %{{.*}} = nvgpu.device_async_copy %[[G]][%[[I]], %[[I]]], %[[S1]][%[[I]]], 8, %[[N]] {bypassL1} : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<?xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: return
gpu.module @kernels {
  func.func @copies(%g: !layout.view<?x?xbf16, global>, %i: index, %n: index) {
    %s = layout.smem : !layout.view<16x16xbf16, shared>
    layout.cp_async16 %s[%i, %i], %g[%i, %n] : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
    layout.cp_async16 %s[%i], %g[%i, %i] valid(%n) : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
    return
  }

  // 16 bytes of f32 are 4 elements; of i8, 16.
  // CHECK-LABEL: func.func @element_counts(
  // CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 4 {bypassL1} : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
  // CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 16 {bypassL1} : memref<?xi8, strided<[1], offset: ?>> to memref<?xi8, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
  func.func @element_counts(%gf: !layout.view<?xf32, global>, %gb: !layout.view<?xi8, global>, %i: index) {
    %sf = layout.smem : !layout.view<128xf32, shared>
    %sb = layout.smem : !layout.view<128xi8, shared>
    layout.cp_async16 %sf[%i], %gf[%i] : !layout.view<128xf32, shared>, !layout.view<?xf32, global>
    layout.cp_async16 %sb[%i], %gb[%i] : !layout.view<128xi8, shared>, !layout.view<?xi8, global>
    return
  }
}
