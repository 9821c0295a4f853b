// RUN: %neve-opt %s --convert-concurrency-to-runtime | FileCheck %s
// Every async/asyncs body becomes a private function taking the
// environment pointer; its entry unpacks the captures with neve.task_env,
// task_return becomes return, and a task_spawn with the same scope, count
// and captures remains. Nested tasks are outlined first, into their own
// functions, and the outer body spawns them.

// CHECK-LABEL: func.func @main(
// CHECK: %[[F:.*]] = neve.finish_begin : !llvm.ptr
// CHECK: neve.task_spawn @[[OUTER:main.task(_[0-9]+)?]] scope(%[[F]] : !llvm.ptr) captures(%arg0, %[[F]] : i32, !llvm.ptr)
// CHECK: neve.task_spawn @[[MANY:main.task(_[0-9]+)?]] count(%arg1) captures(%arg2 : !neve.array<i32>)
// CHECK-NOT: neve.async
// CHECK: neve.finish_end %[[F]]
func.func @main(%x: i32, %n: i64, %a: !neve.array<i32>) {
  %f = neve.finish_begin : !llvm.ptr
  neve.async scope(%f : !llvm.ptr) captures(%x, %f : i32, !llvm.ptr) {
  ^bb0(%x0: i32, %f0: !llvm.ptr):
    %c = arith.constant 0 : i32
    %z = arith.cmpi eq, %x0, %c : i32
    cf.cond_br %z, ^done, ^print
  ^print:
    neve.print %x0 : i32
    neve.async scope(%f0 : !llvm.ptr) captures(%x0 : i32) {
    ^bb0(%x1: i32):
      neve.print %x1 : i32
      neve.task_return
    }
    neve.task_return
  ^done:
    neve.task_return
  }
  neve.asyncs %n : i64 captures(%a : !neve.array<i32>) {
  ^bb0(%a0: !neve.array<i32>):
    %t = neve.thread_id "tid" : i32
    neve.print %t : i32
    neve.task_return
  }
  neve.finish_end %f : !llvm.ptr
  return
}

// The outer async's body, which spawns the inner one.
// CHECK: func.func private @[[OUTER]](%arg0: !llvm.ptr)
// CHECK-NEXT: %[[V:.*]]:2 = neve.task_env %arg0 : !llvm.ptr -> i32, !llvm.ptr
// CHECK: arith.cmpi eq, %[[V]]#0
// CHECK: neve.task_spawn @[[INNER:main.task(_[0-9]+)?]] scope(%[[V]]#1 : !llvm.ptr) captures(%[[V]]#0 : i32)
// CHECK: return
// CHECK: return

// CHECK: func.func private @[[INNER]](%arg0: !llvm.ptr)
// CHECK-NEXT: neve.task_env %arg0 : !llvm.ptr -> i32
