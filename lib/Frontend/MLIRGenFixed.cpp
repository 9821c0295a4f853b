//===- MLIRGenFixed.cpp - Fixed arrays T[N] --------------------------------===//
//
// A fixed array `T[N]` (§4.3) is stored inline: a local's storage is an
// `llvm.alloca` of `!llvm.array<N x T>` in the entry block, a field's is
// inside the object (`neve.field_addr`). An expression of type T[N] is the
// address of its first element (an `!llvm.ptr`, which is also how it
// converts to `T[]`). Fixed arrays are values: declarations, assignments,
// arguments and results copy the N elements (the callee copies a parameter
// into its own storage on entry; a result is returned as the aggregate and
// stored by the caller). `a[i]` is checked against N (`neve.check_index`)
// and is a GEP, load or store.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace neve;
using namespace neve::mlirgen;

mlir::Type Generator::fixedStorageType(const Type *t) {
  return mlir::LLVM::LLVMArrayType::get(convert(t->getElement()),
                                        t->getCount());
}

Value Generator::fixedByteSize(const Type *t, mlir::Location l) {
  mlir::Type elem = convert(t->getElement());
  // An i1 (bool) element takes one byte in memory.
  int64_t bytes = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  return mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(),
                                        bytes * t->getCount());
}

Value Generator::allocaFixed(const Type *t, mlir::Location l) {
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entryBlock);
  Value one = mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(), 1);
  return mlir::LLVM::AllocaOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx), fixedStorageType(t), one);
}

void Generator::copyFixed(Value dst, Value src, const Type *t,
                          mlir::Location l) {
  // memmove: `a = a` copies onto itself.
  mlir::LLVM::MemmoveOp::create(b, l, dst, src, fixedByteSize(t, l),
                                b.getIntegerAttr(b.getI1Type(), 0));
}

void Generator::zeroFixed(Value dst, const Type *t, mlir::Location l) {
  Value zero = mlir::LLVM::ConstantOp::create(b, l, b.getI8Type(), 0);
  mlir::LLVM::MemsetOp::create(b, l, dst, zero, fixedByteSize(t, l),
                               b.getIntegerAttr(b.getI1Type(), 0));
}

Value Generator::materializeFixed(Value aggregate, const Type *t,
                                  mlir::Location l) {
  Value storage = allocaFixed(t, l);
  mlir::LLVM::StoreOp::create(b, l, aggregate, storage);
  return storage;
}

Value Generator::loadFixed(Value addr, const Type *t, mlir::Location l) {
  return mlir::LLVM::LoadOp::create(b, l, fixedStorageType(t), addr);
}

void Generator::checkFixedIndex(Value index, const Type *t, mlir::Location l) {
  mlir::neve::CheckIndexOp::create(b, l, index, t->getCount());
}
