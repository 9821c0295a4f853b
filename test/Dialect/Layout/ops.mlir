// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// Every op and the type of the layout dialect round-trip: views with
// static and run-time (`?`) extents, tiles with static, dynamic and mixed
// sizes, element access with fewer coordinates than the rank, the copy and
// tensor-core primitives and the block-wide tiled matrix product.

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %{{.*}}: !layout.view<128x?xbf16, global>
// CHECK-SAME: %{{.*}}: !layout.view<?xf16, global>
// CHECK-SAME: %{{.*}}: !layout.view<2x3x4xi8, shared>
// CHECK-SAME: %{{.*}}: !layout.view<4xf32, reg>
// CHECK-SAME: %{{.*}}: !layout.view<?x?x?xi64, global>
func.func @types(%a: !layout.view<128x?xbf16, global>,
                 %b: !layout.view<?xf16, global>,
                 %c: !layout.view<2x3x4xi8, shared>,
                 %d: !layout.view<4xf32, reg>,
                 %e: !layout.view<?x?x?xi64, global>) {
  return
}

// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr, %[[M:.*]]: index, %[[N:.*]]: index
// CHECK: layout.view %[[P]]() : !llvm.ptr -> <16x16xf32, global>
// CHECK: layout.view %[[P]](%[[M]], %[[N]]) : !llvm.ptr -> <?x?xbf16, global>
// CHECK: layout.view %[[P]](%[[N]]) : !llvm.ptr -> <8x?xf16, global>
// CHECK: layout.view %[[P]](%[[M]]) : !llvm.ptr -> <?x4x2xi32, global>
// CHECK: layout.view %{{.*}}() : <1> -> <32xf32, global>
func.func @views(%p: !llvm.ptr, %m: index, %n: index, %q: !llvm.ptr<1>) {
  %0 = layout.view %p() : !llvm.ptr -> !layout.view<16x16xf32, global>
  %1 = layout.view %p(%m, %n) : !llvm.ptr -> !layout.view<?x?xbf16, global>
  %2 = layout.view %p(%n) : !llvm.ptr -> !layout.view<8x?xf16, global>
  %3 = layout.view %p(%m) : !llvm.ptr -> !layout.view<?x4x2xi32, global>
  %4 = layout.view %q() : !llvm.ptr<1> -> !layout.view<32xf32, global>
  return
}

// CHECK-LABEL: func.func @storage(
// CHECK: layout.smem : <32x33xf32, shared>
// CHECK: layout.smem : <128xi32, shared>
// CHECK: layout.reg : <4xf32, reg>
// CHECK: layout.reg : <2x4xi32, reg>
func.func @storage() {
  %s = layout.smem : !layout.view<32x33xf32, shared>
  %t = layout.smem : !layout.view<128xi32, shared>
  %r = layout.reg : !layout.view<4xf32, reg>
  %u = layout.reg : !layout.view<2x4xi32, reg>
  return
}

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: %[[A:[^:]*]]: !layout.view<?x?xbf16, global>, %[[K:[^:]*]]: index, %[[BX:[^:]*]]: index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[T0:.*]] = layout.tile %[[A]] [128, %[[K]]] at(%[[BX]], %[[C0]]) : <?x?xbf16, global> -> <128x?xbf16, global>
// CHECK: layout.tile %[[A]] [32, 32] at(%[[BX]], %[[BX]]) : <?x?xbf16, global> -> <32x32xbf16, global>
// CHECK: layout.tile %[[A]] [%[[K]], %[[K]]] at(%[[C0]], %[[BX]]) : <?x?xbf16, global> -> <?x?xbf16, global>
// CHECK: layout.tile %[[A]] [%[[K]], 16] at(%[[C0]], %[[C0]]) : <?x?xbf16, global> -> <?x16xbf16, global>
// Tiles of tiles, and tiles merging trailing dimensions (fewer sizes).
// CHECK: layout.tile %[[T0]] [16, 16] at(%[[BX]], %[[C0]]) : <128x?xbf16, global> -> <16x16xbf16, global>
// CHECK: layout.tile %{{.*}} [64] at(%[[BX]]) : <4x8x8xf32, shared> -> <64xf32, shared>
// CHECK: layout.tile %{{.*}} [2, 8] at(%[[C0]], %[[BX]]) : <4x8x8xf32, shared> -> <2x8xf32, shared>
func.func @tiles(%a: !layout.view<?x?xbf16, global>, %k: index, %bx: index) {
  %c0 = arith.constant 0 : index
  %t0 = layout.tile %a[128, %k] at(%bx, %c0) : !layout.view<?x?xbf16, global> -> !layout.view<128x?xbf16, global>
  %t1 = layout.tile %a[32, 32] at(%bx, %bx) : !layout.view<?x?xbf16, global> -> !layout.view<32x32xbf16, global>
  %t2 = layout.tile %a[%k, %k] at(%c0, %bx) : !layout.view<?x?xbf16, global> -> !layout.view<?x?xbf16, global>
  %t3 = layout.tile %a[%k, 16] at(%c0, %c0) : !layout.view<?x?xbf16, global> -> !layout.view<?x16xbf16, global>
  %t4 = layout.tile %t0[16, 16] at(%bx, %c0) : !layout.view<128x?xbf16, global> -> !layout.view<16x16xbf16, global>
  %s = layout.smem : !layout.view<4x8x8xf32, shared>
  %t5 = layout.tile %s[64] at(%bx) : !layout.view<4x8x8xf32, shared> -> !layout.view<64xf32, shared>
  %t6 = layout.tile %s[2, 8] at(%c0, %bx) : !layout.view<4x8x8xf32, shared> -> !layout.view<2x8xf32, shared>
  return
}

// CHECK-LABEL: func.func @elements(
// CHECK-SAME: %[[V:[^:]*]]: !layout.view<?x?x?xf32, global>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index
// CHECK: %[[X:.*]] = layout.load %[[V]][%[[I]], %[[J]], %[[I]]] : <?x?x?xf32, global>
// CHECK: %[[Y:.*]] = layout.load %[[V]][%[[I]]] : <?x?x?xf32, global>
// CHECK: layout.store %[[X]], %[[V]][%[[I]], %[[J]]] : <?x?x?xf32, global>
// CHECK: layout.store %[[Y]], %[[S:.*]][%[[I]], %[[J]]] : <32x33xf32, shared>
// CHECK: layout.addr %[[S]][%[[I]], %[[J]]] : <32x33xf32, shared>
// CHECK: layout.addr %[[V]][%[[J]]] : <?x?x?xf32, global>
// CHECK: return %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr
func.func @elements(%v: !layout.view<?x?x?xf32, global>, %i: index, %j: index) -> (!llvm.ptr, !llvm.ptr) {
  %x = layout.load %v[%i, %j, %i] : !layout.view<?x?x?xf32, global>
  %y = layout.load %v[%i] : !layout.view<?x?x?xf32, global>
  layout.store %x, %v[%i, %j] : !layout.view<?x?x?xf32, global>
  %s = layout.smem : !layout.view<32x33xf32, shared>
  layout.store %y, %s[%i, %j] : !layout.view<32x33xf32, shared>
  %p = layout.addr %s[%i, %j] : !layout.view<32x33xf32, shared>
  %q = layout.addr %v[%j] : !layout.view<?x?x?xf32, global>
  return %p, %q : !llvm.ptr, !llvm.ptr
}

// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[G:[^:]*]]: !layout.view<?x?xbf16, global>, %[[R:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK: %[[S:.*]] = layout.smem : <16x16xbf16, shared>
// CHECK: layout.cp_async16 %[[S]][%[[R]], %[[R]]], %[[G]][%[[R]], %[[N]]] : <16x16xbf16, shared>, <?x?xbf16, global>
// CHECK-NOT: valid
// CHECK: layout.cp_async16 %[[S]][%[[R]]], %[[G]][%[[R]], %[[R]]] valid(%[[N]]) : <16x16xbf16, shared>, <?x?xbf16, global>
// CHECK: layout.cp_async16 %{{.*}}[%[[R]]], %{{.*}}[%[[N]]] : <128xf32, shared>, <?xf32, global>
// CHECK-NEXT: layout.cp_commit_group
// CHECK-NEXT: layout.cp_wait_group 1
// CHECK-NEXT: layout.cp_wait_group 0
func.func @copies(%g: !layout.view<?x?xbf16, global>, %r: index, %n: index, %gf: !layout.view<?xf32, global>) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  layout.cp_async16 %s[%r, %r], %g[%r, %n] : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
  layout.cp_async16 %s[%r], %g[%r, %r] valid(%n) : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
  %sf = layout.smem : !layout.view<128xf32, shared>
  layout.cp_async16 %sf[%r], %gf[%n] : !layout.view<128xf32, shared>, !layout.view<?xf32, global>
  layout.cp_commit_group
  layout.cp_wait_group 1
  layout.cp_wait_group 0
  return
}

// CHECK-LABEL: func.func @fragments(
// CHECK: %[[SA:.*]] = layout.smem : <16x16xbf16, shared>
// CHECK: %[[SB:.*]] = layout.smem : <8x16xf16, shared>
// CHECK: %[[FA:.*]] = layout.reg : <4xi32, reg>
// CHECK: %[[FB:.*]] = layout.reg : <2xi32, reg>
// CHECK: %[[FF:.*]] = layout.reg : <2x4xf32, reg>
// CHECK: %[[ACC:.*]] = layout.reg : <4xf32, reg>
// CHECK: layout.ldmatrix %[[FA]][%{{.*}}], %[[SA]][%{{.*}}, %{{.*}}] {count = 4 : i32} : <4xi32, reg>, <16x16xbf16, shared>
// CHECK: layout.ldmatrix %[[FA]][%{{.*}}], %[[SA]][%{{.*}}, %{{.*}}] {count = 4 : i32, transpose} : <4xi32, reg>, <16x16xbf16, shared>
// CHECK: layout.ldmatrix %[[FB]][%{{.*}}], %[[SB]][%{{.*}}, %{{.*}}] {count = 2 : i32} : <2xi32, reg>, <8x16xf16, shared>
// CHECK: layout.ldmatrix %[[FB]][%{{.*}}], %[[SB]][%{{.*}}] {count = 2 : i32, transpose} : <2xi32, reg>, <8x16xf16, shared>
// CHECK: layout.ldmatrix %[[FF]][%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}, %{{.*}}] {count = 1 : i32} : <2x4xf32, reg>, <16x16xbf16, shared>
// CHECK: layout.mma_16x8x16 %[[ACC]][%{{.*}}], %[[FA]][%{{.*}}], %[[FB]][%{{.*}}] {input_type = bf16} : <4xf32, reg>, <4xi32, reg>, <2xi32, reg>
// CHECK: layout.mma_16x8x16 %[[ACC]][%{{.*}}], %[[FA]][%{{.*}}], %[[FB]][%{{.*}}] {input_type = f16} : <4xf32, reg>, <4xi32, reg>, <2xi32, reg>
// CHECK: layout.mma_16x8x16 %[[FF]][%{{.*}}, %{{.*}}], %[[FF]][%{{.*}}], %[[FB]][%{{.*}}] {input_type = f16} : <2x4xf32, reg>, <2x4xf32, reg>, <2xi32, reg>
// 16-bit fragments (two elements per register).
// CHECK: %[[HA:.*]] = layout.reg : <8xf16, reg>
// CHECK: %[[HB:.*]] = layout.reg : <4xf16, reg>
// CHECK: layout.ldmatrix %[[HA]][%{{.*}}], %[[SB]][%{{.*}}, %{{.*}}] {count = 4 : i32} : <8xf16, reg>, <8x16xf16, shared>
// CHECK: layout.mma_16x8x16 %[[ACC]][%{{.*}}], %[[HA]][%{{.*}}], %[[HB]][%{{.*}}] {input_type = f16} : <4xf32, reg>, <8xf16, reg>, <4xf16, reg>
func.func @fragments(%r: index, %c: index) {
  %c0 = arith.constant 0 : index
  %sa = layout.smem : !layout.view<16x16xbf16, shared>
  %sb = layout.smem : !layout.view<8x16xf16, shared>
  %fa = layout.reg : !layout.view<4xi32, reg>
  %fb = layout.reg : !layout.view<2xi32, reg>
  %ff = layout.reg : !layout.view<2x4xf32, reg>
  %acc = layout.reg : !layout.view<4xf32, reg>
  layout.ldmatrix %fa[%c0], %sa[%r, %c] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
  layout.ldmatrix %fa[%c0], %sa[%r, %c] {count = 4 : i32, transpose} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
  layout.ldmatrix %fb[%c0], %sb[%r, %c] {count = 2 : i32} : !layout.view<2xi32, reg>, !layout.view<8x16xf16, shared>
  layout.ldmatrix %fb[%c0], %sb[%r] {count = 2 : i32, transpose} : !layout.view<2xi32, reg>, !layout.view<8x16xf16, shared>
  layout.ldmatrix %ff[%c0, %c0], %sa[%r, %c] {count = 1 : i32} : !layout.view<2x4xf32, reg>, !layout.view<16x16xbf16, shared>
  layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = f16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  layout.mma_16x8x16 %ff[%c0, %c0], %ff[%c0], %fb[%c0] {input_type = f16} : !layout.view<2x4xf32, reg>, !layout.view<2x4xf32, reg>, !layout.view<2xi32, reg>
  %ha = layout.reg : !layout.view<8xf16, reg>
  %hb = layout.reg : !layout.view<4xf16, reg>
  layout.ldmatrix %ha[%c0], %sb[%r, %c] {count = 4 : i32} : !layout.view<8xf16, reg>, !layout.view<8x16xf16, shared>
  layout.mma_16x8x16 %acc[%c0], %ha[%c0], %hb[%c0] {input_type = f16} : !layout.view<4xf32, reg>, !layout.view<8xf16, reg>, !layout.view<4xf16, reg>
  return
}

// The defaults (stages 3, block_k 32) are not printed; other values are.
// CHECK-LABEL: func.func @matmuls(
// CHECK-SAME: %[[A:[^:]*]]: !layout.view<128x?xbf16, global>, %[[B:[^:]*]]: !layout.view<128x?xbf16, global>, %[[C:[^:]*]]: !layout.view<128x128xf32, global>
// CHECK: layout.matmul %[[A]], %[[B]] into %[[C]] : <128x?xbf16, global>, <128x?xbf16, global> into <128x128xf32, global>
// CHECK: layout.matmul %[[A]], %[[B]] into %[[C]] {block_k = 16 : i64, stages = 4 : i64} : <128x?xbf16, global>, <128x?xbf16, global> into <128x128xf32, global>
// CHECK: layout.matmul %{{.*}}, %{{.*}} into %{{.*}} : <64x256xf16, global>, <32x256xf16, global> into <64x32xf32, shared>
func.func @matmuls(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>,
                   %c: !layout.view<128x128xf32, global>,
                   %x: !layout.view<64x256xf16, global>, %y: !layout.view<32x256xf16, global>) {
  layout.matmul %a, %b into %c : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
  layout.matmul %a, %b into %c {stages = 4 : i64, block_k = 16 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
  %z = layout.smem : !layout.view<64x32xf32, shared>
  layout.matmul %x, %y into %z : !layout.view<64x256xf16, global>, !layout.view<32x256xf16, global> into !layout.view<64x32xf32, shared>
  return
}

// X and Y of different static k are accepted (the product runs over the
// smaller k; Neve source with two different constant k is refused earlier).
// CHECK-LABEL: func.func @matmul_different_k
func.func @matmul_different_k(%x: !layout.view<64x32xbf16, global>, %y: !layout.view<64x64xbf16, global>, %z: !layout.view<64x64xf32, global>) {
  // CHECK: layout.matmul %{{.*}}, %{{.*}} into %{{.*}} : <64x32xbf16, global>, <64x64xbf16, global> into <64x64xf32, global>
  layout.matmul %x, %y into %z : !layout.view<64x32xbf16, global>, !layout.view<64x64xbf16, global> into !layout.view<64x64xf32, global>
  return
}

// CHECK-LABEL: func.func @dim
func.func @dim(%v: !layout.view<16x?xf32, global>) -> (index, index) {
  // CHECK: layout.dim %{{.*}}, 1 : <16x?xf32, global>
  %k = layout.dim %v, 1 : !layout.view<16x?xf32, global>
  // A static extent folds when canonicalized; as parsed it stays.
  // CHECK: layout.dim %{{.*}}, 0 : <16x?xf32, global>
  %r = layout.dim %v, 0 : !layout.view<16x?xf32, global>
  return %k, %r : index, index
}

// An epilogue region: the product and the element's position.
// CHECK-LABEL: func.func @matmul_epilogue(
// CHECK: layout.matmul %{{.*}}, %{{.*}} into %{{.*}} : <128x?xbf16, global>, <128x?xbf16, global> into <128x128xf32, global> epilogue {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[I:.*]]: index):
// CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[K]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: llvm.store %[[ACC]], %[[P]] : f32, !llvm.ptr
// CHECK-NEXT: layout.yield
// CHECK-NEXT: }
func.func @matmul_epilogue(%y: !llvm.ptr, %a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
  layout.matmul %a, %b into %c : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f32, %i: index):
    %k = arith.index_cast %i : index to i64
    %p = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %acc, %p : f32, !llvm.ptr
    layout.yield
  }
  return
}
