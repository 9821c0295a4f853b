//===- MLIRGenObject.cpp - Classes, objects, methods and singletons -------===//
//
// A class becomes a `neve.class` symbol (its fields); `new C(args)` is
// `neve.new`, stores of the non-zero field defaults, then a call of the
// constructor `@C.ctor(self, args)`. Methods are functions `@C.m(self, …)`
// called after a nil check of the receiver. `$C` calls the class's
// `@C.$init` function through `neve.singleton`.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace neve;
using namespace neve::mlirgen;

bool neve::mlirgen::hasZeroDefault(const Type *t) {
  using K = Type::Kind;
  return !(t->is(K::Str) || t->is(K::Array) || t->is(K::Map) ||
           t->is(K::Channel) || t->is(K::Tuple));
}

void Generator::ensureClass(const ClassDecl &cls) {
  if (!declaredClasses.insert(&cls).second)
    return;
  llvm::SmallVector<mlir::Attribute> names, types;
  for (auto &f : cls.fields) {
    names.push_back(b.getStringAttr(f->name));
    // A T[N] field is stored inline (§4.3).
    types.push_back(mlir::TypeAttr::get(f->type->is(Type::Kind::FixedArray)
                                            ? fixedStorageType(f->type)
                                            : convert(f->type)));
  }
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  mlir::neve::ClassOp::create(b, loc(cls.loc), cls.type->getSymbol(),
                              b.getArrayAttr(names), b.getArrayAttr(types));
}

Value Generator::emitAlloc(const ClassDecl &cls, mlir::Location l) {
  ensureClass(cls);
  auto type = llvm::cast<mlir::neve::ObjectType>(convert(cls.type));
  Value obj = mlir::neve::NewOp::create(b, l, type);
  for (auto &f : cls.fields)
    if (!hasZeroDefault(f->type))
      mlir::neve::FieldSetOp::create(b, l, defaultValue(f->type, l), obj,
                                     f->name);
  return obj;
}

Value Generator::emitNew(const NewExpr &e) {
  mlir::Location l = loc(e.getLoc());
  const ClassDecl &cls = *e.type->getClass();
  Value obj = emitAlloc(cls, l);
  if (e.ctor) {
    llvm::SmallVector<Value> args{obj};
    for (auto &a : e.args)
      args.push_back(emitExpr(*a.value));
    mlir::func::CallOp::create(b, l, getFunc(e.ctor), args);
  }
  return obj;
}

Value Generator::emitFieldGet(const MemberExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value obj = emitExpr(*e.base);
  ensureClass(*e.base->type->getClass());
  if (e.type->is(Type::Kind::FixedArray))
    return mlir::neve::FieldAddrOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx), obj, e.field->name);
  return mlir::neve::FieldGetOp::create(b, l, convert(e.type), obj,
                                        e.field->name);
}

void Generator::emitFieldAssign(const AssignStmt &as, const MemberExpr &target) {
  mlir::Location l = loc(target.getLoc());
  Value obj = emitExpr(*target.base);
  ensureClass(*target.base->type->getClass());
  Value value = emitExpr(*as.value);
  if (target.type->is(Type::Kind::FixedArray)) {
    Value field = mlir::neve::FieldAddrOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx), obj,
        target.field->name);
    copyFixed(field, value, target.type, l);
    return;
  }
  if (as.compound) {
    Value cur = mlir::neve::FieldGetOp::create(b, l, convert(target.type), obj,
                                               target.field->name);
    value = emitCompound(as, cur, target.type, value);
  }
  mlir::neve::FieldSetOp::create(b, l, value, obj, target.field->name);
}

Value Generator::emitCompound(const AssignStmt &as, Value cur,
                              const Type *targetType, Value rhs) {
  mlir::Location l = loc(as.getLoc());
  if (as.compoundOp) {
    // `t += u` with a user operator rebinds t to the operator's result.
    const FuncDecl &op = *as.compoundOp;
    Value result = emitOperatorFuncCall(
        op, convertValue(cur, targetType, op.paramTypes[0], l),
        convertValue(rhs, as.value->type, op.paramTypes[1], l), l,
        as.getLoc());
    return convertValue(result, op.returnType, targetType, l);
  }
  if (targetType->is(Type::Kind::Str))
    return emitConcat(cur, rhs, as.value->type, l);
  const Type *opType = as.value->type;
  cur = convertValue(cur, targetType, opType, l);
  Value v = emitArith(*as.compound, cur, rhs, opType, l);
  return convertValue(v, opType, targetType, l);
}

Value Generator::emitMethodCall(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value recv = emitExpr(*e.receiver);
  mlir::neve::NilCheckOp::create(
      b, l, recv,
      "nil object: call of method '" + e.decl->name + "' on a nil " +
          e.decl->parent->name);
  llvm::SmallVector<Value> args{recv};
  for (auto &a : e.args)
    args.push_back(emitArg(a));
  auto call = mlir::func::CallOp::create(b, l, getFunc(e.decl), args);
  return call.getNumResults() ? call.getResult(0) : nullptr;
}

Value Generator::emitOperatorCall(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  const FuncDecl &op = *e.opFunc;
  Value lhs = emitExprAs(*e.lhs, op.paramTypes[0]);
  Value rhs = emitExprAs(*e.rhs, op.paramTypes[1]);
  return emitOperatorFuncCall(op, lhs, rhs, l, e.getLoc());
}

Value Generator::emitSingleton(const GlobalExpr &e) {
  mlir::Location l = loc(e.getLoc());
  const ClassDecl &cls = *e.cls;
  ensureClass(cls);
  auto type = convert(cls.type);
  std::string initName = cls.type->getSymbol().str() + ".$init";
  auto init = module.lookupSymbol<mlir::func::FuncOp>(initName);
  if (!init) {
    // @C.$init: allocate, default the fields, run the no-argument ctor.
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    mlir::Location cl = loc(cls.loc);
    init = mlir::func::FuncOp::create(b, cl, initName,
                                      b.getFunctionType({}, {type}));
    init.setPrivate();
    b.setInsertionPointToStart(init.addEntryBlock());
    Value obj = emitAlloc(cls, cl);
    if (cls.ctor) {
      // Sema checked that the constructor takes no arguments (or has
      // defaults for all); the defaults are literals (§3.2).
      llvm::SmallVector<Value> args{obj};
      for (auto &p : cls.ctor->params)
        // A `caller` default (§3.2): the singleton has no call site but
        // its class.
        args.push_back(p->hasCallerDefault()
                           ? mlir::neve::StrConstantOp::create(
                                 b, cl, diag->positionText(cls.loc))
                           : emitExprAs(*p->init, p->type));
      mlir::func::CallOp::create(b, cl, getFunc(cls.ctor.get()), args);
    }
    mlir::func::ReturnOp::create(b, cl, obj);
  }
  Value fn = mlir::func::ConstantOp::create(b, l, init.getFunctionType(),
                                            init.getSymName());
  return mlir::neve::SingletonOp::create(b, l, type, fn);
}
