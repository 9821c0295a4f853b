//===- MLIRGenTensorCore.cpp - Asynchronous copies, ldmatrix and mma ------===//
//
// The tensor-core intrinsics of §8.4 in their two forms. When every operand
// is an element of a layout (`v{i, j}`, or a tile or layout standing for its
// corner, §8.5.5) they are the layout dialect's primitives, which
// `--lower-layouts` lowers (so are the group commits and waits, always).
// With a plain `T[]` operand they take the address form: generic pointers
// cast to the shared (3) and global (1) address spaces the NVVM ops take;
// register fragments are loaded from and stored to the consecutive
// elements of the register storage.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace neve;
using namespace neve::mlirgen;

namespace {
/// `v{i, j}` on a layout: an element address (§8.5.5).
const SelectExpr *layoutElement(const Expr &e) {
  auto *sel = llvm::dyn_cast<SelectExpr>(&e);
  return sel && !sel->isTile && sel->base->type &&
                 sel->base->type->is(Type::Kind::Layout)
             ? sel
             : nullptr;
}

bool isLayoutOperand(const Expr &e) {
  return layoutElement(e) || (e.type && e.type->is(Type::Kind::Layout));
}

/// Whether the layout form applies: every operand is a layout element.
bool allLayoutOperands(const CallExpr &e) {
  return llvm::all_of(e.args,
                      [](const Arg &a) { return isLayoutOperand(*a.value); });
}
} // namespace

std::pair<Value, llvm::SmallVector<Value>>
Generator::emitLayoutOperand(const Expr &e) {
  if (const SelectExpr *sel = layoutElement(e))
    return {emitExpr(*sel->base), emitCoords(sel->braces)};
  llvm::SmallVector<Value> zero{
      mlir::arith::ConstantIndexOp::create(b, loc(e.getLoc()), 0)};
  return {emitExpr(e), zero};
}

llvm::SmallVector<std::pair<Value, llvm::SmallVector<Value>>>
Generator::emitLayoutOperands(const CallExpr &e) {
  llvm::SmallVector<std::pair<Value, llvm::SmallVector<Value>>> ops;
  for (auto &a : e.args)
    ops.push_back(emitLayoutOperand(*a.value));
  return ops;
}

llvm::SmallVector<Value> Generator::emitIntrinsicArgs(const CallExpr &e) {
  llvm::SmallVector<Value> args;
  for (auto &a : e.args) {
    Value v = emitExpr(*a.value);
    // A layout or tile passed as an address: its corner (§8.5.5).
    if (llvm::isa<mlir::layout::ViewType>(v.getType()))
      v = emitLayoutCorner(v, loc(a.value->getLoc()));
    args.push_back(v);
  }
  return args;
}

Value Generator::toAddressSpace(Value p, unsigned space, mlir::Location l) {
  return mlir::LLVM::AddrSpaceCastOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx, space), p);
}

Value Generator::elementAt(Value base, mlir::Type t, int64_t i,
                           mlir::Location l) {
  Value k = mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(), i);
  return mlir::LLVM::GEPOp::create(b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
                                   t, base, mlir::ValueRange{k});
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

Value Generator::emitCpAsync16(const CallExpr &e, mlir::Location l) {
  if (allLayoutOperands(e)) {
    auto ops = emitLayoutOperands(e);
    mlir::layout::CpAsync16Op::create(b, l, ops[0].first, ops[0].second,
                                      ops[1].first, ops[1].second,
                                      /*validElements=*/Value());
    return nullptr;
  }
  auto args = emitIntrinsicArgs(e);
  mlir::NVVM::CpAsyncOp::create(
      b, l, toAddressSpace(args[0], 3, l), toAddressSpace(args[1], 1, l),
      b.getI32IntegerAttr(16),
      mlir::NVVM::LoadCacheModifierKindAttr::get(
          &ctx, mlir::NVVM::LoadCacheModifierKind::CG),
      /*cpSize=*/Value());
  return nullptr;
}

Value Generator::emitCpCommitGroup(const CallExpr &, mlir::Location l) {
  mlir::layout::CpCommitGroupOp::create(b, l);
  return nullptr;
}

Value Generator::emitCpWaitAll(const CallExpr &, mlir::Location l) {
  // The pending copies not yet in a group count too.
  mlir::layout::CpCommitGroupOp::create(b, l);
  mlir::layout::CpWaitGroupOp::create(b, l, 0);
  return nullptr;
}

Value Generator::emitCpWaitGroup(const CallExpr &e, mlir::Location l) {
  mlir::IntegerAttr c;
  Value n = emitExpr(*e.args[0].value);
  int64_t pending = 0;
  if (mlir::matchPattern(n, mlir::m_Constant(&c)))
    pending = c.getInt();
  mlir::layout::CpWaitGroupOp::create(b, l, pending);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// ldmatrix and mma
//===----------------------------------------------------------------------===//

template <int count, bool transpose>
Value Generator::emitLdmatrix(const CallExpr &e, mlir::Location l) {
  if (allLayoutOperands(e)) {
    auto ops = emitLayoutOperands(e);
    mlir::layout::LdMatrixOp::create(b, l, ops[0].first, ops[0].second,
                                     ops[1].first, ops[1].second, count,
                                     transpose);
    return nullptr;
  }
  auto args = emitIntrinsicArgs(e);
  mlir::Type i32 = b.getI32Type();
  llvm::SmallVector<mlir::Type> fields(count, i32);
  auto res = mlir::LLVM::LLVMStructType::getLiteral(&ctx, fields);
  Value frag = mlir::NVVM::LdMatrixOp::create(
      b, l, res, toAddressSpace(args[1], 3, l), b.getI32IntegerAttr(count),
      mlir::NVVM::MMALayoutAttr::get(&ctx, transpose
                                               ? mlir::NVVM::MMALayout::col
                                               : mlir::NVVM::MMALayout::row),
      mlir::NVVM::LdStMatrixShapeAttr::get(&ctx, 8, 8),
      mlir::NVVM::LdStMatrixEltTypeAttr::get(
          &ctx, mlir::NVVM::LdStMatrixEltType::B16));
  for (int i = 0; i < count; ++i)
    mlir::LLVM::StoreOp::create(
        b, l, mlir::LLVM::ExtractValueOp::create(b, l, frag, i),
        elementAt(args[0], i32, i, l));
  return nullptr;
}
template Value Generator::emitLdmatrix<4, false>(const CallExpr &,
                                                 mlir::Location);
template Value Generator::emitLdmatrix<2, false>(const CallExpr &,
                                                 mlir::Location);
template Value Generator::emitLdmatrix<4, true>(const CallExpr &,
                                                mlir::Location);
template Value Generator::emitLdmatrix<2, true>(const CallExpr &,
                                                mlir::Location);

Value Generator::emitMma16x8x16(const CallExpr &e, mlir::Location l) {
  // Fragments of int hold bf16 pairs unless a half fragment says otherwise.
  auto isHalf = [&](int i) {
    const Type *t = e.args[i].value->type->getElement();
    return t && t->is(Type::Kind::Half);
  };
  if (allLayoutOperands(e)) {
    auto ops = emitLayoutOperands(e);
    mlir::Type in = isHalf(1) || isHalf(2) ? mlir::Type(b.getF16Type())
                                           : mlir::Type(b.getBF16Type());
    mlir::layout::MmaOp::create(b, l, ops[0].first, ops[0].second,
                                ops[1].first, ops[1].second, ops[2].first,
                                ops[2].second, in);
    return nullptr;
  }
  // D = A·B + D with bf16 (or half) inputs and float accumulators: the
  // PTX instruction itself, on the fragments' registers.
  auto args = emitIntrinsicArgs(e);
  mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
  bool half = isHalf(1);
  llvm::SmallVector<Value> ops;
  for (int i = 0; i < 4; ++i)
    ops.push_back(
        mlir::LLVM::LoadOp::create(b, l, i32, elementAt(args[1], i32, i, l)));
  for (int i = 0; i < 2; ++i)
    ops.push_back(
        mlir::LLVM::LoadOp::create(b, l, i32, elementAt(args[2], i32, i, l)));
  for (int i = 0; i < 4; ++i)
    ops.push_back(
        mlir::LLVM::LoadOp::create(b, l, f32, elementAt(args[0], f32, i, l)));
  std::string in = half ? "f16" : "bf16";
  std::string text = "mma.sync.aligned.m16n8k16.row.col.f32." + in + "." +
                     in + ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, "
                     "{$8, $9}, {$10, $11, $12, $13};";
  auto res = mlir::LLVM::LLVMStructType::getLiteral(
      &ctx, llvm::SmallVector<mlir::Type>(4, f32));
  Value d = mlir::LLVM::InlineAsmOp::create(
                b, l, res, ops, b.getStringAttr(text),
                b.getStringAttr("=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"),
                /*has_side_effects=*/nullptr, /*is_align_stack=*/nullptr,
                mlir::LLVM::TailCallKindAttr::get(
                    &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
                /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
                .getResult(0);
  for (int i = 0; i < 4; ++i)
    mlir::LLVM::StoreOp::create(
        b, l, mlir::LLVM::ExtractValueOp::create(b, l, d, i),
        elementAt(args[0], f32, i, l));
  return nullptr;
}
