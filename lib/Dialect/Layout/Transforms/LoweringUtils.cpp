//===- LoweringUtils.cpp - Helpers shared by the layout lowerings ---------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::layout;

MemRefType lowering::loweredType(MLIRContext *ctx, int64_t rank, Type element,
                               MemorySpace space) {
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  SmallVector<int64_t> strides(rank, ShapedType::kDynamic);
  strides.back() = 1;
  auto layout = StridedLayoutAttr::get(ctx, ShapedType::kDynamic, strides);
  Attribute memorySpace;
  if (space == MemorySpace::shared)
    memorySpace = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, element, layout, memorySpace);
}

Value lowering::cst(OpBuilder &b, Location l, int64_t v) {
  return arith::ConstantIndexOp::create(b, l, v);
}

Value lowering::castTo(OpBuilder &b, Location l, Value memref, MemRefType to) {
  if (memref.getType() == to)
    return memref;
  return memref::CastOp::create(b, l, to, memref);
}

Value lowering::mergeTrailing(OpBuilder &b, Location l, Value memref,
                            int64_t rank) {
  auto type = llvm::cast<MemRefType>(memref.getType());
  if (type.getRank() == rank)
    return memref;
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i + 1 < rank; ++i)
    groups.push_back({i});
  ReassociationIndices last;
  for (int64_t i = rank - 1; i < type.getRank(); ++i)
    last.push_back(i);
  groups.push_back(last);
  Value merged = memref::CollapseShapeOp::create(b, l, memref, groups);
  return castTo(b, l, merged,
                loweredType(b.getContext(), rank, type.getElementType(),
                            type.getMemorySpace()
                                ? MemorySpace::shared
                                : MemorySpace::global));
}

Value lowering::consecutive(OpBuilder &b, Location l, Value memref,
                          ValueRange indices, int64_t count) {
  auto type = llvm::cast<MemRefType>(memref.getType());
  Value view = mergeTrailing(b, l, memref, indices.size());
  auto meta = memref::ExtractStridedMetadataOp::create(b, l, view);
  Value offset = meta.getOffset();
  for (auto [i, stride] : llvm::zip(indices, meta.getStrides()))
    offset = arith::AddIOp::create(
        b, l, offset, arith::MulIOp::create(b, l, i, stride));
  auto layout = StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                                       {1});
  auto flat = MemRefType::get({count}, type.getElementType(), layout,
                              type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      b, l, flat, view, OpFoldResult(offset),
      ArrayRef<OpFoldResult>{b.getIndexAttr(count)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

Value lowering::dynamicSharedBuffer(OpBuilder &b, Location l, Type element,
                                    Value offset, int64_t count) {
  auto wg = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  Value dyn = gpu::DynamicSharedMemoryOp::create(
      b, l,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), wg));
  return memref::ViewOp::create(
      b, l, MemRefType::get({count}, element, MemRefLayoutAttrInterface(), wg),
      dyn, offset, ValueRange{});
}

Value lowering::sharedBuffer(OpBuilder &b, Operation *op, Type element,
                           int64_t count, StringRef prefix,
                           int64_t alignment) {
  Operation *tableOp = SymbolTable::getNearestSymbolTable(op->getParentOp());
  while (tableOp && !tableOp->hasTrait<OpTrait::SymbolTable>())
    tableOp = SymbolTable::getNearestSymbolTable(tableOp->getParentOp());
  MLIRContext *ctx = b.getContext();
  auto type = MemRefType::get(
      {count}, element, MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  // A fresh name: one allocation per occurrence (§8.5.2).
  std::string name = prefix.str();
  for (unsigned i = 0; SymbolTable::lookupSymbolIn(tableOp, name); ++i)
    name = (prefix + "_" + llvm::Twine(i)).str();
  memref::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&tableOp->getRegion(0).front());
    global = memref::GlobalOp::create(
        b, op->getLoc(), name, b.getStringAttr("private"), type,
        /*initial_value=*/b.getUnitAttr(), /*constant=*/false,
        /*alignment=*/b.getI64IntegerAttr(alignment));
  }
  return memref::GetGlobalOp::create(b, op->getLoc(), type,
                                     global.getSymName());
}

SmallVector<Value> lowering::fragmentRows(OpBuilder &b, Location l,
                                         Value frag) {
  int64_t n = llvm::cast<VectorType>(frag.getType()).getShape()[0];
  SmallVector<Value> rows;
  for (int64_t i = 0; i < n; ++i)
    rows.push_back(vector::ExtractOp::create(b, l, frag, ArrayRef<int64_t>{i}));
  return rows;
}

Value lowering::rowToWord(OpBuilder &b, Location l, Value row) {
  Value w = vector::BitCastOp::create(
      b, l, VectorType::get({1}, b.getI32Type()), row);
  return vector::ExtractOp::create(b, l, w, ArrayRef<int64_t>{0});
}

Value lowering::wordToRow(OpBuilder &b, Location l, Value word, Type half) {
  Value w = vector::FromElementsOp::create(
      b, l, VectorType::get({1}, b.getI32Type()), ValueRange{word});
  return vector::BitCastOp::create(b, l, VectorType::get({2}, half), w);
}

SmallVector<Value> lowering::mmaSync(OpBuilder &b, Location l,
                                     ArrayRef<Value> a, ArrayRef<Value> bRows,
                                     ArrayRef<Value> c) {
  Type in = llvm::cast<VectorType>(a[0].getType()).getElementType();
  Type f32 = b.getF32Type();
  SmallVector<Value> out;
  if (in.isF16()) {
    auto stack = [&](ArrayRef<Value> rows) -> Value {
      auto t = VectorType::get({(int64_t)rows.size(), 2}, in);
      Value v = arith::ConstantOp::create(
          b, l, t, DenseElementsAttr::get(t, b.getZeroAttr(in)));
      for (auto [i, r] : llvm::enumerate(rows))
        v = vector::InsertOp::create(b, l, r, v,
                                     ArrayRef<int64_t>{(int64_t)i});
      return v;
    };
    auto ct = VectorType::get({2, 2}, f32);
    Value acc = arith::ConstantOp::create(
        b, l, ct, DenseElementsAttr::get(ct, b.getF32FloatAttr(0)));
    for (int64_t i = 0; i < 4; ++i)
      acc = vector::InsertOp::create(b, l, c[i], acc,
                                     ArrayRef<int64_t>{i / 2, i % 2});
    Value d = nvgpu::MmaSyncOp::create(b, l, stack(a), stack(bRows), acc,
                                       b.getI64ArrayAttr({16, 8, 16}));
    for (int64_t i = 0; i < 4; ++i)
      out.push_back(
          vector::ExtractOp::create(b, l, d, ArrayRef<int64_t>{i / 2, i % 2}));
    return out;
  }
  SmallVector<Value> wa, wb;
  for (Value r : a)
    wa.push_back(rowToWord(b, l, r));
  for (Value r : bRows)
    wb.push_back(rowToWord(b, l, r));
  auto res = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                              SmallVector<Type>(4, f32));
  OperationState state(l, NVVM::MmaOp::getOperationName());
  NVVM::MmaOp::build(b, state, res, wa, wb, c, {16, 8, 16}, std::nullopt,
                     std::nullopt,
                     std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                                   NVVM::MMATypes::bf16},
                     std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                                    NVVM::MMALayout::col});
  Value d = b.create(state)->getResult(0);
  for (int64_t i = 0; i < 4; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, l, d, ArrayRef<int64_t>{i}));
  return out;
}
