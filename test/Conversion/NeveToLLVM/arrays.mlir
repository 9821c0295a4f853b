// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// Arrays are runtime neve_array pointers; every op calls the runtime with
// the op's (file, line, col) for its runtime errors.

// CHECK-LABEL: llvm.func @new_scalars
func.func @new_scalars(%x: i32) -> !neve.array<i32> {
  // CHECK-DAG: %[[SZ:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK-DAG: %[[N:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.call @neve_array_new_atomic(%[[SZ]], %[[N]])
  // CHECK: %[[P0:.*]] = llvm.call @neve_array_at(%[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  // CHECK: llvm.store %{{.*}}, %[[P0]] : i32, !llvm.ptr
  // CHECK: llvm.call @neve_array_at
  // CHECK: llvm.store
  // CHECK: llvm.return %[[A]] : !llvm.ptr
  %a = neve.array_new[%x, %x : i32, i32] : !neve.array<i32> loc("a.nv":3:7)
  return %a : !neve.array<i32>
}

// CHECK-LABEL: llvm.func @new_strings
func.func @new_strings() -> !neve.array<!neve.str> {
  // CHECK-DAG: %[[SZ:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK-DAG: %[[N:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.call @neve_array_new(%[[SZ]], %[[N]])
  // CHECK-NOT: neve_array_at
  %a = neve.array_new : !neve.array<!neve.str>
  return %a : !neve.array<!neve.str>
}

// CHECK-LABEL: llvm.func @access
func.func @access(%a: !neve.array<i1>, %i: i64, %b: i1) -> (i64, i1) {
  // CHECK-DAG: %[[LINE:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-DAG: %[[COL:.*]] = llvm.mlir.constant(9 : i32) : i32
  // CHECK: llvm.call @neve_array_size(%arg0, %{{.*}}, %[[LINE]], %[[COL]]) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i64
  %n = neve.array_size %a : !neve.array<i1> loc("a.nv":5:9)
  // CHECK: %[[P:.*]] = llvm.call @neve_array_at(%arg0, %arg1,
  // CHECK: %[[BYTE:.*]] = llvm.load %[[P]] : !llvm.ptr -> i8
  // CHECK: llvm.icmp "ne" %[[BYTE]]
  %x = neve.array_get %a[%i] : !neve.array<i1>
  // CHECK: %[[Q:.*]] = llvm.call @neve_array_at(%arg0, %arg1,
  // CHECK: %[[W:.*]] = llvm.zext %arg2 : i1 to i8
  // CHECK: llvm.store %[[W]], %[[Q]] : i8, !llvm.ptr
  neve.array_set %b, %a[%i] : !neve.array<i1>
  return %n, %x : i64, i1
}

// CHECK-LABEL: llvm.func @append
func.func @append(%a: !neve.array<i64>, %x: i64) {
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i64
  // CHECK: llvm.store %arg1, %[[SLOT]] : i64, !llvm.ptr
  // CHECK: llvm.call @neve_array_append(%arg0, %[[SLOT]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> ()
  neve.array_append %a, %x : !neve.array<i64>
  return
}

// CHECK-LABEL: llvm.func @print
func.func @print(%a: !neve.array<i8>, %b: !neve.array<i16>, %c: !neve.array<i32>,
                 %d: !neve.array<i64>, %e: !neve.array<f32>, %f: !neve.array<i1>,
                 %g: !neve.array<!neve.str>) {
  // CHECK: llvm.call @neve_array_print_i8(%arg0,
  neve.array_print %a : !neve.array<i8>
  // CHECK: llvm.call @neve_array_print_char(%arg0,
  neve.array_print %a {is_char} : !neve.array<i8>
  // CHECK: llvm.call @neve_array_print_i16(%arg1,
  neve.array_print %b : !neve.array<i16>
  // CHECK: llvm.call @neve_array_print_i32(%arg2,
  neve.array_print %c : !neve.array<i32>
  // CHECK: llvm.call @neve_array_print_i64(%arg3,
  neve.array_print %d : !neve.array<i64>
  // CHECK: llvm.call @neve_array_print_f32(%arg4,
  neve.array_print %e : !neve.array<f32>
  // CHECK: llvm.call @neve_array_print_bool(%arg5,
  neve.array_print %f : !neve.array<i1>
  // CHECK: llvm.call @neve_array_print_str(%arg6,
  neve.array_print %g : !neve.array<!neve.str>
  return
}

// CHECK-LABEL: llvm.func @folds
func.func @folds(%a: !neve.array<i32>, %b: !neve.array<i64>, %c: !neve.array<f32>,
                 %s: i64, %e: i64) -> (i32, i64, f32, !neve.array<i32>, !neve.array<f32>, !neve.array<i64>) {
  // CHECK: llvm.call @neve_array_sum_i32(%arg0, {{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i32
  %x = neve.array_reduce %a : !neve.array<i32>
  // CHECK: llvm.call @neve_array_prod_i64(%arg1, {{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i64
  %y = neve.array_reduce %b {product} : !neve.array<i64>
  // CHECK: llvm.call @neve_array_sum_f32(%arg2, {{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> f32
  %z = neve.array_reduce %c : !neve.array<f32>
  // CHECK: llvm.call @neve_array_scan_sum_i32(%arg0,
  %p = neve.array_scan %a : !neve.array<i32>
  // CHECK: llvm.call @neve_array_scan_prod_f32(%arg2,
  %q = neve.array_scan %c {product} : !neve.array<f32>
  // CHECK: llvm.call @neve_array_slice(%arg1, %arg3, %arg4, {{.*}}) : (!llvm.ptr, i64, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  %r = neve.array_slice %b[%s : %e] : !neve.array<i64>
  // CHECK: llvm.call @neve_array_clear(%arg0,
  neve.array_clear %a : !neve.array<i32>
  // CHECK: llvm.call @neve_array_shuffle(%arg0,
  neve.array_shuffle %a : !neve.array<i32>
  return %x, %y, %z, %p, %q, %r : i32, i64, f32, !neve.array<i32>, !neve.array<f32>, !neve.array<i64>
}
