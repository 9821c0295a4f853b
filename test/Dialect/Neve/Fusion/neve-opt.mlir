// neve-fuse through neve-opt: the patterns option, an unknown pattern, a
// launch on an explicit stream (not fused), and the remark.
// RUN: neve-opt %s --neve-fuse --verify-diagnostics | FileCheck %s
// RUN: neve-opt %s --neve-fuse="patterns=elementwise" --verify-diagnostics | FileCheck %s
// RUN: not neve-opt %s --neve-fuse="patterns=elementwise,nonsense" 2>&1 | FileCheck %s --check-prefix=CHECK-UNKNOWN
// CHECK-UNKNOWN: error: neve-fuse: unknown pattern 'nonsense' (known: elementwise, gemm-epilogue, attention, bn-relu, add-relu)

module {
  func.func private @zeros_cuda(!llvm.ptr, i32) -> !llvm.ptr
  func.func private @neve_context() -> !llvm.ptr

  // z = (x*x)*(x*x): y goes. (x comes from the caller, z is fresh: they cannot
  // overlap.)
  // CHECK-LABEL: func.func @fused(
  // CHECK-SAME: %[[X:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[G:.*]]: i32)
  // CHECK: %[[Z:.*]] = call @zeros_cuda
  // CHECK-NOT: call @zeros_cuda
  // CHECK: neve.launch @sq_k__sq_k grid(%[[G]], {{.*}} args(%[[X]], %[[N]], %[[Z]] : !llvm.ptr, i32, !llvm.ptr)
  // CHECK-NEXT: return %[[Z]]
  func.func @fused(%x: !llvm.ptr, %n: i32, %g: i32) -> !llvm.ptr {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %ctx = call @neve_context() : () -> !llvm.ptr
    %y = call @zeros_cuda(%ctx, %n) : (!llvm.ptr, i32) -> !llvm.ptr
    %z = call @zeros_cuda(%ctx, %n) : (!llvm.ptr, i32) -> !llvm.ptr
    // expected-remark @+1 {{neve-fuse[elementwise]: fused the launches of 'sq_k' (line 28) and 'sq_k' (line 29) into 'sq_k__sq_k'; the intermediate buffer allocated at line 25 is gone}}
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) args(%y, %x, %n : !llvm.ptr, !llvm.ptr, i32)
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) args(%z, %y, %n : !llvm.ptr, !llvm.ptr, i32)
    return %z : !llvm.ptr
  }

  // The same with z from the caller: x and z may overlap (z could be x
  // one element on), so the second kernel could overwrite what a thread
  // of the first has yet to read.
  // CHECK-LABEL: func.func @caller_buffers(
  // CHECK: neve.launch @sq_k grid
  // CHECK-NEXT: neve.launch @sq_k grid
  func.func @caller_buffers(%x: !llvm.ptr, %z: !llvm.ptr, %n: i32, %g: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %ctx = call @neve_context() : () -> !llvm.ptr
    %y = call @zeros_cuda(%ctx, %n) : (!llvm.ptr, i32) -> !llvm.ptr
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) args(%y, %x, %n : !llvm.ptr, !llvm.ptr, i32)
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) args(%z, %y, %n : !llvm.ptr, !llvm.ptr, i32)
    return
  }

  // On a stream of their own, launches keep their order with other work
  // on that stream: not fused.
  // CHECK-LABEL: func.func @streams(
  // CHECK: neve.launch @sq_k
  // CHECK: neve.launch @sq_k
  func.func @streams(%x: !llvm.ptr, %z: !llvm.ptr, %n: i32, %g: i32, %s: !llvm.ptr) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %ctx = call @neve_context() : () -> !llvm.ptr
    %y = call @zeros_cuda(%ctx, %n) : (!llvm.ptr, i32) -> !llvm.ptr
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) stream(%s : !llvm.ptr) args(%y, %x, %n : !llvm.ptr, !llvm.ptr, i32)
    neve.launch @sq_k grid(%g, %c1, %c1) block(%c256, %c1, %c1) smem(%c0) stream(%s : !llvm.ptr) args(%z, %y, %n : !llvm.ptr, !llvm.ptr, i32)
    return
  }

  // CHECK: func.func private @sq_k(
  // CHECK: func.func private @sq_k__sq_k(
  // CHECK: %[[V:.*]] = llvm.load
  // CHECK-NEXT: %[[S:.*]] = arith.mulf %[[V]], %[[V]]
  // CHECK: %[[Q:.*]] = arith.mulf %[[S]], %[[S]]
  // CHECK-NEXT: llvm.store %[[Q]]
  // CHECK-NOT: llvm.store
  func.func private @sq_k(%out: !llvm.ptr, %in: !llvm.ptr, %n: i32) attributes {neve.kernel} {
    %bid = gpu.block_id x
    %b = arith.index_cast %bid : index to i32
    %bdim = gpu.block_dim x
    %d = arith.index_cast %bdim : index to i32
    %m = arith.muli %b, %d : i32
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %k = arith.addi %m, %t : i32
    %inside = arith.cmpi slt, %k, %n : i32
    cf.cond_br %inside, ^body, ^exit
  ^body:
    %k64 = arith.extsi %k : i32 to i64
    %src = llvm.getelementptr %in[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %dst = llvm.getelementptr %out[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %src : !llvm.ptr -> f32
    %r = arith.mulf %v, %v : f32
    llvm.store %r, %dst : f32, !llvm.ptr
    cf.br ^exit
  ^exit:
    return
  }
}
