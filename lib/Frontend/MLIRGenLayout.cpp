//===- MLIRGenLayout.cpp - Layouts, tiles and the tiled product -----------===//
//
// Layout values (§8.5) are SSA values of type `!layout.view<...>`: views of
// pointers (`layout.view`), smem arrays (`layout.smem`), register arrays
// (`layout.reg`) and tiles (`layout.tile`). A layout variable is bound to
// its value once (no slot: a view is not a storable scalar). `v[i, j]` is
// `layout.load`/`layout.store`, `v{i, j}` `layout.addr`; the §8.4
// tensor-core intrinsics on layout elements are the layout dialect's
// primitives (MLIRGenTensorCore.cpp), and `Z += X @ Y` with no user operator is `layout.matmul`
// (§8.6). `--lower-layouts` lowers all of it.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/IR/Matchers.h"

using namespace neve;
using namespace neve::mlirgen;

int64_t Generator::extentValue(const Extent &x) {
  if (x.kind == Extent::Kind::Const)
    return x.value;
  if (x.kind == Extent::Kind::Named && currentFn) {
    auto it = llvm::find(currentFn->ctimeParams, x.name);
    if (it != currentFn->ctimeParams.end())
      return currentCtime[it - currentFn->ctimeParams.begin()];
  }
  // A shape parameter bound to a constant extent (§8.5.6).
  if (x.kind == Extent::Kind::Named)
    if (Value v = shapeValues.lookup(x.name)) {
      mlir::IntegerAttr c;
      if (mlir::matchPattern(v, mlir::m_Constant(&c)))
        return c.getInt();
    }
  return mlir::ShapedType::kDynamic;
}

mlir::Type Generator::convertLayout(const Type *t) {
  llvm::SmallVector<int64_t> shape;
  for (const Extent &x : t->getExtents())
    shape.push_back(extentValue(x));
  mlir::layout::MemorySpace space =
      t->getSpace() == MemSpace::Shared     ? mlir::layout::MemorySpace::shared
      : t->getSpace() == MemSpace::Register ? mlir::layout::MemorySpace::reg
                                            : mlir::layout::MemorySpace::global;
  return mlir::layout::ViewType::get(&ctx, shape, convert(t->getElement()),
                                     space);
}

Value Generator::emitLayoutNew(const LayoutNewExpr &e) {
  mlir::Location l = loc(e.getLoc());
  auto type = llvm::cast<mlir::layout::ViewType>(convertLayout(e.type));
  if (!e.base) {
    if (type.getSpace() == mlir::layout::MemorySpace::shared)
      return mlir::layout::SmemOp::create(b, l, type, mlir::IntegerAttr());
    return mlir::layout::RegOp::create(b, l, type);
  }
  llvm::SmallVector<Value> extents;
  for (auto [j, d] : llvm::enumerate(type.getShape())) {
    if (!mlir::ShapedType::isDynamic(d))
      continue;
    const Expr *x = j < e.extentExprs.size() ? e.extentExprs[j].get() : nullptr;
    assert(x && "run-time extent without its expression (Sema)");
    extents.push_back(layoutIndex(*x));
  }
  return mlir::layout::ViewOp::create(b, l, type, emitExpr(*e.base), extents);
}

Value Generator::layoutIndex(const Expr &x) {
  mlir::Location l = loc(x.getLoc());
  return mlir::arith::IndexCastOp::create(b, l, b.getIndexType(),
                                          toIndex(emitExpr(x), x.type, l));
}

llvm::SmallVector<Value> Generator::emitCoords(llvm::ArrayRef<ExprPtr> exprs) {
  llvm::SmallVector<Value> coords;
  for (auto &x : exprs)
    coords.push_back(layoutIndex(*x));
  return coords;
}

Value Generator::emitTile(const SelectExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value src = emitExpr(*e.base);
  llvm::SmallVector<int64_t> sizes;
  llvm::SmallVector<Value> dynamic;
  // Extents written as constants (or compile-time parameters) are static.
  llvm::ArrayRef<Extent> extents = e.type->getExtents();
  for (auto [j, x] : llvm::enumerate(e.braces)) {
    int64_t c = j < extents.size() ? extentValue(extents[j])
                                   : mlir::ShapedType::kDynamic;
    sizes.push_back(c);
    if (mlir::ShapedType::isDynamic(c))
      dynamic.push_back(layoutIndex(*x));
  }
  auto srcType = llvm::cast<mlir::layout::ViewType>(src.getType());
  return mlir::layout::TileOp::create(b, l, srcType.withShape(sizes), src,
                                      dynamic, b.getDenseI64ArrayAttr(sizes),
                                      emitCoords(e.coords));
}

Value Generator::emitSelect(const SelectExpr &e) {
  if (e.isTile)
    return emitTile(e);
  return mlir::layout::AddrOp::create(
      b, loc(e.getLoc()), mlir::LLVM::LLVMPointerType::get(&ctx),
      emitExpr(*e.base), emitCoords(e.braces));
}

Value Generator::emitLayoutCorner(Value view, mlir::Location l) {
  Value zero = mlir::arith::ConstantIndexOp::create(b, l, 0);
  return mlir::layout::AddrOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx), view, mlir::ValueRange{zero});
}

Value Generator::emitLayoutLoad(const IndexExpr &e) {
  Value view = emitExpr(*e.base);
  llvm::SmallVector<Value> coords;
  for (auto &item : e.items)
    coords.push_back(layoutIndex(*item.index));
  return mlir::layout::LoadOp::create(b, loc(e.getLoc()), view, coords);
}

Value Generator::emitLayoutOffby(const BinaryExpr &e) {
  // `v offby k` (§5.3): the address k elements past the view's corner.
  mlir::Location l = loc(e.getLoc());
  Value corner = emitLayoutCorner(emitExpr(*e.lhs), l);
  Value k = toIndex(emitExpr(*e.rhs), e.rhs->type, l);
  return mlir::LLVM::GEPOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
      convert(e.lhs->type->getElement()), corner, mlir::ValueRange{k});
}

void Generator::emitLayoutAssign(const AssignStmt &as,
                                 const IndexExpr &target) {
  mlir::Location l = loc(target.getLoc());
  Value view = emitExpr(*target.base);
  llvm::SmallVector<Value> coords;
  for (auto &item : target.items)
    coords.push_back(layoutIndex(*item.index));
  Value value = emitExpr(*as.value);
  if (as.compound) {
    const Type *elemType = target.type;
    const Type *opType = as.value->type;
    Value cur = mlir::layout::LoadOp::create(b, l, view, coords);
    cur = convertValue(cur, elemType, opType, l);
    value = emitArith(*as.compound, cur, value, opType, l);
    value = convertValue(value, opType, elemType, l);
  }
  mlir::layout::StoreOp::create(b, l, value, view, coords);
}

namespace {
int64_t knob(const char *name, int64_t fallback) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return fallback;
  char *end = nullptr;
  long long n = std::strtoll(v, &end, 10);
  return end && *end == 0 && n > 0 ? n : fallback;
}
} // namespace

int64_t neve::matmulStages() { return knob("NEVE_MATMUL_STAGES", 3); }
int64_t neve::matmulBlockK() { return knob("NEVE_MATMUL_BLOCK_K", 64); }

void Generator::bindLayoutParams(const FuncDecl &fn, mlir::ValueRange args) {
  shapeValues.clear();
  for (auto [param, arg] : llvm::zip(fn.params, args)) {
    auto view = llvm::dyn_cast<mlir::layout::ViewType>(arg.getType());
    if (!view)
      continue;
    layoutVars[param.get()] = arg;
    // Each extent written as an identifier binds the argument's extent:
    // a constant of this specialization, or its run-time value.
    mlir::Location l = loc(param->loc);
    for (auto [i, x] : llvm::enumerate(param->type->getExtents())) {
      if (x.kind != Extent::Kind::Named || shapeValues.count(x.name) ||
          llvm::is_contained(fn.ctimeParams, x.name))
        continue;
      Value extent = mlir::layout::DimOp::create(b, l, b.getIndexType(), arg,
                                                 b.getI64IntegerAttr(i));
      int64_t d = view.getShape()[i];
      shapeValues[x.name] =
          mlir::ShapedType::isDynamic(d)
              ? Value(mlir::arith::IndexCastOp::create(b, l, b.getI32Type(),
                                                       extent))
              : Value(mlir::arith::ConstantOp::create(
                    b, l, b.getI32IntegerAttr(d)));
    }
  }
}

void Generator::emitAccumulate(const AssignStmt &as) {
  auto &product = llvm::cast<BinaryExpr>(*as.value);
  llvm::SmallVector<Value> args{emitExpr(*product.lhs), emitExpr(*product.rhs),
                                emitExpr(*as.targets[0])};
  mlir::func::CallOp::create(b, loc(as.getLoc()),
                             getFunc(as.accumulator, {}, args), args);
}

void Generator::emitBuiltinMatmul(const AssignStmt &as) {
  if (!supportsBuiltinMatmul(as))
    return;
  auto &product = llvm::cast<BinaryExpr>(*as.value);
  Value z = emitExpr(*as.targets[0]);
  Value x = emitExpr(*product.lhs);
  Value y = emitExpr(*product.rhs);
  mlir::layout::MatmulOp::create(b, loc(as.getLoc()), z, x, y,
                                 matmulStages(), matmulBlockK());
}
