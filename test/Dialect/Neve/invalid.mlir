// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers reject ill-typed neve ops.

func.func @print_f64(%x: f64) {
  // expected-error @+1 {{operand #0 must be variadic of signless integer or 32-bit float or}}
  neve.print %x : f64
  return
}

// -----

func.func @divi_float(%x: f32) -> f32 {
  // expected-error @+1 {{must be signless-integer}}
  %q = neve.divi %x, %x : f32
  return %q : f32
}

// -----

func.func @divi_mixed(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %q = "neve.divi"(%a, %b) : (i32, i64) -> i32
  return %q : i32
}

// -----

func.func @str_eq_int(%a: i32) -> i1 {
  // expected-error @+1 {{operand #0 must be an immutable, garbage-collected byte string}}
  %q = "neve.str_eq"(%a, %a) : (i32, i32) -> i1
  return %q : i1
}

// -----

func.func @str_constant_type() -> i32 {
  // expected-error @+1 {{result #0 must be an immutable, garbage-collected byte string}}
  %s = "neve.str_constant"() {value = "x"} : () -> i32
  return %s : i32
}

// -----

func.func @print_newline_attr(%x: i32) {
  // expected-error @+1 {{attribute 'newline' failed to satisfy constraint: bool attribute}}
  "neve.print"(%x) {newline = 1 : i32} : (i32) -> ()
  return
}
