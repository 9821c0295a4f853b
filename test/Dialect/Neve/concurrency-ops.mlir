// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// The concurrency ops (§6.8) print and parse back.

// CHECK-LABEL: func.func @tasks
// CHECK: %[[F:.*]] = neve.finish_begin : !llvm.ptr
// CHECK: neve.async scope(%[[F]] : !llvm.ptr) captures(%arg0 : i32) {
// CHECK: ^bb0(%{{.*}}: i32):
// CHECK: neve.task_return
// CHECK: neve.asyncs scope(%[[F]] : !llvm.ptr) %arg1 : i64 captures(%arg2 : !neve.array<i32>) {
// CHECK: neve.array_split %{{.*}} {strided} : !neve.array<i32>
// CHECK: neve.thread_id "tid" : i32
// CHECK: neve.async {
// CHECK: neve.finish_end %[[F]] : !llvm.ptr
func.func @tasks(%x: i32, %n: i64, %a: !neve.array<i32>) {
  %f = neve.finish_begin : !llvm.ptr
  neve.async scope(%f : !llvm.ptr) captures(%x : i32) {
  ^bb0(%x0: i32):
    neve.print %x0 : i32
    neve.task_return
  }
  neve.asyncs scope(%f : !llvm.ptr) %n : i64 captures(%a : !neve.array<i32>) {
  ^bb0(%a0: !neve.array<i32>):
    %part = neve.array_split %a0 {strided} : !neve.array<i32>
    %t = neve.thread_id "tid" : i32
    neve.task_return
  }
  neve.async {
    neve.task_return
  }
  neve.finish_end %f : !llvm.ptr
  return
}

// CHECK-LABEL: func.func @spawned
// CHECK: neve.task_spawn @body scope(%{{.*}} : !llvm.ptr) count(%arg1) captures(%arg0 : i32)
// CHECK: neve.task_spawn @body
func.func @spawned(%x: i32, %n: i64, %f: !llvm.ptr) {
  neve.task_spawn @body scope(%f : !llvm.ptr) count(%n) captures(%x : i32)
  neve.task_spawn @body
  return
}

// CHECK-LABEL: func.func private @body
// CHECK: %{{.*}} = neve.task_env %arg0 : !llvm.ptr -> i32
func.func private @body(%env: !llvm.ptr) {
  %x = neve.task_env %env : !llvm.ptr -> i32
  return
}

// CHECK-LABEL: func.func @locks_channels
// CHECK: neve.lock_acquire "tally"
// CHECK: neve.lock_release "tally"
// CHECK: %[[CH:.*]] = neve.channel_new 8 : !neve.channel<i32>
// CHECK: neve.channel_send %[[CH]], %arg0 : !neve.channel<i32>, i32
// CHECK: %{{.*}}, %{{.*}} = neve.channel_recv %[[CH]] : !neve.channel<i32> -> i32
// CHECK: neve.channel_alive %[[CH]] : !neve.channel<i32>
// CHECK: neve.channel_terminate %[[CH]] : !neve.channel<i32>
// CHECK: neve.channel_sum %[[CH]] : !neve.channel<i32> -> i32
func.func @locks_channels(%x: i32) -> i32 {
  neve.lock_acquire "tally"
  neve.lock_release "tally"
  %ch = neve.channel_new 8 : !neve.channel<i32>
  neve.channel_send %ch, %x : !neve.channel<i32>, i32
  %v, %ok = neve.channel_recv %ch : !neve.channel<i32> -> i32
  %alive = neve.channel_alive %ch : !neve.channel<i32>
  neve.channel_terminate %ch : !neve.channel<i32>
  %s = neve.channel_sum %ch : !neve.channel<i32> -> i32
  return %s : i32
}
