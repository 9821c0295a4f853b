//===- MLIRGenShift.cpp - Shifts with a defined result for any count -----===//
//
// LLVM's shl and lshr (and so arith.shli and arith.shrui) are poison when the
// count is at least the width: `1 <| 32` printed whatever the register held.
// Neve defines the result as PTX does (§5.1): the count, read as unsigned,
// is clamped to the width. The shift itself stays one instruction; a
// compare and a select pick the clamped result, which LLVM folds away when
// the count is a constant. Selecting away a poison operand is defined.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenShift.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace neve::mlirgen;
namespace arith = mlir::arith;

mlir::Value neve::mlirgen::emitClampedShift(mlir::OpBuilder &b,
                                            mlir::Location l, ShiftKind kind,
                                            mlir::Value lhs, mlir::Value rhs) {
  mlir::Type type = lhs.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  auto constant = [&](int64_t v) -> mlir::Value {
    return arith::ConstantOp::create(b, l, b.getIntegerAttr(type, v));
  };
  // An unsigned compare: a negative count is out of range too.
  mlir::Value inRange = arith::CmpIOp::create(
      b, l, arith::CmpIPredicate::ult, rhs, constant(width));
  mlir::Value shifted =
      kind == ShiftKind::Left
          ? (mlir::Value)arith::ShLIOp::create(b, l, lhs, rhs)
          : (mlir::Value)arith::ShRUIOp::create(b, l, lhs, rhs);
  return arith::SelectOp::create(b, l, inRange, shifted, constant(0));
}
