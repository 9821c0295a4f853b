// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.reg: a 16-byte aligned memref.alloca in the function's entry block
// (a loop does not grow the stack), zeroed where the op runs: one store per
// element up to 256 elements, an scf.for loop above.

// CHECK-LABEL: func.func @zeroed_in_loop(
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4xf32>
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-COUNT-4: memref.store %[[Z]], %[[BUF]][%{{.*}}] : memref<4xf32>
// CHECK-NOT: memref.store %[[Z]]
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32, strided<[2, 1]>>
// CHECK: %[[V:.*]] = memref.cast %[[R]] : memref<2x2xf32, strided<[2, 1]>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: memref.load %[[V]][%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @zeroed_in_loop(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> f32 {
    %r = layout.reg : !layout.view<2x2xf32, reg>
    %x = layout.load %r[%c1, %c1] : !layout.view<2x2xf32, reg>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}

// The stores are at the op's index constants 0..3, in order.
// CHECK-LABEL: func.func @stores_in_order(
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4xi32>
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[Z]], %[[BUF]][%[[C0]]] : memref<4xi32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: memref.store %[[Z]], %[[BUF]][%[[C1]]] : memref<4xi32>
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: memref.store %[[Z]], %[[BUF]][%[[C2]]] : memref<4xi32>
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: memref.store %[[Z]], %[[BUF]][%[[C3]]] : memref<4xi32>
// CHECK-NEXT: memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [4], strides: [1]
func.func @stores_in_order() -> i32 {
  %c0 = arith.constant 0 : index
  %r = layout.reg : !layout.view<4xi32, reg>
  %x = layout.load %r[%c0] : !layout.view<4xi32, reg>
  return %x : i32
}

// Above 256 elements the zeroing is a loop; every alloca is hoisted even
// from a non-entry block.
// CHECK-LABEL: func.func @large(
// CHECK-NEXT: %[[BIG:.*]] = memref.alloca() {alignment = 16 : i64} : memref<512xf32>
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb1:
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[END:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[BEGIN:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[I:.*]] = %[[BEGIN]] to %[[END]] step %[[ONE]] {
// CHECK-NEXT: memref.store %[[Z]], %[[BIG]][%[[I]]] : memref<512xf32>
// CHECK-NEXT: }
// CHECK: memref.reinterpret_cast %[[BIG]] to offset: [0], sizes: [16, 32], strides: [32, 1]
func.func @large(%c: i1, %i: index) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %big = layout.reg : !layout.view<16x32xf32, reg>
  %x = layout.load %big[%i, %i] : !layout.view<16x32xf32, reg>
  return %x : f32
^bb2:
  %f = arith.constant 1.0 : f32
  return %f : f32
}
