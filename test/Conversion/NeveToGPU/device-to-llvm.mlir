// RUN: %neve-opt %s --pass-pipeline='builtin.module(gpu.module(convert-neve-device-to-llvm))' | FileCheck %s
// In device code the neve ops lower to LLVM without runtime calls: a
// failing fixed-array check or a division by zero traps; tuples become
// structs. Host functions are not touched.

// CHECK-LABEL: func.func @host(
// CHECK: neve.divi
func.func @host(%a: i32, %b: i32) -> i32 {
  %q = neve.divi %a, %b : i32
  return %q : i32
}

// CHECK: gpu.module @neve_kernels
// CHECK-LABEL: gpu.func @k(
// CHECK-NOT: neve.
// CHECK-NOT: llvm.call
// CHECK: llvm.icmp "uge"
// CHECK: llvm.intr.trap
// CHECK-NEXT: llvm.unreachable
// CHECK: llvm.sdiv
// CHECK: llvm.insertvalue
// CHECK: gpu.return
// CHECK: llvm.intr.trap
// CHECK-NEXT: llvm.unreachable
gpu.module @neve_kernels {
  gpu.func @k(%p: !llvm.ptr, %i: i64, %a: i32, %b: i32) kernel {
    neve.check_index %i below 4 : i64
    %q = neve.divi %a, %b : i32
    %t = neve.tuple_make %q, %a : i32, i32
    %x = neve.tuple_get %t[1] : tuple<i32, i32>
    llvm.store %x, %p : i32, !llvm.ptr
    gpu.return
  }
}
