// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// Without the wgmma option, a layout.matmul inside an op marked neve.wgmma
// (a kernel module --neve-arch-variants made for sm_90a) lowers to wgmma
// all the same; elsewhere it stays on ldmatrix and mma.sync.

// CHECK-LABEL: func.func @marked(
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.mma.sync
// CHECK-LABEL: func.func @unmarked(
// CHECK-NOT: nvvm.wgmma
// CHECK: nvvm.mma.sync
module {
  module @hopper attributes {neve.wgmma} {
    func.func @marked(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
      layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
      return
    }
  }
  module @every {
    func.func @unmarked(%a: !layout.view<128x?xbf16, global>, %b: !layout.view<128x?xbf16, global>, %c: !layout.view<128x128xf32, global>) {
      layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
      return
    }
  }
}
