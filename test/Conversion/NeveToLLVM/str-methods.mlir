// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// The str methods call the runtime with the op's (file, line, col), which
// reports nil strings and indices out of range there.

// CHECK-LABEL: llvm.func @methods
func.func @methods(%s: !neve.str, %i: i64, %sep: !neve.str) -> (i64, i8, !neve.str, !neve.array<!neve.str>) {
  // CHECK-DAG: %[[L2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: %[[N:.*]] = llvm.call @neve_str_size(%arg0, %{{.*}}, %[[L2]], %[[C3]]) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i64
  %n = neve.str_size %s loc("s.nv":2:3)
  // CHECK-DAG: %[[L4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[C9:.*]] = llvm.mlir.constant(9 : i32) : i32
  // CHECK: %[[C:.*]] = llvm.call @neve_str_at(%arg0, %arg1, %{{.*}}, %[[L4]], %[[C9]]) : (!llvm.ptr, i64, !llvm.ptr, i32, i32) -> i8
  %c = neve.str_get %s[%i] loc("s.nv":4:9)
  // CHECK: %[[T:.*]] = llvm.call @neve_str_slice(%arg0, %arg1, %[[N]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  %t = neve.str_slice %s[%i : %n]
  // CHECK: %[[F:.*]] = llvm.call @neve_str_split(%arg0, %arg2, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> !llvm.ptr
  %f = neve.str_split %s, %sep : !neve.array<!neve.str>
  return %n, %c, %t, %f : i64, i8, !neve.str, !neve.array<!neve.str>
}
