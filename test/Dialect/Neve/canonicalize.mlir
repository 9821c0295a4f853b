// RUN: %neve-opt %s -canonicalize -split-input-file | FileCheck %s
// Folders of the neve ops: constant operands fold, but a division by a
// constant zero stays (it must fail at run time) and unused checked
// divisions by a possibly-zero value are kept for their error.

// CHECK-LABEL: func.func @fold_constants
// CHECK-DAG: arith.constant -3 : i32
// CHECK-DAG: arith.constant -1 : i32
// CHECK-DAG: arith.constant -2 : i32
// CHECK-DAG: arith.constant 3 : i32
// CHECK-NOT: neve.divi
// CHECK-NOT: neve.remi
// CHECK-NOT: neve.ceildivi
func.func @fold_constants() -> (i32, i32, i32, i32) {
  %m7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %q = neve.divi %m7, %c2 : i32     // -3 (truncates toward zero)
  %r = neve.remi %m7, %c2 : i32     // -1 (sign of the dividend)
  %u = neve.ceildivi %m7, %c3 : i32 // ceil(-2.33) = -2
  %v = neve.ceildivi %c7, %c3 : i32 // ceil(2.33) = 3
  return %q, %r, %u, %v : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @keep_zero_divisor
// CHECK: neve.divi
func.func @keep_zero_divisor() -> i32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %q = neve.divi %c5, %c0 : i32
  return %q : i32
}

// -----

// CHECK-LABEL: func.func @unused_checked_division
// CHECK: neve.remi %arg0, %arg1
// CHECK-NOT: neve.divi
func.func @unused_checked_division(%a: i32, %b: i32) {
  %c4 = arith.constant 4 : i32
  // Divisor may be zero: the op stays for its error.
  %r = neve.remi %a, %b : i32
  // Divisor is a non-zero constant: pure, so it goes.
  %q = neve.divi %a, %c4 : i32
  return
}

// -----

// CHECK-LABEL: func.func @divide_by_one
// CHECK-NEXT: return %arg0
func.func @divide_by_one(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %q = neve.divi %a, %c1 : i32
  return %q : i32
}

// -----

// CHECK-LABEL: func.func @string_equality
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]], %[[T]]
func.func @string_equality(%s: !neve.str) -> (i1, i1, i1) {
  %a = neve.str_constant "abc"
  %b = neve.str_constant "abc"
  %c = neve.str_constant "abd"
  %e1 = neve.str_eq %a, %b
  %e2 = neve.str_eq %a, %c
  %e3 = neve.str_eq %s, %s
  return %e1, %e2, %e3 : i1, i1, i1
}

// -----

// String literals concatenate, compare and convert at compile time; float
// conversions and non-constant operands stay.
// CHECK-LABEL: func.func @str_folds
// CHECK-DAG: %[[AB:.*]] = neve.str_constant "ab"
// CHECK-DAG: %[[N:.*]] = neve.str_constant "n=-42 true x"
// CHECK-DAG: %[[LT:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[F:.*]] = neve.to_str %{{.*}} : f32
// CHECK: %[[S:.*]] = neve.str_concat %[[AB]], %arg0
// CHECK: return %[[AB]], %[[N]], %[[LT]], %[[F]], %[[S]]
func.func @str_folds(%s: !neve.str) -> (!neve.str, !neve.str, i32, !neve.str, !neve.str) {
  %a = neve.str_constant "a"
  %b = neve.str_constant "b"
  %ab = neve.str_concat %a, %b
  %n = neve.str_constant "n="
  %c = arith.constant -42 : i32
  %cs = neve.to_str %c : i32
  %t = arith.constant true
  %ts = neve.to_str %t : i1
  %sp = neve.str_constant " "
  %x = arith.constant 120 : i8
  %xs = neve.to_str %x {is_char} : i8
  %n1 = neve.str_concat %n, %cs
  %n2 = neve.str_concat %n1, %sp
  %n3 = neve.str_concat %n2, %ts
  %n4 = neve.str_concat %n3, %sp
  %n5 = neve.str_concat %n4, %xs
  %lt = neve.str_cmp %a, %b
  %f = arith.constant 1.5 : f32
  %fs = neve.to_str %f : f32
  %dyn = neve.str_concat %ab, %s
  return %ab, %n5, %lt, %fs, %dyn : !neve.str, !neve.str, i32, !neve.str, !neve.str
}
