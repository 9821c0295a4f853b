// RUN: %neve-opt %s --convert-neve-to-llvm --reconcile-unrealized-casts | FileCheck %s
// Tasks, finish, thread ids, splits, locks and channels become calls into
// the runtime's C ABI (neve_runtime.h, "Concurrency"): a task's captures go
// into a struct from neve_object_new (scanned by the collector) and
// neve_asyncs receives the body's address; the body reads them back.

// CHECK-LABEL: llvm.func @spawn
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[END:.*]] = llvm.getelementptr %[[NULL]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, ptr)>
// CHECK: %[[SIZE:.*]] = llvm.ptrtoint %[[END]] : !llvm.ptr to i64
// CHECK: %[[ENV:.*]] = llvm.call @neve_object_new(%[[SIZE]])
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[ENV]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, ptr)>
// CHECK: llvm.store %arg0, %[[F0]] : i32, !llvm.ptr
// CHECK: %[[F1:.*]] = llvm.getelementptr %[[ENV]][0, 1]
// CHECK: llvm.store %arg2, %[[F1]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[FN:.*]] = llvm.mlir.addressof @body : !llvm.ptr
// CHECK: llvm.call @neve_asyncs(%arg3, %arg1, %[[FN]], %[[ENV]]) : (!llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: %[[NOENV:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.mlir.addressof @empty
// CHECK: %[[NOSCOPE:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @neve_async(%[[NOSCOPE]], %{{.*}}, %[[NOENV]])
func.func @spawn(%x: i32, %n: i64, %a: !neve.array<i32>, %f: !llvm.ptr) {
  neve.task_spawn @body scope(%f : !llvm.ptr) count(%n) captures(%x, %a : i32, !neve.array<i32>)
  neve.task_spawn @empty
  return
}

// CHECK-LABEL: llvm.func @body(%arg0: !llvm.ptr)
// CHECK: %[[X:.*]] = llvm.getelementptr %arg0[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, ptr)>
// CHECK: llvm.load %[[X]] : !llvm.ptr -> i32
// CHECK: %[[A:.*]] = llvm.getelementptr %arg0[0, 1]
// CHECK: llvm.load %[[A]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @neve_tid() : () -> i32
// CHECK: llvm.call @neve_tn() : () -> i32
// CHECK: llvm.call @neve_array_split_chunk
func.func private @body(%env: !llvm.ptr) {
  %x, %a = neve.task_env %env : !llvm.ptr -> i32, !neve.array<i32>
  %part = neve.array_split %a : !neve.array<i32>
  return
}

func.func private @empty(%env: !llvm.ptr) {
  return
}

// CHECK-LABEL: llvm.func @scopes
// CHECK: %[[S:.*]] = llvm.call @neve_finish_begin() : () -> !llvm.ptr
// CHECK: llvm.call @neve_thw() : () -> i32
// CHECK: llvm.call @neve_finish_end(%[[S]])
func.func @scopes() -> i32 {
  %f = neve.finish_begin : !llvm.ptr
  %h = neve.thread_id "tHW" : i32
  neve.finish_end %f : !llvm.ptr
  return %h : i32
}

// CHECK-LABEL: llvm.func @locks
// CHECK: %[[L:.*]] = llvm.call @neve_lock_get(%{{.*}}) : (!llvm.ptr) -> !llvm.ptr
// CHECK: llvm.call @neve_lock_acquire(%[[L]])
// CHECK: %[[L2:.*]] = llvm.call @neve_lock_get
// CHECK: llvm.call @neve_lock_release(%[[L2]])
func.func @locks() {
  neve.lock_acquire "tally"
  neve.lock_release "tally"
  return
}

// CHECK-LABEL: llvm.func @channels
// CHECK: %[[SLOT_R:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: %[[SLOT_S:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: %[[CAP:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: %[[SZ:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[CH:.*]] = llvm.call @neve_channel_new(%[[CAP]], %[[SZ]])
// CHECK: llvm.store %arg0, %[[SLOT_S]] : f32, !llvm.ptr
// CHECK: llvm.call @neve_channel_send(%[[CH]], %[[SLOT_S]])
// CHECK: %[[OK:.*]] = llvm.call @neve_channel_recv(%[[CH]], %[[SLOT_R]]) : (!llvm.ptr, !llvm.ptr) -> i8
// CHECK: llvm.load %[[SLOT_R]] : !llvm.ptr -> f32
// CHECK: llvm.trunc %[[OK]] : i8 to i1
// CHECK: llvm.call @neve_channel_alive(%[[CH]])
// CHECK: llvm.call @neve_channel_terminate(%[[CH]])
// CHECK: llvm.call @neve_channel_sum_float(%[[CH]]) : (!llvm.ptr) -> f32
func.func @channels(%v: f32) -> f32 {
  %ch = neve.channel_new 8 : !neve.channel<f32>
  neve.channel_send %ch, %v : !neve.channel<f32>, f32
  %r, %ok = neve.channel_recv %ch : !neve.channel<f32> -> f32
  %alive = neve.channel_alive %ch : !neve.channel<f32>
  neve.channel_terminate %ch : !neve.channel<f32>
  %s = neve.channel_sum %ch : !neve.channel<f32> -> f32
  return %s : f32
}
