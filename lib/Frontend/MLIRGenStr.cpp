//===- MLIRGenStr.cpp - str: indexing, slices, methods ----------------------===//
//
// `s[i]`, `s[a:b]` (§5.2), `s offby k` (§5.3), `s.size()` and
// `s.split(sep)` (§7) become
// neve.str_* ops; their errors are reported at the expression.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

Value Generator::emitStrIndex(const IndexExpr &ix) {
  mlir::Location l = loc(ix.getLoc());
  Value str = emitExpr(*ix.base);
  const IndexItem &item = ix.items[0];
  if (item.isSlice) {
    auto [start, end] = emitSliceBounds(item, l);
    return mlir::neve::StrSliceOp::create(b, l, str, start, end);
  }
  Value index = toIndex(emitExpr(*item.index), item.index->type, l);
  return mlir::neve::StrGetOp::create(b, l, str, index);
}

Value Generator::emitStrOffby(const BinaryExpr &e) {
  // The suffix from byte k: `s[k:]`, with a slice's normalization (§5.3).
  mlir::Location l = loc(e.getLoc());
  Value str = emitExpr(*e.lhs);
  Value start = toIndex(emitExpr(*e.rhs), e.rhs->type, l);
  Value end = mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(
                                                        INT64_MAX));
  return mlir::neve::StrSliceOp::create(b, l, str, start, end);
}

Value Generator::emitStrSize(const CallExpr &e, mlir::Location l) {
  Value n = mlir::neve::StrSizeOp::create(b, l, emitExpr(*e.receiver));
  return mlir::arith::TruncIOp::create(b, l, convert(e.type), n);
}

Value Generator::emitStrSplit(const CallExpr &e, mlir::Location l) {
  Value str = emitExpr(*e.receiver);
  // Sema converted a char separator to str.
  Value sep = emitExpr(*e.args[0].value);
  return mlir::neve::StrSplitOp::create(b, l, str, sep);
}
