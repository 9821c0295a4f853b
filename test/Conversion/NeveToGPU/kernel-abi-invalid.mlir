// RUN: %neve-opt %s --neve-kernel-abi --verify-diagnostics
// A kernel that needs sm_90 (neve.min_sm) in a module whose only target is
// sm_80 is an error at the kernel: it cannot be compiled for any target.

module attributes {gpu.container_module} {
  gpu.module @old [#nvvm.target<chip = "sm_80">] {
    // expected-error @below {{the kernel uses instructions of sm_90 and later, and no target of its module is one}}
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel, neve.min_sm = 90 : i32} {
      llvm.return
    }
  }
}
