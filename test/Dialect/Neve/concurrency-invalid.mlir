// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// The verifiers of the concurrency ops.

func.func @body_args(%x: i32) {
  // expected-error @+1 {{body's entry block must take the captured values}}
  neve.async captures(%x : i32) {
    neve.task_return
  }
  return
}

// -----

func.func @isolated(%x: i32) {
  // expected-note @+1 {{required by region isolation constraints}}
  neve.async {
    // expected-error @+1 {{using value defined outside the region}}
    neve.print %x : i32
    neve.task_return
  }
  return
}

// -----

func.func @kind() -> i32 {
  // expected-error @+1 {{kind must be "tid", "tN" or "tHW", not "pid"}}
  %t = neve.thread_id "pid" : i32
  return %t : i32
}

// -----

func.func @capacity() {
  // expected-error @+1 {{needs a positive capacity, not 0}}
  %ch = neve.channel_new 0 : !neve.channel<i32>
  return
}

// -----

func.func @send(%ch: !neve.channel<i32>, %v: f32) {
  // expected-error @+1 {{value type 'f32' differs from the channel's element type 'i32'}}
  neve.channel_send %ch, %v : !neve.channel<i32>, f32
  return
}

// -----

func.func @sum(%ch: !neve.channel<i32>) -> i64 {
  // expected-error @+1 {{result type 'i64' differs from the channel's element type 'i32'}}
  %s = neve.channel_sum %ch : !neve.channel<i32> -> i64
  return %s : i64
}

// -----

func.func @spawn_type() {
  // expected-error @+1 {{needs a task body of type (!llvm.ptr) -> (), not '(i32) -> ()'}}
  neve.task_spawn @notask
  return
}
func.func private @notask(i32)

// -----

func.func @spawn_missing() {
  // expected-error @+1 {{refers to undeclared function @nope}}
  neve.task_spawn @nope
  return
}
