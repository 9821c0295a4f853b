// RUN: %neve-opt %s --lower-layouts="wgmma=true" | FileCheck %s
// RUN: %neve-opt %s --lower-layouts | FileCheck %s --check-prefix=CHECK-SYNC
// layout.matmul on Hopper's warpgroup instructions (LowerMatmul.cpp,
// pipelineWgmma): one warpgroup, a 128x128 bf16 tile, 3 stages of 64-wide
// slices in dynamic shared memory. The stages are staged by cp.async as on
// the mma.sync path (16-byte chunks XOR-swizzled by row, which is wgmma's
// 128-byte swizzle), and read by wgmma through descriptors: start address
// (bits 0-13, 16-byte units, of the 1 KiB aligned staging: a kernel whose
// staging is not stops), leading offset 1, 8-row stride 1024 bytes (64 at
// bit 32) and mode 1 (128-byte swizzle, bit 62):
// 4611686293305360384 = 1<<62 | 64<<32 | 1<<16.
// Each main loop (unmasked and masked) waits for slice kt (one younger
// copy group in flight), fences the async proxy, syncs the block, issues
// the copy of slice kt+2, then per 16-wide k step one m64n128k16 per
// 64-row half (8 per slice), commits the group and waits for it. Without
// the option, the same op becomes ldmatrix and mma.sync.

// CHECK-LABEL: func.func @gemm(
// CHECK: gpu.dynamic_shared_memory
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %view :
// CHECK: arith.andi %{{.*}}, %c1023_i64
// CHECK: llvm.intr.trap
// CHECK: arith.andi %{{.*}}, %c262143_i64
// CHECK: arith.shrui
// CHECK: arith.ori %{{.*}}, %c4611686293305360384_i64
// CHECK: memref.extract_aligned_pointer_as_index %view_{{[0-9]+}} :
// CHECK: arith.ori %{{.*}}, %c4611686293305360384_i64
// the unmasked pipeline
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, {{.*}})>, !llvm.struct<(f32, {{.*}})>, index)
// CHECK-NEXT: nvvm.cp.async.wait.group 1
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-8: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-COUNT-64: llvm.extractvalue
// the masked pipeline
// CHECK: scf.for
// CHECK: nvvm.fence.proxy
// CHECK-COUNT-8: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: nvgpu.ldmatrix

// CHECK-SYNC-LABEL: func.func @gemm(
// CHECK-SYNC: nvgpu.ldmatrix
// CHECK-SYNC: nvvm.mma.sync
// CHECK-SYNC-NOT: nvvm.wgmma

// A tile of one warp (64x32): not one warpgroup, mma.sync either way.
// CHECK-LABEL: func.func @small(
// CHECK-NOT: nvvm.wgmma
// CHECK: nvvm.mma.sync
module {
  func.func @gemm(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
    layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
    return
  }
  func.func @small(%a: !layout.view<64x?xbf16, global>, %b: !layout.view<32x?xbf16, global>, %c: !layout.view<64x32xf32, global>) {
    layout.matmul %a, %b into %c : !layout.view<64x?xbf16, global>, !layout.view<32x?xbf16, global> into !layout.view<64x32xf32, global>
    return
  }
}
