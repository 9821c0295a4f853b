//===- MLIRGenValue.cpp - nil, tuples, function values and any ------------===//
//
// The values that are not containers or objects: `nil` of every reference
// type and nil tests (§4.7), identity equality, tuples (§3.1, §6.2),
// `Function<R, A...>` values (§3.3, with upstream func.constant and
// func.call_indirect) and the `any` box (§4.5).
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include <optional>

using namespace neve;
using namespace neve::mlirgen;

namespace {
using K = Type::Kind;

/// Types whose values are one nullable reference that MLIRGen can produce.
bool isRefType(const Type *t) {
  return t->is(K::Str) || t->is(K::Array) || t->is(K::Map) ||
         t->is(K::Class) || t->is(K::Any) || t->is(K::Function) ||
         t->isPointerLike();
}

/// The constant integer value of a tuple index (as Sema's constantInt).
std::optional<int64_t> constantIndex(const Expr &e) {
  if (auto *i = llvm::dyn_cast<IntLitExpr>(&e))
    return static_cast<int64_t>(i->value);
  if (auto *c = llvm::dyn_cast<CastExpr>(&e))
    return c->isImplicit ? constantIndex(*c->operand) : std::nullopt;
  if (auto *u = llvm::dyn_cast<UnaryExpr>(&e))
    if (u->op == UnaryOp::Neg)
      if (std::optional<int64_t> v = constantIndex(*u->operand))
        return -*v;
  return std::nullopt;
}
} // namespace

Value Generator::emitNull(const Type *t, mlir::Location l) {
  return mlir::neve::NullOp::create(b, l, convert(t));
}

Value Generator::emitValueDefault(const Type *t, mlir::Location l) {
  // §4.6: the tuple of element defaults; nil for classes, any, Function.
  if (t->is(K::Tuple)) {
    llvm::SmallVector<Value> elems;
    for (const Type *m : t->getMembers())
      elems.push_back(defaultValue(m, l));
    return mlir::neve::TupleMakeOp::create(b, l, elems);
  }
  if (t->is(K::Class) || t->is(K::Any) || t->is(K::Function) ||
      t->isPointerLike())
    return emitNull(t, l);
  return nullptr;
}

Value Generator::emitRefConversion(Value v, const Type *from, const Type *to,
                                   mlir::Location l) {
  // nil converts to every reference type (§4.5).
  if (from->is(K::Nil) && to->isNullable())
    return emitNull(to, l);
  // A reference converts to `any`, boxed with its dynamic type.
  if (to->is(K::Any) && isRefType(from))
    return mlir::neve::AnyBoxOp::create(b, l, v, from->str(/*symbols=*/true));
  // `any` converts back to a reference type, checked at run time.
  if (from->is(K::Any) && isRefType(to))
    return mlir::neve::AnyCastOp::create(b, l, convert(to), v,
                                         to->str(/*symbols=*/true));
  return nullptr;
}

//===----------------------------------------------------------------------===//
// nil tests and equality
//===----------------------------------------------------------------------===//

Value Generator::emitNilTest(const UnaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  if (e.operand->type->is(K::Nil))
    return mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
  Value v = emitExpr(*e.operand);
  return mlir::neve::IsNilOp::create(b, l, v);
}

bool Generator::isValueEquality(const BinaryExpr &e) {
  const Type *ot = e.operandType;
  return (e.op == BinaryOp::Eq || e.op == BinaryOp::Ne) && ot &&
         !e.opFunc &&
         (ot->is(K::Tuple) || ot->is(K::Nil) ||
          (ot->isNullable() && !ot->is(K::Str)));
}

Value Generator::emitEquality(Value lhs, Value rhs, const Type *t,
                              mlir::Location l) {
  namespace arith = mlir::arith;
  if (t->is(K::Nil))
    return arith::ConstantOp::create(b, l, b.getBoolAttr(true));
  if (t->is(K::Str))
    return mlir::neve::StrEqOp::create(b, l, lhs, rhs);
  if (t->is(K::Tuple)) {
    // Element by element (§4.7); all elements are compared.
    Value all;
    for (auto [i, m] : llvm::enumerate(t->getMembers())) {
      Value a = mlir::neve::TupleGetOp::create(b, l, lhs, i);
      Value c = mlir::neve::TupleGetOp::create(b, l, rhs, i);
      Value eq = emitEquality(a, c, m, l);
      all = all ? (Value)arith::AndIOp::create(b, l, all, eq) : eq;
    }
    return all;
  }
  if (t->is(K::Array))
    return mlir::func::CallOp::create(b, l, arrayEqualityFunc(t, l),
                                      mlir::ValueRange{lhs, rhs})
        .getResult(0);
  // Class objects, maps, channels, any and function values: identity.
  if (t->isNullable())
    return mlir::neve::RefEqOp::create(b, l, lhs, rhs);
  if (t->isFloat())
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                 widenStorageFloat(lhs, l),
                                 widenStorageFloat(rhs, l));
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, lhs, rhs);
}

mlir::func::FuncOp Generator::arrayEqualityFunc(const Type *t,
                                                mlir::Location l) {
  // One private function per array type, `neve.eq.array_int`: the same
  // array (or both nil), else both non-nil, the same size and equal
  // elements, compared by emitEquality (§4.7).
  std::string symbol = "neve.eq." + t->mangled();
  if (auto fn = module.lookupSymbol<mlir::func::FuncOp>(symbol))
    return fn;
  namespace arith = mlir::arith;
  mlir::Type arrayType = convert(t), i1 = b.getI1Type(), i64 = b.getI64Type();
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto fn = mlir::func::FuncOp::create(
      b, l, symbol, b.getFunctionType({arrayType, arrayType}, {i1}));
  fn.setPrivate();
  mlir::Region &body = fn.getBody();
  mlir::Block *entry = fn.addEntryBlock();
  Value x = entry->getArgument(0), y = entry->getArgument(1);
  auto block = [&](llvm::ArrayRef<mlir::Type> args = {}) {
    mlir::Block *bb = b.createBlock(&body, body.end());
    for (mlir::Type a : args)
      bb->addArgument(a, l);
    return bb;
  };
  mlir::Block *notSame = block(), *sizes = block(), *header = block({i64}),
              *element = block(), *done = block({i1});
  auto flag = [&](bool v) -> Value {
    return arith::ConstantOp::create(b, l, b.getBoolAttr(v));
  };
  b.setInsertionPointToEnd(entry);
  Value same = mlir::neve::RefEqOp::create(b, l, x, y);
  mlir::cf::CondBranchOp::create(b, l, same, done, mlir::ValueRange{flag(true)},
                                 notSame, mlir::ValueRange{});
  b.setInsertionPointToEnd(notSame);
  Value eitherNil = arith::OrIOp::create(b, l, mlir::neve::IsNilOp::create(b, l, x),
                                         mlir::neve::IsNilOp::create(b, l, y));
  mlir::cf::CondBranchOp::create(b, l, eitherNil, done,
                                 mlir::ValueRange{flag(false)}, sizes,
                                 mlir::ValueRange{});
  b.setInsertionPointToEnd(sizes);
  Value n = mlir::neve::ArraySizeOp::create(b, l, x);
  Value sameSize = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, n,
                                         mlir::neve::ArraySizeOp::create(b, l, y));
  Value zero = arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0));
  mlir::cf::CondBranchOp::create(b, l, sameSize, header, mlir::ValueRange{zero},
                                 done, mlir::ValueRange{flag(false)});
  b.setInsertionPointToEnd(header);
  Value i = header->getArgument(0);
  Value more = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, n);
  mlir::cf::CondBranchOp::create(b, l, more, element, mlir::ValueRange{}, done,
                                 mlir::ValueRange{flag(true)});
  b.setInsertionPointToEnd(element);
  Value eq = emitEquality(mlir::neve::ArrayGetOp::create(b, l, x, i),
                          mlir::neve::ArrayGetOp::create(b, l, y, i),
                          t->getElement(), l);
  Value next = arith::AddIOp::create(
      b, l, i, arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1)));
  mlir::cf::CondBranchOp::create(b, l, eq, header, mlir::ValueRange{next}, done,
                                 mlir::ValueRange{flag(false)});
  b.setInsertionPointToEnd(done);
  mlir::func::ReturnOp::create(b, l, done->getArgument(0));
  return fn;
}

Value Generator::emitValueEquality(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value eq;
  if (e.operandType->is(K::Nil)) {
    // `nil == nil`: nothing to evaluate.
    eq = mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
  } else {
    Value lhs = emitExpr(*e.lhs);
    Value rhs = emitExpr(*e.rhs);
    eq = emitEquality(lhs, rhs, e.operandType, l);
  }
  if (e.op == BinaryOp::Eq)
    return eq;
  Value t = mlir::arith::ConstantOp::create(b, l, b.getBoolAttr(true));
  return mlir::arith::XOrIOp::create(b, l, eq, t);
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

Value Generator::emitTuple(const TupleExpr &e) {
  llvm::SmallVector<Value> elems;
  for (auto &x : e.elems)
    elems.push_back(emitExpr(*x));
  return mlir::neve::TupleMakeOp::create(b, loc(e.getLoc()), elems);
}

Value Generator::emitTupleIndex(const IndexExpr &e) {
  const Type *t = e.base->type;
  int64_t n = t->getMembers().size();
  int64_t k = *constantIndex(*e.items[0].index);
  if (k < 0)
    k += n;
  Value tuple = emitExpr(*e.base);
  return mlir::neve::TupleGetOp::create(b, loc(e.getLoc()), tuple, k);
}

void Generator::emitUnpack(const AssignStmt &as) {
  // `a, b = e` (§6.2): e first, then each target in order, each element
  // converted to its target's type and stored as `target = element` would
  // store it: a variable, a field, an element of an array, a map, a
  // pointer or a layout.
  mlir::Location l = loc(as.getLoc());
  for (auto &target : as.targets)
    if (auto *ix = llvm::dyn_cast<IndexExpr>(target.get());
        ix && !supportsIndex(*ix))
      return;
  Value tuple = emitExpr(*as.value);
  auto members = as.value->type->getMembers();
  for (auto [i, target] : llvm::enumerate(as.targets)) {
    mlir::Location tl = loc(target->getLoc());
    Value elem = mlir::neve::TupleGetOp::create(b, l, tuple, i);
    elem = convertValue(elem, members[i], target->type, tl);
    storeInto(*target, elem);
  }
}

void Generator::storeInto(const Expr &target, Value v) {
  mlir::Location l = loc(target.getLoc());
  if (auto *member = llvm::dyn_cast<MemberExpr>(&target)) {
    Value obj = emitExpr(*member->base);
    ensureClass(*member->base->type->getClass());
    mlir::neve::FieldSetOp::create(b, l, v, obj, member->field->name);
    return;
  }
  if (auto *ix = llvm::dyn_cast<IndexExpr>(&target)) {
    const Type *bt = ix->base->type;
    Value base = emitExpr(*ix->base);
    if (bt->is(Type::Kind::Layout)) {
      llvm::SmallVector<Value> coords;
      for (auto &item : ix->items)
        coords.push_back(layoutIndex(*item.index));
      mlir::layout::StoreOp::create(b, l, v, base, coords);
      return;
    }
    if (bt->is(Type::Kind::Map)) {
      Value key = emitExprAs(*ix->items[0].index, bt->getElement());
      mlir::neve::MapSetOp::create(b, l, v, base, key);
      return;
    }
    Value index =
        toIndex(emitExpr(*ix->items[0].index), ix->items[0].index->type, l);
    if (bt->is(Type::Kind::Array)) {
      mlir::neve::ArraySetOp::create(b, l, v, base, index);
      return;
    }
    // T[], T[N] and host buffers (§4.3).
    if (bt->is(Type::Kind::FixedArray))
      checkFixedIndex(index, bt, l);
    mlir::LLVM::StoreOp::create(b, l, v,
                                emitElementAddress(base, bt, index, l));
    return;
  }
  auto &name = llvm::cast<NameExpr>(target);
  mlir::memref::StoreOp::create(b, l, v, slotFor(*name.decl));
}

//===----------------------------------------------------------------------===//
// Function values
//===----------------------------------------------------------------------===//

Value Generator::emitFunctionRef(const NameExpr &e) {
  mlir::func::FuncOp fn = getFunc(e.func);
  return mlir::func::ConstantOp::create(b, loc(e.getLoc()),
                                        fn.getFunctionType(),
                                        mlir::FlatSymbolRefAttr::get(fn));
}

Value Generator::emitFunctionValueCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value callee = emitExpr(*e.callee);
  llvm::SmallVector<Value> args;
  for (auto &a : e.args)
    args.push_back(emitExpr(*a.value));
  // Calling nil is a runtime error at the call (§3.3).
  mlir::neve::NilCheckOp::create(b, l, callee,
                                 "call of a nil function value");
  auto call = mlir::func::CallIndirectOp::create(b, l, callee, args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

/// The strip of implicit conversions around a function name, or null.
static const NameExpr *functionName(const Expr &e) {
  const Expr *x = &e;
  while (auto *c = llvm::dyn_cast<CastExpr>(x))
    x = c->operand.get();
  auto *n = llvm::dyn_cast<NameExpr>(x);
  return n && n->ref == NameRef::Function ? n : nullptr;
}

bool Generator::isFunctionAdaptation(const CastExpr &c) {
  return c.type && c.type->is(K::Function) && c.operand->type &&
         c.operand->type->is(K::Function) && c.type != c.operand->type;
}

bool Generator::supportsFunctionConversion(const CastExpr &c) {
  // Adapting parameters to `any` makes a thunk, which needs the function
  // itself: a Function variable would need a closure.
  if (!isFunctionAdaptation(c) || functionName(*c.operand))
    return true;
  internalError(c.getLoc(), "converting a " + c.operand->type->str() + " value to " +
                         c.type->str());
  return false;
}

Value Generator::emitFunctionAdaptation(const CastExpr &c) {
  // §3.3: a function whose k-th parameter is a reference is accepted where
  // the Function type has `any`; the value is a thunk that converts each
  // such argument back from `any` (checked, §4.5) and calls the function.
  const NameExpr *name = functionName(*c.operand);
  assert(name && "supportsFunctionConversion admits function names only");
  const Type *to = c.type;
  mlir::func::FuncOp target = getFunc(name->func);
  mlir::Location l = loc(c.getLoc());
  // The return and parameter types follow from the function and the
  // positions adapted to `any`: `count.any.0`.
  std::string sym = (target.getSymName() + ".any").str();
  for (auto [i, p] : llvm::enumerate(to->getMembers().drop_front()))
    if (p != name->func->paramTypes[i])
      sym += "." + std::to_string(i);
  auto thunk = module.lookupSymbol<mlir::func::FuncOp>(sym);
  if (!thunk) {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    auto type = llvm::cast<mlir::FunctionType>(convert(to));
    thunk = mlir::func::FuncOp::create(b, l, sym, type);
    thunk.setPrivate();
    mlir::Block *body = thunk.addEntryBlock();
    b.setInsertionPointToStart(body);
    auto from = name->func->paramTypes;
    auto toParams = to->getMembers().drop_front();
    llvm::SmallVector<Value> args;
    // A wrong dynamic type is reported at the parameter that needs it.
    for (auto [i, arg] : llvm::enumerate(body->getArguments()))
      args.push_back(convertValue(arg, toParams[i], from[i],
                                  loc(name->func->params[i]->loc)));
    auto call = mlir::func::CallOp::create(b, l, target, args);
    mlir::func::ReturnOp::create(b, l, call.getResults());
  }
  return mlir::func::ConstantOp::create(b, l, thunk.getFunctionType(),
                                        mlir::FlatSymbolRefAttr::get(thunk));
}
