// RUN: %neve-opt %s --neve-outline-kernels | FileCheck %s
// Kernels get their calls of device functions inlined and become gpu.func
// kernels; device functions move into gpu.module @neve_kernels; a launch becomes a call that records its
// source site and a gpu.launch_func on the thread's stream (index-cast
// dimensions, the stream as the async token).

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @main(
// CHECK: %[[FILE:.*]] = llvm.mlir.addressof @neve.launch_file.0 : !llvm.ptr
// CHECK: %[[LINE:.*]] = arith.constant 30 : i32
// CHECK: %[[COL:.*]] = arith.constant 3 : i32
// CHECK: call @neve_gpu_launch_site(%[[FILE]], %[[LINE]], %[[COL]])
// CHECK: %[[S:.*]] = call @neve_gpu_stream() : () -> !llvm.ptr
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %[[S]] : !llvm.ptr to !gpu.async.token
// CHECK: %[[GX:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: gpu.launch_func async [%[[T]]] @neve_kernels::@scale_k blocks in (%[[GX]], %{{.*}}, %{{.*}}) threads in ({{.*}}) dynamic_shared_memory_size %{{.*}} args(%arg0 : !llvm.ptr, %{{.*}} : f32)
// CHECK-NOT: neve.launch
// CHECK: gpu.module @neve_kernels
// CHECK: func.func private @twice(%{{.*}}: f32) -> f32
// CHECK-NOT: neve.device
// CHECK: gpu.func @scale_k(%{{.*}}: !llvm.ptr, %{{.*}}: f32) kernel
// CHECK-NOT: call @twice
// CHECK: arith.addf
// CHECK: gpu.return
module {
  func.func @main(%p: !llvm.ptr, %g: i32) {
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %a = arith.constant 2.0 : f32
    neve.launch @scale_k grid(%g, %c1, %c1) block(%c1, %c1, %c1) smem(%c0) args(%p, %a : !llvm.ptr, f32) loc("scale.nv":30:3)
    return
  }
  func.func private @twice(%x: f32) -> f32 attributes {neve.device} {
    %y = arith.addf %x, %x : f32
    return %y : f32
  }
  func.func private @scale_k(%p: !llvm.ptr, %a: f32) attributes {neve.kernel} {
    %b = func.call @twice(%a) : (f32) -> f32
    llvm.store %b, %p : f32, !llvm.ptr
    return
  }
}
