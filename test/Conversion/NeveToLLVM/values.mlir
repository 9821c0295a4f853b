// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// nil is the null pointer, nil tests and identity compare pointers (any
// compares the held references through the runtime), a nil check branches to
// a located runtime error, tuples are literal structs, and any boxes are made
// and opened by the runtime with the type name and the source location.

// CHECK: llvm.mlir.global private constant @[[NAME:".cstr.[0-9A-F]+"]](){{.*}}neve.contents = "array<int>"

// CHECK-LABEL: llvm.func @nil_and_identity
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr)
func.func @nil_and_identity(%a: !neve.object<"Node">, %b: !neve.object<"Node">) -> (!neve.object<"Node">, i1, i1) {
  // CHECK: %[[N:.*]] = llvm.mlir.zero : !llvm.ptr
  %n = neve.null : !neve.object<"Node">
  // CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[NIL:.*]] = llvm.icmp "eq" %[[A]], %[[Z]] : !llvm.ptr
  %isnil = neve.is_nil %a : !neve.object<"Node">
  // CHECK: %[[EQ:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : !llvm.ptr
  %eq = neve.ref_eq %a, %b : !neve.object<"Node">
  // CHECK: llvm.return
  return %n, %isnil, %eq : !neve.object<"Node">, i1, i1
}

// CHECK-LABEL: llvm.func @any_identity
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr)
func.func @any_identity(%a: !neve.any, %b: !neve.any) -> i1 {
  // CHECK: %[[S:.*]] = llvm.call @neve_any_same(%[[A]], %[[B]]) : (!llvm.ptr, !llvm.ptr) -> i8
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i8)
  // CHECK: llvm.icmp "ne" %[[S]], %[[Z]]
  %eq = neve.ref_eq %a, %b : !neve.any
  return %eq : i1
}

// CHECK-LABEL: llvm.func @call_value
// CHECK-SAME: (%[[F:.*]]: !llvm.ptr, %[[X:.*]]: i32)
func.func @call_value(%f: (i32) -> i32, %x: i32) -> i32 {
  // CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[C:.*]] = llvm.icmp "eq" %[[F]], %[[Z]] : !llvm.ptr
  // CHECK: llvm.cond_br %[[C]] weights([1, 1048576]), ^[[FAIL:.*]], ^[[OK:.*]]
  // CHECK: ^[[FAIL]]:
  // CHECK: llvm.mlir.addressof @{{.*}} : !llvm.ptr
  // CHECK: llvm.mlir.constant(7 : i32)
  // CHECK: llvm.mlir.constant(3 : i32)
  // CHECK: llvm.call @neve_rt_error
  // CHECK: llvm.unreachable
  // CHECK: ^[[OK]]:
  // CHECK: %[[R:.*]] = llvm.call %[[F]](%[[X]]) : !llvm.ptr, (i32) -> i32
  // CHECK: llvm.return %[[R]]
  neve.nil_check %f, "call of a nil function value" : (i32) -> i32 loc("v.nv":7:3)
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}

func.func private @square(%x: i32) -> i32

// CHECK-LABEL: llvm.func @function_value
// CHECK: %[[P:.*]] = llvm.mlir.addressof @square : !llvm.ptr
// CHECK: llvm.return %[[P]]
func.func @function_value() -> ((i32) -> i32) {
  %f = func.constant @square : (i32) -> i32
  return %f : (i32) -> i32
}

// CHECK-LABEL: llvm.func @tuples
// CHECK-SAME: (%[[I:.*]]: i32, %[[S:.*]]: !llvm.ptr, %[[T:.*]]: !llvm.struct<(f32, i1)>)
func.func @tuples(%i: i32, %s: !neve.str, %t: tuple<f32, i1>) -> (tuple<i32, !neve.str>, i1) {
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
  // CHECK: %[[T0:.*]] = llvm.insertvalue %[[I]], %[[U]][0] : !llvm.struct<(i32, ptr)>
  // CHECK: %[[T1:.*]] = llvm.insertvalue %[[S]], %[[T0]][1] : !llvm.struct<(i32, ptr)>
  // CHECK: %[[X:.*]] = llvm.extractvalue %[[T]][1] : !llvm.struct<(f32, i1)>
  %u = neve.tuple_make %i, %s : i32, !neve.str
  %x = neve.tuple_get %t[1] : tuple<f32, i1>
  return %u, %x : tuple<i32, !neve.str>, i1
}

// CHECK-LABEL: llvm.func @any_box_cast
// CHECK-SAME: (%[[A:[^:]*]]: !llvm.ptr
func.func @any_box_cast(%a: !neve.array<i32>) -> !neve.array<i32> {
  // CHECK: %[[N1:.*]] = llvm.mlir.addressof @[[NAME]]
  // CHECK: %[[B:.*]] = llvm.call @neve_any_box(%[[N1]], %[[A]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  %b = neve.any_box %a {type_name = "array<int>"} : !neve.array<i32>
  // CHECK: %[[N2:.*]] = llvm.mlir.addressof @[[NAME]]
  // CHECK: %[[FILE:.*]] = llvm.mlir.addressof
  // CHECK: %[[L:.*]] = llvm.mlir.constant(12 : i32)
  // CHECK: %[[C:.*]] = llvm.mlir.constant(5 : i32)
  // CHECK: llvm.call @neve_any_unbox(%[[B]], %[[N2]], %[[FILE]], %[[L]], %[[C]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> !llvm.ptr
  %c = neve.any_cast %b {type_name = "array<int>"} : !neve.array<i32> loc("v.nv":12:5)
  return %c : !neve.array<i32>
}
