// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers of neve.launch.

func.func @main() {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{refers to undeclared kernel @nowhere}}
  neve.launch @nowhere grid(%c1, %c1, %c1) block(%c1, %c1, %c1) smem(%c1)
  return
}

// -----

func.func private @host(%p: !llvm.ptr)
func.func @main(%p: !llvm.ptr) {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{needs a function marked 'neve.kernel', not @host}}
  neve.launch @host grid(%c1, %c1, %c1) block(%c1, %c1, %c1) smem(%c1) args(%p : !llvm.ptr)
  return
}

// -----

func.func private @k(%p: !llvm.ptr, %n: i32) attributes {neve.kernel}
func.func @main(%p: !llvm.ptr) {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{arguments do not match kernel @k of type '(!llvm.ptr, i32) -> ()'}}
  neve.launch @k grid(%c1, %c1, %c1) block(%c1, %c1, %c1) smem(%c1) args(%p : !llvm.ptr)
  return
}
