// RUN: not %neve-opt %s --neve-compile-kernels 2>&1 | FileCheck %s
// CHECK: error: the module has no target attributes (nvvm-attach-target)
module attributes {gpu.container_module} {
  gpu.module @k {
  }
}
