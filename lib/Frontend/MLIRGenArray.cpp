//===- MLIRGenArray.cpp - array<T>: literals, indexing, methods -------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

//===----------------------------------------------------------------------===//
// Builtin methods (§7; entries of Builtins.td)
//===----------------------------------------------------------------------===//

Value Generator::emitArraySize(const CallExpr &e, mlir::Location l) {
  Value n = mlir::neve::ArraySizeOp::create(b, l, emitExpr(*e.receiver));
  return mlir::arith::TruncIOp::create(b, l, convert(e.type), n);
}

Value Generator::emitArrayAppend(const CallExpr &e, mlir::Location l) {
  Value array = emitExpr(*e.receiver);
  Value v = convertValue(emitExpr(*e.args[0].value), e.args[0].value->type,
                         e.receiver->type->getElement(), l);
  mlir::neve::ArrayAppendOp::create(b, l, array, v);
  return nullptr;
}

Value Generator::emitArrayClear(const CallExpr &e, mlir::Location l) {
  mlir::neve::ArrayClearOp::create(b, l, emitExpr(*e.receiver));
  return nullptr;
}

Value Generator::emitArrayShuffle(const CallExpr &e, mlir::Location l) {
  mlir::neve::ArrayShuffleOp::create(b, l, emitExpr(*e.receiver));
  return nullptr;
}

Value Generator::emitArrayPrint(const CallExpr &e, mlir::Location l) {
  const Type *elem = e.receiver->type->getElement();
  if (elem && !elem->isScalar() && !elem->is(Type::Kind::Str)) {
    internalError(e.getLoc(), "the array method 'print' on " + e.receiver->type->str());
    return nullptr;
  }
  mlir::neve::ArrayPrintOp::create(
      b, l, emitExpr(*e.receiver),
      e.receiver->type->getElement()->is(Type::Kind::Char));
  return nullptr;
}

template <bool prod>
Value Generator::emitArrayFold(const CallExpr &e, mlir::Location l) {
  if (!isFoldable(e.receiver->type->getElement())) {
    internalError(e.getLoc(), std::string("the array method '") +
                           (prod ? "prod" : "sum") + "' on " +
                           e.receiver->type->str());
    return refusedValue(e.type, l);
  }
  return mlir::neve::ArrayReduceOp::create(
      b, l, convert(e.receiver->type->getElement()), emitExpr(*e.receiver),
      prod);
}
template Value Generator::emitArrayFold<false>(const CallExpr &,
                                               mlir::Location);
template Value Generator::emitArrayFold<true>(const CallExpr &, mlir::Location);


Value Generator::emitListLit(const ListLitExpr &list) {
  mlir::Location l = loc(list.getLoc());
  const Type *elemType = list.type->getElement();
  llvm::SmallVector<Value> elems;
  for (auto &x : list.elems)
    elems.push_back(emitExprAs(*x, elemType));
  return mlir::neve::ArrayNewOp::create(
      b, l, llvm::cast<mlir::neve::ArrayType>(convert(list.type)), elems);
}

Value Generator::emitIndex(const IndexExpr &ix) {
  // `a[i]` and `a[s:e]` on an array (supportsIndex refuses the rest).
  if (ix.base->type->is(Type::Kind::Map))
    return emitMapIndex(ix);
  if (ix.base->type->is(Type::Kind::Str))
    return emitStrIndex(ix);
  if (ix.base->type->isPointerLike() ||
      ix.base->type->is(Type::Kind::FixedArray) ||
      ix.base->type->is(Type::Kind::Layout))
    return emitPointerIndex(ix);
  mlir::Location l = loc(ix.getLoc());
  Value array = emitExpr(*ix.base);
  const IndexItem &item = ix.items[0];
  if (item.isSlice) {
    auto [start, end] = emitSliceBounds(item, l);
    return mlir::neve::ArraySliceOp::create(b, l, array.getType(), array,
                                            start, end);
  }
  Value index = toIndex(emitExpr(*item.index), item.index->type, l);
  return mlir::neve::ArrayGetOp::create(b, l, array, index);
}

Value Generator::emitFold(const FoldExpr &f) {
  // `a reduce +`, `a scan *`, … on arrays of int, i64 and float.
  mlir::Location l = loc(f.getLoc());
  Value array = emitExpr(*f.operand);
  bool product = f.op == BinaryOp::Mul;
  if (f.isScan)
    return mlir::neve::ArrayScanOp::create(b, l, array.getType(), array,
                                           product);
  return mlir::neve::ArrayReduceOp::create(b, l, convert(f.type), array,
                                           product);
}

std::pair<Value, Value> Generator::emitSliceBounds(const IndexItem &item,
                                                   mlir::Location l) {
  // An omitted start is 0, an omitted end NEVE_SLICE_END (INT64_MAX); the
  // runtime normalizes negative bounds and clamps (§5.2).
  auto bound = [&](const ExprPtr &e, int64_t dflt) -> Value {
    if (e)
      return toIndex(emitExpr(*e), e->type, l);
    return mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(dflt));
  };
  Value start = bound(item.index, 0);
  return {start, bound(item.sliceEnd, INT64_MAX)};
}
