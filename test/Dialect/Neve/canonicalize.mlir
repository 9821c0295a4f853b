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
