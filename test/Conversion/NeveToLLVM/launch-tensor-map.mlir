// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// A launch's tensor_map arguments (neve.tensor_map_args, spec 8.4) are
// handles to the runtime's 128-byte descriptors; the kernel takes the
// descriptor itself by value (a grid-constant parameter), so the launch
// passes the 128 bytes the handle points to: an aligned load of
// !llvm.array<16 x i64> (docs/codegen.md, "Kernel arguments"). Other
// arguments are passed as they are.

// CHECK-LABEL: llvm.func @main(
// CHECK-SAME: %[[MAP:[^:]*]]: !llvm.ptr, %[[P:[^:]*]]: !llvm.ptr
// CHECK: %[[D:.*]] = llvm.load %[[MAP]] {alignment = 64 : i64} : !llvm.ptr -> !llvm.array<16 x i64>
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @neve_kernels::@tma_k blocks in ({{.*}}) threads in ({{.*}}) : i64 dynamic_shared_memory_size %{{.*}} args(%[[D]] : !llvm.array<16 x i64>, %[[P]] : !llvm.ptr)
// CHECK-NOT: neve.tensor_map_args
module attributes {gpu.container_module} {
  gpu.binary @neve_kernels [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "">]
  func.func @main(%m: !llvm.ptr, %p: !llvm.ptr, %s: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : i32
    %t = builtin.unrealized_conversion_cast %s : !llvm.ptr to !gpu.async.token
    %done = gpu.launch_func async [%t] @neve_kernels::@tma_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %c0 args(%m : !llvm.ptr, %p : !llvm.ptr) {neve.tensor_map_args = array<i32: 0>}
    return
  }
}
