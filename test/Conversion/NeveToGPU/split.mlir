// RUN: %neve-opt %s --neve-split-kernel-modules | FileCheck %s
// RUN: %neve-opt %s --pass-pipeline='builtin.module(neve-split-kernel-modules, gpu.module(symbol-dce))' | FileCheck %s --check-prefix=DCE
// Each kernel gets a module of its own with a copy of what else the module
// held; launches follow their kernel. A module of one kernel stays as it is.

// CHECK-LABEL: func.func @main(
// CHECK: gpu.launch_func @neve_kernels_a_k::@a_k
// CHECK: gpu.launch_func @neve_kernels_b_k::@b_k
// CHECK: gpu.launch_func @neve_kernels_a_k::@a_k
// CHECK: gpu.launch_func @single::@c_k
// CHECK-NOT: gpu.module @neve_kernels {
// CHECK: gpu.module @neve_kernels_a_k {
// CHECK-NEXT: func.func private @helper
// CHECK: gpu.func @a_k() kernel
// CHECK-NOT: gpu.func @b_k
// CHECK: gpu.module @neve_kernels_b_k {
// CHECK-NEXT: func.func private @helper
// CHECK-NOT: gpu.func @a_k
// CHECK: gpu.func @b_k() kernel
// CHECK: gpu.module @single {
// CHECK-NEXT: gpu.func @c_k() kernel

// What a kernel does not use goes with symbol-dce:
// DCE: gpu.module @neve_kernels_a_k {
// DCE-NEXT: gpu.func @a_k() kernel
// DCE: gpu.module @neve_kernels_b_k {
// DCE-NEXT: func.func private @helper
// DCE: gpu.func @b_k() kernel
module attributes {gpu.container_module} {
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @neve_kernels::@a_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @neve_kernels::@b_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @neve_kernels::@a_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @single::@c_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @neve_kernels {
    func.func private @helper() {
      return
    }
    gpu.func @a_k() kernel {
      gpu.return
    }
    gpu.func @b_k() kernel {
      func.call @helper() : () -> ()
      gpu.return
    }
  }
  gpu.module @single {
    gpu.func @c_k() kernel {
      gpu.return
    }
  }
}
