// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// RUN: %neve-opt %s --lower-layouts="wgmma=true" | FileCheck %s --check-prefix=WGMMA
// layout.matmul with an epilogue region (LowerMatmul.cpp, epilogue): Z is
// neither loaded nor stored; the region is inlined once per accumulator
// element of the thread, with the product and the element's linear
// position offset + r·stride0 + c·stride1 in Z's buffer (from Z's strided
// metadata), in both branches of the epilogue: whole tiles unguarded,
// edge tiles guarded by r < rows and c < cols.

// A 16x8 tile: one warp, one 16x8 mma tile, 4 accumulators per thread.
// CHECK-LABEL: func.func @bias_relu_bf16(
// CHECK-SAME: %[[Y:[^:]*]]: !llvm.ptr, %[[BIAS:[^:]*]]: !llvm.ptr
// CHECK-NOT: layout.
// CHECK: %[[ACC:.*]]:4 = scf.if
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[S:.*]]:2 = memref.extract_strided_metadata
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: %[[RS:.*]] = arith.muli %{{.*}}, %[[S]]#0 : index
// CHECK-NEXT: %[[CS:.*]] = arith.muli %{{.*}}, %[[S]]#1 : index
// CHECK-NEXT: %[[RC:.*]] = arith.addi %[[RS]], %[[CS]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[OFF]], %[[RC]] : index
// CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[BP:.*]] = llvm.getelementptr %[[BIAS]][%[[K]]]
// CHECK-NEXT: %[[B:.*]] = llvm.load %[[BP]] : !llvm.ptr -> f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]]#0, %[[B]] : f32
// CHECK-NEXT: %[[RELU:.*]] = arith.maximumf %[[SUM]], %{{.*}} : f32
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[RELU]] : f32 to bf16
// CHECK-NEXT: %[[YP:.*]] = llvm.getelementptr %[[Y]][%[[K]]] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK-NEXT: llvm.store %[[H]], %[[YP]] : bf16, !llvm.ptr
// CHECK-COUNT-3: llvm.store %{{.*}} : bf16, !llvm.ptr
// CHECK-NOT: memref.store
// CHECK-NOT: memref.load
// CHECK: } else {
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: arith.addf %[[ACC]]#0
// CHECK: llvm.store %{{.*}} : bf16, !llvm.ptr
// CHECK-COUNT-3: llvm.store %{{.*}} : bf16, !llvm.ptr
// CHECK-NOT: memref.store
// CHECK-NOT: llvm.store
// CHECK: return
//
// On the warpgroup path the accumulators come from wgmma; the epilogue is
// the same.
// WGMMA-LABEL: func.func @bias_relu_bf16(
// WGMMA-LABEL: func.func @wide(
// WGMMA: nvvm.wgmma
// WGMMA: memref.extract_strided_metadata
// WGMMA-COUNT-128: llvm.store %{{.*}} : f32, !llvm.ptr
// WGMMA: } else {
// WGMMA-COUNT-128: llvm.store %{{.*}} : f32, !llvm.ptr
// WGMMA-NOT: memref.store
// WGMMA: return
func.func @bias_relu_bf16(%y: !llvm.ptr, %bias: !llvm.ptr, %a: !layout.view<16x?xbf16, global>, %b: !layout.view<8x?xbf16, global>, %c: !layout.view<16x8xf32, global>) {
  %zero = arith.constant 0.0 : f32
  layout.matmul %a, %b into %c : !layout.view<16x?xbf16, global>, !layout.view<8x?xbf16, global> into !layout.view<16x8xf32, global> epilogue {
  ^bb0(%acc: f32, %i: index):
    %k = arith.index_cast %i : index to i64
    %bp = llvm.getelementptr %bias[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %bv = llvm.load %bp : !llvm.ptr -> f32
    %s = arith.addf %acc, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to bf16
    %yp = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    llvm.store %h, %yp : bf16, !llvm.ptr
    layout.yield
  }
  return
}

// 128x128, one warpgroup, 3 stages of 64: wgmma under wgmma=true; 128
// accumulators per thread, each stored by the epilogue into %y (float).
func.func @wide(%y: !llvm.ptr, %a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
  layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f32, %i: index):
    %k = arith.index_cast %i : index to i64
    %yp = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %acc, %yp : f32, !llvm.ptr
    layout.yield
  }
  return
}
