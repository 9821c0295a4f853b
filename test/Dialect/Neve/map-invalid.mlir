// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers of the map ops and str_split reject ill-typed ops.

func.func @f64_key() {
  // expected-error @+1 {{unsupported map key type 'f64'}}
  %m = neve.map_new : !neve.map<f64, i32>
  return
}

// -----

func.func @array_key() {
  // expected-error @+1 {{unsupported map key type '!neve.array<i32>'}}
  %m = neve.map_new : !neve.map<!neve.array<i32>, i32>
  return
}

// -----

func.func @char_key_not_i8() {
  // expected-error @+1 {{'key_is_char' needs i8 keys, not 'i32'}}
  %m = neve.map_new {key_is_char} : !neve.map<i32, i32>
  return
}

// -----

func.func @get_bad_map(%m: !neve.map<i128, i32>, %k: i128) -> i32 {
  // expected-error @+1 {{unsupported map key type 'i128'}}
  %v = neve.map_get %m[%k] : !neve.map<i128, i32>
  return %v : i32
}

// -----

func.func @get_wrong_key(%m: !neve.map<!neve.str, i32>, %k: i32) -> i32 {
  // expected-error @+1 {{failed to verify that the key has the key type}}
  %v = "neve.map_get"(%m, %k) : (!neve.map<!neve.str, i32>, i32) -> i32
  return %v : i32
}

// -----

func.func @get_wrong_result(%m: !neve.map<i32, i32>, %k: i32) -> i64 {
  // expected-error @+1 {{failed to verify that the result has the value type}}
  %v = "neve.map_get"(%m, %k) : (!neve.map<i32, i32>, i32) -> i64
  return %v : i64
}

// -----

func.func @set_wrong_value(%m: !neve.map<i32, f32>, %k: i32, %v: i32) {
  // expected-error @+1 {{failed to verify that the value has the value type}}
  "neve.map_set"(%v, %m, %k) : (i32, !neve.map<i32, f32>, i32) -> ()
  return
}

// -----

func.func @has_wrong_key(%m: !neve.map<i64, f32>, %k: i32) -> i1 {
  // expected-error @+1 {{failed to verify that the key has the key type}}
  %h = "neve.map_has"(%m, %k) : (!neve.map<i64, f32>, i32) -> i1
  return %h : i1
}

// -----

func.func @size_not_a_map(%a: !neve.array<i32>) -> i64 {
  // expected-error @+1 {{operand #0 must be a garbage-collected hash map}}
  %n = "neve.map_size"(%a) : (!neve.array<i32>) -> i64
  return %n : i64
}

// -----

func.func @keys_wrong_element(%m: !neve.map<i32, f32>) {
  // expected-error @+1 {{result has element type 'f32', not the key type 'i32'}}
  %k = neve.map_keys %m : !neve.map<i32, f32> -> !neve.array<f32>
  return
}

// -----

func.func @values_wrong_element(%m: !neve.map<i32, f32>) {
  // expected-error @+1 {{result has element type 'i32', not the value type 'f32'}}
  %v = neve.map_values %m : !neve.map<i32, f32> -> !neve.array<i32>
  return
}

// -----

func.func @split_wrong_result(%s: !neve.str) {
  // expected-error @+1 {{result must be an array of !neve.str, not '!neve.array<i8>'}}
  %f = neve.str_split %s, %s : !neve.array<i8>
  return
}

// -----

func.func @str_get_wrong_index(%s: !neve.str, %i: i32) -> i8 {
  // expected-error @+1 {{operand #1 must be 64-bit signless integer}}
  %c = "neve.str_get"(%s, %i) : (!neve.str, i32) -> i8
  return %c : i8
}

// -----

func.func @inner_char_not_a_map(%m: !neve.map<i32, i8>, %k: i32) -> i8 {
  // expected-error @+1 {{'inner_key_is_char' needs a map value with i8 keys, not 'i8'}}
  %v = neve.map_get %m[%k] {inner_key_is_char} : !neve.map<i32, i8>
  return %v : i8
}

// -----

func.func @inner_char_wide_keys(%m: !neve.map<i32, !neve.map<i32, i8>>, %k: i32) {
  // expected-error @+1 {{'inner_key_is_char' needs a map value with i8 keys, not '!neve.map<i32, i8>'}}
  %v = neve.map_get %m[%k] {inner_key_is_char} : !neve.map<i32, !neve.map<i32, i8>>
  return
}
