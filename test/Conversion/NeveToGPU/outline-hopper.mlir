// RUN: %neve-opt %s --split-input-file --neve-outline-kernels --verify-diagnostics | FileCheck %s
// What --neve-outline-kernels does for the Hopper intrinsics (spec 8.4): a
// kernel's neve.min_sm is the highest of its own and of the gpu functions
// inlined into it; launch_bounds(T, B) (neve.launch_bounds) becomes
// nvvm.maxntid = [T, 1, 1] and nvvm.minctasm = B, and each launch checks
// that it gives at most T threads per block; a kernel's tensor_map
// parameters (neve.tensor_map_args) stay marked on the gpu.func and on its
// launches, whose operands are still the handles (the host lowering loads
// the descriptors); a nil handle is a runtime error at the launch. A kernel with setmaxnreg and no launch bounds is an
// error at the instruction.

// CHECK-DAG: llvm.mlir.global internal constant @neve.launch_file.1("kernel 'tma_k' declares launch_bounds(384, ...): this launch gives more threads per block\00")
// CHECK-DAG: llvm.mlir.global internal constant @neve.launch_file.2("kernel 'tma_k' gets a nil tensor_map as argument 1\00")
// CHECK-LABEL: func.func @main(
// CHECK: %[[N:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[BAD:.*]] = arith.cmpi sgt, %{{.*}}, %c384_i32 : i32
// CHECK: scf.if %[[BAD]] {
// CHECK: call @neve_gpu_launch_error(
// CHECK: %[[NIL:.*]] = llvm.icmp "eq" %arg0, %{{.*}} : !llvm.ptr
// CHECK: scf.if %[[NIL]] {
// CHECK: call @neve_gpu_launch_error(
// CHECK: gpu.launch_func async [%{{.*}}] @neve_kernels::@tma_k {{.*}} args(%arg0 : !llvm.ptr, %arg1 : !llvm.ptr) {neve.tensor_map_args = array<i32: 0>}
// CHECK: gpu.func @tma_k(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) kernel attributes {neve.min_sm = 90 : i32, neve.tensor_map_args = array<i32: 0>, nvvm.maxntid = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32}
// CHECK: nvvm.setmaxregister {{ *}}increase 232
module {
  func.func @main(%m: !llvm.ptr, %p: !llvm.ptr, %b: i32) {
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    neve.launch @tma_k grid(%c1, %c1, %c1) block(%b, %c1, %c1) smem(%c0) args(%m, %p : !llvm.ptr, !llvm.ptr) loc("pipe.nv":12:3)
    return
  }
  func.func private @fence() attributes {neve.device, neve.min_sm = 90 : i32} {
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    return
  }
  func.func private @tma_k(%m: !llvm.ptr, %p: !llvm.ptr) attributes {neve.kernel, neve.launch_bounds = array<i32: 384, 1>, neve.tensor_map_args = array<i32: 0>} {
    func.call @fence() : () -> ()
    nvvm.setmaxregister increase 232
    return
  }
}

// -----

module {
  func.func private @unbounded_k() attributes {neve.kernel} {
    // expected-error @below {{setmaxnreg needs its kernel to declare launch_bounds(threads, blocks): without a register budget at entry the instruction is ignored}}
    nvvm.setmaxregister decrease 40
    return
  }
}
