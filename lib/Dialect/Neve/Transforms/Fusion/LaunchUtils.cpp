//===- LaunchUtils.cpp - What launch-level fusion patterns share ----------===//

#include "LaunchUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::neve::fusion;


Alloc mlir::neve::fusion::allocKind(func::CallOp call) {
  return llvm::StringSwitch<Alloc>(call.getCallee())
      .Cases({"zeros_cuda", "ones_cuda", "cumalloc", "zeros_cuda_pool",
              "empty_cuda_pool", "ones_cuda_pool", "neve_gpu_malloc",
              "zeros_bf16_cuda", "empty_bf16_pool",
              "neve_gpu_arena_alloc"},
             Alloc::Removable)
      .Case("randu_cuda", Alloc::Kept)
      .Default(Alloc::None);
}

Alloc mlir::neve::fusion::allocKind(Value v) {
  auto call = v.getDefiningOp<func::CallOp>();
  return call && call.getNumResults() == 1 ? allocKind(call) : Alloc::None;
}

/// Operations a launch may be moved past: pure ones, allocations (a fresh
/// buffer is no one else's) and the runtime's context getter.
bool mlir::neve::fusion::movable(Operation *op) {
  if (op->getNumRegions() == 0 && isMemoryEffectFree(op))
    return true;
  auto call = dyn_cast<func::CallOp>(op);
  return call && (call.getCallee() == "neve_context" ||
                  allocKind(call) != Alloc::None);
}

/// The value \p v is computed from (through address arithmetic and casts).
Value mlir::neve::fusion::rootOf(Value v) {
  for (;;) {
    Operation *def = v.getDefiningOp();
    if (auto gep = dyn_cast_or_null<LLVM::GEPOp>(def))
      v = gep.getBase();
    else if (auto cast = dyn_cast_or_null<UnrealizedConversionCastOp>(def);
             cast && cast->getNumOperands() == 1)
      v = cast->getOperand(0);
    else
      return v;
  }
}

/// p and q never overlap: one is a fresh allocation the other does not
/// come from.
bool mlir::neve::fusion::disjoint(Value p, Value q) {
  if (p == q)
    return false;
  if (allocKind(p) != Alloc::None && rootOf(q) != p)
    return true;
  return allocKind(q) != Alloc::None && rootOf(p) != q;
}

bool mlir::neve::fusion::sameInt(Value a, Value b) {
  if (a == b)
    return true;
  APInt x, y;
  return matchPattern(a, m_ConstantInt(&x)) &&
         matchPattern(b, m_ConstantInt(&y)) && x == y;
}

bool mlir::neve::fusion::isOne(Value v) {
  APInt x;
  return matchPattern(v, m_ConstantInt(&x)) && x == 1;
}

bool mlir::neve::fusion::isZero(Value v) {
  APInt x;
  return matchPattern(v, m_ConstantInt(&x)) && x.isZero();
}

/// Erases the operations of \p block that nothing uses and that have no
/// effect, last first.
void mlir::neve::fusion::eraseDead(Block &block, RewriterBase &rewriter) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
}

/// An earlier fused kernel of the same kernels (\p name, or name_N that
/// the symbol table made of it) with the same parameters and body serves
/// instead of \p fused, which goes.
func::FuncOp mlir::neve::fusion::reuseIdentical(func::FuncOp fused, StringRef name,
                            SymbolTable &symbols, RewriterBase &rewriter) {
  for (unsigned n = 0;; ++n) {
    std::string candidate =
        n == 0 ? name.str() : (name + "_" + std::to_string(n - 1)).str();
    auto other = symbols.lookup<func::FuncOp>(candidate);
    if (!other)
      return fused;
    if (other != fused &&
        other.getFunctionType() == fused.getFunctionType() &&
        OperationEquivalence::isRegionEquivalentTo(
            &other.getBody(), &fused.getBody(),
            OperationEquivalence::IgnoreLocations)) {
      symbols.remove(fused);
      rewriter.eraseOp(fused);
      return other;
    }
  }
}

bool mlir::neve::fusion::isZeroAlloc(Value v) {
  auto call = v.getDefiningOp<func::CallOp>();
  return call && call.getNumResults() == 1 &&
         (call.getCallee() == "zeros_cuda" ||
          call.getCallee() == "zeros_cuda_pool");
}

neve::LaunchOp mlir::neve::fusion::launchJustBefore(LaunchOp op) {
  Operation *prev = op->getPrevNode();
  while (prev && !isa<LaunchOp>(prev) && movable(prev))
    prev = prev->getPrevNode();
  return dyn_cast_or_null<LaunchOp>(prev);
}

FusedKernel mlir::neve::fusion::createFusedKernel(
    LaunchOp first, LaunchOp second, func::FuncOp ka, func::FuncOp kb,
    func::FuncOp after, Location funcLoc, Location argLoc,
    SymbolTable &symbols, RewriterBase &rewriter) {
  FusedKernel out;
  for (ValueRange args : {first.getArgs(), second.getArgs()})
    for (Value v : args)
      if (out.indexOf.try_emplace(v, out.operands.size()).second)
        out.operands.push_back(v);
  SmallVector<Type> types;
  for (Value v : out.operands)
    types.push_back(v.getType());
  out.name = (ka.getSymName() + "__" + kb.getSymName()).str();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(after);
  out.func = func::FuncOp::create(rewriter, funcLoc, out.name,
                                  rewriter.getFunctionType(types, TypeRange()));
  out.func.setPrivate();
  out.func->setAttr("neve.kernel", rewriter.getUnitAttr());
  symbols.insert(out.func); // renames on a clash
  Region &region = out.func.getBody();
  out.entry = rewriter.createBlock(&region, region.end(), types,
                                   SmallVector<Location>(types.size(), argLoc));
  return out;
}

bool mlir::neve::fusion::onlyLaunchesAndFrees(
    Value v, LaunchOp first, LaunchOp second,
    SmallVectorImpl<Operation *> &frees) {
  return llvm::all_of(v.getUsers(), [&](Operation *u) {
    if (u == first.getOperation() || u == second.getOperation())
      return true;
    auto call = dyn_cast<func::CallOp>(u);
    if (call && call.getCallee() == "neve_gpu_free" &&
        call->getNumOperands() == 1 && call->getBlock() == second->getBlock() &&
        second->isBeforeInBlock(call)) {
      frees.push_back(call);
      return true;
    }
    return false;
  });
}
