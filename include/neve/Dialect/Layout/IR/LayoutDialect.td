//===- LayoutDialect.td - The layout dialect ---------------*- tablegen -*-===//
//
// The tile algebra of spec §8.5/§8.6: views of global, shared and register
// memory, tiles of views, element access and addresses, the tensor-core
// copy/compute primitives and the block-wide tiled matrix product.
// `--lower-layouts` lowers it to memref/vector/scf/arith + nvgpu + gpu.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_DIALECT
#define LAYOUT_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Layout_Dialect : Dialect {
  let name = "layout";
  let summary = "Views, tiles and tensor-core primitives of Neve (spec §8.5)";
  let description = [{
    A `!layout.view` is a strided view: a base address, a memory space, an
    element type, extents and row-major strides counted in elements
    (§8.5.1). Tiles (`v{t0, t1}(c0, c1)`, §8.5.4) are views with the
    strides of their source, the extents of the tile and a *valid* region
    clipped to the source, so that the block-wide matrix product can mask
    tiles that reach past an edge. Static parts (extents, tile shapes) are
    attributes and types; dynamic parts are `index` operands.

    MLIRGen emits this dialect for the layout syntax of Neve kernels;
    `--lower-layouts` rewrites it into upstream `memref`, `vector`, `scf`,
    `arith`, `gpu`, `nvvm` and `nvgpu` (`device_async_copy`, `ldmatrix`,
    `mma.sync`) operations.
  }];
  let cppNamespace = "::mlir::layout";
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect"
  ];
}

def Layout_MemorySpace : I32EnumAttr<"MemorySpace",
    "the memory a layout views (§8.5.1)", [
      I32EnumAttrCase<"global", 0>,
      I32EnumAttrCase<"shared", 1>,
      I32EnumAttrCase<"reg", 2>
    ]> {
  let cppNamespace = "::mlir::layout";
  let genSpecializedAttr = 0;
}

class Layout_Op<string mnemonic, list<Trait> traits = []>
    : Op<Layout_Dialect, mnemonic, traits>;

#endif // LAYOUT_DIALECT
