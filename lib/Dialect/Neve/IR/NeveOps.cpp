//===- NeveOps.cpp - Operations of the neve dialect -----------------------===//
//
// Folders and side-effect models of the neve operations.
//
//===----------------------------------------------------------------------===//

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::neve;

#define GET_OP_CLASSES
#include "neve/Dialect/Neve/IR/NeveOps.cpp.inc"

//===----------------------------------------------------------------------===//
// StrConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult StrConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

//===----------------------------------------------------------------------===//
// StrEqOp
//===----------------------------------------------------------------------===//

OpFoldResult StrEqOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return BoolAttr::get(getContext(), true);
  auto l = dyn_cast_or_null<StringAttr>(adaptor.getLhs());
  auto r = dyn_cast_or_null<StringAttr>(adaptor.getRhs());
  if (!l || !r)
    return {};
  return BoolAttr::get(getContext(), l.getValue() == r.getValue());
}

OpFoldResult StrConcatOp::fold(FoldAdaptor adaptor) {
  auto l = dyn_cast_or_null<StringAttr>(adaptor.getLhs());
  auto r = dyn_cast_or_null<StringAttr>(adaptor.getRhs());
  if (!l || !r)
    return {};
  return StringAttr::get(getContext(), l.getValue() + r.getValue());
}

OpFoldResult StrCmpOp::fold(FoldAdaptor adaptor) {
  auto l = dyn_cast_or_null<StringAttr>(adaptor.getLhs());
  auto r = dyn_cast_or_null<StringAttr>(adaptor.getRhs());
  if (!l || !r)
    return {};
  // Bytewise, as the runtime compares (memcmp order, shorter first).
  int c = l.getValue().compare(r.getValue());
  return IntegerAttr::get(IntegerType::get(getContext(), 32), c);
}

OpFoldResult ToStrOp::fold(FoldAdaptor adaptor) {
  auto value = dyn_cast_or_null<IntegerAttr>(adaptor.getValue());
  if (!value)
    return {};
  const APInt &v = value.getValue();
  if (v.getBitWidth() == 1)
    return StringAttr::get(getContext(), v.isOne() ? "true" : "false");
  if (getIsChar())
    return StringAttr::get(getContext(),
                           StringRef(std::string(1, (char)v.getZExtValue())));
  return StringAttr::get(getContext(), llvm::toString(v, 10, /*Signed=*/true));
}

//===----------------------------------------------------------------------===//
// Checked integer division
//===----------------------------------------------------------------------===//

/// True when `v` is a constant integer other than zero.
static bool isNonZeroConstant(Value v) {
  APInt c;
  return matchPattern(v, m_ConstantInt(&c)) && !c.isZero();
}

/// The ops only have an effect (the division-by-zero error) when the divisor
/// may be zero; otherwise they are pure and may be removed when unused.
template <typename OpTy>
static void getCheckedEffects(
    OpTy op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!isNonZeroConstant(op.getRhs()))
    effects.emplace_back(MemoryEffects::Write::get());
}

void DivIOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCheckedEffects(*this, effects);
}
void RemIOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCheckedEffects(*this, effects);
}
void CeilDivIOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCheckedEffects(*this, effects);
}

/// Folds `lhs op rhs` when both are constants and rhs is not zero (a zero
/// divisor must stay to raise its error at run time). Signed overflow
/// (INT_MIN // -1) wraps, as integer arithmetic does in Neve.
template <typename Fn>
static OpFoldResult foldChecked(Attribute lhs, Attribute rhs, Fn fn) {
  auto l = dyn_cast_or_null<IntegerAttr>(lhs);
  auto r = dyn_cast_or_null<IntegerAttr>(rhs);
  if (!l || !r || r.getValue().isZero())
    return {};
  return IntegerAttr::get(l.getType(), fn(l.getValue(), r.getValue()));
}

OpFoldResult DivIOp::fold(FoldAdaptor adaptor) {
  // x // 1 == x
  APInt c;
  if (matchPattern(getRhs(), m_ConstantInt(&c)) && c.isOne())
    return getLhs();
  return foldChecked(adaptor.getLhs(), adaptor.getRhs(),
                     [](const APInt &a, const APInt &b) { return a.sdiv(b); });
}

OpFoldResult RemIOp::fold(FoldAdaptor adaptor) {
  return foldChecked(adaptor.getLhs(), adaptor.getRhs(),
                     [](const APInt &a, const APInt &b) { return a.srem(b); });
}

OpFoldResult CeilDivIOp::fold(FoldAdaptor adaptor) {
  return foldChecked(adaptor.getLhs(), adaptor.getRhs(),
                     [](const APInt &a, const APInt &b) {
                       APInt q = a.sdiv(b), r = a.srem(b);
                       // Round up when the exact quotient is positive and
                       // there is a remainder.
                       bool positive = a.isNegative() == b.isNegative();
                       if (!r.isZero() && positive)
                         q += 1;
                       return q;
                     });
}

//===----------------------------------------------------------------------===//
// PrintOp and ToStrOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  std::optional<ArrayRef<bool>> chars = getChars();
  if (!chars)
    return success();
  if (chars->size() != getArgs().size())
    return emitOpError("has ") << chars->size() << " 'chars' entries for "
                               << getArgs().size() << " operands";
  for (auto [i, isChar] : llvm::enumerate(*chars))
    if (isChar && !getArgs()[i].getType().isInteger(8))
      return emitOpError("operand #")
             << i << " is marked as a char but has type "
             << getArgs()[i].getType() << ", not i8";
  return success();
}

LogicalResult ToStrOp::verify() {
  if (getIsChar() && !getValue().getType().isInteger(8))
    return emitOpError("'is_char' needs an i8 operand, not ")
           << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

/// Element types that arrays hold (by value, the runtime knows the element
/// size): integers, f32, bf16, f16, references, function values (code
/// addresses), host pointers, and tuples of these.
static bool isArrayElementType(Type t) {
  if (auto tuple = dyn_cast<TupleType>(t))
    return llvm::all_of(tuple.getTypes(), isArrayElementType);
  return isa<IntegerType, StrType, FunctionType, ArrayType, MapType, ObjectType,
             AnyType, ChannelType, LLVM::LLVMPointerType>(t) ||
         t.isF32() || t.isBF16() || t.isF16();
}

static LogicalResult verifyElement(Operation *op, Value array, Type valueType,
                                   StringRef what) {
  Type elem = cast<ArrayType>(array.getType()).getElementType();
  if (!isArrayElementType(elem))
    return op->emitOpError("unsupported array element type ") << elem;
  if (valueType != elem)
    return op->emitOpError() << what << " has type " << valueType
                             << ", not the element type " << elem;
  return success();
}

LogicalResult ArrayNewOp::verify() {
  Type elem = getResult().getType().getElementType();
  if (!isArrayElementType(elem))
    return emitOpError("unsupported array element type ") << elem;
  for (auto [i, v] : llvm::enumerate(getElements()))
    if (v.getType() != elem)
      return emitOpError("element #")
             << i << " has type " << v.getType() << ", not the element type "
             << elem;
  return success();
}

LogicalResult ArrayGetOp::verify() {
  return verifyElement(*this, getArray(), getResult().getType(), "result");
}

LogicalResult ArraySetOp::verify() {
  return verifyElement(*this, getArray(), getValue().getType(), "value");
}

LogicalResult ArrayAppendOp::verify() {
  return verifyElement(*this, getArray(), getValue().getType(), "value");
}

LogicalResult ArrayPrintOp::verify() {
  Type elem = getArray().getType().getElementType();
  if (!isa<IntegerType, StrType>(elem) && !elem.isF32())
    return emitOpError("unsupported array element type ") << elem;
  if (getIsChar() && !elem.isInteger(8))
    return emitOpError("'is_char' needs i8 elements, not ") << elem;
  return success();
}

LogicalResult CheckIndexOp::verify() {
  if (getSize() <= 0)
    return emitOpError("needs a positive size, not ") << getSize();
  return success();
}

/// A constant index in range needs no check.
LogicalResult CheckIndexOp::canonicalize(CheckIndexOp op,
                                         PatternRewriter &rewriter) {
  APInt index;
  if (!matchPattern(op.getIndex(), m_ConstantInt(&index)))
    return failure();
  int64_t i = index.getSExtValue();
  if (i < 0 || i >= op.getSize())
    return failure();
  rewriter.eraseOp(op);
  return success();
}

/// Folds run on i32, i64 and f32 elements only.
static LogicalResult verifyFoldable(Operation *op, ArrayType type) {
  Type elem = type.getElementType();
  if (!elem.isInteger(32) && !elem.isInteger(64) && !elem.isF32())
    return op->emitOpError("needs i32, i64 or f32 elements, not ") << elem;
  return success();
}

LogicalResult ArrayReduceOp::verify() {
  return verifyFoldable(*this, getArray().getType());
}

LogicalResult ArrayScanOp::verify() {
  return verifyFoldable(*this, getArray().getType());
}
