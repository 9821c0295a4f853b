// RUN: %neve-opt %s --convert-neve-to-llvm --reconcile-unrealized-casts | FileCheck %s
// Objects are GC-allocated structs of their fields; field accesses are
// inline GEPs behind a cold nil check that reports the source location;
// `$C` goes through neve_singleton with one state global per class.

neve.class @Interval ["lo", "hi", "name"] : [f32, f32, !neve.str]

// The state global is created at the top of the module.
// CHECK-LABEL: llvm.mlir.global internal @neve.singleton.Interval()
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.zero : !llvm.array<4 x i64>
// CHECK-NEXT: llvm.return %[[Z]] : !llvm.array<4 x i64>

// CHECK-LABEL: llvm.func @alloc
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[END:.*]] = llvm.getelementptr %[[NULL]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(f32, f32, ptr)>
// CHECK: %[[SIZE:.*]] = llvm.ptrtoint %[[END]] : !llvm.ptr to i64
// CHECK: llvm.call @neve_object_new(%[[SIZE]]) : (i64) -> !llvm.ptr
func.func @alloc() -> !neve.object<"Interval"> {
  %o = neve.new : !neve.object<"Interval">
  return %o : !neve.object<"Interval">
}

// CHECK-LABEL: llvm.func @read_hi
// CHECK: %[[IS_NIL:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : !llvm.ptr
// CHECK: llvm.cond_br %[[IS_NIL]] weights([1, 1048576]), ^[[FAIL:.*]], ^[[OK:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @neve_rt_error
// CHECK: llvm.unreachable
// CHECK: ^[[OK]]:
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(f32, f32, ptr)>
// CHECK: llvm.load %[[ADDR]] : !llvm.ptr -> f32
func.func @read_hi(%o: !neve.object<"Interval">) -> f32 {
  %hi = neve.field_get %o["hi"] : !neve.object<"Interval"> -> f32 loc("t.nv":3:7)
  return %hi : f32
}

// CHECK-LABEL: llvm.func @write_name
// CHECK: llvm.call @neve_rt_error
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(f32, f32, ptr)>
// CHECK: llvm.store %{{.*}}, %[[ADDR]] : !llvm.ptr, !llvm.ptr
func.func @write_name(%o: !neve.object<"Interval">, %s: !neve.str) {
  neve.field_set %s, %o["name"] : !neve.str, !neve.object<"Interval">
  return
}

// CHECK-LABEL: llvm.func @check
// CHECK: llvm.icmp "eq"
// CHECK: llvm.call @neve_rt_error
// CHECK-NOT: llvm.getelementptr
// CHECK: llvm.return
func.func @check(%o: !neve.object<"Interval">) {
  neve.nil_check %o, "nil object: call of method 'width' on a nil Interval" : !neve.object<"Interval">
  return
}

// CHECK-LABEL: llvm.func @global
// CHECK: %[[INIT:.*]] = llvm.mlir.addressof @Interval.$init : !llvm.ptr
// CHECK: %[[STATE:.*]] = llvm.mlir.addressof @neve.singleton.Interval : !llvm.ptr
// CHECK: llvm.call @neve_singleton(%[[STATE]], %[[INIT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
func.func private @"Interval.$init"() -> !neve.object<"Interval">
func.func @global() -> !neve.object<"Interval"> {
  %f = func.constant @"Interval.$init" : () -> !neve.object<"Interval">
  %s = neve.singleton %f : () -> !neve.object<"Interval"> -> !neve.object<"Interval">
  return %s : !neve.object<"Interval">
}
