// RUN: %neve-opt %s --split-input-file --neve-kernel-abi="chips=sm_90,sm_80 link=/lib/libdevice.bc" | FileCheck %s
// RUN: %neve-opt %s --split-input-file --neve-kernel-abi | FileCheck %s --check-prefix=PRUNE
// --neve-kernel-abi: a kernel's tensor_map parameters (neve.tensor_map_args)
// become 128-byte grid-constant byval parameters; with `chips` each module
// gets one #nvvm.target per chip, except the chips below the sm its kernel
// needs (neve.min_sm, from the Hopper intrinsics): the TMA kernel is
// compiled for sm_90 only, the plain one for sm_90 and sm_80. Without
// `chips`, targets already attached below that sm are dropped
// (kernel-abi-invalid.mlir: a module left with no target is an error).

// CHECK-LABEL: gpu.module @tma [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80", link = ["/lib/libdevice.bc"]>] {
// CHECK: llvm.func @tma_k(%{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>, nvvm.grid_constant})
// CHECK-NOT: neve.tensor_map_args
// CHECK-LABEL: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80", link = ["/lib/libdevice.bc"]>, #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80", link = ["/lib/libdevice.bc"]>] {
// CHECK: llvm.func @plain_k(%{{.*}}: !llvm.ptr)
// PRUNE-LABEL: gpu.module @tma
// PRUNE-LABEL: gpu.module @plain
module attributes {gpu.container_module} {
  gpu.module @tma {
    llvm.func @tma_k(%a: !llvm.ptr, %p: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel, neve.min_sm = 90 : i32, neve.tensor_map_args = array<i32: 0, 2>} {
      llvm.return
    }
  }
  gpu.module @plain {
    llvm.func @plain_k(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// PRUNE-LABEL: gpu.module @attached [#nvvm.target<chip = "sm_90a">] {
module attributes {gpu.container_module} {
  gpu.module @attached [#nvvm.target<chip = "sm_90a">, #nvvm.target<chip = "sm_80">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel, neve.min_sm = 90 : i32} {
      llvm.return
    }
  }
}

