//===- LayoutTypes.td - The layout dialect's types ---------*- tablegen -*-===//

#ifndef LAYOUT_TYPES
#define LAYOUT_TYPES

include "neve/Dialect/Layout/IR/LayoutDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Layout_ViewType : TypeDef<Layout_Dialect, "View"> {
  let mnemonic = "view";
  let summary = "a strided view of global, shared or register memory";
  let description = [{
    `!layout.view<128x?xbf16, global>`: the extents (`?` when only known at
    run time), the element type and the memory space. Strides are row-major
    for constructed views and inherited by tiles; they are run-time values
    of the lowered form (a strided `memref`). In host code `global` means
    host memory.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::layout::MemorySpace":$space);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    bool isDynamicDim(unsigned i) const {
      return ::mlir::ShapedType::isDynamic(getShape()[i]);
    }
    int64_t getNumDynamicDims() const {
      return llvm::count_if(getShape(), ::mlir::ShapedType::isDynamic);
    }
    bool hasStaticShape() const { return getNumDynamicDims() == 0; }
    /// Bytes of one element.
    int64_t getElementBytes() const {
      return (getElementType().getIntOrFloatBitWidth() + 7) / 8;
    }
    /// This view with other extents (a tile of it, a merged view).
    ViewType withShape(::llvm::ArrayRef<int64_t> shape) const {
      return ViewType::get(getContext(), shape, getElementType(), getSpace());
    }
  }];
}

#endif // LAYOUT_TYPES
