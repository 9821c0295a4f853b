//===- MLIRGenShift.h - Shifts with a defined result for any count -*- C++ -*-===//
//
// `a <| s` and `a |> s` (language reference §5.1) for every integer width,
// host and device alike: a count of at least the width, or a negative one,
// gives what PTX's shl/shr give, never LLVM poison.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_FRONTEND_MLIRGENSHIFT_H
#define NEVE_LIB_FRONTEND_MLIRGENSHIFT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace neve::mlirgen {

/// The language has `<|` and `|>` (logical); no arithmetic right shift.
enum class ShiftKind { Left, LogicalRight };

/// `lhs` shifted by `rhs` (both of one integer type). The count is read as
/// unsigned and clamped to the width, as PTX does: shifting by the width or
/// more gives 0; a negative count is a huge unsigned one, so it gives 0 too.
mlir::Value emitClampedShift(mlir::OpBuilder &b, mlir::Location l,
                             ShiftKind kind, mlir::Value lhs, mlir::Value rhs);

} // namespace neve::mlirgen

#endif // NEVE_LIB_FRONTEND_MLIRGENSHIFT_H
