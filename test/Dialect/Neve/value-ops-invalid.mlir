// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers of the value ops reject ill-typed and malformed ops.

func.func @null_of_int() {
  // expected-error @+1 {{result #0 must be a nullable reference type}}
  %n = neve.null : i32
  return
}

// -----

func.func @is_nil_tuple(%t: tuple<i32, i32>) {
  // expected-error @+1 {{operand #0 must be a nullable reference type}}
  %b = neve.is_nil %t : tuple<i32, i32>
  return
}

// -----

func.func @ref_eq_mixed(%a: !neve.array<i32>, %b: !neve.array<f32>) {
  // expected-error @+1 {{requires all operands to have the same type}}
  %e = "neve.ref_eq"(%a, %b) : (!neve.array<i32>, !neve.array<f32>) -> i1
  return
}

// -----

func.func @tuple_of_one(%i: i32) {
  // expected-error @+1 {{needs at least two elements, got 1}}
  %t = neve.tuple_make %i : i32
  return
}

// -----

func.func @tuple_get_out_of_range(%t: tuple<i32, f32>) {
  // expected-error @+1 {{index 2 is out of range for 'tuple<i32, f32>'}}
  %x = neve.tuple_get %t[2] : tuple<i32, f32>
  return
}

// -----

func.func @tuple_get_wrong_result(%t: tuple<i32, f32>) {
  // expected-error @+1 {{result type 'i32' is not element 1 of 'tuple<i32, f32>'}}
  %x = "neve.tuple_get"(%t) {index = 1 : i64} : (tuple<i32, f32>) -> i32
  return
}

// -----

func.func @box_any(%a: !neve.any) {
  // expected-error @+1 {{operand #0 must be a reference type other than any}}
  %b = neve.any_box %a {type_name = "any"} : !neve.any
  return
}

// -----

func.func @box_without_name(%a: !neve.array<i32>) {
  // expected-error @+1 {{needs the name of the dynamic type}}
  %b = neve.any_box %a {type_name = ""} : !neve.array<i32>
  return
}

// -----

func.func @cast_to_scalar(%a: !neve.any) {
  // expected-error @+1 {{result #0 must be a reference type other than any}}
  %x = neve.any_cast %a {type_name = "int"} : i32
  return
}
