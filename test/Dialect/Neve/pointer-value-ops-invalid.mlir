// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// Host pointers and references are different types: identity needs one type.

func.func @ref_eq_pointer_object(%p: !llvm.ptr, %o: !neve.object<"Node">) {
  // expected-error @+1 {{'neve.ref_eq' op requires all operands to have the same type}}
  %b = "neve.ref_eq"(%p, %o) : (!llvm.ptr, !neve.object<"Node">) -> i1
  return
}

// -----

func.func @null_of_struct() {
  // expected-error @+1 {{result #0 must be a nullable reference type}}
  %n = neve.null : !llvm.struct<(i32)>
  return
}
