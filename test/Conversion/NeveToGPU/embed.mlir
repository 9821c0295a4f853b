// REQUIRES: ptxas
// RUN: %neve-opt %s --neve-embed-kernels | FileCheck %s
// RUN: not %neve-opt %s --neve-embed-kernels=ptxas=/nonexistent/ptxas 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %neve-opt %s --neve-embed-kernels=ptxas=/bin/false 2>&1 | FileCheck %s --check-prefix=BAD
// The PTX objects become one `bin` object: the NEVEKRN1 container with 3
// entries (the sm_90 cubin from ptxas, then the PTX of each target), for
// the runtime to pick from (docs/runtime-gpu.md).

// CHECK: gpu.binary @neve_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, bin = "NEVEKRN1\03\00\00\00
// CHECK-SAME: \7FELF
// CHECK-SAME: .target sm_90
// CHECK-SAME: .target sm_80
// CHECK-NOT: #gpu.object
// MISSING: error: ptxas not found: {{.*}}; looked for the ptxas option (/nonexistent/ptxas).
// BAD: error: ptxas failed
module attributes {gpu.container_module} {
  gpu.binary @neve_kernels [
    #gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k()\0A{\0A\09ret;\0A}\0A">,
    #gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">, assembly = ".version 8.0\0A.target sm_80\0A.address_size 64\0A.visible .entry k()\0A{\0A\09ret;\0A}\0A">
  ]
}
