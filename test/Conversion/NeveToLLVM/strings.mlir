// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// String literals are read-only {size, bytes + NUL} records, shared between
// equal literals; equality calls the runtime.

// CHECK: llvm.mlir.global private constant @[[HELLO:".str.[0-9A-F]+"]]() {{.*}} : !llvm.struct<(i64, array<6 x i8>)>
// CHECK:   llvm.mlir.constant(5 : i64)
// CHECK:   llvm.mlir.constant("hello\00") : !llvm.array<6 x i8>
// CHECK-NOT: llvm.mlir.global {{.*}}array<6 x i8>

// CHECK-LABEL: llvm.func @literals
func.func @literals() -> (!neve.str, !neve.str) {
  // CHECK: %[[A:.*]] = llvm.mlir.addressof @[[HELLO]]
  // CHECK: %[[B:.*]] = llvm.mlir.addressof @[[HELLO]]
  %a = neve.str_constant "hello"
  %b = neve.str_constant "hello"
  return %a, %b : !neve.str, !neve.str
}

// CHECK-LABEL: llvm.func @equality
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr) -> i1
func.func @equality(%x: !neve.str, %y: !neve.str) -> i1 {
  // CHECK: %[[R:.*]] = llvm.call @neve_str_eq(%[[X]], %[[Y]]) : (!llvm.ptr, !llvm.ptr) -> i8
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i8)
  // CHECK: %[[EQ:.*]] = llvm.icmp "ne" %[[R]], %[[Z]]
  // CHECK: llvm.return %[[EQ]]
  %eq = neve.str_eq %x, %y
  return %eq : i1
}
