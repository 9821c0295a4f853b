//===- Passes.td - layout dialect passes -------------------*- tablegen -*-===//

#ifndef LAYOUT_PASSES
#define LAYOUT_PASSES

include "mlir/Pass/PassBase.td"

def LowerLayoutsPass : Pass<"lower-layouts"> {
  let summary = "Lower the layout dialect to memref, vector, scf, nvgpu and gpu";
  let description = [{
    Views become strided `memref`s whose sizes are their valid (clipped)
    extents: `layout.view` a descriptor built from the pointer, `layout.smem`
    a workgroup-memory `memref.global` (address space 3) of the enclosing
    module, `layout.reg` a zeroed `memref.alloca`, `layout.tile` a
    `memref.subview` (after a `memref.collapse_shape` when trailing
    dimensions merge). Element access becomes `memref.load`/`store`,
    `cp_async16` `nvgpu.device_async_copy`, `ldmatrix` `nvgpu.ldmatrix`,
    `mma_16x8x16` `nvgpu.mma.sync` on fragments read from register views.

    `layout.matmul` expands into the block-wide tiled product: a multi-stage
    `cp.async` pipeline into swizzled shared staging buffers (zero-filled
    past the valid edges), `ldmatrix` fragments, a warp-tiled `mma.sync`
    loop whose accumulators live in `scf.for` iteration values, and a masked
    epilogue that adds them into the destination view.

    `neve-opt --lower-layouts` shows the result; the device pipeline runs it
    after kernels are outlined and gpu functions inlined.
  }];
  let options = [
    Option<"wgmma", "wgmma", "bool", "false",
           "Hopper (sm_90a): `layout.matmul` on warpgroup tensor-core "
           "instructions (wgmma.mma_async reading the swizzled shared stages "
           "through descriptors) where its shape allows, instead of ldmatrix "
           "and mma.sync; without the option, inside an op marked "
           "`neve.wgmma` (a gpu.module --neve-arch-variants made for sm_90a)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::nvgpu::NVGPUDialect", "::mlir::gpu::GPUDialect",
    "::mlir::NVVM::NVVMDialect", "::mlir::LLVM::LLVMDialect"
  ];
}

#endif // LAYOUT_PASSES
