// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// neve.launch round-trips (block-shared storage is layout.smem,
// test/Dialect/Layout).

// CHECK-LABEL: func.func private @k(
func.func private @k(%p: !llvm.ptr, %a: f32) attributes {neve.kernel} {
  return
}

// CHECK-LABEL: func.func @main(
// CHECK: neve.launch @k grid(%{{.*}}, %{{.*}}, %{{.*}}) block(%{{.*}}, %{{.*}}, %{{.*}}) smem(%{{.*}}) args(%arg0, %{{.*}} : !llvm.ptr, f32)
// CHECK: neve.launch @k grid({{.*}}) smem(%{{.*}}) stream(%arg1 : !llvm.ptr) args(
func.func @main(%p: !llvm.ptr, %s: !llvm.ptr) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %a = arith.constant 2.0 : f32
  neve.launch @k grid(%c1, %c1, %c1) block(%c1, %c1, %c1) smem(%c0) args(%p, %a : !llvm.ptr, f32)
  neve.launch @k grid(%c1, %c1, %c1) block(%c1, %c1, %c1) smem(%c0) stream(%s : !llvm.ptr) args(%p, %a : !llvm.ptr, f32)
  return
}
