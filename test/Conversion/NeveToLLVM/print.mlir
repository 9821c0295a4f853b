// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// neve.print becomes one runtime call per operand, then neve_print_end.

// CHECK-DAG: llvm.func @neve_print_i32(i32)
// CHECK-DAG: llvm.func @neve_print_i64(i64)
// CHECK-DAG: llvm.func @neve_print_f32(f32)
// CHECK-DAG: llvm.func @neve_print_bool(i8)
// CHECK-DAG: llvm.func @neve_print_str(!llvm.ptr)
// CHECK-DAG: llvm.func @neve_print_end(i8)
// CHECK-DAG: llvm.func @neve_print_char(i8)

// CHECK-LABEL: llvm.func @print_all
// CHECK-SAME: (%[[I:.*]]: i32, %[[L:.*]]: i64, %[[F:.*]]: f32, %[[B:.*]]: i1, %[[S:.*]]: i16, %[[STR:.*]]: !llvm.ptr)
func.func @print_all(%i: i32, %l: i64, %f: f32, %b: i1, %s: i16, %str: !neve.str) {
  // CHECK: llvm.call @neve_print_i32(%[[I]])
  // CHECK: llvm.call @neve_print_i64(%[[L]])
  // CHECK: llvm.call @neve_print_f32(%[[F]])
  // CHECK: %[[BB:.*]] = llvm.zext %[[B]] : i1 to i8
  // CHECK: llvm.call @neve_print_bool(%[[BB]])
  // CHECK: %[[SS:.*]] = llvm.sext %[[S]] : i16 to i64
  // CHECK: llvm.call @neve_print_i64(%[[SS]])
  // CHECK: llvm.call @neve_print_str(%[[STR]])
  // CHECK: %[[NL:.*]] = llvm.mlir.constant(1 : i8)
  // CHECK: llvm.call @neve_print_end(%[[NL]])
  neve.print %i, %l, %f, %b, %s, %str : i32, i64, f32, i1, i16, !neve.str
  // CHECK: %[[NONL:.*]] = llvm.mlir.constant(0 : i8)
  // CHECK: llvm.call @neve_print_end(%[[NONL]])
  neve.print {newline = false}
  return
}

// A char operand (marked in `chars`) prints as the character; an unmarked i8
// prints as a number. nil is a null str, which neve_print_str writes as nil.
// CHECK-LABEL: llvm.func @print_char_nil
// CHECK-SAME: (%[[C:.*]]: i8)
func.func @print_char_nil(%c: i8) {
  // CHECK: %[[N:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: llvm.call @neve_print_char(%[[C]])
  // CHECK: %[[W:.*]] = llvm.sext %[[C]] : i8 to i64
  // CHECK: llvm.call @neve_print_i64(%[[W]])
  // CHECK: llvm.call @neve_print_str(%[[N]])
  // CHECK: llvm.call @neve_print_end
  %n = neve.nil
  neve.print %c, %c, %n : i8, i8, !neve.str {chars = array<i1: true, false, false>}
  return
}
