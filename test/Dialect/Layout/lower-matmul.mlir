// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.matmul expanded for the whole block (LowerMatmul.cpp):
//   - the block-size check: a block of another size than warps·32 threads
//     prints a located runtime error from thread 0 (gpu.printf) and traps;
//   - `stages` slices of block_k columns of X and Y staged in two shared
//     buffers (__layout_matmul_a/b: stages·rows·block_k elements, 16-byte
//     aligned, workgroup memory) by cp.async (nvgpu.device_async_copy with
//     bypassL1);
//   - two pipelines selected by an scf.if: interior tiles (all rows valid,
//     k a multiple of block_k, 16-byte aligned rows) copy without masks;
//     the others pass a source element count (zero fill past the edges) and
//     fall back to scalar copies for unaligned rows;
//   - each pipeline: a prologue of stages-1 slices (one commit group each)
//     and, with 3 or more stages, wait for stages-2 groups, barrier and
//     slice 0's first fragments; then the scf.for main loop over
//     ceil(k / block_k) slices carrying the accumulators, the fragments of
//     the next k step, the stage and (unmasked) the prefetch column as
//     iter_args: prefetch (unmasked: no branch, zero-fill past the last
//     slice), commit, then per 16-wide k step ldmatrix of the next step's
//     fragments and m16n8k16 mma.sync on the current ones, with the wait
//     and barrier for slice kt+1 before the last step (whose next
//     fragments are slice kt+1's first); with 2 stages the wait, barrier
//     and first fragments are at the top of the loop; a final wait for 0
//     groups;
//   - the epilogue: Z[r, c] += acc, masked by Z's valid extents.

// 128x128 bf16 tile, defaults (3 stages, block_k 32): 4 warps of 64x64,
// 4x8 mma tiles of 16x8 each: 128 accumulators, 32 mma per 16-wide k step,
// 64 per slice; 128 rows x 4 chunks of X and of Y: 4 + 4 copies per thread
// and slice.
// CHECK-LABEL: gpu.module @bf16
// CHECK-DAG: memref.global "private" @__layout_matmul_a : memref<12288xbf16, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
// CHECK-DAG: memref.global "private" @__layout_matmul_b : memref<12288xbf16, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[Y:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[Z:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NOT: layout.
//
// The block-size check.
// CHECK-DAG: gpu.block_dim x
// CHECK-DAG: gpu.block_dim y
// CHECK-DAG: gpu.block_dim z
// CHECK-DAG: gpu.thread_id x
// CHECK: %[[THREADS:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[WRONG:.*]] = arith.cmpi ne, %{{.*}}, %[[THREADS]] : index
// CHECK-NEXT: scf.if %[[WRONG]] {
// CHECK: scf.if
// CHECK: gpu.printf "{{.*}}lower-matmul.mlir:{{[0-9]+}}:{{[0-9]+}}: runtime error: this tiled matrix product needs 128 threads per block (%d warps), the launch gave %d\0A", %{{.*}}, %{{.*}} : i32, i32
// CHECK: llvm.intr.trap
//
// k is the smaller of the two valid k extents; the staging buffers.
// CHECK: %[[KX:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[KY:.*]] = memref.dim %[[Y]], %{{.*}}
// CHECK: %[[K:.*]] = arith.minsi %[[KX]], %[[KY]] : index
// CHECK: %[[SA:.*]] = memref.get_global @__layout_matmul_a : memref<12288xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.get_global @__layout_matmul_b : memref<12288xbf16, #gpu.address_space<workgroup>>
// The rows are 16-byte aligned: base + 2·offset and the row stride.
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[BK1:.*]] = arith.constant 31 : index
// CHECK-NEXT: %[[KP:.*]] = arith.addi %[[K]], %[[BK1]] : index
// CHECK-NEXT: %[[BK:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[SLICES:.*]] = arith.divui %[[KP]], %[[BK]] : index
//
// Interior or edge tile.
// CHECK: arith.remui %[[K]], %{{.*}} : index
// CHECK: %[[ACC:.*]]:128 = scf.if %{{.*}} -> (f32, f32, {{.*}}, f32) {
//
// The unmasked pipeline. Prologue: slices 0 and 1, each guarded by
// slice < slices.
// CHECK-NEXT: %[[S0:.*]] = arith.constant 0 : index
// CHECK-NEXT: arith.cmpi slt, %[[S0]], %[[SLICES]] : index
// CHECK-NEXT: scf.if
// CHECK-COUNT-4: nvgpu.device_async_copy %[[X]][%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}], 8 {bypassL1} : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<12288xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.device_async_copy %[[Y]][%{{.*}}, %{{.*}}], %[[SB]][%{{.*}}], 8 {bypassL1} : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<12288xbf16, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: %[[S1:.*]] = arith.constant 1 : index
// CHECK-NEXT: arith.cmpi slt, %[[S1]], %[[SLICES]] : index
// CHECK-COUNT-8: nvgpu.device_async_copy {{.*}}, 8 {bypassL1}
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
//
// Slice 0 landed: its first k step's fragments are loaded before the loop.
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvgpu.ldmatrix %[[SA]]
// CHECK-COUNT-4: nvgpu.ldmatrix %[[SB]]
// CHECK-NOT: nvgpu.ldmatrix
//
// Main loop: 128 accumulators, the 32 fragment rows of the next k step
// (A: 4 tiles x 4, B: 8 tiles x 2), the stage and the first column of the
// slice to prefetch (min(kt + 2, slices - 1) x 32: the addresses stay
// inside k) as iteration values.
// CHECK: %[[LASTS:.*]] = arith.subi %[[SLICES]], %{{.*}} : index
// CHECK: %[[FIRSTF:.*]] = arith.minsi %{{.*}}, %[[LASTS]] : index
// CHECK: %[[KF0:.*]] = arith.muli %[[FIRSTF]], %{{.*}} : index
// CHECK: %[[LOOP:.*]]:162 = scf.for %[[KT:[^ ]*]] = %{{.*}} to %[[SLICES]] step %{{.*}} iter_args(%[[ACC0:[^ ]*]] = %[[ZERO]], %[[ACC1:[^ ]*]] = %[[ZERO]], %[[ACC2:[^ ]*]] = %[[ZERO]], %[[ACC3:[^ ]*]] = %[[ZERO]], {{.*}} = %[[ZERO]], %[[FA0:[^ ]*]] = %{{[0-9]+}}, {{.*}}, %[[STAGE:[^ ]*]] = %{{[^,]*}}, %[[KF:[^ ]*]] = %[[KF0]]) -> (f32, f32, {{.*}}, f32, vector<2xbf16>, {{.*}}, vector<2xbf16>, index, index) {
// The next stage: (stage + 1) mod 3.
// CHECK: %[[FOLLOW:.*]] = arith.addi %[[STAGE]], %{{.*}} : index
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK-NEXT: arith.cmpi eq, %[[FOLLOW]], %[[THREE]] : index
// CHECK-NEXT: %[[NEWSTAGE:.*]] = arith.select
// Prefetch slice kt+2 into the stage that slice kt-1 used, with no branch:
// past the last slice the copies read nothing and zero-fill (8 or 0
// source elements).
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[KT]], %[[TWO]] : index
// CHECK: arith.cmpi eq, %[[STAGE]], %{{.*}} : index
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[SLICES]] : index
// CHECK: %[[FILL:.*]] = arith.select %[[MORE]], %{{.*}}, %{{.*}} : index
// CHECK-NOT: scf.if
// CHECK: arith.addi %[[KF]], %{{.*}} : index
// CHECK: nvgpu.device_async_copy %[[X]][%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}], 8, %[[FILL]] {bypassL1}
// CHECK-COUNT-3: nvgpu.device_async_copy %[[X]]{{.*}}, 8, %[[FILL]] {bypassL1}
// CHECK-COUNT-4: nvgpu.device_async_copy %[[Y]]{{.*}}, 8, %[[FILL]] {bypassL1}
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// First k step: the second step's fragments (4 A x4, 4 pairs of B x4)
// load, then 32 mma on the fragments loaded before.
// CHECK-COUNT-4: nvgpu.ldmatrix %[[SA]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<12288xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-COUNT-4: nvgpu.ldmatrix %[[SB]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<12288xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: %[[WA0:.*]] = vector.bitcast %[[FA0]] : vector<2xbf16> to vector<1xi32>
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%[[ACC0]], %[[ACC1]], %[[ACC2]], %[[ACC3]]]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-COUNT-31: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// Last k step: slice kt+1 landed (and slice kt's stage is free); its
// first fragments load from the next stage, then 32 mma.
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK: arith.muli %[[NEWSTAGE]], %{{.*}} : index
// CHECK-COUNT-8: nvgpu.ldmatrix
// CHECK-NOT: nvgpu.ldmatrix
// CHECK-COUNT-32: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: nvgpu.ldmatrix
// The prefetch column advances by 32 while slice kt+3 exists.
// CHECK: %[[KF2:.*]] = arith.addi %[[KF]], %{{.*}} : index
// CHECK: %[[KF3:.*]] = arith.select %{{.*}}, %[[KF2]], %[[KF]] : index
// CHECK-NEXT: scf.yield {{.*}}, %[[NEWSTAGE]], %[[KF3]] : f32, f32, {{.*}}, f32, vector<2xbf16>, {{.*}}, index, index
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: scf.yield %[[LOOP]]#0, %[[LOOP]]#1, {{.*}}, %[[LOOP]]#127 : f32,
// CHECK-NEXT: } else {
//
// The masked pipeline: source element counts, scalar copies for
// unaligned rows.
// CHECK: %[[M0:.*]] = arith.constant 0 : index
// CHECK-NEXT: arith.cmpi slt, %[[M0]], %[[SLICES]] : index
// CHECK: arith.subi %[[K]], %{{.*}} : index
// CHECK: %[[N:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %{{.*}} {
// CHECK: nvgpu.device_async_copy %[[X]][%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}], 8, %[[N]] {bypassL1}
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ZB:.*]] = arith.constant 0.000000e+00 : bf16
// CHECK: scf.if %{{.*}} -> (bf16) {
// CHECK-NEXT: memref.load %[[X]][%{{.*}}, %{{.*}}] : memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT: scf.yield %{{.*}} : bf16
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZB]] : bf16
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %{{.*}}, %[[SA]][%{{.*}}] : memref<12288xbf16, #gpu.address_space<workgroup>>
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-8: nvgpu.ldmatrix
// The masked loop carries no prefetch column; its prefetch is guarded by
// slice kt+2 < slices.
// CHECK: %[[MLOOP:.*]]:161 = scf.for %[[MKT:[^ ]*]] = %{{.*}} to %[[SLICES]] step {{.*}} -> (f32, f32, {{.*}}, f32, vector<2xbf16>, {{.*}}, vector<2xbf16>, index) {
// CHECK: %[[MNEXT:.*]] = arith.addi %[[MKT]], %{{.*}} : index
// CHECK: %[[MMORE:.*]] = arith.cmpi slt, %[[MNEXT]], %[[SLICES]] : index
// CHECK-NEXT: scf.if %[[MMORE]] {
// CHECK-COUNT-8: nvgpu.device_async_copy {{.*}}, 8, %{{.*}} {bypassL1}
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK-COUNT-8: nvgpu.ldmatrix
// CHECK-COUNT-32: nvvm.mma.sync
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-8: nvgpu.ldmatrix
// CHECK-COUNT-32: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: scf.yield %[[MLOOP]]#0, %[[MLOOP]]#1, {{.*}}, %[[MLOOP]]#127 : f32,
// CHECK-NEXT: }
//
// Epilogue: 128 accumulators added into Z inside its valid extents.
// CHECK-DAG: %[[ROWS:.*]] = memref.dim %[[Z]], %{{.*}}
// CHECK-DAG: %[[COLS:.*]] = memref.dim %[[Z]], %{{.*}}
// CHECK-DAG: %[[CIN:.*]] = arith.cmpi slt, %[[C0:.*]], %[[COLS]] : index
// CHECK-DAG: %[[RIN:.*]] = arith.cmpi slt, %[[R0:.*]], %[[ROWS]] : index
// CHECK: %[[IN:.*]] = arith.andi %[[RIN]], %[[CIN]] : i1
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[Z]][%[[R0]], %[[C0]]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %[[ACC]]#0 : f32
// CHECK-NEXT: memref.store %[[NEW]], %[[Z]][%[[R0]], %[[C0]]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: }
// CHECK-COUNT-127: arith.addf %{{.*}}, %[[ACC]]#{{[0-9]+}} : f32
// CHECK-NOT: arith.addf
// CHECK: return
gpu.module @bf16 {
  func.func @gemm(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
    layout.matmul %a, %b into %c : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
    return
  }
}

// f16, a shared Z, 2 stages of block_k 16: one warp of 64x64, one k step
// per slice of 32 nvgpu.mma.sync; the wait in the loop is for 0 groups.
// With 2 stages slice kt+1 is copied during iteration kt, so the wait for
// slice kt, the barrier and its fragments stay at the top of the loop
// (no fragments carried across iterations).
// CHECK-LABEL: gpu.module @f16
// CHECK-DAG: memref.global "private" @__layout_matmul_a : memref<2048xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.global "private" @__layout_matmul_b : memref<2048xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @gemm(
// CHECK: arith.constant 32 : index
// CHECK-NEXT: arith.cmpi ne
// CHECK: gpu.printf "{{.*}}needs 32 threads per block (%d warps), the launch gave %d\0A"
// CHECK: %[[ACC:.*]]:128 = scf.if
// CHECK: scf.for {{.*}} -> (f32, {{.*}}, f32, index, index) {
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-8: nvgpu.ldmatrix %{{.*}}[%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<2048xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NOT: nvgpu.ldmatrix
// CHECK-COUNT-32: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NOT: mma.sync
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.for
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: mma.sync
// A whole Z tile reads all its old values, then adds and writes.
// CHECK-COUNT-128: memref.load %{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addf %{{.*}}, %[[ACC]]#0 : f32
// CHECK-NEXT: memref.store %{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
gpu.module @f16 {
  func.func @gemm(%a: !layout.view<64x?xf16, global>, %b: !layout.view<64x?xf16, global>, %c: !layout.view<64x64xf32, shared>) {
    layout.matmul %a, %b into %c {stages = 2 : i64, block_k = 16 : i64} : !layout.view<64x?xf16, global>, !layout.view<64x?xf16, global> into !layout.view<64x64xf32, shared>
    return
  }
}

// 48x8, 4 stages of block_k 32: 3 warps of 16x8 (96 threads), one
// accumulator tile per warp: per k step one ldmatrix x4 (A), one x2 (B)
// and one mma. X's 48 rows x 4 chunks are 2 rounds of 96 copies; Y's
// 8 x 4 = 32 copies are fewer than the threads: guarded by tid < 32.
// CHECK-LABEL: gpu.module @narrow
// CHECK-DAG: memref.global "private" @__layout_matmul_a : memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.global "private" @__layout_matmul_b : memref<1024xbf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[Y:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK: arith.constant 96 : index
// CHECK-NEXT: arith.cmpi ne
// CHECK: gpu.printf "{{.*}}needs 96 threads per block (%d warps), the launch gave %d\0A"
// CHECK: %[[SB:.*]] = memref.get_global @__layout_matmul_b
// CHECK: %[[SLICES:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: %[[ACC:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK-COUNT-2: nvgpu.device_async_copy %[[X]]
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: %[[TOTAL:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[SOME:.*]] = arith.cmpi slt, %{{.*}}, %[[TOTAL]] : index
// CHECK-NEXT: scf.if %[[SOME]] {
// CHECK-NEXT: nvgpu.device_async_copy %[[Y]][%{{.*}}, %{{.*}}], %[[SB]][%{{.*}}], 8 {bypassL1}
// CHECK-NEXT: }
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// Slice 0's first fragments, then the loop with them (4 + 2 rows), the
// stage and the prefetch column as iteration values.
// CHECK: nvvm.cp.async.wait.group 2
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<6144xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NEXT: vector.extract
// CHECK: nvgpu.ldmatrix %[[SB]][%{{.*}}] {numTiles = 2 : i32, transpose = false} : memref<1024xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
// CHECK: %[[LOOP:.*]]:12 = scf.for %{{.*}} = %{{.*}} to %[[SLICES]] step %{{.*}} iter_args(
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32
// CHECK: nvgpu.ldmatrix %[[SB]][%{{.*}}] {numTiles = 2 : i32
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: nvvm.cp.async.wait.group 2
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.yield
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: } else {
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: }
// A whole Z tile: the 4 loads first, then the adds and stores; an edge
// tile guards each element.
// CHECK-COUNT-4: memref.load
// CHECK-COUNT-4: arith.addf %{{.*}}, %[[ACC]]#{{[0-3]}} : f32
// CHECK: } else {
// CHECK-COUNT-4: arith.addf %{{.*}}, %[[ACC]]#{{[0-3]}} : f32
// CHECK-NOT: arith.addf
gpu.module @narrow {
  func.func @gemm(%a: !layout.view<48x?xbf16, global>, %b: !layout.view<8x?xbf16, global>, %c: !layout.view<48x8xf32, global>) {
    layout.matmul %a, %b into %c {stages = 4 : i64, block_k = 32 : i64} : !layout.view<48x?xbf16, global>, !layout.view<8x?xbf16, global> into !layout.view<48x8xf32, global>
    return
  }
}
