// With ptx-only (neve-translate -fptx-only) no ptxas is looked for, even a
// named one that does not exist: each container holds every target's PTX
// and no cubin (one entry fewer than compile.mlir's), which the CUDA
// driver compiles on the GPU host (docs/gpu.md, "Without ptxas"). Needs no
// toolkit. Without ptx-only the same missing ptxas is an error.
// RUN: %neve-opt %s --neve-compile-kernels="ptx-only=true ptxas=/nonexistent/ptxas" 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: not %neve-opt %s --neve-compile-kernels=ptxas=/nonexistent/ptxas 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: gpu.binary @one [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "NEVEKRN1\02\00\00\00
// CHECK-NOT: \7FELF
// CHECK-SAME: .target sm_90
// CHECK-SAME: .target sm_80
// CHECK-SAME: .entry one_k
// CHECK: gpu.binary @two [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "NEVEKRN1\01\00\00\00
// CHECK-SAME: .entry two_k
// CHECK-NOT: gpu.module
// REMARK-DAG: remark: kernel one_k: compiled to PTX only
// REMARK-DAG: remark: kernel two_k: compiled to PTX only
// MISSING: error: ptxas not found: {{.*}}; looked for the ptxas option (/nonexistent/ptxas). Install the toolkit, or set CUDA_HOME (or CUDA_PATH) to it or NEVE_PTXAS to its ptxas; or build with -fptx-only to embed the PTX alone, which the CUDA driver compiles on the GPU host (docs/gpu.md, "Without ptxas")
module attributes {gpu.container_module} {
  gpu.module @one [#nvvm.target<chip = "sm_90">, #nvvm.target<chip = "sm_80">] {
    llvm.func @one_k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @two [#nvvm.target<chip = "sm_90">] {
    llvm.func @two_k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
