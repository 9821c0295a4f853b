// REQUIRES: ptxas
// RUN: %neve-opt %s --neve-compile-kernels 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %neve-opt %s --neve-compile-kernels=assemble=false | FileCheck %s --check-prefix=PTX
// A module's sm_90a variant (--neve-arch-variants) is compiled for sm_90a
// and packed into the module's own binary, the one its launches name: the
// container holds sm_90a's cubin and PTX, marked arch-specific (sm 90 with
// bit 16: "Z\00\01\00"), first, then sm_90's cubin and PTX and sm_80's PTX.

// CHECK: gpu.binary @one [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "NEVEKRN1\05\00\00\00\00\00\00\00\00\00\00\00Z\00\01\00
// CHECK-SAME: .target sm_90a
// CHECK-SAME: .target sm_90
// CHECK-SAME: .target sm_80
// CHECK-NOT: gpu.binary
// CHECK-NOT: gpu.module
// REMARK-DAG: remark: kernel one_k: compiled for sm_90a
// REMARK-DAG: remark: kernel one_k: compiled{{$}}

// Without assembling (PTX for inspection) each keeps a binary of its own.
// PTX: gpu.binary @one [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "{{.*}}.target sm_90{{.*}}">, #gpu.object<#nvvm.target<chip = "sm_80">
// PTX: gpu.binary @one__sm_90a [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = "{{.*}}.target sm_90a
module attributes {gpu.container_module} {
  gpu.module @one [#nvvm.target<chip = "sm_90">, #nvvm.target<chip = "sm_80">] {
    llvm.func @one_k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @one__sm_90a [#nvvm.target<chip = "sm_90a">] {
    llvm.func @one_k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
