// RUN: %neve-opt %s -canonicalize -split-input-file | FileCheck %s
// The folder and canonicalization of layout.tile: the one tile that is the
// whole view (same static shape, at tile coordinates (0, ...)) folds to its
// source, and constant dynamic tile sizes become static when every user of
// the tile is a layout op (which accept any view type).

// CHECK-LABEL: func.func @whole_view(
// CHECK-SAME: %[[V:[^:]*]]: !layout.view<16x8xf32, global>
// CHECK-NOT: layout.tile
// CHECK: %[[X:.*]] = layout.load %[[V]][%{{.*}}, %{{.*}}] : <16x8xf32, global>
// CHECK: return %[[X]]
func.func @whole_view(%v: !layout.view<16x8xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = layout.tile %v[16, 8] at(%c0, %c0) : !layout.view<16x8xf32, global> -> !layout.view<16x8xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<16x8xf32, global>
  return %x : f32
}

// -----

// The fold also applies when the tile's result is used outside the dialect.
// CHECK-LABEL: func.func @whole_smem(
// CHECK: %[[S:.*]] = layout.smem : <4x4xbf16, shared>
// CHECK-NOT: layout.tile
// CHECK: return %[[S]] : !layout.view<4x4xbf16, shared>
func.func @whole_smem() -> !layout.view<4x4xbf16, shared> {
  %c0 = arith.constant 0 : index
  %s = layout.smem : !layout.view<4x4xbf16, shared>
  %t = layout.tile %s[4, 4] at(%c0, %c0) : !layout.view<4x4xbf16, shared> -> !layout.view<4x4xbf16, shared>
  return %t : !layout.view<4x4xbf16, shared>
}

// -----

// Constant sizes become static first, then the whole-view tile folds.
// CHECK-LABEL: func.func @whole_view_constant_sizes(
// CHECK-SAME: %[[V:[^:]*]]: !layout.view<16x8xf32, global>
// CHECK-NOT: layout.tile
// CHECK: layout.load %[[V]][
func.func @whole_view_constant_sizes(%v: !layout.view<16x8xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %t = layout.tile %v[%c16, %c8] at(%c0, %c0) : !layout.view<16x8xf32, global> -> !layout.view<?x?xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<?x?xf32, global>
  return %x : f32
}

// -----

// A tile at (0, 1) is not the whole view.
// CHECK-LABEL: func.func @nonzero_coords(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [16, 8] at(%{{.*}}, %{{.*}}) : <16x8xf32, global> -> <16x8xf32, global>
// CHECK: layout.load %[[T]][
func.func @nonzero_coords(%v: !layout.view<16x8xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = layout.tile %v[16, 8] at(%c0, %c1) : !layout.view<16x8xf32, global> -> !layout.view<16x8xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<16x8xf32, global>
  return %x : f32
}

// -----

// Coordinates not known at compile time do not fold.
// CHECK-LABEL: func.func @unknown_coords(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [16, 8] at(%{{.*}}, %{{.*}}) : <16x8xf32, global> -> <16x8xf32, global>
// CHECK: layout.load %[[T]][
func.func @unknown_coords(%v: !layout.view<16x8xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = layout.tile %v[16, 8] at(%c0, %i) : !layout.view<16x8xf32, global> -> !layout.view<16x8xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<16x8xf32, global>
  return %x : f32
}

// -----

// A smaller tile at (0, 0) is not the whole view.
// CHECK-LABEL: func.func @smaller_tile(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [8, 8] at(%{{.*}}, %{{.*}}) : <16x8xf32, global> -> <8x8xf32, global>
// CHECK: layout.load %[[T]][
func.func @smaller_tile(%v: !layout.view<16x8xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = layout.tile %v[8, 8] at(%c0, %c0) : !layout.view<16x8xf32, global> -> !layout.view<8x8xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<8x8xf32, global>
  return %x : f32
}

// -----

// A tile of a view with run-time extents is not known to be all of it,
// even with the same type (the tile is clipped to the valid region).
// CHECK-LABEL: func.func @dynamic_source(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [%{{.*}}, %{{.*}}] at(%{{.*}}, %{{.*}}) : <?x?xf32, global> -> <?x?xf32, global>
// CHECK: layout.load %[[T]][
func.func @dynamic_source(%v: !layout.view<?x?xf32, global>, %m: index, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = layout.tile %v[%m, %m] at(%c0, %c0) : !layout.view<?x?xf32, global> -> !layout.view<?x?xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<?x?xf32, global>
  return %x : f32
}

// -----

// Constant sizes become static; the others stay operands, and the users
// see the new type.
// CHECK-LABEL: func.func @static_sizes(
// CHECK-SAME: %[[A:[^:]*]]: !layout.view<?x?xbf16, global>, %[[K:[^:]*]]: index, %[[BX:[^:]*]]: index
// CHECK: %[[T:.*]] = layout.tile %[[A]] [128, %[[K]]] at(%[[BX]], %{{.*}}) : <?x?xbf16, global> -> <128x?xbf16, global>
// CHECK: %[[U:.*]] = layout.tile %[[T]] [16, 32] at(%[[BX]], %[[BX]]) : <128x?xbf16, global> -> <16x32xbf16, global>
// CHECK: layout.load %[[U]][%{{.*}}, %{{.*}}] : <16x32xbf16, global>
// CHECK: layout.addr %[[T]][%{{.*}}] : <128x?xbf16, global>
func.func @static_sizes(%a: !layout.view<?x?xbf16, global>, %k: index, %bx: index) -> (bf16, !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %t = layout.tile %a[%c128, %k] at(%bx, %c0) : !layout.view<?x?xbf16, global> -> !layout.view<?x?xbf16, global>
  %u = layout.tile %t[%c16, %c32] at(%bx, %bx) : !layout.view<?x?xbf16, global> -> !layout.view<?x?xbf16, global>
  %x = layout.load %u[%c0, %c0] : !layout.view<?x?xbf16, global>
  %p = layout.addr %t[%c0] : !layout.view<?x?xbf16, global>
  return %x, %p : bf16, !llvm.ptr
}

// -----

// The product accepts the new type: a constant k becomes static.
// CHECK-LABEL: func.func @static_matmul_operands(
// CHECK: %[[X:.*]] = layout.tile %{{.*}} [64, 32] at(%{{.*}}, %{{.*}}) : <?x?xf16, global> -> <64x32xf16, global>
// CHECK: %[[Y:.*]] = layout.tile %{{.*}} [64, %{{.*}}] at(%{{.*}}, %{{.*}}) : <?x?xf16, global> -> <64x?xf16, global>
// CHECK: layout.matmul %[[X]], %[[Y]] into %{{.*}} : <64x32xf16, global>, <64x?xf16, global> into <64x64xf32, global>
func.func @static_matmul_operands(%a: !layout.view<?x?xf16, global>, %b: !layout.view<?x?xf16, global>,
                                  %c: !layout.view<64x64xf32, global>, %k: index, %bx: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %x = layout.tile %a[64, %c32] at(%bx, %c0) : !layout.view<?x?xf16, global> -> !layout.view<64x?xf16, global>
  %y = layout.tile %b[64, %k] at(%bx, %c0) : !layout.view<?x?xf16, global> -> !layout.view<64x?xf16, global>
  layout.matmul %x, %y into %c : !layout.view<64x?xf16, global>, !layout.view<64x?xf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

// A user outside the layout dialect (here func.return, whose type is the
// function's) blocks the rewrite: the type must not change.
// CHECK-LABEL: func.func @foreign_user(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [%{{.*}}, %{{.*}}] at(%{{.*}}, %{{.*}}) : <?x?xf32, global> -> <?x?xf32, global>
// CHECK: layout.load %[[T]][
// CHECK: return %[[T]], %{{.*}} : !layout.view<?x?xf32, global>, f32
func.func @foreign_user(%v: !layout.view<?x?xf32, global>, %i: index) -> (!layout.view<?x?xf32, global>, f32) {
  %c4 = arith.constant 4 : index
  %t = layout.tile %v[%c4, %c4] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<?x?xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<?x?xf32, global>
  return %t, %x : !layout.view<?x?xf32, global>, f32
}

// -----

// A call is a foreign user too.
// CHECK-LABEL: func.func @call_user(
// CHECK: %[[T:.*]] = layout.tile %{{.*}} [%{{.*}}] at(%{{.*}}) : <?xf32, global> -> <?xf32, global>
// CHECK: call @sink(%[[T]]) : (!layout.view<?xf32, global>) -> ()
func.func private @sink(!layout.view<?xf32, global>)
func.func @call_user(%v: !layout.view<?xf32, global>, %i: index) {
  %c32 = arith.constant 32 : index
  %t = layout.tile %v[%c32] at(%i) : !layout.view<?xf32, global> -> !layout.view<?xf32, global>
  call @sink(%t) : (!layout.view<?xf32, global>) -> ()
  return
}

// -----

// A zero or negative constant size is not a valid static extent: it stays
// an operand.
// CHECK-LABEL: func.func @nonpositive_sizes(
// CHECK: layout.tile %{{.*}} [%{{.*}}, %{{.*}}] at(%{{.*}}, %{{.*}}) : <?x?xf32, global> -> <?x?xf32, global>
func.func @nonpositive_sizes(%v: !layout.view<?x?xf32, global>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %t = layout.tile %v[%c0, %cm1] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<?x?xf32, global>
  %x = layout.load %t[%i, %i] : !layout.view<?x?xf32, global>
  return %x : f32
}
