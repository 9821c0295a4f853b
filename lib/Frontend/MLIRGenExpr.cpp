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

Value Generator::emitExpr(const Expr &e) { return visitExpr(e); }

Value Generator::exprTooDeep(const Expr &e, bool) {
  // Sema refused it first (ASTVisitor.h); kept for a walk of any AST.
  internalError(e.getLoc(), "expressions nested more than " +
                         std::to_string(kMaxExprDepth) + " levels deep");
  return refusedValue(e.type, loc(e.getLoc()));
}

//===----------------------------------------------------------------------===//
// One visitor method per expression kind (ASTVisitor.h)
//===----------------------------------------------------------------------===//

Value Generator::visitIntLitExpr(const IntLitExpr &e) {
  return mlir::arith::ConstantOp::create(
      b, loc(e.getLoc()), b.getIntegerAttr(convert(e.type), e.value));
}

Value Generator::visitFloatLitExpr(const FloatLitExpr &e) {
  return mlir::arith::ConstantOp::create(b, loc(e.getLoc()),
                                         b.getF32FloatAttr((float)e.value));
}

Value Generator::visitStrLitExpr(const StrLitExpr &e) {
  return mlir::neve::StrConstantOp::create(b, loc(e.getLoc()), e.value);
}

Value Generator::visitBoolLitExpr(const BoolLitExpr &e) {
  return mlir::arith::ConstantOp::create(b, loc(e.getLoc()),
                                         b.getBoolAttr(e.value));
}

Value Generator::visitCharLitExpr(const CharLitExpr &e) {
  return mlir::arith::ConstantOp::create(b, loc(e.getLoc()),
                                         b.getI8IntegerAttr(e.value));
}

Value Generator::visitNilLitExpr(const NilLitExpr &e) {
  // A print argument; elsewhere Sema gives nil the type it converts to.
  return mlir::neve::NilOp::create(b, loc(e.getLoc()));
}

Value Generator::visitNameExpr(const NameExpr &n) {
  mlir::Location l = loc(n.getLoc());
  if (n.ref == NameRef::Function) {
    // A function used as a value (§3.3).
    if (n.func && !n.func->ctimeParams.empty()) {
      internalError(n.getLoc(), "values of functions with compile-time "
                         "parameters (call them with <constants>)");
      return refusedValue(n.type, l);
    }
    supportsType(n.type, n.getLoc(), "values of type ");
    return emitFunctionRef(n);
  }
  if (n.ref == NameRef::Predeclared)
    return emitPredeclaredValue(n.builtin, l);
  if (n.ref != NameRef::Var) {
    internalError(n.getLoc(), "'" + n.name + "'");
    return refusedValue(n.type, l);
  }
  supportsType(n.type, n.getLoc(), "values of type ");
  if (Value c = emitCtimeParam(n))
    return c;
  if (Value view = layoutVars.lookup(n.decl))
    return view;
  return mlir::memref::LoadOp::create(b, l, slotFor(*n.decl));
}

Value Generator::visitUnaryExpr(const UnaryExpr &u) {
  mlir::Location l = loc(u.getLoc());
  if (u.isNilTest)
    return emitNilTest(u);
  Value v = emitExpr(*u.operand);
  if (u.op == UnaryOp::Not) {
    Value t = mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
    return mlir::arith::XOrIOp::create(b, l, v, t);
  }
  if (u.type->isFloat())
    return mlir::arith::NegFOp::create(b, l, v);
  Value zero =
      mlir::arith::ConstantOp::create(b, l, b.getIntegerAttr(v.getType(), 0));
  return mlir::arith::SubIOp::create(b, l, zero, v);
}

Value Generator::visitBinaryExpr(const BinaryExpr &e) { return emitBinary(e); }

Value Generator::visitCallExpr(const CallExpr &c) {
  mlir::Location l = loc(c.getLoc());
  if (!supportsCall(c))
    return refusedValue(c.type, l);
  Value v = emitCall(c);
  // A T[N] result arrives as the aggregate: give it storage.
  if (v && llvm::isa<mlir::LLVM::LLVMArrayType>(v.getType()))
    return materializeFixed(v, c.type, l);
  return v;
}

Value Generator::visitCastExpr(const CastExpr &c) {
  mlir::Location l = loc(c.getLoc());
  supportsType(c.type, c.getLoc(), "conversions to ");
  if (!supportsFunctionConversion(c))
    return refusedValue(c.type, l);
  if (isFunctionAdaptation(c))
    return emitFunctionAdaptation(c);
  return convertValue(emitExpr(*c.operand), c.operand->type, c.type, l);
}

Value Generator::visitListLitExpr(const ListLitExpr &e) {
  supportsType(e.type, e.getLoc(), "values of type ");
  return emitListLit(e);
}

Value Generator::visitMapLitExpr(const MapLitExpr &e) {
  supportsType(e.type, e.getLoc(), "values of type ");
  return emitMapLit(e);
}

Value Generator::visitIndexExpr(const IndexExpr &ix) {
  if (!supportsIndex(ix))
    return refusedValue(ix.type, loc(ix.getLoc()));
  if (ix.base->type->is(Type::Kind::Tuple))
    return emitTupleIndex(ix);
  return emitIndex(ix);
}

Value Generator::visitTupleExpr(const TupleExpr &e) {
  supportsType(e.type, e.getLoc(), "values of type ");
  return emitTuple(e);
}

Value Generator::visitFoldExpr(const FoldExpr &f) {
  const Type *t = f.operand->type;
  if (!t || !t->is(Type::Kind::Array) || !isFoldable(t->getElement())) {
    internalError(f.getLoc(), "'reduce' and 'scan' on " +
                           (t ? t->str() : std::string("?")));
    return refusedValue(f.type, loc(f.getLoc()));
  }
  return emitFold(f);
}

Value Generator::visitTypeTagExpr(const TypeTagExpr &e) {
  return emitPredeclaredValue(e.builtin, loc(e.getLoc()));
}

Value Generator::visitSelfExpr(const SelfExpr &) { return selfValue; }

Value Generator::visitGlobalExpr(const GlobalExpr &e) {
  return emitSingleton(e);
}

Value Generator::visitMemberExpr(const MemberExpr &m) {
  if (!m.field) {
    internalError(m.getLoc(), "the member '" + m.member + "' of " +
                           (m.base->type ? m.base->type->str() : "?"));
    return refusedValue(m.type, loc(m.getLoc()));
  }
  supportsType(m.type, m.getLoc(), "fields of type ");
  return emitFieldGet(m);
}

Value Generator::visitNewExpr(const NewExpr &e) {
  const Type *t = e.type;
  if (!t || !t->is(Type::Kind::Class)) {
    internalError(e.getLoc(), "'new' of " + (t ? t->str() : std::string("?")));
    return refusedValue(t, loc(e.getLoc()));
  }
  for (auto &f : t->getClass()->fields)
    supportsType(f->type, f->loc, "fields of type ");
  return emitNew(e);
}

Value Generator::visitLayoutNewExpr(const LayoutNewExpr &e) {
  return emitLayoutNew(e);
}

Value Generator::visitSelectExpr(const SelectExpr &e) { return emitSelect(e); }

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
  if (e.op == BinaryOp::Offby && e.lhs->type->is(Type::Kind::Str))
    return emitStrOffby(e);
  if (e.op == BinaryOp::Offby && e.lhs->type->is(Type::Kind::Layout))
    return emitLayoutOffby(e);
  if (!supportsBinary(e))
    return refusedValue(e.type, loc(e.getLoc()));
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
