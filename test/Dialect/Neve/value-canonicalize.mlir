// RUN: %neve-opt %s -canonicalize | FileCheck %s
// Folders of the value ops: a tuple element read from a tuple just built is
// that element, and a reference is identical to itself.

// CHECK-LABEL: func.func @tuple_get_of_make
// CHECK-SAME: (%[[I:.*]]: i32, %[[S:.*]]: !neve.str)
// CHECK-NOT: neve.tuple_
// CHECK: return %[[S]], %[[I]]
func.func @tuple_get_of_make(%i: i32, %s: !neve.str) -> (!neve.str, i32) {
  %t = neve.tuple_make %i, %s : i32, !neve.str
  %x = neve.tuple_get %t[1] : tuple<i32, !neve.str>
  %y = neve.tuple_get %t[0] : tuple<i32, !neve.str>
  return %x, %y : !neve.str, i32
}

// CHECK-LABEL: func.func @ref_eq_self
// CHECK-NOT: neve.ref_eq
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]], %{{.*}}
func.func @ref_eq_self(%a: !neve.object<"Node">, %b: !neve.object<"Node">) -> (i1, i1) {
  %e = neve.ref_eq %a, %a : !neve.object<"Node">
  %f = neve.ref_eq %a, %b : !neve.object<"Node">
  return %e, %f : i1, i1
}

func.func private @square(%x: i32) -> i32

// CHECK-LABEL: func.func @nil_check_of_constant
// CHECK-SAME: (%[[G:.*]]: (i32) -> i32
// CHECK-NOT: neve.nil_check %{{.*}}, "c" : (i32) -> i32
// CHECK: neve.nil_check %[[G]], "kept" : (i32) -> i32
// CHECK-NOT: neve.nil_check
func.func @nil_check_of_constant(%g: (i32) -> i32, %x: i32) -> i32 {
  %f = func.constant @square : (i32) -> i32
  neve.nil_check %f, "c" : (i32) -> i32
  neve.nil_check %g, "kept" : (i32) -> i32
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}
