//===- ElementwiseKernel.cpp - Recognising elementwise kernels ------------===//

#include "ElementwiseKernel.h"

#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::neve::fusion;

namespace {

/// v is index_cast(gpu.<Op> x) to i32.
template <typename GpuOp> bool isCastOf(Value v) {
  auto cast = v.getDefiningOp<arith::IndexCastOp>();
  if (!cast)
    return false;
  auto id = cast.getIn().getDefiningOp<GpuOp>();
  return id && id.getDimension() == gpu::Dimension::x;
}

bool isBlockOffset(Value v) {
  auto mul = v.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  return (isCastOf<gpu::BlockIdOp>(mul.getLhs()) &&
          isCastOf<gpu::BlockDimOp>(mul.getRhs())) ||
         (isCastOf<gpu::BlockDimOp>(mul.getLhs()) &&
          isCastOf<gpu::BlockIdOp>(mul.getRhs()));
}

/// v = block_id.x * block_dim.x + thread_id.x.
bool isGlobalIndex(Value v) {
  auto add = v.getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  return (isBlockOffset(add.getLhs()) &&
          isCastOf<gpu::ThreadIdOp>(add.getRhs())) ||
         (isBlockOffset(add.getRhs()) &&
          isCastOf<gpu::ThreadIdOp>(add.getLhs()));
}

bool isPure(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}


/// neve.divi, remi, ceildivi: their one effect is the error on a zero
/// divisor.
bool isCheckedDivision(Operation *op) {
  return isa<mlir::neve::DivIOp, mlir::neve::RemIOp, mlir::neve::CeilDivIOp>(op);
}

/// The index operand of a one-index llvm.getelementptr.
Value gepIndex(LLVM::GEPOp gep) {
  auto indices = gep.getIndices();
  if (indices.size() != 1)
    return Value();
  return llvm::dyn_cast_if_present<Value>(indices[0]);
}

} // namespace

std::optional<unsigned>
mlir::neve::fusion::gatheredParam(const ElementwiseKernel &k, Value address) {
  auto gep = address.getDefiningOp<LLVM::GEPOp>();
  if (!gep || gep->getBlock() != k.body)
    return std::nullopt;
  auto base = dyn_cast<BlockArgument>(gep.getBase());
  if (!base || base.getOwner() != k.entry || !gepIndex(gep))
    return std::nullopt;
  return base.getArgNumber();
}

std::optional<unsigned>
mlir::neve::fusion::addressedParam(const ElementwiseKernel &k, Value address) {
  std::optional<unsigned> p = gatheredParam(k, address);
  if (!p)
    return std::nullopt;
  Value i = gepIndex(address.getDefiningOp<LLVM::GEPOp>());
  auto ext = i.getDefiningOp<arith::ExtSIOp>();
  if (!ext || ext.getIn() != k.index)
    return std::nullopt;
  return p;
}

std::optional<ElementwiseKernel>
mlir::neve::fusion::analyzeElementwise(func::FuncOp func, bool allowGathers) {
  if (!func->hasAttr("neve.kernel") || func.isExternal() ||
      func.getBody().getBlocks().size() != 3)
    return std::nullopt;
  ElementwiseKernel k;
  k.func = func;
  k.entry = &func.getBody().front();
  auto branch = dyn_cast<cf::CondBranchOp>(k.entry->getTerminator());
  if (!branch || branch.getNumTrueOperands() || branch.getNumFalseOperands())
    return std::nullopt;
  k.body = branch.getTrueDest();
  k.exit = branch.getFalseDest();
  if (k.body == k.exit || k.body == k.entry || k.exit == k.entry)
    return std::nullopt;
  // exit: a bare return; body: ... br exit
  if (k.exit->getOperations().size() != 1 ||
      !isa<func::ReturnOp>(k.exit->front()) ||
      k.exit->front().getNumOperands() != 0)
    return std::nullopt;
  auto br = dyn_cast<cf::BranchOp>(k.body->getTerminator());
  if (!br || br.getDest() != k.exit || br.getNumOperands())
    return std::nullopt;
  // k < n with n a parameter
  auto cmp = branch.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt ||
      !isGlobalIndex(cmp.getLhs()))
    return std::nullopt;
  auto bound = dyn_cast<BlockArgument>(cmp.getRhs());
  if (!bound || bound.getOwner() != k.entry)
    return std::nullopt;
  k.boundParam = bound.getArgNumber();
  k.index = cmp.getLhs();
  for (Operation &op : k.entry->without_terminator())
    if (!isPure(&op))
      return std::nullopt;
  k.params.resize(func.getNumArguments());
  for (Operation &op : k.body->without_terminator()) {
    if (auto gep = dyn_cast<LLVM::GEPOp>(op)) {
      std::optional<unsigned> p = addressedParam(k, gep);
      if (!p && allowGathers) {
        // another index: loads only
        p = gatheredParam(k, gep);
        if (!p || !llvm::all_of(gep->getUsers(), [](Operation *u) {
              return isa<LLVM::LoadOp>(u);
            }))
          return std::nullopt;
        k.params[*p].gathered = true;
      }
      if (!p)
        return std::nullopt;
      ParamUse &use = k.params[*p];
      if (use.element && use.element != gep.getElemType())
        return std::nullopt;
      use.element = gep.getElemType();
      // the address serves loads and stores only, as their address
      for (OpOperand &u : gep->getUses()) {
        auto store = dyn_cast<LLVM::StoreOp>(u.getOwner());
        if (!(isa<LLVM::LoadOp>(u.getOwner()) ||
              (store && store.getAddr() == gep.getResult())))
          return std::nullopt;
      }
      continue;
    }
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      std::optional<unsigned> p = allowGathers
                                      ? gatheredParam(k, load.getAddr())
                                      : addressedParam(k, load.getAddr());
      if (!p || load.getVolatile_() || load.getOrdering() != LLVM::AtomicOrdering::not_atomic ||
          load.getType() != k.params[*p].element)
        return std::nullopt;
      k.params[*p].read = true;
      continue;
    }
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      std::optional<unsigned> p = addressedParam(k, store.getAddr());
      if (!p || store.getVolatile_() ||
          store.getOrdering() != LLVM::AtomicOrdering::not_atomic ||
          store.getValue().getType() != k.params[*p].element)
        return std::nullopt;
      k.params[*p].written = true;
      continue;
    }
    if (!isPure(&op) && !(allowGathers && isCheckedDivision(&op)))
      return std::nullopt;
  }
  // a gathered buffer is read only
  for (ParamUse &use : k.params)
    if (use.gathered && use.written)
      return std::nullopt;
  return k;
}
