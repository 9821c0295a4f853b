//===- NeveValueOps.cpp - nil, identity, tuples and any -------------------===//
//
// Verifiers, type inference and folders of the ops in NeveValueOps.td.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::neve;

//===----------------------------------------------------------------------===//
// RefEqOp
//===----------------------------------------------------------------------===//

OpFoldResult RefEqOp::fold(FoldAdaptor) {
  // A reference is identical to itself (nil included).
  if (getLhs() == getRhs())
    return BoolAttr::get(getContext(), true);
  return {};
}

//===----------------------------------------------------------------------===//
// NilCheckOp
//===----------------------------------------------------------------------===//

LogicalResult NilCheckOp::canonicalize(NilCheckOp op,
                                       PatternRewriter &rewriter) {
  // A function named by func.constant is never nil.
  if (!op.getValue().getDefiningOp<func::ConstantOp>())
    return failure();
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// TupleMakeOp
//===----------------------------------------------------------------------===//

LogicalResult TupleMakeOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location>, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  inferred.push_back(TupleType::get(ctx, adaptor.getElements().getTypes()));
  return success();
}

LogicalResult TupleMakeOp::verify() {
  if (getElements().size() < 2)
    return emitOpError("needs at least two elements, got ")
           << getElements().size();
  return success();
}

//===----------------------------------------------------------------------===//
// TupleGetOp
//===----------------------------------------------------------------------===//

LogicalResult TupleGetOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto tuple = dyn_cast<TupleType>(adaptor.getTuple().getType());
  if (!tuple)
    return failure();
  int64_t i = adaptor.getIndex();
  if (i < 0 || i >= (int64_t)tuple.size())
    return emitOptionalError(loc, "'neve.tuple_get' op index ", i,
                             " is out of range for ", tuple);
  inferred.push_back(tuple.getType(i));
  return success();
}

LogicalResult TupleGetOp::verify() {
  TupleType tuple = getTuple().getType();
  int64_t i = getIndex();
  if (i < 0 || i >= (int64_t)tuple.size())
    return emitOpError("index ") << i << " is out of range for " << tuple;
  if (getResult().getType() != tuple.getType(i))
    return emitOpError("result type ")
           << getResult().getType() << " is not element " << i << " of "
           << tuple;
  return success();
}

OpFoldResult TupleGetOp::fold(FoldAdaptor) {
  // tuple_get (tuple_make a, b)[1] -> b.
  if (auto make = getTuple().getDefiningOp<TupleMakeOp>())
    return make.getElements()[getIndex()];
  return {};
}

//===----------------------------------------------------------------------===//
// any
//===----------------------------------------------------------------------===//

LogicalResult AnyBoxOp::verify() {
  if (getTypeName().empty())
    return emitOpError("needs the name of the dynamic type");
  return success();
}

LogicalResult AnyCastOp::verify() {
  if (getTypeName().empty())
    return emitOpError("needs the name of the target type");
  return success();
}
