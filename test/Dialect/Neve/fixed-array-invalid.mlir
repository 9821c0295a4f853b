// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers of the fixed-array ops.

func.func @empty(%i: i64) {
  // expected-error @+1 {{needs a positive size, not 0}}
  neve.check_index %i below 0 : i64
  return
}

// -----

neve.class @A ["x"] : [i32]
func.func @not_inline(%o: !neve.object<"A">) -> !llvm.ptr {
  // expected-error @+1 {{field 'x' has type 'i32', not an inline !llvm.array}}
  %p = neve.field_addr %o["x"] : !neve.object<"A"> -> !llvm.ptr
  return %p : !llvm.ptr
}

// -----

neve.class @A ["x"] : [!llvm.array<2 x i32>]
func.func @no_field(%o: !neve.object<"A">) -> !llvm.ptr {
  // expected-error @+1 {{class 'A' has no field 'y'}}
  %p = neve.field_addr %o["y"] : !neve.object<"A"> -> !llvm.ptr
  return %p : !llvm.ptr
}
