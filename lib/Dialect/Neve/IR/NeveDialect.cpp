//===- NeveDialect.cpp - The neve dialect ---------------------------------===//
//
// Registers the neve dialect's types and operations.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/IR/NeveDialect.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "neve/Dialect/Neve/IR/NeveTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::neve;

#include "neve/Dialect/Neve/IR/NeveDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "neve/Dialect/Neve/IR/NeveTypes.cpp.inc"

namespace {
/// Neve ops may be inlined with the function that holds them: gpu
/// functions are always inlined into their kernels (§3.7), and each
/// inlined `layout.smem` is its own allocation, as §8.5.2 requires.
struct NeveInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void NeveDialect::initialize() {
  addInterfaces<NeveInlinerInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "neve/Dialect/Neve/IR/NeveTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "neve/Dialect/Neve/IR/NeveOps.cpp.inc"
      >();
}

Operation *NeveDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (isa<StrType>(type))
    if (auto str = dyn_cast<StringAttr>(value))
      return StrConstantOp::create(builder, loc, str);
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
