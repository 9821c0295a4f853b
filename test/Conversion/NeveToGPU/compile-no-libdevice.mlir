// RUN: env CUDA_HOME=/nonexistent/cuda not %neve-opt %s --neve-compile-kernels=assemble=false 2>&1 | FileCheck %s
// A module that calls the math library (__nv_*) with no libdevice linked
// could be loaded by neither ptxas nor the driver: an error at the call,
// naming the kernel, the function and where libdevice was looked for. The
// module that calls nothing compiles, and MLIR's serialiser's own complaint
// about $CUDA_HOME ("CUDA path: ... does not exist") is not repeated.

// CHECK-NOT: CUDA path
// CHECK: compile-no-libdevice.mlir:[[#@LINE+11]]:12: error: libdevice not found: kernel exp_k calls __nv_expf of the CUDA math library, libdevice.10.bc from the CUDA toolkit; looked for $CUDA_HOME/nvvm/libdevice/libdevice.10.bc (/nonexistent/cuda/nvvm/libdevice/libdevice.10.bc).
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @plain [#nvvm.target<chip = "sm_90">] {
    llvm.func @copy_k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @math [#nvvm.target<chip = "sm_90">] {
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @exp_k(%x: f32) attributes {nvvm.kernel} {
      %y = llvm.call @__nv_expf(%x) : (f32) -> f32
      llvm.return
    }
  }
}
