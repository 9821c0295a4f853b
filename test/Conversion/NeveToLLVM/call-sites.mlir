// RUN: %neve-opt %s --neve-call-sites | FileCheck %s
// The program's calls of external functions (protos, runtime entry points),
// of library functions (neve.library) and of function values store their
// site record in the thread's neve_rt_call_site around the call, putting
// the previous site back after it; calls between the program's own
// functions, calls inside library and device functions, and calls without a
// file location are left alone. Equal sites share one record.

// CHECK-DAG: llvm.mlir.global external thread_local @neve_rt_call_site() {addr_space = 0 : i32} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global private constant @"[[SITE:.site.[0-9A-F]+]]"() {{.*}}neve.contents = "prog.nv:7:5"} : !llvm.struct<(ptr, i32, i32)>
// CHECK-DAG: llvm.mlir.global private constant @"[[FILE:.cstr.[0-9A-F]+]]"() {{.*}}neve.contents = "prog.nv"}

func.func private @cumalloc(i64) -> !llvm.ptr
func.func private @helper() attributes {neve.library} {
  // CHECK-LABEL: func.func private @helper
  // CHECK-NOT: neve_rt_call_site
  // CHECK: call @cumalloc
  %n = arith.constant 4 : i64
  %p = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc("lib.nv":3:9)
  return
}
func.func private @mine() {
  return
}

// CHECK-LABEL: func.func @neve_main
func.func @neve_main(%f: () -> ()) {
  %n = arith.constant 8 : i64
  // CHECK: %[[REC:.*]] = llvm.mlir.addressof @"[[SITE]]" : !llvm.ptr
  // CHECK-NEXT: %[[TLS:.*]] = llvm.mlir.addressof @neve_rt_call_site : !llvm.ptr
  // CHECK-NEXT: %[[SLOT:.*]] = "llvm.intr.threadlocal.address"(%[[TLS]])
  // CHECK-NEXT: %[[OLD:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
  // CHECK-NEXT: llvm.store %[[REC]], %[[SLOT]] : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: call @cumalloc
  // CHECK-NEXT: llvm.store %[[OLD]], %[[SLOT]] : !llvm.ptr, !llvm.ptr
  %p = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc("prog.nv":7:5)
  // CHECK: llvm.store
  // CHECK-NEXT: call @helper()
  // CHECK-NEXT: llvm.store
  func.call @helper() : () -> () loc("prog.nv":8:5)
  // CHECK: llvm.store
  // CHECK-NEXT: call_indirect
  // CHECK-NEXT: llvm.store
  func.call_indirect %f() : () -> () loc("prog.nv":9:5)
  // The program's own function, and a call without a file location.
  // CHECK-NEXT: call @mine()
  // CHECK-NEXT: call @cumalloc
  // CHECK-NEXT: return
  func.call @mine() : () -> () loc("prog.nv":10:5)
  %q = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc(unknown)
  return
}

// The same site twice: one record.
// CHECK-LABEL: func.func @twice
func.func @twice() {
  %n = arith.constant 8 : i64
  // CHECK: llvm.mlir.addressof @"[[SITE]]"
  // CHECK: llvm.mlir.addressof @"[[SITE]]"
  %p = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc("prog.nv":7:5)
  %q = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc("prog.nv":7:5)
  return
}

// Device functions are not instrumented.
// CHECK-LABEL: func.func private @dev
// CHECK-NOT: llvm.store
// CHECK: return
func.func private @dev() attributes {neve.device} {
  %n = arith.constant 8 : i64
  %p = func.call @cumalloc(%n) : (i64) -> !llvm.ptr loc("prog.nv":20:5)
  return
}
