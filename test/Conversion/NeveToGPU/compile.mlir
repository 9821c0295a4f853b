// REQUIRES: ptxas
// RUN: %neve-opt %s --neve-compile-kernels 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %neve-opt %s --neve-compile-kernels=assemble=false | FileCheck %s --check-prefix=PTX
// RUN: not %neve-opt %s --neve-compile-kernels=ptxas=/nonexistent/ptxas 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %neve-opt %s --neve-compile-kernels=ptxas=/bin/false 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: rm -rf %t.cache && mkdir %t.cache
// RUN: %neve-opt %s --neve-kernel-cache=cache-dir=%t.cache --neve-compile-kernels=cache-dir=%t.cache -o /dev/null
// RUN: %neve-opt %s --neve-kernel-cache=cache-dir=%t.cache --neve-compile-kernels=cache-dir=%t.cache 2>&1 | FileCheck %s --check-prefix=HIT
// Every gpu.module becomes a gpu.binary holding the NEVEKRN1 container
// (the cubin of sm_90 from ptxas, then each target's PTX), compiled on
// the context's threads; with assemble=false each target's PTX stays an
// object of its own.

// CHECK: gpu.binary @one [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "NEVEKRN1\03\00\00\00
// CHECK-SAME: \7FELF
// CHECK-SAME: .target sm_90
// CHECK-SAME: .target sm_80
// CHECK: gpu.binary @two [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "NEVEKRN1\02\00\00\00
// CHECK-NOT: gpu.module
// REMARK-DAG: remark: kernel one_k: compiled
// REMARK-DAG: remark: kernel two_k: compiled

// PTX: gpu.binary @one [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "{{.*}}.target sm_90{{.*}}.entry one_k{{.*}}">, #gpu.object<#nvvm.target<chip = "sm_80">, assembly = "{{.*}}.target sm_80
// PTX: gpu.binary @two [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "{{.*}}.entry two_k

// A ptxas that is not there stops the pass before anything compiles, at
// the first kernel; one that fails is reported for each module.
// MISSING: compile.mlir:[[#@LINE+10]]:5: error: ptxas not found: {{.*}}; looked for the ptxas option (/nonexistent/ptxas).
// MISSING-NOT: error
// BAD: error: ptxas failed

// The second run with a cache finds both modules before compiling.
// HIT-DAG: remark: kernel one_k: cache hit
// HIT-DAG: remark: kernel two_k: cache hit
// HIT-NOT: compiled
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
