// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// Arrays are runtime neve_array pointers ({data, size, capacity, elem_size,
// atomic}). Element access, size() and append() with room are inline, with
// nil and bounds checks whose cold paths call the runtime with the op's
// (file, line, col) to report the error; the other ops call the runtime.
// Header fields and elements carry distinct TBAA tags.

// CHECK-DAG: #[[DATA:.*]] = #llvm.tbaa_type_desc<id = "neve_array.data"
// CHECK-DAG: #[[ELEM:.*]] = #llvm.tbaa_type_desc<id = "neve_array.element"
// CHECK-DAG: #[[SIZE:.*]] = #llvm.tbaa_type_desc<id = "neve_array.size"
// CHECK-DAG: #[[CAP:.*]] = #llvm.tbaa_type_desc<id = "neve_array.capacity"
// CHECK-DAG: #[[DATA_TAG:.*]] = #llvm.tbaa_tag<base_type = #[[DATA]], access_type = #[[DATA]], offset = 0>
// CHECK-DAG: #[[ELEM_TAG:.*]] = #llvm.tbaa_tag<base_type = #[[ELEM]], access_type = #[[ELEM]], offset = 0>
// CHECK-DAG: #[[SIZE_TAG:.*]] = #llvm.tbaa_tag<base_type = #[[SIZE]], access_type = #[[SIZE]], offset = 0>
// CHECK-DAG: #[[CAP_TAG:.*]] = #llvm.tbaa_tag<base_type = #[[CAP]], access_type = #[[CAP]], offset = 0>

// CHECK-LABEL: llvm.func @new_scalars
func.func @new_scalars(%x: i32) -> !neve.array<i32> {
  // CHECK-DAG: %[[SZ:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK-DAG: %[[N:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.call @neve_array_new_atomic(%[[SZ]], %[[N]])
  // CHECK: %[[D:.*]] = llvm.load %[[A]] {alignment = 8 : i64, tbaa = [#[[DATA_TAG]]]} : !llvm.ptr -> !llvm.ptr
  // CHECK: %[[P0:.*]] = llvm.getelementptr inbounds %[[D]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  // CHECK: llvm.store %arg0, %[[P0]] {tbaa = [#[[ELEM_TAG]]]} : i32, !llvm.ptr
  // CHECK: llvm.getelementptr inbounds %[[D]]
  // CHECK: llvm.store
  // CHECK-NOT: neve_array_at
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
  // CHECK-NOT: llvm.load
  %a = neve.array_new : !neve.array<!neve.str>
  return %a : !neve.array<!neve.str>
}

// CHECK-LABEL: llvm.func @access
func.func @access(%a: !neve.array<i1>, %i: i64, %b: i1) -> (i64, i1) {
  // size(): nil check, then the size field.
  // CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[NIL:.*]] = llvm.icmp "eq" %arg0, %[[NULL]] : !llvm.ptr
  // CHECK: llvm.cond_br %[[NIL]] weights([1, 1048576]), ^[[SIZE_NIL:bb[0-9]+]], ^[[SIZE_OK:bb[0-9]+]]
  // CHECK: ^[[SIZE_OK]]:
  // CHECK: %[[SZP:.*]] = llvm.getelementptr inbounds %arg0[1] : (!llvm.ptr) -> !llvm.ptr, i64
  // CHECK: %[[N:.*]] = llvm.load %[[SZP]] {alignment = 8 : i64, tbaa = [#[[SIZE_TAG]]]} : !llvm.ptr -> i64
  %n = neve.array_size %a : !neve.array<i1> loc("a.nv":5:9)
  // a[i]: nil check, negative index normalised, one unsigned bounds check,
  // then a load from data + i (an i1 element is a byte).
  // CHECK: llvm.cond_br %{{.*}} weights([1, 1048576]), ^[[GET_NIL:bb[0-9]+]], ^[[GET_OK:bb[0-9]+]]
  // CHECK: ^[[GET_OK]]:
  // CHECK: %[[SIZE:.*]] = llvm.load %{{.*}} {alignment = 8 : i64, tbaa = [#[[SIZE_TAG]]]} : !llvm.ptr -> i64
  // CHECK: %[[NEG:.*]] = llvm.icmp "slt" %arg1, %{{.*}} : i64
  // CHECK: %[[SHIFT:.*]] = llvm.add %arg1, %[[SIZE]] : i64
  // CHECK: %[[IDX:.*]] = llvm.select %[[NEG]], %[[SHIFT]], %arg1 : i1, i64
  // CHECK: %[[OUT:.*]] = llvm.icmp "uge" %[[IDX]], %[[SIZE]] : i64
  // CHECK: llvm.cond_br %[[OUT]] weights([1, 1048576]), ^[[GET_OOB:bb[0-9]+]], ^[[GET_IN:bb[0-9]+]]
  // CHECK: ^[[GET_IN]]:
  // CHECK: %[[DATA:.*]] = llvm.load %arg0 {alignment = 8 : i64, tbaa = [#[[DATA_TAG]]]} : !llvm.ptr -> !llvm.ptr
  // CHECK: %[[P:.*]] = llvm.getelementptr inbounds %[[DATA]][%[[IDX]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  // CHECK: %[[BYTE:.*]] = llvm.load %[[P]] {tbaa = [#[[ELEM_TAG]]]} : !llvm.ptr -> i8
  // CHECK: llvm.icmp "ne" %[[BYTE]]
  %x = neve.array_get %a[%i] : !neve.array<i1> loc("a.nv":6:4)
  // a[i] = b: the same checks, then a byte store.
  // CHECK: llvm.icmp "uge"
  // CHECK: llvm.cond_br %{{.*}} weights([1, 1048576]), ^[[SET_OOB:bb[0-9]+]], ^[[SET_IN:bb[0-9]+]]
  // CHECK: ^[[SET_IN]]:
  // CHECK: %[[Q:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  // CHECK: %[[W:.*]] = llvm.zext %arg2 : i1 to i8
  // CHECK: llvm.store %[[W]], %[[Q]] {tbaa = [#[[ELEM_TAG]]]} : i8, !llvm.ptr
  // CHECK: llvm.return
  neve.array_set %b, %a[%i] : !neve.array<i1> loc("a.nv":7:2)
  // The cold blocks report through the runtime at each op's location.
  // CHECK: ^[[SIZE_NIL]]:
  // CHECK-DAG: %[[L5:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-DAG: %[[C9:.*]] = llvm.mlir.constant(9 : i32) : i32
  // CHECK: llvm.call @neve_array_size(%arg0, %{{.*}}, %[[L5]], %[[C9]]) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i64
  // CHECK-NEXT: llvm.unreachable
  // CHECK: ^[[GET_NIL]]:
  // CHECK: llvm.call @neve_array_at(%arg0, %arg1,
  // CHECK-NEXT: llvm.unreachable
  // CHECK: ^[[GET_OOB]]:
  // CHECK-DAG: %[[L6:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: llvm.call @neve_array_at(%arg0, %arg1, %{{.*}}, %[[L6]], %[[C4]]) : (!llvm.ptr, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.unreachable
  // CHECK: ^[[SET_OOB]]:
  // CHECK-DAG: %[[L7:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: llvm.call @neve_array_at(%arg0, %arg1, %{{.*}}, %[[L7]], %[[C2]])
  // CHECK-NEXT: llvm.unreachable
  return %n, %x : i64, i1
}

// CHECK-LABEL: llvm.func @append
func.func @append(%a: !neve.array<i64>, %x: i64) {
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i64
  // CHECK: %[[NIL:.*]] = llvm.icmp "eq" %arg0, %{{.*}} : !llvm.ptr
  // CHECK: llvm.cond_br %[[NIL]] weights([1, 1000]), ^[[SLOW:bb[0-9]+]], ^[[CHECK:bb[0-9]+]]
  // CHECK: ^[[CHECK]]:
  // CHECK: %[[SIZE:.*]] = llvm.load %{{.*}} {alignment = 8 : i64, tbaa = [#[[SIZE_TAG]]]} : !llvm.ptr -> i64
  // CHECK: %[[CAPV:.*]] = llvm.load %{{.*}} {alignment = 8 : i64, tbaa = [#[[CAP_TAG]]]} : !llvm.ptr -> i64
  // CHECK: %[[FULL:.*]] = llvm.icmp "sge" %[[SIZE]], %[[CAPV]] : i64
  // CHECK: llvm.cond_br %[[FULL]] weights([1, 1000]), ^[[SLOW]], ^[[FAST:bb[0-9]+]]
  // CHECK: ^[[FAST]]:
  // CHECK: %[[DATA:.*]] = llvm.load %arg0 {{.*}} : !llvm.ptr -> !llvm.ptr
  // CHECK: %[[P:.*]] = llvm.getelementptr inbounds %[[DATA]][%[[SIZE]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  // CHECK: llvm.store %arg1, %[[P]] {tbaa = [#[[ELEM_TAG]]]} : i64, !llvm.ptr
  // CHECK: %[[NEXT:.*]] = llvm.add %[[SIZE]], %{{.*}} : i64
  // CHECK: llvm.store %[[NEXT]], %{{.*}} {alignment = 8 : i64, tbaa = [#[[SIZE_TAG]]]} : i64, !llvm.ptr
  // CHECK: llvm.br ^[[DONE:bb[0-9]+]]
  // CHECK: ^[[DONE]]:
  // CHECK: llvm.return
  // CHECK: ^[[SLOW]]:
  // CHECK: llvm.store %arg1, %[[SLOT]] : i64, !llvm.ptr
  // CHECK: llvm.call @neve_array_append(%arg0, %[[SLOT]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> ()
  // CHECK: llvm.br ^[[DONE]]
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
