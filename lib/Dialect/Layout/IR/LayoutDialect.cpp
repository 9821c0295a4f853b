//===- LayoutDialect.cpp - The layout dialect and its view type -----------===//

#include "neve/Dialect/Layout/IR/LayoutDialect.h"
#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::layout;

#include "neve/Dialect/Layout/IR/LayoutDialect.cpp.inc"
#include "neve/Dialect/Layout/IR/LayoutEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "neve/Dialect/Layout/IR/LayoutTypes.cpp.inc"

namespace {
/// gpu functions taking layouts are inlined into their kernels (§3.7,
/// §8.5.6); each inlined `layout.smem` is its own allocation (§8.5.2).
struct LayoutInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void LayoutDialect::initialize() {
  addInterfaces<LayoutInlinerInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "neve/Dialect/Layout/IR/LayoutTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "neve/Dialect/Layout/IR/LayoutOps.cpp.inc"
      >();
}

/// Folded extents (layout.dim) are index constants.
Operation *LayoutDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// !layout.view<128x?xbf16, global>
//===----------------------------------------------------------------------===//

Type ViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type element;
  StringRef space;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parser.parseType(element) || parser.parseComma() ||
      parser.parseKeyword(&space) || parser.parseGreater())
    return {};
  std::optional<MemorySpace> s = symbolizeMemorySpace(space);
  if (!s) {
    parser.emitError(parser.getCurrentLocation(),
                     "expected memory space 'global', 'shared' or 'reg'");
    return {};
  }
  return parser.getChecked<ViewType>(parser.getContext(), shape, element, *s);
}

void ViewType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t d : getShape()) {
    if (ShapedType::isDynamic(d))
      printer << '?';
    else
      printer << d;
    printer << 'x';
  }
  printer << getElementType() << ", " << stringifyMemorySpace(getSpace())
          << '>';
}

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type element,
                               MemorySpace space) {
  if (shape.empty())
    return emitError() << "a layout has at least one extent";
  if (!element.isIntOrFloat())
    return emitError() << "layout elements are integers or floats, not "
                       << element;
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d) && d <= 0)
      return emitError() << "layout extents are positive, not " << d;
  return success();
}
