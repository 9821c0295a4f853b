//===- MLIRGenExpr.cpp - Expressions to MLIR --------------------------------===//

#include "MLIRGenInternal.h"
#include "MLIRGenShift.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "neve/Runtime/neve_runtime.h"

#include "llvm/ADT/StringSwitch.h"

using namespace neve;
using namespace neve::mlirgen;

Value Generator::toIndex(Value v, const Type *t, mlir::Location l) {
  unsigned w = v.getType().getIntOrFloatBitWidth();
  if (w == 64)
    return v;
  if (t->is(Type::Kind::Bool) || t->is(Type::Kind::Char))
    return mlir::arith::ExtUIOp::create(b, l, b.getI64Type(), v);
  return mlir::arith::ExtSIOp::create(b, l, b.getI64Type(), v);
}

Value Generator::emitExprAs(const Expr &e, const Type *to) {
  return convertValue(emitExpr(e), e.type, to, loc(e.getLoc()));
}

Value Generator::emitExpr(const Expr &e) {
  mlir::Location l = loc(e.getLoc());
  switch (e.getKind()) {
  case Expr::Kind::IntLit:
    return mlir::arith::ConstantOp::create(
        b, l,
        b.getIntegerAttr(convert(e.type), llvm::cast<IntLitExpr>(e).value));
  case Expr::Kind::FloatLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getF32FloatAttr((float)llvm::cast<FloatLitExpr>(e).value));
  case Expr::Kind::StrLit:
    return mlir::neve::StrConstantOp::create(b, l,
                                             llvm::cast<StrLitExpr>(e).value);
  case Expr::Kind::BoolLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getBoolAttr(llvm::cast<BoolLitExpr>(e).value));
  case Expr::Kind::CharLit:
    return mlir::arith::ConstantOp::create(
        b, l, b.getI8IntegerAttr(llvm::cast<CharLitExpr>(e).value));
  case Expr::Kind::NilLit:
    // Only a print argument (CodegenSupport refuses nil elsewhere).
    return mlir::neve::NilOp::create(b, l);
  case Expr::Kind::Name:
    if (llvm::cast<NameExpr>(e).ref == NameRef::Function)
      return emitFunctionRef(llvm::cast<NameExpr>(e));
    if (llvm::cast<NameExpr>(e).ref == NameRef::Predeclared) {
      llvm::StringRef name = llvm::cast<NameExpr>(e).name;
      if (name == "tid" || name == "tN" || name == "tHW")
        return emitThreadId(name, l);
      if (isDeviceValueName(name))
        return emitDeviceValue(name, l);
      return emitTypeTag(name, l);
    }
    if (Value c = emitCtimeParam(llvm::cast<NameExpr>(e)))
      return c;
    if (Value view = layoutVars.lookup(llvm::cast<NameExpr>(e).decl))
      return view;
    return mlir::memref::LoadOp::create(
        b, l, slotFor(*llvm::cast<NameExpr>(e).decl));
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    if (u.isNilTest)
      return emitNilTest(u);
    Value v = emitExpr(*u.operand);
    if (u.op == UnaryOp::Not) {
      Value t = mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      return mlir::arith::XOrIOp::create(b, l, v, t);
    }
    if (e.type->isFloat())
      return mlir::arith::NegFOp::create(b, l, v);
    Value zero = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(v.getType(), 0));
    return mlir::arith::SubIOp::create(b, l, zero, v);
  }
  case Expr::Kind::Binary:
    return emitBinary(llvm::cast<BinaryExpr>(e));
  case Expr::Kind::Call: {
    Value v = emitCall(llvm::cast<CallExpr>(e));
    // A T[N] result arrives as the aggregate: give it storage.
    if (v && llvm::isa<mlir::LLVM::LLVMArrayType>(v.getType()))
      return materializeFixed(v, e.type, l);
    return v;
  }
  case Expr::Kind::Cast: {
    auto &c = llvm::cast<CastExpr>(e);
    if (isFunctionAdaptation(c))
      return emitFunctionAdaptation(c);
    return convertValue(emitExpr(*c.operand), c.operand->type, e.type, l);
  }
  case Expr::Kind::ListLit:
    return emitListLit(llvm::cast<ListLitExpr>(e));
  case Expr::Kind::MapLit:
    return emitMapLit(llvm::cast<MapLitExpr>(e));
  case Expr::Kind::Index:
    if (llvm::cast<IndexExpr>(e).base->type->is(Type::Kind::Tuple))
      return emitTupleIndex(llvm::cast<IndexExpr>(e));
    return emitIndex(llvm::cast<IndexExpr>(e));
  case Expr::Kind::Tuple:
    return emitTuple(llvm::cast<TupleExpr>(e));
  case Expr::Kind::Fold:
    return emitFold(llvm::cast<FoldExpr>(e));
  case Expr::Kind::TypeTag:
    return emitTypeTag(llvm::cast<TypeTagExpr>(e).typeName + "_t", l);
  case Expr::Kind::Self:
    return selfValue;
  case Expr::Kind::Global:
    return emitSingleton(llvm::cast<GlobalExpr>(e));
  case Expr::Kind::Member:
    return emitFieldGet(llvm::cast<MemberExpr>(e));
  case Expr::Kind::New:
    return emitNew(llvm::cast<NewExpr>(e));
  case Expr::Kind::LayoutNew:
    return emitLayoutNew(llvm::cast<LayoutNewExpr>(e));
  case Expr::Kind::Select:
    return emitSelect(llvm::cast<SelectExpr>(e));
  default:
    break;
  }
  llvm_unreachable("unknown expression kind");
}

Value Generator::emitShortCircuit(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  bool isAnd = e.op == BinaryOp::And;
  Value lhs = emitExpr(*e.lhs);
  mlir::Region *region = b.getInsertionBlock()->getParent();
  mlir::Block *before = b.getInsertionBlock();
  mlir::Block *rhsBlock = b.createBlock(region, region->end());
  mlir::Block *merge = b.createBlock(region, region->end());
  merge->addArgument(b.getI1Type(), l);
  b.setInsertionPointToEnd(before);
  // and: false skips the rhs; or: true skips it.
  if (isAnd)
    mlir::cf::CondBranchOp::create(b, l, lhs, rhsBlock, {}, merge, {lhs});
  else
    mlir::cf::CondBranchOp::create(b, l, lhs, merge, {lhs}, rhsBlock, {});
  b.setInsertionPointToEnd(rhsBlock);
  Value rhs = emitExpr(*e.rhs);
  mlir::cf::BranchOp::create(b, l, merge, rhs);
  b.setInsertionPointToEnd(merge);
  return merge->getArgument(0);
}

Value Generator::emitArith(BinaryOp op, Value lhs, Value rhs,
                           const Type *operandType, mlir::Location l) {
  namespace arith = mlir::arith;
  bool isFloat = operandType->isFloat();
  switch (op) {
  case BinaryOp::Add:
    return isFloat ? (Value)arith::AddFOp::create(b, l, lhs, rhs)
                   : (Value)arith::AddIOp::create(b, l, lhs, rhs);
  case BinaryOp::Sub:
    return isFloat ? (Value)arith::SubFOp::create(b, l, lhs, rhs)
                   : (Value)arith::SubIOp::create(b, l, lhs, rhs);
  case BinaryOp::Mul:
    return isFloat ? (Value)arith::MulFOp::create(b, l, lhs, rhs)
                   : (Value)arith::MulIOp::create(b, l, lhs, rhs);
  case BinaryOp::Div:
    return arith::DivFOp::create(b, l, lhs, rhs);
  case BinaryOp::Mod:
    return isFloat ? (Value)arith::RemFOp::create(b, l, lhs, rhs)
                   : (Value)mlir::neve::RemIOp::create(b, l, lhs, rhs);
  case BinaryOp::FloorDiv:
    return mlir::neve::DivIOp::create(b, l, lhs, rhs);
  case BinaryOp::CeilDiv:
    return mlir::neve::CeilDivIOp::create(b, l, lhs, rhs);
  case BinaryOp::Shl:
    return emitClampedShift(b, l, ShiftKind::Left, lhs, rhs);
  case BinaryOp::Shr:
    return emitClampedShift(b, l, ShiftKind::LogicalRight, lhs, rhs);
  case BinaryOp::BitOr:
    return arith::OrIOp::create(b, l, lhs, rhs);
  case BinaryOp::Xor:
    return arith::XOrIOp::create(b, l, lhs, rhs);
  default:
    break;
  }
  llvm_unreachable("not an arithmetic operator");
}

Value Generator::emitConcat(Value lhs, Value rhs, const Type *rhsType,
                             mlir::Location l) {
  if (!rhsType->is(Type::Kind::Str))
    rhs = mlir::neve::ToStrOp::create(b, l, widenStorageFloat(rhs, l),
                                      rhsType->is(Type::Kind::Char));
  return mlir::neve::StrConcatOp::create(b, l, lhs, rhs);
}

Value Generator::emitBinary(const BinaryExpr &e) {
  namespace arith = mlir::arith;
  // `float_pp offby k` and the other buffer types: inline (§3.8, §9.1).
  if (isBufferOffby(e))
    return emitForeignOffby(e);
  if (e.opFunc)
    return emitOperatorCall(e);
  if (e.op == BinaryOp::And || e.op == BinaryOp::Or)
    return emitShortCircuit(e);
  if (isValueEquality(e))
    return emitValueEquality(e);
  if (e.op == BinaryOp::Offby && (e.lhs->type->is(Type::Kind::Pointer) ||
                                  e.lhs->type->is(Type::Kind::FixedArray)))
    return emitPointerOffby(e);
  mlir::Location l = loc(e.getLoc());
  Value lhs = emitExpr(*e.lhs);
  Value rhs = emitExpr(*e.rhs);
  const Type *ot = e.operandType;
  bool isStr = ot->is(Type::Kind::Str);
  auto cmp = [&](arith::CmpIPredicate si, arith::CmpFPredicate f) -> Value {
    if (isStr) {
      // Ordering of strings: the sign of the three-way comparison.
      Value c = mlir::neve::StrCmpOp::create(b, l, lhs, rhs);
      Value zero = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0));
      return arith::CmpIOp::create(b, l, si, c, zero);
    }
    if (ot->isFloat())
      return arith::CmpFOp::create(b, l, f, lhs, rhs);
    return arith::CmpIOp::create(b, l, si, lhs, rhs);
  };
  switch (e.op) {
  case BinaryOp::Eq:
    if (ot->is(Type::Kind::Str))
      return mlir::neve::StrEqOp::create(b, l, lhs, rhs);
    return cmp(arith::CmpIPredicate::eq, arith::CmpFPredicate::OEQ);
  case BinaryOp::Ne:
    if (ot->is(Type::Kind::Str)) {
      Value eq = mlir::neve::StrEqOp::create(b, l, lhs, rhs);
      Value t = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      return arith::XOrIOp::create(b, l, eq, t);
    }
    return cmp(arith::CmpIPredicate::ne, arith::CmpFPredicate::UNE);
  case BinaryOp::Lt:
    return cmp(arith::CmpIPredicate::slt, arith::CmpFPredicate::OLT);
  case BinaryOp::Gt:
    return cmp(arith::CmpIPredicate::sgt, arith::CmpFPredicate::OGT);
  case BinaryOp::Le:
    return cmp(arith::CmpIPredicate::sle, arith::CmpFPredicate::OLE);
  case BinaryOp::Ge:
    return cmp(arith::CmpIPredicate::sge, arith::CmpFPredicate::OGE);
  case BinaryOp::Add:
    if (isStr)
      return emitConcat(lhs, rhs, e.rhs->type, l);
    return emitArith(e.op, lhs, rhs, ot, l);
  default:
    return emitArith(e.op, lhs, rhs, ot, l);
  }
}

Value Generator::emitTypeTag(llvm::StringRef tag, mlir::Location l) {
  int32_t value = llvm::StringSwitch<int32_t>(tag)
                      .Case("int_t", NEVE_TYPE_INT)
                      .Case("i8_t", NEVE_TYPE_I8)
                      .Case("i16_t", NEVE_TYPE_I16)
                      .Case("i64_t", NEVE_TYPE_I64)
                      .Case("float_t", NEVE_TYPE_FLOAT)
                      .Case("bf16_t", NEVE_TYPE_BF16)
                      .Case("half_t", NEVE_TYPE_HALF)
                      .Case("char_t", NEVE_TYPE_CHAR)
                      .Case("str_t", NEVE_TYPE_STR)
                      .Case("array_t", NEVE_TYPE_ARRAY)
                      .Default(0);
  assert(value && "not a type tag");
  return mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(value));
}
