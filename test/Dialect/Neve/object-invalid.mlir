// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The class and object verifiers.

// expected-error @+1 {{has 2 field names but 1 field types}}
neve.class @A ["x", "y"] : [i32]

// -----

// expected-error @+1 {{declares field 'x' twice}}
neve.class @A ["x", "x"] : [i32, i32]

// -----

func.func @undeclared() {
  // expected-error @+1 {{refers to undeclared class 'Nope'}}
  %o = neve.new : !neve.object<"Nope">
  return
}

// -----

neve.class @A ["x"] : [i32]
func.func @no_field(%o: !neve.object<"A">) -> i32 {
  // expected-error @+1 {{class 'A' has no field 'y'}}
  %v = neve.field_get %o["y"] : !neve.object<"A"> -> i32
  return %v : i32
}

// -----

neve.class @A ["x"] : [i32]
func.func @wrong_type(%o: !neve.object<"A">, %v: f32) {
  // expected-error @+1 {{field 'x' has type 'i32', not 'f32'}}
  neve.field_set %v, %o["x"] : f32, !neve.object<"A">
  return
}

// -----

neve.class @A [] : []
func.func private @init() -> i32
func.func @bad_init() -> !neve.object<"A"> {
  %f = func.constant @init : () -> i32
  // expected-error @+1 {{needs an initializer of type () -> '!neve.object<"A">'}}
  %s = neve.singleton %f : () -> i32 -> !neve.object<"A">
  return %s : !neve.object<"A">
}
