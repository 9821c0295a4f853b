// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// Checked divisions test the divisor, report a zero divisor with the op's
// source location, and avoid the hardware trap of INT_MIN / -1.

// CHECK-DAG: llvm.mlir.global private constant @".cstr.{{.*}}"() {{.*}}neve.contents = "integer division by zero"

// CHECK-LABEL: llvm.func @divide
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
func.func @divide(%a: i32, %b: i32) -> i32 {
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32)
  // CHECK: %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[ZERO]]
  // CHECK: llvm.cond_br %[[ISZ]], ^[[FAIL:.*]], ^[[OK:.*]]
  // CHECK: ^[[FAIL]]:
  // CHECK: %[[FILE:.*]] = llvm.mlir.addressof @".cstr.{{.*}}" : !llvm.ptr
  // CHECK: %[[MSG:.*]] = llvm.mlir.addressof @".cstr.{{.*}}" : !llvm.ptr
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(12 : i32)
  // CHECK: %[[COL:.*]] = llvm.mlir.constant(7 : i32)
  // CHECK: llvm.call @neve_rt_error(%[[FILE]], %[[LINE]], %[[COL]], %[[MSG]])
  // CHECK-NEXT: llvm.unreachable
  // CHECK: ^[[OK]]:
  // CHECK: %[[M1:.*]] = llvm.mlir.constant(-1 : i32)
  // CHECK: %[[ISM1:.*]] = llvm.icmp "eq" %[[B]], %[[M1]]
  // CHECK: %[[SAFE:.*]] = llvm.select %[[ISM1]], %{{.*}}, %[[B]]
  // CHECK: %[[Q:.*]] = llvm.sdiv %[[A]], %[[SAFE]]
  // CHECK: %[[NEG:.*]] = llvm.sub %{{.*}}, %[[A]]
  // CHECK: llvm.select %[[ISM1]], %[[NEG]], %[[Q]]
  %q = neve.divi %a, %b : i32 loc("prog.nv":12:7)
  return %q : i32
}

// CHECK-LABEL: llvm.func @remainder
func.func @remainder(%a: i64, %b: i64) -> i64 {
  // CHECK: llvm.call @neve_rt_error
  // CHECK: llvm.srem
  // CHECK: llvm.select
  %r = neve.remi %a, %b : i64
  return %r : i64
}

// CHECK-LABEL: llvm.func @ceiling
func.func @ceiling(%a: i32, %b: i32) -> i32 {
  // CHECK: llvm.call @neve_rt_error
  // CHECK: llvm.sdiv
  // CHECK: llvm.srem
  // CHECK: llvm.xor
  // CHECK: llvm.icmp "sge"
  // CHECK: llvm.zext
  // CHECK: llvm.add
  %c = neve.ceildivi %a, %b : i32
  return %c : i32
}

