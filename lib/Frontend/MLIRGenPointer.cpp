//===- MLIRGenPointer.cpp - Host pointers and foreign operations ----------===//
//
// Host pointer values (§4.3): `T[]` and foreign pointer types are one
// opaque `!llvm.ptr` (nil, nil tests, identity and `any` boxing share the
// reference ops of MLIRGenValue.cpp). `p[i]`, `p[i] = x` and `p offby k` on
// `T[]` (and `h[i]` on float_cpu and bf16_cpu) are unchecked address arithmetic with
// llvm.getelementptr, llvm.load and llvm.store (§5.2, §5.3). Foreign
// operators (`operation`, §3.8) are C calls that receive the runtime
// context first, like protos without `sys`.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace neve;
using namespace neve::mlirgen;

bool neve::mlirgen::isHostPointerIndexable(const Type *t) {
  if (!t)
    return false;
  if (t->is(Type::Kind::Foreign))
    return t->getName() == "float_cpu" || t->getName() == "bf16_cpu";
  if (!t->is(Type::Kind::Pointer))
    return false;
  const Type *e = t->getElement();
  return e && (e->isIntegral() || e->isFloat());
}

mlir::Type Generator::pointeeType(const Type *ptrType) {
  if (ptrType->is(Type::Kind::Foreign)) // isHostPointerIndexable
    return ptrType->getName() == "bf16_cpu" ? mlir::Type(b.getBF16Type())
                                            : mlir::Type(b.getF32Type());
  return convert(ptrType->getElement());
}

Value Generator::emitElementAddress(Value ptr, const Type *ptrType,
                                    Value index, mlir::Location l) {
  return mlir::LLVM::GEPOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx), pointeeType(ptrType), ptr,
      mlir::ValueRange{index});
}

Value Generator::emitPointerIndex(const IndexExpr &e) {
  mlir::Location l = loc(e.getLoc());
  if (e.base->type->is(Type::Kind::Layout))
    return emitLayoutLoad(e);
  Value ptr = emitExpr(*e.base);
  const Expr &ix = *e.items[0].index;
  Value index = toIndex(emitExpr(ix), ix.type, l);
  if (e.base->type->is(Type::Kind::FixedArray))
    checkFixedIndex(index, e.base->type, l);
  Value addr = emitElementAddress(ptr, e.base->type, index, l);
  return mlir::LLVM::LoadOp::create(b, l, pointeeType(e.base->type), addr);
}

void Generator::emitPointerAssign(const AssignStmt &as,
                                  const IndexExpr &target) {
  mlir::Location l = loc(target.getLoc());
  if (target.base->type->is(Type::Kind::Layout))
    return emitLayoutAssign(as, target);
  Value ptr = emitExpr(*target.base);
  const Expr &ix = *target.items[0].index;
  Value index = toIndex(emitExpr(ix), ix.type, l);
  if (target.base->type->is(Type::Kind::FixedArray))
    checkFixedIndex(index, target.base->type, l);
  Value addr = emitElementAddress(ptr, target.base->type, index, l);
  Value value = emitExpr(*as.value);
  if (as.compound) {
    const Type *elemType = target.type;
    const Type *opType = as.value->type;
    Value cur = mlir::LLVM::LoadOp::create(b, l, pointeeType(target.base->type),
                                           addr);
    cur = convertValue(cur, elemType, opType, l);
    value = emitArith(*as.compound, cur, value, opType, l);
    value = convertValue(value, opType, elemType, l);
  }
  mlir::LLVM::StoreOp::create(b, l, value, addr);
}

Value Generator::emitPointerOffby(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value ptr = emitExpr(*e.lhs);
  Value k = toIndex(emitExpr(*e.rhs), e.rhs->type, l);
  return emitElementAddress(ptr, e.lhs->type, k, l);
}

Value Generator::emitOperatorFuncCall(const FuncDecl &op, Value lhs, Value rhs,
                                      mlir::Location l, llvm::SMLoc at) {
  llvm::SmallVector<Value> args;
  // A foreign operation is a C call with the runtime context first (§3.8).
  if (op.kind == FuncKind::Operation)
    args.push_back(callRuntime(
        "neve_context", mlir::LLVM::LLVMPointerType::get(&ctx), {}, l));
  args.push_back(lhs);
  args.push_back(rhs);
  for (size_t p = 2; p < op.params.size(); ++p)
    if (op.params[p]->hasCallerDefault())
      args.push_back(
          mlir::neve::StrConstantOp::create(b, l, diag->positionText(at)));
  auto call = mlir::func::CallOp::create(b, l, getFunc(&op, {}, args), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}
