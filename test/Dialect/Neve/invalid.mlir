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

// -----

func.func @print_chars_count(%c: i8) {
  // expected-error @+1 {{'neve.print' op has 2 'chars' entries for 1 operands}}
  neve.print %c : i8 {chars = array<i1: true, false>}
  return
}

// -----

func.func @print_char_not_i8(%c: i8, %x: i32) {
  // expected-error @+1 {{'neve.print' op operand #1 is marked as a char but has type 'i32', not i8}}
  neve.print %c, %x : i8, i32 {chars = array<i1: true, true>}
  return
}

// -----

func.func @to_str_char_not_i8(%x: i32) -> !neve.str {
  // expected-error @+1 {{'neve.to_str' op 'is_char' needs an i8 operand, not 'i32'}}
  %s = neve.to_str %x {is_char} : i32
  return %s : !neve.str
}

// -----

func.func @to_str_of_str(%x: !neve.str) -> !neve.str {
  // expected-error @+1 {{operand #0 must be signless integer or 32-bit float}}
  %s = "neve.to_str"(%x) : (!neve.str) -> !neve.str
  return %s : !neve.str
}

// -----

func.func @str_cmp_result(%a: !neve.str) -> i1 {
  // expected-error @+1 {{result #0 must be 32-bit signless integer}}
  %c = "neve.str_cmp"(%a, %a) : (!neve.str, !neve.str) -> i1
  return %c : i1
}

// -----

func.func @str_concat_int(%a: !neve.str, %x: i32) -> !neve.str {
  // expected-error @+1 {{operand #1 must be an immutable, garbage-collected byte string}}
  %c = "neve.str_concat"(%a, %x) : (!neve.str, i32) -> !neve.str
  return %c : !neve.str
}

// -----

func.func @array_new_element_type(%x: i64) {
  // expected-error @+1 {{'neve.array_new' op element #0 has type 'i64', not the element type 'i32'}}
  %a = neve.array_new [%x : i64] : !neve.array<i32>
  return
}

// -----

func.func @array_unsupported_element(%x: f64) {
  // expected-error @+1 {{'neve.array_new' op unsupported array element type 'f64'}}
  %a = neve.array_new : !neve.array<f64>
  return
}

// -----

func.func @array_set_value_type(%a: !neve.array<i32>, %i: i64, %x: i64) {
  // expected-error @+1 {{'neve.array_set' op failed to verify that the value has the element type}}
  "neve.array_set"(%x, %a, %i) : (i64, !neve.array<i32>, i64) -> ()
  return
}

// -----

func.func @array_get_result_type(%a: !neve.array<i32>, %i: i64) {
  // expected-error @+1 {{'neve.array_get' op failed to verify that the result has the element type}}
  %x = "neve.array_get"(%a, %i) : (!neve.array<i32>, i64) -> f32
  return
}

// -----

func.func @array_append_value_type(%a: !neve.array<!neve.str>, %x: i32) {
  // expected-error @+1 {{'neve.array_append' op failed to verify that the value has the element type}}
  "neve.array_append"(%a, %x) : (!neve.array<!neve.str>, i32) -> ()
  return
}

// -----

func.func @array_print_char(%a: !neve.array<i32>) {
  // expected-error @+1 {{'neve.array_print' op 'is_char' needs i8 elements, not 'i32'}}
  neve.array_print %a {is_char} : !neve.array<i32>
  return
}

// -----

func.func @array_reduce_i8(%a: !neve.array<i8>) {
  // expected-error @+1 {{'neve.array_reduce' op needs i32, i64 or f32 elements, not 'i8'}}
  %x = neve.array_reduce %a : !neve.array<i8>
  return
}
