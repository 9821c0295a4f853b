// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// Maps are runtime neve_map pointers. Keys travel as 64 bits (integers
// sign-extended, i1 zero-extended, f32 as its bits, str and objects as the
// pointer), values by address; every op passes its (file, line, col).

// CHECK-LABEL: llvm.func @new_maps
func.func @new_maps() -> (!neve.map<!neve.str, i32>, !neve.map<i8, i1>, !neve.map<i8, f32>, !neve.map<i64, !neve.array<i32>>, !neve.map<!neve.object<"C">, i16>, !neve.map<f32, i64>) {
  // Key kind 7 (str), value size 4.
  // CHECK-DAG: %[[K7:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-DAG: %[[S4:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK: llvm.call @neve_map_new(%[[K7]], %[[S4]]) : (i32, i64) -> !llvm.ptr
  %a = neve.map_new : !neve.map<!neve.str, i32>
  // Key kind 0 (i8), an i1 value is one byte.
  // CHECK-DAG: %[[K0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[S1:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: llvm.call @neve_map_new(%[[K0]], %[[S1]])
  %b = neve.map_new : !neve.map<i8, i1>
  // Key kind 5 (char).
  // CHECK-DAG: %[[K5:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK: llvm.call @neve_map_new(%[[K5]],
  %c = neve.map_new {key_is_char} : !neve.map<i8, f32>
  // Key kind 3 (i64); a container value is one pointer.
  // CHECK-DAG: %[[K3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: %[[S8:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK: llvm.call @neve_map_new(%[[K3]], %[[S8]])
  %d = neve.map_new : !neve.map<i64, !neve.array<i32>>
  // Key kind 8 (objects, by identity), value size 2.
  // CHECK-DAG: %[[K8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[S2:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: llvm.call @neve_map_new(%[[K8]], %[[S2]])
  %e = neve.map_new : !neve.map<!neve.object<"C">, i16>
  // Key kind 6 (f32).
  // CHECK-DAG: %[[K6:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK: llvm.call @neve_map_new(%[[K6]],
  %f = neve.map_new : !neve.map<f32, i64>
  return %a, %b, %c, %d, %e, %f : !neve.map<!neve.str, i32>, !neve.map<i8, i1>, !neve.map<i8, f32>, !neve.map<i64, !neve.array<i32>>, !neve.map<!neve.object<"C">, i16>, !neve.map<f32, i64>
}

// CHECK-LABEL: llvm.func @str_keys
func.func @str_keys(%m: !neve.map<!neve.str, i32>, %k: !neve.str, %v: i32) -> (i32, i1) {
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
  // CHECK: %[[KEY:.*]] = llvm.ptrtoint %arg1 : !llvm.ptr to i64
  // CHECK: llvm.store %arg2, %[[SLOT]] : i32, !llvm.ptr
  // CHECK-DAG: %[[L3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK: llvm.call @neve_map_set(%arg0, %[[KEY]], %[[SLOT]], %{{.*}}, %[[L3]], %[[C5]]) : (!llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i32, i32) -> ()
  neve.map_set %v, %m[%k] : !neve.map<!neve.str, i32> loc("m.nv":3:5)
  // CHECK: %[[K2:.*]] = llvm.ptrtoint %arg1
  // CHECK: %[[P:.*]] = llvm.call @neve_map_get(%arg0, %[[K2]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  // CHECK: %[[X:.*]] = llvm.load %[[P]] : !llvm.ptr -> i32
  %x = neve.map_get %m[%k] : !neve.map<!neve.str, i32>
  // CHECK: %[[H:.*]] = llvm.call @neve_map_has(%arg0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, i32) -> i8
  // CHECK: %[[HB:.*]] = llvm.icmp "ne" %[[H]], %{{.*}} : i8
  %h = neve.map_has %m[%k] : !neve.map<!neve.str, i32>
  // CHECK: llvm.return %{{.*}} : !llvm.struct<(i32, i1)>
  return %x, %h : i32, i1
}

// CHECK-LABEL: llvm.func @scalar_keys
func.func @scalar_keys(%a: !neve.map<i32, i1>, %i: i32, %b: !neve.map<i1, f32>, %t: i1,
                       %c: !neve.map<f32, i64>, %f: f32, %d: !neve.map<i64, i8>, %l: i64) -> (i1, f32) {
  // CHECK: %[[KI:.*]] = llvm.sext %arg1 : i32 to i64
  // CHECK: %[[PA:.*]] = llvm.call @neve_map_get(%arg0, %[[KI]],
  // CHECK: %[[BYTE:.*]] = llvm.load %[[PA]] : !llvm.ptr -> i8
  // CHECK: llvm.icmp "ne" %[[BYTE]]
  %x = neve.map_get %a[%i] : !neve.map<i32, i1>
  // CHECK: %[[KB:.*]] = llvm.zext %arg3 : i1 to i64
  // CHECK: llvm.call @neve_map_get(%arg2, %[[KB]],
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
  %y = neve.map_get %b[%t] : !neve.map<i1, f32>
  // CHECK: %[[BITS:.*]] = llvm.bitcast %arg5 : f32 to i32
  // CHECK: %[[KF:.*]] = llvm.zext %[[BITS]] : i32 to i64
  // CHECK: llvm.call @neve_map_has(%arg4, %[[KF]],
  %z = neve.map_has %c[%f] : !neve.map<f32, i64>
  // An i1 value is stored as a byte.
  // CHECK: %[[KI2:.*]] = llvm.sext %arg1 : i32 to i64
  // CHECK: %[[W:.*]] = llvm.zext %arg3 : i1 to i8
  // CHECK: llvm.store %[[W]], %{{.*}} : i8, !llvm.ptr
  // CHECK: llvm.call @neve_map_set(%arg0, %[[KI2]],
  neve.map_set %t, %a[%i] : !neve.map<i32, i1>
  // An i64 key is passed as it is.
  // CHECK: llvm.call @neve_map_has(%arg6, %arg7,
  %w = neve.map_has %d[%l] : !neve.map<i64, i8>
  return %x, %y : i1, f32
}

// CHECK-LABEL: llvm.func @container_values
func.func @container_values(%a: !neve.map<!neve.str, !neve.array<f32>>,
                            %s: !neve.map<i32, !neve.array<!neve.str>>,
                            %m: !neve.map<i16, !neve.map<!neve.str, i64>>,
                            %k: !neve.str, %i: i32, %j: i16,
                            %c: !neve.map<i32, !neve.map<i8, f32>>) {
  // A missing key gets a new empty container: arrays of 4-byte atomic
  // elements, arrays of scanned str, maps with str keys (7) and 8-byte values.
  // CHECK-DAG: %[[E4:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK-DAG: %[[AT:.*]] = llvm.mlir.constant(1 : i8) : i8
  // CHECK: llvm.call @neve_map_get_array(%arg0, %{{.*}}, %[[E4]], %[[AT]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64, i8, !llvm.ptr, i32, i32) -> !llvm.ptr
  %x = neve.map_get %a[%k] : !neve.map<!neve.str, !neve.array<f32>>
  // CHECK-DAG: %[[E8:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK-DAG: %[[SC:.*]] = llvm.mlir.constant(0 : i8) : i8
  // CHECK: llvm.call @neve_map_get_array(%arg1, %{{.*}}, %[[E8]], %[[SC]],
  %y = neve.map_get %s[%i] : !neve.map<i32, !neve.array<!neve.str>>
  // CHECK: %[[KJ:.*]] = llvm.sext %arg5 : i16 to i64
  // CHECK-DAG: %[[K7:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-DAG: %[[V8:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK: llvm.call @neve_map_get_map(%arg2, %[[KJ]], %[[K7]], %[[V8]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i32, i64, !llvm.ptr, i32, i32) -> !llvm.ptr
  // CHECK-NOT: neve_map_get(
  %z = neve.map_get %m[%j] : !neve.map<i16, !neve.map<!neve.str, i64>>
  // New inner maps with char keys: key kind 5 (i8 would be 0).
  // CHECK-DAG: %[[K5:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK: llvm.call @neve_map_get_map(%arg6, %{{.*}}, %[[K5]],
  %w = neve.map_get %c[%i] {inner_key_is_char} : !neve.map<i32, !neve.map<i8, f32>>
  return
}

// CHECK-LABEL: llvm.func @whole_map
func.func @whole_map(%m: !neve.map<i16, f32>) -> (i64, !neve.array<i16>, !neve.array<f32>) {
  // CHECK: llvm.call @neve_map_size(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> i64
  %n = neve.map_size %m : !neve.map<i16, f32>
  // CHECK: llvm.call @neve_map_keys(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> !llvm.ptr
  %k = neve.map_keys %m : !neve.map<i16, f32> -> !neve.array<i16>
  // CHECK: llvm.call @neve_map_values(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> !llvm.ptr
  %v = neve.map_values %m : !neve.map<i16, f32> -> !neve.array<f32>
  // CHECK: llvm.call @neve_map_clear(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i32) -> ()
  neve.map_clear %m : !neve.map<i16, f32>
  return %n, %k, %v : i64, !neve.array<i16>, !neve.array<f32>
}
