// RUN: %neve-opt %s --neve-arch-variants | FileCheck %s
// RUN: %neve-opt %s --neve-arch-variants --neve-kernel-abi="chips=sm_90,sm_80" | FileCheck %s --check-prefix=ABI
// A program built for every GPU (neve-translate without --gpu-arch): the
// module of a tiled product that Hopper runs on wgmma gets a clone for
// sm_90a; a module of Hopper's arch-specific intrinsics is for sm_90a
// alone; the rest is left as it is. --neve-kernel-abi then attaches a
// module's own chips instead of its option's.

// CHECK: gpu.module @gemm {
// CHECK: gpu.func @gemm_k
// CHECK: layout.matmul
// CHECK: gpu.module @gemm__sm_90a attributes {neve.chips = ["sm_90a"], neve.wgmma} {
// CHECK: gpu.func @gemm_k
// CHECK: layout.matmul
// CHECK: gpu.module @small {
// CHECK: gpu.module @plain {
// CHECK: gpu.module @hopper attributes {neve.chips = ["sm_90a"], neve.wgmma} {
// CHECK-NOT: __sm_90a

// ABI: gpu.module @gemm [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// ABI: gpu.module @gemm__sm_90a [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] attributes {neve.wgmma}
// ABI: gpu.module @small [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// ABI: gpu.module @hopper [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] attributes {neve.wgmma}
module attributes {gpu.container_module} {
  gpu.module @gemm {
    gpu.func @gemm_k(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) kernel {
      layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
      gpu.return
    }
  }
  // one warp's tile: mma.sync on every chip, compiled once
  gpu.module @small {
    gpu.func @small_k(%a: !layout.view<64x?xbf16, global>, %b: !layout.view<32x?xbf16, global>, %c: !layout.view<64x32xf32, global>) kernel {
      layout.matmul %a, %b into %c : !layout.view<64x?xbf16, global>, !layout.view<32x?xbf16, global> into !layout.view<64x32xf32, global>
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @plain_k() kernel {
      gpu.return
    }
  }
  gpu.module @hopper {
    gpu.func @hopper_k() kernel {
      nvvm.setmaxregister increase 240
      gpu.return
    }
  }
}
